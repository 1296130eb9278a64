"""Issue 19: never a result on the wrong game, through the TD API and the TD pages.

Table numbers are fixed when a round is paired: a late entry during round 1 and a
correction of round 1 while a phone holds round 2 leave every table number as the phone
saw it, and a write naming a game its table no longer holds is refused (409). An undo
names what it cancels and never cancels an assistant's result entered after the
director's page was drawn. Standings say which results they count. An undecided final
cannot be submitted, "start the finals" needs a round, "0-0" is refused and the same
result sent twice is stored once. Every POST of the pages answers with a redirect.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ratinglist.formats.elo import parse_elo
from ratinglist.service.actor import Actor
from ratinglist.service.intake import show, upload
from ratinglist.service.tournaments.log import loaded, write
from ratinglist.tournament.fold import apply
from ratinglist.tournament.games.othello.events import ResultCorrected
from ratinglist.tournament.games.othello.finals import UNDECIDED_FINAL
from ratinglist.tournament.games.othello.planning import next_pairing
from ratinglist.tournament.games.othello.tables import board_order
from tests.conftest import handle, number_of
from tests.server.fixtures import PASSWORD, PLAYER_IDS, Signed, sign_in

Tables = dict[int, tuple[int, int]]


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _tournament(director: Signed, players: tuple[int, ...] = PLAYER_IDS) -> int:
    made = _json(
        director.post(
            "/api/v1/td/tournaments",
            {"name": "Integrity Open", "country": "France", "start_date": "2026-11-21",
             "rounds": 3, "system": "swiss", "seed": 7},
        ),
        201,
    )  # fmt: skip
    tid = int(made["id"])
    _json(
        director.post(
            f"/api/v1/td/tournaments/{tid}/players", {"players": list(map(str, players))}
        ),
        201,
    )
    return tid


def _tables(client: TestClient, tid: int, number: int) -> Tables:
    view = _json(client.get(f"/api/v1/td/tournaments/{tid}/rounds/{number}"), 200)
    return {t["table"]: (t["black"]["id"], t["white"]["id"]) for t in view["tables"]}


def _seq(client: TestClient, tid: int) -> int:
    return int(_json(client.get(f"/api/v1/live/{tid}/seq"), 200)["seq"])


def _fill(who: Signed, tid: int, number: int, tables: Tables) -> None:
    for table, (black, white) in tables.items():
        score = "40-24" if table % 2 else "24-40"
        body = {"round": number, "table": table, "black": black, "white": white, "score": score}
        _json(who.post(f"/api/v1/td/tournaments/{tid}/results", body), 201)


@pytest.mark.both_backends
def test_fixed_tables_survive_late_entry_and_correction_and_a_stale_write_is_refused(
    app_client: TestClient,
) -> None:
    director = sign_in(app_client, "director")
    tid = _tournament(director, PLAYER_IDS[:14])
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    round_1 = _tables(app_client, tid, 1)
    # late entries during round 1 (they play from round 2): round 1 keeps every table
    late = {"players": [str(PLAYER_IDS[14]), str(PLAYER_IDS[15])]}
    assert (
        _json(director.post(f"/api/v1/td/tournaments/{tid}/players", late), 201)["entrants"] == 16
    )
    assert _tables(app_client, tid, 1) == round_1
    _fill(director, tid, 1, round_1)
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    # a phone draws round 2
    phone_seq = _seq(app_client, tid)
    phone = _tables(app_client, tid, 2)
    slips = app_client.get(f"/api/v1/td/tournaments/{tid}/slips").text
    assert "round 2 - table 8" in slips
    # the director corrects every result of round 1 (all turned around): round 2 stays put
    for table, (black, white) in round_1.items():
        score = "24-40" if table % 2 else "40-24"
        body = {"round": 1, "black": black, "white": white, "score": score}
        _json(director.post(f"/api/v1/td/tournaments/{tid}/corrections", body), 201)
    assert _tables(app_client, tid, 2) == phone
    assert _tables(app_client, tid, 1) == round_1
    assert app_client.get(f"/api/v1/td/tournaments/{tid}/slips").text == slips
    # the phone's result, on its stale page, lands on the game it showed at table 4
    black, white = phone[4]
    body = {"round": 2, "table": 4, "black": black, "white": white, "score": "50-14",
            "based_on": phone_seq}  # fmt: skip
    stored = _json(director.post(f"/api/v1/td/tournaments/{tid}/results", body), 201)
    assert (stored["black"]["id"], stored["white"]["id"]) == (black, white)
    view = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/rounds/2"), 200)
    assert [t["result"] for t in view["tables"] if t["table"] == 4] == ["50-14"]
    # a write naming a game that table 5 does not hold: 409 with the current pairing
    seq = _seq(app_client, tid)
    wrong = {"round": 2, "table": 5, "black": phone[6][0], "white": phone[6][1], "score": "40-24"}
    refused = director.post(f"/api/v1/td/tournaments/{tid}/results", wrong)
    assert refused.status_code == 409, refused.text
    names = {t["black"]["id"]: t["black"]["name"] for t in view["tables"]} | {
        t["white"]["id"]: t["white"]["name"] for t in view["tables"]
    }
    message = refused.json()["error"]["message"]
    assert f"{names[phone[5][0]]} v {names[phone[5][1]]}" in message
    assert _seq(app_client, tid) == seq


def test_a_table_computed_by_an_old_log_that_moved_refuses_the_stale_write(
    server_url: str,
) -> None:
    """A pairing stored before tables were fixed keeps computed tables, which a correction
    of round 1 can move: the phone's write by table, based on the older log, is refused."""
    from ratinglist.errors import ConflictError
    from ratinglist.model.directed import NewSettings, ResultSpec
    from ratinglist.service.tournaments.actions import new_tournament, pair, register_players
    from ratinglist.service.tournaments.results import enter_result
    from ratinglist.service.tournaments.views import show_round

    actor = Actor.parse("web:director")
    settings = NewSettings("Old Log Open", "France", "2026-11-21", system="swiss", rounds=3, seed=3)
    tid = new_tournament(handle(server_url), settings, actor).id
    register_players(
        handle(server_url), number_of(handle(server_url), tid), [str(p) for p in PLAYER_IDS], actor
    )
    pair(handle(server_url), number_of(handle(server_url), tid), actor)
    for t in show_round(handle(server_url), tid, 1).tables:
        enter_result(handle(server_url), tid, ResultSpec("1", table=t.table, score="40-24"), actor)
    store = handle(server_url)
    base = loaded(store, number_of(store, tid))
    old, _ = next_pairing(base.folded)  # as stored before tables were fixed: none
    assert old.tables == ()
    write(store, base, [old], actor)
    d = loaded(store, number_of(store, tid)).folded
    phone = show_round(handle(server_url), tid, 2)
    # find a correction of round 1 that moves a game of round 2 to another table
    moved = None
    for p in d.play.state.rounds[0].pairings:
        assert p.result is not None
        fix = ResultCorrected("1", p.black, p.white, p.result.white_discs, p.result.black_discs)
        if board_order(apply(d, fix), 2) != board_order(d, 2):
            moved = p
            break
    assert moved is not None
    enter_result(
        handle(server_url), tid, ResultSpec("1", int(moved.black), int(moved.white), score="24-40"),
        actor, correction=True,
    )  # fmt: skip
    now = {t.table: (t.black.id, t.white.id) for t in show_round(handle(server_url), tid, 2).tables}
    before = {t.table: (t.black.id, t.white.id) for t in phone.tables}
    table = next(k for k in before if before[k] != now[k])
    try:
        enter_result(handle(server_url), tid, ResultSpec("2", table=table, score="40-24"), actor,
                     based_on=phone.seq)  # fmt: skip
    except ConflictError as exc:
        assert f"table {table} of round 2" in str(exc)
    else:
        raise AssertionError("the stale write by table was stored")
    assert all(t.result == "" for t in show_round(handle(server_url), tid, 2).tables)


@pytest.mark.both_backends
def test_undo_never_cancels_the_assistants_newer_result(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _tournament(director)
    _json(director.post(f"/api/v1/td/tournaments/{tid}/assistants", {"user": "assistant"}), 201)
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    tables = _tables(app_client, tid, 1)
    black, white = tables[1]
    body = {"round": 1, "table": 1, "black": black, "white": white, "score": "50-14"}
    _json(director.post(f"/api/v1/td/tournaments/{tid}/results", body), 201)
    pending = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/undo"), 200)
    assert pending["by"] == "director" and pending["what"].startswith("result 50-14 of round 1, ")
    with TestClient(app_client.app) as other:
        assistant = sign_in(other, "assistant")
        b2, w2 = tables[2]
        body = {"round": 1, "table": 2, "black": b2, "white": w2, "score": "33-31"}
        _json(assistant.post(f"/api/v1/td/tournaments/{tid}/results", body), 201)
    refused = director.post(f"/api/v1/td/tournaments/{tid}/undo", {"based_on": pending["based_on"]})
    assert refused.status_code == 409, refused.text
    assert "by assistant" in refused.json()["error"]["message"]
    view = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/rounds/1"), 200)
    results = {t["table"]: t["result"] for t in view["tables"]}
    assert results[1] == "50-14" and results[2] == "33-31"
    # drawn again, the undo names the assistant's result
    pending = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/undo"), 200)
    assert pending["by"] == "assistant" and pending["what"].startswith("result 33-31 of round 1")


def test_standings_label_the_results_they_count(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _tournament(director)
    base = f"/api/v1/td/tournaments/{tid}"
    before = _json(app_client.get(f"{base}/standings"), 200)
    assert (before["rounds"], before["progress"]) == (0, "before round 1")
    _json(director.post(f"{base}/rounds"), 201)
    tables = _tables(app_client, tid, 1)
    _fill(director, tid, 1, {k: tables[k] for k in (1, 2, 3, 4)})
    # a round counts once complete: 4 of 8 results in, nobody has a point yet
    for path in (f"{base}/standings", f"/api/v1/live/{tid}/standings"):
        s = _json(app_client.get(path), 200)
        assert (s["rounds"], s["progress"]) == (0, "round 1: 4 of 8 results in"), path
        assert {line["points"] for line in s["lines"]} == {0}
    live = _json(app_client.get(f"/api/v1/live/{tid}"), 200)
    assert live["standings"]["progress"] == "round 1: 4 of 8 results in"
    _fill(director, tid, 1, {k: tables[k] for k in (5, 6, 7, 8)})
    _json(director.post(f"{base}/rounds"), 201)
    _fill(director, tid, 2, {k: v for k, v in _tables(app_client, tid, 2).items() if k <= 3})
    s = _json(app_client.get(f"{base}/standings"), 200)
    assert (s["rounds"], s["progress"]) == (1, "after round 1; round 2: 3 of 8 results in")
    assert sorted(line["points"] for line in s["lines"]) == [0] * 8 + [1] * 8
    for page in (f"/td/{tid}/standings", f"/live/{tid}"):
        assert "after round 1; round 2: 3 of 8 results in" in app_client.get(page).text, page


def test_finals_checks_zero_zero_and_a_result_sent_twice(
    app_client: TestClient, server_url: str
) -> None:
    director = sign_in(app_client, "director")
    tid = _tournament(director)
    base = f"/api/v1/td/tournaments/{tid}"
    early = director.post(f"{base}/finals")
    assert early.status_code == 409 and "at least one round" in early.text
    _json(director.post(f"{base}/rounds"), 201)
    tables = _tables(app_client, tid, 1)
    black, white = tables[1]
    nil = director.post(f"{base}/results", {"round": 1, "table": 1, "score": "0-0"})
    assert nil.status_code == 400 and "0-0" in nil.text
    seq = _seq(app_client, tid)
    once = {"round": 1, "table": 1, "black": black, "white": white, "score": "40 24"}
    first = _json(director.post(f"{base}/results", once), 201)
    again = _json(director.post(f"{base}/results", once), 201)
    assert (first["repeated"], again["repeated"]) == (False, True)
    assert (again["black_discs"], again["white_discs"]) == (40, 24)
    assert _seq(app_client, tid) == seq + 1
    _fill(director, tid, 1, {k: v for k, v in tables.items() if k > 1})
    _json(director.post(f"{base}/finals"), 201)
    # play the finals: every game won by Black, so the final stands at 1-1 after F1, F2
    for _ in range(10):
        games = _json(app_client.get(f"/api/v1/live/{tid}"), 200)["finals"]["games"]
        due = [g for g in games if not g["result"] and g["stage"] != "F3"]
        if not due:
            break
        for g in due:
            body = {"round": g["stage"], "black": g["black"]["id"], "white": g["white"]["id"],
                    "score": "40-24"}  # fmt: skip
            _json(director.post(f"{base}/results", body), 201)
    games = _json(app_client.get(f"/api/v1/live/{tid}"), 200)["finals"]["games"]
    assert [g["stage"] for g in games if not g["result"]] == ["F3"]
    refused = director.post(f"{base}/submit")
    assert refused.status_code == 409 and "F3" in refused.text, refused.text
    # the file as it stands, sent by a federation, is diagnosed in the officer's queue
    text = app_client.get(f"{base}/export").text
    item = upload(handle(server_url), "integrity.elo", text.encode(), Actor.parse("web:director"))
    diagnostics = show(handle(server_url), item.id).diagnostics
    assert [d.code for d in diagnostics if d.code == UNDECIDED_FINAL] == [UNDECIDED_FINAL]
    assert not [d for d in parse_elo(text, "x.elo").diagnostics if d.code == UNDECIDED_FINAL]


def _form_sign_in(client: TestClient, user: str) -> str:
    form = client.get("/login?next=/td")
    token = re.search(r'name="csrf_token" value="([^"]+)"', form.text)
    assert token is not None
    data = {"username": user, "password": PASSWORD, "csrf_token": token.group(1), "next": "/td"}
    assert client.post("/login", data=data, follow_redirects=False).status_code == 303
    found = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/td").text)
    assert found is not None
    return found.group(1)


def test_pages_redirect_after_every_post_and_undo_asks_first(app_client: TestClient) -> None:
    csrf = _form_sign_in(app_client, "director")
    # a refused creation redirects too, and the form keeps what was typed
    form = {"csrf_token": csrf, "name": "Kept Open", "country": "France",
            "start_date": "2026-11-21", "rounds": "5", "system": "no such system"}  # fmt: skip
    refused = app_client.post("/td/new", data=form, follow_redirects=False)
    assert refused.status_code == 303 and refused.headers["location"] == "/td"
    home = app_client.get("/td")
    assert home.status_code == 400 and "no such system" in home.text
    assert 'value="Kept Open"' in home.text
    assert app_client.get("/td").status_code == 200  # shown once
    tid = _tournament(Signed(app_client, csrf))
    where = f"/td/{tid}"
    paired = app_client.post(f"{where}/pair", data={"csrf_token": csrf}, follow_redirects=False)
    assert paired.status_code == 303 and paired.headers["location"] == where
    shown = app_client.get(where)
    assert shown.status_code == 200 and "round 1 paired: 8 tables" in shown.text
    # a reload shows the page again; it does not pair round 2, and the message is gone
    seq = _seq(app_client, tid)
    again = app_client.get(where)
    assert "round 1 paired" not in again.text and _seq(app_client, tid) == seq
    # a refused action also redirects; a refused registration keeps the typed lines
    typed = "500001\nNOBODY AT ALL"
    refused = app_client.post(
        f"{where}/players", data={"csrf_token": csrf, "players": typed}, follow_redirects=False
    )
    assert refused.status_code == 303
    page = app_client.get(where)
    assert page.status_code == 400 and "NOBODY AT ALL" in page.text
    # (the name that matched nobody is offered as a new player, issue 31; the rest stays typed)
    assert "500001</textarea>" in page.text
    assert 'name="surname" maxlength="100" value="NOBODY AT"' in page.text
    # the address cannot forge a notice
    assert "forged" not in app_client.get(f"{where}?msg=forged").text
    # a result by the two disc fields, on a phone without a "-" key
    seq = int(re.findall(r'name="based_on" value="(\d+)"', page.text)[0])
    black, white = _tables(app_client, tid, 1)[1]
    form = {"csrf_token": csrf, "round": "1", "table": "1", "black": str(black),
            "white": str(white), "black_discs": "50", "white_discs": "14",
            "based_on": seq}  # fmt: skip
    entered = app_client.post(f"{where}/result", data=form)
    assert entered.status_code == 200 and "50-14" in entered.text
    # undo: the page's button names the action; posting without the confirmation asks first
    assert (
        "Undo: result 50-14 of round 1, " in entered.text and "entered by director" in entered.text
    )
    seq = _seq(app_client, tid)
    ask = app_client.post(
        f"{where}/undo", data={"csrf_token": csrf, "based_on": seq}, follow_redirects=False
    )
    assert ask.status_code == 303 and _seq(app_client, tid) == seq
    confirm = app_client.get(ask.headers["location"])
    assert confirm.status_code == 200 and "Undo: result 50-14 of round 1, " in confirm.text
    # the assistant enters a result meanwhile: the confirmation drawn before is refused
    with TestClient(app_client.app) as other:
        helper = sign_in(other, "admin")  # admins may enter results of any tournament
        b2, w2 = _tables(app_client, tid, 1)[2]
        body = {"round": 1, "table": 2, "black": b2, "white": w2, "score": "33-31"}
        _json(helper.post(f"/api/v1/td/tournaments/{tid}/results", body), 201)
    done = app_client.post(
        f"{where}/undo", data={"csrf_token": csrf, "based_on": seq, "confirm": "yes"}
    )
    assert done.status_code == 409
    results = {t: r for t, r in ((1, "50-14"), (2, "33-31"))}
    view = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/rounds/1"), 200)
    assert {t["table"]: t["result"] for t in view["tables"] if t["table"] in results} == results
    stale = app_client.get(f"{where}/undo?based_on={seq}")
    assert stale.status_code == 409 and 'id="confirm"' not in stale.text
    # withdraw asks first too
    ask = app_client.post(
        f"{where}/withdraw", data={"csrf_token": csrf, "player": str(black)}, follow_redirects=False
    )
    assert ask.status_code == 303 and _seq(app_client, tid) == seq + 1
    assert "Yes, withdraw" in app_client.get(ask.headers["location"]).text


def test_a_write_by_table_across_a_new_pairing_of_its_round_is_refused(server_url: str) -> None:
    """Fixed tables move only when the round is paired again (undo, pair): a write by table
    based on the page drawn before is refused, whatever the table holds now."""
    from ratinglist.errors import ConflictError
    from ratinglist.model.directed import NewSettings, ResultSpec
    from ratinglist.service.tournaments.actions import new_tournament, pair, register_players, undo
    from ratinglist.service.tournaments.results import enter_result
    from ratinglist.service.tournaments.views import show_round

    actor = Actor.parse("web:director")
    settings = NewSettings("Repair Open", "France", "2026-11-21", system="swiss", rounds=3, seed=5)
    tid = new_tournament(handle(server_url), settings, actor).id
    register_players(
        handle(server_url), number_of(handle(server_url), tid), [str(p) for p in PLAYER_IDS], actor
    )
    pair(handle(server_url), number_of(handle(server_url), tid), actor)
    phone = show_round(handle(server_url), tid, 1)
    undo(handle(server_url), tid, actor)
    pair(handle(server_url), number_of(handle(server_url), tid), actor)
    try:
        enter_result(handle(server_url), tid, ResultSpec("1", table=3, score="40-24"), actor,
                     based_on=phone.seq)  # fmt: skip
    except ConflictError as exc:
        assert "a newer undo conflicts" in str(exc) and "nothing written" in str(exc)
    else:
        raise AssertionError("the write based on the older pairing was stored")
    assert all(t.result == "" for t in show_round(handle(server_url), tid, 1).tables)

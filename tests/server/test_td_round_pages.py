"""Issue 22, items 1-2 on the director's pages (forms as a browser posts them) and the JSON
API: a result of an earlier round corrected on its round page, a pairing preview stored,
a swap and an exchange of colours, absences, forbidden pairs, reinstatement, flags and the
end date; a stale page is refused with 409."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.server.fixtures import PLAYER_IDS, sign_in
from tests.server.test_td_pages import _csrf, _sign_in_form


def _seq(page: str) -> int:
    found = re.search(r'name="based_on" value="(\d+)"', page)
    assert found is not None
    return int(found.group(1))


def _tables(page: str) -> list[tuple[int, int]]:
    """(Black, White) of each game form of a round page, in table order."""
    found = re.findall(
        r'name="table" value="\d+"><input type="hidden" name="black" value="(\d+)">'
        r'<input type="hidden" name="white" value="(\d+)"',
        page,
    )
    return [(int(b), int(w)) for b, w in found]


def _tournament(client: TestClient, players: int = 8) -> tuple[str, str]:
    _sign_in_form(client, "director")
    home = client.get("/td")
    made = client.post(
        "/td/new",
        data={"csrf_token": _csrf(home.text), "name": "Nantes Open", "country": "France",
              "start_date": "2026-11-21", "rounds": "3", "system": "swiss"},
        follow_redirects=False,
    )  # fmt: skip
    where = made.headers["location"]
    csrf = _csrf(client.get(where).text)
    lines = "\n".join(str(p) for p in PLAYER_IDS[:players])
    client.post(f"{where}/players", data={"csrf_token": csrf, "players": lines})
    return where, csrf


def _round(client: TestClient, where: str, csrf: str, k: int, score: str = "40-24") -> None:
    page = client.get(f"{where}/rounds/{k}").text
    for table, (black, white) in enumerate(_tables(page), start=1):
        b, w = score.split("-")
        done = client.post(
            f"{where}/rounds/{k}/result",
            data={"csrf_token": csrf, "table": table, "black": black, "white": white,
                  "black_discs": b, "white_discs": w, "based_on": _seq(page)},
        )  # fmt: skip
        assert done.status_code == 200, done.text


def test_a_round_one_result_is_corrected_after_round_three_is_paired(
    app_client: TestClient,
) -> None:
    where, csrf = _tournament(app_client)
    for k in (1, 2):
        app_client.post(f"{where}/pair", data={"csrf_token": csrf})
        _round(app_client, where, csrf, k)
    app_client.post(f"{where}/pair", data={"csrf_token": csrf})
    main = app_client.get(where).text
    assert 'href="/td/' in main and "/rounds/1" in main  # the round selector
    page = app_client.get(f"{where}/rounds/1")
    assert page.status_code == 200 and "Correct" in page.text
    black, white = _tables(page.text)[0]
    seq = _seq(page.text)
    fixed = app_client.post(
        f"{where}/rounds/1/result",
        data={"csrf_token": csrf, "table": 1, "black": black, "white": white,
              "black_discs": "20", "white_discs": "44", "correction": "true", "based_on": seq},
    )  # fmt: skip
    assert fixed.status_code == 200 and "20-44" in fixed.text and "corrected" in fixed.text
    # a page naming another game at table 1 (stale) is refused, nothing written
    wrong = app_client.post(
        f"{where}/rounds/1/result",
        data={"csrf_token": csrf, "table": 1, "black": white, "white": _tables(page.text)[1][0],
              "black_discs": "33", "white_discs": "31", "correction": "true", "based_on": seq},
    )  # fmt: skip
    assert wrong.status_code == 409
    tid = where.rsplit("/", 1)[1]
    shown = app_client.get(f"/api/v1/td/tournaments/{tid}/rounds/1").json()
    assert shown["tables"][0]["result"] == "20-44"


def test_preview_swap_and_colours_through_the_pages(app_client: TestClient) -> None:
    where, csrf = _tournament(app_client)
    preview = app_client.get(f"{where}/preview")
    assert preview.status_code == 200 and "Store this pairing" in preview.text
    based_on = _seq(preview.text)
    # another action in between: the preview is stale, nothing stored
    app_client.post(
        f"{where}/setup/absence", data={"csrf_token": csrf, "player": PLAYER_IDS[7], "round": 1}
    )
    refused = app_client.post(f"{where}/preview", data={"csrf_token": csrf, "based_on": based_on})
    assert refused.status_code == 409
    preview = app_client.get(f"{where}/preview")
    shown = re.findall(r"<tr><td class=\"n\">(\d+)<td>", preview.text)
    assert len(shown) == 3  # 7 players: 3 games and a bye
    stored = app_client.post(
        f"{where}/preview", data={"csrf_token": csrf, "based_on": _seq(preview.text)}
    )
    assert stored.status_code == 200 and "round 1 paired: 3 tables" in stored.text
    page = app_client.get(f"{where}/rounds/1").text
    games = _tables(page)
    (a, b), (c, d) = games[0], games[1]
    swapped = app_client.post(
        f"{where}/rounds/1/swap",
        data={"csrf_token": csrf, "first": a, "second": c, "based_on": _seq(page)},
    )
    assert swapped.status_code == 200 and "swapped" in swapped.text
    assert _tables(swapped.text) == [(c, b), (a, d), games[2]]
    stale = app_client.post(
        f"{where}/rounds/1/colours",
        data={"csrf_token": csrf, "black": games[2][0], "white": games[2][1],
              "based_on": _seq(page)},
    )  # fmt: skip
    assert stale.status_code == 409
    page = app_client.get(f"{where}/rounds/1").text
    exchanged = app_client.post(
        f"{where}/rounds/1/colours",
        data={"csrf_token": csrf, "black": games[2][0], "white": games[2][1],
              "based_on": _seq(page)},
    )  # fmt: skip
    assert exchanged.status_code == 200
    assert _tables(exchanged.text)[2] == (games[2][1], games[2][0])


def test_setup_forms_forbid_reinstate_flag_and_date(app_client: TestClient) -> None:
    where, csrf = _tournament(app_client, players=6)
    tid = where.rsplit("/", 1)[1]
    done = app_client.post(
        f"{where}/setup/forbidden",
        data={"csrf_token": csrf, "first": PLAYER_IDS[0], "second": PLAYER_IDS[1]},
    )
    assert done.status_code == 200 and "never paired together" in done.text
    assert "never paired together" in app_client.get(f"{where}/setup").text
    forced = app_client.post(
        f"{where}/setup/forced",
        data={"csrf_token": csrf, "first": PLAYER_IDS[4], "second": PLAYER_IDS[5]},
    )
    assert forced.status_code == 200 and "round 1:" in forced.text
    assert "forced in round 1" in app_client.get(f"{where}/setup").text
    app_client.post(
        f"{where}/withdraw", data={"csrf_token": csrf, "player": PLAYER_IDS[2], "confirm": "yes"}
    )
    setup = app_client.get(f"{where}/setup").text
    assert 'id="withdrawn"' in setup
    back = app_client.post(
        f"{where}/setup/reinstate", data={"csrf_token": csrf, "player": PLAYER_IDS[2]}
    )
    assert back.status_code == 200 and "reinstated" in back.text
    flagged = app_client.post(
        f"{where}/setup/flags",
        data={"csrf_token": csrf, "player": PLAYER_IDS[3], "female": "true", "birth_year": "2011"},
    )
    assert flagged.status_code == 200 and "female, born 2011" in flagged.text
    bad = app_client.post(
        f"{where}/setup/flags",
        data={"csrf_token": csrf, "player": PLAYER_IDS[3], "birth_year": "20x1"},
    )
    assert bad.status_code == 400 and "birth year" in bad.text
    dated = app_client.post(
        f"{where}/setup/end-date", data={"csrf_token": csrf, "end": "2026-11-22"}
    )
    assert dated.status_code == 200 and "2026-11-22" in dated.text
    early = app_client.post(
        f"{where}/setup/end-date", data={"csrf_token": csrf, "end": "2026-11-01"}
    )
    assert early.status_code == 400
    paired = app_client.post(f"{where}/pair", data={"csrf_token": csrf})
    assert paired.status_code == 200
    games = _tables(app_client.get(f"{where}/rounds/1").text)
    assert (PLAYER_IDS[4], PLAYER_IDS[5]) in games
    assert {PLAYER_IDS[0], PLAYER_IDS[1]} not in [set(g) for g in games]
    _round(app_client, where, csrf, 1)
    female = app_client.get(f"/api/v1/td/tournaments/{tid}/standings?cls=female").json()
    assert [line["player"]["id"] for line in female["lines"]] == [PLAYER_IDS[3]]
    youth = app_client.get(f"/api/v1/td/tournaments/{tid}/standings?cls=youth").json()
    assert [line["player"]["id"] for line in youth["lines"]] == [PLAYER_IDS[3]]  # born 2011
    late = app_client.post(
        f"{where}/setup/entry",
        data={"csrf_token": csrf, "players": str(PLAYER_IDS[9]), "first_round": "3"},
    )
    assert late.status_code == 200 and "registered" in late.text
    setup = app_client.get(f"/api/v1/td/tournaments/{tid}/setup").json()
    firsts = {e["flags"]["player"]["id"]: e["first_round"] for e in setup["entrants"]}
    assert firsts[PLAYER_IDS[9]] == 3 and setup["end"] == "2026-11-22"


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def test_the_api_previews_swaps_and_sets_flags(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _json(
        director.post(
            "/api/v1/td/tournaments",
            {"name": "Api Open", "country": "France", "start_date": "2026-11-21",
             "rounds": 3, "system": "swiss"},
        ),
        201,
    )["id"]  # fmt: skip
    players = [str(p) for p in PLAYER_IDS[:8]]
    _json(director.post(f"/api/v1/td/tournaments/{tid}/players", {"players": players}), 201)
    shown = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/preview"), 200)
    stored = _json(
        director.post(f"/api/v1/td/tournaments/{tid}/preview", {"based_on": shown["based_on"]}),
        201,
    )
    assert stored["tables"] == shown["round"]["tables"]
    again = director.post(f"/api/v1/td/tournaments/{tid}/preview", {"based_on": shown["based_on"]})
    assert again.status_code == 409  # the log moved: the pairing was stored
    games = [(t["black"]["id"], t["white"]["id"]) for t in stored["tables"]]
    swapped = _json(
        director.post(
            f"/api/v1/td/tournaments/{tid}/rounds/1/swap",
            {"first": games[0][1], "second": games[3][1], "based_on": stored["seq"]},
        ),
        201,
    )
    after = [(t["black"]["id"], t["white"]["id"]) for t in swapped["tables"]]
    assert after == [(games[0][0], games[3][1]), *games[1:3], (games[3][0], games[0][1])]
    _json(
        director.post(
            f"/api/v1/td/tournaments/{tid}/results", {"round": 1, "table": 2, "score": "40-24"}
        ),
        201,
    )
    refused = director.post(
        f"/api/v1/td/tournaments/{tid}/rounds/1/colours",
        {"black": games[1][0], "white": games[1][1]},
    )
    assert refused.status_code == 409 and "already played" in refused.text
    flags = _json(
        director.post(
            f"/api/v1/td/tournaments/{tid}/flags", {"player": PLAYER_IDS[1], "youth": True}
        ),
        201,
    )
    assert flags["youth"] is True and flags["female"] is False
    listed = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/flags"), 200)
    assert [f["player"]["id"] for f in listed if f["youth"]] == [PLAYER_IDS[1]]
    end = _json(director.post(f"/api/v1/td/tournaments/{tid}/end-date", {"end": "2026-11-23"}), 201)
    assert end == {"end": "2026-11-23"}
    _json(
        director.post(
            f"/api/v1/td/tournaments/{tid}/forbidden",
            {"first": PLAYER_IDS[0], "second": PLAYER_IDS[2]},
        ),
        201,
    )
    rules = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/pair-rules"), 200)
    assert [(r["round"], r["first"]["id"], r["second"]["id"]) for r in rules] == [
        (None, PLAYER_IDS[0], PLAYER_IDS[2])
    ]
    _json(
        director.post(f"/api/v1/td/tournaments/{tid}/withdrawals", {"player": PLAYER_IDS[4]}), 201
    )
    back = _json(
        director.post(f"/api/v1/td/tournaments/{tid}/reinstatements", {"player": PLAYER_IDS[4]}),
        201,
    )
    assert back["id"] == PLAYER_IDS[4]
    with TestClient(app_client.app) as other:
        helper = sign_in(other, "assistant")
        assert (
            helper.post(f"/api/v1/td/tournaments/{tid}/end-date", {"end": "2026-11-22"}).status_code
            == 403
        )


def test_a_go_result_of_an_earlier_round_is_corrected_on_its_round_page(
    app_client: TestClient,
) -> None:
    director = sign_in(app_client, "director")
    tid = _json(
        director.post(
            "/api/v1/td/tournaments",
            {"name": "Go Rounds", "country": "France", "start_date": "2026-11-21",
             "rounds": 3, "game": "go"},
        ),
        201,
    )["id"]  # fmt: skip
    new = [
        {"surname": name, "firstname": "Go", "rank": rank, "country": "FR"}
        for name, rank in (("ALPHA", "2d"), ("BRAVO", "1d"), ("CHARLIE", "1k"), ("DELTA", "2k"))
    ]
    _json(director.post(f"/api/v1/td/tournaments/{tid}/entries", {"new": new}), 201)
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    for table in (1, 2):
        _json(
            director.post(
                f"/api/v1/td/tournaments/{tid}/results",
                {"round": 1, "table": table, "score": "1-0"},
            ),
            201,
        )
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    page = app_client.get(f"/td/{tid}/rounds/1")
    assert page.status_code == 200 and "White wins" in page.text
    assert "Swap them" not in page.text  # a Go pairing is changed by the Go pages
    black, white = _tables(page.text)[0]
    fixed = app_client.post(
        f"/td/{tid}/rounds/1/result",
        data={"csrf_token": _csrf(page.text), "table": 1, "black": black, "white": white,
              "score": "0-1", "correction": "true", "based_on": _seq(page.text)},
    )  # fmt: skip
    assert fixed.status_code == 200 and "corrected" in fixed.text
    shown = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/rounds/1"), 200)
    assert shown["tables"][0]["result"] == "0-1"

"""Issue 19 item 8 on the server: a director (any ``td`` grant) never creates a real ID; a new
player is ``NEW1`` until the country's ID officer gives the ID, which the exported .ELO file
then carries; namesakes are a choice on the director's page; undo releases an ID."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ratinglist.formats.elo import parse_elo
from ratinglist.model.account import Grant, Role
from ratinglist.registry.countries import get_country
from ratinglist.service.accounts import add_user, grant
from ratinglist.service.actor import SYSTEM
from ratinglist.service.databases import open_database
from ratinglist.store.players import all_players
from tests.conftest import handle
from tests.published import store_ratings
from tests.server.fixtures import PASSWORD, PLAYER_IDS, sign_in

COUNTRIES = ("Japan", "France", "Netherlands", "OTHER", "Belgium")


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _registry(url: str) -> tuple[int, ...]:
    return tuple(int(p.id) for p in all_players(open_database(url), include_merged=True))


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def _form_sign_in(client: TestClient, user: str) -> str:
    form = client.get("/login?next=/td")
    done = client.post(
        "/login",
        data={
            "username": user,
            "password": PASSWORD,
            "csrf_token": _csrf(form.text),
            "next": "/td",
        },
        follow_redirects=False,
    )
    assert done.status_code == 303
    return _csrf(client.get("/td").text)


@pytest.mark.parametrize("user", ["director", "scoped"])
def test_a_td_only_user_cannot_create_a_real_id_in_any_range(
    app_client: TestClient, server_url: str, user: str
) -> None:
    add_user(handle(server_url, create=True), "scoped", PASSWORD, SYSTEM)
    before = _registry(server_url)
    td = sign_in(app_client, "director")
    made = _json(
        td.post(
            "/api/v1/td/tournaments",
            {"name": "Tokyo Open", "country": "Japan", "start_date": "2026-11-21"},
        ),
        201,
    )
    tid = made["id"]
    grant(handle(server_url), "scoped", Grant(Role.TD, str(tid)), SYSTEM)
    with TestClient(app_client.app) as other:
        who = td if user == "director" else sign_in(other, "scoped")
        for country in COUNTRIES:
            for host in ("", country):
                body = {"surname": "NEWMAN", "firstname": "Ann", "country": country, "host": host}
                assert who.post("/api/v1/registry/players", body).status_code == 403
        # registering a new player gives a temporary identifier, never an ID
        reg = _json(
            who.post(
                f"/api/v1/td/tournaments/{tid}/players",
                {"new": {"surname": "NEWMAN", "firstname": "Ann", "country": "Japan"}},
            ),
            201,
        )
        assert reg["new_identifier"] == "NEW1"
        # nor can the director give the temporary identifier its ID
        assign = {"tournament": tid, "temporary": "NEW1"}
        assert who.post("/api/v1/registry/temporary-ids", assign).status_code == 403
        assert who.client.get("/api/v1/registry/temporary-ids").status_code == 403
    # the pages refuse too (the form posts of the ID officer's page)
    with TestClient(app_client.app) as browser:
        csrf = _form_sign_in(browser, user)
        assert browser.get("/registry").status_code == 403
        for country in COUNTRIES:
            form = {"csrf_token": csrf, "surname": "NEWMAN", "firstname": "Bo", "country": country}
            assert browser.post("/registry/players", data=form).status_code == 403
        form = {"csrf_token": csrf, "tournament": str(tid), "temporary": "NEW1"}
        assert browser.post("/registry/temporary", data=form).status_code == 403
    assert _registry(server_url) == before


def test_new1_to_real_id_end_to_end(app_client: TestClient, server_url: str) -> None:
    add_user(handle(server_url, create=True), "idnld", PASSWORD, SYSTEM)
    grant(handle(server_url), "idnld", Grant(Role.ID_OFFICER, "NLD"), SYSTEM)
    add_user(handle(server_url, create=True), "idfra", PASSWORD, SYSTEM)
    grant(handle(server_url), "idfra", Grant(Role.ID_OFFICER, "FRA"), SYSTEM)
    td = sign_in(app_client, "director")
    tid = _json(
        td.post(
            "/api/v1/td/tournaments",
            {"name": "Utrecht Open", "country": "Netherlands", "start_date": "2026-11-21"},
        ),
        201,
    )["id"]
    players = [str(p) for p in PLAYER_IDS[1:4]]
    new = {"surname": "PIETERS", "firstname": "Joost", "country": "Belgium"}
    reg = _json(
        td.post(f"/api/v1/td/tournaments/{tid}/players", {"players": players, "new": new}), 201
    )
    assert reg["new_identifier"] == "NEW1" and reg["entrants"] == 4
    paired = _json(td.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    # the API names the new player as people read it, beside its internal number
    named = {p["shown_id"] for t in paired["tables"] for p in (t["black"], t["white"])}
    assert "NEW1" in named
    for table in (1, 2):
        body = {"round": 1, "table": table, "score": "40-24"}
        _json(td.post(f"/api/v1/td/tournaments/{tid}/results", body), 201)
    before = parse_elo(td.client.get(f"/api/v1/td/tournaments/{tid}/export").text)
    assert "NEW1" in {p.token for p in before.players if p.new}
    assert "NEW1" in {t for g in before.games for t in (g.first, g.second)}
    with TestClient(app_client.app) as other:
        french = sign_in(other, "idfra")  # the player's nationality is not the host country
        assert french.client.get("/api/v1/registry/temporary-ids").json() == []
        refused = french.post(
            "/api/v1/registry/temporary-ids", {"tournament": tid, "temporary": "NEW1"}
        )
        assert refused.status_code == 403
        officer = sign_in(other, "idnld")
        (pending,) = _json(officer.client.get("/api/v1/registry/temporary-ids"), 200)
        assert (pending["temporary"], pending["surname"], pending["host"]) == (
            "NEW1",
            "PIETERS",
            "NLD",
        )
        page = officer.client.get("/registry")
        assert page.status_code == 200 and "PIETERS, Joost" in page.text
        done = _json(
            officer.post(
                "/api/v1/registry/temporary-ids", {"tournament": tid, "temporary": "NEW1"}
            ),
            201,
        )
    real = int(done["message"].rsplit(" ", 1)[1])
    nld = get_country("NLD").id_range
    assert nld is not None and nld.first <= real <= nld.last
    after = parse_elo(td.client.get(f"/api/v1/td/tournaments/{tid}/export").text)
    assert {p.token for p in after.players if p.new} == {str(real)}
    tokens = {t for g in after.games for t in (g.first, g.second)}
    assert "NEW1" not in tokens and str(real) in tokens
    assert [p.token for p in after.players] == [
        str(real) if p.token == "NEW1" else p.token for p in before.players
    ]
    # undoing the assignment gives NEW1 back and releases the ID
    undid = _json(td.post(f"/api/v1/td/tournaments/{tid}/undo"), 200)
    assert f"ID {real} released" in undid["what"]
    assert real not in _registry(server_url)


def test_namesake_is_offered_as_a_choice_on_the_page(
    app_client: TestClient, server_url: str
) -> None:
    csrf = _form_sign_in(app_client, "director")
    made = app_client.post(
        "/td/new",
        data={"csrf_token": csrf, "name": "Lyon Open", "country": "France",
              "start_date": "2026-11-21", "rounds": "2", "system": ""},
        follow_redirects=False,
    )  # fmt: skip
    where = made.headers["location"].split("?")[0]
    before = _registry(server_url)
    typed = {"csrf_token": csrf, "surname": "Berg", "firstname": "Test", "country": "FRA"}
    refused = app_client.post(f"{where}/players", data=typed)
    assert refused.status_code == 409
    assert "Use the registered BERG, Test (500003, FRA)" in refused.text
    assert "Register BERG, Test as a new player anyway" in refused.text  # as the list writes it
    chosen = app_client.post(f"{where}/players", data={"csrf_token": csrf, "players": "500003"})
    assert chosen.status_code == 200 and "registered BERG, Test; 1 players" in chosen.text
    again = app_client.post(f"{where}/players", data=typed | {"anyway": "true"})
    # entering the same player twice is refused by the tournament's state: 409
    assert again.status_code == 409 and "already entered as 500003" in again.text
    other = {"csrf_token": csrf, "surname": "Costa", "firstname": "Test", "country": "FRA"}
    assert app_client.post(f"{where}/players", data=other).status_code == 409
    anyway = app_client.post(f"{where}/players", data=other | {"anyway": "true"})
    assert anyway.status_code == 200 and "temporary identifier NEW1" in anyway.text
    page = app_client.get(where)
    assert "<td>NEW1<td>COSTA, Test" in page.text
    assert "No rating list published on 2026-11-21" in page.text
    assert _registry(server_url) == before


def test_the_director_sees_each_entrants_rating_and_its_list(
    app_client: TestClient, server_url: str
) -> None:
    # the registry's stored ratings (1500 + i) are an imported list's, not a published one
    store_ratings(server_url, "2026-10-31", {PLAYER_IDS[1]: 1980.4, PLAYER_IDS[2]: 1710.6})
    store_ratings(server_url, "2026-11-30", {PLAYER_IDS[1]: 2400.0})  # after the tournament
    csrf = _form_sign_in(app_client, "director")
    made = app_client.post(
        "/td/new",
        data={"csrf_token": csrf, "name": "Lyon Open", "country": "France",
              "start_date": "2026-11-21", "rounds": "2", "system": ""},
        follow_redirects=False,
    )  # fmt: skip
    where = made.headers["location"].split("?")[0]
    lines = "\n".join(str(p) for p in PLAYER_IDS[1:4])
    app_client.post(f"{where}/players", data={"csrf_token": csrf, "players": lines})
    page = app_client.get(where).text
    assert "Ratings: the WOF list of 2026-10-31 (the latest published on 2026-11-21)" in page
    rows = re.findall(r"<tr><td>(\d+)<td>([^<]+)<td>FRA<td class=\"n\">([^<]+)", page)
    # 1980.4 rounds to 1980, 1710.6 to 1711; COSTA is in no published list
    assert sorted((i, n, r.strip()) for i, n, r in rows) == [
        (str(PLAYER_IDS[1]), "ANDERSEN, Test", "1980"),
        (str(PLAYER_IDS[2]), "BERG, Test", "1711"),
        (str(PLAYER_IDS[3]), "COSTA, Test", "—"),
    ]
    assert page.count("<small>list of 2026-10-31</small>") == 3

"""Issue 31 on the web: a Go player comes from a rating list only on an exact match or the
director's choice among offered candidates; the search of the registration form answers
candidates with rank, club and licence. The FFG list is the one OpenGotha ships
(PROVENANCE.md): DUPUIS Jean, licence 9725054, club 75Pa; WALCH John, a foreign player
without a licence; no DUPOND Jean and no SMITH John."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ratinglist.model.go.lists import ListOrigin
from ratinglist.service.actor import SYSTEM
from ratinglist.service.go.lists import import_list
from tests.conftest import handle
from tests.server.fixtures import Signed, sign_in

FFG_LIST = ("go", "opengotha", "ratinglists", "ech_ffg_V3.txt")


@pytest.fixture()
def go_client(app_client: TestClient, server_url: str, real_data: Path) -> TestClient:
    import_list(handle(server_url), real_data.joinpath(*FFG_LIST), SYSTEM, ListOrigin.FFG)
    return app_client


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _go(director: Signed) -> int:
    body = {"name": "Go Cup", "country": "FR", "start_date": "2026-11-21", "rounds": 3,
            "game": "go", "system": "mcmahon", "bar": "4d", "floor": "20k"}  # fmt: skip
    return int(_json(director.post("/api/v1/td/tournaments", body), 201)["id"])


def _entrants(client: TestClient, tid: int) -> list[tuple[str, str]]:
    page = client.get(f"/td/{tid}").text
    body = page.split('id="entrants"', 1)[1].split("</table>", 1)[0]
    return re.findall(r"<tr[^>]*><td>(\d+)<td>([^<]+)<td>", body)


def test_the_search_answers_candidates_with_rank_club_and_licence(go_client: TestClient) -> None:
    director = sign_in(go_client, "director")
    tid = _go(director)
    found = _json(
        go_client.get(f"/api/v1/td/tournaments/{tid}/list-players?origin=ffg&q=dupuis je"), 200
    )
    jean = [h for h in found["hits"] if (h["surname"], h["first_name"]) == ("DUPUIS", "Jean")]
    # the list's line: DUPUIS Jean -9999 - 9725054 75Pa FR; GO.md b: -9999 is unrated and
    # clamps to -900 (30k)
    assert jean == [
        {"key": "9725054", "number": "9725054", "surname": "DUPUIS", "first_name": "Jean",
         "rank": "30k", "rating": -900, "club": "75Pa", "country": "FR",
         "origin": "FFG", "label": jean[0]["label"]}
    ]  # fmt: skip
    walch = _json(
        go_client.get(f"/api/v1/td/tournaments/{tid}/list-players?origin=ffg&q=walch"), 200
    )["hits"]
    assert [(h["key"], h["number"]) for h in walch if h["surname"] == "WALCH"] == [
        ("WALCH John", "-------")
    ]
    with TestClient(go_client.app) as anonymous:
        url = f"/api/v1/td/tournaments/{tid}/list-players?origin=ffg&q=dupuis"
        assert anonymous.get(url).status_code in (401, 403)


def test_a_name_missing_from_the_list_is_offered_not_entered(go_client: TestClient) -> None:
    director = sign_in(go_client, "director")
    tid = _go(director)
    refused = director.post(
        f"/api/v1/td/tournaments/{tid}/entries", {"origin": "ffg", "players": ["Smith John"]}
    )
    assert refused.status_code == 400  # type: ignore[attr-defined]
    message = refused.json()["error"]["message"]  # type: ignore[attr-defined]
    assert message.startswith("not found: 'Smith John'") and "WALCH John (FFG -------" in message
    assert _entrants(go_client, tid) == []

    csrf = re.search(r'name="csrf_token" value="([^"]+)"', go_client.get(f"/td/{tid}").text)
    assert csrf is not None
    form = {"csrf_token": csrf.group(1), "origin": "ffg", "players": "Dupond Jean"}
    page = go_client.post(f"/td/{tid}/entries", data=form)
    assert page.status_code == 400 and "not found: &#39;Dupond Jean&#39;" in page.text
    assert _entrants(go_client, tid) == []  # DUPUIS Jean was not entered
    # the choice: the candidates, and the name as a new player's
    assert 'name="players" value="9725054"' in page.text
    assert "Enter DUPUIS Jean (FFG 9725054, 30k, club 75Pa)" in page.text
    assert 'name="surname" maxlength="100" value="Dupond"' in page.text
    assert 'name="firstname" maxlength="100" value="Jean"' in page.text
    chosen = go_client.post(f"/td/{tid}/entries", data=form | {"players": "9725054"})
    notice = re.search(r'<p class="notice" role="status">([^<]*)</p>', chosen.text)
    assert chosen.status_code == 200 and notice is not None, chosen.text[-3000:]
    assert notice.group(1) == "entered DUPUIS, Jean (9725054); 1 players"
    assert _entrants(go_client, tid) == [("1", "DUPUIS, Jean")]
    walch = go_client.post(f"/td/{tid}/entries", data=form | {"players": "WALCH John"})
    assert walch.status_code == 200
    assert _entrants(go_client, tid) == [("1", "DUPUIS, Jean"), ("2", "WALCH, John")]

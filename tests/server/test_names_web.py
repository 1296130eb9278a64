"""One rule for names on the web paths: the TD form and API (a new player), the intake's
accept (new players of a submitted file)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from sqlalchemy import select

from ratinglist.service.databases import open_database
from ratinglist.store.schema import players
from tests.server.fixtures import EVIL, sign_in

RULE = "holds only the letters A to Z"


def _tournament(director: object) -> int:
    made = director.post(  # type: ignore[attr-defined]
        "/api/v1/td/tournaments",
        {"name": "Lyon Open", "country": "France", "start_date": "2026-11-21", "rounds": 3},
    )
    assert made.status_code == 201, made.text
    return int(made.json()["id"])


def test_the_td_api_refuses_markup_as_a_new_name(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _tournament(director)
    refused = director.post(
        f"/api/v1/td/tournaments/{tid}/players",
        {"new": {"surname": EVIL, "firstname": "Eve", "country": "FRA"}},
    )
    assert refused.status_code == 400, refused.text  # type: ignore[attr-defined]
    assert RULE in refused.json()["error"]["message"]  # type: ignore[attr-defined]
    assert "got '<'" in refused.json()["error"]["message"]  # type: ignore[attr-defined]


def test_the_td_api_writes_the_surname_as_the_list_does(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _tournament(director)
    done = director.post(
        f"/api/v1/td/tournaments/{tid}/players",
        {"new": {"surname": "Blanchet", "firstname": "Sophie", "country": "FRA"}},
    )
    assert done.status_code == 201, done.text  # type: ignore[attr-defined]
    assert done.json()["new_player"]["name"] == "BLANCHET, Sophie"  # type: ignore[attr-defined]
    again = director.post(
        f"/api/v1/td/tournaments/{tid}/players",
        {"new": {"surname": "BLANCHET", "firstname": "Sophie", "country": "FRA"}},
    )
    assert again.status_code == 201, again.text  # type: ignore[attr-defined]
    assert again.json()["new_was_retry"] is True  # type: ignore[attr-defined]


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def test_the_td_form_refuses_a_parenthesis_naming_the_rule(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _tournament(director)
    csrf = _csrf(app_client.get(f"/td/{tid}").text)
    page = app_client.post(
        f"/td/{tid}/players",
        data={"csrf_token": csrf, "surname": "Doe (Jr)", "firstname": "John", "country": "FRA"},
    )
    assert page.status_code == 400
    assert RULE in page.text and "got &#39;(&#39;" in page.text
    assert 'value="Doe (Jr)"' in page.text  # the typed name is kept to correct it


PARIS = """\
%%Tournament: Paris Open 2026
%%Country: France
%%Date: 21/11/2026
%%Sender: Test

%_% 500002, ANDERSEN, Test, FRA, 1, 64
%_% +NEW1, {surname}, Paul, FRA, 1, 64

500002 (40)>(24) NEW1 B
"""
NAME = "20261121_Paris_Open.ELO"


def _queue(client: TestClient, surname: str) -> int:
    officer = sign_in(client, "officer")
    sent = client.post(
        f"/api/v1/intake?name={NAME}",
        content=PARIS.format(surname=surname).encode(),
        headers={"X-CSRF-Token": officer.csrf, "Content-Type": "application/octet-stream"},
    )
    assert sent.status_code == 201, sent.text
    return int(sent.json()["id"])


def _registered(url: str, surname: str) -> list[str]:
    with open_database(url).connect() as conn:
        query = select(players.c.surname).where(players.c.firstname == "Paul")
        return [s for s in conn.execute(query).scalars() if s.casefold() == surname.casefold()]


def test_the_intake_accept_refuses_a_new_name_fix_an_id_refuses(
    app_client: TestClient, server_url: str
) -> None:
    n = _queue(app_client, "MARTIN <b>")
    officer = sign_in(app_client, "officer")
    fixed = officer.post(f"/api/v1/intake/{n}/fix", {"old": "NEW1", "new": None})
    assert fixed.status_code == 400 and RULE in fixed.text  # type: ignore[attr-defined]
    refused = officer.post(f"/api/v1/intake/{n}/accept", {})
    assert refused.status_code == 400, refused.text  # type: ignore[attr-defined]
    message = refused.json()["error"]["message"]  # type: ignore[attr-defined]
    assert f"{NAME}:7: a surname {RULE}" in message and "got '<'" in message
    assert app_client.get(f"/api/v1/intake/{n}").json()["item"]["status"] == "queued"
    assert _registered(server_url, "MARTIN <b>") == []


def test_the_intake_accept_writes_the_surname_as_the_list_does(
    app_client: TestClient, server_url: str
) -> None:
    n = _queue(app_client, "Lefèvre")
    officer = sign_in(app_client, "officer")
    done = officer.post(f"/api/v1/intake/{n}/accept", {})
    assert done.status_code == 200, done.text  # type: ignore[attr-defined]
    assert _registered(server_url, "LEFEVRE") == ["LEFEVRE"]


def test_a_near_name_on_the_td_page_is_offered_not_entered(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _tournament(director)
    refused = director.post(f"/api/v1/td/tournaments/{tid}/players", {"players": ["Andersn Test"]})
    assert refused.status_code == 400  # type: ignore[attr-defined]
    message = refused.json()["error"]["message"]  # type: ignore[attr-defined]
    assert message.startswith("not found: 'Andersn Test'")
    assert "ANDERSEN, Test (500002, FRA)" in message
    csrf = _csrf(app_client.get(f"/td/{tid}").text)
    page = app_client.post(
        f"/td/{tid}/players", data={"csrf_token": csrf, "players": "Andersn Test\n500003"}
    )
    assert page.status_code == 400 and "not found: &#39;Andersn Test&#39;" in page.text
    assert "<td>500002<td>" not in page.text and "<td>500003<td>" not in page.text
    assert 'name="players" value="500002"><button type="submit">Use ANDERSEN, Test' in page.text
    assert 'id="players" rows="3">500003</textarea>' in page.text  # the other line is kept
    assert 'name="surname" maxlength="100" value="Andersn"' in page.text
    chosen = app_client.post(f"/td/{tid}/players", data={"csrf_token": csrf, "players": "500002"})
    assert chosen.status_code == 200 and "<td>500002<td>ANDERSEN, Test" in chosen.text
    exact = app_client.post(f"/td/{tid}/players", data={"csrf_token": csrf, "players": "test berg"})
    assert exact.status_code == 200 and "<td>500003<td>BERG, Test" in exact.text


def test_the_registry_api_add_rename_split_follow_the_rule(app_client: TestClient) -> None:
    officer = sign_in(app_client, "officer")
    refused = officer.post(
        "/api/v1/registry/players", {"surname": EVIL, "firstname": "Eve", "country": "France"}
    )
    assert refused.status_code == 400 and "got '<'" in refused.text  # type: ignore[attr-defined]
    made = officer.post(
        "/api/v1/registry/players", {"surname": "Nouveau", "firstname": "Paul", "country": "France"}
    )
    assert made.status_code == 201, made.text  # type: ignore[attr-defined]
    new_id = int(made.json()["message"].rsplit(" ", 1)[1])  # type: ignore[attr-defined]
    for path, extra in (("renames", {}), ("splits", {"firstname": "Jo"})):
        body = {"player": new_id, "when": "2026-12-01", "surname": "X (Y)"} | extra
        bad = officer.post(f"/api/v1/registry/{path}", body)
        assert bad.status_code == 400, bad.text  # type: ignore[attr-defined]
        assert RULE in bad.text and "got '('" in bad.text  # type: ignore[attr-defined]
    renamed = officer.post(
        "/api/v1/registry/renames", {"player": new_id, "when": "2026-12-01", "surname": "Neuf"}
    )
    assert renamed.status_code == 201, renamed.text  # type: ignore[attr-defined]
    assert "NEUF, Paul" in renamed.json()["message"]  # type: ignore[attr-defined]

"""The ID officer's API: new IDs from the country's range, merges; other countries refused."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from ratinglist.model.account import Grant, Role
from ratinglist.registry.countries import get_country
from ratinglist.service.accounts import add_user, grant
from ratinglist.service.actor import SYSTEM
from ratinglist.service.registry import merge_players, show_player
from ratinglist.store.players import all_players
from tests.conftest import handle
from tests.server.fixtures import PASSWORD, PLAYER_IDS, sign_in


def test_an_id_officer_acts_for_their_country_only(app_client: TestClient, server_url: str) -> None:
    add_user(handle(server_url, create=True), "idfra", PASSWORD, SYSTEM)
    grant(handle(server_url), "idfra", Grant(Role.ID_OFFICER, "FRA"), SYSTEM)
    officer = sign_in(app_client, "idfra")
    made = officer.post(
        "/api/v1/registry/players", {"surname": "NOUVEAU", "firstname": "Paul", "country": "France"}
    )
    assert made.status_code == 201, made.text  # type: ignore[attr-defined]
    new_id = int(made.json()["message"].rsplit(" ", 1)[1])  # type: ignore[attr-defined]
    first = get_country("FRA").ranges[0]
    assert first.first <= new_id <= first.last
    dutch = officer.post(
        "/api/v1/registry/players",
        {"surname": "NIEUW", "firstname": "Piet", "country": "Netherlands"},
    )
    assert dutch.status_code == 403  # type: ignore[attr-defined]
    merged = officer.post("/api/v1/registry/merges", {"kept": PLAYER_IDS[1], "removed": new_id})
    assert merged.status_code == 201, merged.text  # type: ignore[attr-defined]
    again = officer.post("/api/v1/registry/merges", {"kept": PLAYER_IDS[1], "removed": new_id})
    assert again.status_code == 400  # already merged


def _officer_form(client: TestClient, server_url: str, user: str) -> str:
    """Sign `user`, an ID officer of France, in through the form; return the CSRF token."""
    add_user(handle(server_url, create=True), user, PASSWORD, SYSTEM)
    grant(handle(server_url), user, Grant(Role.ID_OFFICER, "FRA"), SYSTEM)
    form = client.get("/login?next=/registry")
    token = re.search(r'name="csrf_token" value="([^"]+)"', form.text)
    assert token is not None
    done = client.post(
        "/login",
        data={"username": user, "password": PASSWORD, "csrf_token": token.group(1)},
        follow_redirects=False,
    )
    assert done.status_code == 303, done.text
    page = client.get("/registry")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert token is not None
    return token.group(1)


def _named(server_url: str, surname: str, firstname: str) -> list[int]:
    return sorted(
        int(p.id)
        for p in all_players(handle(server_url))
        if (p.surname, p.firstname) == (surname, firstname)
    )


def test_a_namesake_is_registered_only_after_an_explicit_confirmation(
    app_client: TestClient, server_url: str
) -> None:
    csrf = _officer_form(app_client, server_url, "idfra2")
    berg = PLAYER_IDS[2]  # BERG, Test (FRA) in the seeded registry
    typed = {"csrf_token": csrf, "surname": "BERG", "firstname": "Test", "country": "France"}
    asked = app_client.post("/registry/players", data=typed)
    assert asked.status_code == 409
    assert "same name as" in asked.text and f'href="/players/{berg}"' in asked.text
    assert 'name="confirm" value="yes"' in asked.text
    assert _named(server_url, "BERG", "Test") == [berg]  # nothing registered yet
    done = app_client.post("/registry/players", data=typed | {"confirm": "yes"})
    assert done.status_code == 200
    (new_id,) = set(_named(server_url, "BERG", "Test")) - {berg}
    assert f"BERG, Test has ID {new_id} (same name as {berg}" in done.text
    first = get_country("FRA").ranges[0]
    assert first.first <= new_id <= first.last
    # the API asks the same question as a 409 naming the namesakes
    api = sign_in(app_client, "idfra2")
    body = {"surname": "COSTA", "firstname": "Test", "country": "France"}
    refused = api.post("/api/v1/registry/players", body)
    assert refused.status_code == 409  # type: ignore[attr-defined]
    assert str(PLAYER_IDS[3]) in refused.text  # type: ignore[attr-defined]
    assert _named(server_url, "COSTA", "Test") == [PLAYER_IDS[3]]
    made = api.post("/api/v1/registry/players", body | {"confirm_namesake": True})
    assert made.status_code == 201, made.text  # type: ignore[attr-defined]
    assert len(_named(server_url, "COSTA", "Test")) == 2


def test_rename_split_and_unmerge_from_the_id_officers_pages(
    app_client: TestClient, server_url: str
) -> None:
    csrf = _officer_form(app_client, server_url, "idfra3")
    dubois, evans, fischer, garcia = PLAYER_IDS[4:8]
    renamed = app_client.post(
        "/registry/renames",
        data={"csrf_token": csrf, "player": str(dubois), "when": "2026-01-01",
              "surname": "DUBOIS-LEROY", "reason": "married"},
    )  # fmt: skip
    assert renamed.status_code == 200
    assert f"renamed {dubois} from 2026-01-01" in renamed.text
    shown = show_player(handle(server_url), dubois)
    assert (shown.player.surname, shown.player.firstname) == ("DUBOIS-LEROY", "Test")
    assert [(t.player.surname, same) for t, same in shown.earlier] == [("DUBOIS", True)]

    split = app_client.post(
        "/registry/splits",
        data={"csrf_token": csrf, "player": str(evans), "when": "2026-02-01",
              "surname": "NEWMAN", "firstname": "Ann", "reason": "ID reused"},
    )  # fmt: skip
    assert split.status_code == 200 and f"split {evans} from 2026-02-01" in split.text
    shown = show_player(handle(server_url), evans)
    assert (shown.player.surname, shown.player.firstname) == ("NEWMAN", "Ann")
    assert [(t.player.surname, same) for t, same in shown.earlier] == [("EVANS", False)]

    merge_players(handle(server_url), garcia, fischer, actor=SYSTEM)
    assert show_player(handle(server_url), fischer).resolves_to == garcia
    unmerged = app_client.post(
        "/registry/unmerges", data={"csrf_token": csrf, "removed": str(fischer)}
    )
    assert unmerged.status_code == 200 and (
        f"unmerged FISCHER, Test ({fischer}) from GARCIA, Test ({garcia})" in unmerged.text
    )
    shown = show_player(handle(server_url), fischer)
    assert shown.merge is None and shown.resolves_to == fischer
    again = app_client.post(
        "/registry/unmerges", data={"csrf_token": csrf, "removed": str(fischer)}
    )
    assert again.status_code == 200 and 'role="alert"' in again.text  # not merged any more


def test_rename_and_split_through_the_api_and_their_country_rule(
    app_client: TestClient, server_url: str
) -> None:
    add_user(handle(server_url, create=True), "idfra4", PASSWORD, SYSTEM)
    grant(handle(server_url), "idfra4", Grant(Role.ID_OFFICER, "FRA"), SYSTEM)
    api = sign_in(app_client, "idfra4")
    hansen, ivanov = PLAYER_IDS[8:10]
    moved = api.post(
        "/api/v1/registry/renames",
        {"player": hansen, "when": "2026-03-01", "country": "Netherlands"},
    )
    assert moved.status_code == 403  # the new country is not the officer's
    assert show_player(handle(server_url), hansen).player.country == "FRA"
    renamed = api.post(
        "/api/v1/registry/renames", {"player": hansen, "when": "2026-03-01", "firstname": "Tess"}
    )
    assert renamed.status_code == 201, renamed.text  # type: ignore[attr-defined]
    assert show_player(handle(server_url), hansen).player.firstname == "Tess"
    split = api.post(
        "/api/v1/registry/splits",
        {"player": ivanov, "when": "2026-03-01", "surname": "ZHANG", "firstname": "Li"},
    )
    assert split.status_code == 201, split.text  # type: ignore[attr-defined]
    assert show_player(handle(server_url), ivanov).player.surname == "ZHANG"
    empty = api.post("/api/v1/registry/renames", {"player": ivanov, "when": "2026-04-01"})
    assert empty.status_code == 400  # nothing to change

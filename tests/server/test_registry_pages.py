"""The ID officer's API: new IDs from the country's range, merges; other countries refused."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ratinglist.model.account import Grant, Role
from ratinglist.registry.countries import get_country
from ratinglist.service.accounts import add_user, grant
from ratinglist.service.actor import SYSTEM
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

"""A tournament-server database for the tests: 16 registry players (one named like an XSS
probe, as an old imported list may hold), an admin, a director, an assistant, a user with no
role, and helpers to sign in through the API."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import insert

from ratinglist.model.account import Grant, Role
from ratinglist.service.accounts import add_user, grant
from ratinglist.service.actor import SYSTEM
from ratinglist.service.databases import open_database
from ratinglist.store.schema import players
from tests.conftest import handle

EVIL = "<img src=x onerror=alert(1)>"
PASSWORD = "correct horse battery"
SURNAMES = (
    "ANDERSEN", "BERG", "COSTA", "DUBOIS", "EVANS", "FISCHER", "GARCIA", "HANSEN",
    "IVANOV", "JANSEN", "KOWALSKI", "LAURENT", "MORI", "NIELSEN", "OTTO",
)  # fmt: skip
PLAYER_IDS = tuple(range(500001, 500017))


def seed_server(url: str) -> None:
    """Registry players and the users of the tests (`PASSWORD` for all)."""
    store = open_database(url, create=True)
    rows = [
        {"id": pid, "surname": name, "firstname": "Test", "country": "FRA", "rating": 1500 + i,
         "origin": "test", "merged_into": None}
        for i, (pid, name) in enumerate(zip(PLAYER_IDS, (EVIL, *SURNAMES), strict=True))
    ]  # fmt: skip
    with store.begin() as conn:
        conn.execute(insert(players), rows)
    for name in ("admin", "director", "assistant", "nobody", "officer"):
        add_user(handle(url, create=True), name, PASSWORD, SYSTEM)
    grant(handle(url), "admin", Grant(Role.ADMIN), SYSTEM)
    grant(handle(url), "director", Grant(Role.TD), SYSTEM)
    grant(handle(url), "officer", Grant(Role.RATING_OFFICER), SYSTEM)


@dataclass(frozen=True, slots=True)
class Signed:
    """A client signed in through the API, and its CSRF header."""

    client: TestClient
    csrf: str

    def post(self, path: str, body: object | None = None) -> object:
        """POST JSON with the CSRF header; the response."""
        return self.client.post(path, json=body, headers={"X-CSRF-Token": self.csrf})


def sign_in(client: TestClient, user: str) -> Signed:
    """Sign `client` in as `user` through ``POST /api/v1/login``."""
    response = client.post("/api/v1/login", json={"username": user, "password": PASSWORD})
    assert response.status_code == 200, response.text
    return Signed(client, response.json()["csrf"])


def browser_sign_in(page: Any, base: str, user: str) -> None:
    """Sign `user` in through the login form of the served app at `base` (a Playwright page);
    it lands on `/td`."""
    page.goto(f"{base}/login?next=/td")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", PASSWORD)
    page.click("form[action='/login'] button[type=submit]")
    page.wait_for_url(f"{base}/td")

"""Sessions a worker remembers for a few seconds (`service.accounts.SESSION_CHECK_S`):
signing out and a revocation count at once in the process that made them, a revocation
made elsewhere within the check time, and a role granted elsewhere at once."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ratinglist.model.account import Grant, Role
from ratinglist.service import accounts
from ratinglist.service.accounts import SESSION_CHECK_S, revoke
from ratinglist.service.actor import SYSTEM
from ratinglist.service.databases import open_database
from ratinglist.store.accounts import add_grant, remove_grant
from tests.conftest import handle
from tests.server.fixtures import Signed, sign_in

NEW = {"name": "Lyon Open", "country": "France", "start_date": "2026-11-21", "rounds": 3}


def _create(user: Signed) -> int:
    """The status of creating a tournament as `user`."""
    response: Any = user.post("/api/v1/td/tournaments", NEW)
    return int(response.status_code)


def test_signing_out_ends_the_session_at_once(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    assert app_client.get("/api/v1/td/tournaments").status_code == 200
    out = app_client.post("/api/v1/logout", headers={"X-CSRF-Token": director.csrf})
    assert out.status_code == 204
    assert app_client.get("/api/v1/td/tournaments").status_code == 401


def test_a_revocation_counts_at_once_in_this_process(
    app_client: TestClient, server_url: str
) -> None:
    director = sign_in(app_client, "director")
    assert _create(director) == 201
    revoke(handle(server_url), "director", Grant(Role.TD), SYSTEM)
    assert _create(director) == 403


@pytest.mark.both_backends
def test_a_role_granted_by_another_process_counts_at_once(
    app_client: TestClient, server_url: str
) -> None:
    nobody = sign_in(app_client, "nobody")
    assert _create(nobody) == 403
    with open_database(server_url).begin() as conn:  # as another worker would: no cache touched
        add_grant(conn, "nobody", Grant(Role.TD), dt.datetime.now(dt.UTC), "test")
    assert _create(nobody) == 201


@pytest.mark.both_backends
def test_a_revocation_by_another_process_counts_within_the_check_time(
    app_client: TestClient, server_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    director = sign_in(app_client, "director")
    assert _create(director) == 201
    with open_database(server_url).begin() as conn:
        remove_grant(conn, "director", Grant(Role.TD))
    later = accounts._clock() + SESSION_CHECK_S + 0.1
    monkeypatch.setattr(accounts, "_clock", lambda: later)
    assert _create(director) == 403


def test_every_answer_says_how_long_the_app_took(app_client: TestClient) -> None:
    header = app_client.get("/api/v1/openapi.json").headers["server-timing"]
    name, _, ms = header.partition(";dur=")
    assert name == "app"
    assert float(ms) >= 0

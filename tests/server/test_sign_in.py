"""Signing in (issue 19, item 9): the throttle holds back one (name, address) only, with a pause
that doubles; an unknown name costs the same time as a known one and leaves nothing in the
database; a user changes their own password and an admin manages users on pages."""

from __future__ import annotations

import base64
import datetime as dt
import json
import re
import statistics
import time

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from ratinglist.errors import AccountError, RateLimited
from ratinglist.service import accounts
from ratinglist.service.actor import SYSTEM
from ratinglist.service.databases import open_database
from ratinglist.store.schema import login_failures
from ratinglist.web.app import create_app
from tests.conftest import handle
from tests.server.fixtures import PASSWORD

WRONG = "not-the-password"


def _client(app: FastAPI, address: str) -> TestClient:
    return TestClient(app, client=(address, 40000))


def _login(client: TestClient, user: str, password: str) -> int:
    response = client.post("/api/v1/login", json={"username": user, "password": password})
    return int(response.status_code)


def _stored_failures(url: str) -> int:
    with open_database(url).connect() as conn:
        return int(conn.execute(select(func.count()).select_from(login_failures)).scalar() or 0)


def test_wrong_passwords_from_one_address_do_not_stop_another(server_url: str) -> None:
    app = create_app(server_url)
    guesser, owner = _client(app, "192.0.2.66"), _client(app, "198.51.100.7")
    assert [_login(guesser, "director", WRONG) for _ in range(5)] == [401] * 5
    assert _login(guesser, "director", PASSWORD) == 429  # the guesser's address waits
    assert _login(owner, "director", PASSWORD) == 200  # the owner elsewhere does not


def test_an_unknown_name_stores_nothing_and_is_throttled_alike(server_url: str) -> None:
    app = create_app(server_url)
    guesser = _client(app, "192.0.2.67")
    assert [_login(guesser, "no-such-user-xyz", WRONG) for _ in range(5)] == [401] * 5
    assert _stored_failures(server_url) == 0
    assert _login(guesser, "no-such-user-xyz", WRONG) == 429  # as a known name would be
    assert [_login(guesser, "admin", WRONG) for _ in range(2)] == [401] * 2
    assert _stored_failures(server_url) == 2


@pytest.mark.both_backends
def test_the_pause_doubles_with_each_further_failure(
    server_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = dt.datetime(2026, 11, 26, 12, 0, tzinfo=dt.UTC)
    clock = [start]
    monkeypatch.setattr(accounts, "_now", lambda: clock[0])

    def attempt(after_s: float) -> str:
        clock[0] = start + dt.timedelta(seconds=after_s)
        try:
            accounts.sign_in(handle(server_url), "director", WRONG, "192.0.2.1")
        except RateLimited:
            return "paused"
        except AccountError:
            return "checked"
        return "signed in"

    assert [attempt(i) for i in range(5)] == ["checked"] * 5  # failures at 0..4 s
    # 5 failures: 30 s from the last one (4 s); a 6th failure then pauses 60 s, a 7th 120 s
    assert attempt(33) == "paused" and attempt(35) == "checked"
    assert attempt(94) == "paused" and attempt(96) == "checked"
    assert attempt(215) == "paused" and attempt(217) == "checked"


def test_a_failure_takes_as_long_for_an_unknown_name_as_for_a_known_one(
    server_url: str, production_hasher: None
) -> None:
    """The work of a failed sign-in (this process's CPU time, the server thread's and the
    hash's threads: what other processes on a loaded machine do not blur) is the same for
    a name that exists and one that does not; the wall-clock medians are printed too. With
    the production hash cost (the suite's cheap hashes would leave only the queries): the
    only test that pays it, so five tries of each (twelve hashes in all: the password set,
    the unknown name's stand-in hash made once, ten checks); a median of five stands two
    slow tries (the first unknown one also makes the stand-in)."""
    accounts.set_password(handle(server_url), "director", PASSWORD, SYSTEM)
    app = create_app(server_url)
    cpu: dict[str, list[float]] = {"director": [], "nobody-here": []}
    wall: dict[str, list[float]] = {"director": [], "nobody-here": []}
    for i in range(5):  # in turn known first and unknown first
        for name in list(cpu)[:: 1 if i % 2 else -1]:
            client = _client(app, f"203.0.113.{2 * i + (name == 'director')}")  # never throttled
            began, began_cpu = time.perf_counter(), time.process_time()
            assert _login(client, name, WRONG) == 401
            cpu[name].append(time.process_time() - began_cpu)
            wall[name].append(time.perf_counter() - began)
    known, unknown = (statistics.median(t) for t in cpu.values())
    print(
        "failed sign-in medians, known/unknown: CPU "
        f"{known * 1000:.1f}/{unknown * 1000:.1f} ms, wall "
        + "/".join(f"{statistics.median(t) * 1000:.1f}" for t in wall.values())
        + " ms"
    )
    assert abs(known - unknown) < 0.2 * known, (cpu, wall)


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def test_a_user_changes_their_own_password_on_the_web(app_client: TestClient) -> None:
    assert _login(app_client, "director", PASSWORD) == 200
    other = TestClient(app_client.app)
    assert _login(other, "director", PASSWORD) == 200
    page = app_client.get("/account")
    assert page.status_code == 200 and "Change your password" in page.text
    new = "a brand new passphrase"
    wrong = app_client.post(
        "/account/password",
        data={"csrf_token": _csrf(page.text), "current": WRONG, "new": new, "again": new},
    )
    assert "no match" in wrong.text
    done = app_client.post(
        "/account/password",
        data={"csrf_token": _csrf(page.text), "current": PASSWORD, "new": new, "again": new},
    )
    assert done.status_code == 200 and "Password changed" in done.text
    assert app_client.get("/account").status_code == 200  # this device stays signed in
    assert other.get("/account", follow_redirects=False).status_code == 303  # others are out
    assert _login(other, "director", PASSWORD) == 401
    assert _login(other, "director", new) == 200


def test_an_admin_manages_users_and_grants_on_a_page(app_client: TestClient) -> None:
    assert _login(app_client, "director", PASSWORD) == 200
    assert app_client.get("/account/users").status_code == 403
    assert _login(app_client, "admin", PASSWORD) == 200
    page = app_client.get("/account/users")
    assert page.status_code == 200 and "director" in page.text
    csrf = _csrf(page.text)
    added = app_client.post(
        "/account/users", data={"csrf_token": csrf, "name": "carol", "password": "carol's pass"}
    )
    assert "user carol added" in added.text
    granted = app_client.post(
        "/account/users/grant",
        data={"csrf_token": csrf, "name": "carol", "role": "id_officer", "scope": "Japan"},
    )
    assert "carol now has id_officer:JPN" in granted.text
    assert [u.grants for u in accounts.users(app_client.app.state.db) if u.name == "carol"]
    bad = app_client.post(
        "/account/users/grant", data={"csrf_token": csrf, "name": "carol", "role": "king"}
    )
    assert "expected a role among" in bad.text
    revoked = app_client.post(
        "/account/users/revoke",
        data={"csrf_token": csrf, "name": "carol", "role": "id_officer", "scope": "JPN"},
    )
    assert "carol no longer has id_officer:JPN" in revoked.text
    carol = TestClient(app_client.app)
    assert _login(carol, "carol", "carol's pass") == 200
    app_client.post(
        "/account/users/password",
        data={"csrf_token": csrf, "name": "carol", "password": "another pass"},
    )
    assert _login(carol, "carol", "another pass") == 200


def test_a_message_in_the_query_string_is_not_shown(app_client: TestClient) -> None:
    assert _login(app_client, "admin", PASSWORD) == 200
    for path in ("/account", "/account/users", "/registry"):
        spoof = "Official notice: send your password to evil.example"
        page = app_client.get(path, params={"msg": spoof, "err": spoof})
        assert page.status_code == 200 and spoof not in page.text, path
    forged = base64.urlsafe_b64encode(json.dumps(["notice", "FORGED NOTICE"]).encode()).decode()
    app_client.cookies.set("rl_flash", f"{forged}.{'0' * 64}")
    assert "FORGED NOTICE" not in app_client.get("/account").text

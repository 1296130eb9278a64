"""Every route that writes, or reads a private page, refuses an anonymous user (401 or a
redirect to the sign-in page) and a user without the role (403); a write without its CSRF
token is refused (403). The routes are enumerated from the app, so a new one is covered."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from ratinglist.web.app import create_app
from ratinglist.web.auth import CODE_WRITES, PUBLIC_WRITES, SAFE_METHODS, is_private
from tests.server.fixtures import PLAYER_IDS, sign_in

SIGN_OUT = {
    "/logout",
    "/api/v1/logout",
    "/account/password",
    "/account/email",
    "/account/language",
}
"""Writes any signed-in user may make (no role needed): sign out, their own password,
e-mail address and mail language."""


def _api_routes(routes: list[Any], prefix: str = "") -> list[tuple[str, str]]:
    """(method, path) of every API route, routers included with FastAPI's wrappers too."""
    out = []
    for route in routes:
        if isinstance(route, APIRoute):
            out.extend((m, prefix + route.path) for m in sorted(route.methods or ()))
        elif hasattr(route, "original_router"):
            inner = prefix + route.include_context.prefix
            out.extend(_api_routes(route.original_router.routes, inner))
    return out


def _routes(client: TestClient) -> list[tuple[str, str]]:
    found = []
    for method, path in _api_routes(client.app.routes):  # type: ignore[attr-defined]
        writes = method not in SAFE_METHODS and path not in PUBLIC_WRITES | CODE_WRITES
        if writes or (method in SAFE_METHODS and is_private(path)):
            found.append((method, path))
    return found


def _fill(path: str, tid: int) -> str:
    path = path.replace("{tid}", str(tid))
    return re.sub(r"\{[a-z_]+\}", "1", path)


@pytest.fixture
def tournament(app_client: TestClient) -> int:
    director = sign_in(app_client, "director")
    made = director.post(
        "/api/v1/td/tournaments",
        {"name": "Guarded Open", "country": "France", "start_date": "2026-11-21", "rounds": 3},
    )
    tid = int(made.json()["id"])  # type: ignore[attr-defined]
    director.post(
        f"/api/v1/td/tournaments/{tid}/players", {"players": [str(p) for p in PLAYER_IDS]}
    )
    director.post(f"/api/v1/td/tournaments/{tid}/rounds")
    app_client.cookies.clear()
    return tid


def test_the_app_has_guarded_routes(app_client: TestClient) -> None:
    routes = _routes(app_client)
    paths = {p for _, p in routes}
    assert "/api/v1/td/tournaments/{tid}/results" in paths
    assert len(routes) >= 14


def test_anonymous_is_refused_everywhere(app_client: TestClient, tournament: int) -> None:
    for method, path in _routes(app_client):
        response = app_client.request(
            method, _fill(path, tournament), json={}, follow_redirects=False
        )
        if path.startswith("/api/"):
            assert response.status_code == 401, (method, path, response.status_code)
        else:
            assert response.status_code in (401, 303), (method, path, response.status_code)
            if response.status_code == 303:
                assert response.headers["location"].startswith("/login")


def test_every_anonymous_write_without_a_session_needs_a_code(
    app_client: TestClient, tournament: int
) -> None:
    """The players' side's anonymous writes (issue 35), each listed: those with a code refuse
    a missing or wrong one (403, or 400/422 for a body without one), and nothing is written;
    the registration form refuses a tournament not open to registration (409) or a form
    without its token (403)."""
    anonymous = [
        (m, p)
        for m, p in _api_routes(app_client.app.routes)  # type: ignore[attr-defined]
        if m not in SAFE_METHODS and p not in PUBLIC_WRITES and p in CODE_WRITES
    ]
    assert {p for _, p in anonymous} == set(CODE_WRITES)
    director = sign_in(app_client, "director")
    director.post(f"/api/v1/td/tournaments/{tournament}/live", {"public": True})
    app_client.cookies.clear()
    seq = app_client.get(f"/api/v1/live/{tournament}/seq")
    assert seq.status_code == 200
    for method, path in anonymous:
        url = _fill(path, tournament)
        empty = app_client.request(method, url, json={}, follow_redirects=False)
        assert empty.status_code in (400, 403, 409, 422), (path, empty.status_code)
        body = {
            "code": "ZZZZZ-ZZZZZ",
            "round": 1,
            "table": 1,
            "score": "40-24",
            "name": "PROBE, Anne",
            "email": "probe@example.org",
            "country": "France",
        }
        if path.startswith("/api/"):
            guessed = app_client.request(method, url, json=body, follow_redirects=False)
        else:
            guessed = app_client.request(method, url, data=body, follow_redirects=False)
        assert guessed.status_code in (403, 409), (path, guessed.status_code)
    assert app_client.get(f"/api/v1/live/{tournament}/seq").json() == seq.json()


def test_a_user_without_the_role_is_refused(app_client: TestClient, tournament: int) -> None:
    nobody = sign_in(app_client, "nobody")
    for method, path in _routes(app_client):
        if path in SIGN_OUT:
            continue
        if method == "GET" and "{" not in path:  # a listing: empty for a user without roles
            listing = app_client.get(path)
            assert listing.status_code in (200, 403), path
            if listing.status_code == 403:
                continue
            if path.startswith("/api/"):
                assert listing.json() == [], path
            else:
                assert f"/td/{tournament}" not in listing.text, path
                assert "New tournament" not in listing.text, path
            continue
        response = app_client.request(
            method,
            _fill(path, tournament),
            json={},
            headers={"X-CSRF-Token": nobody.csrf},
            follow_redirects=False,
        )
        assert response.status_code == 403, (method, path, response.status_code)


def test_a_write_without_its_csrf_token_is_refused(app_client: TestClient, tournament: int) -> None:
    sign_in(app_client, "admin")
    for method, path in _routes(app_client):
        if method in SAFE_METHODS:
            continue
        url = _fill(path, tournament)
        for headers in ({}, {"X-CSRF-Token": "forged"}):
            response = app_client.request(
                method, url, json={}, headers=headers, follow_redirects=False
            )
            assert response.status_code == 403, (method, path, headers, response.status_code)
            assert "csrf" in response.text.lower()


def test_a_form_without_its_csrf_token_is_refused(app_client: TestClient, tournament: int) -> None:
    sign_in(app_client, "admin")
    for method, path in _routes(app_client):
        if method in SAFE_METHODS or path.startswith("/api/"):
            continue
        response = app_client.request(
            method, _fill(path, tournament), data={"score": "40-24"}, follow_redirects=False
        )
        assert response.status_code == 403, (method, path, response.status_code)


def test_sign_in_is_rate_limited(app_client: TestClient) -> None:
    for _ in range(5):
        wrong = app_client.post(
            "/api/v1/login", json={"username": "director", "password": "nope-nope"}
        )
        assert wrong.status_code == 401
    from tests.server.fixtures import PASSWORD

    blocked = app_client.post("/api/v1/login", json={"username": "director", "password": PASSWORD})
    assert blocked.status_code == 429
    assert (
        app_client.post(
            "/api/v1/login", json={"username": "admin", "password": PASSWORD}
        ).status_code
        == 200
    )


def test_the_session_cookie_is_httponly_and_samesite(app_client: TestClient) -> None:
    from tests.server.fixtures import PASSWORD

    response = app_client.post("/api/v1/login", json={"username": "admin", "password": PASSWORD})
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie


def test_a_private_page_is_never_served_from_the_cache_to_someone_else(server_url: str) -> None:
    app = create_app(server_url)
    with TestClient(app) as officer, TestClient(app) as anonymous:
        csrf = sign_in(officer, "officer").csrf
        assert officer.get("/registry").status_code == 200
        again = anonymous.get("/registry", follow_redirects=False)
        assert again.status_code == 303
        assert csrf not in again.text

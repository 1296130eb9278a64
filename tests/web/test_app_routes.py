"""The site's routes are made once per process and added to each app as they are (issue 38:
FastAPI's ``include_router`` would make each route again at an app's first request)."""

from __future__ import annotations

from pathlib import Path

from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from ratinglist.web.app import create_app, site_routes


def test_two_apps_share_the_routes_made_once(tmp_path: Path) -> None:
    first = create_app(f"sqlite:///{tmp_path / 'a.db'}")
    second = create_app(f"sqlite:///{tmp_path / 'b.db'}")
    made = site_routes()
    assert [r for r in first.routes if r in made] == list(made)
    assert all(any(r is s for s in second.routes) for r in made)


def test_no_route_is_reached_through_an_included_router() -> None:
    routes = site_routes()
    assert not [r for r in routes if hasattr(r, "original_router")]
    paths = {r.path for r in routes if isinstance(r, APIRoute)}
    assert {"/", "/players/{player_id}", "/api/v1/lists", "/td/new"} <= paths
    assert any(p.startswith("/go/") for p in paths)  # a game's own pages (web/views/games)


def test_an_unknown_address_is_answered_404_by_the_app(tmp_path: Path) -> None:
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'a.db'}"))
    assert client.get("/no-such-page").status_code == 404
    assert client.get("/api/v1/lists").status_code == 200

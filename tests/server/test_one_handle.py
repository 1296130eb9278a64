"""Issue 20 item 5: one database handle per process. A served app makes its `Store` once, in
`create_app`, and every kind of request (site pages, sign-in, the intake queue, the
registry, the director's tournament pages and API) is answered on it: one engine per
database file in the process."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from ratinglist.service.databases import forget_database, open_database
from ratinglist.web.app import create_app, site_of
from tests.conftest import engines_made
from tests.server.fixtures import PLAYER_IDS, sign_in


@pytest.mark.both_backends
def test_a_served_app_holds_one_store_of_its_database(
    server_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    forget_database(server_url)  # the seeding's handle: the app makes its own
    made = engines_made(monkeypatch)
    app = create_app(server_url)
    with TestClient(app) as client:
        assert client.get("/tournaments").status_code == 200
        director = sign_in(client, "director")
        created = director.post(
            "/api/v1/td/tournaments",
            {"name": "Handle Open", "country": "France", "start_date": "2026-11-21", "rounds": 3},
        )
        assert created.status_code == 201  # type: ignore[attr-defined]
        tid = created.json()["id"]  # type: ignore[attr-defined]
        players = {"players": [str(p) for p in PLAYER_IDS]}
        registered = director.post(f"/api/v1/td/tournaments/{tid}/players", players)
        assert registered.status_code == 201  # type: ignore[attr-defined]
        assert client.get(f"/td/{tid}").status_code == 200
        assert client.get(f"/live/{tid}").status_code == 200
        with TestClient(app) as other:
            sign_in(other, "officer")
            assert other.get("/intake").status_code == 200
            assert other.get("/registry").status_code == 200
        with TestClient(app) as admin:
            sign_in(admin, "admin")
            assert admin.get("/account/users").status_code == 200
    assert made == [server_url]
    assert site_of(app).store is app.state.db
    assert open_database(server_url) is app.state.db

"""The site's routes are made once per process and added to each app as they are (issue 38:
FastAPI's ``include_router`` would make each route again at an app's first request), each
route made at its first use (`web.routes.LazyRoute`), answering as FastAPI's own would."""

from __future__ import annotations

import threading
from pathlib import Path as FilePath
from typing import Annotated, Any
from unittest import mock

import fastapi
from fastapi import Depends, FastAPI, Form, Path, Query
from fastapi.responses import HTMLResponse
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from pydantic import BaseModel, Field

from ratinglist.web.app import create_app, site_routes
from ratinglist.web.routes import APIRouter, LazyRoute


def test_two_apps_share_the_routes_made_once(tmp_path: FilePath) -> None:
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


def test_an_unknown_address_is_answered_404_by_the_app(tmp_path: FilePath) -> None:
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'a.db'}"))
    assert client.get("/no-such-page").status_code == 404
    assert client.get("/api/v1/lists").status_code == 200


def test_every_route_of_the_site_is_made_at_its_first_use_and_can_be_made() -> None:
    routes = [r for r in site_routes() if isinstance(r, APIRoute)]
    assert routes and all(isinstance(r, LazyRoute) for r in routes)  # web.routes.APIRouter
    for route in routes:
        route.make()
        assert route.dependant is not None and route.app is not None


class Body(BaseModel):
    name: str = Field(max_length=5)
    rounds: int = 1


class Answer(BaseModel):
    name: str
    rounds: int


def tournament(tid: Annotated[int, Path(ge=1)]) -> int:
    return tid


def shown(lang: str = "en") -> str:
    return lang


def get_one(tid: Annotated[int, Depends(tournament)], page: int = Query(1, ge=1)) -> Answer:
    """Its name and page."""
    return Answer(name=str(tid), rounds=page)


def create(body: Body, lang: Annotated[str, Depends(shown)]) -> Answer:
    return Answer(name=f"{body.name}/{lang}", rounds=body.rounds)


def form(name: Annotated[str, Form()], when: Annotated[str | None, Form()] = None) -> str:
    return f"<p>{name} {when}</p>"


def _declare(router: fastapi.APIRouter) -> None:
    router.get("/t/{tid}", tags=["t"], summary="One tournament")(get_one)
    router.post("/t", status_code=201)(create)
    router.post("/form", response_class=HTMLResponse)(form)


def _client(router: fastapi.APIRouter) -> TestClient:
    _declare(router)
    app = FastAPI()
    app.router.routes.extend(router.routes)
    return TestClient(app)


def test_a_route_made_at_its_first_use_answers_as_fastapis_own() -> None:
    lazy, eager = _client(APIRouter(prefix="/x")), _client(fastapi.APIRouter(prefix="/x"))
    made_later = [r for r in lazy.app.routes if isinstance(r, LazyRoute)]  # type: ignore[attr-defined]
    assert len(made_later) == 3 and all(r.__dict__.get("_options") for r in made_later)
    requests = [
        ("GET", "/x/t/3?page=2", None, None),
        ("GET", "/x/t/0", None, None),  # refused: tid >= 1
        ("GET", "/x/t/3?page=zero", None, None),
        ("POST", "/x/t?lang=fr", {"name": "ab", "rounds": 4}, None),
        ("POST", "/x/t", {"name": "abcdefg"}, None),  # refused: too long
        ("POST", "/x/form", None, {"name": "z"}),
        ("POST", "/x/form", None, {}),  # refused: name missing
        ("PUT", "/x/t", None, None),  # 405
    ]
    for method, url, body, data in requests:
        got = lazy.request(method, url, json=body, data=data)
        want = eager.request(method, url, json=body, data=data)
        assert (got.status_code, got.text) == (want.status_code, want.text), url
        assert got.headers.get("content-type") == want.headers.get("content-type")
    assert lazy.get("/openapi.json").json() == eager.get("/openapi.json").json()
    assert lazy.app.url_path_for("get_one", tid=7) == "/x/t/7"  # type: ignore[attr-defined]


def test_asking_a_route_for_what_fastapi_never_sets_makes_nothing() -> None:
    router = APIRouter()
    _declare(router)
    route = router.routes[0]
    assert getattr(route, "original_router", None) is None
    assert route.__dict__.get("_options") is not None
    assert route.path == "/t/{tid}" and route.methods == {"GET"}  # type: ignore[attr-defined]
    assert route.__dict__.get("_options") is not None


def test_threads_asking_a_route_at_once_all_get_it_made_once() -> None:
    router = APIRouter()
    _declare(router)
    route = router.routes[0]
    made: list[int] = []
    original = APIRoute.__init__

    def counted(self: APIRoute, *args: Any, **kwargs: Any) -> None:
        made.append(1)
        original(self, *args, **kwargs)

    start = threading.Barrier(8)
    found: list[object] = []

    def ask() -> None:
        start.wait()
        found.append(route.dependant)  # type: ignore[attr-defined]

    with mock.patch.object(APIRoute, "__init__", counted):
        threads = [threading.Thread(target=ask) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
    assert len(found) == 8 and all(d is found[0] for d in found)
    assert made == [1]

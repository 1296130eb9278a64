"""Every route of the app, probed with bad input, answers a proper page or JSON error: never a
500, a traceback or a server path, and HTML answers carry the security headers (OWASP ASVS
level 1).

The routes are enumerated from the app (a new route is covered) and each is sent, by the role
it needs (an anonymous visitor for public routes, the rating officer for the registry, intake
and publishing, the admin for the users, the director of the tournaments for the rest):
path parameters out of range or of the wrong type, query parameters wrong or repeated, forms
empty, mistyped or over-long, JSON malformed or of the wrong shape, and a forged CSRF token
in Unicode. One app over one database for the module; requests go in-process through httpx's
ASGI transport (about a third less CPU per request than `TestClient`'s thread hop).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from pydantic import BaseModel

from ratinglist.service.databases import forget_database
from ratinglist.web.app import create_app
from ratinglist.web.auth import CODE_WRITES, PUBLIC_WRITES, SAFE_METHODS, is_private
from tests.server.fixtures import PLAYER_IDS, seed_server, sign_in
from tests.web.routes import check_security_headers
from tests.web.site_fixture import LIST_DATES, build_site_db

HUGE = "9" * 30
"""A number past every integer column (PostgreSQL's hold 32 bits, SQLite's 64)."""
LONG = "x" * 5000 + "é漢字"
"""An over-long value (longer than any field allows), ending in Unicode."""
UNKNOWN = ("0", "-1", str(10**12), HUGE)
"""Numbers naming nothing, the last past any column; each route gets one of them in turn."""
NOT_A_NUMBER = "abc" + "x" * 300 + "%C3%A9%E6%BC%A2"
"""A path parameter of the wrong type, long, ending in Unicode (URL-encoded)."""
BAD_NAMES = ("..%2F..%2Fetc%2Fpasswd", "x" * 300 + "%C3%A9", "-1")
"""Values of a text path parameter (a list date, an export kind, a sheet)."""
BAD_TEXT = "-1 é漢字\x00"
"""The value of one text field: not a number, Unicode, a NUL."""
LONG_NUMBER = "9" * 4301
"""A text of digits that Python's int() refuses (4,300 digits and more)."""
ODD_TEXT = ("NaN", "1e309", HUGE, "2026-02-30", "")
"""Texts a view may read as a number or a date itself; each text field gets one of them in
turn, besides `BAD_TEXT`."""
BAD_JSON = ("{", "[]")
"""Bodies that are not JSON, or JSON of the wrong shape."""
SAMPLES: dict[str, object] = {
    "score": "40-24",
    "start_date": "2026-11-21",
    "country": "France",
    "email": "probe@example.org",
    "name": "PROBE, Anne",
    "surname": "PROBE",
    "rank": "3d",
    "players": ["500001"],
    "code": "ZZZZZ-ZZZZZ",
}
"""Values a field of that name takes in a well-formed request (others: by their type)."""
LEAKS = ("Traceback", "/work/", "/tmp/", "site-packages", 'File "')
"""Text that must never reach a reader: a traceback or a path on the server."""
JSON_TYPE = {"content-type": "application/json"}
MULTIPART = {"content-type": "multipart/form-data; boundary=z"}
FORM = {"content-type": "application/x-www-form-urlencoded"}
ODD: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("GET", "/?lang=%00..%2Fx", {}),
    ("GET", "/", {"headers": {"accept-language": "*;q=abc, ;;;, zz-ZZ;q=2, " + "x" * 500}}),
    ("GET", "/", {"headers": {"cookie": b'lang="\\x; rl_session=\xff\xfe; ;;='}}),
    ("GET", "/td", {"headers": {"cookie": "rl_session=é漢".encode()}}),
    ("GET", "/%2e%2e/%2e%2e/etc/passwd", {}),
    ("GET", "/players/" + "9" * 5000, {}),
    ("GET", "/api/v1/players/50002?owner=" + "9" * 5000, {}),
    ("GET", "/static/..%2F..%2Fapp.py", {}),
    ("GET", "/static/%00", {}),
    ("GET", "/api/docs/assets/..%2F..%2F__init__.py", {}),
    ("POST", "/api/v1/login", {"content": b'{"username": "\xff"}', "headers": JSON_TYPE}),
    ("POST", "/api/v1/login", {"content": b"[" * 50000 + b"]" * 50000, "headers": JSON_TYPE}),
    ("POST", "/api/v1/login", {"json": {"username": "é" * 70, "password": "\x00" * 2000}}),
    ("POST", "/check", {"content": b"x", "headers": {"content-type": "multipart/form-data"}}),
    ("POST", "/check", {"content": b"--z\r\nbroken", "headers": MULTIPART}),
    ("POST", "/check", {"content": b"text=%zz%ff\xff&&=", "headers": FORM}),
)  # fmt: skip
"""Requests any route may get, sent once by a visitor: a language, cookies and headers that
cannot be read, paths climbing out of the static folders, bodies that cannot be read."""
ROLES = ("director", "officer", "admin")
ENDING = ("/undo", "/delete", "/logout")
"""Routes probed last: an undo without a body undoes (the pairing the others probe), the
others delete the tournament or end the session the others use."""


@dataclass(frozen=True, slots=True)
class World:
    """The app, the session cookie and CSRF token of each role, and what paths name."""

    app: FastAPI
    sessions: dict[str, tuple[dict[str, str], str]]
    values: dict[str, str]
    go: int


@dataclass
class Findings:
    """What the probe sent and what answered wrongly."""

    sent: int = 0
    routes: set[tuple[str, str]] = field(default_factory=set)
    statuses: dict[int, int] = field(default_factory=dict)
    wrong: list[str] = field(default_factory=list)


def _routes(routes: list[Any]) -> list[APIRoute]:
    """Every API route of the app, routers included with FastAPI's wrappers too."""
    out = []
    for route in routes:
        if isinstance(route, APIRoute):
            out.append(route)
        elif hasattr(route, "original_router"):
            out.extend(_routes(route.original_router.routes))
    return out


def _role(method: str, path: str) -> str:
    """Who sends the probe: anonymous for public routes, else the role the route needs."""
    if method in SAFE_METHODS and not is_private(path):
        return "anonymous"
    if method not in SAFE_METHODS and (path in PUBLIC_WRITES or path in CODE_WRITES):
        return "anonymous"
    if path.startswith("/account/users"):
        return "admin"
    officer = ("/registry", "/publishing", "/intake")
    if path.startswith(officer) or path.startswith(tuple("/api/v1" + p for p in officer)):
        return "officer"
    return "director"


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """The small site's archive and lists, the server's users and registry players, an
    Othello tournament (round 1 paired, one result, live) and a Go tournament (entries)."""
    folder = tmp_path_factory.mktemp("robustness")
    url = build_site_db(folder, f"sqlite:///{folder / 'probe.db'}")
    seed_server(url)
    app = create_app(url)
    sessions = {}
    with TestClient(app) as client:
        for name in ROLES:
            client.cookies.clear()
            signed = sign_in(client, name)
            sessions[name] = (dict(client.cookies), signed.csrf)
        client.cookies.clear()
        director = sign_in(client, "director")
        td = "/api/v1/td/tournaments"
        made: Any = director.post(
            td, {"name": "Probe Open", "country": "France", "start_date": "2026-11-21", "rounds": 3}
        )
        tid = int(made.json()["id"])
        director.post(f"{td}/{tid}/players", {"players": [str(p) for p in PLAYER_IDS]})
        director.post(f"{td}/{tid}/rounds")
        director.post(f"{td}/{tid}/results", {"round": 1, "table": 1, "score": "40-24"})
        director.post(f"{td}/{tid}/live", {"public": True})
        go: Any = director.post(
            td,
            {"name": "Probe Go", "country": "FR", "start_date": "2026-11-21", "rounds": 3,
             "game": "go", "system": "mcmahon", "bar": "4d", "floor": "20k"},
        )  # fmt: skip
        go_tid = int(go.json()["id"])
        new = [{"surname": n, "firstname": "A", "rank": r} for n, r in (("Go", "3d"), ("Ki", "5k"))]
        director.post(f"{td}/{go_tid}/entries", {"new": new})
        site_tournament = client.get("/api/v1/tournaments").json()["tournaments"][0]["id"]
    values = {
        "player_id": "50002",
        "tournament_id": str(site_tournament),
        "as_of": LIST_DATES[-1].isoformat(),
        "date": LIST_DATES[-1].isoformat(),
        "year": "2026",
        "tid": str(tid),
        "number": "1",
        "n": "1",
        "rid": "1",
        "kind": "elo",
        "sheet": "pairings",
        "system": "elo",
    }
    yield World(app, sessions, values, go_tid)
    forget_database(url)


def _fill(path: str, values: dict[str, str], bad: tuple[str, str] | None = None) -> str:
    for name, value in values.items():
        path = path.replace("{" + name + "}", bad[1] if bad and bad[0] == name else value)
    return path


def check_answer(found: Findings, what: str, response: Any) -> None:
    """Count `response`; note it in `found` when it is a 500, leaks a traceback or a server
    path, or is an HTML page without the security headers."""
    found.sent += 1
    found.statuses[response.status_code] = found.statuses.get(response.status_code, 0) + 1
    text = response.text
    problems = []
    if response.status_code >= 500:
        problems.append(f"status {response.status_code}")
    problems += [f"shows {leak!r}" for leak in LEAKS if leak in text]
    if response.headers.get("content-type", "").startswith("text/html"):
        try:
            check_security_headers(what, response.headers)
        except AssertionError as exc:
            problems.append(f"headers {exc}")
    if problems:
        found.wrong.append(f"{what}: {', '.join(problems)}: {text[:200]!r}")


def _fields(route: APIRoute) -> tuple[dict[str, tuple[Any, bool]], bool]:
    """The fields of a route's body (a form's, or a JSON model's): their types and whether
    each is required; and whether the body is JSON."""
    found: dict[str, tuple[Any, bool]] = {}
    json = False
    for param in route.dependant.body_params:
        info = param.field_info
        annotation = info.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            fields = annotation.model_fields.items()
            found.update({k: (f.annotation, f.is_required()) for k, f in fields})
            json = True
        elif type(info).__name__ in ("Form", "File"):
            found[param.alias] = (annotation, info.is_required())
    return found, json


def _sample(name: str, annotation: Any) -> object:
    """A plausible value of a required field, so that one bad field at a time reaches the
    view (the optional ones are left out)."""
    if name in SAMPLES:
        return SAMPLES[name]
    kind = f"{name} {annotation}"
    for word, value in (("date", "2026-03-31"), ("int", 1), ("bool", False), ("list", [])):
        if word in kind:
            return value
    return "1"


def _bad(annotation: Any, turn: int) -> tuple[object, ...]:
    """The wrong values one field is sent, by its type (`turn` picks the odd text)."""
    kind = str(annotation)
    if "int" in kind:
        return (int(HUGE),)
    if "str" in kind:
        return (BAD_TEXT, LONG_NUMBER, ODD_TEXT[turn % len(ODD_TEXT)])
    return ("abc",)


def _as_form(body: dict[str, object]) -> dict[str, str]:
    out = {}
    for key, value in body.items():
        if not isinstance(value, list):
            out[key] = str(value).lower() if isinstance(value, bool) else str(value)
    return out


def _bodies(route: APIRoute, turn: int, forge: bool) -> Iterator[dict[str, Any]]:
    """The httpx arguments of each bad body sent to a write: none at all, each field wrong in
    turn with the others plausible (a text field also over-long: `LONG_NUMBER`); for a form
    also a file where text is expected; for JSON also a body that is not JSON or of the
    wrong shape (a list where an object is, lists of over-long texts for every field).
    With `forge`, a forged CSRF token in Unicode too (in a form without the header; in the
    header). A route whose view reads the body itself gets both kinds."""
    fields, json = _fields(route)
    good = {k: _sample(k, a) for k, (a, required) in fields.items() if required}
    one_bad = [
        {**good, name: bad}
        for k, (name, (a, _required)) in enumerate(fields.items())
        for bad in _bad(a, turn + k)
    ]
    names = list(fields) or ["name", "upload"]
    if not json:
        yield {"data": {}}
        yield {"files": {names[0]: ("../../etc/passwd", b"\x00\xff" * 100)}}
        if forge:
            yield {"data": {"csrf_token": "é漢字"}, "csrf": False}
        yield from ({"data": _as_form(body)} for body in one_bad)
    if json or not fields:
        for raw in BAD_JSON:
            yield {"content": raw.encode(), "headers": {"content-type": "application/json"}}
        yield {"json": {key: [LONG] for key in names}}
        if forge:
            yield {"json": {}, "headers": {"x-csrf-token": "é".encode("latin-1")}}
        yield from ({"json": body} for body in one_bad)


def _requests(
    world: World, route: APIRoute, method: str, turn: int, forge: bool
) -> Iterator[tuple[str, dict[str, Any]]]:
    """(URL, httpx arguments) of every probe of `route` by `method`: each path parameter bad
    in turn (an unknown number or one past any column, the route's `turn` picking which; not
    a number), each query parameter past any column and sent twice (the second time
    over-long), and for a write the bad bodies of `_bodies`."""
    path = route.path
    values = dict(world.values)
    if route.endpoint.__module__.startswith("ratinglist.web.views.games.go"):
        values["tid"] = str(world.go)
    for param in route.dependant.path_params:
        numeric = param.field_info.annotation is int
        bad_ids = (UNKNOWN[turn % len(UNKNOWN)], NOT_A_NUMBER)
        for bad in bad_ids if numeric else BAD_NAMES:
            yield _fill(path, values, (param.name, bad)), {}
    url = _fill(path, values)
    for param in route.dependant.query_params:
        yield url, {"params": {param.alias: HUGE}}
        yield url, {"params": [(param.alias, "1"), (param.alias, LONG)]}
    if method not in SAFE_METHODS:
        yield from ((url, kwargs) for kwargs in _bodies(route, turn, forge))


async def _probe(world: World) -> Findings:
    found = Findings()
    transport = httpx.ASGITransport(app=world.app, raise_app_exceptions=False)
    clients = {"anonymous": httpx.AsyncClient(transport=transport, base_url="http://testserver")}
    csrf = {"anonymous": ""}
    for role, (cookies, token) in world.sessions.items():
        clients[role] = httpx.AsyncClient(
            transport=transport, base_url="http://testserver", cookies=cookies
        )
        csrf[role] = token
    routes = _routes(world.app.routes)
    modules: set[str] = set()
    forged: set[tuple[str, str]] = set()
    last = [r for r in routes if "DELETE" in r.methods or r.path.endswith(ENDING)]
    last.sort(key=lambda r: [r.path.endswith(e) for e in reversed(ENDING)])
    for turn, route in enumerate([r for r in routes if r not in last] + last):
        for method in sorted(route.methods):
            found.routes.add((method, route.path))
            role = _role(method, route.path)
            # the sessions' CSRF check is one function: forged once per module of views,
            # and at every anonymous write (each checks its form's own token)
            forge = role == "anonymous" or (role, route.endpoint.__module__) not in forged
            forged.add((role, route.endpoint.__module__))
            for url, kwargs in _requests(world, route, method, turn, forge):
                headers = {"x-csrf-token": csrf[role]} if kwargs.pop("csrf", csrf[role]) else {}
                headers.update(kwargs.pop("headers", {}))
                response = await clients[role].request(method, url, headers=headers, **kwargs)
                check_answer(found, f"{role} {method} {url[:100]} {str(kwargs)[:200]}", response)
        if route.endpoint.__module__ not in modules:  # a method no route of it has
            modules.add(route.endpoint.__module__)
            put = await clients["director"].put(_fill(route.path, world.values))
            check_answer(found, f"PUT {route.path}", put)
    for method, url, kwargs in ODD:
        odd = await clients["anonymous"].request(method, url, **kwargs)
        check_answer(found, f"anonymous {method} {url} {str(kwargs)[:100]}", odd)
    for client in clients.values():
        await client.aclose()
    return found


def test_no_route_answers_bad_input_with_a_500_or_a_traceback(world: World) -> None:
    found = asyncio.run(_probe(world))
    assert len(found.routes) >= 250, len(found.routes)
    assert not found.wrong, "\n".join(found.wrong)
    # the probes reached the views: refusals of every kind, the sessions kept to the end (a
    # 401 only for the players' side's writes at a path that is not a tournament's)
    assert {400, 403, 404, 405, 409} <= set(found.statuses), found.statuses
    assert found.statuses.get(401, 0) < found.sent // 50, found.statuses


@dataclass
class _Answer:
    status_code: int
    text: str
    headers: dict[str, str]


def test_the_probe_sees_what_it_is_there_to_catch() -> None:
    found = Findings()
    check_answer(found, "500", _Answer(500, "{}", {"content-type": "application/json"}))
    check_answer(found, "path", _Answer(400, "no file /work/wt/x.db", {}))
    check_answer(found, "trace", _Answer(400, "Traceback (most recent call last)", {}))
    check_answer(found, "headers", _Answer(404, "<p>", {"content-type": "text/html"}))
    check_answer(found, "fine", _Answer(404, "{}", {"content-type": "application/json"}))
    assert [w.split(":")[0] for w in found.wrong] == ["500", "path", "trace", "headers"]
    assert found.sent == 5

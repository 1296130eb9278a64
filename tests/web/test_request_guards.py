"""What anonymous requests may cost and what every answer carries (issue 19, items 10-12):
security headers on every answer, HEAD on every GET route, one ETag, query parameters the
route does not read not bypassing the page cache, Swagger UI from this server, and a body over
the limit refused before it is read (a 50 MB `/check` upload, counted as it streams)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ratinglist.web import views
from ratinglist.web.app import create_app
from ratinglist.web.limits import REQUEST_LIMIT
from tests.web.routes import check_security_headers, get_urls
from tests.web.site_fixture import LIST_DATES

MB = 1024 * 1024


def _values(client: TestClient) -> dict[str, str]:
    """Path parameters naming things of the small site (or nothing, for private routes)."""
    tournament = client.get("/api/v1/tournaments").json()["tournaments"][0]["id"]
    as_of = LIST_DATES[-1].isoformat()
    return {
        "player_id": "50002",
        "tournament_id": str(tournament),
        "as_of": as_of,
        "year": "2026",
        "date": as_of,
        "tid": "1",
        "number": "1",
        "n": "1",
        "kind": "elo",
        "sheet": "pairings",
        "system": "elo",
    }


@pytest.fixture(scope="module")
def urls(client: TestClient) -> list[str]:
    return get_urls(client.app, _values(client))


def test_every_answer_has_the_security_headers(client: TestClient, urls: list[str]) -> None:
    html = 0
    for url in urls:
        response = client.get(url, follow_redirects=False)
        assert response.status_code < 500, (url, response.status_code)
        check_security_headers(url, response.headers)
        html += response.headers.get("content-type", "").startswith("text/html")
    assert html >= 12
    refused = client.post("/check", content=b"x" * 10, headers={"Content-Length": str(60 * MB)})
    check_security_headers("/check (refused)", refused.headers)


def test_head_answers_every_get_route_like_get(client: TestClient, urls: list[str]) -> None:
    for url in urls:
        got = client.get(url, follow_redirects=False)
        head = client.head(url, follow_redirects=False)
        assert head.status_code == got.status_code != 405, (url, head.status_code)
        assert head.content == b"", url
        assert head.headers.get("content-type") == got.headers.get("content-type"), url


def test_one_etag_per_answer(client: TestClient, urls: list[str]) -> None:
    for url in urls:
        response = client.get(url, follow_redirects=False)
        assert len(response.headers.get_list("etag")) <= 1, (url, response.headers)
    assert len(client.get("/static/site.css").headers.get_list("etag")) == 1


def test_unknown_query_parameters_do_not_bypass_the_page_cache(
    site_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[object] = []
    real = views.lists.list_page

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(views.lists, "list_page", counted)
    with TestClient(create_app(site_db)) as fresh:
        tags = {fresh.get(f"/?c=NLD&utm_source={i}").headers["etag"] for i in range(5)}
        tags |= {fresh.get(f"/?x{i}=1&c=NLD").headers["etag"] for i in range(5)}
        both = fresh.get("/?c=NLD&c=FRA")
        assert "DUPONT" in both.text and "VOS" in both.text  # the route's own parameters count
    assert len(tags) == 1
    assert len(calls) <= 2  # "?c=NLD" once, "?c=NLD&c=FRA" once; never once per junk parameter


def test_api_docs_load_swagger_ui_from_this_server(client: TestClient) -> None:
    page = client.get("/api/docs")
    assert page.status_code == 200
    assert "//" not in page.text.replace("<!doctype", "").split("<body>")[0].replace("://", "")
    for asset in ("/api/docs/assets/swagger-ui-bundle.js", "/api/docs/assets/swagger-ui.css"):
        assert asset in page.text
        assert client.get(asset).status_code == 200
    assert "<script>" not in page.text  # nothing inline: the CSP would refuse it


UPLOAD_HEAD = (
    b"--xyz\r\n"
    b'Content-Disposition: form-data; name="upload"; filename="20260110_Paris.ELO"\r\n'
    b"Content-Type: application/octet-stream\r\n\r\n"
)
"""The start of a multipart form uploading a file: the rest is the file's bytes."""


class Streamer:
    """A file upload of `total` bytes sent in 64 KB chunks, counting what the app reads."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.read = 0
        self.sent: list[dict[str, Any]] = []

    async def receive(self) -> dict[str, Any]:
        if self.read >= self.total:
            return {"type": "http.disconnect"}
        size = min(64 * 1024, self.total - self.read)
        chunk = (UPLOAD_HEAD + b"x" * size)[:size] if self.read == 0 else b"x" * size
        self.read += size
        return {"type": "http.request", "body": chunk, "more_body": self.read < self.total}

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    @property
    def status(self) -> int:
        return int(next(m["status"] for m in self.sent if m["type"] == "http.response.start"))


def _post_check(app: Any, body: Streamer, declared: int | None) -> None:
    headers = [(b"content-type", b"multipart/form-data; boundary=xyz")]
    if declared is not None:
        headers.append((b"content-length", str(declared).encode()))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/check",
        "raw_path": b"/check",
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("192.0.2.9", 5000),
        "server": ("testserver", 80),
    }
    asyncio.run(app(scope, body.receive, body.send))


@pytest.fixture(scope="module")
def bare_app(site_db: str) -> Iterator[Any]:
    yield create_app(site_db)


def test_a_50_mb_check_upload_is_refused_before_3_mb_are_read(bare_app: Any) -> None:
    declared = Streamer(50 * MB)  # says how large it is: refused unread
    _post_check(bare_app, declared, 50 * MB)
    assert declared.status == 413 and declared.read == 0
    chunked = Streamer(50 * MB)  # says nothing: reading stops past the limit
    _post_check(bare_app, chunked, None)
    assert chunked.status == 413
    print(f"read of a chunked 50 MB upload: {chunked.read:,} bytes")
    assert REQUEST_LIMIT < chunked.read < 3 * MB
    lying = Streamer(50 * MB)  # declares less than it sends
    _post_check(bare_app, lying, 1000)
    assert lying.status in (400, 413) and lying.read < 3 * MB


def test_why_pays_the_shared_fits_once_and_one_fit_per_player(
    site_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ratinglist.rating import explain
    from ratinglist.service.site import open_site
    from ratinglist.service.site_players import explain_player
    from ratinglist.store import open_store

    fits: list[object] = []
    real = explain.rate

    def counted(*args: Any) -> Any:
        fits.append(args[2])
        return real(*args)

    monkeypatch.setattr(explain, "rate", counted)
    site = open_site(open_store(site_db))
    try:
        first = explain_player(site, 50002)
        assert len(fits) == 4  # the earlier list, the aged one, the later one, the player's own
        second = explain_player(site, 120001)
        assert len(fits) == 5  # only the player's own fit
        for x in (first, second):  # the parts still sum to the change
            assert x.aging + x.new_games + x.others == pytest.approx(x.after - x.before)
    finally:
        site.close()


def _request(address: str) -> Any:
    from starlette.requests import Request

    return Request({"type": "http", "method": "GET", "headers": [], "client": (address, 1)})


def test_one_explanation_at_a_time_per_client_address() -> None:
    from ratinglist.errors import RateLimited
    from ratinglist.web.limits import OnePerClient

    bound = OnePerClient("explanation")
    with bound.claim(_request("192.0.2.1")):
        with (
            pytest.raises(RateLimited, match="one explanation at a time"),
            bound.claim(_request("192.0.2.1")),
        ):
            pass
        with bound.claim(_request("192.0.2.2")):  # another address is not held back
            pass
    with bound.claim(_request("192.0.2.1")):  # released when the first is done
        pass

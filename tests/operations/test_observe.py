"""/healthz, /readyz, /metrics, request ids, the access log and Secure cookies (issue 24,
item 4 and item 5's --secure-cookies), on the app as `serve` builds it."""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text

from ratinglist.store import open_store
from ratinglist.store.database import head_revision, observe_write_waits
from ratinglist.web.app import create_app
from tests.waiting import wait_for


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as made:
        yield made


def sample(client: TestClient, name: str, **labels: str) -> float:
    """The value of one sample of /metrics (0 when the series does not exist yet)."""
    body = client.get("/metrics").text
    for family in text_string_to_metric_families(body):
        for s in family.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                return float(s.value)
    return 0.0


@pytest.mark.parametrize("path", ["/healthz", "/readyz", "/metrics"])
def test_operations_routes_answer_get_and_head_uncached(client: TestClient, path: str) -> None:
    got = client.get(path)
    assert got.status_code == 200
    assert got.headers["cache-control"] == "no-store"
    head = client.head(path)
    assert head.status_code == 200 and head.content == b""


def test_readyz_names_the_schema_and_fails_on_another_release(
    client: TestClient, db_url: str
) -> None:
    body = client.get("/readyz").json()
    assert body == {"status": "ready", "schema": head_revision(), "release_schema": head_revision()}
    # a newer release upgraded the database under this server (another host, say)
    with open_store(db_url) as store, store.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    answer = client.get("/readyz")
    assert answer.status_code == 503
    assert answer.json()["status"] == "not ready" and "newer" in answer.json()["problem"]
    assert client.get("/healthz").status_code == 200  # the process itself is still up


def test_metrics_count_requests_by_route_pattern_and_status(client: TestClient) -> None:
    labels = {"route": "/players/{player_id}", "method": "GET", "status": "404"}
    before = sample(client, "ratinglist_http_requests_total", **labels)
    timed = sample(client, "ratinglist_http_request_duration_seconds_count", route=labels["route"])
    for player in (987654, 987655, 987656):
        assert client.get(f"/players/{player}").status_code == 404
    assert sample(client, "ratinglist_http_requests_total", **labels) == before + 3
    assert (
        sample(client, "ratinglist_http_request_duration_seconds_count", route=labels["route"])
        == timed + 3
    )
    names = {f.name for f in text_string_to_metric_families(client.get("/metrics").text)}
    assert {"ratinglist_writes_waiting", "ratinglist_prerendered_pages"} <= names


def test_request_id_is_kept_or_made_and_logged(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="ratinglist.access"):
        given = client.get("/healthz", headers={"X-Request-ID": "abc-123.x_y"})
        odd = client.get("/healthz", headers={"X-Request-ID": "no spaces <allowed>"})
        client.get("/players/987654?lang=en")
    assert given.headers["x-request-id"] == "abc-123.x_y"
    assert re.fullmatch(r"[0-9a-f]{32}", odd.headers["x-request-id"])
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "ratinglist.access"]
    assert lines[0]["request_id"] == "abc-123.x_y" and lines[0]["status"] == 200
    last = lines[-1]
    assert last["path"] == "/players/987654?lang=en"
    assert last["route"] == "/players/{player_id}" and last["status"] == 404
    assert last["method"] == "GET" and last["client"] and last["ms"] >= 0


def test_secure_cookies_marks_every_cookie(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(db_url)) as plain:
        cookie = plain.get("/login").headers["set-cookie"]
    assert "secure" not in cookie.lower()
    monkeypatch.setenv("RATINGLIST_SECURE_COOKIES", "1")
    with TestClient(create_app(db_url)) as behind_tls:
        cookie = behind_tls.get("/login").headers["set-cookie"]
    assert cookie.lower().endswith("; secure")


def test_writes_waiting_for_the_lock_are_counted(db_url: str) -> None:
    seen: list[int] = []
    stop = observe_write_waits(seen.append)
    with open_store(db_url) as first, open_store(db_url) as second:
        holding = threading.Event()
        release = threading.Event()

        def hold() -> None:
            with first.begin():
                holding.set()
                release.wait(30)

        holder = threading.Thread(target=hold)
        holder.start()
        holding.wait(30)
        seen.clear()

        def write() -> None:
            with second.begin() as conn:
                conn.execute(text("SELECT 1"))

        waiter = threading.Thread(target=write)
        waiter.start()
        wait_for(lambda: sum(seen) == 1, "the second writer waiting")
        release.set()
        holder.join()
        waiter.join()
    stop()
    assert sum(seen) == 0 and seen.count(1) == 1


def test_requests_answered_before_routing_get_their_route_pattern(client: TestClient) -> None:
    from ratinglist.web.observe import RouteFinder

    finder = RouteFinder()
    app = client.app

    def found(method: str, path: str) -> str:
        return finder.find({"type": "http", "method": method, "path": path, "app": app})

    assert found("GET", "/players/4012") == "/players/{player_id}"
    assert found("GET", "/players/4012") == "/players/{player_id}"  # remembered
    assert found("GET", "/static/site.css") == "/static"
    assert found("POST", "/api/v1/login") == "/api/v1/login"
    assert found("GET", "/no/such/page") == "other"

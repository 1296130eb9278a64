"""A real `ratinglist serve` behind a proxy (issue 24, items 5 and 8): the address printed once
bound (`--port 0`: a free port), the client address taken from trusted proxies only (it is
what sign-in throttling records), ``https`` from the proxy making the session cookie Secure,
and the nginx snippet of docs/deploy.md in front (when Debian's nginx is installed).

The module's tests share one database and two servers (`plain`: no proxy headers, Secure
cookies; `behind_proxy`: trusting 127.0.0.1, two workers); each test checks the sign-in
failures it added."""

from __future__ import annotations

import os
import re
import shutil
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from ratinglist.store import open_store
from ratinglist.store.schema import login_failures
from tests.conftest import REPO
from tests.server.fixtures import seed_server
from tests.waiting import HANG_S

START_S = HANG_S
TLS = ssl.create_default_context()
"""The one TLS context of the module's httpx clients: a client made without one loads the CA
bundle again (about 25 ms of CPU), which a polling loop multiplies."""


@contextmanager
def served(url: str, *options: str, workers: int = 1) -> Iterator[str]:
    """`ratinglist serve --port 0 OPTIONS` in its own process group; yields its base URL,
    read from the line it prints once the port is bound."""
    command = [str(Path(sys.executable).parent / "ratinglist"), "serve", "--db", url]
    command += ["--port", "0", "--workers", str(workers), "--no-prerender", *options]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline().decode()
        while line.startswith("upgraded the schema"):  # serve --upgrade says so first
            line = process.stdout.readline().decode()
        found = re.search(r"on (http://127\.0\.0\.1:(\d+)/)", line)
        assert found and int(found.group(2)) > 0, f"expected the bound address, got {line!r}"
        base = found.group(1).rstrip("/")
        deadline = time.monotonic() + START_S
        with httpx.Client(timeout=5, verify=TLS) as http:
            while True:  # bound already: a connection is accepted; the app answers once loaded
                try:
                    if http.get(base + "/healthz").status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        yield base
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=HANG_S)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def failure_addresses(url: str) -> list[str]:
    """The client addresses of the failed sign-ins stored, oldest first."""
    with open_store(url) as store, store.connect() as conn:
        return [r.address for r in conn.execute(select(login_failures).order_by("id"))]


def fail_sign_in(base: str, headers: dict[str, str], **client: Any) -> None:
    with httpx.Client(base_url=base, timeout=30, verify=TLS, **client) as http:
        answer = http.post(
            "/api/v1/login", json={"username": "admin", "password": "wrong"}, headers=headers
        )
    assert answer.status_code in (400, 401, 403), answer.text


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('proxy') / 'proxy.db'}"
    seed_server(url)
    return url


@pytest.fixture(scope="module")
def plain(seeded: str) -> Iterator[str]:
    """`serve --secure-cookies` without --proxy-headers: its base URL."""
    with served(seeded, "--secure-cookies") as base:
        yield base


@pytest.fixture(scope="module")
def behind_proxy(seeded: str) -> Iterator[str]:
    """`serve --proxy-headers --forwarded-allow-ips 127.0.0.1` with two workers: its base URL."""
    with served(seeded, "--proxy-headers", "--forwarded-allow-ips", "127.0.0.1", workers=2) as base:
        yield base


def test_forwarded_client_and_scheme_trusted_only_with_proxy_headers(
    seeded: str, plain: str, behind_proxy: str
) -> None:
    forwarded = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"}
    known = len(failure_addresses(seeded))
    fail_sign_in(plain, forwarded)  # no --proxy-headers: the headers are ignored
    fail_sign_in(behind_proxy, forwarded)
    with httpx.Client(base_url=behind_proxy, timeout=30, verify=TLS) as http:
        ok = http.post(
            "/api/v1/login",
            json={"username": "director", "password": "correct horse battery"},
            headers=forwarded,
        )
    assert ok.status_code == 200
    assert "secure" in ok.headers["set-cookie"].lower()  # https at the proxy
    with served(seeded, "--proxy-headers", "--forwarded-allow-ips", "192.0.2.1") as base:
        fail_sign_in(base, forwarded)  # the proxy is not this one: not trusted
    assert failure_addresses(seeded)[known:] == ["127.0.0.1", "203.0.113.7", "127.0.0.1"]


def test_secure_cookies_option(plain: str) -> None:
    cookie = httpx.get(plain + "/login", timeout=30, verify=TLS).headers["set-cookie"]
    assert "secure" in cookie.lower()


def nginx_snippet() -> str:
    """The proxy block of docs/deploy.md (the fenced block after the marker line)."""
    text = (REPO / "docs" / "deploy.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- tested: nginx location -->\s*```nginx\n(.*?)```", text, re.S)
    assert found, "docs/deploy.md lost its tested nginx block"
    return found.group(1)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_documented_nginx_snippet_in_front(
    seeded: str, behind_proxy: str, tmp_path: Path
) -> None:
    nginx = shutil.which("nginx", path="/usr/sbin:/usr/bin")
    if nginx is None:
        # `make test` installs Debian's nginx; under CI a missing one is a failure.
        if os.environ.get("CI"):
            pytest.fail("expected Debian's nginx (make test installs it), got none")
        pytest.skip("Debian's nginx is not installed")
    known = len(failure_addresses(seeded))
    upstream = behind_proxy.removeprefix("http://")
    port = free_port()
    location = nginx_snippet().replace("127.0.0.1:8000", upstream)
    temp = {k: tmp_path / k for k in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    config = tmp_path / "nginx.conf"
    config.write_text(
        f"daemon off; pid {tmp_path}/nginx.pid; error_log {tmp_path}/error.log;\n"
        "worker_processes 1; events {}\n"
        f"http {{ access_log off; client_body_temp_path {temp['body']};\n"
        f"proxy_temp_path {temp['proxy']}; fastcgi_temp_path {temp['fastcgi']};\n"
        f"uwsgi_temp_path {temp['uwsgi']}; scgi_temp_path {temp['scgi']};\n"
        f"server {{ listen 127.0.0.1:{port}; location / {{\n{location}\n}} }} }}\n"
    )
    proxy = subprocess.Popen([nginx, "-c", str(config), "-p", str(tmp_path)])
    try:
        front = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + HANG_S
        with httpx.Client(timeout=5, verify=TLS) as http:
            while True:
                try:
                    ready = http.get(front + "/readyz")
                    break
                except httpx.HTTPError:
                    assert time.monotonic() < deadline and proxy.poll() is None
                    time.sleep(0.1)
        assert ready.status_code == 200
        assert re.fullmatch(r"[0-9a-f]{32}", ready.headers["x-request-id"])  # nginx's id
        # a client at 127.0.0.5 claiming another address: nginx appends the real one
        local = httpx.HTTPTransport(local_address="127.0.0.5", verify=TLS)
        fail_sign_in(front, {"X-Forwarded-For": "198.51.100.1"}, transport=local)
    finally:
        proxy.terminate()
        proxy.wait(timeout=HANG_S)
    assert failure_addresses(seeded)[known:] == ["127.0.0.5"]


def test_make_run_takes_the_port() -> None:
    def serve_line(*args: str) -> str:
        done = subprocess.run(
            ["make", "-n", "-C", str(REPO), "run", *args],
            capture_output=True,
            text=True,
            check=True,
        )
        return next(line for line in done.stdout.splitlines() if "ratinglist serve" in line)

    assert serve_line().endswith("--port 8000")
    assert serve_line("PORT=8080").endswith("--port 8080")


def test_deploy_doc_commands_exist() -> None:
    import shlex

    from tests.test_readme import _root, problem

    text = (REPO / "docs" / "deploy.md").read_text(encoding="utf-8")
    lines = []
    for block in re.findall(r"```(?:sh|ini)\n(.*?)```", text, re.S):
        for line in block.splitlines():
            command = line.removeprefix("ExecStart=")
            words = shlex.split(command, comments=True) if "ratinglist " in command else []
            if words and Path(words[0]).name == "ratinglist":
                lines.append(words[1:])
    assert len(lines) >= 8
    root = _root()
    assert [problem(root, words) for words in lines] == [None] * len(lines)


def test_metrics_add_up_every_worker(behind_proxy: str) -> None:
    from prometheus_client.parser import text_string_to_metric_families

    asked = 12
    base = behind_proxy  # two workers
    # no connection kept: a new one each request, which the kernel spreads over the workers
    fresh = httpx.Limits(max_keepalive_connections=0)
    with httpx.Client(base_url=base, timeout=30, verify=TLS, limits=fresh) as http:
        before = http.get("/metrics").text
        for _ in range(asked):
            assert http.get("/healthz").status_code == 200
        scrapes = [http.get("/metrics").text for _ in range(4)]

    def healthz(body: str) -> float:
        return sum(
            s.value
            for family in text_string_to_metric_families(body)
            for s in family.samples
            if s.name == "ratinglist_http_requests_total" and s.labels["route"] == "/healthz"
        )

    start = healthz(before)
    # whichever worker answers the scrape, it counts every worker's requests
    assert [healthz(body) - start for body in scrapes] == [asked] * 4


def test_serve_says_when_the_port_is_taken(seeded: str) -> None:
    import socket

    from typer.testing import CliRunner

    from ratinglist.cli.app import app

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = CliRunner().invoke(app, ["serve", "--db", seeded, "--port", port, "--no-prerender"])
    assert done.exit_code == 1
    assert f"could not listen on 127.0.0.1:{port}" in done.output
    assert "serving" not in done.output  # nothing printed before the port is bound

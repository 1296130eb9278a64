"""`serve` starts its page renderer once a worker answers ``/readyz``, never before (issue 38:
the renderer's own start would take the workers' cores)."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from ratinglist.cli.serve import _local_address, _when_ready


class _Readiness(BaseHTTPRequestHandler):
    ready = threading.Event()
    asked = threading.Event()

    def do_GET(self) -> None:
        type(self).asked.set()
        self.send_response(200 if type(self).ready.is_set() else 503)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def test_the_renderer_starts_after_ready_and_not_once_stopped() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Readiness)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/readyz"
    started = threading.Event()
    stopped = threading.Event()
    try:
        _when_ready(url, started.set, stopped)
        assert _Readiness.asked.wait(30)  # asked, answered 503: nothing started
        assert not started.is_set()
        _Readiness.ready.set()
        assert started.wait(30)
    finally:
        stopped.set()
        server.shutdown()
        server.server_close()


def test_a_stop_before_ready_starts_nothing() -> None:
    stopped = threading.Event()
    stopped.set()
    calls: list[str] = []
    thread = _when_ready("http://127.0.0.1:9/readyz", lambda: calls.append("then"), stopped)
    thread.join(30)
    assert not thread.is_alive()
    assert calls == []


def test_the_address_polled_for_a_wildcard_bind_is_loopback() -> None:
    assert _local_address("0.0.0.0") == "127.0.0.1"
    assert _local_address("::") == "[::1]"
    assert _local_address("192.0.2.7") == "192.0.2.7"
    assert _local_address("2001:db8::1") == "[2001:db8::1]"

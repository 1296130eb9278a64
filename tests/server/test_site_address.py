"""A configured site address (issue 31, item 3): mailed links are built on `serve --site-url`,
never on the request's Host; a request naming another host is refused; `/forgot` does the
same database work whether or not the account exists or has an address, mails off the
request, and no reset token reaches the access log."""

from __future__ import annotations

import asyncio
import http.cookiejar
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event
from typer.testing import CliRunner

from ratinglist.cli.app import app as cli_app
from ratinglist.errors import InputError
from ratinglist.service.account_mail import request_reset, set_account_email
from ratinglist.service.actor import SYSTEM
from ratinglist.service.mail import MailSettings
from ratinglist.service.serving import allowed_hosts, parse_hosts, parse_site_url
from ratinglist.web.app import create_app
from ratinglist.web.observe import redact
from tests.conftest import handle
from tests.server.fixtures import seed_server
from tests.server.test_mail import Inbox, _form_token, _free_port, serving
from tests.waiting import HANG_S, port_accepts, wait_for

SITE = "https://ratings.example.org"
DIRECTOR_MAIL = "director@example.org"


class SlowInbox(Inbox):
    """An SMTP server that accepts no message until the test sets `release` (a signal, not a
    fixed delay: a request that waited for it would not answer first)."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        while not self.release.is_set():
            await asyncio.sleep(0.01)
        return await super().handle_DATA(server, session, envelope)


@pytest.fixture
def smtp() -> Iterator[tuple[MailSettings, Inbox]]:
    yield from serving(Inbox())


@pytest.fixture
def slow_smtp() -> Iterator[tuple[MailSettings, Inbox]]:
    yield from serving(SlowInbox())


def test_a_forged_host_against_serve_smtp_is_refused_and_links_use_the_site_url(
    tmp_path: Path, smtp: tuple[MailSettings, Inbox]
) -> None:
    settings, inbox = smtp
    url = f"sqlite:///{tmp_path / 'site.db'}"
    seed_server(url)
    set_account_email(handle(url), "director", DIRECTOR_MAIL, SYSTEM)
    port = _free_port()
    smtp_url = f"smtp://{settings.host}:{settings.port}?from={settings.sender}"
    command = [str(Path(sys.executable).with_name("ratinglist")), "serve", "--db", url]
    command += ["--port", str(port), "--workers", "1", "--no-prerender", "--smtp", smtp_url]
    command += ["--site-url", SITE]
    log = tmp_path / "access.log"
    with log.open("wb") as err:
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err)
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    base = f"http://127.0.0.1:{port}"

    def open_(path: str, data: bytes | None = None, host: str | None = None) -> tuple[int, str]:
        request = urllib.request.Request(base + path, data=data)
        if host:
            request.add_header("Host", host)
        try:
            with opener.open(request, timeout=HANG_S) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode()

    try:
        wait_for(lambda: port_accepts("127.0.0.1", port), "serve to listen", process=server)
        status, form = open_("/forgot")
        assert status == 200
        body = urllib.parse.urlencode({"who": "director", "csrf_token": _form_token(form)})
        for forged in ("evil.example", "evil.example:443", "ratings.example.org.evil.example"):
            status, page = open_("/forgot", body.encode(), host=forged)
            assert status == 400, (forged, status)
            assert "expected a request for this site" in page
        assert open_("/forgot", host="evil.example")[0] == 400
        status, page = open_("/forgot", body.encode(), host="ratings.example.org")
        assert status == 200 and "on its way" in page
        wait_for(lambda: inbox.messages, "the mail of the site's own request", process=server)
        # the outbox sends in order: a mail of a forged request would have come first
        [message] = inbox.messages
        assert inbox.to(DIRECTOR_MAIL) == [message]
        link = re.search(r"(\S+/reset#token=(\S+))", message.get_content())
        assert link and link.group(1).startswith(f"{SITE}/reset#token=")
        token = link.group(2)
        # an older link's form (?token=) still opens; its token is not written to the log
        assert open_(f"/reset?token={urllib.parse.quote(token)}")[0] == 200
    finally:
        server.terminate()
        server.wait(timeout=HANG_S)
    written = log.read_text(encoding="utf-8")
    assert '"path": "/reset?token=[redacted]"' in written
    refused = [line for line in written.splitlines() if '"status": 400' in line]
    assert len(refused) == 4 and all('"path": "/forgot"' in line for line in refused)
    assert token not in written and urllib.parse.quote(token) not in written


def _host_client(url: str) -> TestClient:
    app = create_app(url, hosts=allowed_hosts(SITE))
    return TestClient(app, base_url=SITE)


def test_the_host_gate(server_url: str) -> None:
    with _host_client(server_url) as client:
        assert client.get("/login").status_code == 200
        for host in ("ratings.example.org:443", "localhost:8000", "127.0.0.1", "[::1]:8000"):
            assert client.get("/login", headers={"Host": host}).status_code == 200, host
        refused = client.get("/login", headers={"Host": "evil.example"})
        assert refused.status_code == 400
        assert "content-security-policy" in refused.headers  # the refusal is a page of ours
        api = client.get("/api/v1/lists", headers={"Host": "evil.example"})
        assert api.status_code == 400 and api.json()["error"]["code"] == "bad_request"
        # monitoring by any name (a probe by the machine's address) still answers
        assert client.get("/healthz", headers={"Host": "10.0.0.7"}).status_code == 200
    anyone = create_app(server_url, hosts=allowed_hosts(SITE, parse_hosts("*")))
    with TestClient(anyone) as client:
        assert client.get("/login", headers={"Host": "evil.example"}).status_code == 200


def test_without_a_site_url_an_address_is_answered_but_no_other_name(server_url: str) -> None:
    # A TD's laptop at a venue (`serve --host 0.0.0.0`, no --site-url): players' phones name it
    # by its address on the venue's network; a name still has to be listed.
    venue = create_app(server_url, hosts=allowed_hosts("http://0.0.0.0:8000"), host_addresses=True)
    with TestClient(venue) as client:
        for host in ("192.168.1.23:8000", "[fe80::1]:8000", "10.0.0.7"):
            assert client.get("/login", headers={"Host": host}).status_code == 200, host
        assert client.get("/login", headers={"Host": "evil.example"}).status_code == 400
    with _host_client(server_url) as client:  # with a site URL an address is refused
        assert client.get("/login", headers={"Host": "192.168.1.23"}).status_code == 400


def test_site_urls_and_hosts() -> None:
    assert parse_site_url("https://Ratings.example.org/") == "https://ratings.example.org"
    assert parse_site_url("http://127.0.0.1:8000") == "http://127.0.0.1:8000"
    for bad in ("ratings.example.org", "ftp://x.org", "https://x.org/ratings", "https://u@x.org",
                "https://x.org?a=1", "https://x.org:port", ""):  # fmt: skip
        with pytest.raises(InputError, match="expected the site's address"):
            parse_site_url(bad)
    assert allowed_hosts(SITE) == ("ratings.example.org", "localhost", "127.0.0.1", "::1")
    assert allowed_hosts(SITE, parse_hosts("a.example.org, b.example.org")) == (
        "ratings.example.org",
        "a.example.org",
        "b.example.org",
    )
    with pytest.raises(InputError, match="expected host names"):
        parse_hosts("a.example.org/evil")


def test_serve_needs_the_site_url_to_mail_from_a_public_address(server_url: str) -> None:
    runner = CliRunner()
    smtp = "smtp://127.0.0.1:2525"
    public = ["serve", "--db", server_url, "--host", "0.0.0.0", "--smtp", smtp]
    done = runner.invoke(cli_app, public)
    assert done.exit_code == 1 and "expected --site-url" in done.output
    bad = runner.invoke(cli_app, ["serve", "--db", server_url, "--site-url", "ratings.org"])
    assert bad.exit_code == 1 and "expected the site's address" in bad.output
    env = runner.invoke(
        cli_app, ["serve", "--db", server_url], env={"RATINGLIST_WORK_BUDGET": "-3"}
    )
    assert env.exit_code == 1 and "expected a work budget in seconds" in env.output


def test_the_access_log_never_shows_a_token() -> None:
    assert redact("token=abc.123.xyz") == "token=[redacted]"
    assert redact("a=1&TOKEN=abc&b=2") == "a=1&TOKEN=[redacted]&b=2"
    assert redact("q=token") == "q=token"
    assert redact("") == ""


def _statements(url: str) -> tuple[list[str], Any]:
    seen: list[str] = []

    def record(_c: Any, _cur: Any, statement: str, *_rest: Any) -> None:
        seen.append(statement)

    engine = handle(url).engine
    event.listen(engine, "before_cursor_execute", record)
    return seen, lambda: event.remove(engine, "before_cursor_execute", record)


def test_forgot_does_the_same_database_work_whoever_is_asked(
    server_url: str, smtp: tuple[MailSettings, Inbox]
) -> None:
    settings = smtp[0]
    db = handle(server_url)
    set_account_email(db, "director", DIRECTOR_MAIL, SYSTEM)
    sent: list[str] = []

    def send(_s: MailSettings, to: str, _subject: str, _body: str) -> None:
        sent.append(to)

    request_reset(db, "nobody-at-all", SITE, settings, send=send)  # makes the signing key
    work: dict[str, list[str]] = {}
    for case, who in (
        ("with an address", "director"),
        ("asked again at once", "director"),  # throttled: nothing mailed
        ("without an address", "assistant"),
        ("no such account", "no-such-user"),
        ("no such address", "ghost@example.org"),
    ):
        seen, stop = _statements(server_url)
        try:
            request_reset(db, who, SITE, settings, send=send)
        finally:
            stop()
        work[case] = seen
    assert sent == [DIRECTOR_MAIL]
    first = work["with an address"]
    assert first  # reads and a write
    assert all(seen == first for seen in work.values()), work


def test_forgot_answers_without_waiting_for_the_smtp_server(
    server_url: str, slow_smtp: tuple[MailSettings, Inbox]
) -> None:
    settings, inbox = slow_smtp
    assert isinstance(inbox, SlowInbox)
    set_account_email(handle(server_url), "director", DIRECTOR_MAIL, SYSTEM)
    app = create_app(server_url, mail=settings, site_url=SITE)
    with TestClient(app) as client:
        for who in ("director", "no-such-user"):
            form = client.get("/forgot")
            answer = client.post("/forgot", data={"who": who, "csrf_token": _form_token(form.text)})
            assert answer.status_code == 200
        # both answered while the SMTP server still held the director's mail back
        assert inbox.messages == []
        inbox.release.set()
        assert app.state.outbox.wait(HANG_S)
    assert len(inbox.to(DIRECTOR_MAIL)) == 1

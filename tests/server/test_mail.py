"""E-mail through an SMTP server (issue 24, item 6), against a local SMTP server the tests start
(aiosmtpd): a forgotten password reset by a signed, expiring, single-use link; the submitter
of a results file told of the rating officer's decision; the SMTP URL; the CLI."""

from __future__ import annotations

import datetime as dt
import http.cookiejar
import logging
import re
import socket
import subprocess
import sys
import urllib.parse
import urllib.request
from collections.abc import Iterator
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ratinglist.cli.app import app as cli_app
from ratinglist.errors import AccountError, InputError
from ratinglist.service.account_mail import (
    RESET_LIFETIME,
    account_email,
    request_reset,
    reset_password,
    set_account_email,
)
from ratinglist.service.actor import SYSTEM, Actor, ActorKind
from ratinglist.service.intake import accept, reject, upload
from ratinglist.service.mail import MailError, MailSettings, mail_settings
from ratinglist.web.app import create_app
from tests.conftest import handle
from tests.server.fixtures import PASSWORD, sign_in
from tests.waiting import HANG_S, port_accepts, wait_for

NEW_PASSWORD = "a brand new secret"
SITE = "https://ratings.example.org"
DIRECTOR_MAIL = "director@example.org"
LYON = """\
%%Tournament: Lyon Open 2026
%%Country: France
%%Date: 14/11/2026
%%Sender: Test

%_% 500002, ANDERSEN, Test, FRA, 1, 64
%_% 500003, BERG, Test, FRA, 1, 58
%_% 500004, COSTA, Test, FRA, 1, 64

500002 (40)>(24) 500003 B
500003 (34)>(30) 500004 W
500004 (33)>(31) 500002 B
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Inbox:
    """An aiosmtpd handler keeping every message it receives."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.content, policy=default)
        assert isinstance(message, EmailMessage)
        self.messages.append(message)
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[EmailMessage]:
        """The messages sent to `address`."""
        return [m for m in self.messages if m["To"] == address]


@pytest.fixture
def smtp() -> Iterator[tuple[MailSettings, Inbox]]:
    """A local SMTP server (aiosmtpd) and the settings that name it."""
    yield from serving(Inbox())


def serving(inbox: Inbox) -> Iterator[tuple[MailSettings, Inbox]]:
    """A local SMTP server (aiosmtpd) delivering to `inbox`, and the settings that name it."""
    port = _free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield mail_settings(f"smtp://127.0.0.1:{port}?from=ratings@example.org"), inbox
    finally:
        controller.stop()


@pytest.fixture
def mailing(server_url: str, smtp: tuple[MailSettings, Inbox]) -> Iterator[TestClient]:
    """A client of the app over the seeded server database at the site address `SITE`,
    mailing through `smtp` (and waiting for the outbox after each request)."""
    app = create_app(server_url, mail=smtp[0], site_url=SITE)
    with TestClient(app) as client:
        client.event_hooks["response"].append(lambda _r: app.state.outbox.wait())
        yield client


def _form_token(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found, page
    return found.group(1)


def _link(message: EmailMessage) -> str:
    """The mailed link's path and fragment (the link is on the configured site address)."""
    body = message.get_content()
    found = re.search(r"https://ratings\.example\.org(/reset#token=\S+)", body)
    assert found, body
    return found.group(1)


def _ask(client: TestClient, who: str) -> str:
    form = client.get("/forgot")
    answer = client.post("/forgot", data={"who": who, "csrf_token": _form_token(form.text)})
    assert answer.status_code == 200, answer.text
    return answer.text


def _reset(client: TestClient, link: str, password: str) -> Any:
    """What the reset page does with a link: the form, the token from the fragment."""
    path, _, fragment = link.partition("#")
    form = client.get(path)
    assert form.status_code == 200
    assert "data-from-fragment" in form.text  # the page's script fills the token in
    return client.post(
        "/reset",
        data={
            "token": fragment.removeprefix("token="),
            "password": password,
            "again": password,
            "csrf_token": _form_token(form.text),
        },
        follow_redirects=False,
    )


def _signs_in(client: TestClient, password: str) -> int:
    answer = client.post("/api/v1/login", json={"username": "director", "password": password})
    return int(answer.status_code)


def test_a_forgotten_password_is_reset_through_the_mailed_link_once(
    mailing: TestClient, server_url: str, smtp: tuple[MailSettings, Inbox]
) -> None:
    inbox = smtp[1]
    set_account_email(handle(server_url), "director", DIRECTOR_MAIL, SYSTEM)
    assert "on its way" in _ask(mailing, "director")
    [message] = inbox.to(DIRECTOR_MAIL)
    assert message["From"] == "ratings@example.org"
    link = _link(message)
    done = _reset(mailing, link, NEW_PASSWORD)
    assert done.status_code == 303 and done.headers["location"].startswith("/login")
    assert _signs_in(mailing, PASSWORD) == 401
    assert _signs_in(mailing, NEW_PASSWORD) == 200
    again = _reset(mailing, link, "yet another password")
    assert again.status_code == 401 and "used already" in again.text
    assert _signs_in(mailing, NEW_PASSWORD) == 200


def test_the_address_finds_the_account_and_the_answer_never_tells_who_exists(
    mailing: TestClient, server_url: str, smtp: tuple[MailSettings, Inbox]
) -> None:
    inbox = smtp[1]
    set_account_email(handle(server_url), "director", DIRECTOR_MAIL, SYSTEM)
    by_address = _ask(mailing, DIRECTOR_MAIL.upper())
    assert len(inbox.to(DIRECTOR_MAIL)) == 1
    unknown = _ask(mailing, "no-such-user")
    no_address = _ask(mailing, "assistant")  # an account without an address
    assert len(inbox.messages) == 1
    said = re.compile(r"<p class=\"notice\">.*?</p>", re.S)
    assert said.findall(by_address) == said.findall(unknown) == said.findall(no_address)


def test_one_link_per_account_every_two_minutes(
    server_url: str, smtp: tuple[MailSettings, Inbox]
) -> None:
    settings, inbox = smtp
    set_account_email(handle(server_url), "director", DIRECTOR_MAIL, SYSTEM)
    start = dt.datetime(2026, 11, 26, 12, 0, tzinfo=dt.UTC)
    base = "https://ratings.example.org"
    assert request_reset(handle(server_url), "director", base, settings, now=start) is not None
    soon = start + dt.timedelta(seconds=90)
    assert request_reset(handle(server_url), "director", base, settings, now=soon) is None
    later = start + dt.timedelta(minutes=2)
    assert request_reset(handle(server_url), "director", base, settings, now=later) is not None
    assert len(inbox.to(DIRECTOR_MAIL)) == 2
    assert "https://ratings.example.org/reset#token=" in inbox.messages[0].get_content()


def test_an_expired_damaged_or_replaced_link_is_refused(
    server_url: str, smtp: tuple[MailSettings, Inbox]
) -> None:
    settings, inbox = smtp
    set_account_email(handle(server_url), "director", DIRECTOR_MAIL, SYSTEM)
    asked = dt.datetime.now(dt.UTC) - RESET_LIFETIME - dt.timedelta(seconds=1)
    request_reset(handle(server_url), "director", "http://x", settings, now=asked)
    old = _link_token(inbox.messages[-1])
    with pytest.raises(AccountError, match="expired"):
        reset_password(handle(server_url), old, NEW_PASSWORD)
    request_reset(handle(server_url), "director", "http://x", settings)
    token = _link_token(inbox.messages[-1])
    name, expires, signature = token.split(".")
    with pytest.raises(AccountError, match="damaged"):
        reset_password(handle(server_url), "not-a-token", NEW_PASSWORD)
    forged = f"{name}.{int(expires) + 3600}.{signature}"  # a longer life, same signature
    with pytest.raises(AccountError, match="used already or replaced"):
        reset_password(handle(server_url), forged, NEW_PASSWORD)
    in_unicode = f"{name}.{expires}.{signature[:-1]}é"  # once a TypeError (500)
    with pytest.raises(AccountError, match="used already or replaced"):
        reset_password(handle(server_url), in_unicode, NEW_PASSWORD)
    with pytest.raises(InputError, match="at least 8"):
        reset_password(handle(server_url), token, "short")
    assert reset_password(handle(server_url), token, NEW_PASSWORD) == "director"


def _link_token(message: EmailMessage) -> str:
    found = re.search(r"/reset#token=(\S+)", message.get_content())
    assert found
    return found.group(1)


def test_the_submitter_hears_of_the_rating_officers_decisions(
    server_url: str, smtp: tuple[MailSettings, Inbox]
) -> None:
    settings, inbox = smtp
    set_account_email(handle(server_url), "director", DIRECTOR_MAIL, SYSTEM)
    director = Actor(ActorKind.WEB, "director")
    officer = Actor(ActorKind.WEB, "officer")
    first = upload(handle(server_url), "20261114_Lyon_Open.ELO", LYON.encode(), director)
    second = upload(handle(server_url), "20261115_Lyon_Open.ELO", LYON.encode(), director)
    reject(handle(server_url), first.id, "Round 2 is missing a game.", officer, mail=settings)
    done = accept(handle(server_url), second.id, officer, message="Thanks!", mail=settings)
    assert done.status == "accepted"
    rejected, accepted = inbox.to(DIRECTOR_MAIL)
    assert "rejected" in rejected["Subject"] and "20261114_Lyon_Open.ELO" in rejected["Subject"]
    assert "Round 2 is missing a game." in rejected.get_content()
    assert "accepted" in accepted["Subject"]
    assert "Thanks!" in accepted.get_content()
    assert f"tournament {done.tournament_id}" in accepted.get_content()


def test_no_address_no_mail_and_a_mail_failure_leaves_the_decision(
    server_url: str, smtp: tuple[MailSettings, Inbox], caplog: pytest.LogCaptureFixture
) -> None:
    settings, inbox = smtp
    director = Actor(ActorKind.WEB, "director")
    officer = Actor(ActorKind.WEB, "officer")
    first = upload(handle(server_url), "20261114_Lyon_Open.ELO", LYON.encode(), director)
    assert (
        reject(handle(server_url), first.id, "Wrong file.", officer, mail=settings).status
        == "rejected"
    )
    assert inbox.messages == []
    set_account_email(handle(server_url), "director", DIRECTOR_MAIL, SYSTEM)
    nowhere = mail_settings(f"smtp://127.0.0.1:{_free_port()}?from=ratings@example.org")
    second = upload(handle(server_url), "20261115_Lyon_Open.ELO", LYON.encode(), director)
    with caplog.at_level(logging.WARNING, logger="ratinglist.mail"):
        assert (
            reject(handle(server_url), second.id, "Again.", officer, mail=nowhere).status
            == "rejected"
        )
    assert "was not told" in caplog.text and "could not send mail" in caplog.text


def test_the_account_page_sets_the_address(mailing: TestClient, server_url: str) -> None:
    assert mailing.get("/account/email", follow_redirects=False).status_code in (302, 303, 307)
    signed = sign_in(mailing, "director")
    assert 'href="/account/email"' in mailing.get("/account").text
    form = mailing.get("/account/email")
    assert form.status_code == 200
    saved = mailing.post("/account/email", data={"email": DIRECTOR_MAIL, "csrf_token": signed.csrf})
    assert saved.status_code == 200 and DIRECTOR_MAIL in saved.text
    assert account_email(handle(server_url), "director") == DIRECTOR_MAIL
    bad = mailing.post(
        "/account/email", data={"email": "not an address", "csrf_token": signed.csrf}
    )
    assert bad.status_code == 400 and "e-mail address" in bad.text
    assert account_email(handle(server_url), "director") == DIRECTOR_MAIL
    forged = mailing.post("/account/email", data={"email": "x@example.org", "csrf_token": "no"})
    assert forged.status_code == 403
    assert account_email(handle(server_url), "director") == DIRECTOR_MAIL


def test_smtp_urls() -> None:
    plain = mail_settings("smtp://relay.example.org?from=ratings@example.org")
    assert (plain.host, plain.port, plain.sender, plain.user) == (
        "relay.example.org",
        25,
        "ratings@example.org",
        None,
    )
    tls = mail_settings("smtp+starttls://me%40example.org:p%3Ass@mail.example.org")
    assert (tls.port, tls.user, tls.password) == (587, "me@example.org", "p:ss")
    assert "p:ss" not in tls.label
    assert mail_settings("smtps://u:p@mail.example.org:2465").port == 2465
    for bad in ("http://mail.example.org", "smtp://", "smtp://h?from=nobody", "smtp://h:port"):
        with pytest.raises(MailError, match="expected"):
            mail_settings(bad)


def test_the_users_cli_sets_and_checks_the_address(server_url: str, tmp_path: Path) -> None:
    runner = CliRunner()
    done = runner.invoke(cli_app, ["users", "email", "director", DIRECTOR_MAIL, "--db", server_url])
    assert done.exit_code == 0, done.output
    assert account_email(handle(server_url), "director") == DIRECTOR_MAIL
    bad = runner.invoke(cli_app, ["users", "email", "director", "director@", "--db", server_url])
    assert bad.exit_code == 1 and "expected an e-mail address" in bad.output
    assert bad.exception is None or isinstance(bad.exception, SystemExit)
    unknown = runner.invoke(
        cli_app, ["users", "email", "ghost", "g@example.org", "--db", server_url]
    )
    assert unknown.exit_code == 1 and "ghost" in unknown.output
    removed = runner.invoke(cli_app, ["users", "email", "director", "", "--db", server_url])
    assert removed.exit_code == 0 and account_email(handle(server_url), "director") is None
    serve = runner.invoke(cli_app, ["serve", "--db", server_url, "--smtp", "mail.example.org"])
    assert serve.exit_code == 1 and "expected an SMTP URL" in serve.output


def test_serve_with_smtp_mails_from_its_workers(
    server_url: str, smtp: tuple[MailSettings, Inbox]
) -> None:
    settings, inbox = smtp
    set_account_email(handle(server_url), "director", DIRECTOR_MAIL, SYSTEM)
    port = _free_port()
    ratinglist = str(Path(sys.executable).with_name("ratinglist"))
    smtp_url = f"smtp://{settings.host}:{settings.port}?from={settings.sender}"
    command = [ratinglist, "serve", "--db", server_url, "--port", str(port), "--workers", "1"]
    command += ["--no-prerender", "--no-access-log", "--smtp", smtp_url]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: port_accepts("127.0.0.1", port), "serve to listen", process=server)
        with opener.open(f"{base}/forgot", timeout=HANG_S) as answer:
            form = answer.read().decode()
        body = urllib.parse.urlencode({"who": "director", "csrf_token": _form_token(form)})
        with opener.open(f"{base}/forgot", data=body.encode(), timeout=HANG_S) as answer:
            assert "on its way" in answer.read().decode()
        # sent off the request, by the worker's outbox
        [message] = wait_for(lambda: inbox.to(DIRECTOR_MAIL), "the mail", process=server)
        assert f"{base}/reset#token=" in message.get_content()
    finally:
        server.terminate()
        server.wait(timeout=HANG_S)

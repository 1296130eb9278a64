"""A mailed password-reset link in a real browser (issue 31, item 3): the token after ``#``
fills the form, the address bar forgets it, no request the browser sends carries it, and the
new password works."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx

from ratinglist.service.account_mail import request_reset, set_account_email
from ratinglist.service.actor import SYSTEM
from ratinglist.service.mail import MailSettings, mail_settings
from tests.conftest import handle
from tests.server.fixtures import seed_server
from tests.web.test_browser import serving

NEW_PASSWORD = "a brand new secret"


def the_reset_link_fills_the_form_from_its_fragment(browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import Request, expect

    url = f"sqlite:///{tmp_path / 'reset.db'}"
    seed_server(url)
    set_account_email(handle(url), "director", "director@example.org", SYSTEM)
    with serving(url) as base:
        bodies: list[str] = []

        def keep(_s: MailSettings, _to: str, _subject: str, body: str) -> None:
            bodies.append(body)

        settings = mail_settings("smtp://127.0.0.1:25?from=ratings@example.org")
        request_reset(handle(url), "director", base, settings, send=keep)
        found = re.search(r"(\S+/reset#token=(\S+))", bodies[0])
        assert found and found.group(1).startswith(f"{base}/reset#token=")
        link, token = found.groups()
        context = browser.new_context()
        page = context.new_page()
        sent: list[tuple[str, str]] = []

        def record(request: Request) -> None:
            sent.append((request.url, request.post_data or ""))

        page.on("request", record)
        page.goto(link)
        expect(page.locator("#token")).to_have_value(token)
        assert "#" not in page.url and token not in page.url
        page.get_by_label("New password").fill(NEW_PASSWORD)
        page.get_by_label("Again").fill(NEW_PASSWORD)
        page.get_by_role("button", name="Set the password").click()
        page.wait_for_url(re.compile(r"/login"))
        page.remove_listener("request", record)
        context.close()
        # the token went to the server only in the form's body (a POST, in no access log)
        assert not any(token in address for address, _ in sent)
        assert [a for a, body in sent if token in body] == [f"{base}/reset"]
        answer = httpx.post(
            f"{base}/api/v1/login",
            json={"username": "director", "password": NEW_PASSWORD},
            timeout=30,
        )
        assert answer.status_code == 200

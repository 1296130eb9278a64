"""Mails speak the account's language (issue 36): a password-reset link and the rating
officer's decision, in English unless the user chose French or Japanese on the e-mail page."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from fastapi.testclient import TestClient

from ratinglist.errors import InputError
from ratinglist.service.account_mail import (
    RESET_LIFETIME,
    account_language,
    request_reset,
    set_account_email,
    set_account_language,
)
from ratinglist.service.actor import SYSTEM
from ratinglist.service.mail import MailSettings, mail_settings
from ratinglist.web.app import create_app
from tests.conftest import handle
from tests.server.fixtures import sign_in

SITE = "https://ratings.example.org"
Sent = list[tuple[str, str, str]]


def _reset(url: str, when: dt.datetime) -> tuple[str, str]:
    sent: Sent = []

    def keep(_settings: MailSettings, to: str, subject: str, body: str) -> None:
        sent.append((to, subject, body))

    settings = mail_settings("smtp://127.0.0.1:1")
    assert request_reset(handle(url), "director", SITE, settings, now=when, send=keep)
    ((to, subject, body),) = sent
    assert to == "director@example.org"
    assert f"{SITE}/reset#token=" in body
    return subject, body


def test_the_reset_mail_speaks_the_accounts_language(server_url: str) -> None:
    set_account_email(handle(server_url), "director", "director@example.org", SYSTEM)
    start = dt.datetime(2026, 11, 29, 9, 0, tzinfo=dt.UTC)
    assert account_language(handle(server_url), "director") == "en"
    subject, body = _reset(server_url, start)
    assert subject == "Ratinglist: reset your password"
    assert body.startswith("Someone (probably you) asked to reset the password")
    assert set_account_language(handle(server_url), "director", "ja-JP", SYSTEM) == "ja"
    subject, body = _reset(server_url, start + dt.timedelta(minutes=5))
    assert subject == "Ratinglist：パスワードの再設定"
    assert "パスワード再設定を依頼しました" in body and "'director'" in body
    set_account_language(handle(server_url), "director", "fr", SYSTEM)
    subject, body = _reset(server_url, start + dt.timedelta(minutes=10))
    assert subject == "Ratinglist : réinitialiser votre mot de passe"
    minutes = int(RESET_LIFETIME.total_seconds() // 60)
    assert f"(le lien est valable {minutes} minutes, une seule fois)" in body
    with pytest.raises(InputError, match="expected a language among en, fr, ja, got 'de'"):
        set_account_language(handle(server_url), "director", "de", SYSTEM)


def test_the_language_is_chosen_on_the_e_mail_page(server_url: str) -> None:
    with TestClient(create_app(server_url)) as client:
        sign_in(client, "director")
        page = client.get("/account/email")
        assert 'id="mail-language"' in page.text
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
        assert csrf is not None
        done = client.post(
            "/account/language", data={"csrf_token": csrf.group(1), "language": "fr"},
            follow_redirects=False,
        )  # fmt: skip
        assert done.status_code == 303
        assert account_language(handle(server_url), "director") == "fr"
        assert '<option value="fr" selected lang="fr">' in client.get("/account/email").text

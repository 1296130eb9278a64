"""E-mail addresses of accounts, the password-reset mail clock and the server's shared
secrets (persistence only; the functions run inside the caller's transaction)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Connection, Row

from ratinglist.store.accounts import require_account
from ratinglist.store.schema import accounts, server_secrets


@dataclass(frozen=True, slots=True)
class MailAccount:
    """What a mail to an account needs: name, address, password hash, last reset mail, and
    the language of its mails (None: English)."""

    name: str
    email: str | None
    password_hash: str
    reset_mailed_at: dt.datetime | None
    language: str | None = None


def _aware(value: dt.datetime | None) -> dt.datetime | None:
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=dt.UTC)


def _row_of(row: Row[Any, Any, Any, Any, Any]) -> MailAccount:
    email = None if row.email is None else str(row.email)
    language = None if row.language is None else str(row.language)
    return MailAccount(
        str(row.name), email, str(row.password_hash), _aware(row.reset_mailed_at), language
    )


def mail_account(conn: Connection, name: str) -> MailAccount | None:
    """The account named `name` (exact), or None."""
    a = accounts.c
    row = conn.execute(
        select(a.name, a.email, a.password_hash, a.reset_mailed_at, a.language).where(
            a.name == name
        )
    ).first()
    return None if row is None else _row_of(row)


def account_by_email(conn: Connection, email: str) -> MailAccount | None:
    """The account whose address is `email` (case-insensitive; the first by name)."""
    a = accounts.c
    row = conn.execute(
        select(a.name, a.email, a.password_hash, a.reset_mailed_at, a.language)
        .where(func.lower(a.email) == email.lower())
        .order_by(a.name)
    ).first()
    return None if row is None else _row_of(row)


def set_email(conn: Connection, name: str, email: str | None) -> None:
    """Set (None: remove) the account's address.

    Raises:
        NotFoundError: no such account.
    """
    found = require_account(conn, name)
    conn.execute(update(accounts).where(accounts.c.id == found.id).values(email=email))


def set_language(conn: Connection, name: str, language: str | None) -> None:
    """Set (None: English) the language of the account's mails.

    Raises:
        NotFoundError: no such account.
    """
    found = require_account(conn, name)
    conn.execute(update(accounts).where(accounts.c.id == found.id).values(language=language))


def mark_reset_mailed(conn: Connection, name: str, at: dt.datetime) -> None:
    """Remember when the account was last sent a password-reset link."""
    conn.execute(update(accounts).where(accounts.c.name == name).values(reset_mailed_at=at))


def secret(conn: Connection, name: str, make: str) -> str:
    """The secret `name`, stored as `make` when there is none yet (the first caller wins)."""
    s = server_secrets.c
    found = conn.execute(select(s.value).where(s.name == name)).scalar()
    if found is not None:
        return str(found)
    conn.execute(insert(server_secrets).values(name=name, value=make))
    return make

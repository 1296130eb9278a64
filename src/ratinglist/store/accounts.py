"""Accounts in the database: users, grants, web sessions and failed sign-ins (persistence only).

Passwords arrive here already hashed; session tokens arrive as their sha256. The functions
taking a `Connection` run inside the caller's transaction (`Store.begin`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection

from ratinglist.errors import AccountError, NotFoundError
from ratinglist.model.account import Account, Grant, Role
from ratinglist.store.schema import account_grants, accounts, login_failures, web_sessions


@dataclass(frozen=True, slots=True)
class StoredAccount:
    """An account row with its password hash (for sign-in only) and grants."""

    id: int
    name: str
    password_hash: str
    grants: frozenset[Grant]

    @property
    def account(self) -> Account:
        """The account without its hash."""
        return Account(self.name, self.grants)


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A signed-in session: its account and CSRF token."""

    account: Account
    csrf: str
    expires_at: dt.datetime


def _grants(conn: Connection, account_id: int) -> frozenset[Grant]:
    g = account_grants.c
    rows = conn.execute(select(g.role, g.scope).where(g.account_id == account_id))
    return frozenset(Grant(Role(role), scope) for role, scope in rows)


def find_account(conn: Connection, name: str) -> StoredAccount | None:
    """The account named `name` (exact), or None."""
    a = accounts.c
    row = conn.execute(select(a.id, a.name, a.password_hash).where(a.name == name)).first()
    if row is None:
        return None
    return StoredAccount(row.id, row.name, row.password_hash, _grants(conn, row.id))


def require_account(conn: Connection, name: str) -> StoredAccount:
    """The account named `name`.

    Raises:
        NotFoundError: there is none.
    """
    found = find_account(conn, name)
    if found is None:
        raise NotFoundError(f"expected an existing user, got {name!r}")
    return found


def add_account(conn: Connection, name: str, password_hash: str, at: dt.datetime, by: str) -> None:
    """Store a new account.

    Raises:
        AccountError: the name is taken.
    """
    if find_account(conn, name) is not None:
        raise AccountError(f"expected a new user name, got {name!r}, which exists")
    conn.execute(
        insert(accounts).values(
            name=name, password_hash=password_hash, created_at=at, created_by=by
        )
    )


def set_password_hash(conn: Connection, name: str, password_hash: str) -> None:
    """Replace an account's password hash and end its sessions."""
    found = require_account(conn, name)
    conn.execute(
        update(accounts).where(accounts.c.id == found.id).values(password_hash=password_hash)
    )
    conn.execute(delete(web_sessions).where(web_sessions.c.account_id == found.id))


def add_grant(conn: Connection, name: str, grant: Grant, at: dt.datetime, by: str) -> bool:
    """Give `grant` to the account; False when it already had it."""
    found = require_account(conn, name)
    if grant in found.grants:
        return False
    conn.execute(
        insert(account_grants).values(
            account_id=found.id,
            role=grant.role.value,
            scope=grant.scope,
            granted_at=at,
            granted_by=by,
        )
    )
    return True


def remove_grant(conn: Connection, name: str, grant: Grant) -> bool:
    """Take `grant` away; False when the account did not have it."""
    found = require_account(conn, name)
    g = account_grants.c
    result = conn.execute(
        delete(account_grants).where(
            g.account_id == found.id, g.role == grant.role.value, g.scope == grant.scope
        )
    )
    return bool(result.rowcount)


def all_accounts(conn: Connection) -> tuple[Account, ...]:
    """Every account with its grants, by name."""
    a = accounts.c
    rows = conn.execute(select(a.id, a.name).order_by(a.name)).all()
    return tuple(Account(row.name, _grants(conn, row.id)) for row in rows)


def add_session(
    conn: Connection,
    name: str,
    token_hash: str,
    csrf: str,
    at: dt.datetime,
    expires_at: dt.datetime,
) -> None:
    """Store a new session of the account."""
    found = require_account(conn, name)
    conn.execute(delete(web_sessions).where(web_sessions.c.expires_at < at))
    conn.execute(
        insert(web_sessions).values(
            token_hash=token_hash,
            account_id=found.id,
            csrf=csrf,
            created_at=at,
            expires_at=expires_at,
        )
    )


def find_session(conn: Connection, token_hash: str, now: dt.datetime) -> StoredSession | None:
    """The unexpired session with this token hash, or None."""
    s, a = web_sessions.c, accounts.c
    row = conn.execute(
        select(a.id, a.name, s.csrf, s.expires_at)
        .join_from(web_sessions, accounts, s.account_id == a.id)
        .where(s.token_hash == token_hash)
    ).first()
    if row is None:
        return None
    expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(tzinfo=dt.UTC)
    if expires <= now:
        return None
    return StoredSession(Account(row.name, _grants(conn, row.id)), row.csrf, expires)


def remove_session(conn: Connection, token_hash: str) -> None:
    """End the session (nothing happens if there is none)."""
    conn.execute(delete(web_sessions).where(web_sessions.c.token_hash == token_hash))


def record_failure(
    conn: Connection, name: str, address: str, at: dt.datetime, since: dt.datetime
) -> None:
    """Remember a failed sign-in of an existing account; forget failures older than `since`."""
    conn.execute(delete(login_failures).where(login_failures.c.at < since))
    conn.execute(insert(login_failures).values(name=name[:64], address=address[:64], at=at))


def recent_failures(
    conn: Connection, name: str, address: str, since: dt.datetime
) -> list[dt.datetime]:
    """The times of the failed sign-ins for `name` from `address` since `since`."""
    f = login_failures.c
    rows = conn.execute(
        select(f.at).where(f.name == name[:64], f.address == address[:64], f.at >= since)
    ).scalars()
    return [at if at.tzinfo else at.replace(tzinfo=dt.UTC) for at in rows]


def clear_failures(conn: Connection, name: str, address: str) -> None:
    """Forget the failed sign-ins of `name` from `address` (after a successful one)."""
    f = login_failures.c
    conn.execute(delete(login_failures).where(f.name == name[:64], f.address == address[:64]))


def holders_of(conn: Connection, grant: Grant) -> tuple[str, ...]:
    """The names of the accounts that hold `grant` (role and scope), by name."""
    g, a = account_grants.c, accounts.c
    query = (
        select(a.name)
        .join(account_grants, g.account_id == a.id)
        .where(g.role == grant.role.value, g.scope == grant.scope)
        .order_by(a.name)
    )
    return tuple(str(name) for (name,) in conn.execute(query))

"""Account use cases: users, passwords, grants, signing in and out, sessions.

Passwords are hashed with argon2 (argon2-cffi's defaults, RFC 9106's second recommended
parameter set); the database keeps the hash only. A session is a random token given to the
browser in an HttpOnly cookie; the database keeps its sha256 and the session's CSRF token, so
every worker process (and a restarted server) sees the same sessions.

Failed sign-ins are counted per (user name, client address): after `MAX_FAILURES` within
`FAILURE_WINDOW` that pair is refused, whatever the password (`RateLimited`), for a pause that
doubles with each further failure (`BACKOFF_FIRST` .. `FAILURE_WINDOW`). Another address is
not held back: a guesser cannot lock the owner out. Failures are stored only for names that
exist; those of unknown names are counted in this process's memory, on the database handle
(at most `UNKNOWN_KEPT` pairs), so both throttle alike and the database holds nothing an anonymous
client typed. An unknown name costs a password check too (a dummy hash): a failure takes the
same time whether the name exists or not.

A worker process trusts a session it looked up for `SESSION_CHECK_S` (every request of a
signed-in device asks; the lookup is two queries; what it remembers hangs off the database
handle, `Store.attached`): signing out, a new password, a grant or a
revocation take effect at once in the process that made them and within `SESSION_CHECK_S` in
the others (and in a server started by another command).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ratinglist.errors import N_, AccountError, InputError, PermissionDenied, RateLimited
from ratinglist.model.account import SCOPED, Account, Grant, Role
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.store import Store
from ratinglist.store import accounts as stored

if TYPE_CHECKING:
    from argon2 import PasswordHasher

MAX_FAILURES = 5
"""Failed sign-ins of one (user name, address) allowed within `FAILURE_WINDOW` before a pause."""
FAILURE_WINDOW = dt.timedelta(minutes=15)
"""How long a failure counts, and the longest pause."""
BACKOFF_FIRST = dt.timedelta(seconds=30)
"""The pause after `MAX_FAILURES` failures; each further failure doubles it."""
UNKNOWN_KEPT = 10_000
"""(name, address) pairs of unknown names whose failures this process remembers."""
SESSION_LIFETIME = dt.timedelta(days=7)
"""How long a session stays valid (a tournament weekend and its submission)."""
MIN_PASSWORD = 8
"""The shortest password accepted."""
SESSION_CHECK_S = 5.0
"""How long a process answers from its last lookup of a session (see the module's text)."""
SESSIONS_KEPT = 4096
"""Sessions remembered per process (all forgotten when more are signed in)."""


CHEAP_HASHES = "RATINGLIST_CHEAP_PASSWORD_HASHES"
"""Environment setting (``1``) that makes new hashes cheap: for the test suite only, never in
production. A cheap hash is still argon2 and still verified; it is merely fast to guess."""


@cache
def _hasher() -> PasswordHasher:
    from argon2 import PasswordHasher

    if os.environ.get(CHEAP_HASHES) == "1":
        return PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    return PasswordHasher()


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _check_name(name: str) -> str:
    name = name.strip()
    if not name or len(name) > 64 or any(c.isspace() for c in name):
        raise InputError(
            N_("expected a user name of 1-64 characters without spaces, got %(name)r"), name=name
        )
    return name


def _check_password(password: str) -> str:
    if len(password) < MIN_PASSWORD:
        raise InputError(
            N_("expected a password of at least %(min_password)s characters, got %(count)s"),
            min_password=MIN_PASSWORD,
            count=len(password),
        )
    return password


def parse_grant(role: str, scope: str | None = None) -> Grant:
    """The grant a user typed: a role name and, for scoped roles, its country or tournament.

    Raises:
        InputError: an unknown role, or a scope missing or not of the role's kind.
    """
    try:
        kind = Role(role.strip().lower())
    except ValueError:
        roles = ", ".join(r.value for r in Role)
        raise InputError(
            N_("expected a role among %(roles)s, got %(role)r"), roles=roles, role=role
        ) from None
    text = (scope or "").strip()
    need = SCOPED.get(kind)
    if need is not None and not text:
        raise InputError(
            N_("expected a %(need)s for the role %(value)s, got none"), need=need, value=kind.value
        )
    if kind in (Role.ADMIN, Role.RATING_OFFICER) and text:
        raise InputError(
            N_("expected no scope for the role %(value)s, got %(text)r"),
            value=kind.value,
            text=text,
        )
    if kind in (Role.TD, Role.ASSISTANT) and text and not text.isdigit():
        raise InputError(
            N_("expected a tournament number for the role %(value)s, got %(text)r"),
            value=kind.value,
            text=text,
        )
    if kind is Role.ID_OFFICER:
        text = country_scope(text)
    return Grant(kind, text)


def country_scope(text: str) -> str:
    """The registry's code of a country as typed (code, alias or name): an ID officer's scope.

    Raises:
        InputError: not a country the registry knows.
    """
    from ratinglist.registry.countries import find_country

    found = find_country(text)
    if found is None:
        raise InputError(N_("expected a country (code or name), got %(text)r"), text=text)
    return found.code


def add_user(db: Store, name: str, password: str, actor: Actor) -> Account:
    """Create a user with a password and no role.

    Raises:
        InputError: the name or password is not acceptable.
        AccountError: the name is taken.
    """
    name = _check_name(name)
    digest = _hasher().hash(_check_password(password))
    with db.begin() as conn:
        stored.add_account(conn, name, digest, _now(), actor.label)
    return Account(name, frozenset())


def set_password(db: Store, name: str, password: str, actor: Actor) -> None:
    """Replace a user's password; the user's sessions end."""
    digest = _hasher().hash(_check_password(password))
    with db.begin() as conn:
        stored.set_password_hash(conn, name, digest)
    _forget_sessions(db)


def grant(db: Store, name: str, given: Grant, actor: Actor) -> bool:
    """Give a role; False when the user already had it."""
    with db.begin() as conn:
        added = stored.add_grant(conn, name, given, _now(), actor.label)
    _forget_sessions(db)
    return added


def forget_sessions(db: Store) -> None:
    """Look every session up again in this process (after grants changed outside `grant`
    and `revoke`, e.g. with a deleted tournament's)."""
    _forget_sessions(db)


def revoke(db: Store, name: str, taken: Grant, actor: Actor) -> bool:
    """Take a role away; False when the user did not have it."""
    with db.begin() as conn:
        removed = stored.remove_grant(conn, name, taken)
    _forget_sessions(db)
    return removed


def users(db: Store) -> tuple[Account, ...]:
    """Every user with their roles."""
    with db.connect() as conn:
        return stored.all_accounts(conn)


@dataclass(frozen=True, slots=True)
class Session:
    """A new session: the token for the cookie (shown once, never stored) and its CSRF token."""

    account: Account
    token: str
    csrf: str
    expires_at: dt.datetime


@dataclass(frozen=True, slots=True)
class SignedIn:
    """The account behind a session token, and the CSRF token its forms must carry."""

    account: Account
    csrf: str

    @property
    def actor(self) -> Actor:
        """The actor recorded on what this user writes."""
        return Actor(ActorKind.WEB, self.account.name)


_clock = time.monotonic


class _Remembered:
    """What a process remembers of one database's sign-ins (kept on its handle): the sessions
    it looked up (token hash -> until when trusted, who, expiry) and the recent failures of
    unknown names ((name, address) -> times)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.seen: dict[str, tuple[float, SignedIn, dt.datetime]] = {}
        self.unknown: OrderedDict[tuple[str, str], list[dt.datetime]] = OrderedDict()


def _remembered(db: Store) -> _Remembered:
    return db.attached("accounts.remembered", _Remembered)


def _forget_sessions(db: Store, token_hash: str | None = None) -> None:
    """Drop what this process remembers of one session, or of every session of `db`."""
    kept = _remembered(db)
    with kept.lock:
        if token_hash is not None:
            kept.seen.pop(token_hash, None)
            return
        kept.seen.clear()


def _pause(failures: list[dt.datetime]) -> dt.datetime | None:
    """When the next attempt may be made after these recent failures (None: at once)."""
    if len(failures) < MAX_FAILURES:
        return None
    extra = len(failures) - MAX_FAILURES
    pause: dt.timedelta = min(BACKOFF_FIRST * (2 ** min(extra, 16)), FAILURE_WINDOW)
    latest: dt.datetime = max(failures)
    return latest + pause


def _unknown_failures(db: Store, name: str, address: str, since: dt.datetime) -> list[dt.datetime]:
    remembered = _remembered(db)
    with remembered.lock:
        got = remembered.unknown.get((name[:64], address[:64]), [])
        kept = [at for at in got if at >= since]
    return kept


def _remember_unknown(
    db: Store, name: str, address: str, at: dt.datetime, since: dt.datetime
) -> None:
    key = (name[:64], address[:64])
    remembered = _remembered(db)
    with remembered.lock:
        kept = [t for t in remembered.unknown.pop(key, []) if t >= since]
        remembered.unknown[key] = [*kept, at]
        while len(remembered.unknown) > UNKNOWN_KEPT:
            remembered.unknown.popitem(last=False)


@cache
def _dummy_hash() -> str:
    """A hash of a random password with the same parameters: checked for unknown names."""
    return _hasher().hash(secrets.token_urlsafe(16))


def sign_in(db: Store, name: str, password: str, address: str) -> Session:
    """Check a password and open a session.

    Raises:
        RateLimited: too many failed attempts for this name from this address recently;
            nothing checked.
        AccountError: unknown name or wrong password (one message, and the same time, for both).
    """
    found = _verify(db, name, password, address)
    return _open_session(db, found.name, found.account, address)


def change_password(db: Store, name: str, current: str, new: str, address: str) -> Session:
    """A user replaces their own password (the current one checked as at sign-in): every
    session of the user ends and a new one is opened for the device that asked.

    Raises:
        RateLimited, AccountError: as `sign_in`, for the current password.
        InputError: the new password is not acceptable.
    """
    _check_password(new)
    found = _verify(db, name, current, address)
    set_password(db, found.name, new, Actor(ActorKind.WEB, found.name))
    return _open_session(db, found.name, found.account, address)


def _verify(db: Store, name: str, password: str, address: str) -> stored.StoredAccount:
    """The account whose password this is (see `sign_in`)."""
    from argon2.exceptions import InvalidHashError, VerificationError

    now = _now()
    since = now - FAILURE_WINDOW
    name = name.strip()
    with db.connect() as conn:
        found = stored.find_account(conn, name)
        if found is not None:
            failures = stored.recent_failures(conn, name, address, since)
        else:
            failures = _unknown_failures(db, name, address, since)
    until = _pause(failures)
    if until is not None and until > now:
        seconds = max(1, int((until - now).total_seconds()))
        raise RateLimited(
            N_(
                "expected at most %(max_failures)s failed sign-ins from this address in"
                " %(total_seconds)s minutes, got %(count)s: try again in %(seconds)s s"
            ),
            max_failures=MAX_FAILURES,
            total_seconds=int(FAILURE_WINDOW.total_seconds() // 60),
            count=len(failures),
            seconds=seconds,
        )
    try:
        _hasher().verify(_dummy_hash() if found is None else found.password_hash, password)
        if found is None:
            raise VerificationError("unknown user")
    except (VerificationError, InvalidHashError):
        if found is None:
            _remember_unknown(db, name, address, now, since)
        else:
            with db.begin() as conn:
                stored.record_failure(conn, found.name, address, now, since)
        raise AccountError(
            N_("expected a known user name and its password, got no match")
        ) from None
    return found


def _open_session(db: Store, name: str, account: Account, address: str) -> Session:
    now = _now()
    token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    expires = now + SESSION_LIFETIME
    with db.begin() as conn:
        stored.clear_failures(conn, name, address)
        stored.add_session(conn, name, _token_hash(token), csrf, now, expires)
    return Session(account, token, csrf, expires)


def remembered_session(db: Store, token: str) -> SignedIn | None:
    """The account of a session token as this process looked it up less than
    `SESSION_CHECK_S` ago (None: not remembered; ask `session_of`). No I/O: an async
    caller needs no worker thread for it."""
    if not token:
        return None
    remembered = _remembered(db)
    with remembered.lock:
        seen = remembered.seen.get(_token_hash(token))
    if seen is not None and seen[0] > _clock() and seen[2] > _now():
        return seen[1]
    return None


def session_of(db: Store, token: str, *, fresh: bool = False) -> SignedIn | None:
    """The signed-in account of a session token (None: unknown or expired).

    The answer may be up to `SESSION_CHECK_S` old; `fresh` reads the database (a caller
    about to refuse a role asks again: a grant made in another process counts at once).
    """
    if not token:
        return None
    if not fresh:
        seen = remembered_session(db, token)
        if seen is not None:
            return seen
    key, now = _token_hash(token), _now()
    with db.connect() as conn:
        found = stored.find_session(conn, key, now)
    if found is None:
        _forget_sessions(db, key)
        return None
    who = SignedIn(found.account, found.csrf)
    remembered = _remembered(db)
    with remembered.lock:
        if len(remembered.seen) >= SESSIONS_KEPT:
            remembered.seen.clear()
        remembered.seen[key] = (_clock() + SESSION_CHECK_S, who, found.expires_at)
    return who


def sign_out(db: Store, token: str) -> None:
    """End a session."""
    with db.begin() as conn:
        stored.remove_session(conn, _token_hash(token))
    _forget_sessions(db, _token_hash(token))


def same_secret(sent: str, expected: str) -> bool:
    """True when `sent` is `expected`, compared in constant time; any text may be sent (a
    forged token with non-ASCII characters is only another wrong token)."""
    return secrets.compare_digest(sent.encode(), expected.encode())


def check_csrf(signed_in: SignedIn, sent: str | None) -> None:
    """Refuse a write whose CSRF token is not the session's.

    Raises:
        PermissionDenied: missing or different.
    """
    if not sent or not same_secret(sent, signed_in.csrf):
        got = "none" if not sent else "another"
        raise PermissionDenied(
            N_("expected the form's CSRF token, got %(got)s: reload the page"), got=got
        )

"""E-mail to account holders: their address, a forgotten password, a decision on a submission.

A password is reset through a signed, expiring link mailed to the account's address: the
token carries the user name and the expiry time, signed (HMAC-SHA256) with a key kept in the
database (``server_secrets``, made at the first use, so every host signs and checks alike)
over those two and the account's current password hash. A link therefore stops working when
it expires (`RESET_LIFETIME`), once it has been used, and when the password is changed in
any other way. At most one link is mailed per account every `RESET_MAIL_EVERY` (whoever
asks), and the page that asks says the same whether or not an account matched. Asking does
the same work whatever is asked (the same reads, a token signed, the same write), so that
the time taken tells nothing either; the message itself is handed to `send`, which the web
runs off the request (`service.mail.Outbox`). The link carries the token after ``#``: a
browser never sends that part, so it reaches no server's or proxy's log.

The TD (or whoever submitted a results file) hears of the rating officer's decision by
e-mail when their account has an address (`notify_decision`, called by `service.intake`).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from ratinglist.errors import AccountError, InputError
from ratinglist.i18n import DEFAULT, LOCALES, N_, _, parse_locale, using
from ratinglist.service.accounts import same_secret, set_password
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.mail import MailSettings, looks_like_address, send_mail
from ratinglist.store import Store
from ratinglist.store import account_mail as stored
from ratinglist.store.intake import IntakeSummary

RESET_LIFETIME = dt.timedelta(hours=1)
"""How long a password-reset link works."""
RESET_MAIL_EVERY = dt.timedelta(minutes=2)
"""The shortest time between two reset links mailed to one account."""
RESET_KEY = "password_reset_key"
"""The name of the signing key in ``server_secrets``."""
NOBODY = ""
"""The account name no account has: the write made when no link is mailed."""
_NO_HASH = "$no-account$"

Sender = Callable[[MailSettings, str, str, str], None]
"""How a message is sent: `service.mail.send_mail` or an outbox's ``send``."""


VERDICTS = {"accepted": N_("accepted"), "rejected": N_("rejected")}
"""A decision's word in the mail (translated in the submitter's language)."""


def _now(now: dt.datetime | None) -> dt.datetime:
    return now or dt.datetime.now(dt.UTC)


def check_address(text: str) -> str:
    """An e-mail address as typed, trimmed.

    Raises:
        InputError: not shaped like an address.
    """
    address = text.strip()
    if not looks_like_address(address):
        raise InputError(
            N_("expected an e-mail address like name@example.org, got %(text)r"), text=text
        )
    return address


def set_account_email(db: Store, name: str, email: str | None, actor: Actor) -> str | None:
    """Set (None or empty: remove) a user's e-mail address; the address stored.

    Raises:
        InputError: not shaped like an address.
        NotFoundError: no such user.
    """
    address = check_address(email) if email and email.strip() else None
    with db.begin() as conn:
        stored.set_email(conn, name, address)
    return address


def set_account_language(db: Store, name: str, language: str, actor: Actor) -> str:
    """Set the language of a user's mails (``en``, ``fr``, ``ja``); the language stored.

    Raises:
        InputError: not a language of the site.
        NotFoundError: no such user.
    """
    code = parse_locale(language)
    if code is None:
        raise InputError(
            N_("expected a language among %(locales)s, got %(language)r"),
            locales=", ".join(LOCALES),
            language=language,
        )
    with db.begin() as conn:
        stored.set_language(conn, name, None if code == DEFAULT else code)
    return code


def account_language(db: Store, name: str) -> str:
    """The language of a user's mails (English when none is set or no such user)."""
    with db.connect() as conn:
        found = stored.mail_account(conn, name)
    return (found.language if found is not None else None) or DEFAULT


def account_email(db: Store, name: str) -> str | None:
    """The user's e-mail address (None when there is none or no such user)."""
    with db.connect() as conn:
        found = stored.mail_account(conn, name)
    return None if found is None else found.email


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _signature(key: str, name: str, expires: int, password_hash: str) -> str:
    message = f"{name}\n{expires}\n{password_hash}".encode()
    return _b64(hmac.new(key.encode(), message, hashlib.sha256).digest())


def _key(db: Store) -> str:
    with db.begin() as conn:
        return stored.secret(conn, RESET_KEY, secrets.token_urlsafe(48))


@dataclass(frozen=True, slots=True)
class ResetMail:
    """A reset link mailed: to whom (the account) and until when it works."""

    name: str
    expires_at: dt.datetime


def request_reset(
    db: Store,
    who: str,
    link_base: str,
    mail: MailSettings,
    *,
    now: dt.datetime | None = None,
    send: Sender = send_mail,
) -> ResetMail | None:
    """Mail a password-reset link to the account named `who` (or whose address it is).

    None, and nothing sent, when no account matches, it has no address, or a link was
    mailed to it less than `RESET_MAIL_EVERY` ago; the database work is the same in every
    case. `link_base` is the site's configured address (``https://ratings.example.org``,
    never the address a request named); the link is ``{link_base}/reset#token=...``.

    Raises:
        MailError: `send` could not hand the message over.
    """
    moment = _now(now)
    typed = who.strip()
    with db.connect() as conn:  # both reads every time
        by_name = stored.mail_account(conn, typed)
        by_address = stored.account_by_email(conn, typed)
    found = by_name or (by_address if "@" in typed else None)
    last = found.reset_mailed_at if found is not None else None
    mailed = (
        found is not None
        and bool(found.email)
        and (last is None or moment - last >= RESET_MAIL_EVERY)
    )
    expires = int((moment + RESET_LIFETIME).timestamp())
    name = found.name if found is not None else typed
    password_hash = found.password_hash if found is not None else _NO_HASH
    signature = _signature(_key(db), name, expires, password_hash)  # signed every time
    token = f"{_b64(name.encode())}.{expires}.{signature}"
    with db.begin() as conn:  # one write every time: to nobody when nothing is mailed
        stored.mark_reset_mailed(conn, found.name if mailed and found else NOBODY, moment)
    if not mailed or found is None or not found.email:
        return None
    minutes = int(RESET_LIFETIME.total_seconds() // 60)
    link = f"{link_base.rstrip('/')}/reset#token={token}"
    with using(found.language):  # issue 36: in the account's language
        body = _(
            "Someone (probably you) asked to reset the password of the account %(name)s.\n\n"
            "Choose a new password here (the link works for %(minutes)s minutes, once):\n\n"
            "%(link)s\n\n"
            "If you did not ask, ignore this message: your password stays as it is.\n",
            name=repr(found.name),
            minutes=minutes,
            link=link,
        )
        subject = _("Ratinglist: reset your password")
    send(mail, found.email, subject, body)
    return ResetMail(found.name, dt.datetime.fromtimestamp(expires, dt.UTC))


def reset_password(db: Store, token: str, password: str, *, now: dt.datetime | None = None) -> str:
    """Set a new password through a mailed link; the user's name. The user's sessions end.

    Raises:
        AccountError: the link is damaged, expired, used already or replaced.
        InputError: the password is not acceptable.
    """
    damaged = AccountError(N_("expected a password-reset link as mailed, got a damaged one"))
    try:
        encoded, expires_text, signature = token.strip().split(".")
        name = _unb64(encoded).decode()
        expires = int(expires_text)
    except (ValueError, UnicodeDecodeError):
        raise damaged from None
    if _now(now).timestamp() >= expires:
        raise AccountError(N_("expected a password-reset link still valid, got an expired one"))
    with db.connect() as conn:
        found = stored.mail_account(conn, name)
    if found is None:
        raise damaged
    expected = _signature(_key(db), found.name, expires, found.password_hash)
    if not same_secret(signature, expected):
        raise AccountError(
            N_(
                "expected the newest password-reset link, got one used already or "
                "replaced: ask for a new one"
            )
        )
    set_password(db, found.name, password, Actor(ActorKind.WEB, found.name))
    return found.name


def notify_decision(db: Store, summary: IntakeSummary, mail: MailSettings) -> str | None:
    """Mail the submitter of a decided queue item the decision (and the officer's message);
    the address written to, or None when the submitter has no account with an address.

    Raises:
        MailError: the SMTP server could not take the message.
    """
    submitter = Actor.parse(summary.submitted_by)
    if submitter.kind not in (ActorKind.WEB, ActorKind.CLI):
        return None
    with db.connect() as conn:
        found = stored.mail_account(conn, submitter.name)
    if found is None or not found.email:
        return None
    with using(found.language):  # issue 36: in the submitter's language
        verdict = _(VERDICTS.get(summary.status, summary.status))
        lines = [
            _(
                "The rating officer (%(officer)s) %(verdict)s the results file %(file)s "
                "(queue item %(item)s).",
                officer=Actor.parse(summary.decided_by or "").name,
                verdict=verdict,
                file=summary.file_name,
                item=summary.id,
            ),
        ]
        if summary.message:
            lines += ["", _("Message:"), summary.message]
        if summary.status == "accepted" and summary.tournament_id is not None:
            lines += ["", _("It is tournament %(n)s of the archive.", n=summary.tournament_id)]
        subject = _("Ratinglist: %(file)s %(verdict)s", file=summary.file_name, verdict=verdict)
    send_mail(mail, found.email, subject, "\n".join(lines) + "\n")
    return found.email

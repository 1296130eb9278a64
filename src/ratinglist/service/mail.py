"""E-mail through any SMTP server: where to send (`MailSettings`, read from a URL) and one
message sent (`send_mail`).

`ratinglist serve --smtp URL` names the server:

- ``smtp://host[:port]`` (port 25 by default), plain SMTP, as to a local relay;
- ``smtp+starttls://user:password@host[:port]`` (587), upgraded with STARTTLS;
- ``smtps://user:password@host[:port]`` (465), TLS from the first byte;
- ``?from=address`` sets the sender (default ``ratinglist@`` and the host's full name).

User and password are percent-decoded (``%40`` for ``@``). A message that cannot be sent
raises `MailError` naming the server and the reason; nothing is retried (the callers say
so, or log it, and the person asks again). An `Outbox` sends messages from a thread of its
own, so that a request that mails (a password reset) answers without waiting for the SMTP
server; its failures are logged (recipient and subject, never the message's text).
"""

from __future__ import annotations

import logging
import queue
import smtplib
import socket
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import make_msgid
from urllib.parse import parse_qs, unquote, urlsplit

from ratinglist.errors import N_, RatinglistError

SCHEMES = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}
"""The URL schemes understood and their default ports."""
TIMEOUT_S = 10.0
"""How long to wait for the SMTP server at each step."""


class MailError(RatinglistError):
    """An e-mail could not be sent (bad SMTP URL, server unreachable or refusing)."""


@dataclass(frozen=True, slots=True)
class MailSettings:
    """An SMTP server and the sender's address (see the module's text)."""

    scheme: str
    host: str
    port: int
    sender: str
    user: str | None = None
    password: str | None = None

    @property
    def label(self) -> str:
        """The server without its password, for messages."""
        who = f"{self.user}@" if self.user else ""
        return f"{self.scheme}://{who}{self.host}:{self.port}"


def looks_like_address(text: str) -> bool:
    """True for something shaped like an e-mail address (one @, a dot in the domain, no
    spaces): a check against typing mistakes, not a proof that the mailbox exists."""
    local, at, domain = text.rpartition("@")
    return (
        bool(at and local and domain)
        and "." in domain.strip(".")
        and not any(c.isspace() or c in "<>,;\"'" for c in text)
        and len(text) <= 254
    )


def mail_settings(url: str) -> MailSettings:
    """The settings named by an SMTP URL.

    Raises:
        MailError: not an SMTP URL as described in the module's text.
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in SCHEMES or not parts.hostname:
        raise MailError(
            N_(
                "expected an SMTP URL like smtp://host:25, "
                "smtp+starttls://user:password@host:587 or "
                "smtps://user:password@host:465, got %(url)r"
            ),
            url=url,
        )
    try:
        port = parts.port or SCHEMES[parts.scheme]
    except ValueError:
        raise MailError(
            N_("expected a port number in the SMTP URL, got %(url)r"), url=url
        ) from None
    query = parse_qs(parts.query)
    sender = query.get("from", [""])[0]
    if "from" not in query:
        sender = f"ratinglist@{socket.getfqdn()}"
    elif not looks_like_address(sender):
        raise MailError(
            N_("expected an e-mail address after from= in the SMTP URL, got %(sender)r"),
            sender=sender,
        )
    user = unquote(parts.username) if parts.username else None
    password = unquote(parts.password) if parts.password else None
    return MailSettings(parts.scheme, parts.hostname, port, sender, user, password)


def send_mail(settings: MailSettings, to: str, subject: str, body: str) -> None:
    """Send one plain-text message.

    Raises:
        MailError: the server could not be reached or refused the message.
    """
    message = EmailMessage()
    message["From"] = settings.sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain=settings.sender.rpartition("@")[2])
    message.set_content(body)
    try:
        if settings.scheme == "smtps":
            context = ssl.create_default_context()
            client: smtplib.SMTP = smtplib.SMTP_SSL(
                settings.host, settings.port, timeout=TIMEOUT_S, context=context
            )
        else:
            client = smtplib.SMTP(settings.host, settings.port, timeout=TIMEOUT_S)
        with client:
            if settings.scheme == "smtp+starttls":
                client.starttls(context=ssl.create_default_context())
            if settings.user:
                client.login(settings.user, settings.password or "")
            client.send_message(message)
    except (OSError, smtplib.SMTPException) as exc:
        raise MailError(
            N_("could not send mail through %(label)s: %(exc)s"), label=settings.label, exc=exc
        ) from exc


log = logging.getLogger("ratinglist.mail")


class Outbox:
    """Messages sent one after the other by a thread of the process (made at the first
    message, so after a server forked its workers); `send` only queues."""

    def __init__(self, deliver: Callable[[MailSettings, str, str, str], None] = send_mail):
        self._deliver = deliver
        self._queue: queue.Queue[tuple[MailSettings, str, str, str]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def send(self, settings: MailSettings, to: str, subject: str, body: str) -> None:
        """Queue one message (see `send_mail`); it is sent within moments."""
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="ratinglist-outbox", daemon=True
                )
                self._thread.start()
        self._queue.put((settings, to, subject, body))

    def wait(self, timeout: float = TIMEOUT_S) -> bool:
        """Wait until every queued message was handed over (or failed); False on timeout."""
        done = threading.Event()

        def drained() -> None:
            self._queue.join()
            done.set()

        threading.Thread(target=drained, daemon=True).start()
        return done.wait(timeout)

    def _run(self) -> None:
        while True:
            settings, to, subject, body = self._queue.get()
            try:
                self._deliver(settings, to, subject, body)
            except MailError as exc:
                log.warning("mail %r to %s not sent: %s", subject, to, exc)
            except Exception:  # a bug: logged, the thread goes on with the next message
                log.exception("mail %r to %s not sent", subject, to)
            finally:
                self._queue.task_done()

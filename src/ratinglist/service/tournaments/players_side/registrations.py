"""Online registration: a player sends the game's fields and an e-mail address; the entry
waits (``pending``) until the director accepts it (entered by the director's own call,
`Game`'s ``player_side`` service module, with the registry's or the lists' matches offered,
never guessed) or refuses it. Accepting gives the player their code, mailed to them.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from ratinglist.errors import N_, NotAllowedNow, NotFoundError, RateLimited, TournamentInputError
from ratinglist.model.directed import Person
from ratinglist.service.actor import Actor
from ratinglist.service.mail import MailSettings, looks_like_address
from ratinglist.service.tournaments.games import offered
from ratinglist.service.tournaments.log import loaded
from ratinglist.service.tournaments.players_side.codes import ensure_codes
from ratinglist.service.tournaments.players_side.settings import now
from ratinglist.store import Store
from ratinglist.store.player_side import (
    RegistrationRow,
    add_registration,
    count_registrations,
    decide_registration,
    registration_row,
    registration_rows,
    side_row,
)
from ratinglist.tournament.fold import require_open
from ratinglist.tournament.game import game_of

PER_ADDRESS = 20
"""Registrations one address may send to one tournament within `ADDRESS_WINDOW` (a club
secretary may enter a whole club; a script may not fill the list)."""
ADDRESS_WINDOW = dt.timedelta(hours=1)
FIELD_LIMIT = 120
"""Characters of one field at most."""

Sender = Callable[[MailSettings, str, str, str], None]


def rules(game: str) -> ModuleType:
    """The game's registration rules (its service folder's ``player_side`` module).

    Raises:
        NotOffered: the game takes no online registrations.
    """
    return offered(game, "player_side", N_("online registration"))


def address_hash(address: str) -> str:
    """The stored form of a sender's address: a hash, kept only to throttle."""
    return hashlib.sha256(f"ratinglist-registration:{address}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class FormField:
    """A field of the registration form: key, label, whether required."""

    key: str
    label: str
    required: bool


@dataclass(frozen=True, slots=True)
class RegistrationForm:
    """What the public form shows: the tournament, whether it takes entries (and why not),
    the game's fields, the closing time, places left, and the players registered."""

    tournament: int
    name: str
    game: str
    open: bool
    reason: str
    fields: tuple[FormField, ...]
    closes_at: dt.datetime | None
    places_left: int | None
    registered: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pending:
    """A registration as the director sees it: its fields, e-mail, status, when, the
    entrant once accepted, and the matches offered (key, label) while pending."""

    id: int
    fields: dict[str, str]
    email: str
    status: str
    created_at: dt.datetime
    player_id: int | None
    candidates: tuple[tuple[str, str], ...]


def _why_closed(db: Store, tournament: int, at: dt.datetime) -> tuple[str, int | None]:
    """Why registration is closed now ('' when open), and the places left under the cap."""
    d = loaded(db, tournament).folded
    with db.connect() as conn:
        side = side_row(conn, tournament)
        taken = count_registrations(conn, tournament)
    left = None if side.cap is None else max(0, side.cap - taken)
    if d.closed:
        return "the tournament is closed", left
    if not side.registration_open:
        return "online registration is not open", left
    if side.closes_at is not None and at >= side.closes_at:
        return f"online registration closed on {side.closes_at:%Y-%m-%d %H:%M} UTC", left
    if left == 0:
        return "the tournament is full", left
    return "", left


def registration_form(db: Store, tournament: int) -> RegistrationForm:
    """The public form's facts and the public list of registered players."""
    d = loaded(db, tournament).folded
    game = game_of(d)
    fields = tuple(FormField(*f) for f in rules(game.name).FIELDS)
    reason, left = _why_closed(db, tournament, now())
    with db.connect() as conn:
        side = side_row(conn, tournament)
    registered = tuple(e.player.name for e in game.entrants(d) if not e.withdrawn)
    return RegistrationForm(
        tournament,
        d.settings.name,
        game.label,
        not reason,
        reason,
        fields,
        side.closes_at,
        left,
        registered,
    )


def register_online(
    db: Store, tournament: int, sent: dict[str, str], email: str, address: str
) -> RegistrationRow:
    """Store a registration sent online as ``pending``.

    Raises:
        NotAllowedNow: registration is closed, past its closing time or full (409).
        RateLimited: `PER_ADDRESS` registrations from this address within the hour (429).
        TournamentInputError: a field missing, too long or not valid, or no e-mail address.
    """
    d = loaded(db, tournament).folded
    for key, value in sent.items():
        if len(value) > FIELD_LIMIT:
            raise TournamentInputError(
                N_("expected %(key)s of at most %(field_limit)s characters"),
                key=key,
                field_limit=FIELD_LIMIT,
            )
    fields = rules(game_of(d).name).check_fields(sent)
    mail = email.strip()
    if not looks_like_address(mail):
        raise TournamentInputError(N_("expected an e-mail address, got %(mail)r"), mail=mail)
    at = now()
    reason, _ = _why_closed(db, tournament, at)
    if reason:
        raise NotAllowedNow(
            N_("expected a tournament taking registrations, got: %(reason)s"), reason=reason
        )
    hashed = address_hash(address)
    with db.begin() as conn:
        recent = count_registrations(conn, tournament, since=at - ADDRESS_WINDOW, address=hashed)
        if recent >= PER_ADDRESS:
            raise RateLimited(
                N_(
                    "expected at most %(per_address)s registrations an hour from one "
                    "address, got more: ask the director"
                ),
                per_address=PER_ADDRESS,
            )
        return add_registration(conn, tournament, fields, mail, at, hashed)


def pending_registrations(db: Store, tournament: int) -> tuple[Pending, ...]:
    """Every registration sent online, the pending ones with the matches to choose from."""
    d = loaded(db, tournament).folded
    module = rules(game_of(d).name)
    with db.connect() as conn:
        rows = registration_rows(conn, tournament)
    return tuple(
        Pending(
            r.id,
            r.fields,
            r.email,
            r.status,
            r.created_at,
            r.player_id,
            module.candidates(db, r.fields) if r.status == "pending" else (),
        )
        for r in rows
    )


def _pending(db: Store, tournament: int, rid: int) -> RegistrationRow:
    with db.connect() as conn:
        row = registration_row(conn, rid)
    if row is None or row.tournament != tournament:
        raise NotFoundError(N_("expected a registration of this tournament, got %(rid)s"), rid=rid)
    if row.status != "pending":
        raise NotAllowedNow(
            N_("expected a pending registration, got one %(status)s already"), status=row.status
        )
    return row


@dataclass(frozen=True, slots=True)
class Accepted:
    """An accepted registration: the entrant, their code, and whether it was mailed."""

    player: Person
    code: str
    mailed: bool


def accept_registration(
    db: Store,
    tournament: int,
    rid: int,
    choice: str,
    actor: Actor,
    *,
    mail: MailSettings | None = None,
    send: Sender | None = None,
    site: str = "",
) -> Accepted:
    """Enter a pending registration as the director would (`choice`: a match's key, or
    ``new``), give the player a code and mail it (with `mail` and `send`).

    Raises:
        NotFoundError: no such registration; NotAllowedNow: not pending.
        TournamentError, RegistryError: as the director's registration.
    """
    row = _pending(db, tournament, rid)
    d = loaded(db, tournament).folded
    require_open(d, N_("a registration"))
    person = rules(game_of(d).name).accept(db, tournament, row.fields, choice.strip(), actor)
    with db.begin() as conn:
        decide_registration(conn, rid, "accepted", actor.label, int(person.id))
    code = next(c.code for c in ensure_codes(db, tournament) if c.player.id == person.id)
    mailed = False
    if mail is not None and send is not None:
        link = f"{site.rstrip('/')}/live/{tournament}/me#code={code}"
        body = (
            f"Hello {person.name},\n\nyour registration for {d.settings.name} is accepted.\n"
            f"Your personal code: {code}\nYour page: {link}\n\n"
            "Keep the code to yourself: with it you check in and report your results.\n"
        )
        send(mail, row.email, f"{d.settings.name}: your entry and your code", body)
        mailed = True
    return Accepted(person, code, mailed)


def refuse_registration(db: Store, tournament: int, rid: int, actor: Actor) -> RegistrationRow:
    """Refuse a pending registration (nothing enters the tournament)."""
    row = _pending(db, tournament, rid)
    with db.begin() as conn:
        decide_registration(conn, rid, "refused", actor.label, None)
    return RegistrationRow(
        row.id,
        row.tournament,
        row.fields,
        row.email,
        "refused",
        row.created_at,
        row.address_hash,
        None,
        actor.label,
    )

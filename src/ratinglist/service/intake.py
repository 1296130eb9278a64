"""Results intake use cases: upload, queue, show, fix an ID, accept, reject.

A results file reaches the rating officer's queue from a tournament director (`submit` of a
directed tournament, `service.tournament_views`) or as an upload by a federation. Uploads are
bounded (bytes, lines) and read by the .ELO reader before anything is stored; a file with no
game line at all is refused with its diagnostics. The officer (or the country's ID officer)
fixes IDs, then accepts (the file is imported into the archive in the same transaction as the
decision) or rejects with a message the submitter sees. Each function is one transaction,
takes the `Actor` and returns frozen values; who may do what is the caller's check (roles).
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.engine import Connection

from ratinglist.errors import (
    N_,
    ConflictError,
    IntakeError,
    NotFoundError,
    Phrase,
    RegistryError,
)
from ratinglist.formats.diagnostics import Diagnostic
from ratinglist.formats.elo_decode import decode_elo
from ratinglist.formats.elo_ids import replace_player_id_bytes
from ratinglist.formats.elo_reader import read_elo_bytes
from ratinglist.formats.results_file import PlayerLine, ResultsFile
from ratinglist.model import Player, is_temporary_id
from ratinglist.model.text import format_count
from ratinglist.registry.countries import country_code, find_country
from ratinglist.registry.names import parse_person
from ratinglist.registry.search import normalise_name
from ratinglist.service.actor import Actor
from ratinglist.service.mail import MailError, MailSettings
from ratinglist.store import Store
from ratinglist.store.intake import (
    ACCEPTED,
    QUEUED,
    REJECTED,
    STATUSES,
    UPLOAD,
    IntakeRecord,
    IntakeSummary,
    NewItem,
    add_item_on,
    decide_on,
    get_item,
    get_item_on,
    list_items,
    set_data_on,
    tournament_of_file,
)
from ratinglist.tournament.events import OTHELLO

__all__ = [
    "MAX_BYTES",
    "MAX_LINES",
    "STATUSES",
    "CheckedPlayer",
    "FixedId",
    "IntakeSummary",
    "ItemView",
    "accept",
    "country_key",
    "fix_id",
    "item",
    "queue",
    "queue_on",
    "reject",
    "show",
    "upload",
]

MAX_BYTES = 1_000_000
"""Default largest upload, in bytes (the largest real .ELO file has 27,981)."""
MAX_LINES = 20_000
"""Default most lines in an upload (the longest real .ELO file has 982)."""
SHOWN_DIAGNOSTICS = 20
"""Diagnostics quoted in the message refusing a file that is not a results file."""

_NEWLINE = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class CheckedPlayer:
    """A player line of a queued file the officer should look at: `problem` is ``new`` (a
    temporary ID such as ``NEW1``), ``unknown`` (a numeric ID the registry does not hold) or
    ``name`` (the registry's name for the ID differs); `registered` is the registry's player."""

    token: str
    surname: str
    firstname: str
    country: str
    line: int
    problem: str
    registered: Player | None


@dataclass(frozen=True, slots=True)
class ItemView:
    """One queue item: its summary, the diagnostics read at submission, the diagnostics of
    the file as it stands now (after ID fixes), the players to look at, the fixes applied."""

    item: IntakeSummary
    submitted_diagnostics: tuple[Diagnostic, ...]
    diagnostics: tuple[Diagnostic, ...]
    players: tuple[CheckedPlayer, ...]
    fixes: tuple[tuple[str, int], ...]
    text: str


@dataclass(frozen=True, slots=True)
class FixedId:
    """The outcome of `fix_id`: the token replaced, the registry ID written instead, how many
    times it was replaced, the new player when one was registered, and the counts after."""

    item: IntakeSummary
    old: str
    new: int
    replaced: int
    added: Player | None


def _now(now: dt.datetime | None) -> dt.datetime:
    return now or dt.datetime.now(dt.UTC)


def _line_count(text: str) -> int:
    if not text:
        return 0
    breaks = len(_NEWLINE.findall(text))
    return breaks if _NEWLINE.fullmatch(text[-1]) else breaks + 1


def _file_name(name: str) -> str:
    base = name.replace("\\", "/").rsplit("/", 1)[-1].strip()
    if not base or len(base) > 200:
        raise IntakeError(
            N_("expected a file name of 1 to 200 characters, got %(name)r"), name=name
        )
    return base


def country_key(text: str) -> str:
    """The registry code of a country spelling (``NED``, ``Netherlands`` -> ``NLD``), as
    queue items store it; unknown text unchanged."""
    return country_code(text.strip())


def country_of(rf: ResultsFile) -> str:
    """The registry code of the file's ``%%Country:`` (the text itself when unknown)."""
    return country_code((rf.header.country or "").strip())


def check_upload(
    name: str, data: bytes, *, max_bytes: int = MAX_BYTES, max_lines: int = MAX_LINES
) -> ResultsFile:
    """Read an uploaded file within the bounds; the `ResultsFile` when it is one at all.

    Raises:
        IntakeError: too many bytes or lines, or no game line (the message lists the
            diagnostics, as `ratinglist check` prints them).
    """
    if len(data) > max_bytes:
        raise IntakeError(
            N_("expected a file of at most %(max_bytes)s bytes, got %(name)r with more"),
            max_bytes=format_count(max_bytes),
            name=name,
        )
    lines = _line_count(decode_elo(data, name)[0])
    if lines > max_lines:
        raise IntakeError(
            N_("expected a file of at most %(max_lines)s lines, got %(name)r with %(lines)s lines"),
            max_lines=format_count(max_lines),
            name=name,
            lines=format_count(lines),
        )
    rf = read_elo_bytes(data, name)
    if not rf.games:
        shown = "".join(f"\n{d.format()}" for d in rf.diagnostics[:SHOWN_DIAGNOSTICS])
        more = len(rf.diagnostics) - SHOWN_DIAGNOSTICS
        tail: Phrase | str = ""
        if more > 0:
            tail = Phrase(N_("\n... and %(n)s more"), n=format_count(more))
        raise IntakeError(
            N_(
                "expected a WOF results file (.ELO) with game lines, got %(name)r with "
                "none%(shown)s%(tail)s"
            ),
            name=name,
            shown=shown,
            tail=tail,
        )
    return rf


def queue_on(
    conn: Connection,
    *,
    origin: str,
    name: str,
    data: bytes,
    actor: Actor,
    td_tournament_id: int | None = None,
    now: dt.datetime | None = None,
) -> int:
    """Put a results file in the queue inside the caller's transaction; the item's number.

    The file is read (diagnostics stored with it) but not bounded: callers that take bytes
    from outside use `upload`.
    """
    rf = read_elo_bytes(data, name)
    item = NewItem(
        origin=origin,
        td_tournament_id=td_tournament_id,
        file_name=name,
        data=data,
        country=country_of(rf),
        submitted_by=actor.label,
        submitted_at=_now(now),
        diagnostics=rf.diagnostics,
    )
    return add_item_on(conn, item)


def upload(
    db: Store,
    name: str,
    data: bytes,
    actor: Actor,
    *,
    max_bytes: int = MAX_BYTES,
    max_lines: int = MAX_LINES,
    now: dt.datetime | None = None,
) -> IntakeSummary:
    """Check an uploaded .ELO file and queue it for the rating officer.

    Nothing is stored when the file is refused. Warnings and errors are stored with it.

    Raises:
        IntakeError: more than `max_bytes` bytes or `max_lines` lines, a bad file name, or
            not a results file (no game line; the message lists the diagnostics).
    """
    base = _file_name(name)
    check_upload(base, data, max_bytes=max_bytes, max_lines=max_lines)
    with db.begin() as conn:
        number = queue_on(conn, origin=UPLOAD, name=base, data=data, actor=actor, now=now)
    return get_item(db, number).summary


def queue(
    db: Store, *, status: str | None = None, country: str | None = None
) -> tuple[IntakeSummary, ...]:
    """The queue items, oldest first, of one status and/or country (code or name).

    Raises:
        IntakeError: an unknown status.
    """
    if status is not None and status not in STATUSES:
        raise IntakeError(
            N_("expected a status among %(statuses)s, got %(status)r"),
            statuses=", ".join(STATUSES),
            status=status,
        )
    code = None if country is None else country_code(country.strip())
    return list_items(db, status=status, country=code)


def _names_differ(line: PlayerLine, registered: Player) -> bool:
    return normalise_name(f"{line.surname} {line.firstname}") != normalise_name(
        f"{registered.surname} {registered.firstname}"
    )


def checked_players(conn: Connection, rf: ResultsFile) -> tuple[CheckedPlayer, ...]:
    """The file's players that are new, unknown to the registry, or named differently."""
    from ratinglist.store.players import players_by_id

    numeric = [int(p.token) for p in rf.players if p.token.isdigit() and p.token.isascii()]
    registered = players_by_id(conn, numeric)
    found: list[CheckedPlayer] = []
    for p in rf.players:
        if is_temporary_id(p.token):
            problem, known = "new", None
        elif p.token.isdigit() and p.token.isascii():
            known = registered.get(int(p.token))
            if known is not None and not _names_differ(p, known):
                continue
            problem = "unknown" if known is None else "name"
        else:
            continue
        found.append(
            CheckedPlayer(p.token, p.surname, p.firstname, p.country, p.line, problem, known)
        )
    return tuple(found)


def _rules_problems(rf: ResultsFile) -> tuple[Diagnostic, ...]:
    """The warnings of the rules of the results file's game (a WOF .ELO file is Othello's),
    asked of that game's service folder (an undecided final)."""
    from ratinglist.service.tournaments.games import game_module

    rules = game_module(OTHELLO, "intake")
    problems: tuple[Diagnostic, ...] = () if rules is None else rules.results_file_problems(rf)
    return problems


def _view(conn: Connection, record: IntakeRecord) -> ItemView:
    name = record.summary.file_name
    rf = read_elo_bytes(record.data, name)
    return ItemView(
        item=record.summary,
        submitted_diagnostics=record.diagnostics,
        diagnostics=(*rf.diagnostics, *_rules_problems(rf)),
        players=checked_players(conn, rf),
        fixes=record.fixes,
        text=decode_elo(record.data, name)[0],
    )


def show(db: Store, number: int) -> ItemView:
    """Queue item `number` with its diagnostics and the players to look at.

    Raises:
        NotFoundError: no such item.
    """
    with db.connect() as conn:
        return _view(conn, get_item_on(conn, number))


def item(db: Store, number: int) -> IntakeSummary:
    """Queue item `number` without its file (for permission checks and listings).

    Raises:
        NotFoundError: no such item.
    """
    return get_item(db, number).summary


def _queued(conn: Connection, number: int) -> IntakeRecord:
    record = get_item_on(conn, number)
    if record.summary.status != QUEUED:
        s = record.summary
        raise ConflictError(
            N_("expected a queued item, got item %(number)s %(status)s by %(decided_by)s"),
            number=number,
            status=s.status,
            decided_by=s.decided_by,
        )
    return record


def _new_player(conn: Connection, rf: ResultsFile, old: str, actor: Actor, number: int) -> Player:
    from ratinglist.store.players import add_player

    line = next((p for p in rf.players if p.token == old), None)
    if line is None:
        raise IntakeError(
            N_(
                "expected a '%%_%%' player line for %(old)r to register the new player "
                "from, got none in %(source)r"
            ),
            old=old,
            source=rf.source,
        )
    host = find_country((rf.header.country or "").strip())
    return add_player(
        conn,
        line.surname,
        line.firstname,
        line.country or (rf.header.country or ""),
        host_country=None if host is None else host.code,
        on=None if rf.header.dates is None else rf.header.dates.start,  # the ID's first game
        reason=f"new player of {rf.source} (intake item {number})",
        actor=actor.label,
        origin="intake",
    )


def _into_tournament(
    conn: Connection,
    db: Store,
    tournament: int,
    old: str,
    new_id: int,
    added: Player | None,
    actor: Actor,
) -> None:
    """The ID given at intake replaces the temporary identifier in the directed tournament
    the file came from too (its log gets the `IdAssigned` event, in the same transaction)."""
    from ratinglist.model.ids import parse_temporary
    from ratinglist.service.tournaments.log import loaded
    from ratinglist.service.tournaments.temporary_ids import assign_on
    from ratinglist.tournament.game import game_of

    pid = parse_temporary(old)
    folded = loaded(db, tournament, conn).folded
    people = game_of(folded).registrations(folded)
    if pid is None or pid not in {p.player for p in people}:
        return  # an identifier the director's log does not hold (typed into the file)
    existing = None if added is not None else new_id
    assign_on(conn, db, tournament, old, actor, existing=existing, created=added)


def fix_id(
    db: Store,
    number: int,
    old: str,
    new: int | None,
    actor: Actor,
) -> FixedId:
    """Replace the player ID `old` in a queued file by the registry ID `new`, or (`new` None)
    by a new ID from the host country's range registered for the player of `old`'s line
    (the registry's new-ID allocation); then read the file again.

    Raises:
        NotFoundError: no such item, or `new` is not a registered player.
        ConflictError: the item is no longer queued.
        IntakeError: `old` names no player of the file, or `new` is already in it.
        RegistryError: a new player cannot be registered (name, country, range).
    """
    from ratinglist.store.players import get_player

    old = old.strip()
    with db.begin() as conn:
        record = _queued(conn, number)
        name = record.summary.file_name
        rf = read_elo_bytes(record.data, name)
        tokens = {p.token for p in rf.players} | {t for g in rf.games for t in (g.first, g.second)}
        if old not in tokens:
            raise IntakeError(
                N_("expected the ID of a player in %(name)r, got %(old)r"), name=name, old=old
            )
        added = None
        if new is None:
            added = _new_player(conn, rf, old, actor, number)
            new_id = int(added.id)
        else:
            if get_player(conn, new) is None:
                raise NotFoundError(N_("expected a registered player ID, got %(new)s"), new=new)
            new_id = new
        if str(new_id) in tokens:
            raise IntakeError(
                N_("expected an ID that %(name)r does not use yet, got %(new_id)s"),
                name=name,
                new_id=new_id,
            )
        data, replaced = replace_player_id_bytes(record.data, old, str(new_id))
        found = read_elo_bytes(data, name).diagnostics
        set_data_on(conn, number, data, found, (*record.fixes, (old, new_id)))
        if record.summary.td_tournament_id is not None and is_temporary_id(old):
            tid = record.summary.td_tournament_id
            _into_tournament(conn, db, tid, old, new_id, added, actor)
        summary = get_item_on(conn, number).summary
    return FixedId(summary, old, new_id, replaced, added)


def check_new_names(conn: Connection, rf: ResultsFile) -> None:
    """Refuse a file whose players new to the registry have names the players list cannot
    hold (`registry.names`): one line per name, with its file and line.

    Raises:
        IntakeError: the names and the rule they break.
    """
    problems: list[str] = []
    for p in checked_players(conn, rf):
        if p.problem not in ("new", "unknown"):
            continue
        try:
            parse_person(p.surname, p.firstname)
        except RegistryError as exc:
            problems.append(f"{rf.source}:{p.line}: {exc}")
    if problems:
        raise IntakeError(
            "expected names Papp's players list can hold for the new players, got:\n"
            + "\n".join(problems)
            + "\nfix their IDs (a registered player) or reject the file; nothing was imported"
        )


def _respelled(players: Sequence[Player]) -> dict[int, tuple[str, str]]:
    """The new players whose name the players list writes otherwise (`SURNAME`, accents)."""
    found: dict[int, tuple[str, str]] = {}
    for p in players:
        try:
            spelled = parse_person(p.surname, p.firstname)
        except RegistryError:
            continue  # registered before the rule (an archive import): left as it is
        if spelled != (p.surname, p.firstname):
            found[int(p.id)] = spelled
    return found


def accept(
    db: Store,
    number: int,
    actor: Actor,
    *,
    message: str | None = None,
    now: dt.datetime | None = None,
    mail: MailSettings | None = None,
) -> IntakeSummary:
    """Import queued item `number` into the archive and mark it accepted, in one transaction;
    the file's received day is the (UTC) day it was submitted. Players new to the registry
    are stored with their names as the players list writes them (`registry.names`).

    With `mail`, the submitter then hears of it by e-mail (`service.account_mail`).

    Raises:
        NotFoundError: no such item.
        ConflictError: the item is no longer queued (accepted or rejected already).
        IntakeError: the file cannot be imported (the importer rejects it: no usable
            header date), or a player new to the registry has a name the players list
            cannot hold (`check_new_names`); nothing is written and the item stays queued.
        StoreError: the database failed; nothing is written and the item stays queued.
    """
    from ratinglist.store.importer import FileStatus, import_text_on
    from ratinglist.store.players import players_first_seen_in, respell_players

    moment = _now(now)
    with db.begin() as conn:
        record = _queued(conn, number)
        name = record.summary.file_name
        check_new_names(conn, read_elo_bytes(record.data, name))
        submitted = record.summary.submitted_at
        day = (submitted.astimezone(dt.UTC) if submitted.tzinfo else submitted).date()
        outcome = import_text_on(conn, db, name, record.data, now=moment, received=day)
        if outcome.status is FileStatus.REJECTED:
            raise IntakeError(
                N_("expected an importable file, got %(first_error)s"),
                first_error=outcome.first_error,
            )
        respell_players(conn, _respelled(players_first_seen_in(conn, name)))
        decide_on(
            conn,
            number,
            ACCEPTED,
            by=actor.label,
            at=moment,
            message=message or None,
            import_status=outcome.status.value,
            tournament_id=tournament_of_file(conn, name),
        )
    return _told(db, get_item(db, number).summary, mail)


def reject(
    db: Store,
    number: int,
    message: str,
    actor: Actor,
    *,
    now: dt.datetime | None = None,
    mail: MailSettings | None = None,
) -> IntakeSummary:
    """Reject queued item `number` with a message for the submitter; nothing is imported.

    With `mail`, the submitter then hears of it by e-mail (`service.account_mail`).

    Raises:
        IntakeError: an empty message.
        NotFoundError: no such item.
        ConflictError: the item is no longer queued.
    """
    text = message.strip()
    if not text:
        raise IntakeError(N_("expected a message telling the submitter why, got none"))
    with db.begin() as conn:
        _queued(conn, number)
        decide_on(conn, number, REJECTED, by=actor.label, at=_now(now), message=text)
    return _told(db, get_item(db, number).summary, mail)


def _told(db: Store, summary: IntakeSummary, mail: MailSettings | None) -> IntakeSummary:
    """Mail the submitter the decision (when `mail` is set); the summary.

    The decision stands when the mail cannot be sent: the failure is logged (the submitter
    still sees the decision on the intake page).
    """
    if mail is not None:
        from ratinglist.service.account_mail import notify_decision

        try:
            notify_decision(db, summary, mail)
        except MailError as exc:
            logging.getLogger("ratinglist.mail").warning(
                "queue item %s: the submitter was not told: %s", summary.id, exc
            )
    return summary

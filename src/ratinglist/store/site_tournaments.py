"""Read-side queries of the public site about tournaments: filtered, sorted, paged in SQL."""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, case, func, or_, select
from sqlalchemy.engine import Connection

from ratinglist.store.schema import (
    diagnostics,
    games,
    intake_items,
    players,
    source_files,
    td_tournaments,
    temp_id_mappings,
    tournaments,
)
from ratinglist.store.site_lists import _date
from ratinglist.store.tournament_events import SUBMITTED


class TournamentSort(enum.Enum):
    """What the tournaments list is sorted by."""

    DATE = "date"
    NAME = "name"
    COUNTRY = "country"


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    """A rated tournament as the tournaments list shows it."""

    id: int
    name: str
    country: str
    start_date: dt.date
    end_date: dt.date | None
    game_count: int


@dataclass(frozen=True, slots=True)
class TournamentDetail:
    """A stored tournament with its file: what its page shows above the games."""

    summary: TournamentSummary
    file_name: str
    sender: str
    rated: bool
    excluded_reason: str | None
    duplicate_of: int | None
    source_file_id: int
    sha256: str


@dataclass(frozen=True, slots=True)
class GameRow:
    """A stored game in file order; IDs are None where the file's token is not a known ID."""

    seq: int
    round: int | None
    first_id: int | None
    second_id: int | None
    first_token: str | None
    second_token: str | None
    outcome: str
    first_discs: int | None
    second_discs: int | None
    first_colour: str | None
    excluded: str | None
    line: int = 0


@dataclass(frozen=True, slots=True)
class DiagnosticRow:
    """A reader diagnostic stored with a file version."""

    code: str
    severity: str
    line: int
    column: int
    message: str
    text: str


@dataclass(frozen=True, slots=True)
class ArchiveFile:
    """A current results file: name, stored bytes (compressed; None: never stored), checksum,
    first day."""

    file_name: str
    content: bytes | None
    sha256: str
    start_date: dt.date


def _rated() -> Any:
    t = tournaments.c
    return and_(
        t.excluded_from_ratings.is_(False),
        or_(t.duplicate_of.is_(None), t.include_duplicate.is_(True)),
    )


SUMMARY_COLUMNS = (
    tournaments.c.id,
    tournaments.c.name,
    tournaments.c.country,
    tournaments.c.start_date,
    tournaments.c.end_date,
    tournaments.c.game_count,
)


def summary_row(row: Sequence[Any]) -> TournamentSummary:
    """A `TournamentSummary` from the values of `SUMMARY_COLUMNS`."""
    return TournamentSummary(
        id=int(row[0]),
        name=str(row[1]),
        country=str(row[2]),
        start_date=_date(row[3]),
        end_date=None if row[4] is None else _date(row[4]),
        game_count=int(row[5]),
    )


def tournament_page(
    conn: Connection,
    *,
    name: str | None = None,
    country: str | None = None,
    spellings: Collection[str] | None = None,
    codes: Mapping[str, str] | None = None,
    sort: TournamentSort = TournamentSort.DATE,
    descending: bool = True,
    limit: int = 50,
    offset: int = 0,
) -> tuple[tuple[TournamentSummary, ...], int]:
    """One page of the rated tournaments and how many match.

    `name` keeps names containing it (case-insensitive); `country` keeps that exact
    ``%%Country:`` text (case-insensitive), `spellings` any of these texts (exactly).
    `codes` (``%%Country:`` text -> country code) makes the country sort by code. Ties are
    broken by date then id.
    """
    t = tournaments.c
    conditions = [_rated()]
    if name:
        escaped = name.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        conditions.append(func.lower(t.name).like(f"%{escaped}%", escape="\\"))
    if country:
        conditions.append(func.lower(t.country) == country.lower())
    if spellings is not None:
        conditions.append(t.country.in_(sorted(spellings)))
    where = and_(*conditions)
    total = int(
        conn.execute(select(func.count()).select_from(tournaments).where(where)).scalar_one()
    )
    key = {
        TournamentSort.DATE: t.start_date,
        TournamentSort.NAME: func.lower(t.name),
        TournamentSort.COUNTRY: case(dict(codes), value=t.country, else_=t.country)
        if codes
        else func.lower(t.country),
    }[sort]
    order = [key.desc() if descending else key.asc()]
    if sort is not TournamentSort.DATE:
        order.append(t.start_date.desc())
    order.append(t.id.desc() if descending else t.id.asc())
    query = select(*SUMMARY_COLUMNS).where(where).order_by(*order).limit(limit).offset(offset)
    return tuple(summary_row(row) for row in conn.execute(query)), total


def tournament_detail(conn: Connection, tournament_id: int) -> TournamentDetail | None:
    """A stored tournament (rated or not) with its file, or None."""
    t = tournaments.c
    s = source_files.c
    query = (
        select(
            *SUMMARY_COLUMNS,
            t.file_name,
            t.sender,
            t.excluded_from_ratings,
            t.excluded_reason,
            t.duplicate_of,
            t.include_duplicate,
            s.id,
            s.sha256,
        )
        .select_from(tournaments.join(source_files, source_files.c.id == t.source_file_id))
        .where(t.id == tournament_id)
    )
    row = conn.execute(query).first()
    if row is None:
        return None
    excluded, duplicate_of, include = bool(row[8]), row[10], bool(row[11])
    return TournamentDetail(
        summary=summary_row(row),
        file_name=str(row[6]),
        sender=str(row[7]),
        rated=not excluded and (duplicate_of is None or include),
        excluded_reason=row[9],
        duplicate_of=None if duplicate_of is None else int(duplicate_of),
        source_file_id=int(row[12]),
        sha256=str(row[13]),
    )


GAME_COLUMNS = (
    games.c.seq,
    games.c.round,
    games.c.first_id,
    games.c.second_id,
    games.c.first_token,
    games.c.second_token,
    games.c.outcome,
    games.c.first_discs,
    games.c.second_discs,
    games.c.first_colour,
    games.c.excluded,
    games.c.line,
)


def game_row(r: Sequence[Any]) -> GameRow:
    """A `GameRow` from the values of `GAME_COLUMNS`."""
    return GameRow(
        seq=int(r[0]),
        round=None if r[1] is None else int(r[1]),
        first_id=None if r[2] is None else int(r[2]),
        second_id=None if r[3] is None else int(r[3]),
        first_token=r[4],
        second_token=r[5],
        outcome=str(r[6]),
        first_discs=None if r[7] is None else int(r[7]),
        second_discs=None if r[8] is None else int(r[8]),
        first_colour=r[9],
        excluded=r[10],
        line=int(r[11]),
    )


def tournament_games(conn: Connection, tournament_id: int) -> tuple[GameRow, ...]:
    """Every stored game of a tournament, in file order."""
    query = select(*GAME_COLUMNS).where(games.c.tournament_id == tournament_id)
    return tuple(game_row(r) for r in conn.execute(query.order_by(games.c.seq)))


def file_diagnostics(conn: Connection, source_file_id: int) -> tuple[DiagnosticRow, ...]:
    """The reader's diagnostics of a file version, by line."""
    d = diagnostics.c
    query = (
        select(d.code, d.severity, d.line, d.column, d.message, d.text)
        .where(d.source_file_id == source_file_id)
        .order_by(d.line, d.column, d.id)
    )
    return tuple(
        DiagnosticRow(str(c), str(s), int(li), int(co), str(m), str(t))
        for c, s, li, co, m, t in conn.execute(query)
    )


def file_content(conn: Connection, source_file_id: int) -> bytes | None:
    """The stored (compressed) bytes of a file version; None when they were never stored."""
    found = conn.execute(
        select(source_files.c.content).where(source_files.c.id == source_file_id)
    ).scalar_one_or_none()
    return None if found is None else bytes(found)


def temporary_ids(conn: Connection, source_file_id: int) -> dict[str, int]:
    """The IDs the import gave to a file version's temporary tokens (token -> ID)."""
    m = temp_id_mappings.c
    query = select(m.token, m.player_id).where(m.source_file_id == source_file_id)
    return {str(token): int(pid) for token, pid in conn.execute(query)}


def directed_candidates(
    conn: Connection, tournament_id: int, start_date: dt.date
) -> tuple[tuple[int, bytes | None], ...]:
    """Tournaments run here that may have produced the file of `tournament_id`: those whose
    queued file was imported as it (with the bytes they sent), then those submitted that
    start on `start_date` (imported at once, without a queue item; bytes None)."""
    i = intake_items.c
    queued = conn.execute(
        select(i.td_tournament_id, i.data)
        .where(i.tournament_id == tournament_id, i.td_tournament_id.is_not(None))
        .order_by(i.id.desc())
    ).all()
    found: list[tuple[int, bytes | None]] = [(int(td), bytes(data)) for td, data in queued]
    known = {td for td, _ in found}
    d = td_tournaments.c
    same_day = conn.execute(
        select(d.id).where(d.start_date == start_date, d.status == SUBMITTED).order_by(d.id)
    ).scalars()
    found.extend((int(td), None) for td in same_day if int(td) not in known)
    return tuple(found)


def names_of(conn: Connection, player_ids: Collection[int]) -> dict[int, tuple[str, str, str]]:
    """ID -> (surname, first name, country spelling) for the registered IDs among these."""
    p = players.c
    found: dict[int, tuple[str, str, str]] = {}
    wanted = sorted(set(player_ids))
    for start in range(0, len(wanted), 900):
        query = select(p.id, p.surname, p.firstname, p.country).where(
            p.id.in_(wanted[start : start + 900])
        )
        for pid, surname, firstname, country in conn.execute(query):
            found[int(pid)] = (str(surname), str(firstname), str(country))
    return found


def archive_files(conn: Connection, year: int | None = None) -> tuple[ArchiveFile, ...]:
    """The current version of every tournament's file (of one year when given), by date."""
    t = tournaments.c
    s = source_files.c
    query = (
        select(t.file_name, s.content, s.sha256, t.start_date)
        .select_from(tournaments.join(source_files, source_files.c.id == t.source_file_id))
        .order_by(t.start_date, t.file_name)
    )
    if year is not None:
        query = query.where(
            and_(t.start_date >= dt.date(year, 1, 1), t.start_date <= dt.date(year, 12, 31))
        )
    return tuple(
        ArchiveFile(str(n), None if c is None else bytes(c), str(h), _date(d))
        for n, c, h, d in conn.execute(query)
    )


def archive_years(conn: Connection) -> tuple[tuple[int, int], ...]:
    """(year, tournaments) of the archive, oldest first."""
    t = tournaments.c
    rows = conn.execute(select(t.start_date))
    counts: dict[int, int] = {}
    for (day,) in rows:
        year = _date(day).year
        counts[year] = counts.get(year, 0) + 1
    return tuple(sorted(counts.items()))


def tournament_countries(conn: Connection) -> tuple[str, ...]:
    """The distinct ``%%Country:`` texts of the stored tournaments, sorted."""
    query = select(tournaments.c.country).distinct().order_by(tournaments.c.country)
    return tuple(str(c) for (c,) in conn.execute(query))


def latest_tournaments(conn: Connection, limit: int) -> tuple[TournamentSummary, ...]:
    """The most recent rated tournaments, newest first."""
    t = tournaments.c
    query = (
        select(*SUMMARY_COLUMNS)
        .where(_rated())
        .order_by(t.start_date.desc(), t.id.desc())
        .limit(limit)
    )
    return tuple(summary_row(row) for row in conn.execute(query))

"""The Go rating archive in the database: save a tournament, read games and players back.

Persistence only: which file of a tournament to keep and who a player is are decided by
the caller (`service.go.archive`); here a tournament is written in one transaction.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import and_, delete, func, select
from sqlalchemy.engine import Connection

from ratinglist.model.go.archive import GoArchiveTournament, GoOutcome
from ratinglist.store.bulk import bulk_insert, insert_one
from ratinglist.store.database import Store
from ratinglist.store.schema import (
    go_archive_candidates,
    go_archive_entries,
    go_archive_games,
    go_archive_players,
    go_archive_tournaments,
)


class SaveStatus(enum.StrEnum):
    """What saving a tournament did."""

    IMPORTED = "imported"
    REPLACED = "replaced"
    UNCHANGED = "unchanged"
    KEPT_OTHER = "kept-other"


@dataclass(frozen=True, slots=True)
class Saved:
    """The outcome of `save_go_tournament`: status, tournament ID, new candidate pairs."""

    status: SaveStatus
    tournament_id: int
    candidates: int


def _player_ids(conn: Connection, tournament: GoArchiveTournament) -> tuple[dict[str, int], int]:
    """Identity -> player ID, adding the new players; and the candidate pairs recorded.

    A new player is a candidate of each player of the same name (upper case, as the
    database folds it) stored before it, this file's earlier new players included, unless
    both have a PIN: one query for the file's new players, not one per player.
    """
    wanted = {e.identity: e for e in tournament.entries}
    known = {
        row.identity: row.id
        for row in conn.execute(
            select(go_archive_players.c.identity, go_archive_players.c.id).where(
                go_archive_players.c.identity.in_(list(wanted))
            )
        )
    }
    new = [e for identity, e in wanted.items() if identity not in known]
    if not new:
        return known, 0
    place: dict[int, int] = {}  # a new player's ID -> its place among this file's new players
    for k, e in enumerate(new):
        new_id = insert_one(
            conn,
            go_archive_players,
            {
                "identity": e.identity,
                "egf_pin": e.egf_pin or None,
                "surname": e.surname,
                "first_name": e.first_name,
                "country": e.country,
                "club": e.club,
            },
        )
        known[e.identity] = new_id
        place[new_id] = k
    p = go_archive_players.c
    surname, first_name = func.upper(p.surname), func.upper(p.first_name)
    same_names: dict[tuple[str, str], list[tuple[int, str]]] = {}
    for pid, identity, upper_surname, upper_first in conn.execute(
        select(p.id, p.identity, surname, first_name)
        .where(surname.in_(sorted({e.surname.upper() for e in new})))
        .order_by(p.id)
    ):
        same_names.setdefault((upper_surname, upper_first), []).append((int(pid), identity))
    rows: list[tuple[int, int, str]] = []
    for k, e in enumerate(new):
        new_id = known[e.identity]
        for other_id, other_identity in same_names.get(
            (e.surname.upper(), e.first_name.upper()), []
        ):
            if other_id == new_id or place.get(other_id, -1) > k:
                continue  # itself, or a player stored after it
            if e.egf_pin and other_identity.startswith("pin:"):
                continue  # two PINs: two people for the EGD
            rows.append((new_id, other_id, "same name, another PIN, country or club"))
    bulk_insert(conn, go_archive_candidates, ("player_id", "other_id", "reason"), rows)
    return known, len(rows)


def _delete_tournament(conn: Connection, tournament_id: int) -> None:
    for table in (go_archive_games, go_archive_entries):
        conn.execute(delete(table).where(table.c.tournament_id == tournament_id))
    conn.execute(delete(go_archive_tournaments).where(go_archive_tournaments.c.id == tournament_id))


def save_go_tournament(store: Store, tournament: GoArchiveTournament) -> Saved:
    """Store `tournament` in one transaction.

    The same games already stored: unchanged. Another file of the same tournament (short
    name and first day) already stored: the one with more games stays (this one replaces
    it when it has more, `REPLACED`; else `KEPT_OTHER`).
    """
    with store.begin() as conn:
        return save_go_tournament_on(conn, tournament)


def save_go_tournament_on(conn: Connection, tournament: GoArchiveTournament) -> Saved:
    """`save_go_tournament` inside the caller's transaction."""
    digest = tournament.games_hash
    t = go_archive_tournaments.c
    same = conn.execute(select(t.id).where(t.games_hash == digest)).scalar()
    if same is not None:
        return Saved(SaveStatus.UNCHANGED, int(same), 0)
    other = conn.execute(
        select(t.id).where(
            and_(t.short_name == tournament.short_name, t.begin_date == tournament.begin)
        )
    ).scalar()
    status = SaveStatus.IMPORTED
    if other is not None:
        count = conn.execute(
            select(func.count()).where(go_archive_games.c.tournament_id == other)
        ).scalar_one()
        if count >= len(tournament.games):
            return Saved(SaveStatus.KEPT_OTHER, int(other), 0)
        _delete_tournament(conn, int(other))
        status = SaveStatus.REPLACED
    ids, candidates = _player_ids(conn, tournament)
    tid = insert_one(
        conn,
        go_archive_tournaments,
        {
            "source": tournament.source,
            "short_name": tournament.short_name,
            "name": tournament.name,
            "location": tournament.location,
            "begin_date": tournament.begin,
            "end_date": tournament.end,
            "size": tournament.size,
            "komi": tournament.komi,
            "egf_class": tournament.egf_class,
            "games_hash": digest,
            "imported_at": dt.datetime.now(dt.UTC),
        },
    )
    bulk_insert(
        conn,
        go_archive_entries,
        ("tournament_id", "player_id", "rank", "rating", "origin"),
        [
            (tid, ids[e.identity], e.rank, e.rating, e.origin[:3])
            for e in {e.identity: e for e in tournament.entries}.values()
        ],
    )
    bulk_insert(
        conn,
        go_archive_games,
        ("tournament_id", "round", "white_id", "black_id", "handicap", "komi", "outcome"),
        [
            (tid, g.round, ids[g.white], ids[g.black], g.handicap, g.komi, g.outcome.value)
            for g in tournament.games
        ],
    )
    return Saved(status, tid, candidates)


@dataclass(frozen=True, slots=True)
class GoGameRow:
    """A stored game with its tournament's first day and EGF class."""

    tournament_id: int
    day: dt.date
    egf_class: str
    round: int
    white: int
    black: int
    handicap: int
    komi: float
    outcome: GoOutcome


def load_go_games(store: Store, size: int | None = 19) -> tuple[GoGameRow, ...]:
    """Every stored game (of boards of `size`; None: all) by first day, tournament, round."""
    t, g = go_archive_tournaments.c, go_archive_games.c
    query = (
        select(
            g.tournament_id,
            t.begin_date,
            t.egf_class,
            g.round,
            g.white_id,
            g.black_id,
            g.handicap,
            g.komi,
            g.outcome,
        )
        .join(go_archive_tournaments, t.id == g.tournament_id)
        .order_by(t.begin_date, t.id, g.round, g.id)
    )
    if size is not None:
        query = query.where(t.size == size)
    with store.connect() as conn:
        return tuple(
            GoGameRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], GoOutcome(r[8]))
            for r in conn.execute(query)
        )


@dataclass(frozen=True, slots=True)
class GoEntryRow:
    """A player's entry in a stored tournament (rank declared, rating carried)."""

    tournament_id: int
    day: dt.date
    player_id: int
    rank: str
    rating: int
    origin: str


def load_go_entries(store: Store) -> tuple[GoEntryRow, ...]:
    """Every player's entry in every stored tournament, by first day and tournament."""
    t, e = go_archive_tournaments.c, go_archive_entries.c
    query = (
        select(e.tournament_id, t.begin_date, e.player_id, e.rank, e.rating, e.origin)
        .join(go_archive_tournaments, t.id == e.tournament_id)
        .order_by(t.begin_date, t.id, e.player_id)
    )
    with store.connect() as conn:
        rows = conn.execute(query).all()
    return tuple(GoEntryRow(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows)


@dataclass(frozen=True, slots=True)
class GoPlayerRow:
    """A stored Go player."""

    id: int
    identity: str
    egf_pin: str
    surname: str
    first_name: str
    country: str
    club: str


def load_go_players(store: Store, ids: Sequence[int] | None = None) -> dict[int, GoPlayerRow]:
    """Stored players by ID (only `ids` when given)."""
    p = go_archive_players.c
    query = select(p.id, p.identity, p.egf_pin, p.surname, p.first_name, p.country, p.club)
    if ids is not None:
        query = query.where(p.id.in_(list(ids)))
    with store.connect() as conn:
        return {
            r[0]: GoPlayerRow(r[0], r[1], r[2] or "", r[3], r[4], r[5], r[6])
            for r in conn.execute(query)
        }


@dataclass(frozen=True, slots=True)
class GoTournamentRow:
    """A stored Go tournament's header."""

    id: int
    source: str
    short_name: str
    name: str
    location: str
    begin: dt.date
    end: dt.date
    size: int
    komi: float
    egf_class: str


def load_go_tournaments(store: Store) -> tuple[GoTournamentRow, ...]:
    """Every stored tournament by first day."""
    t = go_archive_tournaments.c
    query = select(
        t.id,
        t.source,
        t.short_name,
        t.name,
        t.location,
        t.begin_date,
        t.end_date,
        t.size,
        t.komi,
        t.egf_class,
    ).order_by(t.begin_date, t.id)
    with store.connect() as conn:
        rows = conn.execute(query).all()
    return tuple(
        GoTournamentRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9]) for r in rows
    )


def load_go_candidates(store: Store, player: int | None = None) -> tuple[tuple[int, int, str], ...]:
    """Candidate pairs (player, other player, reason) waiting for the rating officer (those
    naming `player` on either side when given)."""
    c = go_archive_candidates.c
    query = select(c.player_id, c.other_id, c.reason).order_by(c.player_id, c.other_id)
    if player is not None:
        query = query.where((c.player_id == player) | (c.other_id == player))
    with store.connect() as conn:
        return tuple((r[0], r[1], r[2]) for r in conn.execute(query))


def go_archive_version(store: Store) -> str:
    """A text that changes whenever the Go archive's rated content does (tournaments and
    games stored, replaced or removed): what a cache of its ratings is keyed by."""
    t, g = go_archive_tournaments.c, go_archive_games.c
    with store.connect() as conn:
        tournaments = conn.execute(select(func.count(), func.max(t.id))).one()
        games = conn.execute(select(func.count(), func.max(g.id))).one()
    return f"{tournaments[0]}:{tournaments[1]}:{games[0]}:{games[1]}"


def max_go_player_id(store: Store) -> int:
    """The highest stored player ID (0: none): players above it are new."""
    with store.connect() as conn:
        found = conn.execute(select(func.max(go_archive_players.c.id))).scalar()
    return int(found or 0)


def add_go_candidates(store: Store, pairs: Sequence[tuple[int, int, str]]) -> int:
    """Record candidate pairs (player, other, reason) not recorded yet, either way round;
    how many were added."""
    c = go_archive_candidates.c
    with store.begin() as conn:
        known = {(r[0], r[1]) for r in conn.execute(select(c.player_id, c.other_id))}
        fresh = []
        for a, b, reason in pairs:
            if (a, b) not in known and (b, a) not in known:
                known.add((a, b))
                fresh.append((a, b, reason))
        bulk_insert(conn, go_archive_candidates, ("player_id", "other_id", "reason"), fresh)
    return len(fresh)

"""Use case: the Go rating list of the Go archive (`ratinglist rate --game go`, the public Go
pages), by the EGF GoR or another system (issue 37, items 1 and 2).

Read-only (no `Actor`). The archive's 19x19 decided games become `GoGames` in date order:
each player's entry rating in a tournament is the EGF rating the file carries (origin
``EGF``: the EGD's own rating then), else the declared rank's; each tournament weighs by its
EGF class.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ratinglist.errors import N_, GoRankError, NotFoundError
from ratinglist.model.go import parse_rank, rating_from_rank
from ratinglist.rating.go.games import GoGames
from ratinglist.rating.go.gor import CLASS_WEIGHTS, GorState, rate_gor
from ratinglist.store.database import Store
from ratinglist.store.go.archive import (
    GoEntryRow,
    GoPlayerRow,
    GoTournamentRow,
    go_archive_version,
    load_go_entries,
    load_go_games,
    load_go_players,
    load_go_tournaments,
)

if TYPE_CHECKING:
    from ratinglist.rating.go.contest import GoContest


def entry_rating(entry: GoEntryRow) -> float:
    """What a player new to the list starts at: the carried EGF rating, else the rank's."""
    if entry.origin == "EGF":
        return float(entry.rating)
    try:
        return float(rating_from_rank(parse_rank(entry.rank, clamp=True)))
    except GoRankError:
        return float(entry.rating)


@dataclass(frozen=True, slots=True)
class GoArchiveGames:
    """The archive's rated games as columns, with the entries and tournaments they come from."""

    games: GoGames
    entries: Mapping[tuple[int, int], GoEntryRow]
    tournaments: Mapping[int, GoTournamentRow]
    order: tuple[int, ...]
    """Tournament IDs by index in `games.tournament`."""


def archive_games(store: Store) -> GoArchiveGames:
    """The archive's rated (19x19, decided) games in date order (see the module docstring)."""
    rows = load_go_games(store)
    entries = {(e.tournament_id, e.player_id): e for e in load_go_entries(store)}
    tournaments = {t.id: t for t in load_go_tournaments(store)}
    order: list[int] = []
    index: dict[int, int] = {}
    for r in rows:
        if r.tournament_id not in index:
            index[r.tournament_id] = len(order)
            order.append(r.tournament_id)

    def entry(tid: int, pid: int) -> float:
        return entry_rating(entries[(tid, pid)])

    score = {"W": 1.0, "B": 0.0, "J": 0.5}
    games = GoGames(
        white=np.array([r.white for r in rows], dtype=np.int64),
        black=np.array([r.black for r in rows], dtype=np.int64),
        score=np.array([score[r.outcome.value] for r in rows], dtype=np.float64),
        handicap=np.array([r.handicap for r in rows], dtype=np.int64),
        komi=np.array([r.komi for r in rows], dtype=np.float64),
        day=np.array([r.day.toordinal() for r in rows], dtype=np.int32),
        tournament=np.array([index[r.tournament_id] for r in rows], dtype=np.int32),
        weight=np.array([CLASS_WEIGHTS.get(r.egf_class, 0.0) for r in rows], dtype=np.float64),
        white_entry=np.array([entry(r.tournament_id, r.white) for r in rows], dtype=np.float64),
        black_entry=np.array([entry(r.tournament_id, r.black) for r in rows], dtype=np.float64),
    )
    return GoArchiveGames(games, entries, tournaments, tuple(order))


@dataclass(frozen=True, slots=True)
class GoListRow:
    """One player of the Go list: place, who, the latest declared rank, rating, games."""

    place: int
    player_id: int
    name: str
    country: str
    club: str
    egf_pin: str
    rank: str
    rating: float
    games: int
    last_played: dt.date

    def to_dict(self) -> dict[str, object]:
        """JSON-ready (ratings to 0.001)."""
        return {
            "place": self.place,
            "player": self.player_id,
            "name": self.name,
            "country": self.country,
            "club": self.club,
            "egf_pin": self.egf_pin,
            "rank": self.rank,
            "rating": round(self.rating, 3),
            "games": self.games,
            "last_played": self.last_played.isoformat(),
        }


@dataclass(frozen=True, slots=True)
class GoList:
    """A Go rating list: the system, the day of the latest tournament rated, the rows."""

    system: str
    as_of: dt.date | None
    rows: tuple[GoListRow, ...]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "game": "go",
            "system": self.system,
            "as_of": self.as_of.isoformat() if self.as_of else None,
            "players": [r.to_dict() for r in self.rows],
        }


def player_name(p: GoPlayerRow) -> str:
    """``Surname First name``."""
    return f"{p.surname} {p.first_name}".strip()


def _latest_ranks(archive: GoArchiveGames) -> dict[int, str]:
    """Each player's rank in their latest rated tournament (entries come by date)."""
    rated = set(archive.order)
    return {pid: e.rank for (tid, pid), e in archive.entries.items() if tid in rated}


def gor_state(store: Store) -> tuple[GoArchiveGames, GorState]:
    """The archive's games and the GoR after all of them, kept on the handle for the
    archive's version (`store.go.archive.go_archive_version`): the pages reuse them until
    a tournament is stored."""

    def made() -> tuple[GoArchiveGames, GorState]:
        archive = archive_games(store)
        return archive, rate_gor(archive.games)

    return store.attached(f"go-gor:{go_archive_version(store)}", made)


def go_rating_list(store: Store, system: str = "egf") -> GoList:
    """The Go list by `system` (``egf``: the GoR; the others: the registry's Go systems with
    their default parameters), best first; players with a rated game only.

    Raises:
        NotFoundError: an unknown system.
    """
    if system == "egf":
        archive, state = gor_state(store)
        ratings, counts, last = state.ratings, state.games, state.last_day
    else:
        from ratinglist.rating.go.declared import go_system

        chosen = go_system(system)
        archive = archive_games(store)
        found = chosen.rate(archive.games)
        ratings, counts, last = found.ratings, found.games, found.last_day
    players = load_go_players(store, list(ratings))
    ranks = _latest_ranks(archive)
    ordered = sorted(ratings, key=lambda pid: (-ratings[pid], pid))
    rows = tuple(
        GoListRow(
            place=k,
            player_id=pid,
            name=player_name(players[pid]),
            country=players[pid].country,
            club=players[pid].club,
            egf_pin=players[pid].egf_pin,
            rank=ranks.get(pid, ""),
            rating=ratings[pid],
            games=counts.get(pid, 0),
            last_played=dt.date.fromordinal(last[pid]),
        )
        for k, pid in enumerate(ordered, start=1)
    )
    days = archive.games.day
    as_of = dt.date.fromordinal(int(days.max())) if len(days) else None
    return GoList(system, as_of, rows)


def require_go_player(store: Store, player: int) -> GoPlayerRow:
    """The stored Go player `player`.

    Raises:
        NotFoundError: no such player.
    """
    found = load_go_players(store, [player]).get(player)
    if found is None:
        raise NotFoundError(
            N_("expected a Go player of the archive, got %(player)s"), player=player
        )
    return found


def evaluate_go(store: Store, fit_until: dt.date | None = None) -> GoContest:
    """The contest on the Go archive's games (`rating.go.contest`): each game's declared
    ranks make the dan and kyu groups.

    Raises:
        RatingError: no games, or none on one side of `fit_until`.
    """
    # The evaluation (SciPy) is imported when a contest runs, not when the Go pages start.
    from ratinglist.rating.go.contest import go_contest

    archive = archive_games(store)

    def rank_values(players: np.ndarray, tournaments: np.ndarray) -> np.ndarray:
        values = []
        for pid, t in zip(players.tolist(), tournaments.tolist(), strict=True):
            try:
                values.append(parse_rank(archive.entries[(archive.order[t], pid)].rank).value)
            except GoRankError:
                values.append(-30)
        return np.array(values, dtype=np.int64)

    g = archive.games
    return go_contest(
        g, rank_values(g.white, g.tournament), rank_values(g.black, g.tournament), fit_until
    )

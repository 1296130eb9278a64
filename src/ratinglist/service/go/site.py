"""The public Go pages' data (issue 37, item 1): the GoR list, a player's page (ratings
around each tournament, games with colour, handicap and result) and a tournament's page.

Read-only. The GoR is computed from the archive at each call (13,000 games: about a third
of a second), so the pages always show the stored archive.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from ratinglist.errors import N_, NotFoundError
from ratinglist.rating.go.gor import GorState
from ratinglist.service.go.rating import (
    GoArchiveGames,
    GoList,
    go_rating_list,
    gor_state,
    player_name,
    require_go_player,
)
from ratinglist.service.site_players import HistoryPoint
from ratinglist.store.database import Store
from ratinglist.store.go.archive import GoPlayerRow, load_go_candidates, load_go_players


def go_list_page(store: Store) -> GoList:
    """The public Go list: the EGF GoR of every player with a rated game, best first."""
    return go_rating_list(store, "egf")


@dataclass(frozen=True, slots=True)
class GoGameLine:
    """One game of a player's tournament (in round order): opponent, colour, stones, komi,
    result, the opponent's GoR at the tournament's start."""

    opponent_id: int
    opponent_name: str
    opponent_rating: int
    colour: str
    handicap: int
    komi: float
    result: str


@dataclass(frozen=True, slots=True)
class GoPlayerTournament:
    """A player's tournament: its header, the rank declared, GoR before and after."""

    id: int
    name: str
    begin: dt.date
    egf_class: str
    rank: str
    before: int
    after: int
    games: tuple[GoGameLine, ...]


@dataclass(frozen=True, slots=True)
class GoPlayerPage:
    """A Go player's page."""

    player: GoPlayerRow
    name: str
    rating: int | None
    place: int | None
    listed: int
    rank: str
    history: tuple[HistoryPoint, ...]
    tournaments: tuple[GoPlayerTournament, ...]
    candidates: tuple[GoPlayerRow, ...] = ()
    """Stored players who may be this one (same name; never merged without the officer)."""

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "game": "go",
            "id": self.player.id,
            "name": self.name,
            "country": self.player.country,
            "club": self.player.club,
            "egf_pin": self.player.egf_pin,
            "rank": self.rank,
            "rating": self.rating,
            "place": self.place,
            "candidates": [c.id for c in self.candidates],
            "history": [
                {"as_of": h.as_of.isoformat(), "rating": h.rating, "games": h.games}
                for h in self.history
            ],
            "tournaments": [
                {
                    "id": t.id,
                    "name": t.name,
                    "begin": t.begin.isoformat(),
                    "class": t.egf_class,
                    "rank": t.rank,
                    "before": t.before,
                    "after": t.after,
                    "games": [
                        {
                            "opponent": g.opponent_id,
                            "colour": g.colour,
                            "handicap": g.handicap,
                            "komi": g.komi,
                            "result": g.result,
                        }
                        for g in t.games
                    ],
                }
                for t in self.tournaments
            ],
        }


def _starts(state: GorState) -> dict[tuple[int, int], float]:
    """(tournament index, player) -> GoR at the tournament's start."""
    return {(s.tournament, s.player): s.before for s in state.steps}


def _result(score: float, white: bool) -> str:
    if score == 0.5:
        return "jigo"
    return "won" if (score == 1.0) == white else "lost"


def go_player_page(store: Store, player: int) -> GoPlayerPage:
    """`player`'s page.

    Raises:
        NotFoundError: no such Go player.
    """
    row = require_go_player(store, player)
    archive, state = gor_state(store)
    games = archive.games
    starts = _starts(state)
    mine = [s for s in state.steps if s.player == player]
    by_tournament: dict[int, list[int]] = defaultdict(list)
    for k in range(len(games)):
        if games.white[k] == player or games.black[k] == player:
            by_tournament[int(games.tournament[k])].append(k)
    others = load_go_players(
        store,
        sorted(
            {int(games.white[k]) for ks in by_tournament.values() for k in ks}
            | {int(games.black[k]) for ks in by_tournament.values() for k in ks}
        ),
    )
    tournaments = []
    for step in reversed(mine):
        tid = archive.order[step.tournament]
        header = archive.tournaments[tid]
        lines = []
        for k in by_tournament.get(step.tournament, []):
            white = int(games.white[k]) == player
            other = int(games.black[k]) if white else int(games.white[k])
            lines.append(
                GoGameLine(
                    opponent_id=other,
                    opponent_name=player_name(others[other]),
                    opponent_rating=round(starts[(step.tournament, other)]),
                    colour="white" if white else "black",
                    handicap=int(games.handicap[k]),
                    komi=float(games.komi[k]),
                    result=_result(float(games.score[k]), white),
                )
            )
        tournaments.append(
            GoPlayerTournament(
                tid,
                header.name,
                header.begin,
                header.egf_class,
                archive.entries[(tid, player)].rank,
                round(step.before),
                round(step.after),
                tuple(lines),
            )
        )
    history = tuple(
        HistoryPoint(
            archive.order[s.tournament],
            dt.date.fromordinal(s.day),
            round(s.after),
            0.0,
            True,
            True,
            s.games,
        )
        for s in mine
    )
    ordered = sorted(state.ratings, key=lambda pid: (-state.ratings[pid], pid))
    place = ordered.index(player) + 1 if player in state.ratings else None
    rating = round(state.ratings[player]) if player in state.ratings else None
    rank = tournaments[0].rank if tournaments else ""
    pairs = load_go_candidates(store, player)
    others_ids = sorted({a if a != player else b for a, b, _ in pairs})
    maybe = load_go_players(store, others_ids)
    return GoPlayerPage(
        row,
        player_name(row),
        rating,
        place,
        len(ordered),
        rank,
        history,
        tuple(tournaments),
        tuple(maybe[i] for i in others_ids if i in maybe),
    )


@dataclass(frozen=True, slots=True)
class GoTournamentLine:
    """A player of a Go tournament: who, rank, GoR before and after, games, wins."""

    player_id: int
    name: str
    country: str
    club: str
    rank: str
    before: int
    after: int
    games: int
    wins: float


@dataclass(frozen=True, slots=True)
class GoTournamentPage:
    """A Go tournament's page: header and players by GoR change."""

    id: int
    name: str
    location: str
    begin: dt.date
    end: dt.date
    egf_class: str
    komi: float
    games: int
    handicap_games: int
    players: tuple[GoTournamentLine, ...]


def go_tournament_page(store: Store, tournament: int) -> GoTournamentPage:
    """Tournament `tournament`'s page.

    Raises:
        NotFoundError: no such rated Go tournament.
    """
    archive, state = gor_state(store)
    if tournament not in archive.order:
        raise NotFoundError(
            N_("expected a rated Go tournament, got %(tournament)s"), tournament=tournament
        )
    index = archive.order.index(tournament)
    games = archive.games
    mask = games.tournament == index
    wins: dict[int, float] = defaultdict(float)
    for w, b, s in zip(
        games.white[mask].tolist(),
        games.black[mask].tolist(),
        games.score[mask].tolist(),
        strict=True,
    ):
        wins[w] += s
        wins[b] += 1 - s
    steps = [s for s in state.steps if s.tournament == index]
    people = load_go_players(store, [s.player for s in steps])
    header = archive.tournaments[tournament]
    lines = tuple(
        sorted(
            (
                GoTournamentLine(
                    s.player,
                    player_name(people[s.player]),
                    people[s.player].country,
                    people[s.player].club,
                    archive.entries[(tournament, s.player)].rank,
                    round(s.before),
                    round(s.after),
                    s.games,
                    wins[s.player],
                )
                for s in steps
            ),
            key=lambda line: (-line.wins, -line.before, line.name),
        )
    )
    return GoTournamentPage(
        tournament,
        header.name,
        header.location,
        header.begin,
        header.end,
        header.egf_class,
        header.komi,
        int(mask.sum()),
        int((games.handicap[mask] > 0).sum()),
        lines,
    )


def go_archive_for(store: Store) -> GoArchiveGames:
    """The archive's games (for callers that need the raw columns)."""
    return gor_state(store)[0]

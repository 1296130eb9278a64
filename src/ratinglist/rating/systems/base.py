"""What every rating system shares: the list it produces, the player index, the game blocks.

A rating system is a module with a frozen parameters object and

- ``rate(games, params, as_of) -> SystemList``: the list as of a date from all games that
  started on or before it;
- for the incremental ones (Elo, Glicko-2, EGF) also ``initial(params) -> state``,
  ``update(state, games, params) -> state`` (games in time order, whole tournaments) and
  ``to_list(state, params, as_of) -> SystemList``; `rate` is then `rate_incrementally`;
- ``expected(ratings, first, second, params) -> probabilities``: the expected score of each
  game's first player under the system's own model, newcomers at the system's start values.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import itertools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.model import PlayerId
from ratinglist.rating.games import GameArrays

State = TypeVar("State")
Params = TypeVar("Params")


@dataclass(frozen=True, slots=True)
class SystemEntry:
    """One player of a `SystemList`: rating and deviation in the system's points, the number
    of rated games, the first day of the latest tournament played, and the title (Elo ranks;
    empty for systems without titles)."""

    player: PlayerId
    rating: float
    deviation: float
    games: int
    last_played: dt.date
    title: str


@dataclass(frozen=True, slots=True)
class SystemList:
    """Ratings of one system as of a date, one row per player in increasing ID.

    `deviations` is the rating's standard deviation where the system has one (Glicko-2's RD,
    WHR's), else 0. `titles` is empty or holds one title per player.
    """

    system: str
    as_of: dt.date
    players: NDArray[np.int64]
    ratings: NDArray[np.float64]
    deviations: NDArray[np.float64]
    games: NDArray[np.int64]
    last_day: NDArray[np.int32]
    titles: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Check the columns and freeze them."""
        n = len(self.players)
        columns = (self.ratings, self.deviations, self.games, self.last_day)
        if any(len(c) != n for c in columns) or (self.titles and len(self.titles) != n):
            raise RatingError(f"expected {n} values in every column of a rating list")
        if n and not bool(np.all(np.diff(self.players) > 0)):
            raise RatingError("expected the players of a rating list in increasing ID")
        for column in (self.players, *columns):
            column.flags.writeable = False

    def __len__(self) -> int:
        """The number of rated players."""
        return len(self.players)

    def _entry(self, k: int) -> SystemEntry:
        return SystemEntry(
            player=PlayerId(int(self.players[k])),
            rating=float(self.ratings[k]),
            deviation=float(self.deviations[k]),
            games=int(self.games[k]),
            last_played=dt.date.fromordinal(int(self.last_day[k])),
            title=self.titles[k] if self.titles else "",
        )

    def ranked(self) -> tuple[SystemEntry, ...]:
        """Every player by decreasing rating (ties by increasing ID)."""
        order = np.lexsort((self.players, -self.ratings))
        return tuple(self._entry(int(k)) for k in order)

    def lookup(
        self, ids: NDArray[np.int64], rating: float, deviation: float
    ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Ratings and deviations of `ids`; players not in the list get `rating`/`deviation`."""
        return (
            lookup(self.players, self.ratings, ids, rating),
            lookup(self.players, self.deviations, ids, deviation),
        )


@dataclass(frozen=True, slots=True)
class ExplainedGame:
    """One game of an explained player: its day, the opponent and their rating, the player's
    score, their expected score, and the game's weight (wof-map: its age's; WHR: 1, every
    game counts once)."""

    day: dt.date
    opponent: int
    opponent_rating: float
    score: float
    expected: float
    weight: float


def lookup(
    keys: NDArray[np.int64], values: NDArray[np.float64], ids: NDArray[np.int64], default: float
) -> NDArray[np.float64]:
    """``values[k]`` where ``keys[k] == id`` (`keys` increasing), else `default`, per id."""
    if len(keys) == 0:
        return np.full(len(ids), default, dtype=np.float64)
    k = np.minimum(np.searchsorted(keys, ids), len(keys) - 1)
    found = keys[k] == ids
    result: NDArray[np.float64] = np.where(found, values[k], default).astype(np.float64)
    return result


def logistic(difference: NDArray[np.float64], base: float, scale: float) -> NDArray[np.float64]:
    """``1 / (1 + base^(-difference / scale))``, the logistic expectation of Elo-type systems."""
    result: NDArray[np.float64] = 1.0 / (1.0 + np.power(base, -difference / scale))
    return result


def index_players(
    index: Mapping[int, int], first: list[int], second: list[int]
) -> tuple[dict[int, int], list[int], list[int]]:
    """A copy of `index` (ID -> dense position) extended by the new IDs in game order, and
    each game's two positions."""
    grown = dict(index)
    a = [grown.setdefault(p, len(grown)) for p in first]
    b = [grown.setdefault(p, len(grown)) for p in second]
    return grown, a, b


def blocks(keys: NDArray[np.int64]) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` of each run of equal consecutive `keys` (e.g. one tournament)."""
    if len(keys) == 0:
        return
    cuts = np.flatnonzero(keys[1:] != keys[:-1]) + 1
    edges = [0, *cuts.tolist(), len(keys)]
    yield from itertools.pairwise(edges)


def tournament_keys(games: GameArrays) -> NDArray[np.int64]:
    """One key per game, equal exactly within a tournament: its id, or its start day when the
    games carry no tournament ids (then one day's games form one tournament)."""
    if games.tournament is None:
        return games.day.astype(np.int64)
    return games.day.astype(np.int64) * (1 << 32) + games.tournament.astype(np.int64)


def check_order(games: GameArrays, as_of: dt.date | None = None) -> None:
    """Refuse games out of time order, or after `as_of`.

    Raises:
        RatingError: a game starting before the game listed ahead of it, or after `as_of`.
    """
    if len(games) and bool(np.any(np.diff(games.day) < 0)):
        k = int(np.flatnonzero(np.diff(games.day) < 0)[0]) + 1
        raise RatingError(
            f"expected games in order of tournament start, got game {k} on "
            f"{dt.date.fromordinal(int(games.day[k])).isoformat()} after a later one"
        )
    if as_of is not None and len(games) and int(games.day.max()) > as_of.toordinal():
        raise RatingError(
            f"expected games on or before {as_of.isoformat()}, got a tournament starting "
            f"{dt.date.fromordinal(int(games.day.max())).isoformat()}"
        )


def rate_incrementally(
    initial: Callable[[Params], State],
    update: Callable[[State, GameArrays, Params], State],
    to_list: Callable[[State, Params, dt.date], SystemList],
    games: GameArrays,
    params: Params,
    as_of: dt.date,
) -> SystemList:
    """`rate` of an incremental system: every game up to `as_of` from the initial state.

    Raises:
        RatingError: games out of order or after `as_of`.
    """
    check_order(games, as_of)
    return to_list(update(initial(params), games, params), params, as_of)


def params_to_dict(params: object) -> dict[str, object]:
    """A frozen parameters dataclass as JSON-ready values: enums by value, nested dataclasses
    as objects, tuples as lists."""

    def plain(value: object) -> object:
        if isinstance(value, enum.Enum):
            return value.value
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if isinstance(value, tuple | list):
            return [plain(v) for v in value]
        return value

    result = plain(params)
    if not isinstance(result, dict):
        raise RatingError(f"expected a parameters dataclass, got {params!r}")
    return result


def by_id(index: Mapping[int, int]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The IDs of `index` in increasing order and their positions."""
    ids = np.fromiter(index.keys(), dtype=np.int64, count=len(index))
    positions = np.fromiter(index.values(), dtype=np.int64, count=len(index))
    order = np.argsort(ids)
    return ids[order], positions[order]

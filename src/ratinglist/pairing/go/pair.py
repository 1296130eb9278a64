"""Pairing a Go round as OpenGotha does: a maximum-weight perfect matching on the costs.

The weight of a pair is OpenGotha's ``totalCost``; the matching maximises the total, with
integer weights end to end (`pairing.matching`). Forced pairs are taken out before the
matching; "never pair" pairs are left out of the candidate graph. Each pair then gets its
colours and handicap (`game_between`); tables are numbered by `number_tables`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ratinglist.errors import N_, PairingError
from ratinglist.pairing.go.costs import PART_NAMES, CostModel
from ratinglist.pairing.go.handicap import potential_handicap
from ratinglist.pairing.go.input import GothaRound
from ratinglist.pairing.matching import min_cost_perfect_matching


@dataclass(frozen=True, slots=True)
class NewGame:
    """A game of the new round: players by key, handicap, table (0 until numbered)."""

    white: str
    black: str
    handicap: int
    table: int = 0


@dataclass(frozen=True, slots=True)
class PairCost:
    """The cost parts of one pair, by OpenGotha's names, and its total."""

    player1: str
    player2: str
    parts: tuple[int, ...]

    @property
    def total(self) -> int:
        """OpenGotha's ``totalCost``: 1 + the parts."""
        return 1 + sum(self.parts)

    def as_dict(self) -> dict[str, int]:
        """The parts keyed by OpenGotha's names, with ``totalCost``."""
        return {**dict(zip(PART_NAMES, self.parts, strict=True)), "totalCost": self.total}


@dataclass(frozen=True, slots=True)
class GoPairing:
    """A paired round: the games, the bye, the pairs' costs and the matching's weight."""

    games: tuple[NewGame, ...]
    bye: str | None
    costs: tuple[PairCost, ...]
    weight: int


def game_between(rnd: GothaRound, model: CostModel, a: str, b: str) -> NewGame:
    """Colours and handicap of a game between a and b (OpenGotha's ``gameBetween``)."""
    i = np.array([model.index[a]], dtype=np.int64)
    j = np.array([model.index[b]], dtype=np.int64)
    hd = int(potential_handicap(rnd, model.rank, model.mms, i, j)[0])
    if hd > 0:
        return NewGame(a, b, hd)
    if hd < 0:
        return NewGame(b, a, -hd)
    wa, wb = int(model.wb[i[0]]), int(model.wb[j[0]])
    if wa > wb:
        return NewGame(b, a, 0)
    if wa < wb:
        return NewGame(a, b, 0)
    first = bool(model.names.first(i, j)[0])
    lo, hi = (a, b) if first else (b, a)
    v = int(model.names.det_random(1, i, j)[0])
    return NewGame(lo, hi, 0) if v == 0 else NewGame(hi, lo, 0)


OPENGOTHA_GROUP_MAX = 600
"""OpenGotha's ``PAIRING_GROUP_MAX_SIZE`` (3.46.01 on; its minimum is a third of it, 200)."""


def split_groups(
    keys: Sequence[str], group_number: Mapping[str, int], group_max: int
) -> list[list[str]]:
    """The players `keys` (in their order) cut as OpenGotha cuts a field above `group_max`.

    While more than `group_max` players remain, a group is taken from the top score groups
    down (lowest `group_number` first, players in list order): it is ready when it holds
    `group_max` players, when at most `group_max // 3` players (at least 2) would remain, or,
    after a whole score group, when it holds at least that many players and an even number.
    Each group is paired alone; the last one is what remains.
    """
    # OpenGotha: 200 = 600 // 3; at least 2, so that a group is never empty.
    group_min = max(2, group_max // 3)
    remaining = list(keys)
    groups: list[list[str]] = []
    levels = sorted({group_number[k] for k in keys})
    while len(remaining) > group_max:
        grouped: list[str] = []
        ready = False
        for level in levels:
            kept: list[str] = []
            left = len(remaining)
            for k in remaining:
                if ready or group_number[k] > level:
                    kept.append(k)
                    continue
                grouped.append(k)
                left -= 1
                if len(grouped) >= group_max or left <= group_min:
                    ready = True
            remaining = kept
            if ready or (len(grouped) >= group_min and len(grouped) % 2 == 0):
                break
        if not grouped:  # cannot happen: the levels are the remaining players' own
            break
        groups.append(grouped)
    groups.append(remaining)
    return groups


def pair_go(
    rnd: GothaRound,
    *,
    forced: Iterable[tuple[str, str]] = (),
    never: Iterable[tuple[str, str]] = (),
    group_max: int | None = None,
) -> GoPairing:
    """Pair round `rnd.round`: every pairable player once, maximum total cost.

    With `group_max`, a field larger than it is paired in groups (`split_groups`, as
    OpenGotha does above ``PAIRING_GROUP_MAX_SIZE``), each group's matching alone, the
    costs those of the whole field (OpenGotha fills the score groups once).

    Raises:
        PairingError: no perfect matching exists under the forced and forbidden pairs.
    """
    model = CostModel(rnd)
    keys = model.pairable()
    forced_pairs = [(a, b) for a, b in forced]
    taken = {k for p in forced_pairs for k in p}
    unknown = taken - set(keys)
    if unknown:
        raise PairingError(
            N_("expected forced pairs of pairable players, got %(unknown)s"),
            unknown=sorted(unknown),
        )
    free = [k for k in keys if k not in taken]
    groups = [free]
    if group_max is not None and len(free) > group_max:
        number = {k: int(model.groups.group_number[model.index[k]]) for k in free}
        groups = split_groups(free, number, group_max)
    banned = [(a, b) for a, b in never]
    chosen = [pair for group in groups for pair in _match(rnd, model, group, banned)]
    chosen += forced_pairs
    ci = np.array([model.index[a] for a, _ in chosen], dtype=np.int64)
    cj = np.array([model.index[b] for _, b in chosen], dtype=np.int64)
    parts = model.parts(ci, cj).parts
    costs = [PairCost(a, b, tuple(int(v) for v in parts[:, k])) for k, (a, b) in enumerate(chosen)]
    games = tuple(game_between(rnd, model, a, b) for a, b in chosen)
    return GoPairing(games, rnd.bye, tuple(costs), sum(c.total for c in costs))


def _match(
    rnd: GothaRound, model: CostModel, free: list[str], never: Iterable[tuple[str, str]]
) -> list[tuple[str, str]]:
    """The maximum-weight perfect matching of the players `free`."""
    i, j = model.all_pairs(free)
    banned = {frozenset(p) for p in never}
    if banned:
        keep = np.array(
            [
                frozenset((rnd.players[a].key, rnd.players[b].key)) not in banned
                for a, b in zip(i, j, strict=True)
            ],
            dtype=np.bool_,
        )
        i, j = i[keep], j[keep]
    total = model.parts(i, j).total
    local = np.full(len(rnd.players), -1, dtype=np.int64)
    free_index = np.array([model.index[k] for k in free], dtype=np.int64)
    local[free_index] = np.arange(len(free), dtype=np.int64)
    top = int(total.max(initial=0))
    matched = min_cost_perfect_matching(
        len(free),
        local[i].tolist(),
        local[j].tolist(),
        (top - total).tolist(),
        levels=model.groups.group_number[free_index].tolist(),
    )
    if matched is None:
        raise PairingError(
            N_("expected a pairing of %(count)s players, found none"), count=len(free)
        )
    return [(free[x], free[y]) for x, y in matched]


def number_tables(
    games: Iterable[NewGame],
    placement: Mapping[str, tuple[int, ...]],
    rating: Mapping[str, int],
    used: Iterable[int] = (),
    listed: Mapping[str, int] | None = None,
) -> tuple[NewGame, ...]:
    """Tables 1, 2, ... (skipping `used`), best games first, as OpenGotha numbers them.

    Each game is represented by its lower-placed player (`placement`: criteria values,
    higher is better; if equal, the higher-rated player); games are sorted by their
    representative's placement then rating, descending. Games tied on both keep the order
    OpenGotha makes them in: by the position of their first player in its list of players
    to pair (`listed`: player -> position, the standings order after the previous round),
    as its stable sort leaves them.
    """
    if listed is not None:
        far = len(listed)
        games = sorted(games, key=lambda g: min(listed.get(g.white, far), listed.get(g.black, far)))

    def representative(g: NewGame) -> tuple[tuple[int, ...], int]:
        w, b = (placement[g.white], rating[g.white]), (placement[g.black], rating[g.black])
        if w[0] != b[0]:
            return min(w, b, key=lambda t: t[0])
        return max(w, b, key=lambda t: t[1])

    ordered = sorted(games, key=representative, reverse=True)
    taken = set(used)
    out = []
    table = 0
    for g in ordered:
        table += 1
        while table in taken:
            table += 1
        out.append(NewGame(g.white, g.black, g.handicap, table))
    return tuple(out)

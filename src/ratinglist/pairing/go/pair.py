"""Pairing a Go round as OpenGotha does: a maximum-weight perfect matching on the costs.

The weight of a pair is OpenGotha's ``totalCost``; the matching maximises the total, with
integer weights end to end (`pairing.matching`). Forced pairs are taken out before the
matching; "never pair" pairs are left out of the candidate graph. Each pair then gets its
colours and handicap (`game_between`); tables are numbered by `number_tables`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from ratinglist.errors import PairingError
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


def pair_go(
    rnd: GothaRound,
    *,
    forced: Iterable[tuple[str, str]] = (),
    never: Iterable[tuple[str, str]] = (),
) -> GoPairing:
    """Pair round `rnd.round`: every pairable player once, maximum total cost.

    Raises:
        PairingError: no perfect matching exists under the forced and forbidden pairs.
    """
    model = CostModel(rnd)
    keys = model.pairable()
    forced_pairs = [(a, b) for a, b in forced]
    taken = {k for p in forced_pairs for k in p}
    unknown = taken - set(keys)
    if unknown:
        raise PairingError(f"expected forced pairs of pairable players, got {sorted(unknown)}")
    free = [k for k in keys if k not in taken]
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
        raise PairingError(f"expected a pairing of {len(free)} players, found none")
    chosen = [(free[x], free[y]) for x, y in matched] + forced_pairs
    ci = np.array([model.index[a] for a, _ in chosen], dtype=np.int64)
    cj = np.array([model.index[b] for _, b in chosen], dtype=np.int64)
    parts = model.parts(ci, cj).parts
    costs = [PairCost(a, b, tuple(int(v) for v in parts[:, k])) for k, (a, b) in enumerate(chosen)]
    games = tuple(game_between(rnd, model, a, b) for a, b in chosen)
    return GoPairing(games, rnd.bye, tuple(costs), sum(c.total for c in costs))


def number_tables(
    games: Iterable[NewGame],
    placement: Mapping[str, tuple[int, ...]],
    rating: Mapping[str, int],
    used: Iterable[int] = (),
) -> tuple[NewGame, ...]:
    """Tables 1, 2, ... (skipping `used`), best games first, as OpenGotha numbers them.

    Each game is represented by its lower-placed player (`placement`: criteria values,
    higher is better; if equal, the higher-rated player); games are sorted by their
    representative's placement then rating, descending.
    """

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

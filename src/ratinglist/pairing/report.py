"""The next-best opponents of each player of a paired round, from the cost of every pair.

The pairing engines choose the set of pairs with the best total (OpenGotha: the maximum
weight; the Swiss engine: the least cost). For one player, an alternative is another
opponent they could have met; its `difference` is that pair's cost minus the cost of the
pair chosen for the player, so a director sees what meeting someone else would have cost
that pair (the matching weighs the whole round, so a single pair may be better than chosen).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

ALTERNATIVES = 3
"""Alternatives shown for each player."""


@dataclass(frozen=True, slots=True)
class Option:
    """Another opponent (an index) of a player: the pair's total and its difference from
    the player's chosen pair."""

    opponent: int
    total: int
    difference: int


def best_options(
    count: int,
    totals: Mapping[tuple[int, int], int],
    partner: Sequence[int | None],
    higher_is_better: bool,
    keep: int = ALTERNATIVES,
) -> tuple[tuple[Option, ...], ...]:
    """For each of `count` players, the `keep` best opponents other than their partner.

    `totals` holds the cost of each pairable pair (i, j) with i < j; `partner` the opponent
    chosen for each player (None: no game). A player with no game gets no options. Ties
    are broken by the opponent's index, so the answer does not depend on the order of
    `totals`.
    """
    by_player: list[list[tuple[int, int]]] = [[] for _ in range(count)]
    for (i, j), total in totals.items():
        by_player[i].append((j, total))
        by_player[j].append((i, total))
    sign = -1 if higher_is_better else 1
    out: list[tuple[Option, ...]] = []
    for k in range(count):
        mate = partner[k]
        chosen = None if mate is None else totals.get((min(k, mate), max(k, mate)))
        if chosen is None:
            out.append(())
            continue
        others = sorted(
            ((o, t) for o, t in by_player[k] if o != mate), key=lambda ot: (sign * ot[1], ot[0])
        )
        out.append(tuple(Option(o, t, t - chosen) for o, t in others[:keep]))
    return tuple(out)

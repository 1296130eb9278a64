"""Explain a pairing: each pair's cost by criterion, and what forced pairs cost overall."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ratinglist.model import PlayerId
from ratinglist.pairing.costs import build_field, edge_costs
from ratinglist.pairing.request import PairingRequest, Preset
from ratinglist.pairing.swiss import PairingResult, pair_swiss


@dataclass(frozen=True, slots=True)
class PairExplanation:
    """One pair (Black, White; White is None for the bye) and its cost by criterion."""

    black: PlayerId
    white: PlayerId | None
    cost: int
    parts: tuple[tuple[str, int], ...]
    forced: bool = False


@dataclass(frozen=True, slots=True)
class PairingExplanation:
    """All pairs explained; `forced_extra` is the total cost of the pairing minus the cost
    of the best pairing without the forced pairs (None when nothing is forced)."""

    pairs: tuple[PairExplanation, ...]
    total: int
    forced_extra: int | None


def explain_pairing(
    request: PairingRequest, result: PairingResult, preset: Preset = Preset.EOC
) -> PairingExplanation:
    """Break `result` down by the criteria of `preset` (colours as `result` gives them)."""
    players = request.players
    with_bye = preset is Preset.PAPP and len(players) % 2 == 1
    f = build_field(players, request, with_bye)
    index = {p.id: k for k, p in enumerate(players)}
    i = [index[b] for b, _ in result.pairs]
    j = [index[w] for _, w in result.pairs]
    if with_bye and result.bye is not None:
        i.append(index[result.bye])
        j.append(f.size - 1)
    c, totals = edge_costs(
        f, preset, np.array(i, np.int64), np.array(j, np.int64), np.ones(len(i), np.bool_)
    )
    forced = {frozenset(p) for p in request.forced}
    out = []
    for k in range(len(i)):
        black = players[i[k]].id
        white = players[j[k]].id if j[k] < len(players) else None
        out.append(
            PairExplanation(
                black=black,
                white=white,
                cost=totals[k],
                parts=tuple((name, int(arr[k])) for name, arr in c.parts.items()),
                forced=white is not None and frozenset((black, white)) in forced,
            )
        )
    extra = None
    if request.forced:
        free = PairingRequest(players=players, round=request.round, never_pair=request.never_pair)
        extra = result.cost - pair_swiss(free, preset).cost
    return PairingExplanation(tuple(out), sum(totals), extra)

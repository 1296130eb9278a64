"""Handicap and colour of a game (OpenGotha's ``gameBetween``, GO.md section c)."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ratinglist.pairing.go.input import GothaRound

I64 = NDArray[np.int64]


def potential_handicap(rnd: GothaRound, rank: I64, mms_x2: I64, i: I64, j: I64) -> I64:
    """The handicap of each pair seen from i: > 0 i gives stones (is White), < 0 j does."""
    hp = rnd.handicap
    if hp.based_on_mms:
        pr1 = mms_x2[i] // 2 - 30
        pr2 = mms_x2[j] // 2 - 30
    else:
        pr1, pr2 = rank[i], rank[j]
    cap = hp.no_handicap_threshold.value
    hd = np.minimum(pr1, cap) - np.minimum(pr2, cap)
    corr = hp.correction
    hd = np.where(hd > 0, np.maximum(hd - corr, 0), hd)
    hd = np.where(hd < 0, np.minimum(hd + corr, 0), hd)
    return np.asarray(np.clip(hd, -hp.ceiling, hp.ceiling), dtype=np.int64)


def wb_balance(rnd: GothaRound) -> I64:
    """Per player of the round: games as White minus games as Black, handicap-0 games only."""
    index = {p.key: k for k, p in enumerate(rnd.players)}
    wb = np.zeros(len(rnd.players), dtype=np.int64)
    for g in rnd.games:
        if g.handicap != 0 or g.round >= rnd.round:
            continue
        if g.white in index:
            wb[index[g.white]] += 1
        if g.black in index:
            wb[index[g.black]] -= 1
    return wb

"""Certified sparse graphs give the same optimum as the full graph (pairing.certified)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ratinglist.pairing.matching import min_cost_perfect_matching


def _cost(pairs: list[tuple[int, int]], table: dict[tuple[int, int], int]) -> int:
    return sum(table[p] for p in pairs)


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.sampled_from([64, 80, 100]))
def test_same_optimum_as_the_full_graph(seed: int, n: int) -> None:
    rng = np.random.default_rng(seed)
    levels = np.sort(rng.integers(0, 8, n))
    i, j = np.triu_indices(n, k=1)
    # pairing-like costs: a large score-distance term, small noise, some forbidden-ish rematches
    cost = (
        10**9 * np.abs(levels[i] - levels[j]) ** 2
        + rng.integers(0, 10**6, len(i))
        + 10**14 * (rng.random(len(i)) < 0.02)
    ).astype(np.int64)
    table = {(int(a), int(b)): int(c) for a, b, c in zip(i, j, cost, strict=True)}
    full = min_cost_perfect_matching(n, i.tolist(), j.tolist(), cost.tolist())
    certified = min_cost_perfect_matching(
        n, i.tolist(), j.tolist(), cost.tolist(), levels=levels.tolist()
    )
    assert full is not None and certified is not None
    assert len(certified) == n // 2
    assert len({v for p in certified for v in p}) == n
    assert _cost(certified, table) == _cost(full, table)

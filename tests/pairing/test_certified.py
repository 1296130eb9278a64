"""Certified sparse graphs give the same optimum as the full graph (pairing.certified)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linear_sum_assignment

from ratinglist.pairing.certified import _components, assignment_duals, by_components, potentials
from ratinglist.pairing.matching import _rustworkx_perfect, min_cost_perfect_matching


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


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**31),
    st.integers(min_value=1, max_value=40),
    st.sampled_from([2, 5, 1000, 2**45]),
    st.booleans(),
)
def test_assignment_duals_are_optimal_and_feasible(
    seed: int, n: int, spread: int, symmetric: bool
) -> None:
    """Against scipy's assignment solver; small spreads give many ties (row reduction)."""
    rng = np.random.default_rng(seed)
    a = rng.integers(0, spread, (n, n)).astype(np.int64)
    if symmetric:
        a = np.minimum(a, a.T)
    u, v, owner = assignment_duals(a)
    rows, cols = linear_sum_assignment(a)
    assert int((a - u[:, None] - v[None, :]).min()) >= 0
    assert int(u.sum() + v.sum()) == int(a[rows, cols].sum())
    assert sorted(owner.tolist()) == list(range(n))
    assert all(a[owner[c], c] == u[owner[c]] + v[c] for c in range(n))


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.integers(min_value=2, max_value=60))
def test_levels_start_the_same_duals(seed: int, n: int) -> None:
    """Duals started from each level's own assignment are as good as the plain ones."""
    rng = np.random.default_rng(seed)
    levels = np.sort(rng.integers(0, 6, n))
    i, j = np.triu_indices(n, k=1)
    keep = rng.random(len(i)) < 0.8
    i, j = i[keep], j[keep]
    cost = (10**6 * np.abs(levels[i] - levels[j]) + rng.integers(0, 50, len(i))).astype(np.int64)
    plain = potentials(n, i, j, cost)
    started = potentials(n, i, j, cost, levels)
    assert bool((started[i] + started[j] <= 2 * cost).all())
    assert int(started.sum()) == int(plain.sum())


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_components_apart_give_the_whole_optimum(seed: int) -> None:
    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, 6, 5) * 2
    n = int(sizes.sum())
    group = np.repeat(np.arange(len(sizes)), sizes)
    i, j = np.triu_indices(n, k=1)
    inside = group[i] == group[j]
    i, j = i[inside], j[inside]
    cost = rng.integers(0, 100, len(i)).astype(np.int64)
    table = {(int(a), int(b)): int(c) for a, b, c in zip(i, j, cost, strict=True)}
    whole = min_cost_perfect_matching(n, i.tolist(), j.tolist(), cost.tolist())
    apart = by_components(n, i, j, cost, _rustworkx_perfect)
    assert whole is not None and apart is not None
    assert len({v for p in apart for v in p}) == n
    assert _cost(apart, table) == _cost(whole, table)
    odd = np.flatnonzero(group == 0)[1:]  # leave a vertex out: an odd component
    sub = ~np.isin(i, odd[:1]) & ~np.isin(j, odd[:1])
    assert by_components(n, i[sub], j[sub], cost[sub], _rustworkx_perfect) is None


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.sampled_from([64, 70]))
def test_no_perfect_matching_is_found_as_on_the_full_graph(seed: int, n: int) -> None:
    """A vertex left with one neighbour that another such vertex shares: no perfect
    matching, certified or not."""
    rng = np.random.default_rng(seed)
    levels = np.sort(rng.integers(0, 5, n))
    i, j = np.triu_indices(n, k=1)
    cost = (10**6 * np.abs(levels[i] - levels[j]) + rng.integers(0, 100, len(i))).astype(np.int64)
    a, b, hub = (int(x) for x in rng.choice(n, 3, replace=False))
    alone = ((i == a) | (j == a) | (i == b) | (j == b)) & (i != hub) & (j != hub)
    i, j, cost = i[~alone], j[~alone], cost[~alone]
    assert min_cost_perfect_matching(n, i.tolist(), j.tolist(), cost.tolist()) is None
    certified = min_cost_perfect_matching(
        n, i.tolist(), j.tolist(), cost.tolist(), levels=levels.tolist()
    )
    assert certified is None


def _reachable(n: int, edges: list[tuple[int, int]]) -> list[frozenset[int]]:
    """The components by breadth-first search (the reference)."""
    near: dict[int, set[int]] = {v: set() for v in range(n)}
    for a, b in edges:
        near[a].add(b)
        near[b].add(a)
    seen: set[int] = set()
    parts = []
    for start in range(n):
        if start in seen:
            continue
        part, todo = {start}, [start]
        while todo:
            for w in near[todo.pop()] - part:
                part.add(w)
                todo.append(w)
        seen |= part
        parts.append(frozenset(part))
    return parts


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.integers(min_value=1, max_value=120))
def test_components_are_those_of_a_graph_search(seed: int, n: int) -> None:
    """Sparse random graphs (paths in shuffled order among them: many hooking rounds)."""
    rng = np.random.default_rng(seed)
    order = rng.permutation(n)
    path = [(int(order[k]), int(order[k + 1])) for k in range(n - 1) if rng.random() < 0.7]
    extra = [(int(a), int(b)) for a, b in rng.integers(0, n, (n // 3, 2)) if a != b]
    edges = path + extra
    i = np.array([a for a, _ in edges], dtype=np.int64)
    j = np.array([b for _, b in edges], dtype=np.int64)
    count, label = _components(n, i, j)
    parts = _reachable(n, edges)
    assert count == len(parts)
    assert {frozenset(np.flatnonzero(label == c).tolist()) for c in range(count)} == set(parts)
    assert [min(p) for p in parts] == [int(np.flatnonzero(label == c)[0]) for c in range(count)]

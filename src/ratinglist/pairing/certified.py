"""Certified candidate graphs: the edges that can be in a minimum-cost perfect matching.

Linear-programming duality, in integers. Potentials Y (doubled duals of the fractional
matching relaxation: the assignment problem on the graph's double cover, solved exactly by
the Hungarian algorithm in int64, compiled with numba) satisfy Y_a + Y_b <= 2 c_ab on every
edge. Score levels add odd cuts: when the players of the top t levels are an odd number, a
perfect matching has an edge leaving them, so a cut value z_t >= 0 may be charged to the edges
crossing it, keeping Y_a + Y_b + sum(z over crossed cuts) <= 2 c_ab. For any perfect matching
M: 2 cost(M) = sum(Y) + sum(z) + slack(M), every edge's slack being >= 0. Once a perfect
matching of cost C is known, an edge whose reduced cost exceeds 2C - sum(Y) - sum(z) is in no
matching of cost <= C: the exact optimum over the remaining edges is the exact optimum over the
whole graph. Pairing costs are nearly integral on these duals, so few edges remain.
"""

from __future__ import annotations

from collections.abc import Callable

import numba
import numpy as np
from numpy.typing import NDArray
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

I64 = NDArray[np.int64]
Solver = Callable[[int, I64, I64, I64], "list[tuple[int, int]] | None"]

SAFE_COST = 2**50
"""Costs below this keep every sum of the algorithm inside int64."""


@numba.njit(cache=True)
def _row_reduction(a: I64) -> tuple[I64, I64]:  # pragma: no cover - compiled
    """Column prices and a partial assignment by Jonker-Volgenant augmenting row reduction.

    Every assigned row holds a column of least ``a[i, j] - v[j]`` for it, so the duals
    u_i = min_j (a[i, j] - v[j]) make every assigned edge tight. The work is capped (2 passes
    over the free rows, 8n steps in all); rows left free are for the shortest augmenting paths.
    """
    n = a.shape[0]
    inf = np.int64(2**62)
    v = np.empty(n, dtype=np.int64)
    for j in range(n):
        best = inf
        for i in range(n):
            if a[i, j] < best:
                best = a[i, j]
        v[j] = best
    x = np.full(n, -1, dtype=np.int64)  # column of each row
    y = np.full(n, -1, dtype=np.int64)  # row of each column
    free = np.arange(n, dtype=np.int64)
    nfree = n
    steps = 0
    for _ in range(2):
        k = 0
        previous = nfree
        nfree = 0
        while k < previous:
            steps += 1
            if steps > 8 * n:  # cap: the rows not yet placed stay free
                for r in range(k, previous):
                    free[nfree] = free[r]
                    nfree += 1
                return v, y
            i = free[k]
            k += 1
            u1 = inf
            u2 = inf
            uf = inf
            j1 = 0
            j2 = 0
            jf = -1
            for j in range(n):
                h = a[i, j] - v[j]
                if y[j] < 0 and h < uf:
                    uf = h
                    jf = j
                if h < u2:
                    if h >= u1:
                        u2 = h
                        j2 = j
                    else:
                        u2 = u1
                        j2 = j1
                        u1 = h
                        j1 = j
            if uf == u1:  # a free column of least reduced cost: take it
                x[i] = jf
                y[jf] = i
                continue
            i0 = y[j1]
            lowered = u1 < u2 < inf
            if lowered:
                v[j1] -= u2 - u1
            elif i0 >= 0:
                j1 = j2
                i0 = y[j2]
            x[i] = j1
            y[j1] = i
            if i0 >= 0:
                x[i0] = -1
                if lowered:
                    k -= 1
                    free[k] = i0
                else:
                    free[nfree] = i0
                    nfree += 1
    return v, y


@numba.njit(cache=True)
def _hungarian(a: I64, prices: I64, owner: I64) -> tuple[I64, I64, I64]:  # pragma: no cover
    """Row duals, column duals and the column of each row of the minimum-cost assignment of
    the square matrix `a`, by shortest augmenting paths from a start: column `prices` and
    `owner` rows (-1: none). Rows get u_i = min_j (a[i, j] - prices[j]), so the duals are
    feasible; an owner keeps its column only when that edge is tight, and only the rows
    left without one need an augmenting path."""
    n = a.shape[0]
    inf = np.int64(2**62)
    u = np.zeros(n + 1, dtype=np.int64)
    v = np.zeros(n + 1, dtype=np.int64)
    p = np.zeros(n + 1, dtype=np.int64)  # 1-based row of each 1-based column, 0: none
    way = np.zeros(n + 1, dtype=np.int64)
    minv = np.empty(n + 1, dtype=np.int64)
    used = np.empty(n + 1, dtype=np.bool_)
    assigned = np.zeros(n + 1, dtype=np.bool_)
    for j in range(1, n + 1):
        v[j] = prices[j - 1]
    for i in range(1, n + 1):
        best = inf
        for j in range(1, n + 1):
            cur = a[i - 1, j - 1] - v[j]
            if cur < best:
                best = cur
        u[i] = best
    for j in range(1, n + 1):
        r = owner[j - 1] + 1
        if r > 0 and not assigned[r] and a[r - 1, j - 1] - u[r] - v[j] == 0:
            p[j] = r
            assigned[r] = True
    for i in range(1, n + 1):
        if assigned[i]:
            continue
        p[0] = i
        j0 = 0
        minv[:] = inf
        used[:] = False
        while True:
            used[j0] = True
            i0 = p[j0]
            delta = inf
            j1 = 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = a[i0 - 1, j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta or (minv[j] == delta and p[j] == 0):
                        delta = minv[j]  # ties go to a free column: shorter searches
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    return u[1:], v[1:], p[1:] - 1


def assignment_duals(
    a: I64, prices: I64 | None = None, owner: I64 | None = None
) -> tuple[I64, I64, I64]:
    """(u, v, owner) of the minimum-cost assignment of `a`: u[i] + v[j] <= a[i, j], equal on
    the assignment (`owner[j]` is the row of column j). The start is `prices` and `owner`
    when given, else Jonker-Volgenant row reduction."""
    if prices is None or owner is None:
        prices, owner = _row_reduction(a)
    return _hungarian(a, prices, owner)


def potentials(n: int, i: I64, j: I64, cost: I64, levels: I64 | None = None) -> I64:
    """Vertex potentials Y with Y[a] + Y[b] <= 2 cost(a, b) on every edge (a, b): the exact
    duals of the double-cover assignment (the Hungarian algorithm on the n x n matrix).

    With `levels`, each level's own edges are solved first (small matrices) and their duals
    and assignments start the whole one: pairing costs put most pairs inside levels, so few
    rows are left to augment.
    """
    big = int(cost.max(initial=0)) * 4 + 4
    a = np.full((n, n), big, dtype=np.int64)
    a[i, j] = cost
    a[j, i] = cost
    if levels is None:
        u, v, _ = assignment_duals(a)
        return np.asarray(u + v, dtype=np.int64)
    prices = np.zeros(n, dtype=np.int64)
    owner = np.full(n, -1, dtype=np.int64)
    for level in np.unique(levels):
        members = np.flatnonzero(levels == level)
        _, v, own = assignment_duals(np.ascontiguousarray(a[np.ix_(members, members)]))
        prices[members] = v
        owner[members] = members[own]
    u, v, _ = assignment_duals(a, prices, owner)
    return np.asarray(u + v, dtype=np.int64)


def cut_charges(levels: I64, i: I64, j: I64, reduced: I64) -> tuple[I64, int]:
    """Charges of the odd level cuts on each edge, and their total (greedy, top down)."""
    order = np.unique(levels)
    rank = np.searchsorted(order, levels)
    sizes = np.bincount(rank, minlength=len(order))
    prefix = np.cumsum(sizes)
    lo = np.minimum(rank[i], rank[j])
    hi = np.maximum(rank[i], rank[j])
    charged = np.zeros(len(i), dtype=np.int64)
    total = 0
    for t in range(len(order) - 1):
        if prefix[t] % 2 == 0:
            continue
        cross = np.flatnonzero((lo <= t) & (hi > t))
        if len(cross) == 0:
            continue
        z = int((reduced[cross] - charged[cross]).min())
        if z > 0:
            charged[cross] += z
            total += z
    return charged, total


def _components(n: int, i: I64, j: I64) -> tuple[int, I64]:
    """Number of connected components of the graph on 0..n-1, and each vertex's component."""
    graph = coo_matrix((np.ones(len(i), dtype=np.int8), (i, j)), shape=(n, n))
    count, label = connected_components(graph, directed=False)
    return int(count), np.asarray(label, dtype=np.int64)


def by_components(n: int, i: I64, j: I64, cost: I64, solve: Solver) -> list[tuple[int, int]] | None:
    """`solve` run on each connected component of the graph apart.

    A perfect matching is one of every component, so the optimum is the union of the
    components' optima, and there is none when a component has none (an odd one, say). A
    matcher's time grows faster than linearly in vertices and edges: apart is far faster.
    """
    count, label = _components(n, i, j)
    if count == 1:
        return solve(n, i, j, cost) if len(i) else None
    sizes = np.bincount(label, minlength=count)
    if (sizes % 2).any():
        return None
    order = np.argsort(label, kind="stable")
    first = np.cumsum(sizes) - sizes  # each component's first position in `order`
    local = np.empty(n, dtype=np.int64)
    local[order] = np.arange(n) - np.repeat(first, sizes)
    edge_order = np.argsort(label[i], kind="stable")
    bounds = np.searchsorted(label[i][edge_order], np.arange(count + 1))
    pairs: list[tuple[int, int]] = []
    for c in range(count):
        members = order[first[c] : first[c] + sizes[c]]
        edges = edge_order[bounds[c] : bounds[c + 1]]
        found = solve(int(sizes[c]), local[i[edges]], local[j[edges]], cost[edges])
        if found is None:
            return None
        pairs.extend((int(members[a]), int(members[b])) for a, b in found)
    return sorted((min(a, b), max(a, b)) for a, b in pairs)


def _next_threshold(n: int, i: I64, j: I64, reduced: I64, t: int) -> int | None:
    """A threshold above `t` at which the graph of edges of reduced cost <= it may have a
    perfect matching: the least reduced cost of an edge leaving an odd component of the graph
    at `t` (at least doubling), or None when an odd component has no edge out (no perfect
    matching at all)."""
    keep = reduced <= t
    count, label = _components(n, i[keep], j[keep])
    odd = np.bincount(label, minlength=count) % 2 == 1
    if not odd.any():
        return 2 * t + 1
    li, lj = label[i], label[j]
    leaving = (li != lj) & (odd[li] | odd[lj])
    if not leaving.any():
        return None
    return max(int(reduced[leaving].min()), 2 * t)


def certified_matching(
    n: int, i: I64, j: I64, cost: I64, solve: Solver, levels: I64 | None = None
) -> list[tuple[int, int]] | None:
    """A minimum-cost perfect matching found by `solve` on a certified sparse graph.

    `solve(n, i, j, cost)` is an exact matcher, run on the connected components of small
    graphs: first the edges of reduced cost <= t, from t = 0 up until they hold a perfect
    matching (its cost bounds the optimum), then, unless t already covers it, the edges the
    bound certifies. Returns None when no perfect matching exists.
    """
    y = potentials(n, i, j, cost, levels)
    reduced = 2 * cost - y[i] - y[j]
    lower = int(y.sum())
    if levels is not None:
        charged, total = cut_charges(levels, i, j, reduced)
        reduced = reduced - charged
        lower += total
    t = 0
    while True:
        keep = reduced <= t
        first = by_components(n, i[keep], j[keep], cost[keep], solve)
        if first is not None:
            break
        if bool(keep.all()):
            return None
        step = _next_threshold(n, i, j, reduced, t)
        if step is None:
            return None
        t = step
    price = {(int(a), int(b)): int(c) for a, b, c in zip(i[keep], j[keep], cost[keep], strict=True)}
    upper = sum(price[p] if p in price else price[(p[1], p[0])] for p in first)
    bound = 2 * upper - lower
    if bound <= t:
        return first
    keep = reduced <= bound
    return by_components(n, i[keep], j[keep], cost[keep], solve)

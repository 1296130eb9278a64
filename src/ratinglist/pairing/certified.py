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

I64 = NDArray[np.int64]
Solver = Callable[[int, I64, I64, I64], "list[tuple[int, int]] | None"]

SAFE_COST = 2**50
"""Costs below this keep every sum of the algorithm inside int64."""
NEAREST = 8
"""Edges of least reduced cost kept per vertex in the starting graph."""


@numba.njit(cache=True)
def _hungarian(a: I64) -> tuple[I64, I64]:  # pragma: no cover - compiled
    """Row and column duals of the minimum-cost assignment of the square matrix `a`."""
    n = a.shape[0]
    inf = np.int64(2**62)
    u = np.zeros(n + 1, dtype=np.int64)
    v = np.zeros(n + 1, dtype=np.int64)
    p = np.zeros(n + 1, dtype=np.int64)
    way = np.zeros(n + 1, dtype=np.int64)
    minv = np.empty(n + 1, dtype=np.int64)
    used = np.empty(n + 1, dtype=np.bool_)
    assigned = np.zeros(n + 1, dtype=np.bool_)
    # Column reduction, then row reduction with tight edges to free columns (Jonker-Volgenant
    # style start): the duals stay feasible and assigned edges tight, so fewer rows augment.
    for j in range(1, n + 1):
        best = inf
        for i in range(n):
            if a[i, j - 1] < best:
                best = a[i, j - 1]
        v[j] = best
    for i in range(1, n + 1):
        best = inf
        jb = 0
        for j in range(1, n + 1):
            cur = a[i - 1, j - 1] - v[j]
            if cur < best:
                best = cur
                jb = j
        u[i] = best
        if p[jb] == 0:
            p[jb] = i
            assigned[i] = True
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
    return u[1:], v[1:]


@numba.njit(cache=True)
def _greedy(n: int, i: I64, j: I64, order: I64) -> NDArray[np.bool_]:  # pragma: no cover
    taken = np.zeros(n, dtype=np.bool_)
    chosen = np.zeros(len(i), dtype=np.bool_)
    for e in order:
        a, b = i[e], j[e]
        if not taken[a] and not taken[b]:
            taken[a] = True
            taken[b] = True
            chosen[e] = True
    return chosen


def potentials(n: int, i: I64, j: I64, cost: I64) -> I64:
    """Vertex potentials Y with Y[a] + Y[b] <= 2 cost(a, b) on every edge (a, b)."""
    big = int(cost.max(initial=0)) * 4 + 4
    a = np.full((n, n), big, dtype=np.int64)
    a[i, j] = cost
    a[j, i] = cost
    u, v = _hungarian(a)
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


def nearest_edges(n: int, i: I64, j: I64, reduced: I64, k: int) -> NDArray[np.bool_]:
    """For every vertex, its `k` edges of least reduced cost."""
    m = len(i)
    keep = np.zeros(m, dtype=np.bool_)
    if m == 0:
        return keep
    r = np.full((n, n), np.iinfo(np.int64).max, dtype=np.int64)
    r[i, j] = reduced
    r[j, i] = reduced
    edge = np.full((n, n), -1, dtype=np.int64)
    edge[i, j] = np.arange(m)
    edge[j, i] = np.arange(m)
    k = min(k, n - 1)
    cols = np.argpartition(r, k - 1, axis=1)[:, :k] if k > 0 else np.empty((n, 0), np.int64)
    chosen = edge[np.arange(n)[:, None], cols].ravel()
    keep[chosen[chosen >= 0]] = True
    return keep


def completed(n: int, i: I64, j: I64, reduced: I64, start: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """`start` plus every edge between the vertices a greedy matching on it leaves alone."""
    sub = np.flatnonzero(start)
    chosen = _greedy(n, i[sub], j[sub], np.argsort(reduced[sub], kind="stable"))
    covered = np.zeros(n, dtype=np.bool_)
    covered[i[sub[chosen]]] = True
    covered[j[sub[chosen]]] = True
    return np.asarray(start | (~covered[i] & ~covered[j]))


def certified_matching(
    n: int, i: I64, j: I64, cost: I64, solve: Solver, levels: I64 | None = None
) -> list[tuple[int, int]] | None:
    """A minimum-cost perfect matching found by `solve` on a certified sparse graph.

    `solve(n, i, j, cost)` is an exact matcher; it runs twice on small graphs: once on the
    nearest edges (to bound the optimum), once on the edges the bound certifies. Returns None
    when no perfect matching exists.
    """
    y = potentials(n, i, j, cost)
    reduced = 2 * cost - y[i] - y[j]
    lower = int(y.sum())
    if levels is not None:
        charged, total = cut_charges(levels, i, j, reduced)
        reduced = reduced - charged
        lower += total
    start = completed(n, i, j, reduced, nearest_edges(n, i, j, reduced, NEAREST))
    si, sj, sc = i[start], j[start], cost[start]
    first = solve(n, si, sj, sc)
    if first is None:
        return solve(n, i, j, cost)
    price = {(int(a), int(b)): int(c) for a, b, c in zip(si, sj, sc, strict=True)}
    upper = sum(price.get(p, price.get((p[1], p[0]), 0)) for p in first)
    keep = reduced <= 2 * upper - lower
    if int(keep.sum()) == int(start.sum()) and bool((keep <= start).all()):
        return first
    return solve(n, i[keep], j[keep], cost[keep])

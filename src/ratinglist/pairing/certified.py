"""Certified candidate graphs: the edges that can be in a minimum-cost perfect matching.

Linear-programming duality, in integers. Potentials Y (doubled duals of the fractional
matching relaxation: the assignment problem on the graph's double cover, solved exactly by
the Hungarian algorithm in int64, a whole row of the matrix per numpy operation) satisfy
Y_a + Y_b <= 2 c_ab on every edge. Score levels add odd cuts: when the players of the top t
levels are an odd number, a perfect matching has an edge leaving them, so a cut value
z_t >= 0 may be charged to the edges crossing it, keeping Y_a + Y_b + sum(z over crossed
cuts) <= 2 c_ab. For any perfect matching M: 2 cost(M) = sum(Y) + sum(z) + slack(M), every
edge's slack being >= 0. Once a perfect matching of cost C is known, an edge whose reduced
cost exceeds 2C - sum(Y) - sum(z) is in no matching of cost <= C: the exact optimum over the
remaining edges is the exact optimum over the whole graph. Pairing costs are nearly integral
on these duals, so few edges remain. Neither numba nor scipy is needed: a command that pairs
starts in a fraction of a second (`benchmarks/tournament_pair.py`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

I64 = NDArray[np.int64]
Solver = Callable[[int, I64, I64, I64], "list[tuple[int, int]] | None"]

SAFE_COST = 2**50
"""Costs below this keep every sum of the algorithm inside int64."""


INF = 2**62
"""Above every reduced cost and distance of the algorithm (costs stay below `SAFE_COST`)."""


def _row_reduction(a: I64) -> tuple[I64, I64]:
    """Column prices and a partial assignment by Jonker-Volgenant augmenting row reduction.

    Every assigned row holds a column of least ``a[i, j] - v[j]`` for it, so the duals
    u_i = min_j (a[i, j] - v[j]) make every assigned edge tight. The work is capped (2 passes
    over the free rows, 8n steps in all); rows left free are for the shortest augmenting paths.
    A step is a few operations on a whole row: ties go to a free column of least value, else
    to the first column of least value, then to the next one in (value, column) order.
    """
    n = a.shape[0]
    v = a.min(axis=0)
    y = [-1] * n  # row of each column
    free = list(range(n))
    nfree = n
    steps = 0
    for _ in range(2):
        k = 0
        previous = nfree
        nfree = 0
        while k < previous:
            steps += 1
            if steps > 8 * n:  # cap: the rows not yet placed stay free
                return v, np.asarray(y, dtype=np.int64)
            i = free[k]
            k += 1
            h = a[i] - v
            j1 = int(h.argmin())
            u1 = int(h[j1])
            least = np.flatnonzero(h == u1).tolist()
            jf = next((j for j in least if y[j] < 0), -1)
            if jf >= 0:  # a free column of least reduced cost: take it
                y[jf] = i
                continue
            if len(least) > 1:
                j2, u2 = least[1], u1
            elif n > 1:
                h[j1] = INF
                j2 = int(h.argmin())
                u2 = int(h[j2])
            else:
                j2, u2 = 0, INF
            i0 = y[j1]
            lowered = u1 < u2 < INF
            if lowered:
                v[j1] -= u2 - u1
            elif i0 >= 0:
                j1 = j2
                i0 = y[j2]
            y[j1] = i
            if i0 >= 0:
                if lowered:
                    k -= 1
                    free[k] = i0
                else:
                    free[nfree] = i0
                    nfree += 1
    return v, np.asarray(y, dtype=np.int64)


def _hungarian(a: I64, prices: I64, owner: I64) -> tuple[I64, I64, I64]:
    """Row duals, column duals and the column of each row of the minimum-cost assignment of
    the square matrix `a`, by shortest augmenting paths from a start: column `prices` and
    `owner` rows (-1: none). Rows get u_i = min_j (a[i, j] - prices[j]), so the duals are
    feasible; an owner keeps its column only when that edge is tight, and only the rows
    left without one need an augmenting path.

    Each path is Dijkstra's search over the columns not yet reached, one row of `a` per
    step (whole-row numpy operations), the duals moved once at its end; ties go to the last
    free column of least distance, else to the first column of least distance.
    """
    n = a.shape[0]
    v = np.array(prices, dtype=np.int64)
    u = (a - v[None, :]).min(axis=1) if n else np.zeros(0, dtype=np.int64)
    p = np.full(n, -1, dtype=np.int64)  # row of each column, -1: none
    assigned = np.zeros(n, dtype=np.bool_)
    for j in np.flatnonzero(owner >= 0).tolist():
        r = int(owner[j])
        if not assigned[r] and a[r, j] - u[r] - v[j] == 0:
            p[j] = r
            assigned[r] = True
    way = np.full(n, -1, dtype=np.int64)  # previous column of each column's path, -1: the root
    for root in np.flatnonzero(~assigned).tolist():
        dist = np.full(n, INF, dtype=np.int64)  # INF once reached: out of the search
        live = np.ones(n, dtype=np.bool_)  # not reached yet
        came = np.full(n, -1, dtype=np.int64)
        reached: list[tuple[int, int]] = []  # (column, distance) in the order reached
        row, base, j0 = root, 0, -1
        while True:
            cur = a[row] - v
            cur += base - int(u[row])
            better = (cur < dist) & live
            np.copyto(dist, cur, where=better)
            came[better] = j0
            least = int(dist.min())
            at = np.flatnonzero(dist == least)
            open_ = at[p[at] < 0]
            j1 = int(open_[-1]) if len(open_) else int(at[0])
            way[j1] = came[j1]
            dist[j1] = INF
            live[j1] = False
            if p[j1] < 0:
                break
            reached.append((j1, least))
            row, base, j0 = int(p[j1]), least, j1
        u[root] += least
        for j, d in reached:
            u[p[j]] += least - d
            v[j] -= least - d
        while True:
            prev = int(way[j1])
            p[j1] = root if prev < 0 else p[prev]
            if prev < 0:
                break
            j1 = prev
    return u, v, p


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
    rows are left to augment. A level's duals start it halved (each vertex's Y split evenly
    between its row and its column, as the matrix is symmetric): the Hungarian algorithm's
    own duals put all of Y on the columns, and a level of high prices (a lone player, whose
    only entry is the diagonal) would leave no other row's assigned edge tight.
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
        u, v, own = assignment_duals(np.ascontiguousarray(a[np.ix_(members, members)]))
        y = u + v
        prices[members] = y - y // 2
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
    """Number of connected components of the graph on 0..n-1, and each vertex's component
    (numbered in the order of their least vertex).

    Each round hooks every edge's larger root under its smaller one, then pointer jumping
    brings every vertex to its root (the least vertex of its tree): a few whole-array numpy
    operations per round, a few rounds.
    """
    root = np.arange(n, dtype=np.int64)
    while True:
        ri, rj = root[i], root[j]
        apart = ri != rj
        if not apart.any():
            break
        low, high = np.minimum(ri[apart], rj[apart]), np.maximum(ri[apart], rj[apart])
        np.minimum.at(root, high, low)
        while True:
            jumped = root[root]
            if bool((jumped == root).all()):
                break
            root = jumped
    firsts, label = np.unique(root, return_inverse=True)
    return len(firsts), np.asarray(label, dtype=np.int64)


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

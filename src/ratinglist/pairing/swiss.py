"""Swiss pairing: one minimum-cost perfect matching per round, on a restricted candidate graph.

Candidates are the pairs whose score levels (distinct scores, sorted) are at most `w` levels
apart, starting with w = 1 and widening when there is no valid perfect matching or when the
optimality certificate fails. The certificate (`_certified`) proves that no pair outside the
window can be part of a cheaper matching:

* every perfect matching crosses each *odd gap* (a gap between consecutive levels with an odd
  number of players above it) at least once, and each pair costs at least
  ``base(u) + base(v) + sum(gap_lb(k) for the gaps it crosses)`` (the float part of both
  presets is superadditive over gaps: d**2 for ``eoc``, Papp's convex float table);
* so a matching containing an outside pair e costs at least ``sum(base) + sum(gap_lb over
  odd gaps e does not cross) + lb(e)``; when that bound is >= the restricted optimum, the
  restricted optimum is optimal on the complete graph.

Hard constraints: never-pair lists always; no rematch and no second bye unless no perfect
matching exists without them (then they are allowed and minimised). ``eoc`` gives the bye
first, to the lowest-ranked player among those with the fewest byes whose removal leaves a
valid pairing; ``papp`` treats the BYE as a vertex, as Papp does.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ratinglist.errors import N_, PairingError
from ratinglist.model import PlayerId
from ratinglist.pairing.costs import (
    I64,
    PAPP_DEFAULTS,
    EdgeCosts,
    Field,
    build_field,
    edge_costs,
    eoc_radix,
)
from ratinglist.pairing.matching import Backend, min_cost_perfect_matching
from ratinglist.pairing.request import PairingRequest, Preset


@dataclass(frozen=True, slots=True)
class PairingResult:
    """A round's pairing: (black, white) pairs (forced pairs first), the bye and its cost.

    `window` is the level window of the candidate graph (-1: complete graph); `certified`
    says the optimum over the candidates was proved optimal over all pairs.
    """

    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    bye: PlayerId | None
    cost: int
    rematches: int
    repeated_byes: int
    window: int
    certified: bool


@dataclass(frozen=True, slots=True)
class _Solution:
    pairs: list[tuple[int, int]]  # (black vertex, white vertex)
    cost: int
    rematches: int
    repeated_byes: int
    window: int
    certified: bool


def _window_edges(levels: I64, vertices: I64, w: int) -> tuple[I64, I64]:
    """All pairs of `vertices` whose levels differ by at most `w` (w < 0: all pairs)."""
    order = vertices[np.argsort(levels[vertices], kind="stable")]
    lv = levels[order]
    m = order.size
    end = np.full(m, m) if w < 0 else np.searchsorted(lv, lv + w, side="right")
    counts = end - np.arange(m) - 1
    total = int(counts.sum())
    if total == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    a = np.repeat(np.arange(m), counts)
    start = np.repeat(np.cumsum(counts) - counts, counts)
    b = a + 1 + (np.arange(total) - start)
    return order[a].astype(np.int64), order[b].astype(np.int64)


def _colour_costs(f: Field) -> tuple[I64, I64, I64]:
    """Papp's per-player orientation costs: as Black, as White, paired with the BYE vertex."""
    pen = PAPP_DEFAULTS
    tab = np.array(pen.colour, dtype=np.int64)
    cmax = len(pen.colour) - 1
    cd = f.colour_diff
    as_black = tab[np.minimum(np.abs(cd + 1), cmax)] + pen.repeated_colour * (f.last_colour == 1)
    as_white = tab[np.minimum(np.abs(cd - 1), cmax)] + pen.repeated_colour * (f.last_colour == 2)
    neutral = tab[np.minimum(np.abs(cd), cmax)]
    return as_black.astype(np.int64), as_white.astype(np.int64), neutral.astype(np.int64)


def _colour_bound(f: Field, preset: Preset, vertices: I64) -> int:
    """A lower bound of the orientation-dependent cost of any perfect matching of `vertices`.

    ``papp``: a pair costs at least its players' colour costs in its orientation, and a
    perfect matching gives Black to exactly half of the players not paired with the BYE
    vertex; the cheapest such colour assignment (Blacks chosen by their Black-minus-White
    cost, the BYE's partner by trying each player) bounds every matching. ``eoc``: 0.
    """
    if preset is Preset.EOC:
        return 0
    black, white, neutral = _colour_costs(f)
    real = vertices[~f.is_bye[vertices]]
    b, w = black[real], white[real]
    delta = np.sort(b - w)
    prefix = np.concatenate([[0], np.cumsum(delta)])
    if real.size == vertices.size:
        return int(w.sum() + prefix[real.size // 2])
    k = (real.size - 1) // 2
    own = b - w
    kth = delta[k - 1] if k > 0 else None
    # Blacks among the others: the k smallest deltas, minus x's own when x is one of them.
    among = np.zeros(real.size, dtype=np.bool_) if kth is None else own <= kth
    others = np.where(among, prefix[k + 1] - own, prefix[k])
    return int(w.sum() + (neutral[real] - w + others).min())


def _float_bound(f: Field, preset: Preset) -> Callable[[int, int], int | None]:
    """A lower bound of the score part of a pair with scores `low` < `high` (None: unknown),
    with what it reads of the field computed once."""
    if preset is Preset.EOC:
        unit = eoc_radix(f, f.round - 1).score

        def eoc(low: int, high: int) -> int | None:
            d = high - low
            return d * d * unit

        return eoc
    pen = PAPP_DEFAULTS
    elitism = pen.elitism_for_round(f.round) if f.score.min() >= 0 else None

    def papp(low: int, high: int) -> int | None:
        d = high - low
        if d >= len(pen.floats) - 1:
            return None
        lb = pen.floats[d] - 2 * pen.compensated_float
        if elitism is not None:
            lb += (elitism * (high * high - low * low)) // 2
        return lb

    return papp


def _certified(f: Field, preset: Preset, vertices: I64, w: int, cost: int) -> bool:
    """True if no matching using a pair more than `w` levels apart can cost less than `cost`."""
    present = np.sort(f.score[vertices])
    scores = np.unique(present).tolist()
    m = len(scores)
    if w < 0 or w >= m - 1:
        return True
    # players at or above each level but the lowest
    above = (present.size - np.searchsorted(present, scores[1:], side="left")).tolist()
    float_lb = _float_bound(f, preset)
    gap_lb = []
    flip_lb = []  # even gaps become odd when a pair across them leaves the matching
    for k in range(m - 1):
        lb = float_lb(scores[k], scores[k + 1])
        if lb is None:
            return False
        gap_lb.append(lb if above[k] % 2 else 0)
        flip_lb.append(0 if above[k] % 2 else max(lb, 0))
    prefix = list(itertools.accumulate(gap_lb, initial=0))
    flipped = list(itertools.accumulate(flip_lb, initial=0))
    bound = _colour_bound(f, preset, vertices) + prefix[-1]
    worst = None
    for p in range(m):
        for q in range(p + w + 1, m):
            lb = float_lb(scores[p], scores[q])
            if lb is None:
                return False
            extra = lb - (prefix[q] - prefix[p]) + (flipped[q] - flipped[p])
            worst = extra if worst is None else min(worst, extra)
    return worst is None or bound + worst >= cost


def _hard_ok(c: EdgeCosts, allow_repeats: bool) -> np.ndarray:
    ok = ~c.forbidden
    if not allow_repeats:
        ok &= c.meetings == 0
    return ok


SMALL_FIELD = 64
"""Up to this many vertices `_solve` computes the costs of every pair once and gives each
window its own pairs from them (the pairs `_window_edges` gives, in the same order)."""


def _subset(c: EdgeCosts, sel: I64) -> EdgeCosts:
    """The costs of the candidate pairs `sel` (indices into `c`), in that order."""
    return EdgeCosts(
        i=c.i[sel],
        j=c.j[sel],
        black_first=c.black_first[sel],
        tie=c.tie[sel],
        meetings=c.meetings[sel],
        forbidden=c.forbidden[sel],
        parts={name: part[sel] for name, part in c.parts.items()},
    )


def _candidates(
    f: Field, preset: Preset, levels: I64, vertices: I64
) -> Callable[[int], tuple[EdgeCosts, list[int]]]:
    """The costs of the pairs of `vertices` at most `w` levels apart (w < 0: all pairs), as
    a function of `w`; for a small field every pair's cost is computed once."""
    if vertices.size > SMALL_FIELD:

        def window(w: int) -> tuple[EdgeCosts, list[int]]:
            i, j = _window_edges(levels, vertices, w)
            return edge_costs(f, preset, i, j)

        return window
    i, j = _window_edges(levels, vertices, -1)
    every, totals = edge_costs(f, preset, i, j)
    apart = levels[j] - levels[i]  # >= 0: the pairs come in level order

    def part(w: int) -> tuple[EdgeCosts, list[int]]:
        if w < 0:
            return every, totals
        sel = np.flatnonzero(apart <= w)
        if sel.size == apart.size:
            return every, totals
        return _subset(every, sel), [totals[k] for k in sel.tolist()]

    return part


def _solve(
    f: Field, preset: Preset, vertices: I64, backend: Backend, complete_graph: bool = False
) -> _Solution | None:
    """The optimal pairing of `vertices`, widening the window as needed; None if impossible."""
    if vertices.size == 0:
        return _Solution([], 0, 0, 0, -1, True)
    scores = np.unique(f.score[vertices])
    levels = np.searchsorted(scores, f.score).astype(np.int64)
    n_levels = scores.size
    local = np.full(f.size, -1, dtype=np.int64)
    local[vertices] = np.arange(vertices.size)
    candidates = _candidates(f, preset, levels, vertices)
    for allow_repeats in (False, True):
        w = n_levels if complete_graph else 1
        while True:
            complete = w >= n_levels - 1
            c, totals = candidates(-1 if complete else w)
            i, j = c.i, c.j
            keep = np.flatnonzero(_hard_ok(c, allow_repeats))
            li, lj = local[i[keep]], local[j[keep]]
            lc = totals if keep.size == len(totals) else [totals[k] for k in keep.tolist()]
            found = min_cost_perfect_matching(
                vertices.size, li.tolist(), lj.tolist(), lc, backend, levels[vertices].tolist()
            )
            if found is not None:
                chosen = _edges_of(vertices.size, li, lj, keep, found)
                cost = sum(totals[k] for k in chosen)
                if complete or _certified(f, preset, vertices, w, cost):
                    return _assemble(f, c, chosen, cost, -1 if complete else w, True)
            if complete:
                break
            w = min(2 * w, n_levels - 1)
    return None


def _edges_of(n: int, li: I64, lj: I64, keep: I64, found: Sequence[tuple[int, int]]) -> list[int]:
    """The candidate indices (into the unfiltered edge arrays) of the matched local pairs."""
    keys = np.minimum(li, lj) * n + np.maximum(li, lj)
    order = np.argsort(keys, kind="stable")
    wanted = np.array([a * n + b for a, b in found], dtype=np.int64)  # found: (low, high)
    pos = order[np.searchsorted(keys[order], wanted)]
    return [int(k) for k in keep[pos].tolist()]


def _chromatic(f: Field, a: int, b: int) -> bool | None:
    """Papp's colour tie-break: True if `a` should be Black, False if `b`, None if no clue.

    The most recent round in which their colours differed decides: each gets the colour
    he did not have then.
    """
    ha, hb = f.colour_history[a], f.colour_history[b]
    for r in range(min(len(ha), len(hb)) - 1, -1, -1):
        if ha[r] == hb[r]:
            continue
        return not (ha[r] == 1 or hb[r] == 2)
    return None


def _assemble(
    f: Field, c: EdgeCosts, chosen: Sequence[int], cost: int, window: int, certified: bool
) -> _Solution:
    pairs = []
    rematches = repeated_byes = 0
    for k in chosen:
        a, b = int(c.i[k]), int(c.j[k])
        first = bool(c.black_first[k])
        if bool(c.tie[k]) and not (f.is_bye[a] or f.is_bye[b]):
            clue = _chromatic(f, a, b)
            first = (f.rank[a] <= f.rank[b]) if clue is None else clue
        pairs.append((a, b) if first else (b, a))
        if f.is_bye[a] or f.is_bye[b]:
            repeated_byes += int(c.meetings[k] > 0)
        else:
            rematches += int(c.meetings[k] > 0)
    return _Solution(pairs, cost, rematches, repeated_byes, window, certified)


def _forced_cost(f: Field, preset: Preset, forced: list[tuple[int, int]]) -> tuple[int, int]:
    """(cost, rematches) of the forced pairs with their imposed colours (Black first)."""
    if not forced:
        return 0, 0
    i = np.array([a for a, _ in forced], dtype=np.int64)
    j = np.array([b for _, b in forced], dtype=np.int64)
    c, totals = edge_costs(f, preset, i, j, np.ones(i.size, dtype=np.bool_))
    return sum(totals), int((c.meetings > 0).sum())


def pair_swiss(
    request: PairingRequest,
    preset: Preset = Preset.EOC,
    backend: Backend = Backend.RUSTWORKX,
    complete_graph: bool = False,
) -> PairingResult:
    """Pair one Swiss round optimally under `preset`, keeping `request.forced` pairs.

    `complete_graph` skips the candidate restriction (all pairs are candidates): slower,
    same optimum; tests and benchmarks use it as the reference.
    Raises PairingError when the never-pair constraints leave no possible pairing.
    """
    players = request.players
    n = len(players)
    with_bye_vertex = preset is Preset.PAPP and n % 2 == 1
    f = build_field(players, request, with_bye_vertex)
    index = {p.id: k for k, p in enumerate(players)}
    forced = [(index[a], index[b]) for a, b in request.forced]
    in_forced = {x for pair in forced for x in pair}
    free = [k for k in range(f.size) if k not in in_forced]
    forced_cost, forced_rematches = _forced_cost(f, preset, forced)

    bye: int | None = None
    solution: _Solution | None = None
    if preset is Preset.EOC and len(free) % 2 == 1:
        order = sorted(free, key=lambda k: (int(f.byes[k]), -int(f.rank[k])))
        for candidate in order:
            rest = np.array([k for k in free if k != candidate], dtype=np.int64)
            solution = _solve(f, preset, rest, backend, complete_graph)
            if solution is not None:
                bye = candidate
                break
    else:
        solution = _solve(f, preset, np.array(free, dtype=np.int64), backend, complete_graph)
    if solution is None:
        raise PairingError(
            N_(
                "expected a possible pairing of round %(round)s, got none under the "
                "never-pair constraints for %(count)s players"
            ),
            round=request.round,
            count=len(free),
        )
    pairs: list[tuple[PlayerId, PlayerId]] = []
    repeated_byes = solution.repeated_byes
    for a, b in forced + solution.pairs:
        ida, idb = f.ids[a], f.ids[b]
        if ida is None or idb is None:
            bye = b if ida is None else a
            continue
        pairs.append((ida, idb))
    bye_id = None if bye is None else f.ids[bye]
    if preset is Preset.EOC and bye is not None:
        repeated_byes = int(f.byes[bye] > 0)
    return PairingResult(
        pairs=tuple(pairs),
        bye=bye_id,
        cost=solution.cost + forced_cost,
        rematches=solution.rematches + forced_rematches,
        repeated_byes=repeated_byes,
        window=solution.window,
        certified=solution.certified,
    )


def pairing_cost(
    request: PairingRequest,
    pairs: Sequence[tuple[PlayerId, PlayerId]],
    bye: PlayerId | None,
    preset: Preset = Preset.PAPP,
) -> tuple[int, int]:
    """(cost, rematches) of a given pairing under `preset`, each pair in its cheaper orientation.

    This is how Papp totals a pairing (the sum of min(m[i][j], m[j][i]) over its pairs);
    with ``papp`` an odd field's bye is the pair (player, BYE vertex).
    """
    n = len(request.players)
    with_bye_vertex = preset is Preset.PAPP and n % 2 == 1
    f = build_field(request.players, request, with_bye_vertex)
    index = {p.id: k for k, p in enumerate(request.players)}
    i = [index[a] for a, _ in pairs]
    j = [index[b] for _, b in pairs]
    if with_bye_vertex:
        if bye is None:
            raise PairingError(N_("expected a bye in an odd field of %(n)s players, got none"), n=n)
        i.append(index[bye])
        j.append(f.size - 1)
    if 2 * len(i) != f.size - (0 if preset is Preset.PAPP or bye is None else 1):
        raise PairingError(
            N_("expected every player paired once, got %(count)s pairs for %(n)s"),
            count=len(i),
            n=n,
        )
    c, totals = edge_costs(f, preset, np.array(i, np.int64), np.array(j, np.int64))
    real = ~(f.is_bye[c.i] | f.is_bye[c.j])
    return sum(totals), int(((c.meetings > 0) & real).sum())

"""The cost of pairing two players, for the two presets, computed for many pairs at once.

Both presets give, for a candidate pair (i, j), the cost of the better colour orientation
and which orientation that is, broken down by criterion. Lower is better; the engine finds
the perfect matching of minimum total cost.

``eoc`` (seed 004, 4.1), strictly lexicographic, encoded with integer radices so that one
unit of a criterion outweighs any total of all lower criteria over a whole round:
  a) rematches (only counted when a rematch cannot be avoided);
  b) score difference: d**2 with d in half-points (convex: two 1-point floats are better
     than one 2-point float);
  c) colour balance: for both players, (Black games - White games after this game)**2;
  d) float history: 1 per player floating in the same direction as his last float;
  e) colour alternation: 1 per player getting the same colour as in his last game.
c and e choose the orientation (the lexicographic minimum of (c, e)).

``papp``: Papp's penalty model with the default ``papp.cfg`` numbers (`PappPenalties`):
Papp builds an oriented penalty m[i][j] (i Black) as colour imbalance after the game,
repeated colour, replays (same colours, opposite colours, immediate), floats (by the
score difference in half-points, cumulative floats, compensated floats), elitism
(elitism[round] * (si + sj) * |si - sj| // 2) and same country; the pair costs
min(m[i][j], m[j][i]) and a round costs the sum over its pairs. The BYE is a vertex with
score (lowest present score - 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from ratinglist.model import Colour, PlayerId
from ratinglist.pairing.request import PairingPlayer, PairingRequest, Preset

I64 = NDArray[np.int64]
BoolArray = NDArray[np.bool_]

EOC_CRITERIA = ("rematch", "score", "colour-balance", "float", "alternation")
PAPP_CRITERIA = ("replay", "colour", "float", "elitism", "country")


@dataclass(frozen=True, slots=True)
class PappPenalties:
    """Papp's default penalty table (papp.cfg shipped with Papp 1.36/1.37)."""

    colour: tuple[int, ...] = (0, 20, 105, 225, 530, 1075)
    repeated_colour: int = 15
    floats: tuple[int, ...] = (
        0, 20000, 40588, 62785, 87119, 114041, 143998, 177453, 214908, 256910, 304062,
        357037, 416582, 483534, 558828, 643514, 738767, 845906, 966413, 1101949, 1254381,
        1425805, 1618578, 1835345, 2079081,
    )  # fmt: skip
    cumulative_float: int = 25
    compensated_float: int = 10
    infinite: int = 10_000_000
    bye_replay: int = 10_000_000
    opposite_colours_replay: int = 5_000_000
    same_colours_replay: int = 10_000_000
    immediate_replay: int = 1
    country: int = 2
    elitism: tuple[int, ...] = (100, 100, 100, 200, 200, 300, 300, 300, 300, 400)

    def elitism_for_round(self, round_number: int) -> int:
        """The elitism factor for a 1-based round (the last value repeats)."""
        return self.elitism[min(round_number, len(self.elitism)) - 1]


PAPP_DEFAULTS = PappPenalties()


@dataclass(frozen=True, slots=True)
class Field:
    """The players of a round as arrays (index = vertex), plus the BYE vertex if any."""

    ids: tuple[PlayerId | None, ...]
    score: I64
    rank: I64
    colour_diff: I64
    last_colour: I64  # colour in the previous round: 0 none, 1 Black, 2 White
    last_game_colour: I64  # colour of the most recent game: 0 none, 1 Black, 2 White
    float_direction: I64
    papp_last_float: I64
    last_result: I64
    country: I64  # -1 for none
    byes: I64
    bye_last_round: BoolArray
    is_bye: BoolArray
    round: int
    met_keys: I64  # sorted keys black * n + white of past games between field players
    met_counts: I64
    last_met_keys: I64  # sorted keys min * n + max of games in the previous round
    never_keys: I64  # sorted keys min * n + max of never-pair constraints
    colour_history: tuple[tuple[int, ...], ...] = field(default=())

    @property
    def size(self) -> int:
        """Number of vertices (players plus the BYE vertex)."""
        return len(self.ids)


def build_field(
    players: tuple[PairingPlayer, ...], request: PairingRequest, with_bye: bool
) -> Field:
    """Arrays for `players` (in order) and, if `with_bye`, a final BYE vertex."""
    n = len(players) + (1 if with_bye else 0)
    index = {p.id: k for k, p in enumerate(players)}
    prev = request.round - 1
    countries: dict[str, int] = {}

    score = [p.score for p in players]
    min_score = min(score) if score else 0
    met: dict[int, int] = {}
    last_met: set[int] = set()
    history = []
    colour_diff, last_colour, last_game_colour = [], [], []
    for p in players:
        i = index[p.id]
        hist = [0] * max(prev, 0)
        # PairingPlayer's colour_difference, last_colour_in_round(prev) and
        # last_game_colour (the first game of the latest round), in one pass
        diff = in_prev = latest = 0
        latest_round: int | None = None
        for g in p.games:
            black = g.colour is Colour.BLACK
            code = 1 if black else 2
            diff += 1 if black else -1
            number = g.round
            if latest_round is None or number > latest_round:
                latest_round, latest = number, code
            if 1 <= number <= prev:
                hist[number - 1] = code
            j = index.get(g.opponent)
            if number == prev:
                if not in_prev:
                    in_prev = code
                if j is not None:
                    last_met.add(i * n + j if i < j else j * n + i)
            if black and j is not None:
                key = i * n + j
                met[key] = met.get(key, 0) + 1
        history.append(tuple(hist))
        colour_diff.append(diff)
        last_colour.append(in_prev)
        last_game_colour.append(latest)
    never = set()
    for pair in request.never_pair:
        a, b = tuple(pair)
        if a in index and b in index:
            i, j = index[a], index[b]
            never.add(min(i, j) * n + max(i, j))
    keys = sorted(met)

    def arr(values: list[int]) -> I64:
        return np.array(values, dtype=np.int64)

    extra = [0] if with_bye else []
    return Field(
        ids=(*(p.id for p in players), *([None] if with_bye else [])),
        score=arr(score + ([min_score - 1] if with_bye else [])),
        rank=arr([p.rank for p in players] + ([10**9] if with_bye else [])),
        colour_diff=arr(colour_diff + extra),
        last_colour=arr(last_colour + extra),
        last_game_colour=arr(last_game_colour + extra),
        float_direction=arr([p.float_direction for p in players] + extra),
        papp_last_float=arr([p.papp_last_float for p in players] + extra),
        last_result=arr([p.last_result for p in players] + extra),
        country=arr(
            [countries.setdefault(p.country, len(countries)) if p.country else -1 for p in players]
            + ([-1] if with_bye else [])
        ),
        byes=arr([p.byes for p in players] + extra),
        bye_last_round=np.array(
            [p.bye_last_round for p in players] + ([False] if with_bye else []), dtype=np.bool_
        ),
        is_bye=np.array([False] * len(players) + ([True] if with_bye else []), dtype=np.bool_),
        round=request.round,
        met_keys=arr(keys),
        met_counts=arr([met[k] for k in keys]),
        last_met_keys=arr(sorted(last_met)),
        never_keys=arr(sorted(never)),
        colour_history=(*history, *([()] if with_bye else [])),
    )


def _lookup(keys: I64, counts: I64 | None, query: I64) -> I64:
    """counts[key] for each query key (0 when absent); 1/0 membership when counts is None."""
    if keys.size == 0:
        return np.zeros(query.shape, dtype=np.int64)
    pos = np.searchsorted(keys, query)
    pos = np.minimum(pos, keys.size - 1)
    hit = keys[pos] == query
    out: I64 = hit.astype(np.int64) if counts is None else np.where(hit, counts[pos], 0)
    return out.astype(np.int64, copy=False)


@dataclass(frozen=True, slots=True)
class EdgeCosts:
    """Costs of candidate pairs (i, j): orientation, meetings and breakdown by criterion.

    `black_first` is True when i should have Black; `tie` when both orientations cost the
    same. `meetings` counts past games between i and j (or past byes of the player, for an
    edge to the BYE vertex); `forbidden` marks never-pair constraints. `parts` holds one
    array per criterion (preset order).
    """

    i: I64
    j: I64
    black_first: BoolArray
    tie: BoolArray
    meetings: I64
    forbidden: BoolArray
    parts: dict[str, I64]


def meetings(f: Field, i: I64, j: I64) -> tuple[I64, I64]:
    """(games with i Black against j White, games with j Black against i White)."""
    n = f.size
    return _lookup(f.met_keys, f.met_counts, i * n + j), _lookup(
        f.met_keys, f.met_counts, j * n + i
    )


def _pair_keys(f: Field, i: I64, j: I64) -> I64:
    return np.minimum(i, j) * f.size + np.maximum(i, j)


def eoc_parts(
    f: Field,
    i: I64,
    j: I64,
    fixed: BoolArray | None = None,
    met: tuple[I64, I64] | None = None,
) -> tuple[dict[str, I64], BoolArray, BoolArray]:
    """The five EOC criteria per pair, `black_first` and ties.

    The orientation is the cheaper one, or `fixed` (True: i is Black) when given; `met`:
    `meetings(f, i, j)` when the caller has it.
    """
    ij, ji = meetings(f, i, j) if met is None else met
    up = f.score[j] - f.score[i]
    cd_i, cd_j = f.colour_diff[i], f.colour_diff[j]
    c_if_i_black = (cd_i + 1) ** 2 + (cd_j - 1) ** 2
    c_if_j_black = (cd_i - 1) ** 2 + (cd_j + 1) ** 2
    last_i, last_j = f.last_game_colour[i], f.last_game_colour[j]
    e_if_i_black = (last_i == 1).astype(np.int64) + (last_j == 2)
    e_if_j_black = (last_i == 2).astype(np.int64) + (last_j == 1)
    same_c = c_if_i_black == c_if_j_black
    black_first = (c_if_i_black < c_if_j_black) | (same_c & (e_if_i_black <= e_if_j_black))
    tie = same_c & (e_if_i_black == e_if_j_black)
    if fixed is not None:
        black_first = fixed
    up_i = np.sign(up)  # +1 when i floats up
    moves = up_i != 0
    fl = (moves & (up_i == f.float_direction[i])).astype(np.int64) + (
        moves & (-up_i == f.float_direction[j])
    )
    # every array below is a new int64 array (the field's arrays are int64)
    parts = {
        "rematch": ij + ji,
        "score": up * up,
        "colour-balance": np.where(black_first, c_if_i_black, c_if_j_black),
        "float": fl,
        "alternation": np.where(black_first, e_if_i_black, e_if_j_black),
    }
    return parts, black_first, tie


@dataclass(frozen=True, slots=True)
class EocRadix:
    """Radices of the lexicographic EOC weight: weight = sum(level * radix)."""

    rematch: int
    score: int
    colour: int
    float: int


def eoc_radix(f: Field, rounds_played: int) -> EocRadix:
    """Radices large enough that each level outweighs all lower levels of a whole round."""
    n = max(f.size, 2)
    half = n // 2 + 1
    max_e = 2 * half
    r_float = max_e + 1
    r_colour = r_float * (2 * half + 1)
    cmax = 2 * (rounds_played + 2) ** 2
    r_score = r_colour * (cmax * half + 1)
    span = int(f.score.max() - f.score.min()) if f.size else 0
    r_rematch = r_score * (span * span * half + 1)
    return EocRadix(r_rematch, r_score, r_colour, r_float)


def eoc_total(parts: dict[str, I64], radix: EocRadix) -> list[int]:
    """The lexicographic weights as Python integers (the rematch level may exceed int64)."""
    low = (
        parts["score"] * radix.score
        + parts["colour-balance"] * radix.colour
        + parts["float"] * radix.float
        + parts["alternation"]
    )
    rem = parts["rematch"]
    totals: list[int] = low.tolist()  # an int64 array's tolist gives Python integers
    if not rem.any():
        return totals
    return [r * radix.rematch + x for r, x in zip(rem.tolist(), totals, strict=True)]


def papp_parts(
    f: Field,
    i: I64,
    j: I64,
    fixed: BoolArray | None = None,
    pen: PappPenalties = PAPP_DEFAULTS,
    met: tuple[I64, I64] | None = None,
) -> tuple[dict[str, I64], BoolArray, BoolArray]:
    """Papp's penalty per pair by criterion, the orientation (cheaper, or `fixed`), ties
    (`met`: `meetings(f, i, j)` when the caller has it)."""
    colour_tab = np.array(pen.colour, dtype=np.int64)
    float_tab = np.array(pen.floats, dtype=np.int64)
    cmax = len(pen.colour) - 1
    fmax = len(pen.floats) - 1
    bye_i, bye_j = f.is_bye[i], f.is_bye[j]
    any_bye = bye_i | bye_j
    cd_i, cd_j = f.colour_diff[i], f.colour_diff[j]

    def col(cd: I64, delta: int) -> I64:
        return colour_tab[np.minimum(np.abs(cd + delta), cmax)]

    rep = pen.repeated_colour
    # i Black, j White
    col_ib = (
        col(cd_i, 1) + rep * (f.last_colour[i] == 1) + col(cd_j, -1) + rep * (f.last_colour[j] == 2)
    )
    col_jb = (
        col(cd_i, -1) + rep * (f.last_colour[i] == 2) + col(cd_j, 1) + rep * (f.last_colour[j] == 1)
    )
    ij, ji = meetings(f, i, j) if met is None else met
    immediate = _lookup(f.last_met_keys, None, _pair_keys(f, i, j)) * pen.immediate_replay
    rep_ib = ij * pen.same_colours_replay + ji * pen.opposite_colours_replay + immediate
    rep_jb = ji * pen.same_colours_replay + ij * pen.opposite_colours_replay + immediate
    # pairs with the BYE vertex: colour imbalance unchanged, bye replays
    real = np.where(bye_i, j, i)
    bye_col = col(f.colour_diff[real], 0)
    bye_rep = f.byes[real] * pen.bye_replay + f.bye_last_round[real] * pen.immediate_replay
    col_ib = np.where(any_bye, bye_col, col_ib)
    col_jb = np.where(any_bye, bye_col, col_jb)
    rep_ib = np.where(any_bye, bye_rep, rep_ib)
    rep_jb = np.where(any_bye, bye_rep, rep_jb)
    oriented_ib = col_ib + rep_ib
    oriented_jb = col_jb + rep_jb
    black_first = oriented_ib <= oriented_jb
    tie = oriented_ib == oriented_jb
    if fixed is not None:
        black_first = fixed

    # floats: f_p = own - opponent score, for each real player of the pair
    si, sj = f.score[i], f.score[j]
    diff = si - sj
    fl = float_tab[np.minimum(np.abs(diff), fmax)]
    for v, fv, is_b in ((i, diff, bye_i), (j, -diff, bye_j)):
        lf = f.papp_last_float[v]
        real_v = ~is_b
        fl = fl + pen.cumulative_float * (real_v & (fv * lf > 0))
        if f.round > 2:
            won, lost = f.last_result[v] == 2, f.last_result[v] == 0
            comp = real_v & (fv * lf < 0) & (((lf < 0) & lost) | ((lf > 0) & won))
            fl = fl - pen.compensated_float * comp
    elit = pen.elitism_for_round(f.round)
    elitism = np.where(
        (diff != 0) & (si >= 0) & (sj >= 0), (elit * (si + sj) * np.abs(diff)) // 2, 0
    )
    same_country = (~any_bye) & (f.country[i] >= 0) & (f.country[i] == f.country[j])
    parts = {
        "replay": np.where(black_first, rep_ib, rep_jb).astype(np.int64),
        "colour": np.where(black_first, col_ib, col_jb).astype(np.int64),
        "float": fl.astype(np.int64),
        "elitism": elitism.astype(np.int64),
        "country": (same_country * pen.country).astype(np.int64),
    }
    return parts, black_first, tie


def edge_costs(
    f: Field, preset: Preset, i: I64, j: I64, fixed: BoolArray | None = None
) -> tuple[EdgeCosts, list[int]]:
    """Costs of the pairs (i, j) and their totals as Python integers.

    Each pair takes its cheaper orientation, or the one `fixed` gives (True: i is Black).
    """
    ij, ji = meetings(f, i, j)
    if preset is Preset.EOC:
        parts, black_first, tie = eoc_parts(f, i, j, fixed, (ij, ji))
        totals = eoc_total(parts, eoc_radix(f, f.round - 1))
    else:
        parts, black_first, tie = papp_parts(f, i, j, fixed, met=(ij, ji))
        totals = sum(parts.values(), np.zeros(i.shape, np.int64)).tolist()  # Python ints
    real = np.where(f.is_bye[i], j, i)
    bye_edge = f.is_bye[i] | f.is_bye[j]
    met = np.where(bye_edge, f.byes[real], ij + ji)
    forbidden = _lookup(f.never_keys, None, _pair_keys(f, i, j)).astype(np.bool_)
    costs = EdgeCosts(
        i=i,
        j=j,
        black_first=black_first,
        tie=tie,
        meetings=met.astype(np.int64, copy=False),
        forbidden=forbidden,
        parts=parts,
    )
    return costs, totals

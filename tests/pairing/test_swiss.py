"""Swiss pairing: exactness against brute force (eoc) and against the complete graph."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratinglist.errors import PairingError
from ratinglist.model import Colour, PlayerId
from ratinglist.pairing import (
    Backend,
    PairingPlayer,
    PairingRequest,
    Preset,
    explain_pairing,
    pair_swiss,
)
from ratinglist.pairing.costs import Field, build_field
from ratinglist.pairing.swiss import _colour_bound, _colour_costs
from tests.pairing.simulate import simulate

Cost = tuple[int, int, int, int, int]


def _pair_cost(black: PairingPlayer, white: PairingPlayer) -> Cost:
    """The five EOC priorities of one oriented pair, written independently of the engine."""
    meets = sum(1 for g in black.games if g.opponent == white.id)
    d = black.score - white.score
    colour = (black.colour_difference + 1) ** 2 + (white.colour_difference - 1) ** 2
    up_black = (d < 0) - (d > 0)
    floats = int(up_black != 0 and up_black == black.float_direction) + int(
        up_black != 0 and -up_black == white.float_direction
    )
    alternation = int(black.last_game_colour is Colour.BLACK) + int(
        white.last_game_colour is Colour.WHITE
    )
    return (meets, d * d, colour, floats, alternation)


def _best_orientation(a: PairingPlayer, b: PairingPlayer) -> Cost:
    x, y = _pair_cost(a, b), _pair_cost(b, a)
    return x if x[2:3] + x[4:] <= y[2:3] + y[4:] else y


def _add(x: Cost, y: Cost) -> Cost:
    return (x[0] + y[0], x[1] + y[1], x[2] + y[2], x[3] + y[3], x[4] + y[4])


def _matchings(items: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for k, other in enumerate(rest):
        for m in _matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *m]


def _brute_force(req: PairingRequest) -> Cost:
    players = list(req.players)
    if len(players) % 2:
        bye = sorted(players, key=lambda p: (p.byes, -p.rank))[0]
        players = [p for p in players if p.id != bye.id]
    # each pair's best orientation once: every matching of the players sums some of them
    pair = {
        (i, j): _best_orientation(players[i], players[j])
        for i in range(len(players))
        for j in range(i + 1, len(players))
    }
    best: Cost | None = None
    for m in _matchings(list(range(len(players)))):
        total: Cost = (0, 0, 0, 0, 0)
        for i, j in m:
            total = _add(total, pair[i, j])
        if best is None or total < best:
            best = total
    assert best is not None
    return best


def _engine_cost(req: PairingRequest) -> Cost:
    by_id = {p.id: p for p in req.players}
    result = pair_swiss(req, Preset.EOC)
    total: Cost = (0, 0, 0, 0, 0)
    for b, w in result.pairs:
        total = _add(total, _pair_cost(by_id[b], by_id[w]))
    return total


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8, 9, 10])
@pytest.mark.parametrize("seed", range(6))
def test_eoc_equals_brute_force(players: int, seed: int) -> None:
    _, requests = simulate(players, min(players, 7), seed)
    for req in requests[1:]:
        assert _engine_cost(req) == _brute_force(req)


@pytest.mark.parametrize("preset", [Preset.EOC, Preset.PAPP])
@pytest.mark.parametrize(
    ("players", "seed"), [(n, s) for n in (12, 21, 34, 47, 60) for s in (1, 2)]
)
def test_restricted_candidates_match_complete_graph(
    preset: Preset, players: int, seed: int
) -> None:
    _, requests = simulate(players, 9, seed, preset, churn=seed == 2)
    for req in requests:
        fast = pair_swiss(req, preset)
        full = pair_swiss(req, preset, complete_graph=True)
        assert fast.certified
        assert fast.cost == full.cost


def test_backends_agree() -> None:
    _, requests = simulate(24, 6, 5, Preset.PAPP)
    for req in requests:
        a = pair_swiss(req, Preset.PAPP, Backend.RUSTWORKX)
        b = pair_swiss(req, Preset.PAPP, Backend.NETWORKX)
        assert a.cost == b.cost


def test_forced_pairs_are_kept_and_explained() -> None:
    _, requests = simulate(16, 4, 3)
    req = requests[-1]
    top, bottom = req.players[0].id, req.players[-1].id
    forced = PairingRequest(players=req.players, round=req.round, forced=((top, bottom),))
    result = pair_swiss(forced, Preset.EOC)
    assert (top, bottom) in result.pairs
    explanation = explain_pairing(forced, result, Preset.EOC)
    assert explanation.total == result.cost
    assert explanation.forced_extra is not None and explanation.forced_extra >= 0
    assert [p.forced for p in explanation.pairs].count(True) == 1
    names = {name for name, _ in explanation.pairs[0].parts}
    assert names == {"rematch", "score", "colour-balance", "float", "alternation"}


def test_never_pair_is_respected() -> None:
    _, requests = simulate(6, 1, 4)
    req = requests[0]
    a, b = req.players[0].id, req.players[1].id
    constrained = PairingRequest(
        players=req.players, round=1, never_pair=frozenset({frozenset((a, b))})
    )
    for preset in Preset:
        pairs = {frozenset(p) for p in pair_swiss(constrained, preset).pairs}
        assert frozenset((a, b)) not in pairs


def test_impossible_never_pair_raises() -> None:
    players = tuple(PairingPlayer(PlayerId(k), 0, k) for k in (1, 2))
    req = PairingRequest(players=players, round=1, never_pair=frozenset({frozenset((1, 2))}))
    with pytest.raises(PairingError, match="expected a possible pairing"):
        pair_swiss(req)


def test_bye_goes_to_lowest_ranked_without_bye() -> None:
    players = tuple(
        PairingPlayer(PlayerId(k), score=0, rank=k, byes=1 if k == 5 else 0) for k in range(1, 6)
    )
    result = pair_swiss(PairingRequest(players=players, round=2), Preset.EOC)
    assert result.bye == PlayerId(4)


def _cheapest_orientation_total(f: Field) -> int:
    """The smallest orientation part (colour costs) over all perfect matchings, by brute force."""
    black, white, neutral = _colour_costs(f)

    def orient(a: int, b: int) -> int:
        if f.is_bye[a] or f.is_bye[b]:
            return int(neutral[b if f.is_bye[a] else a])
        return int(min(black[a] + white[b], black[b] + white[a]))

    def best(items: list[int]) -> int:
        if not items:
            return 0
        first, rest = items[0], items[1:]
        return min(orient(first, o) + best(rest[:k] + rest[k + 1 :]) for k, o in enumerate(rest))

    return best(list(range(f.size)))


@pytest.mark.parametrize(("players", "seed"), [(n, s) for n in (6, 7, 8, 9) for s in range(3)])
def test_papp_colour_bound_below_every_matching(players: int, seed: int) -> None:
    # The certificate's colour bound must not exceed the orientation part of any perfect
    # matching (BYE vertex for odd n), and must beat the old per-player bound.
    _, requests = simulate(players, 6, seed, Preset.PAPP)
    for req in requests[1:]:
        f = build_field(req.players, req, players % 2 == 1)
        black, white, neutral = _colour_costs(f)
        bound = _colour_bound(f, Preset.PAPP, np.arange(f.size, dtype=np.int64))
        assert bound <= _cheapest_orientation_total(f)
        cheapest = np.minimum(black, white)
        if players % 2:
            cheapest = np.minimum(cheapest, neutral)
        old = int(cheapest[~f.is_bye].sum())
        assert bound >= old


@settings(max_examples=6, deadline=None)
@given(
    st.sampled_from([Preset.EOC, Preset.PAPP]),
    st.sampled_from([64, 81, 96]),
    st.integers(min_value=0, max_value=2**16),
)
def test_certified_matching_equals_the_complete_graph_from_64_players(
    preset: Preset, players: int, seed: int
) -> None:
    """From 64 players the matcher runs on certified sparse graphs (duals, odd cuts,
    components): the same cost as networkx on every pair, without any certificate."""
    _, requests = simulate(players, 7, seed, preset, churn=seed % 2 == 0)
    for req in requests[2::2]:
        fast = pair_swiss(req, preset)
        full = pair_swiss(req, preset, Backend.NETWORKX, complete_graph=True)
        assert fast.cost == full.cost

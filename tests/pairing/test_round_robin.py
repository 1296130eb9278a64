"""Round robin by Berger tables, and the EOC system table."""

from __future__ import annotations

from collections import Counter

import pytest

from ratinglist.errors import PairingError
from ratinglist.model import PlayerId
from ratinglist.pairing import System, round_robin, system_for


@pytest.mark.parametrize("n", [2, 3, 4, 5, 8, 9, 12])
def test_everybody_meets_everybody_once(n: int) -> None:
    players = [PlayerId(k) for k in range(1, n + 1)]
    rounds = round_robin(players)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    meetings = Counter(frozenset(p) for r in rounds for p in r.pairs)
    assert len(meetings) == n * (n - 1) // 2
    assert set(meetings.values()) == {1}
    for r in rounds:
        seen = [x for p in r.pairs for x in p] + ([r.bye] if r.bye is not None else [])
        assert sorted(seen) == players
    if n % 2:
        assert sorted(r.bye for r in rounds if r.bye is not None) == players


def test_second_cycle_swaps_colours() -> None:
    players = [PlayerId(k) for k in range(1, 7)]
    rounds = round_robin(players, cycles=2)
    first = {frozenset(p): p for r in rounds[:5] for p in r.pairs}
    for r in rounds[5:]:
        for b, w in r.pairs:
            assert first[frozenset((b, w))] == (w, b)


def test_fixed_player_alternates_and_colours_balance() -> None:
    players = [PlayerId(k) for k in range(1, 9)]
    rounds = round_robin(players)
    fixed = [r.pairs[0][0] == players[0] for r in rounds]
    assert fixed == [k % 2 == 0 for k in range(7)]
    blacks = Counter(b for r in rounds for b, _ in r.pairs)
    assert all(3 <= blacks[p] <= 4 for p in players)


def test_round_robin_rejects_bad_input() -> None:
    with pytest.raises(PairingError, match="expected at least two distinct players"):
        round_robin([PlayerId(1)])


@pytest.mark.parametrize(
    ("n", "system"),
    [
        (4, System.TRIPLE_ROUND_ROBIN),
        (6, System.DOUBLE_ROUND_ROBIN),
        (7, System.ROUND_ROBIN_THEN_SWISS),
        (10, System.ROUND_ROBIN_THEN_SEMIFINALS),
        (11, System.ROUND_ROBIN),
        (12, System.ROUND_ROBIN),
        (13, System.SWISS),
    ],
)
def test_system_by_player_count(n: int, system: System) -> None:
    assert system_for(n).system is system


def test_twelve_can_be_swiss_and_choice_overrides() -> None:
    assert system_for(12, twelve_is_round_robin=False).system is System.SWISS
    assert system_for(30, choice=System.ROUND_ROBIN).round_robin_cycles == 1
    plan = system_for(9)
    assert (plan.round_robin_cycles, plan.swiss_rounds, plan.semifinals) == (1, 2, True)


def _longest_run(colours: list[str]) -> int:
    best = run = 0
    for k, c in enumerate(colours):
        run = run + 1 if k and colours[k - 1] == c else 1
        best = max(best, run)
    return best


@pytest.mark.parametrize("n", range(3, 17))
def test_berger_colour_balance_bound(n: int) -> None:
    # The bound the player count allows: an odd field plays N-1 (even) games each, so equal
    # Blacks and Whites, alternating; an even field plays N-1 (odd) games, so a difference
    # of 1, and at most two equal colours in a row (FIDE Berger tables).
    players = [PlayerId(k) for k in range(1, n + 1)]
    seq: dict[PlayerId, list[str]] = {p: [] for p in players}
    for r in round_robin(players):
        for b, w in r.pairs:
            seq[b].append("B")
            seq[w].append("W")
    for colours in seq.values():
        assert len(colours) == n - 1  # an odd field: N rounds, one bye each
        diff = abs(colours.count("B") - colours.count("W"))
        assert diff == (0 if n % 2 else 1)
        assert _longest_run(colours) <= (1 if n % 2 else 2)

"""Hypothesis invariants of Swiss pairing over random tournaments."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ratinglist.model import PlayerId
from ratinglist.pairing import PairingRequest, Preset, min_cost_perfect_matching, pair_swiss
from ratinglist.tournament.games.othello.scoring import standings_of
from tests.pairing.simulate import simulate


def _rematch_free_pairing_exists(req: PairingRequest, bye: PlayerId | None) -> bool:
    players = [p for p in req.players if p.id != bye]
    index = {p.id: k for k, p in enumerate(players)}
    i, j = [], []
    for a in players:
        met = {g.opponent for g in a.games}
        for b in players:
            if index[a.id] < index[b.id] and b.id not in met:
                i.append(index[a.id])
                j.append(index[b.id])
    return min_cost_perfect_matching(len(players), i, j, [0] * len(i)) is not None


@settings(max_examples=25, deadline=None)
@given(
    players=st.one_of(st.integers(2, 40), st.integers(41, 300)),
    rounds=st.integers(1, 5),
    seed=st.integers(0, 10_000),
    preset=st.sampled_from(list(Preset)),
    churn=st.booleans(),
)
def test_pairing_invariants(
    players: int, rounds: int, seed: int, preset: Preset, churn: bool
) -> None:
    state, requests = simulate(players, rounds, seed, preset, churn=churn)
    for req, rnd in zip(requests, state.rounds, strict=True):
        present = {p.id for p in req.players}
        seen = [x for p in rnd.pairings for x in (p.black, p.white)] + list(rnd.byes)
        assert sorted(seen) == sorted(present)
        assert len(rnd.byes) == len(present) % 2
        result = pair_swiss(req, preset)
        if result.rematches:
            assert not _rematch_free_pairing_exists(req, result.bye)
    rows = standings_of(state)
    assert [r.place for r in rows] == list(range(1, len(rows) + 1))
    keys = [(-r.points, -r.brightwell, -r.discs, r.lot) for r in rows]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)

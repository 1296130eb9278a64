"""The 9-10 player EOC system: round robin of 9 rounds, semi-finals for the top 4, and
2 Swiss rounds for the others, driven through the director (events folded)."""

from __future__ import annotations

from itertools import combinations

import pytest

from ratinglist.errors import TournamentError
from ratinglist.model import PlayerId
from ratinglist.pairing import System
from ratinglist.tournament.events import Created, Event, Registered, Settings
from ratinglist.tournament.fold import fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.events import FinalsStarted, ResultEntered
from ratinglist.tournament.games.othello.finals import scheduled
from ratinglist.tournament.games.othello.planning import finalists, next_pairing, schedule_of


def _play_round(events: list[Event]) -> FoldedTournament:
    """Pair the next round and enter its results: the lower ID always wins 40-24."""
    paired, _ = next_pairing(fold(events))
    events.append(paired)
    for b, w in paired.pairs:
        black_wins = b < w
        score = (40, 24) if black_wins else (24, 40)
        events.append(ResultEntered(str(paired.round), b, w, *score))
    return fold(events)


@pytest.mark.parametrize("n", [9, 10])
def test_round_robin_then_semifinals_and_two_swiss_rounds(n: int) -> None:
    settings = Settings(name="EOC small", country="NLD", start="2026-05-01", seed=5)
    ids = [PlayerId(100 + i) for i in range(n)]
    events: list[Event] = [Created(settings)]
    events += [Registered(p, f"SUR{p}", "First", "NLD") for p in ids]
    d = fold(events)
    schedule = schedule_of(d)
    assert schedule.plan.system is System.ROUND_ROBIN_THEN_SEMIFINALS
    assert (len(schedule.round_robin), schedule.total_rounds) == (9, 11)

    for _ in range(9):
        d = _play_round(events)
    met = [frozenset((p.black, p.white)) for r in d.play.state.rounds[:9] for p in r.pairings]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(c) for c in combinations(ids, 2)), key=sorted
    )
    byes = [b for r in d.play.state.rounds[:9] for b in r.byes]
    assert sorted(byes) == (ids if n == 9 else [])

    after_rr = [r.player for r in d.play.standings(9)]
    top, rest = set(after_rr[:4]), set(after_rr[4:])
    assert after_rr[:5] == ids[:5]
    for _ in range(2):
        d = _play_round(events)
    seen: dict[PlayerId, int] = dict.fromkeys(rest, 0)
    for r in d.play.state.rounds[9:11]:
        in_round = [x for p in r.pairings for x in (p.black, p.white)] + list(r.byes)
        assert set(in_round) == rest and len(in_round) == len(rest)
        assert len(r.byes) == len(rest) % 2
        for x in in_round:
            seen[x] += 1
    assert set(seen.values()) == {2}
    with pytest.raises(TournamentError, match="at most 11 rounds"):
        next_pairing(d)

    # the 5th after the round robin wins both Swiss rounds and passes the 4th overall,
    # but the semi-finalists are the top 4 after the round robin
    overall = [r.player for r in d.play.standings()]
    assert overall.index(ids[4]) < overall.index(ids[3])
    four = finalists(d)
    assert four == tuple(after_rr[:4]) and set(four) == top
    d = fold([*events, FinalsStarted(four)])
    assert d.play.finals is not None
    semis = {(g.stage, g.black, g.white) for g in scheduled(d.play.finals) if g.stage == "SF1"}
    assert semis == {("SF1", four[0], four[3]), ("SF1", four[1], four[2])}

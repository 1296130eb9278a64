"""Table numbers: the pair holding the better-placed player before the round sits higher,
also after a correction of an earlier round (the kept places must not go stale)."""

from __future__ import annotations

from ratinglist.model import PlayerId
from ratinglist.tournament.events import Created, ResultCorrected
from ratinglist.tournament.fold import FoldedTournament, apply
from ratinglist.tournament.planning import next_pairing
from ratinglist.tournament.tables import board_order
from tests.tournament.test_events import SETTINGS, _play, _registered


def _expected(d: FoldedTournament, number: int) -> list[frozenset[PlayerId]]:
    """The rule itself: sort the round's pairs by the better place in the standings before."""
    place = {row.player: k for k, row in enumerate(d.standings(number - 1), start=1)}
    pairs = d.state.rounds[number - 1].pairings
    ordered = sorted(pairs, key=lambda p: min(place[p.black], place[p.white]))
    return [frozenset((p.black, p.white)) for p in ordered]


def _tables(d: FoldedTournament, number: int) -> list[frozenset[PlayerId]]:
    return [frozenset((p.black, p.white)) for p in board_order(d, number)]


def test_board_order_follows_the_standings_before_the_round_after_a_correction() -> None:
    events = [Created(SETTINGS), *_registered(12)]
    d = _play(events, 2)
    paired, _ = next_pairing(d)
    d = apply(d, paired)
    assert _tables(d, 3) == _expected(d, 3)
    assert _tables(d, 3) == _tables(d, 3)
    # turn round 1's top-board result around: the places before round 3 change
    first = d.state.rounds[0].pairings[0]
    assert first.result is not None
    flipped = ResultCorrected(
        "1", first.black, first.white, first.result.white_discs, first.result.black_discs
    )
    changed = apply(d, flipped)
    assert changed.standings(2) != d.standings(2)
    assert _tables(changed, 3) == _expected(changed, 3)
    assert _tables(d, 3) == _expected(d, 3)

"""Table numbers: the pair holding the better-placed player before the round sits higher,
also after a correction of an earlier round (the kept places must not go stale); numbers
fixed at pairing never move (late entry, correction), while a pairing stored without them
keeps the computed numbers."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from ratinglist.errors import TournamentError
from ratinglist.model import PlayerId
from ratinglist.tournament.codec import from_json, to_json
from ratinglist.tournament.events import Created, Registered
from ratinglist.tournament.fold import apply, fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.events import Paired, ResultCorrected
from ratinglist.tournament.games.othello.planning import next_pairing
from ratinglist.tournament.games.othello.tables import board_order, fixed_tables
from tests.tournament.test_events import SETTINGS, _play, _registered


def _expected(d: FoldedTournament, number: int) -> list[frozenset[PlayerId]]:
    """The rule itself: sort the round's pairs by the better place in the standings before."""
    place = {row.player: k for k, row in enumerate(d.play.standings(number - 1), start=1)}
    pairs = d.play.state.rounds[number - 1].pairings
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
    first = d.play.state.rounds[0].pairings[0]
    assert first.result is not None
    flipped = ResultCorrected(
        "1", first.black, first.white, first.result.white_discs, first.result.black_discs
    )
    changed = apply(d, flipped)
    assert changed.play.standings(2) != d.play.standings(2)
    assert _tables(changed, 3) == _expected(changed, 3)
    assert _tables(d, 3) == _expected(d, 3)


def _pairs(d: FoldedTournament, number: int) -> dict[int, tuple[PlayerId, PlayerId]]:
    return {t: (p.black, p.white) for t, p in enumerate(board_order(d, number), start=1)}


def test_a_late_entry_during_round_1_leaves_every_table_number_unchanged() -> None:
    d = fold([Created(SETTINGS), *_registered(8)])
    paired = fixed_tables(d, next_pairing(d)[0])
    fixed = apply(d, paired)
    legacy = apply(d, replace(paired, tables=()))
    before = _pairs(fixed, 1)
    assert before == _pairs(legacy, 1)
    moved = 0
    for k in range(6):
        # an unrated late entrant, entered while round 1 is played: the lots over all
        # entrants are drawn again
        late = Registered(PlayerId(200 + k), f"LATE{k}", "Lou", "NLD", first_round=2)
        assert _pairs(apply(fixed, late), 1) == before
        moved += _pairs(apply(legacy, late), 1) != before
    # a log stored before tables were fixed computes them at every read: they move
    assert moved > 0


def test_a_correction_of_round_1_leaves_round_2_tables_unchanged() -> None:
    events = [Created(SETTINGS), *_registered(12)]
    d = _play(events, 1)
    paired = fixed_tables(d, next_pairing(d)[0])
    d = apply(d, paired)
    before = _pairs(d, 2)
    assert [frozenset(before[t]) for t in sorted(before)] == _expected(d, 2)
    for first in d.play.state.rounds[0].pairings:
        assert first.result is not None
        flipped = ResultCorrected(
            "1", first.black, first.white, first.result.white_discs, first.result.black_discs
        )
        d = apply(d, flipped)
        assert _pairs(d, 2) == before


def test_table_numbers_round_trip_and_old_pairings_load_without_them() -> None:
    event = Paired(2, ((PlayerId(1), PlayerId(2)), (PlayerId(3), PlayerId(4))), (), (2, 1))
    assert from_json(*to_json(event)) == event
    old = Paired(2, ((PlayerId(1), PlayerId(2)),))
    kind, payload = to_json(old)
    assert "tables" not in json.loads(payload)
    assert from_json(kind, payload) == old
    bad = replace(event, tables=(1, 1))
    d = _play([Created(SETTINGS), *_registered(4)], 1)
    with pytest.raises(TournamentError, match="table numbers 1-2 once each"):
        apply(d, replace(bad, round=2, pairs=next_pairing(d)[0].pairs))

"""Tournament state values and disc scores of special results."""

from __future__ import annotations

import pytest

from ratinglist.errors import TournamentError
from ratinglist.model import Colour, Outcome, PlayerId
from ratinglist.tournament.games.othello.results import (
    Result,
    SpecialResult,
    counted_discs,
    make_result,
    special_result_discs,
)
from ratinglist.tournament.games.othello.scoring import player_scores, standings_of
from ratinglist.tournament.games.othello.state import (
    Entrant,
    TournamentState,
    add_entrant,
    record_result,
    set_absent,
    set_round,
    withdraw,
)

P = [PlayerId(k) for k in range(1, 6)]


@pytest.mark.parametrize(
    ("own", "other", "expected"),
    [(40, 20, (44, 20)), (20, 30, (20, 44)), (30, 30, (32, 32)), (32, 32, (32, 32))],
)
def test_counted_discs_give_empty_squares_to_winner(
    own: int, other: int, expected: tuple[int, int]
) -> None:
    assert counted_discs(own, other) == expected


def test_special_results() -> None:
    assert special_result_discs(SpecialResult.TIME_DEFAULT, 20, 40) == (33, 31)
    assert special_result_discs(SpecialResult.TIME_DEFAULT, 50, 10) == (54, 10)
    for s in (SpecialResult.SECOND_FLAG_FALL, SpecialResult.RESIGNATION, SpecialResult.FORFEIT):
        assert special_result_discs(s) == (64, 0)
    r = make_result(Colour.WHITE, SpecialResult.RESIGNATION)
    assert (r.black_discs, r.white_discs, r.outcome(Colour.WHITE)) == (0, 64, Outcome.WIN)
    assert not make_result(Colour.BLACK, SpecialResult.FORFEIT).played
    with pytest.raises(TournamentError, match="expected two disc counts"):
        Result(40, 30)


def _state() -> TournamentState:
    s = TournamentState(seed=1)
    for p in P:
        s = add_entrant(s, Entrant(p, f"P{p}"))
    return s


def test_functions_return_new_states_and_fold() -> None:
    s0 = _state()
    s1 = set_round(s0, 1, [(P[0], P[1]), (P[2], P[3])], [P[4]])
    assert s0.rounds == () and s1.rounds[0].byes == (P[4],)
    s2 = record_result(s1, 1, P[0], P[1], Result(40, 24))
    s2 = record_result(s2, 1, P[2], P[3], Result(32, 32))
    assert s1.rounds[0].pairings[0].result is None
    s3 = withdraw(s2, P[3], 2)
    s3 = set_absent(s3, P[2], 2)
    assert s3.available(2) == (P[0], P[1], P[4])
    rows = standings_of(s3)
    assert rows[0].player == P[0]
    scores = {x.player: x for x in player_scores(s3)}
    assert scores[P[3]].withdrawn  # round 2 exists (absence declared), he withdrew from it
    assert scores[P[4]].byes == 1


def test_state_errors() -> None:
    s = _state()
    with pytest.raises(TournamentError, match="expected each player once"):
        set_round(s, 1, [(P[0], P[1]), (P[1], P[2])])
    with pytest.raises(TournamentError, match="expected the next round 1"):
        set_round(s, 2, [(P[0], P[1])])
    with pytest.raises(TournamentError, match="expected a new player ID"):
        add_entrant(s, Entrant(P[0], "again"))
    s = withdraw(s, P[0], 2)
    with pytest.raises(TournamentError, match="expected a player still in the tournament"):
        withdraw(s, P[0], 3)

"""OpenGotha's pairing on small made-up tournaments: rules of GO.md sections c and d."""

from __future__ import annotations

import numpy as np
import pytest

from ratinglist.errors import PairingError
from ratinglist.model.go import parse_rank
from ratinglist.model.go.tournament import (
    GoGame,
    GoPlayer,
    GoResult,
    GoSystem,
    GoTournament,
    Outcome,
    default_parameters,
)
from ratinglist.pairing.go.costs import _jdiv
from ratinglist.pairing.go.names import NameHashes
from ratinglist.pairing.go.pair import NewGame, number_tables
from ratinglist.tournament.games.go.pairing import gotha_round, pair_go_round


def _field(ranks: list[str], system: GoSystem = GoSystem.MCMAHON) -> GoTournament:
    players = tuple(
        GoPlayer(f"Name{k:02d}", "First", parse_rank(r), 2000, "FR", f"C{k}")
        for k, r in enumerate(ranks)
    )
    return GoTournament(default_parameters(system, number_of_rounds=5), players)


def test_det_random_by_hand() -> None:
    # s = "ab" + "c": 97*1 + 98*2 + 99*3 = 590; 590 * 1234567 mod 1001
    h = NameHashes(["c", "ab"])
    got = h.det_random(1000, np.array([0]), np.array([1]))
    assert got.tolist() == [590 * 1234567 % 1001]
    # symmetric: the names are sorted first
    assert h.det_random(1000, np.array([1]), np.array([0])).tolist() == got.tolist()


def test_java_division_truncates_toward_zero() -> None:
    assert _jdiv(np.array([-7, 7, -6]), 2).tolist() == [-3, 3, -3]


def test_handicap_on_mms_with_correction() -> None:
    # McMahon defaults: handicap on MMS, correction 1, no handicap above 1d.
    t = _field(["1d", "3k", "5k", "10k"])
    pairing = pair_go_round(t, 0, forced=[("NAME00FIRST", "NAME03FIRST")])
    g = next(g for g in pairing.games if "NAME00FIRST" in (g.white, g.black))
    # pseudo ranks min(rank, 1d): 0 and -10; 10 - correction 1 = 9 stones, stronger White
    assert (g.white, g.handicap) == ("NAME00FIRST", 9)


def test_swiss_has_no_handicap_and_balances_colours() -> None:
    t = _field(["1d", "3k", "5k", "10k"], GoSystem.SWISS)
    pairing = pair_go_round(t, 0)
    assert all(g.handicap == 0 for g in pairing.games)
    assert sorted(k for g in pairing.games for k in (g.white, g.black)) == sorted(
        p.key for p in t.players
    )


def test_rematch_avoided_and_never_pair_honoured() -> None:
    t = _field(["1d", "1d", "1d", "1d"], GoSystem.SWISS)
    won = GoResult(Outcome.WHITE_WINS)
    t = GoTournament(
        t.parameters,
        t.players,
        (
            GoGame(0, 1, "NAME00FIRST", "NAME01FIRST", 0, won),
            GoGame(0, 2, "NAME02FIRST", "NAME03FIRST", 0, won),
        ),
    )
    pairs = {frozenset((g.white, g.black)) for g in pair_go_round(t, 1).games}
    assert frozenset(("NAME00FIRST", "NAME01FIRST")) not in pairs
    never = [("NAME00FIRST", "NAME02FIRST")]
    pairs = {frozenset((g.white, g.black)) for g in pair_go_round(t, 1, never=never).games}
    assert pairs == {
        frozenset(("NAME00FIRST", "NAME03FIRST")),
        frozenset(("NAME01FIRST", "NAME02FIRST")),
    }
    with pytest.raises(PairingError):
        banned = [*never, ("NAME00FIRST", "NAME03FIRST"), ("NAME00FIRST", "NAME01FIRST")]
        pair_go_round(t, 1, never=banned)


def test_odd_field_gets_a_bye_for_the_weakest() -> None:
    t = _field(["1d", "3k", "5k", "10k", "15k"])
    rnd = gotha_round(t, 0)
    assert rnd.bye == "NAME04FIRST"
    assert len(pair_go_round(t, 0).games) == 2


def test_tables_follow_the_lower_placed_player() -> None:
    games = [NewGame("A", "B", 0), NewGame("C", "D", 0), NewGame("E", "F", 0)]
    placement = {"A": (10,), "B": (3,), "C": (9,), "D": (8,), "E": (5,), "F": (5,)}
    rating = {"A": 1, "B": 1, "C": 1, "D": 1, "E": 2, "F": 3}
    tables = {(g.white, g.table) for g in number_tables(games, placement, rating, used=[2])}
    assert tables == {("C", 1), ("E", 3), ("A", 4)}

"""Go placement criteria on made-up tournaments (GO.md sections e and f)."""

from __future__ import annotations

from dataclasses import replace

from ratinglist.model.go import parse_rank
from ratinglist.model.go.tournament import (
    Criterion,
    GoBye,
    GoGame,
    GoPlayer,
    GoResult,
    GoSystem,
    GoTournament,
    Outcome,
    default_parameters,
)
from ratinglist.standings.go.scores import GoScores
from ratinglist.standings.go.standings import format_value, go_standings

W = GoResult(Outcome.WHITE_WINS)
B = GoResult(Outcome.BLACK_WINS)


def _t(games: list[GoGame], byes: list[GoBye] | None = None, **general: object) -> GoTournament:
    players = tuple(GoPlayer(n, "X", parse_rank("1d"), 2100) for n in "ABCD")
    params = default_parameters(GoSystem.MCMAHON, number_of_rounds=3, **general)
    return GoTournament(params, players, tuple(games), tuple(byes or ()))


def test_format_value() -> None:
    assert format_value(Criterion.MMS, 73) == "36½"
    assert format_value(Criterion.MMS, 72) == "36"
    assert format_value(Criterion.SODOSW, 7) == "1¾"
    assert format_value(Criterion.RATING, 2100) == "2100"


def test_mms_sos_and_half_games() -> None:
    # A beats B (A White), C beats D by default, in round 0; one round played.
    games = [
        GoGame(0, 1, "AX", "BX", 0, W),
        GoGame(0, 2, "CX", "DX", 2, GoResult(Outcome.WHITE_WINS, by_default=True)),
    ]
    t = _t(games)
    s = GoScores(t)
    smms = 30  # 1d under bar 4d: rank 0 - zero (-30)
    assert s.mms("AX", 0) == 2 * smms + 2
    # SOSM: opponent's MMS, plus 2 * handicap for White (the opponent took stones)
    assert s.sos("CX", 0, True) == 2 * smms + 4
    assert s.sos("DX", 0, True) == 2 * smms + 2 - 4
    rows = go_standings(t, 0)
    by_key = {r.key: r for r in rows}
    assert by_key["AX"].rounds == (f"{by_key['BX'].number}+/w0",)
    assert by_key["DX"].rounds == (f"{by_key['CX'].number}-!b2",)


def test_full_ties_share_the_place() -> None:
    t = _t([GoGame(0, 1, "AX", "BX", 0, W), GoGame(0, 2, "CX", "DX", 0, W)])
    rows = go_standings(t, 0, criteria=(Criterion.MMS,))
    assert [(r.place, r.tied_with_previous) for r in rows] == [
        (1, False),
        (1, True),
        (3, False),
        (3, True),
    ]


def test_absence_points_rounded_down_cumulatively() -> None:
    # MMS absent value 1 (X2) per round, rounded down to an even total: 1 -> 0, 2 -> 2.
    t = _t([])
    absent = replace(t.players[0], participating=(False, False) + (True,) * 18)
    t = replace(t, players=(absent, *t.players[1:]))
    s = GoScores(t)
    assert [s.mms("AX", r) - 60 for r in range(3)] == [0, 2, 2]
    assert go_standings(t, 1, keys=["AX"])[0].rounds == ("0=", "0=")


def test_bye_counts_bye_points_and_own_smms_in_sos() -> None:
    t = _t([], [GoBye(0, "AX")])
    s = GoScores(t)
    assert s.mms("AX", 0) == 60 + 2
    assert s.sos("AX", 0, True) == 60


def test_sos_minus_one_and_the_opengotha_quirk() -> None:
    games = [GoGame(0, 1, "AX", "BX", 0, W), GoGame(1, 1, "AX", "CX", 0, B)]
    t = _t(games)
    right, quirk = GoScores(t), GoScores(t, sosm_quirk=True)
    terms = right.sos_terms("AX", 1, True)
    assert right.sos("AX", 1, True, 1) == max(terms)
    assert quirk.sos("AX", 1, True, 1) == 0


def test_count_unplayed_games_as_half() -> None:
    games = [GoGame(0, 1, "AX", "BX", 0, W)]
    t = _t(games, count_not_played_as_half=True)
    s = GoScores(t)
    # B played round 0 (lost) and is unpaired in rounds 1 and 2: 0 + 1/2 + 1/2 points
    assert s.sos("AX", 2, False) == 2 + 0 + 0


def test_direct_confrontation_orders_a_tie() -> None:
    games = [GoGame(0, 1, "BX", "AX", 0, W), GoGame(0, 2, "CX", "DX", 0, W)]
    t = _t(games)
    rows = go_standings(t, 0, criteria=(Criterion.MMS, Criterion.DC))
    assert [r.key for r in rows][:2] in (["BX", "CX"], ["CX", "BX"])
    # B beat A: among the losers A and D (equal MMS) nobody met, so DC follows the name order
    sdc = go_standings(t, 0, criteria=(Criterion.MMS, Criterion.SDC))
    assert {r.key: r.values[1] for r in sdc} == {"AX": 0, "BX": 0, "CX": 0, "DX": 0}

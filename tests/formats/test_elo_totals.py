"""Declared scores against the games (N303), values worked out by hand from the rules of
`formats.elo_totals`: games give a lower bound, each round without a game at most one bye."""

from __future__ import annotations

from ratinglist.formats.elo import parse_elo
from ratinglist.formats.elo_totals import totals_notes

HEADER = "%%Tournament: T\n%%Country: France\n%%Date: 05/04/2008\n%%Sender: S\n"


def notes(players: str, games: str) -> list[tuple[int, str]]:
    """(line, message) of the N303 notes of a file with these player and game lines."""
    r = parse_elo(HEADER + players + games, "t.ELO")
    return [(d.line, d.message) for d in totals_notes(r.players, r.games, r.source)]


# Three players, one game a round: each sits out one round (a bye worth at most one point).
ROUNDS = "%Round 1\n11 (40)>(24) 22\n%Round 2\n22 (32)=(32) 33\n%Round 3\n33 (10)<(54) 11\n"


def test_scores_within_games_and_byes_give_no_note() -> None:
    # 11: 2 wins (2), 22: loss + draw (0.5) + a bye (1.5), 33: draw + loss (0.5).
    players = "%_% 11, A, a, F, 2, 0\n%_% 22, B, b, F, 1.5, 0\n%_% 33, C, c, F, 0.5, 0\n"
    assert notes(players, ROUNDS) == []


def test_score_below_the_games_is_noted() -> None:
    players = "%_% 11, A, a, F, 1, 0\n%_% 22, B, b, F, 0.5, 0\n%_% 33, C, c, F, 0.5, 0\n"
    # 11 played 2 of 3 rounds: games 2, so 2-3 with its bye.
    assert notes(players, ROUNDS) == [
        (5, "expected a declared score of 2-3 for 11 (games 2, byes at most 1), got 1")
    ]


def test_more_bye_points_than_rounds_with_a_bye_are_noted_for_each_declarer() -> None:
    # Every round has a bye (3 rounds, 3 players): 3 bye points at most. Beyond the games
    # (11: 2, 22: 0.5, 33: 0.5) the players declare 2 + 2 + 1 = 5.
    players = "%_% 11, A, a, F, 4, 0\n%_% 22, B, b, F, 2.5, 0\n%_% 33, C, c, F, 1.5, 0\n"
    assert notes(players, ROUNDS) == [
        (
            5,
            "expected at most 3 bye points beyond the games in the file (one bye a round), "
            "got 5: 11 declares 2 more than its games",
        ),
        (
            6,
            "expected at most 3 bye points beyond the games in the file (one bye a round), "
            "got 5: 22 declares 2 more than its games",
        ),
        (
            7,
            "expected at most 3 bye points beyond the games in the file (one bye a round), "
            "got 5: 33 declares 1 more than its games",
        ),
    ]


def test_without_rounds_only_the_lower_bound_is_checked() -> None:
    games = "11 (40)>(24) 22\n22 (32)=(32) 11\n"
    players = "%_% 11, A, a, F, 9, 0\n%_% 22, B, b, F, 0, 0\n"
    # 11: 1.5 from games, no upper bound without rounds; 22: 0.5 from games, declared 0.
    assert notes(players, games) == [
        (6, "expected a declared score of at least 0.5 for 22 (games 0.5, byes at most 0), got 0")
    ]

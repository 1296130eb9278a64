"""Knockout places (`standings.placing`): expected orders worked out by hand from the usual
rules of finals (the winner of the final first, the loser second, third-place game next,
players out earlier below those out later, everyone else in the order of the rounds)."""

from __future__ import annotations

from ratinglist.standings.placing import KnockoutGame, knockout_order


def g(section: int, a: int, b: int, points: float = 1.0, **kw: object) -> KnockoutGame:
    """`a` against `b` in `section`; `points` of `a` (1 won, 0 lost, 0.5 draw), 40-24 discs."""
    discs = (40, 24) if points == 1 else (24, 40) if points == 0 else (32, 32)
    return KnockoutGame(
        section=section,
        label=kw.get("label"),  # type: ignore[arg-type]
        first=a,
        second=b,
        first_points=points,
        first_discs=discs[0],
        second_discs=discs[1],
        placement=bool(kw.get("placement", False)),
    )


BASE = (1, 2, 3, 4, 5, 6, 7, 8)


def test_a_final_puts_its_winner_first() -> None:
    ko = knockout_order(BASE, [g(1, 1, 2, 0.0, label="final")])
    assert ko.order == (2, 1, 3, 4, 5, 6, 7, 8)
    assert ko.reached == {2: "winner", 1: "final"}


def test_semi_finals_third_place_and_final_in_any_file_order() -> None:
    # The file lists the final first, then the third-place game, then the semi-finals.
    games = [
        g(1, 4, 2, 1.0, label="final"),  # 4 beats 2 in the final
        g(2, 1, 3, 0.0, label="third place", placement=True),  # 3 beats 1
        g(3, 1, 4, 0.0, label="semi-final"),  # 4 beats 1
        g(3, 2, 3, 1.0, label="semi-final"),  # 2 beats 3
    ]
    ko = knockout_order(BASE, games)
    assert ko.order == (4, 2, 3, 1, 5, 6, 7, 8)


def test_unnamed_games_after_the_rounds_are_stages_by_who_meets_whom() -> None:
    # Semi-finals 1-4 and 2-3, then the winners 4 and 2 meet, then the losers 1 and 3.
    games = [g(1, 1, 4, 0.0), g(1, 2, 3, 1.0), g(1, 4, 2, 0.0), g(1, 3, 1, 1.0)]
    ko = knockout_order(BASE, games)
    assert ko.order == (2, 4, 3, 1, 5, 6, 7, 8)
    assert ko.reached[4] == "final" and ko.reached[1] == "semi-final"


def test_a_match_of_two_games_is_won_on_discs_when_level_on_points() -> None:
    games = [
        KnockoutGame(1, "final", 1, 2, 1.0, 33, 31),  # 1 wins by 2
        KnockoutGame(1, "final", 2, 1, 1.0, 40, 24),  # 2 wins by 16
    ]
    assert knockout_order(BASE, games).order[:2] == (2, 1)


def test_a_match_level_on_points_and_discs_keeps_the_order_of_the_rounds() -> None:
    games = [KnockoutGame(1, "final", 2, 1, 0.5, 32, 32)]
    ko = knockout_order(BASE, games)
    assert ko.order[:2] == (1, 2) and ko.undecided == ((1, 2),)


def test_a_play_off_for_fourth_place_changes_only_those_two() -> None:
    ko = knockout_order(BASE, [g(1, 4, 5, 0.0, label="placing game", placement=True)])
    assert ko.order == (1, 2, 3, 5, 4, 6, 7, 8)


def test_only_the_bracket_of_the_best_player_places_anyone() -> None:
    # Division 1 (players 1-4) and division 2 (5-8) finals under the same comments.
    games = [
        g(1, 1, 4, 1.0),
        g(1, 2, 3, 0.0),
        g(1, 5, 8, 0.0),
        g(1, 6, 7, 1.0),
        g(2, 1, 3, 0.0),
        g(2, 8, 6, 1.0),
    ]
    ko = knockout_order(BASE, games)
    assert ko.order == (3, 1, 2, 4, 5, 6, 7, 8)


def test_finalists_below_the_top_take_the_places_from_their_best_one() -> None:
    # A play-off for the last place of the final stage between 8th and 9th of the rounds.
    ko = knockout_order((*BASE, 9), [g(1, 8, 9, 0.0, label="play-off")])
    assert ko.order == (1, 2, 3, 4, 5, 6, 7, 9, 8)


def test_best_of_three_semi_finals_played_in_turns_after_a_play_off() -> None:
    # As in the WOC 2000 file: 4 beats 5 for the last semi-final place; semi-finals 1-2 and
    # 3-4 played in turns (1 wins 2-1, 3 wins 2-0); 2 beats 4 for third; 1 beats 3 twice.
    games = [
        g(1, 4, 5, 1.0),
        g(1, 1, 2, 0.0),
        g(1, 3, 4, 1.0),
        g(1, 2, 1, 0.0),
        g(1, 3, 4, 1.0),
        g(1, 1, 2, 1.0),
        g(1, 2, 4, 1.0),
        g(1, 1, 3, 1.0),
        g(1, 3, 1, 0.0),
    ]
    ko = knockout_order(BASE, games)
    assert ko.order == (1, 3, 2, 4, 5, 6, 7, 8)
    assert ko.reached[1] == "winner" and ko.reached[3] == "final"


def test_a_play_off_to_enter_the_semi_finals_is_a_stage_before_them() -> None:
    # The WOC 2025 pattern: 5 beats 4 in a play-off for the last semi-final place; 3 beats
    # 2 twice and 1 beats 5 twice in the semi-finals (played in turns); 5 beats 2 for third;
    # 3 beats 1 twice in the final. 2 lost a semi-final and the third-place game: 4th; 4 lost
    # only the play-off, a stage earlier: 5th.
    games = [
        g(1, 4, 5, 0.0),
        g(1, 3, 2, 1.0),
        g(1, 1, 5, 1.0),
        g(1, 2, 3, 0.0),
        g(1, 5, 1, 0.0),
        g(1, 2, 5, 0.0),
        g(1, 3, 1, 1.0),
        g(1, 1, 3, 0.0),
    ]
    ko = knockout_order(BASE, games)
    assert ko.order == (3, 1, 5, 2, 4, 6, 7, 8)
    assert ko.reached == {3: "winner", 1: "final", 5: "semi-final", 2: "semi-final", 4: "play-off"}
    assert ko.unreadable is None
    third = [m for m in ko.matches if m.stage == "third place"]
    assert [(m.winner, m.loser, m.winner_points, m.loser_points) for m in third] == [(5, 2, 1, 0)]


def test_a_third_place_game_written_before_a_semi_final_is_still_a_placement_game() -> None:
    # The WOC 2017 pattern: semi-final 1-4 (1 wins 2-1), then the third-place game 4-3 (4
    # wins) written before the other semi-final 2-3 (2 wins 2-0), then the final 2-1.
    games = [
        g(1, 4, 1, 1.0),
        g(1, 1, 4, 1.0),
        g(1, 1, 4, 1.0),
        g(1, 3, 4, 0.0),
        g(1, 3, 2, 0.0),
        g(1, 2, 3, 1.0),
        g(1, 2, 1, 1.0),
    ]
    ko = knockout_order(BASE, games)
    assert ko.order == (2, 1, 4, 3, 5, 6, 7, 8)
    assert ko.reached[4] == ko.reached[3] == "semi-final"


def test_a_section_named_for_the_third_place_may_hold_the_final_too() -> None:
    # "%% Finale et 3/4": both games are marked third place; 1 and 2 won their semi-finals.
    games = [
        g(1, 1, 4, 1.0, label="semi-final"),
        g(1, 2, 3, 1.0, label="semi-final"),
        g(2, 2, 1, 1.0, label="third place", placement=True),
        g(2, 4, 3, 1.0, label="third place", placement=True),
    ]
    ko = knockout_order(BASE, games)
    assert ko.order == (2, 1, 4, 3, 5, 6, 7, 8)
    assert ko.reached == {2: "winner", 1: "final", 4: "semi-final", 3: "semi-final"}


def test_a_third_place_game_beside_the_final_puts_its_players_next() -> None:
    # The semi-finals were rounds: the final 2-3 and the third-place game 1-5 place 2, 3,
    # then 5 and 1, whatever their places in the rounds.
    games = [g(1, 2, 3, 1.0, label="final"), g(2, 5, 1, 1.0, label="third place", placement=True)]
    ko = knockout_order(BASE, games)
    assert ko.order == (2, 3, 5, 1, 4, 6, 7, 8)
    assert ko.reached[5] == ko.reached[1] == "third place"


def test_a_round_robin_final_is_no_knockout_and_places_nobody() -> None:
    # Players 1-4 each play the three others once: more than one reading, or none, as a
    # bracket; the order of the rounds stands and `unreadable` says why.
    games = [g(1, 1, 2, 0.0), g(1, 3, 4, 1.0), g(1, 1, 3, 1.0), g(1, 2, 4, 1.0), g(1, 1, 4, 1.0)]
    games.append(g(1, 2, 3, 0.0))
    ko = knockout_order(BASE, games)
    assert ko.order == BASE and ko.reached == {} and ko.unreadable is not None


def test_two_unbeaten_players_mean_no_final_and_no_knockout_placing() -> None:
    # Semi-finals 4 over 1 and 2 over 3, the third-place game 3 over 1, and no final.
    ko = knockout_order(BASE, [g(1, 1, 4, 0.0), g(1, 2, 3, 1.0), g(1, 3, 1, 1.0)])
    assert ko.order == BASE
    assert ko.unreadable == "2 players were never beaten (no single winner)"


def test_a_quarter_final_stage_of_four_matches_is_named_so() -> None:
    games = [g(1, 1, 8, 1.0), g(1, 4, 5, 1.0), g(1, 2, 7, 1.0), g(1, 3, 6, 0.0)]
    games += [g(2, 1, 4, 1.0), g(2, 2, 6, 1.0), g(3, 1, 2, 1.0)]
    ko = knockout_order(BASE, games)
    assert ko.order == (1, 2, 4, 6, 3, 5, 7, 8)
    assert ko.reached[3] == ko.reached[8] == "quarter-final" and ko.reached[6] == "semi-final"


def test_a_file_listing_the_final_before_the_semi_finals() -> None:
    # As 20210307_Kolkata: %%Final 2 beats 1, %%3/4 playoff 3 beats 4, then %%Semi-finals
    # 1 beats 4 and 2 beats 3.
    games = [
        g(1, 1, 2, 0.0, label="final"),
        g(2, 3, 4, 1.0, label="third place", placement=True),
        g(3, 4, 1, 0.0, label="semi-final"),
        g(3, 2, 3, 1.0, label="semi-final"),
    ]
    ko = knockout_order(BASE, games)
    assert ko.order == (2, 1, 3, 4, 5, 6, 7, 8)
    assert ko.reached == {2: "winner", 1: "final", 3: "semi-final", 4: "semi-final"}


def test_games_for_fifth_to_eighth_place_follow_the_bracket_in_their_order() -> None:
    # Semi-finals were rounds: the final 1-2 and the 3/4 game, then the 5-8 semi-finals
    # (5 beats 8, 6 beats 7), the 5/6 game (6 beats 5) and the 7/8 game (8 beats 7).
    games = [
        g(1, 1, 2, 1.0, label="final"),
        g(2, 4, 3, 1.0, label="third place", placement=True),
        g(3, 5, 8, 1.0, label="placing game", placement=True),
        g(3, 6, 7, 1.0, label="placing game", placement=True),
        g(4, 6, 5, 1.0, label="placing game", placement=True),
        g(5, 8, 7, 1.0, label="placing game", placement=True),
    ]
    assert knockout_order(BASE, games).order == (1, 2, 4, 3, 6, 5, 8, 7)


def test_the_one_pair_of_a_final_section_that_cannot_be_the_final_places_nobody() -> None:
    # As 20060211_EGP_CAMBRIDGE: %%Final 1 beats 2, then under %%Match 3/4 a game of 1
    # (the final's winner) against 3, lost: 1 cannot have won the final.
    games = [
        g(1, 1, 2, 1.0, label="final"),
        g(2, 3, 4, 1.0, label="third place", placement=True),
        g(2, 3, 1, 1.0, label="third place", placement=True),
    ]
    ko = knockout_order(BASE, games)
    assert ko.order == BASE and ko.unreadable is not None


def test_a_lone_play_off_into_a_final_group_only_swaps_its_two_players() -> None:
    # As 20080712_NationalOpen: %Playoff 6 beats 5, the rest is a round robin of the rounds.
    ko = knockout_order(BASE, [g(1, 5, 6, 0.0, label="play-off")])
    assert ko.order == (1, 2, 3, 4, 6, 5, 7, 8)
    assert ko.reached == {5: "play-off", 6: "play-off"}

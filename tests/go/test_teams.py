"""Go team tournaments: members, team pairing (OpenGotha's team files), team standings."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ratinglist.formats.go.opengotha_document import read_opengotha_document_file
from ratinglist.model.go import parse_rank
from ratinglist.model.go.team import GoTeam, TeamCriterion, TeamMember, TeamParameters
from ratinglist.model.go.tournament import (
    GoGame,
    GoParameters,
    GoPlayer,
    GoResult,
    GoTournament,
    Outcome,
)
from ratinglist.standings.go.team_scores import team_matches, team_standings
from ratinglist.tournament.games.go.teams import pair_teams


def test_member_is_copied_to_later_empty_rounds() -> None:
    team = GoTeam(1, "A", (TeamMember(2, 0, "OLD"),))
    team = team.with_member(0, 0, "NEW", rounds=4)
    assert [(m.round, m.player) for m in team.members] == [
        (0, "NEW"),
        (1, "NEW"),
        (2, "OLD"),
        (3, "NEW"),
    ]
    ranked = GoTeam(2, "B", (TeamMember(0, 0, "X"), TeamMember(0, 1, "Y")))
    assert ranked.ordered_by_rating(0, {"X": 1500, "Y": 2100}).board_players(0) == {0: "Y", 1: "X"}


def _player(name: str, rating: int) -> GoPlayer:
    return GoPlayer(name=name, first_name="x", rank=parse_rank("1k"), rating=rating)


def _game(r: int, white: str, black: str, outcome: Outcome) -> GoGame:
    return GoGame(r, 0, white, black, 0, GoResult(outcome))


def test_team_standings_by_the_rules() -> None:
    players = tuple(_player(n, 2000 + 10 * k) for k, n in enumerate("ABCDEF"))
    teams = (
        GoTeam(1, "one", (TeamMember(0, 0, "AX"), TeamMember(0, 1, "BX"))),
        GoTeam(2, "two", (TeamMember(0, 0, "CX"), TeamMember(0, 1, "DX"))),
        GoTeam(3, "three", (TeamMember(0, 0, "EX"), TeamMember(0, 1, "FX"))),
    )
    games = (
        _game(0, "AX", "CX", Outcome.WHITE_WINS),  # board 1: one wins
        _game(0, "DX", "BX", Outcome.JIGO),  # board 2: jigo -> one 3 (X2) vs two 1: one wins
    )
    t = GoTournament(GoParameters(), players, games)
    criteria = (TeamCriterion.TEAMP, TeamCriterion.BDW, TeamCriterion.BDW1U, TeamCriterion.MNR)
    params = TeamParameters(2, criteria)
    standings = team_standings(t, teams, params, last_round=0)
    assert [(s.team.name, s.place, s.values) for s in standings] == [
        # TEAMP 2 for a won match; BDW = 2 + 1 (X2); board 1 only: 2; MNR = (2000+2010)//2.
        ("one", 1, (2, 3, 2, 2005)),
        ("two", 2, (0, 1, 0, 2025)),
        ("three", 3, (0, 0, 0, 2045)),
    ]
    match = team_matches(t, teams, 2, 0)[1][0]
    assert match is not None and match.text(2) == "2+1.5"


@pytest.mark.realdata
@pytest.mark.parametrize(
    "name", ["opengotha/tournoi_equipe_LGO_2020.xml", "opengotha-rgf/TeamEGC2013.xml"]
)
def test_team_pairing_gives_opengotha_games(real_data: Path, name: str) -> None:
    doc = read_opengotha_document_file(real_data / "go" / name).document
    t, size = doc.tournament, doc.team_parameters.team_size
    teams = {team.number: team for team in doc.teams}
    checked = 0
    for r in range(t.parameters.general.number_of_rounds):
        before = replace(t, games=tuple(g for g in t.games if g.round < r))
        seen: set[int] = set()
        for number, matches in team_matches(t, doc.teams, size, r).items():
            match = matches[r]
            if match is None or number in seen:
                continue
            seen |= {number, match.opponent}
            first, second = teams[number], teams[match.opponent]
            members = {first.member(r, b) for b in range(size)} | {
                second.member(r, b) for b in range(size)
            }
            played = {
                (g.white, g.black, g.handicap)
                for g in t.games
                if g.round == r and g.white in members
            }
            # The file does not say which team the TD selected first: either order.
            options = [
                {(g.white, g.black, g.handicap) for g in pair_teams(before, a, b, size, r)}
                for a, b in ((first, second), (second, first))
            ]
            assert played in options, (r, first.name, second.name)
            checked += 1
    assert checked >= 35

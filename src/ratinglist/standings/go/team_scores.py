"""Team standings of a Go team tournament (GO.md section h).

A match is the games between the board members of two teams in one round. Each board's
points are the game points doubled (win 2, jigo 1, loss 0); the team's match points wx2 are
their sum, and the match is worth 2 (won: wx2 above both half the boards' total and the other
team's), 1 (equal) or 0. Criteria: TEAMP (sum of match values), SOST (sum of the opponents'
TEAMP), BDW (board wins, doubled), BDWxU (board wins on boards 1..x), MNR (sum of the ratings
of round 1's members / team size, integer). Teams sort on the criteria, each descending, then
by team number. A match counts once every game of it has a result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratinglist.model.go.team import GoTeam, TeamCriterion, TeamParameters
from ratinglist.model.go.tournament import GoGame, GoTournament, Outcome


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """One round of a team: the opponent team's number, board points (X2, board order);
    `finished` once every game of the match has a result (only finished matches count)."""

    round: int
    opponent: int
    boards_x2: tuple[int, ...]
    opponent_x2: int
    finished: bool = True

    @property
    def points_x2(self) -> int:
        """The team's match points, doubled."""
        return sum(self.boards_x2)

    def value(self, team_size: int) -> int:
        """2 won, 1 drawn, 0 lost."""
        if self.points_x2 > max(team_size, self.opponent_x2):
            return 2
        return 1 if self.points_x2 == self.opponent_x2 else 0

    def text(self, team_size: int) -> str:
        """``opp(3)+=(wins)``-style match string: opponent, +/=/-, board wins."""
        if not self.finished:
            return f"{self.opponent}?"
        mark = {2: "+", 1: "=", 0: "-"}[self.value(team_size)]
        wins = self.points_x2 / 2
        return f"{self.opponent}{mark}{wins:g}"


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """A team's line: place (shared when all criteria are equal), values, matches."""

    team: GoTeam
    place: int
    values: tuple[int, ...]
    matches: tuple[TeamMatch | None, ...]


def team_matches(
    t: GoTournament, teams: Sequence[GoTeam], team_size: int, last_round: int
) -> dict[int, list[TeamMatch | None]]:
    """Per team number, its match of each round 0..last_round (None: no match)."""
    games: dict[tuple[int, str], GoGame] = {}
    for g in t.games:
        games[(g.round, g.white)] = g
        games[(g.round, g.black)] = g
    team_of: dict[tuple[int, str], int] = {}
    for team in teams:
        for m in team.members:
            team_of[(m.round, m.player)] = team.number
    result: dict[int, list[TeamMatch | None]] = {}
    for team in teams:
        rounds: list[TeamMatch | None] = []
        for r in range(last_round + 1):
            boards = team.board_players(r)
            points: list[int] = []
            opponents: dict[int, int] = {}
            boards_against: dict[int, int] = {}
            unknown = 0
            for board in range(team_size):
                key = boards.get(board)
                game = games.get((r, key)) if key else None
                if game is None or key is None:
                    points.append(0)
                    continue
                white = game.white == key
                unknown += game.result.outcome is Outcome.UNKNOWN
                points.append(game.result.points_x2(white))
                other = team_of.get((r, game.opponent(key)))
                if other is not None:
                    opponents[other] = opponents.get(other, 0) + game.result.points_x2(not white)
                    boards_against[other] = boards_against.get(other, 0) + 1
            if not opponents:
                rounds.append(None)
                continue
            opponent = max(boards_against, key=lambda n: (boards_against[n], -n))
            rounds.append(TeamMatch(r, opponent, tuple(points), opponents[opponent], unknown == 0))
        result[team.number] = rounds
    return result


def team_standings(
    t: GoTournament,
    teams: Sequence[GoTeam],
    parameters: TeamParameters,
    last_round: int | None = None,
) -> tuple[TeamStanding, ...]:
    """The teams after round `last_round` (0-based; default the tournament's last), best first."""
    r = t.parameters.general.number_of_rounds - 1 if last_round is None else last_round
    size = parameters.team_size
    matches = team_matches(t, teams, size, r)
    teamp = {
        n: sum(m.value(size) for m in ms if m is not None and m.finished)
        for n, ms in matches.items()
    }
    ratings = {p.key: p.rating for p in t.players}

    def value(team: GoTeam, criterion: TeamCriterion) -> int:
        played = [m for m in matches[team.number] if m is not None and m.finished]
        if criterion is TeamCriterion.TEAMP:
            return teamp[team.number]
        if criterion is TeamCriterion.SOST:
            return sum(teamp.get(m.opponent, 0) for m in played)
        if criterion is TeamCriterion.BDW:
            return sum(m.points_x2 for m in played)
        if criterion.upper_boards:
            return sum(sum(m.boards_x2[: criterion.upper_boards]) for m in played)
        if criterion is TeamCriterion.MNR:
            first = team.board_players(0)
            return sum(ratings.get(k, 0) for k in first.values()) // size
        return 0

    criteria = parameters.criteria
    rows = sorted(
        ((tuple(value(team, c) for c in criteria), team) for team in teams),
        key=lambda row: (tuple(-v for v in row[0]), row[1].number),
    )
    standings: list[TeamStanding] = []
    for index, (values, team) in enumerate(rows, start=1):
        place = standings[-1].place if standings and standings[-1].values == values else index
        standings.append(TeamStanding(team, place, values, tuple(matches[team.number])))
    return tuple(standings)


def team_value(criterion: TeamCriterion, value: int) -> str:
    """A team criterion's value as shown: board wins (BDW, BDWxU, kept doubled) halved."""
    if criterion is TeamCriterion.BDW or criterion.upper_boards:
        whole, half = divmod(value, 2)
        if half:
            return f"{whole}½" if whole else "½"
        return str(whole)
    return str(value)

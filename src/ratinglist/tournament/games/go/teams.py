"""Pair two teams of a Go team tournament for a round (OpenGotha's manual team pairing).

GO.md section h: the match's colours come from the board-1 players' White/Black balance
(games without handicap); when it is equal the first team takes White on board 1. Boards 3,
5, ... have board 1's colours, boards 2, 4, ... the others, except a board with a handicap,
whose stronger player is White. Each board's handicap is that of a one-game pairing of its
two players (`game_between`). Tables are the first free ones of the round, in board order.
On OpenGotha's team files this gives every match's colours and handicaps, up to the choice of
the first team and the colour flips a TD makes by hand (see `docs/decisions.md`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ratinglist.errors import N_, NotAllowedNow, TournamentInputError
from ratinglist.model.go.team import GoTeam, TeamParameters
from ratinglist.model.go.tournament import GoGame, GoTournament
from ratinglist.pairing.go.costs import CostModel
from ratinglist.pairing.go.pair import game_between
from ratinglist.pairing.go.teams import TeamSeed, pair_team_round
from ratinglist.standings.go.team_scores import team_matches, team_standings
from ratinglist.tournament.games.go.pairing import gotha_round


def pair_teams(
    t: GoTournament, first: GoTeam, second: GoTeam, team_size: int, round_: int
) -> tuple[GoGame, ...]:
    """The games of the match `first` - `second` in (0-based) `round_`.

    Raises:
        TournamentError: a board has no member, a member cannot play the round, or
            already has a game in it.
    """
    rnd = gotha_round(t, round_)
    model = CostModel(rnd)
    busy = {k for g in t.games if g.round == round_ for k in (g.white, g.black)}
    used = {g.table for g in t.games if g.round == round_}
    games: list[GoGame] = []
    first_white = True
    table = 0
    for board in range(team_size):
        a, b = first.member(round_, board), second.member(round_, board)
        if a is None or b is None:
            missing = first.name if a is None else second.name
            raise TournamentInputError(
                N_("expected a player on board %(board)s of %(missing)r in round %(round_)s"),
                board=board + 1,
                missing=missing,
                round_=round_ + 1,
            )
        for key in (a, b):
            if key not in model.index:
                raise TournamentInputError(
                    N_("%(key)r cannot play round %(round_)s"), key=key, round_=round_ + 1
                )
            if key in busy:
                raise NotAllowedNow(
                    N_("%(key)r already has a game in round %(round_)s"), key=key, round_=round_ + 1
                )
        game = game_between(rnd, model, a, b)
        if board == 0:
            first_white = int(model.wb[model.index[a]]) <= int(model.wb[model.index[b]])
        white, black = game.white, game.black
        if game.handicap == 0:
            a_white = first_white if board % 2 == 0 else not first_white
            white, black = (a, b) if a_white else (b, a)
        table += 1
        while table in used:
            table += 1
        games.append(GoGame(round_, table, white, black, game.handicap))
    return tuple(games)


@dataclass(frozen=True, slots=True)
class TeamRound:
    """A round's team pairing: the matches (first team first, best first), the bye team,
    the games of every board (tables numbered match after match), and the teams with
    members that cannot play the round (a board empty or its player not playing)."""

    matches: tuple[tuple[GoTeam, GoTeam], ...]
    bye: GoTeam | None
    games: tuple[GoGame, ...]
    sitting_out: tuple[GoTeam, ...] = ()


def teams_in_round(teams: Sequence[GoTeam], round_: int) -> tuple[GoTeam, ...]:
    """The teams with members in (0-based) `round_` (complete or not)."""
    return tuple(team for team in teams if team.board_players(round_))


def playing_teams(
    t: GoTournament, teams: Sequence[GoTeam], team_size: int, round_: int
) -> tuple[GoTeam, ...]:
    """The teams whose every board has a member who plays (0-based) `round_` (final
    registration, participating); the others sit the round out."""
    able = {p.key for p in t.players if p.final and p.plays(round_)}
    return tuple(
        team
        for team in teams
        if all(team.member(round_, board) in able for board in range(team_size))
    )


def team_byes(
    t: GoTournament, teams: Sequence[GoTeam], team_size: int, round_: int
) -> dict[int, int]:
    """Per team number, its byes before `round_`: rounds it could play (`playing_teams`)
    without a match while other teams played."""
    if round_ <= 0:
        return {}
    matches = team_matches(t, teams, team_size, round_ - 1)
    byes: dict[int, int] = {}
    for r in range(round_):
        if all(ms[r] is None for ms in matches.values()):
            continue
        for team in playing_teams(t, teams, team_size, r):
            if matches[team.number][r] is None:
                byes[team.number] = byes.get(team.number, 0) + 1
    return byes


def team_seeds(
    t: GoTournament, teams: Sequence[GoTeam], parameters: TeamParameters, round_: int
) -> list[TeamSeed]:
    """The teams able to play `round_` (`playing_teams`) in their team standings order after
    the previous round (criteria, then team number), best first."""
    size = parameters.team_size
    present = {team.number for team in playing_teams(t, teams, size, round_)}
    standings = team_standings(t, teams, parameters, round_ - 1)
    matches = team_matches(t, teams, size, round_ - 1)
    byes = team_byes(t, teams, size, round_)
    ordered = [s for s in standings if s.team.number in present]
    return [
        TeamSeed(
            s.team.number,
            sum(m.value(size) for m in matches[s.team.number] if m is not None and m.finished),
            byes.get(s.team.number, 0),
        )
        for s in ordered
    ]


def met_before(
    t: GoTournament, teams: Sequence[GoTeam], team_size: int, round_: int
) -> list[tuple[int, int]]:
    """The matches of the rounds before `round_`, one (low, high) pair per meeting."""
    if round_ <= 0:
        return []
    met = []
    for number, ms in team_matches(t, teams, team_size, round_ - 1).items():
        met += [(number, m.opponent) for m in ms if m is not None and number < m.opponent]
    return met


def pair_team_matches(
    t: GoTournament,
    matches: Sequence[tuple[GoTeam, GoTeam]],
    team_size: int,
    round_: int,
) -> tuple[GoGame, ...]:
    """The games of `matches` in `round_`, tables numbered match after match.

    Raises:
        TournamentError: a team twice, or a match that cannot be paired (`pair_teams`).
    """
    seen: set[int] = set()
    games: list[GoGame] = []
    current = t
    for first, second in matches:
        for team in (first, second):
            if team.number in seen:
                raise TournamentInputError(
                    N_("expected each team in one match of round %(round_)s, got %(name)r twice"),
                    round_=round_ + 1,
                    name=team.name,
                )
            seen.add(team.number)
        new = pair_teams(current, first, second, team_size, round_)
        games += new
        current = replace(current, games=(*current.games, *new))
    return tuple(games)


def auto_pair_teams(
    t: GoTournament, teams: Sequence[GoTeam], parameters: TeamParameters, round_: int
) -> TeamRound:
    """Pair the teams with members in (0-based) `round_` automatically
    (`pairing.go.teams.pair_team_round`), then each match's boards (`pair_teams`).

    Raises:
        TournamentError: a game of the round already exists, or a match cannot be paired.
    """
    if any(g.round == round_ for g in t.games):
        raise NotAllowedNow(
            N_("expected round %(round_)s without games, got some paired"), round_=round_ + 1
        )
    earlier = replace(t, games=tuple(g for g in t.games if g.round < round_))
    size = parameters.team_size
    seeds = team_seeds(earlier, teams, parameters, round_)
    pairing = pair_team_round(seeds, met_before(earlier, teams, size, round_))
    by_number = {team.number: team for team in teams}
    matches = tuple((by_number[a], by_number[b]) for a, b in pairing.matches)
    games = pair_team_matches(earlier, matches, size, round_)
    bye = None if pairing.bye is None else by_number[pairing.bye]
    able = {team.number for team in playing_teams(earlier, teams, size, round_)}
    out = tuple(team for team in teams_in_round(teams, round_) if team.number not in able)
    return TeamRound(matches, bye, games, out)

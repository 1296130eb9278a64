"""Team use cases of a directed Go tournament: enter teams, set their members, pair the
teams of a round (automatically or as the director says), team standings.

Each write is one transaction on the tournament's log (`service.tournament_log.write`):
`GoTeamEntered` and `GoTeamBoards` events, and a team pairing is the round's `GoPaired`
(the games of every board). Teams are named by number or by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratinglist.errors import (
    N_,
    NotAllowedNow,
    NotFoundError,
    NotOffered,
    TournamentInputError,
)
from ratinglist.model import PlayerId
from ratinglist.model.directed import Person, RoundView
from ratinglist.model.go.team import (
    GoTeam,
)
from ratinglist.service.actor import Actor
from ratinglist.standings.go.team_scores import team_value as team_value
from ratinglist.store import Store
from ratinglist.tournament.games.go import events as go_events
from ratinglist.tournament.games.go.director import go_person
from ratinglist.tournament.games.go.state import GoState, board_clash, go_play


@dataclass(frozen=True, slots=True)
class TeamLine:
    """A team and its players of one round, board 1 first (None: an empty board)."""

    number: int
    name: str
    boards: tuple[Person | None, ...]


@dataclass(frozen=True, slots=True)
class TeamsView:
    """The teams of a tournament with their members in round `round`."""

    tournament: str
    round: int
    team_size: int
    teams: tuple[TeamLine, ...]


@dataclass(frozen=True, slots=True)
class TeamPairingView:
    """A round paired by teams: the matches (first team first), the bye team, the teams
    that could not play, and the round's tables."""

    matches: tuple[tuple[TeamLine, TeamLine], ...]
    bye: TeamLine | None
    sitting_out: tuple[TeamLine, ...]
    round: RoundView


@dataclass(frozen=True, slots=True)
class TeamStandingLine:
    """A team's line: place (``tied`` shares the previous place), values as shown (board
    wins halved: ``4½``), match strings (``3+2``: against team 3, won, 2 board wins)."""

    place: int
    tied: bool
    number: int
    name: str
    values: tuple[str, ...]
    matches: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TeamStandingsView:
    """Team standings after round `through` on the team criteria `criteria`."""

    tournament: str
    through: int
    criteria: tuple[str, ...]
    lines: tuple[TeamStandingLine, ...]


def find_team(s: GoState, text: str) -> GoTeam:
    """The team numbered or named `text` (name: case-insensitive)."""
    word = text.strip()
    for team in s.teams:
        if word == str(team.number) or word.casefold() == team.name.casefold():
            return team
    known = ", ".join(f"{t.number} {t.name}" for t in s.teams) or "none entered"
    raise NotFoundError(
        N_("expected a team number or name (%(known)s), got %(text)r"), known=known, text=text
    )


def team_line(s: GoState, team: GoTeam, round_number: int) -> TeamLine:
    """`team` with its players of (1-based) `round_number`."""
    numbers = s.numbers()
    boards = team.board_players(round_number - 1)
    size = max([s.team_parameters.team_size, *(b + 1 for b in boards)])
    return TeamLine(
        team.number,
        team.name,
        tuple(
            go_person(s, numbers[boards[b]]) if b in boards and boards[b] in numbers else None
            for b in range(size)
        ),
    )


def _teams_view(s: GoState, name: str, round_number: int) -> TeamsView:
    return TeamsView(
        name,
        round_number,
        s.team_parameters.team_size,
        tuple(team_line(s, t, round_number) for t in s.teams),
    )


def add_teams(db: Store, tournament: int, names: Sequence[str], actor: Actor) -> TeamsView:
    """Enter teams (numbered after the last one); the teams with their next round's members."""
    from ratinglist.service.tournaments.log import loaded, write

    if not names:
        raise TournamentInputError(N_("expected team names to enter, got none"))
    base = loaded(db, tournament)
    s = go_play(base.folded)
    first = max((t.number for t in s.teams), default=0) + 1
    actions = [go_events.GoTeamEntered(first + k, n) for k, n in enumerate(names)]
    d = write(db, base, actions, actor)
    after = go_play(d)
    return _teams_view(after, d.settings.name, min(after.paired + 1, after.number_of_rounds))


def set_team_boards(
    db: Store,
    tournament: int,
    team: str,
    players: Sequence[int],
    actor: Actor,
    round_number: int | None = None,
    by_rating: bool = False,
) -> TeamsView:
    """Set a team's players of a round (default: the next), board 1 first (0: empty board);
    they stay for the later rounds whose boards are empty (OpenGotha's rule). `by_rating`
    puts them in rating order instead, the highest on board 1 (GO.md h), empty boards last.

    Raises:
        TournamentError: the round is paired, a player is unknown or already on a board.
    """
    from ratinglist.service.tournaments.log import loaded, write

    base = loaded(db, tournament)
    s = go_play(base.folded)
    k = s.paired + 1 if round_number is None else round_number
    if k > s.number_of_rounds:
        raise TournamentInputError(
            N_("expected a round of the tournament (1-%(number_of_rounds)s), got round %(k)s"),
            number_of_rounds=s.number_of_rounds,
            k=k,
        )
    found = find_team(s, team)
    chosen = [PlayerId(p) for p in players]
    for pid in chosen:
        if int(pid) != 0:
            s.key(pid)
    if by_rating:
        chosen.sort(key=lambda p: (int(p) == 0, -s.player(p).rating if p else 0, int(p)))
    event = go_events.GoTeamBoards(found.number, k, tuple(chosen))
    clash = board_clash(s, event)
    if clash is not None:
        raise NotAllowedNow(clash)
    d = write(db, base, [event], actor)
    return _teams_view(go_play(d), d.settings.name, k)


def show_teams(db: Store, tournament: int, round_number: int | None = None) -> TeamsView:
    """The teams and their players of a round (default: the next one to pair, or the last)."""
    from ratinglist.service.tournaments.log import loaded

    d = loaded(db, tournament).folded
    s = go_play(d)
    k = min(s.paired + 1, s.number_of_rounds) if round_number is None else round_number
    if not 1 <= k <= s.number_of_rounds:
        raise TournamentInputError(
            N_("expected a round 1-%(number_of_rounds)s, got %(k)s"),
            number_of_rounds=s.number_of_rounds,
            k=k,
        )
    return _teams_view(s, d.settings.name, k)


def pair_team_round(
    db: Store,
    tournament: int,
    actor: Actor,
    matches: Sequence[tuple[str, str]] | None = None,
) -> TeamPairingView:
    """Pair the next round by teams and publish it: `matches` as the director gives them
    (first team first), or automatically (`tournament.go_teams.auto_pair_teams`). Each
    match's boards are paired as OpenGotha pairs two teams (`pair_teams`).

    Raises:
        TournamentError: a result of an earlier round is missing, a team is named twice, or
            a board has no player who can play.
    """
    from ratinglist.service.tournaments.log import loaded, write
    from ratinglist.service.tournaments.views import round_view
    from ratinglist.tournament.games.go.play import round_to_pair
    from ratinglist.tournament.games.go.teams import (
        TeamRound,
        auto_pair_teams,
        pair_team_matches,
        playing_teams,
    )

    base = loaded(db, tournament)
    s = go_play(base.folded)
    if not s.teams:
        raise NotAllowedNow(N_("expected teams to pair (tournament team add), got none"))
    k = round_to_pair(s)
    t = s.tournament()
    size = s.team_parameters.team_size
    if matches is None:
        paired = auto_pair_teams(t, s.teams, s.team_parameters, k - 1)
    else:
        chosen = tuple((find_team(s, a), find_team(s, b)) for a, b in matches)
        if not chosen:
            raise TournamentInputError(N_("expected matches such as 1:2, got none"))
        games = pair_team_matches(t, chosen, size, k - 1)
        able = {x.number for x in playing_teams(t, s.teams, size, k - 1)}
        out = tuple(x for x in s.teams if x.number not in able and x.board_players(k - 1))
        paired = TeamRound(chosen, None, games, out)
    number = s.numbers()
    event = go_events.GoPaired(
        k, tuple((number[g.white], number[g.black], g.handicap, g.table) for g in paired.games)
    )
    d = write(db, base, [event], actor)
    after = go_play(d)
    return TeamPairingView(
        tuple((team_line(after, a, k), team_line(after, b, k)) for a, b in paired.matches),
        None if paired.bye is None else team_line(after, paired.bye, k),
        tuple(team_line(after, x, k) for x in paired.sitting_out),
        round_view(d, k, base.seq + 1),
    )


def team_standings_view(
    db: Store, tournament: int, through: int | None = None
) -> TeamStandingsView:
    """The team standings after round `through` (default: the last with a result) on the
    tournament's team criteria (GO.md h)."""
    from ratinglist.model.go.tournament import Outcome
    from ratinglist.service.tournaments.log import loaded
    from ratinglist.standings.go.team_scores import team_standings

    d = loaded(db, tournament).folded
    s = go_play(d)
    if not s.teams:
        raise NotOffered(
            N_("expected a team tournament, got %(name)r without teams"), name=d.settings.name
        )
    t = s.tournament()
    played = [g.round for g in t.games if g.result.outcome is not Outcome.UNKNOWN]
    last = (max(played) + 1 if played else 0) if through is None else through
    if not 0 <= last <= s.number_of_rounds:
        raise TournamentInputError(
            N_("expected a round 0-%(number_of_rounds)s, got %(last)s"),
            number_of_rounds=s.number_of_rounds,
            last=last,
        )
    params = s.team_parameters
    rows = team_standings(t, s.teams, params, last - 1)
    size = params.team_size
    lines: list[TeamStandingLine] = []
    for row in rows:
        lines.append(
            TeamStandingLine(
                place=row.place,
                tied=bool(lines) and lines[-1].place == row.place,
                number=row.team.number,
                name=row.team.name,
                values=tuple(
                    team_value(c, v) for c, v in zip(params.criteria, row.values, strict=True)
                ),
                matches=tuple("-" if m is None else m.text(size) for m in row.matches),
            )
        )
    return TeamStandingsView(
        d.settings.name, last, tuple(c.value for c in params.criteria), tuple(lines)
    )

"""An OpenGotha tournament as the event log of a directed tournament.

`opengotha_log` turns a `GoTournament` (read from OpenGotha's XML) into the log a director
would have written: the creation with every parameter set, one registration per player in
the file's order (numbered 1, 2, ...), the teams of a team file with their members round by
round (only where OpenGotha's copying to later rounds does not already give them), then for
each round its games and byes and the known results. Folding the log gives back the same
tournament: ``fold(log).go.document()`` has the file's players, games (by round and table),
byes, parameters and teams. Games and byes naming no registered player (the reader's W503)
are left out. Player keys are expected canonical (`opengotha_document.canonical_keys`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ratinglist.model import PlayerId
from ratinglist.model.go import format_rank
from ratinglist.model.go.team import GoTeam, TeamParameters
from ratinglist.model.go.tournament import MAX_ROUNDS, GoGame, GoTournament, Outcome
from ratinglist.tournament.events import GO, Created, Event, Settings
from ratinglist.tournament.games.go.events import (
    GoPaired,
    GoRegistered,
    GoResultEntered,
    GoTeamBoards,
    GoTeamEntered,
)
from ratinglist.tournament.games.go.settings import go_settings
from ratinglist.tournament.games.go.state import DETAIL_FIELDS


def team_log(teams: Sequence[GoTeam], team_size: int, number: dict[str, PlayerId]) -> list[Event]:
    """The entries of `teams` (in their order) and the members events that give each round's
    boards as the teams have them (players unknown to `number` leave their board empty)."""
    log: list[Event] = []
    for team in teams:
        log.append(GoTeamEntered(team.number, team.name))
        current = GoTeam(team.number, team.name)
        for r in range(MAX_ROUNDS):
            wanted = {b: k for b, k in team.board_players(r).items() if k in number}
            if current.board_players(r) == wanted:
                continue
            players = tuple(
                number[wanted[b]] if b in wanted else PlayerId(0) for b in range(team_size)
            )
            log.append(GoTeamBoards(team.number, r + 1, players))
            for b, pid in enumerate(players):
                current = (
                    current.without_member(r, b)
                    if int(pid) == 0
                    else current.with_member(r, b, wanted[b], MAX_ROUNDS)
                )
    return log


def opengotha_log(
    t: GoTournament,
    *,
    name: str,
    start: str,
    end: str | None,
    seed: int = 0,
    teams: Sequence[GoTeam] = (),
    team_parameters: TeamParameters | None = None,
) -> list[Event]:
    """The log of `t`: creation, registrations, teams, then each round's pairing and results.

    `name` and `start` (YYYY-MM-DD) name the tournament in the store; the country is the
    most common one among the players. `teams` and `team_parameters` are a team file's.
    """
    countries = Counter(p.country for p in t.players if p.country)
    country = countries.most_common(1)[0][0] if countries else ""
    general = t.parameters.general
    settings = Settings(
        name=name,
        country=country,
        start=start,
        end=end if end is None or end >= start else None,
        sender="OpenGotha file",
        system=t.parameters.system.value,
        rounds=general.number_of_rounds,
        seed=seed,
        game=GO,
        go=go_settings(t.parameters.system, t.parameters, t.clubs_groups, team_parameters),
    )
    log: list[Event] = [Created(settings)]
    number: dict[str, PlayerId] = {}
    for n, p in enumerate(t.players, start=1):
        number[p.key] = PlayerId(n)
        log.append(
            GoRegistered(
                PlayerId(n),
                p.name,
                p.first_name,
                format_rank(p.rank),
                p.rating,
                country=p.country,
                club=p.club,
                egf_pin=p.egf_pin,
                ffg_licence=p.ffg_licence,
                aga_id=p.aga_id,
                final=p.final,
                smms_correction=p.smms_correction,
                not_playing=tuple(r + 1 for r in range(MAX_ROUNDS) if not p.plays(r)),
                details=tuple((f, str(getattr(p, f))) for f in DETAIL_FIELDS if getattr(p, f)),
            )
        )
    size = (team_parameters or TeamParameters()).team_size
    log += team_log(teams, size, number)
    last = max([g.round for g in t.games] + [b.round for b in t.byes], default=-1)
    # A game or bye naming no registered player was reported by the reader (W503).
    games_of: dict[int, list[GoGame]] = {}
    for g in t.games:
        if g.white in number and g.black in number:
            games_of.setdefault(g.round, []).append(g)
    byes_of: dict[int, list[PlayerId]] = {}
    for b in t.byes:
        if b.player in number:
            byes_of.setdefault(b.round, []).append(number[b.player])
    for r in range(last + 1):
        games = games_of.get(r, [])
        log.append(
            GoPaired(
                r + 1,
                tuple((number[g.white], number[g.black], g.handicap, g.table) for g in games),
                tuple(byes_of.get(r, ())),
                tuple(g.table for g in games if not g.known_colour),
            )
        )
        log.extend(
            GoResultEntered(
                r + 1,
                number[g.white],
                number[g.black],
                g.result.outcome.value,
                g.result.by_default,
            )
            for g in games
            if g.result.outcome is not Outcome.UNKNOWN
        )
    return log

"""A Go team tournament on the web: the director's page ``/td/{tid}/teams`` (enter teams,
set each team's boards, pair the next round by teams automatically or by hand, the team
standings), the same service calls as ``ratinglist tournament team add|boards|pair|standings``
(`service.tournaments.games.go.teams`). The director page's "Pair round" pairs a team
tournament by teams too (`Game.next_round`). Every POST redirects back to the page with its
outcome (post/redirect/get).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Form, Request
from fastapi.responses import Response

from ratinglist.errors import N_, NotOffered, RatinglistError, TournamentInputError
from ratinglist.i18n import _
from ratinglist.i18n.messages import translate_error
from ratinglist.service.tournaments.games.go.edits import go_players
from ratinglist.service.tournaments.games.go.teams import (
    add_teams,
    pair_team_round,
    set_team_boards,
    show_teams,
    team_standings_view,
)
from ratinglist.web.auth import Director
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import db_url
from ratinglist.web.views.games.go.edit import OFFERED
from ratinglist.web.views.td_redirect import _act_at, _back, _render

router = APIRouter(prefix="/td", include_in_schema=False, dependencies=[OFFERED])
api = APIRouter(prefix="/api/v1/td", tags=["tournament director"], dependencies=[OFFERED])
TEAMS = "/teams"
LONG = 2000
"""The longest list typed in one field (team names, players, matches)."""


def _words(text: str) -> list[str]:
    """Items typed one a line or separated by commas or spaces (player numbers, matches)."""
    return [w for w in text.replace(",", " ").split() if w]


def _numbers(text: str) -> list[int]:
    out = []
    for word in _words(text):
        if not word.isdigit():
            raise TournamentInputError(
                N_("expected player numbers, board 1 first (0: an empty board), got %(word)r"),
                word=word,
            )
        out.append(int(word))
    return out


def _matches(text: str) -> list[tuple[str, str]] | None:
    found = []
    for word in _words(text):
        first, sep, second = word.partition(":")
        if not sep or not first or not second:
            raise TournamentInputError(
                N_("expected matches as TEAM:TEAM (e.g. 1:4), got %(word)r"), word=word
            )
        found.append((first, second))
    return found or None


@router.get("/{tid}/teams")
def teams_page(request: Request, tid: int, who: Director) -> Response:
    """The teams with their boards of the next round, the forms, the team standings."""
    db = db_url(request)
    try:
        view = show_teams(db, tid)
        players = go_players(db, tid)
    except NotOffered:
        raise
    except RatinglistError as exc:
        return _back(request, tid, who, translate_error(exc), "error")
    try:
        standings = team_standings_view(db, tid)
    except NotOffered:
        standings = None  # no team yet
    context = {
        "t": view,
        "players": players,
        "standings": standings,
        "tid": tid,
        "who": who,
        "csrf": who.csrf,
    }
    return _render(request, tid, who, "games/go/teams.html", context)


@router.post("/{tid}/teams/add")
def add(
    request: Request, tid: int, who: Director, names: Annotated[str, Form(max_length=LONG)]
) -> Response:
    """Enter teams, one name a line."""
    typed = [n.strip() for n in names.splitlines() if n.strip()]

    def action() -> str:
        view = add_teams(db_url(request), tid, typed, who.actor)
        return _("%(n)s teams entered; %(teams)s teams", n=len(typed), teams=len(view.teams))

    return _act_at(request, tid, who, TEAMS, action, kept={"names": names})


@router.post("/{tid}/teams/boards")
def boards(
    request: Request,
    tid: int,
    who: Director,
    team: Annotated[str, Form(max_length=100)],
    players: Annotated[str, Form(max_length=LONG)] = "",
    round: Annotated[int | None, Form(ge=1, le=20)] = None,
    by_rating: Annotated[bool, Form()] = False,
) -> Response:
    """Set a team's players of a round (default: the next), board 1 first; they stay for
    the later rounds whose boards are empty (OpenGotha's rule)."""

    def action() -> str:
        chosen = _numbers(players)
        view = set_team_boards(db_url(request), tid, team, chosen, who.actor, round, by_rating)
        line = next(t for t in view.teams if team in (str(t.number), t.name))
        shown = ", ".join(p.name if p else _("empty") for p in line.boards)
        return _(
            "team %(name)s, round %(n)s: %(boards)s", name=line.name, n=view.round, boards=shown
        )

    return _act_at(request, tid, who, TEAMS, action, kept={f"players-{team}": players})


@router.post("/{tid}/teams/pair")
def pair(
    request: Request,
    tid: int,
    who: Director,
    team_matches: Annotated[str, Form(max_length=LONG)] = "",
) -> Response:
    """Pair the next round by teams: the matches typed (``1:4 2:3``, first team first),
    or automatically when none is typed."""

    def action() -> str:
        view = pair_team_round(db_url(request), tid, who.actor, _matches(team_matches))
        played = "; ".join(f"{a.name} - {b.name}" for a, b in view.matches)
        n = view.round.number
        if view.bye is not None:
            return _(
                "round %(n)s paired by teams: %(matches)s; bye %(bye)s",
                n=n,
                matches=played,
                bye=view.bye.name,
            )
        return _("round %(n)s paired by teams: %(matches)s", n=n, matches=played)

    # not ``matches``: a form field of that name hides the form element's ``matches()``
    return _act_at(request, tid, who, TEAMS, action, kept={"team_matches": team_matches})

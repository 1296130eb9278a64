"""The tournament director's pages (``/td``): the same service calls as the TD API and the
CLI, as forms that work on a phone.

Every form carries the session's CSRF token; every write form also carries the log's event
number the page was drawn at (`based_on`), so a result entered on a stale page is stored
unless another device changed the same game meanwhile; then the page answers 409 and shows
the refusal above the current state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from ratinglist.errors import ConflictError, RatinglistError
from ratinglist.model.account import may_create_tournament, may_direct, may_enter_results
from ratinglist.service.accounts import SignedIn
from ratinglist.service.tournament_results import ResultSpec, enter_result
from ratinglist.service.tournament_server import (
    class_names,
    invite_assistant,
    live_view,
    running,
    special_results,
    system_names,
)
from ratinglist.service.tournament_views import standings, submit
from ratinglist.service.tournaments import (
    Entry,
    NewSettings,
    new_tournament,
    pair,
    register_players,
    start_finals,
    undo,
    withdraw,
)
from ratinglist.web.auth import Creator, Director, Reporter, signed_in
from ratinglist.web.templating import templates
from ratinglist.web.views.common import NO_STORE, db_url

router = APIRouter(prefix="/td", include_in_schema=False)


def _back(tid: int, message: str, where: str = "") -> RedirectResponse:
    return RedirectResponse(f"/td/{tid}{where}?msg={quote(message)}", status_code=303)


def _page(
    request: Request, tid: int, who: SignedIn, status: int = 200, error: str | None = None
) -> Response:
    live = live_view(db_url(request), tid)
    context: dict[str, Any] = {
        "v": live,
        "who": who,
        "csrf": who.csrf,
        "director": may_direct(who.account, tid),
        "specials": special_results(),
        "classes": class_names(),
        "message": request.query_params.get("msg"),
        "error": error,
    }
    return templates.TemplateResponse(
        request, "td_tournament.html", context, status_code=status, headers=NO_STORE
    )


def _act(request: Request, tid: int, who: SignedIn, action: Callable[[], str]) -> Response:
    """Run a write; success goes back to the tournament page with its message, a refusal
    shows the page again with the reason (409 for a conflict with another device)."""
    try:
        done = action()
    except ConflictError as exc:
        return _page(request, tid, who, 409, f"Another device changed this meanwhile: {exc}")
    except RatinglistError as exc:
        return _page(request, tid, who, 400, str(exc))
    return _back(tid, done)


@router.get("")
def home(request: Request) -> Response:
    """The signed-in user's tournaments, and the form to create one."""
    who = signed_in(request)
    assert who is not None  # the gate guarantees a session on /td
    mine = [o for o in running(db_url(request)) if may_enter_results(who.account, o.id)]
    context = {
        "who": who,
        "csrf": who.csrf,
        "mine": mine,
        "may_create": may_create_tournament(who.account),
        "systems": system_names(),
    }
    return templates.TemplateResponse(request, "td_home.html", context, headers=NO_STORE)


@router.post("/new")
def create(
    request: Request,
    who: Creator,
    name: Annotated[str, Form(min_length=1, max_length=200)],
    country: Annotated[str, Form(min_length=2, max_length=100)],
    start_date: Annotated[str, Form(pattern=r"^\d{4}-\d{2}-\d{2}$")],
    rounds: Annotated[int, Form(ge=1, le=30)] = 13,
    system: Annotated[str, Form(max_length=40)] = "",
) -> Response:
    """Create a tournament; the user becomes its director."""
    settings = NewSettings(
        name=name, country=country, start=start_date, rounds=rounds, system=system or None
    )
    made = new_tournament(db_url(request), settings, who.actor, director=who.account.name)
    return _back(made.id, f"created {made.name}")


@router.get("/{tid}")
def tournament_page(request: Request, tid: int, who: Reporter) -> Response:
    """Registration, the current round with its result forms, the standings, the actions."""
    return _page(request, tid, who)


@router.post("/{tid}/players")
def add_players(
    request: Request,
    tid: int,
    who: Director,
    players: Annotated[str, Form(max_length=5000)] = "",
    surname: Annotated[str, Form(max_length=100)] = "",
    firstname: Annotated[str, Form(max_length=100)] = "",
    country: Annotated[str, Form(max_length=100)] = "",
) -> Response:
    """Register players by ID or name (one per line), or one new player."""
    queries = [line.strip() for line in players.splitlines() if line.strip()]

    def action() -> str:
        done = register_players(
            db_url(request),
            str(tid),
            queries,
            who.actor,
            new_player=f"{surname}, {firstname}" if surname.strip() else None,
            new_country=country or None if surname.strip() else None,
            entry=Entry(),
        )
        names = [r.player.name for r in done.found]
        if done.new_player is not None:
            names.append(f"{done.new_player.name} (new ID {done.new_player.id})")
        return f"registered {', '.join(names)}; {done.entrants} players"

    return _act(request, tid, who, action)


@router.post("/{tid}/withdraw")
def withdraw_player(
    request: Request, tid: int, who: Director, player: Annotated[int, Form()]
) -> Response:
    """Withdraw a player from the next round on."""

    def action() -> str:
        done = withdraw(db_url(request), str(tid), player, who.actor)
        return f"{done.player.name} withdrawn from round {done.round}"

    return _act(request, tid, who, action)


@router.post("/{tid}/pair")
def pair_round(request: Request, tid: int, who: Director) -> Response:
    """Pair the next round."""

    def action() -> str:
        done = pair(db_url(request), str(tid), who.actor)
        return f"round {done.number} paired: {len(done.tables)} tables"

    return _act(request, tid, who, action)


@router.post("/{tid}/result")
def add_result(
    request: Request,
    tid: int,
    who: Reporter,
    round: Annotated[str, Form(max_length=10)],
    table: Annotated[int | None, Form(ge=1)] = None,
    black: Annotated[int | None, Form()] = None,
    white: Annotated[int | None, Form()] = None,
    score: Annotated[str, Form(max_length=10)] = "",
    special: Annotated[str, Form(max_length=20)] = "",
    winner: Annotated[int | None, Form()] = None,
    based_on: Annotated[int | None, Form(ge=1)] = None,
    correction: Annotated[bool, Form()] = False,
) -> Response:
    """Enter (or correct) the result of a table (a finals game: by its two players)."""
    spec = ResultSpec(
        round=round,
        table=table,
        black=None if table is not None else black,
        white=None if table is not None else white,
        score=score.strip() or None,
        special=special or None,
        winner=winner,
    )

    def action() -> str:
        done = enter_result(
            db_url(request), str(tid), spec, who.actor, correction=correction, based_on=based_on
        )
        verb = "corrected" if done.corrected else "entered"
        where = f"table {table}" if table is not None else done.round
        return (
            f"{where}: {done.black.name} {done.black_discs}-{done.white_discs} "
            f"{done.white.name} {verb}"
        )

    return _act(request, tid, who, action)


@router.post("/{tid}/undo")
def undo_last(request: Request, tid: int, who: Director) -> Response:
    """Cancel the latest action in force."""

    def action() -> str:
        return f"undid: {undo(db_url(request), str(tid), who.actor).what}"

    return _act(request, tid, who, action)


@router.post("/{tid}/finals")
def finals(request: Request, tid: int, who: Director) -> Response:
    """Start the finals."""

    def action() -> str:
        done = start_finals(db_url(request), str(tid), who.actor)
        return f"finals started: {len(done.games)} games"

    return _act(request, tid, who, action)


@router.post("/{tid}/assistants")
def add_assistant(
    request: Request, tid: int, who: Director, user: Annotated[str, Form(max_length=64)]
) -> Response:
    """Let an existing user enter results."""

    def action() -> str:
        invite_assistant(db_url(request), tid, user.strip(), who.actor)
        return f"{user.strip()} may now enter results"

    return _act(request, tid, who, action)


@router.post("/{tid}/submit")
def submit_results(request: Request, tid: int, who: Director) -> Response:
    """Close the tournament and send its results file to the rating officer."""

    def action() -> str:
        done = submit(db_url(request), str(tid), who.actor)
        return f"submitted {done.name}: {done.games} games ({done.status})"

    return _act(request, tid, who, action)


@router.get("/{tid}/standings")
def standings_page(request: Request, tid: int, who: Reporter, cls: str | None = None) -> Response:
    """The standings, of one class if chosen."""
    view = standings(db_url(request), str(tid), cls or None)
    context = {"s": view, "tid": tid, "classes": class_names(), "chosen": cls or ""}
    return templates.TemplateResponse(request, "td_standings.html", context, headers=NO_STORE)

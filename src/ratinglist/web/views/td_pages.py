"""The tournament director's pages (``/td``): the home page, a new tournament, the
tournament's page, registering and withdrawing players, the exports, the forecast and the
standings; the same service calls as the TD API and the CLI, as forms that work on a phone
(the forms' round trip: `td_redirect`; results and undo: `td_results`; finals, assistants
and submission: `td_finish`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Form, Query, Request
from fastapi.responses import RedirectResponse, Response

from ratinglist.errors import (
    RatinglistError,
)
from ratinglist.i18n import _
from ratinglist.i18n.messages import translate_error
from ratinglist.model.account import may_create_tournament, may_enter_results
from ratinglist.model.directed import NewSettings
from ratinglist.model.player import NamesakeConflict
from ratinglist.service.tournaments.actions import (
    Entry,
    NotRegistered,
    new_tournament,
    register_players,
    withdraw,
)
from ratinglist.service.tournaments.forecast import forecast
from ratinglist.service.tournaments.page import standings_page as standings_page_of
from ratinglist.service.tournaments.paging import RowFilter
from ratinglist.service.tournaments.server import (
    finished,
    game_choices,
    live_view,
    running,
    system_names,
)
from ratinglist.service.tournaments.views import download
from ratinglist.web.auth import Creator, Director, Reporter, signed_in
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import NO_STORE, db_url
from ratinglist.web.views.games import new_options_form, new_options_typed
from ratinglist.web.views.td_redirect import (
    HOME,
    _act,
    _back,
    _confirm,
    _offer,
    _page,
    _render,
    _row_filter,
)

router = APIRouter(prefix="/td", include_in_schema=False)


@router.get("")
def home(request: Request) -> Response:
    """The signed-in user's tournaments, and the form to create one."""
    who = signed_in(request)
    assert who is not None  # the gate guarantees a session on /td
    mine = [o for o in running(db_url(request)) if may_enter_results(who.account, o.id)]
    done = [o for o in finished(db_url(request)) if may_enter_results(who.account, o.id)]
    context = {
        "who": who,
        "csrf": who.csrf,
        "mine": mine,
        "done": done,
        "may_create": may_create_tournament(who.account),
        "systems": system_names(),
        "games": game_choices(),
    }
    return _render(request, HOME, who, "td_home.html", context)


@router.post("/new")
def create(
    request: Request,
    who: Creator,
    name: Annotated[str, Form(min_length=1, max_length=200)],
    country: Annotated[str, Form(min_length=2, max_length=100)],
    start_date: Annotated[str, Form(pattern=r"^\d{4}-\d{2}-\d{2}$")],
    options: Annotated[dict[str, Any], Depends(new_options_form())],
    typed_options: Annotated[dict[str, str], Depends(new_options_typed())],
    end_date: Annotated[str, Form(pattern=r"^(\d{4}-\d{2}-\d{2})?$")] = "",
    rounds: Annotated[int | None, Form(ge=1, le=30)] = None,
    system: Annotated[str, Form(max_length=40)] = "",
    game: Annotated[str, Form(max_length=20)] = "othello",
    bar: Annotated[str, Form(max_length=4)] = "",
    floor: Annotated[str, Form(max_length=4)] = "",
    criteria: Annotated[str, Form(max_length=100)] = "",
    team_size: Annotated[int | None, Form(ge=2, le=10)] = None,
    team_criteria: Annotated[str, Form(max_length=100)] = "",
) -> Response:
    """Create a tournament of a game (Othello by default; Go with its system, bar, floor,
    placement criteria and other settings); the user becomes its director."""
    settings = NewSettings(
        name=name,
        country=country,
        start=start_date,
        end=end_date or None,
        rounds=rounds,
        system=system or None,
        game=game,
        bar=bar or None,
        floor=floor or None,
        criteria=criteria or None,
        team_size=team_size,
        team_criteria=team_criteria or None,
        **options,
    )
    try:
        made = new_tournament(db_url(request), settings, who.actor, director=who.account.name)
    except RatinglistError as exc:
        typed = {"name": name, "country": country, "start_date": start_date,
                 "end_date": end_date, "rounds": str(rounds or ""), "system": system,
                 "game": game, "bar": bar, "floor": floor, "criteria": criteria,
                 "team_size": str(team_size or ""), "team_criteria": team_criteria,
                 **typed_options}  # fmt: skip
        return _back(request, HOME, who, translate_error(exc), "error", typed)
    return _back(request, made.id, who, _("created %(name)s", name=made.name))


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
    anyway: Annotated[bool, Form()] = False,
) -> Response:
    """Register players by ID or name (one per line), or one new player (under a temporary
    identifier; a registered namesake is offered as a choice: that ID, or new anyway)."""
    queries = [line.strip() for line in players.splitlines() if line.strip()]

    def action() -> str:
        done = register_players(
            db_url(request),
            tid,
            queries,
            who.actor,
            new_player=f"{surname}, {firstname}" if surname.strip() else None,
            new_country=country or None if surname.strip() else None,
            entry=Entry(),
            anyway=anyway,
        )
        names = [r.player.name for r in done.found]
        if done.new_player is not None:
            p = done.new_player
            names.append(
                f"{p.name} (temporary identifier {p.shown_id}; the ID officer gives the ID)"
            )
        return _("registered %(names)s; %(n)s players", names=", ".join(names), n=done.entrants)

    typed = {"players": players, "surname": surname, "firstname": firstname, "country": country}
    try:
        return _act(request, tid, who, action, kept=typed)
    except NamesakeConflict as exc:
        return _back(
            request, tid, who, translate_error(exc), "conflict", typed | {"namesake": exc.name}
        )
    except NotRegistered as exc:
        offered = [(str(p.id), f"{p.name} ({p.id}, {p.country})") for p in exc.candidates]
        return _back(
            request, tid, who, translate_error(exc), "error", _offer(typed, exc.query, offered)
        )


@router.get("/{tid}/export/{kind}")
def export_file(
    request: Request,
    tid: int,
    kind: str,
    who: Reporter,
    option: Annotated[list[str] | None, Query(max_length=10)] = None,
) -> Response:
    """A file the tournament's game exports (``elo``, ``h9``, ``xml``...), as a download,
    with the export options chosen (the game's, e.g. Go's ``egd-pins``)."""
    try:
        got = download(db_url(request), tid, kind, frozenset(option or ()))
    except RatinglistError as exc:
        return _back(request, tid, who, translate_error(exc), "error")
    disposition = f'attachment; filename="{got.file_name}"'
    return Response(
        got.data,
        media_type=got.media_type,
        headers={"Content-Disposition": disposition, **NO_STORE},
    )


@router.get("/{tid}/withdraw")
def confirm_withdrawal(request: Request, tid: int, who: Director, player: int) -> Response:
    """Ask to confirm the withdrawal of a player (from the next round on)."""
    view = live_view(db_url(request), tid)
    names = {int(line.player.id): line.player.name for line in view.standings.lines}
    if player not in names:
        message = _("expected an entered player, got %(player)s", player=player)
        return _back(request, tid, who, message, "error")
    return _confirm(
        request,
        tid,
        who,
        question=_(
            "Withdraw %(name)s from round %(n)s on? They will not be paired again.",
            name=names[player],
            n=view.overview.paired + 1,
        ),
        action=f"/td/{tid}/withdraw",
        fields={"player": str(player), "confirm": "yes"},
        button=_("Yes, withdraw"),
    )


@router.post("/{tid}/withdraw")
def withdraw_player(
    request: Request,
    tid: int,
    who: Director,
    player: Annotated[int, Form()],
    confirm: Annotated[str, Form(max_length=3)] = "",
) -> Response:
    """Withdraw a player from the next round on (after the confirmation page)."""
    if confirm != "yes":
        return RedirectResponse(f"/td/{tid}/withdraw?player={player}", status_code=303)

    def action() -> str:
        done = withdraw(db_url(request), tid, player, who.actor)
        return _("%(name)s withdrawn from round %(n)s", name=done.player.name, n=done.round)

    return _act(request, tid, who, action)


@router.get("/{tid}/forecast")
def forecast_page(request: Request, tid: int, who: Reporter) -> Response:
    """Each game's expected score and each player's chances (the live page's forecast)."""
    context = {"f": forecast(db_url(request), tid), "tid": tid}
    return templates.TemplateResponse(request, "td_forecast.html", context, headers=NO_STORE)


@router.get("/{tid}/standings")
def standings_page(request: Request, tid: int, who: Reporter, cls: str | None = None) -> Response:
    """The standings, of one class if chosen."""
    page = standings_page_of(db_url(request), tid, cls or None, _row_filter(request) or RowFilter())
    context = {"s": page.standings, "shown": page.shown, "tid": tid,
               "classes": page.game.classes, "chosen": cls or "", "rows": page.rows}  # fmt: skip
    return templates.TemplateResponse(request, "td_standings.html", context, headers=NO_STORE)

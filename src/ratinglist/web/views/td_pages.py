"""The tournament director's pages (``/td``): the same service calls as the TD API and the
CLI, as forms that work on a phone.

Every form carries the session's CSRF token; every write form also carries the log's event
number the page was drawn at (`based_on`), and a result form names its game (round, table
and both players), so a result entered on a stale page is stored unless another device
changed the same game meanwhile, and never lands on another game: then the page answers
409 and shows the refusal above the current state.

Every POST answers with a redirect (post/redirect/get: reloading the page never repeats an
action), also when the action is refused. What the next page shows (the message, whether
it is a refusal, the lines typed into a refused registration) travels in a short-lived
cookie signed with the session's CSRF token, never in the address (a link cannot forge an
official notice). Withdrawing a player and undoing the latest action first show what they
will do and ask to confirm (a page, no script needed); an undo names the action it cancels
and who wrote it, and is refused when the log moved since the page was drawn.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Annotated, Any

from fastapi import Depends, Form, Query, Request
from fastapi.responses import RedirectResponse, Response

from ratinglist.errors import (
    N_,
    ConflictError,
    NotAllowedNow,
    NotOffered,
    RatinglistError,
    TournamentInputError,
)
from ratinglist.i18n import _
from ratinglist.i18n.messages import changed_meanwhile, translate_error, translate_message
from ratinglist.model.account import may_create_tournament, may_direct, may_enter_results
from ratinglist.model.directed import NewSettings, ResultSpec
from ratinglist.model.player import NamesakeConflict
from ratinglist.service.accounts import SignedIn
from ratinglist.service.tournaments.actions import (
    Entry,
    NotRegistered,
    finals_preview,
    new_tournament,
    pair,
    register_players,
    start_finals,
    undo,
    undo_preview,
    withdraw,
)
from ratinglist.service.tournaments.forecast import forecast
from ratinglist.service.tournaments.page import director_page
from ratinglist.service.tournaments.page import standings_page as standings_page_of
from ratinglist.service.tournaments.paging import RowFilter
from ratinglist.service.tournaments.results import enter_result
from ratinglist.service.tournaments.server import (
    finished,
    game_choices,
    invite_assistant,
    live_view,
    running,
    system_names,
)
from ratinglist.service.tournaments.temporary_ids import registered_namesakes
from ratinglist.service.tournaments.views import download, submit, unfinished
from ratinglist.web.auth import Creator, Director, Reporter, signed_in
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import NO_STORE, db_url, game_offers
from ratinglist.web.views.games import new_options_form, new_options_typed

router = APIRouter(prefix="/td", include_in_schema=False)
FINALS = Depends(game_offers("finals", "finals"))
"""The finals pages exist only for a game with finals (else 404)."""

FLASH_COOKIE = "rl_td_flash"
FLASH_SECONDS = 120
"""How long the message of an action waits for the page it redirects to."""
FLASH_BYTES = 3000
"""The largest flash cookie kept with the typed lines (browsers keep about 4 KB a cookie)."""
STATUS = {"notice": 200, "error": 400, "conflict": 409}
"""The status of the page that shows an action's outcome: a refusal is not a 200."""
HOME = 0
"""The "tournament number" of the director's home page (``/td``) in a flash."""


def _where(tid: int) -> str:
    return "/td" if tid == HOME else f"/td/{tid}"


@dataclass(frozen=True, slots=True)
class Flash:
    """The outcome of the last action, shown once: `kind` notice, error or conflict, the
    message, and the fields of a refused form to fill in again."""

    kind: str
    message: str
    kept: dict[str, str] = field(default_factory=dict)


def _signature(who: SignedIn, packed: str) -> str:
    return hmac.new(who.csrf.encode(), packed.encode(), hashlib.sha256).hexdigest()[:32]


def _back(
    request: Request,
    tid: int,
    who: SignedIn,
    message: str,
    kind: str = "notice",
    kept: dict[str, str] | None = None,
    where: str = "",
) -> RedirectResponse:
    """Redirect (303) to the tournament page (or `where` under it), which shows `message`."""

    def pack(fields: dict[str, str]) -> str:
        data = json.dumps({"t": tid, "k": kind, "m": message, "f": fields})
        return base64.urlsafe_b64encode(zlib.compress(data.encode())).decode().rstrip("=")

    packed = pack(kept or {})
    if len(packed) > FLASH_BYTES:
        message += " (the typed lines were too long to keep: type them again)"
        packed = pack({})
    response = RedirectResponse(f"{_where(tid)}{where}", status_code=303)
    response.set_cookie(
        FLASH_COOKIE,
        f"{packed}.{_signature(who, packed)}",
        max_age=FLASH_SECONDS,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
        path=_where(tid),
    )
    return response


def _flash(request: Request, tid: int, who: SignedIn) -> Flash | None:
    """The outcome left by the last action on this tournament, if signed for this session."""
    packed, _, signature = request.cookies.get(FLASH_COOKIE, "").partition(".")
    if not packed or not hmac.compare_digest(signature, _signature(who, packed)):
        return None
    try:
        raw = zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)))
        data = json.loads(raw)
    except (ValueError, zlib.error):
        return None
    if data.get("t") != tid or data.get("k") not in STATUS:
        return None
    kept = {str(k): str(v) for k, v in dict(data.get("f") or {}).items()}
    return Flash(str(data["k"]), str(data.get("m", "")), kept)


def _shown(response: Response, tid: int) -> Response:
    response.delete_cookie(FLASH_COOKIE, path=_where(tid))
    return response


def _choice(request: Request, flash: Flash | None) -> dict[str, Any] | None:
    """The namesake choice of a refused new player (its typed fields kept in the flash)."""
    if flash is None or flash.kind != "conflict" or not flash.kept.get("namesake"):
        return None
    typed = {k: flash.kept.get(k, "") for k in ("surname", "firstname", "country")}
    found = registered_namesakes(db_url(request), typed["surname"], typed["firstname"])
    if not found:
        return None
    return {"name": flash.kept["namesake"], "namesakes": found, "typed": typed}


def _render(
    request: Request, tid: int, who: SignedIn, name: str, context: dict[str, Any]
) -> Response:
    """Template `name` with `context` and the outcome of the last action on tournament
    `tid` (the flash, cleared once shown): its message or its refusal, the fields of a
    refused form; the status says whether it was refused (400, 409)."""
    flash = _flash(request, tid, who)
    outcome = {
        "message": flash.message if flash is not None and flash.kind == "notice" else None,
        "error": flash.message if flash is not None and flash.kind != "notice" else None,
        "kept": flash.kept if flash is not None else {},
    }
    status = STATUS[flash.kind] if flash is not None else 200
    response = templates.TemplateResponse(
        request, name, context | outcome, status_code=status, headers=NO_STORE
    )
    return _shown(response, tid)


def _row_filter(request: Request, prefix: str = "") -> RowFilter | None:
    """The finder's choice of a long list from the address (``q``, ``show``, ``page`` with
    `prefix`); None when the address asks nothing (the page's default)."""
    args = request.query_params
    names = [prefix + n for n in ("q", "show", "page")]
    if not any(n in args for n in names):
        return None
    query, show, page = (args.get(n, "") for n in names)
    if show not in ("", "due", "all"):
        raise TournamentInputError(N_("expected show=due or show=all, got %(show)r"), show=show)
    if page and not (page.isdigit() and len(page) <= 6):
        raise TournamentInputError(N_("expected a page number, got %(page)r"), page=page)
    return RowFilter(query[:100], show == "due", int(page or 1))


def _page(request: Request, tid: int, who: SignedIn) -> Response:
    director = may_direct(who.account, tid)
    tables, entrants = _row_filter(request), _row_filter(request, "e")
    page = director_page(
        db_url(request), tid, director=director, tables=tables, entrants=entrants or RowFilter()
    )
    live = page.live
    context: dict[str, Any] = {
        "shown_tables": page.tables,
        "shown_entrants": page.entrants,
        "ratings": page.ratings,
        "choice": _choice(request, _flash(request, tid, who)),
        "v": live,
        "who": who,
        "csrf": who.csrf,
        "director": director,
        "specials": live.game.specials if live.game else (),
        "g": live.game,
        "pending": page.pending,
        "life": page.life,
        "offered": _offered,
    }
    return _render(request, tid, who, "td_tournament.html", context)


def _offer(typed: dict[str, str], query: str, offered: list[tuple[str, str]]) -> dict[str, str]:
    """The refused form's fields with the choice it offers for `query`: the candidates (key
    to enter, label) and the query as a new player's surname and first name (the last
    word), so that nothing is guessed."""
    words = query.split()
    surname, first = (" ".join(words[:-1]), words[-1]) if len(words) > 1 else (query, "")
    lines = "\n".join(f"{key}\t{label}" for key, label in offered)
    rest = [line for line in typed.get("players", "").splitlines() if line.strip() != query]
    kept = typed | {"unmatched": query, "offered": lines, "players": "\n".join(rest)}
    if not typed.get("surname", "").strip():
        kept |= {"surname": surname, "firstname": first}
    return kept


def _offered(kept: dict[str, str]) -> list[tuple[str, str]]:
    """The candidates a refused registration offers (`_offer`)."""
    lines = (line.partition("\t") for line in kept.get("offered", "").splitlines())
    return [(key, label) for key, _, label in lines if key]


def _act(
    request: Request,
    tid: int,
    who: SignedIn,
    action: Callable[[], str],
    kept: dict[str, str] | None = None,
    passes: tuple[type[Exception], ...] = (),
) -> Response:
    """Run a write, then redirect to the tournament page: with its message on success, with
    the reason when refused (shown with 409 for a conflict with another device or an action
    the tournament's state does not allow now, else 400; `kept` fills the refused form
    again); a capability the game lacks is raised (404), and so are the refusals of
    `passes` (a registration form that offers a choice)."""
    offering: tuple[type[Exception], ...] = (NamesakeConflict, NotRegistered, *passes)
    try:
        done = action()
    except offering:
        raise  # the registration form offers the choice
    except NotOffered:
        raise  # the error page: 404, the game has no such thing
    except NotAllowedNow as exc:
        return _back(request, tid, who, translate_error(exc), "conflict")
    except ConflictError as exc:
        return _back(request, tid, who, changed_meanwhile(exc), "conflict")
    except RatinglistError as exc:
        return _back(request, tid, who, translate_error(exc), "error", kept)
    return _back(request, tid, who, done)


def _act_at(
    request: Request,
    tid: int,
    who: SignedIn,
    where: str,
    action: Callable[[], str],
    kept: dict[str, str] | None = None,
) -> Response:
    """Run a write of a page under the tournament's (`where`, such as ``/setup``), then
    redirect back to it with its outcome: the message, or the reason when refused (409 for
    an action not allowed now or a conflict with another device, 404 raised for a
    capability the game lacks, else 400; `kept` fills the
    refused form again)."""
    try:
        done = action()
    except NotOffered:
        raise  # the error page: 404, the game has no such thing
    except NotAllowedNow as exc:
        return _back(request, tid, who, translate_error(exc), "conflict", where=where)
    except ConflictError as exc:
        message = changed_meanwhile(exc)
        return _back(request, tid, who, message, "conflict", where=where)
    except RatinglistError as exc:
        return _back(request, tid, who, translate_error(exc), "error", kept, where=where)
    return _back(request, tid, who, done, where=where)


def _confirm(
    request: Request,
    tid: int,
    who: SignedIn,
    *,
    question: str,
    action: str,
    fields: dict[str, str],
    button: str,
    status: int = 200,
    details: tuple[str, ...] = (),
    reason_label: str = "",
) -> Response:
    """The confirmation page of an action that ends or skips something: the question, what
    it leaves undone (`details`), a required reason when `reason_label` is given, and the
    form that does it (none when `action` is empty: the action is refused)."""
    context = {
        "tid": tid,
        "csrf": who.csrf,
        "question": question,
        "action": action,
        "fields": fields,
        "button": button,
        "refused": status != 200,
        "details": details,
        "reason_label": reason_label,
    }
    return templates.TemplateResponse(
        request, "td_confirm.html", context, status_code=status, headers=NO_STORE
    )


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
        question=(
            f"Withdraw {names[player]} from round {view.overview.paired + 1} on? "
            f"They will not be paired again."
        ),
        action=f"/td/{tid}/withdraw",
        fields={"player": str(player), "confirm": "yes"},
        button="Yes, withdraw",
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


@router.post("/{tid}/pair")
def pair_round(request: Request, tid: int, who: Director) -> Response:
    """Pair the next round."""

    def action() -> str:
        done = pair(db_url(request), tid, who.actor)
        return _("round %(n)s paired: %(tables)s tables", n=done.number, tables=len(done.tables))

    return _act(request, tid, who, action)


def _score(score: str, black_discs: str, white_discs: str, by_default: bool = False) -> str | None:
    """The disc score as typed: one field (``40-24``, ``40 24``) or two (Black, White); a
    result of the game's choices gets ``!`` when it was `by_default`."""
    score = score + ("!" if by_default and score else "")
    if score.strip():
        return score.strip()
    if black_discs.strip() or white_discs.strip():
        return f"{black_discs.strip() or '?'}-{white_discs.strip() or '?'}"
    return None


def _typed_result(
    score: Annotated[str, Form(max_length=10)] = "",
    by_default: Annotated[bool, Form()] = False,
    black_discs: Annotated[str, Form(max_length=3)] = "",
    white_discs: Annotated[str, Form(max_length=3)] = "",
    special: Annotated[str, Form(max_length=20)] = "",
    winner: Annotated[int | None, Form()] = None,
) -> ResultSpec:
    """The result fields of a result form (its game is the route's): disc fields, or a
    result of the game's choices (`score`, ``!`` added when `by_default`), or a special
    result and its winner."""
    return ResultSpec(
        score=_score(score, black_discs, white_discs, by_default),
        special=special or None,
        winner=winner,
    )


TypedResult = Annotated[ResultSpec, Depends(_typed_result)]
"""The result typed in a result form, without its game."""


def _enter(
    request: Request,
    tid: int,
    who: SignedIn,
    spec: ResultSpec,
    place: str | None,
    *,
    correction: bool,
    based_on: int | None,
) -> str:
    """Enter (or correct) a result; the message names the game's `place` (None: its
    round, as a finals game has no table)."""
    done = enter_result(
        db_url(request), tid, spec, who.actor, correction=correction, based_on=based_on
    )
    said = (
        N_("%(place)s: %(first)s %(score)s %(second)s was already entered: nothing changed")
        if done.repeated
        else N_("%(place)s: %(first)s %(score)s %(second)s corrected")
        if done.corrected
        else N_("%(place)s: %(first)s %(score)s %(second)s entered")
    )
    return _(
        said,
        place=place or done.round,
        first=done.first.name,
        score=done.score,
        second=done.second.name,
    )


@router.post("/{tid}/result")
def add_result(
    request: Request,
    tid: int,
    who: Reporter,
    round: Annotated[str, Form(max_length=10)],
    typed: TypedResult,
    table: Annotated[int | None, Form(ge=1)] = None,
    black: Annotated[int | None, Form()] = None,
    white: Annotated[int | None, Form()] = None,
    based_on: Annotated[int | None, Form(ge=1)] = None,
    correction: Annotated[bool, Form()] = False,
) -> Response:
    """Enter (or correct) the result of a game: a table of the round with the players the
    page showed there (refused when the table holds another game now), or a finals game by
    its two players."""
    spec = replace(typed, round=round, table=table, black=black, white=white)
    place = f"table {table}" if table is not None else None

    def action() -> str:
        return _enter(request, tid, who, spec, place, correction=correction, based_on=based_on)

    return _act(request, tid, who, action)


@router.get("/{tid}/undo")
def confirm_undo(
    request: Request, tid: int, who: Director, based_on: int | None = None
) -> Response:
    """Ask to confirm the undo: what it cancels and who wrote it; refused (409) when the log
    moved since the page that asked (`based_on`) was drawn."""
    try:
        pending = undo_preview(db_url(request), tid)
    except RatinglistError as exc:
        return _back(request, tid, who, translate_error(exc), "error")
    who_wrote = f", entered by {pending.by}" if pending.by else ""
    if based_on is not None and based_on != pending.based_on:
        return _confirm(
            request,
            tid,
            who,
            question=(
                f"The tournament changed since your page was drawn (event {based_on}, now "
                f"{pending.based_on}): undo would now cancel the {pending.what}{who_wrote}. "
                f"Nothing undone; go back to the tournament and look again."
            ),
            action="",
            fields={},
            button="",
            status=409,
        )
    return _confirm(
        request,
        tid,
        who,
        question=f"Undo: {pending.what}{who_wrote}?",
        action=f"/td/{tid}/undo",
        fields={"based_on": str(pending.based_on), "confirm": "yes"},
        button="Yes, undo it",
    )


@router.post("/{tid}/undo")
def undo_last(
    request: Request,
    tid: int,
    who: Director,
    based_on: Annotated[int | None, Form(ge=1)] = None,
    confirm: Annotated[str, Form(max_length=3)] = "",
) -> Response:
    """Cancel the latest action in force, the one the confirmation page named."""
    if confirm != "yes" or based_on is None:
        where = "" if based_on is None else f"?based_on={based_on}"
        return RedirectResponse(f"/td/{tid}/undo{where}", status_code=303)

    def action() -> str:
        done = undo(db_url(request), tid, who.actor, based_on=based_on)
        what = translate_message(done.what)
        if done.by:
            return _("undid: %(what)s (entered by %(user)s)", what=what, user=done.by)
        return _("undid: %(what)s", what=what)

    return _act(request, tid, who, action)


@router.get("/{tid}/finals", dependencies=[FINALS])
def confirm_finals(request: Request, tid: int, who: Director) -> Response:
    """Ask to confirm the start of the finals, naming the rounds it skips."""
    try:
        preview = finals_preview(db_url(request), tid)
    except RatinglistError as exc:
        return _back(request, tid, who, translate_error(exc), "error")
    return _confirm(
        request,
        tid,
        who,
        question=preview.question,
        action=f"/td/{tid}/finals",
        fields={"confirm": "yes"},
        button="Yes, start the finals",
    )


@router.post("/{tid}/finals", dependencies=[FINALS])
def finals(
    request: Request,
    tid: int,
    who: Director,
    confirm: Annotated[str, Form(max_length=3)] = "",
) -> Response:
    """Start the finals (after the confirmation page)."""
    if confirm != "yes":
        return RedirectResponse(f"/td/{tid}/finals", status_code=303)

    def action() -> str:
        done = start_finals(db_url(request), tid, who.actor)
        return _("finals started: %(n)s games", n=len(done.games))

    return _act(request, tid, who, action)


@router.post("/{tid}/assistants")
def add_assistant(
    request: Request, tid: int, who: Director, user: Annotated[str, Form(max_length=64)]
) -> Response:
    """Let an existing user enter results."""

    def action() -> str:
        invite_assistant(db_url(request), tid, user.strip(), who.actor)
        return _("%(user)s may now enter results", user=user.strip())

    return _act(request, tid, who, action)


@router.get("/{tid}/submit")
def confirm_submission(request: Request, tid: int, who: Director) -> Response:
    """Ask to confirm the submission, naming what is unfinished (then a reason is required);
    an empty tournament is refused here already."""
    view = live_view(db_url(request), tid)
    game = view.game
    left = unfinished(db_url(request), tid)
    question = game.submit_confirm if game is not None else "Close the tournament?"
    if left.results == 0:
        return _confirm(
            request,
            tid,
            who,
            question=(
                f"{view.overview.name!r} has no game with a result: an empty tournament is "
                "not sent to the rating officer."
            ),
            action="",
            fields={},
            button="",
            status=400,
        )
    if left.gaps:
        question = f"{view.overview.name!r} is unfinished. {question}"
    return _confirm(
        request,
        tid,
        who,
        question=question,
        action=f"/td/{tid}/submit",
        fields={"confirm": "yes"},
        button="Yes, submit unfinished" if left.gaps else "Yes, submit",
        details=left.gaps,
        reason_label=(
            "Why it is submitted unfinished (sent with the results file)" if left.gaps else ""
        ),
    )


@router.post("/{tid}/submit")
def submit_results(
    request: Request,
    tid: int,
    who: Director,
    confirm: Annotated[str, Form(max_length=3)] = "",
    reason: Annotated[str, Form(max_length=500)] = "",
) -> Response:
    """Close the tournament and send its results file to the rating officer (after the
    confirmation page, with the reason when it is unfinished)."""
    if confirm != "yes":
        return RedirectResponse(f"/td/{tid}/submit", status_code=303)

    def action() -> str:
        done = submit(db_url(request), tid, who.actor, reason=reason)
        return _(
            "submitted %(name)s: %(n)s games (%(status)s)",
            name=done.name,
            n=done.games,
            status=translate_message(done.status),
        )

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

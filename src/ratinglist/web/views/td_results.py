"""The director's results (``/td``): pairing the next round, entering a result (a game named
by round, table and both players: a stale page never stores it on another game) and undoing
the latest action after a confirmation page."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

from fastapi import Depends, Form, Request
from fastapi.responses import RedirectResponse, Response

from ratinglist.errors import (
    N_,
    RatinglistError,
)
from ratinglist.i18n import _
from ratinglist.i18n.messages import translate_error, translate_message
from ratinglist.model.directed import ResultSpec
from ratinglist.service.accounts import SignedIn
from ratinglist.service.tournaments.actions import (
    pair,
    undo,
    undo_preview,
)
from ratinglist.service.tournaments.results import enter_result
from ratinglist.web.auth import Director, Reporter
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import db_url
from ratinglist.web.views.td_redirect import (
    _act,
    _back,
    _confirm,
)

router = APIRouter(prefix="/td", include_in_schema=False)


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
    who_wrote = _(", entered by %(user)s", user=pending.by) if pending.by else ""
    if based_on is not None and based_on != pending.based_on:
        return _confirm(
            request,
            tid,
            who,
            question=_(
                "The tournament changed since your page was drawn (event %(seen)s, now "
                "%(now)s): undo would now cancel the %(what)s%(who)s. Nothing undone; go back "
                "to the tournament and look again.",
                seen=based_on,
                now=pending.based_on,
                what=pending.what,
                who=who_wrote,
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
        question=_("Undo: %(what)s%(who)s?", what=pending.what, who=who_wrote),
        action=f"/td/{tid}/undo",
        fields={"based_on": str(pending.based_on), "confirm": "yes"},
        button=_("Yes, undo it"),
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

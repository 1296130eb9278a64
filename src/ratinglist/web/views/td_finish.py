"""The end of a directed tournament (``/td``): the finals (for a game that has them), the
assistants who may enter results, and the submission of the results to the rating officer
after a confirmation page."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Form, Request
from fastapi.responses import RedirectResponse, Response

from ratinglist.errors import (
    RatinglistError,
)
from ratinglist.i18n import _, gettext
from ratinglist.i18n.messages import translate_error, translate_message
from ratinglist.service.tournaments.actions import (
    finals_preview,
    start_finals,
)
from ratinglist.service.tournaments.server import (
    invite_assistant,
    live_view,
)
from ratinglist.service.tournaments.views import submit, unfinished
from ratinglist.web.auth import Director
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import db_url, game_offers
from ratinglist.web.views.td_redirect import (
    _act,
    _back,
    _confirm,
)

router = APIRouter(prefix="/td", include_in_schema=False)
FINALS = Depends(game_offers("finals", "finals"))
"""The finals pages exist only for a game with finals (else 404)."""


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
        button=_("Yes, start the finals"),
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
    question = gettext(game.submit_confirm) if game is not None else _("Close the tournament?")
    if left.results == 0:
        return _confirm(
            request,
            tid,
            who,
            question=_(
                "%(name)r has no game with a result: an empty tournament is not sent to the "
                "rating officer.",
                name=view.overview.name,
            ),
            action="",
            fields={},
            button="",
            status=400,
        )
    if left.gaps:
        question = _(
            "%(name)r is unfinished. %(question)s", name=view.overview.name, question=question
        )
    return _confirm(
        request,
        tid,
        who,
        question=question,
        action=f"/td/{tid}/submit",
        fields={"confirm": "yes"},
        button=_("Yes, submit unfinished") if left.gaps else _("Yes, submit"),
        details=left.gaps,
        reason_label=(
            _("Why it is submitted unfinished (sent with the results file)") if left.gaps else ""
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

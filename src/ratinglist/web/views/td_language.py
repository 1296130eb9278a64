"""The tournament's language on the director's page (issue 36): one form, one service call
(`service.tournaments.language.set_language`), as ``ratinglist tournament language``."""

from __future__ import annotations

from typing import Annotated

from fastapi import Form, Request
from fastapi.responses import Response

from ratinglist.i18n import _
from ratinglist.service.tournaments.language import set_language
from ratinglist.web.auth import Director
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import store_of
from ratinglist.web.views.td_redirect import _act

router = APIRouter(include_in_schema=False)


@router.post("/td/{tid}/language")
def language_setting(
    request: Request,
    tid: int,
    who: Director,
    language: Annotated[str, Form(max_length=20)],
    based_on: Annotated[int | None, Form(ge=1)] = None,
) -> Response:
    """Set the tournament's language (its pages and printed sheets speak it)."""

    def action() -> str:
        code = set_language(store_of(request), tid, language, who.actor, based_on)
        return _("language: %(code)s", code=code)

    return _act(request, tid, who, action)

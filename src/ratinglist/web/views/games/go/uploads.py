"""Uploads on the director's home page (``/td``), Go's: an OpenGotha XML stored as a new
tournament the uploader directs, and an EGF, FFG or AGA rating list stored for the
registration search (`service.tournaments.games.go.uploads`, the use cases of ``tournament
import`` and ``tournament list import``). Bounded in size; a refused file comes back on the
home page with its problem (file name and line)."""

from __future__ import annotations

from typing import Annotated

from fastapi import File, Form, Request, UploadFile
from fastapi.responses import Response

from ratinglist.errors import RatinglistError
from ratinglist.i18n import _
from ratinglist.i18n.messages import translate_error
from ratinglist.model.go.lists import ListOrigin
from ratinglist.service.tournaments.games.go.uploads import (
    MAX_UPLOAD_BYTES,
    import_list_upload,
    import_opengotha_upload,
)
from ratinglist.web.auth import Creator
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import db_url
from ratinglist.web.views.td_redirect import HOME, _back

router = APIRouter(prefix="/td", include_in_schema=False)
api = APIRouter(prefix="/api/v1/td", tags=["tournament director"])
Upload = Annotated[UploadFile, File()]


def _read(upload: UploadFile) -> bytes:
    """The file's bytes, one more than the bound at most (more: refused by the service)."""
    return upload.file.read(MAX_UPLOAD_BYTES + 1)


@router.post("/import-opengotha")
def import_xml(request: Request, who: Creator, upload: Upload) -> Response:
    """Store an OpenGotha tournament file as a new tournament the user directs."""
    try:
        done = import_opengotha_upload(
            db_url(request), upload.filename or "", _read(upload), who.actor,
            director=who.account.name,
        )  # fmt: skip
    except RatinglistError as exc:
        return _back(request, HOME, who, translate_error(exc), "error")
    found = "; ".join(done.diagnostics[:3])
    return _back(
        request,
        done.id,
        who,
        f"imported {done.name}: {done.players} players, {done.rounds} rounds, {done.games} "
        f"games" + (f" ({len(done.diagnostics)} remarks: {found})" if found else ""),
    )


@router.post("/rating-lists")
def import_rating_list(
    request: Request,
    who: Creator,
    upload: Upload,
    origin: Annotated[str, Form(max_length=3)] = "",
) -> Response:
    """Store an EGF, FFG or AGA rating list (its federation chosen, or from its layout),
    the latest of its federation for the registration search."""
    try:
        chosen = ListOrigin(origin.upper()) if origin else None
    except ValueError:
        message = _("expected a list of EGF, FFG or AGA, got %(origin)r", origin=origin)
        return _back(request, HOME, who, message, "error")
    try:
        done = import_list_upload(db_url(request), upload.filename or "", _read(upload),
                                  who.actor, chosen)  # fmt: skip
    except RatinglistError as exc:
        return _back(request, HOME, who, translate_error(exc), "error")
    info = done.info
    remarks = f"; {len(done.diagnostics)} lines skipped" if done.diagnostics else ""
    return _back(
        request,
        HOME,
        who,
        f"stored the {info.origin.value} list {info.source}: {info.players:,} players{remarks}",
    )

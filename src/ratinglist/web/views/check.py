"""`/check`: paste or upload a results file and see its diagnostics; nothing is stored.

Anyone may post here, so the work and the answer are bounded: the file is read in a process
forked for it and stopped when the server's work budget is spent (`web.budget`, 503), and
the page shows the first diagnostics with a count of the others
(`service.site_check.check_page`).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import File, Form, Request, UploadFile
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from ratinglist.service.site_check import MAX_BYTES, check_page
from ratinglist.web.budget import budget_of, run_in_child
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import PAGE_CACHE

router = APIRouter(include_in_schema=False)


@router.get("/check")
def check_form(request: Request) -> Response:
    """The form."""
    return templates.TemplateResponse(request, "check.html", {"r": None}, headers=PAGE_CACHE)


@router.post("/check")
async def check_post(
    request: Request,
    text: Annotated[str, Form(max_length=MAX_BYTES)] = "",
    name: Annotated[str, Form(max_length=200)] = "",
    upload: Annotated[UploadFile | None, File()] = None,
) -> Response:
    """The diagnostics of the uploaded file, or else of the pasted text (bounded: see the
    module's text)."""
    if upload is not None and upload.filename:
        data = await upload.read(MAX_BYTES + 1)
        file_name = upload.filename
    else:
        data = text.encode("utf-8")
        file_name = name or "pasted.ELO"
    budget = budget_of(request)
    what = "checking the file"
    page = await run_in_threadpool(run_in_child, what, budget, check_page, data, file_name)
    return templates.TemplateResponse(request, "check.html", {"r": page})

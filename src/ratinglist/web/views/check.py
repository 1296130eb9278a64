"""`/check`: paste or upload a results file and see its diagnostics; nothing is stored."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from ratinglist.service.site_check import MAX_BYTES, check_file
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
    """The diagnostics of the uploaded file, or else of the pasted text."""
    if upload is not None and upload.filename:
        data = await upload.read(MAX_BYTES + 1)
        file_name = upload.filename
    else:
        data = text.encode("utf-8")
        file_name = name or "pasted.ELO"
    result = await run_in_threadpool(check_file, data, file_name)
    return templates.TemplateResponse(request, "check.html", {"r": result})

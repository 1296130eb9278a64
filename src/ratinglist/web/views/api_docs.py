"""`/api/docs`: the API's interactive documentation (Swagger UI) from files this server serves.

Swagger UI's script and stylesheet come from the `swagger-ui-bundle` package (Apache-2.0,
mounted at `ASSETS` by the app factory); the page's own start-up script is
``/static/api-docs.js``. Nothing is loaded from another origin, nothing runs inline (the
Content-Security-Policy, `web.headers`), and the page works offline.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import Response
from swagger_ui_bundle import swagger_ui_path

from ratinglist.web.templating import templates
from ratinglist.web.views.common import PAGE_CACHE

ASSETS = "/api/docs/assets"
"""Where the app mounts Swagger UI's files."""
SWAGGER_UI = Path(str(swagger_ui_path))
"""The folder of Swagger UI's files in the installed package."""

router = APIRouter(include_in_schema=False)


@router.get("/api/docs")
def api_docs(request: Request) -> Response:
    """The Swagger UI page over ``/api/v1/openapi.json``."""
    context = {"assets": ASSETS, "openapi": request.app.openapi_url}
    return templates.TemplateResponse(request, "api_docs.html", context, headers=PAGE_CACHE)

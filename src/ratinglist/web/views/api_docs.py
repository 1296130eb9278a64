"""`/api/docs`: the API's interactive documentation (Swagger UI) from files this server serves.

Swagger UI's script and stylesheet (Swagger UI 5, Apache-2.0: it reads OpenAPI 3.1, which
FastAPI writes) come from the `fastapi-offline` package's ``static`` folder (mounted at
`ASSETS` by the app factory; only its files are used); the page's own start-up script is
``/static/api-docs.js``. Nothing is loaded from another origin, nothing runs inline (the
Content-Security-Policy, `web.headers`), and the page works offline.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import Request
from fastapi.responses import Response

from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import PAGE_CACHE

ASSETS = "/api/docs/assets"
"""Where the app mounts Swagger UI's files."""
SWAGGER_UI = Path(str(files("fastapi_offline") / "static"))
"""The folder of Swagger UI's files in the installed package."""

router = APIRouter(include_in_schema=False)


@router.get("/api/docs")
def api_docs(request: Request) -> Response:
    """The Swagger UI page over ``/api/v1/openapi.json``."""
    context = {"assets": ASSETS, "openapi": request.app.openapi_url}
    return templates.TemplateResponse(request, "api_docs.html", context, headers=PAGE_CACHE)

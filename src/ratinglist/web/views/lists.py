"""The rating list page `/`, the player search `/search` and the list diff `/diff`."""

from __future__ import annotations

import datetime as dt
from typing import Annotated
from urllib.parse import urlencode

from fastapi import Query, Request
from fastapi.responses import RedirectResponse, Response

from ratinglist.service.evidence import stored_system_lists
from ratinglist.service.site import LIST_PAGE_SIZE, ListQuery, list_page, lists, search
from ratinglist.service.site_diff import list_diff
from ratinglist.web.limits import searched
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import LIST_CACHE, NO_STORE, PAGE_CACHE, site_of

router = APIRouter(include_in_schema=False)


@router.get("/")
def rating_list(
    request: Request,
    date: dt.date | None = None,
    c: Annotated[list[str], Query(max_length=20)] = [],  # noqa: B006
    ct: Annotated[list[str], Query(max_length=40)] = [],  # noqa: B006
    official: bool = False,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    show_all: Annotated[bool, Query(alias="all")] = False,
) -> Response:
    """The published list (latest or `date`), countries `c` and continents `ct` selected;
    `LIST_PAGE_SIZE` rows a page (`page`), or every row (`all`). A server with no published
    list yet says how to publish one (200: the site is up, only empty)."""
    if not lists(site_of(request)):
        return templates.TemplateResponse(request, "no_list.html", {}, headers=NO_STORE)
    query = ListQuery(
        as_of=date,
        countries=tuple(c),
        continents=tuple(ct),
        official_only=official,
        limit=None if show_all else LIST_PAGE_SIZE,
        offset=0 if show_all else (page - 1) * LIST_PAGE_SIZE,
    )
    found = list_page(site_of(request), query)
    params: list[tuple[str, str]] = [("date", str(found.list.as_of))]
    params += [("c", code) for code in c] + [("ct", name) for name in ct]
    flag = [("official", "1")] if official else []
    links = {
        "pages": f"/?{urlencode([*params, *flag])}&",
        "official": f"/?{urlencode([*params, *([] if official else [('official', '1')])])}",
        "all": f"/?{urlencode([*params, *flag, ('all', '1')])}",
    }
    return templates.TemplateResponse(
        request,
        "list.html",
        {
            "page": found,
            "number": page,
            "links": links,
            "official": official,
            "others": stored_system_lists(site_of(request)),
        },
        headers=LIST_CACHE,
    )


@router.get("/favicon.ico")
def favicon() -> Response:
    """Browsers that ask for `/favicon.ico` without reading the page get the SVG icon."""
    return RedirectResponse("/static/favicon.svg", status_code=308, headers=LIST_CACHE)


@router.get("/search")
def player_search(request: Request, q: Annotated[str, Query(max_length=100)] = "") -> Response:
    """Fuzzy search by name or ID; an existing ID typed exactly goes to its page."""
    site = site_of(request)
    result = searched(request, lambda: search(site, q))
    if result.exact is not None:
        return RedirectResponse(f"/players/{result.exact}", status_code=303)
    return templates.TemplateResponse(
        request, "search.html", {"result": result}, headers=PAGE_CACHE
    )


@router.get("/diff")
def diff_page(
    request: Request,
    from_: Annotated[dt.date | None, Query(alias="from")] = None,
    to: dt.date | None = None,
    movers: Annotated[str, Query(pattern="^(official|all)$")] = "official",
) -> Response:
    """Movers (official players by default, `movers=all`: everyone), newcomers, players who
    left, new official players between two lists."""
    diff = list_diff(site_of(request), from_, to, official_movers=movers == "official")
    return templates.TemplateResponse(request, "diff.html", {"diff": diff}, headers=LIST_CACHE)

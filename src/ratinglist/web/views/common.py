"""What every view shares: the database handle and the open site of the request, cache
headers."""

from __future__ import annotations

from fastapi import Request

from ratinglist.service.databases import Store
from ratinglist.service.site import Site

LIST_CACHE = {"Cache-Control": "public, max-age=300"}
"""Cache-Control of rating list data (pages and API): a published list does not change."""

PAGE_CACHE = {"Cache-Control": "public, max-age=60"}
"""Cache-Control of other pages."""

NO_STORE = {"Cache-Control": "no-store"}
"""Cache-Control of pages that change with every write or differ per user (TD, live, forms)."""

MAX_LIMIT = 1000
"""The largest page size the API and paged pages accept."""


def site_of(request: Request) -> Site:
    """The `Site` the application was created with."""
    site: Site = request.app.state.site
    return site


def store_of(request: Request) -> Store:
    """The one database handle the application was created with (`create_app`): what every
    service call takes."""
    db: Store = request.app.state.db
    return db


def db_url(request: Request) -> Store:
    """The same handle as `store_of` (the name the tournament pages used when the tournament
    services took a URL; to be renamed `store_of` where it is still called)."""
    return store_of(request)

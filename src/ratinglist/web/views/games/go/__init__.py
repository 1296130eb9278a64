"""Go's pages and API on the web: entering players from rating lists, the settings page,
the edits after the fact (`register_routes`, found by `web.views.games`)."""

from __future__ import annotations

from fastapi import APIRouter

from ratinglist.web.views.games.go import edit, entries, settings


def register_routes(router: APIRouter) -> None:
    """Add Go's pages and API routes to `router` (their URLs are absolute)."""
    for module in (entries, settings, edit):
        router.include_router(module.router)
        router.include_router(module.api)

"""Go's pages and API on the web: the public GoR list, player and tournament pages
(`site`), the contest's answer (`evidence`), entering players from rating lists, the
settings page, the edits after the fact, the teams, the uploads (`register_routes`, found
by `web.views.games`), and Go's options of the new-tournament form and API
(`forms.NEW_OPTIONS`). The views are imported when the routes are registered, so that the
forms can be read without them."""

from __future__ import annotations

from fastapi import APIRouter


def register_routes(router: APIRouter) -> None:
    """Add Go's pages and API routes to `router` (their URLs are absolute)."""
    from ratinglist.web.views.games.go import (
        edit,
        entries,
        evidence,
        settings,
        site,
        teams,
        uploads,
    )

    for module in (entries, settings, edit, site, evidence, teams, uploads):
        router.include_router(module.router)
        router.include_router(module.api)

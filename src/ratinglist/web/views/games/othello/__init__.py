"""Othello's own pages on the web: the seat edits (`register_routes`, found by
`web.views.games`)."""

from __future__ import annotations

from fastapi import APIRouter


def register_routes(router: APIRouter) -> None:
    """Add Othello's pages to `router` (their URLs are absolute)."""
    from ratinglist.web.views.games.othello import seat_edits

    router.include_router(seat_edits.router)

"""Go's answers to the public API's ``game=go`` (`web.views.games.game_api`): a list's
entries and a player, in the shapes Othello's endpoints answer (`web.views.api`'s
`EntriesOut`, `PlayerOut`), so one client reads both games. Go's list is the GoR computed
from the archive now: only ``latest``; it has no margin (0), every rating counts
(``official``), its id is 0 (not a stored list)."""

from __future__ import annotations

from fastapi import Request

from ratinglist.errors import N_, NotFoundError
from ratinglist.service.go.evidence import go_evidence_page
from ratinglist.service.go.site import go_list_page, go_player_page
from ratinglist.web.views.common import site_of, store_of


def list_entries(
    request: Request, date: str, countries: tuple[str, ...], limit: int, offset: int
) -> dict[str, object]:
    """The Go list's entries (`date` must be ``latest``), filtered by country, paged."""
    if date != "latest":
        raise NotFoundError(
            N_("expected the latest Go list (date latest), got %(date)r"), date=date
        )
    found = go_list_page(store_of(request))
    wanted = {c.upper() for c in countries}
    rows = [r for r in found.rows if not wanted or r.country.upper() in wanted]
    ref = {"id": 0, "as_of": found.as_of}
    return {
        "list": ref,
        "previous": None,
        "total": len(rows),
        "offset": offset,
        "limit": limit,
        "entries": [
            {
                "rank": r.place,
                "player_id": r.player_id,
                "name": r.name,
                "country": r.country,
                "rating": round(r.rating),
                "margin": 0,
                "official": True,
                "games": r.games,
                "last_played": r.last_played,
                "change": None,
            }
            for r in rows[offset : offset + limit]
        ],
    }


def player(request: Request, player_id: int) -> dict[str, object]:
    """A Go player with their GoR and place in the Go list."""
    page = go_player_page(store_of(request), player_id)
    return {
        "id": page.player.id,
        "name": page.name,
        "country": page.player.country,
        "rating": page.rating,
        "margin": None if page.rating is None else 0,
        "official": None if page.rating is None else True,
        "listed": page.rating is not None,
        "world_place": page.place,
        "continent_place": None,
        "country_place": None,
        "merged_ids": (),
    }


def evidence(request: Request) -> dict[str, object]:
    """The newest stored Go evaluation as `evaluate --game go --json` printed it, with its id
    and the time it was stored.

    Raises:
        NotFoundError: none is stored.
    """
    page = go_evidence_page(site_of(request))
    if page is None:
        raise NotFoundError(
            N_(
                "expected a stored Go evaluation, found none (store one with `ratinglist "
                "evaluate --game go --store`)"
            )
        )
    return {"id": page.id, "stored_at": page.stored_at.isoformat(), "report": page.report}

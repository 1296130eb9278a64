"""What every view shares: the database handle and the open site of the request, cache
headers."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Request

from ratinglist.errors import N_, NotOffered
from ratinglist.model.directed import GameFacts
from ratinglist.service.accounts import SignedIn
from ratinglist.service.databases import Store
from ratinglist.service.site import Site
from ratinglist.service.tournaments.server import overview_facts
from ratinglist.web.auth import Director

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


FACETS = {
    "finals": "has_finals",
    "forecast": "has_forecast",
    "edits": "edit_page",
    "seat_edits": "seat_edits",
    "registry": "uses_registry",
    "setup": "has_setup",
}
"""The optional capabilities a page asks of a tournament's game, by name: the game's flag
that says whether it has each (``settings``: whether it has settings of its own)."""


def offers(game: GameFacts | None, facet: str) -> bool:
    """Whether the tournament's `game` has the optional capability `facet` (a key of
    `FACETS` or ``settings``): the one place the pages and views ask it."""
    if game is None:
        return False
    if facet == "settings":
        return bool(game.settings_fields)
    return bool(getattr(game, FACETS[facet]))


def require_offered(game: GameFacts, facet: str, what: str) -> None:
    """Refuse a page or action of a capability the tournament's game lacks.

    Raises:
        NotOffered: `game` does not offer `facet` (answered 404, the message naming `what`).
    """
    if not offers(game, facet):
        raise NotOffered(N_("%(label)s tournaments have no %(what)s"), label=game.label, what=what)


def game_offers(facet: str, what: str) -> Callable[[Request, int, SignedIn], None]:
    """A dependency of the director's routes of tournament ``tid`` that exist only for games
    offering `facet`: for any other game they answer 404 (`NotOffered`) naming `what`. The
    role and CSRF checks come first (a user without the role learns nothing of the game)."""

    def check(request: Request, tid: int, who: Director) -> None:
        require_offered(overview_facts(store_of(request), tid), facet, what)

    return check

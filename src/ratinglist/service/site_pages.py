"""The public site's pages made in advance: which to make, read one, save a batch.

Player and tournament pages are many (one per rated player, one per tournament) and each
costs milliseconds to build, so a page seen for the first time is slow under load. The site
keeps them rendered in the database (``site_pages``), tagged with the data version
(`service.site.data_version`) they show: the web layer's renderer makes the missing ones
after each import or publication, every server process reads them, and a page of another
version is never served. Saving is a cache write: no `Actor`, nothing recorded.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ratinglist.service.site import Site, lists
from ratinglist.store.site_lists import data_version as store_data_version
from ratinglist.store.site_pages import StoredPage as StoredPage
from ratinglist.store.site_pages import (
    current_keys,
    drop_stale,
    rated_players,
    save_pages,
    stored_keys,
    stored_page,
    tournament_ids,
)


def player_key(player_id: int) -> str:
    """The page key (path) of a player page."""
    return f"/players/{player_id}"


def tournament_key(tournament_id: int) -> str:
    """The page key (path) of a tournament page."""
    return f"/tournaments/{tournament_id}"


def page_key(path: str, query: str) -> str:
    """The key of a page: its path, and ``?query`` when it has one."""
    return f"{path}?{query}" if query else path


@dataclass(frozen=True, slots=True)
class PagePlan:
    """The pages to make at a data version, most visited first, and how many are made."""

    version: str
    missing: tuple[str, ...]
    stored: int


HOME_KEY = "/"
"""The home page (the latest published list): made first, so that a server started at the
same data version answers it with one read from its very first request."""


def page_plan(site: Site) -> PagePlan:
    """The pages to make: the home page, the player pages of the latest published list's
    rated players (listed players first) and every tournament page, less those stored at
    this version."""
    version = site.version()
    refs = lists(site)
    with site.store.connect() as conn:
        players = rated_players(conn, refs[-1].id) if refs else ()
        tours = tournament_ids(conn)
        done = current_keys(conn, version)
    wanted = [HOME_KEY] if refs else []
    wanted += [player_key(p) for p, listed in players if listed]
    wanted += [tournament_key(t) for t in tours]
    wanted += [player_key(p) for p, listed in players if not listed]
    missing = tuple(k for k in wanted if k not in done)
    return PagePlan(version, missing, len(done))


def stored_site_page(site: Site, version: str, key: str) -> StoredPage | None:
    """The page made in advance under `key` at `version` (None when missing or stale)."""
    with site.store.connect() as conn:
        return stored_page(conn, version, key)


def still_missing(site: Site, version: str, keys: Sequence[str]) -> tuple[str, ...]:
    """Those of `keys` not stored at `version` (another host's renderer may have made some
    since the plan was read)."""
    with site.store.connect() as conn:
        done = stored_keys(conn, version, keys)
    return tuple(k for k in keys if k not in done)


def save_site_pages(site: Site, version: str, pages: Iterable[StoredPage]) -> int:
    """Store pages made at `version`; pages of other versions are dropped first.

    Nothing is stored (0) when the data changed since `version`: those pages may show data
    of either version. The renderers of several hosts take turns (one write transaction at
    a time, `store.Store.begin`).
    """
    with site.store.begin() as conn:
        if store_data_version(conn) != version:
            return 0
        drop_stale(conn, version)
        return save_pages(conn, version, pages)

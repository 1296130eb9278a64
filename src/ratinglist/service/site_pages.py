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

from sqlalchemy.engine import Connection

from ratinglist.service.site import Site, lists
from ratinglist.store.site_lists import data_version as store_data_version
from ratinglist.store.site_pages import StoredPage as StoredPage
from ratinglist.store.site_pages import (
    current_keys,
    drop_stale,
    import_change,
    rated_players,
    retag,
    save_pages,
    stored_keys,
    stored_page,
    stored_versions,
    touched_by,
    tournament_count,
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


def _wanted(site: Site, conn: Connection) -> list[str]:
    """The pages made in advance, most visited first (see `page_plan`)."""
    refs = lists(site)
    players = rated_players(conn, refs[-1].id) if refs else ()
    wanted = [HOME_KEY] if refs else []
    wanted += [player_key(p) for p, listed in players if listed]
    wanted += [tournament_key(t) for t in tournament_ids(conn)]
    wanted += [player_key(p) for p, listed in players if not listed]
    return wanted


def page_plan(site: Site) -> PagePlan:
    """The pages to make: the home page, the player pages of the latest published list's
    rated players (listed players first) and every tournament page, less those stored at
    this version."""
    version = site.version()
    with site.store.connect() as conn:
        wanted = _wanted(site, conn)
        done = current_keys(conn, version)
    missing = tuple(k for k in wanted if k not in done)
    return PagePlan(version, missing, len(done))


def carry_over(site: Site) -> int:
    """After an import of new results files, keep the stored pages it cannot have changed;
    how many were kept.

    When the only change since the stored pages' version is new tournaments (and the
    players they brought, given an ID), the pages of every other tournament and of every
    player who played in none of them show the same as before: they are moved to the
    current version instead of being made again. The home page, the new tournaments' pages
    and their players' pages are made again. Anything else (a list computed or published,
    a registry edit, a tournament's flags changed or one deleted) keeps nothing: every page
    is made again.
    """
    version = site.version()
    with site.store.begin() as conn:
        if store_data_version(conn) != version:
            return 0
        older = stored_versions(conn) - {version}
        old = next(iter(older)) if len(older) == 1 else ""
        change = import_change(old, version) if old else None
        if change is None:
            return 0
        new_tournaments, players, only_new_ids = touched_by(conn, change)
        added = tournament_count(conn) - change.tournaments_before
        if not only_new_ids or added != len(new_tournaments):
            return 0
        changed = {HOME_KEY, *(player_key(p) for p in players)}
        changed.update(tournament_key(t) for t in new_tournaments)
        keep = [k for k in _wanted(site, conn) if k not in changed]
        moved = retag(conn, old, version, keep)
        drop_stale(conn, version)
        return moved


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

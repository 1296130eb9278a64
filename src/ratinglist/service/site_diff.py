"""The public site's list diff: what changed from one published list to another."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ratinglist.errors import N_, NotFoundError
from ratinglist.rating import RatingChange, diff_lists
from ratinglist.service.rating_lists import stored_entries
from ratinglist.service.site import Site, country_code, find_list
from ratinglist.store import Store
from ratinglist.store.site_lists import ListRef
from ratinglist.store.site_tournaments import names_of

DIFF_ROWS = 100
"""Rows shown per group (the counts are complete)."""


@dataclass(frozen=True, slots=True)
class DiffRow:
    """A player in one group of the diff: published ratings before and after."""

    player_id: int
    name: str
    country: str
    before: int | None
    after: int | None
    change: int | None
    official: bool | None


@dataclass(frozen=True, slots=True)
class DiffGroup:
    """One group: its name, how many players it has, the first `DIFF_ROWS` of them."""

    name: str
    title: str
    count: int
    rows: tuple[DiffRow, ...]


@dataclass(frozen=True, slots=True)
class ListDiff:
    """The groups of `rating.diff_lists` between two published lists."""

    before: ListRef
    after: ListRef
    groups: tuple[DiffGroup, ...]
    official_movers: bool = True


GROUPS = (
    ("movers", "Biggest moves"),
    ("newcomers", "Newcomers"),
    ("dropped", "Left the list"),
    ("became_official", "New official ratings"),
    ("lost_official", "Official no more"),
)


def list_diff(
    site: Site,
    before: dt.date | None = None,
    after: dt.date | None = None,
    rows: int = DIFF_ROWS,
    *,
    official_movers: bool = True,
) -> ListDiff:
    """Compare two published lists (default: the latest with the one before it).

    With `official_movers` the biggest moves are those of the players whose rating is
    official in both lists (a margin of 200 or more swings by hundreds); else everyone's.

    Raises:
        NotFoundError: no such published list, or only one list published.
    """
    later = find_list(site, after)
    if before is None:
        if later.previous is None:
            raise NotFoundError(
                N_("expected a published list before %(as_of)s, got none"), as_of=later.as_of
            )
        earlier = find_list(site, later.previous.as_of)
    else:
        earlier = find_list(site, before)

    def build() -> ListDiff:
        return diff_of(
            site.store,
            ListRef(earlier.id, earlier.as_of),
            ListRef(later.id, later.as_of),
            rows,
            official_movers=official_movers,
        )

    return site.cached(("diff", earlier.id, later.id, rows, official_movers), build)


def diff_of(
    store: Store,
    earlier: ListRef,
    later: ListRef,
    rows: int = DIFF_ROWS,
    *,
    official_movers: bool = True,
) -> ListDiff:
    """The diff of two stored lists, published or not (the rating officer's dry run of a
    publication compares a list not yet published with the last one published)."""
    result = diff_lists(stored_entries(store, earlier.id), stored_entries(store, later.id))
    found: dict[str, tuple[RatingChange, ...]] = {n: getattr(result, n) for n, _ in GROUPS}
    if official_movers:
        found["movers"] = tuple(c for c in result.movers if _official_both(c))
    chosen = {name: found[name][:rows] for name, _ in GROUPS}
    ids = {int(c.player) for group in chosen.values() for c in group}
    with store.connect() as conn:
        names = names_of(conn, ids)
    groups = tuple(
        DiffGroup(name, title, len(found[name]), tuple(_row(c, names) for c in chosen[name]))
        for name, title in GROUPS
    )
    return ListDiff(earlier, later, groups, official_movers)


def _official_both(change: RatingChange) -> bool:
    return (
        change.before is not None
        and change.after is not None
        and change.before.official
        and change.after.official
    )


def _row(change: RatingChange, names: dict[int, tuple[str, str, str]]) -> DiffRow:
    pid = int(change.player)
    surname, firstname, country = names.get(pid, (f"#{pid}", "", ""))
    return DiffRow(
        player_id=pid,
        name=f"{surname}, {firstname}" if firstname else surname,
        country=country_code(country),
        before=None if change.before is None else change.before.published,
        after=None if change.after is None else change.after.published,
        change=change.published_change,
        official=None if change.after is None else change.after.official,
    )

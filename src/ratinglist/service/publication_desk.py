"""The rating officer's publication desk: the stored lists not yet published and the
published ones, and the dry run of a publication (the diff of the list against the last
list published before it, as the public ``/diff`` shows it) before publishing one list or
a range of month ends; publishing and unpublishing are `service.publishing`'s.

The site's pages follow by themselves: what they show is keyed by the data version, which a
publication changes (`service.site.data_version`; the renderer makes the pages again).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ratinglist.errors import N_, InputError, NotFoundError
from ratinglist.rating.history import month_ends
from ratinglist.service.rating_lists import list_infos
from ratinglist.service.site_diff import ListDiff, diff_of
from ratinglist.store import Store
from ratinglist.store.publishing import published_lists
from ratinglist.store.site_lists import ListRef

PREVIEW_ROWS = 20
"""Players shown per group of a dry run."""
STEPS = {"month": 1, "quarter": 3, "year": 12}
"""The steps of a range of month ends, in months (as `ratinglist publish --every`)."""

_MONTH = re.compile(r"^(\d{4})-(\d{2})$")


@dataclass(frozen=True, slots=True)
class DeskList:
    """A stored WOF list on the desk: id, as-of date, label, when computed, its counts, and
    whether (and when, by whom) it is published."""

    id: int
    as_of: dt.date
    label: str | None
    computed_at: dt.datetime
    rated: int
    official: int
    published: bool
    published_at: dt.datetime | None = None
    published_by: str | None = None


@dataclass(frozen=True, slots=True)
class Desk:
    """The stored lists not published (newest first) and the published ones (newest first)."""

    unpublished: tuple[DeskList, ...]
    published: tuple[DeskList, ...]


def desk(db: Store) -> Desk:
    """Every stored list, split into not published and published, newest first."""
    shown = {p.id: p for p in published_lists(db)}
    out = []
    for info in list_infos(db):
        p = shown.get(info.id)
        out.append(
            DeskList(
                info.id,
                info.as_of,
                info.label,
                info.computed_at,
                info.rated,
                info.official,
                p is not None,
                None if p is None else p.published_at,
                None if p is None else p.published_by,
            )
        )
    out.sort(key=lambda d: (d.as_of, d.id), reverse=True)
    return Desk(tuple(d for d in out if not d.published), tuple(d for d in out if d.published))


def _stored(db: Store, list_id: int) -> DeskList:
    board = desk(db)
    for d in (*board.unpublished, *board.published):
        if d.id == list_id:
            return d
    raise NotFoundError(N_("expected a stored rating list id, got %(list_id)s"), list_id=list_id)


@dataclass(frozen=True, slots=True)
class PublishPreview:
    """The dry run of publishing `list`: the last list published before its date
    (`previous`, None: it would be the first) and the diff against it."""

    list: DeskList
    previous: ListRef | None
    diff: ListDiff | None


def _previous(db: Store, as_of: dt.date, list_id: int) -> ListRef | None:
    before = [
        p for p in published_lists(db) if p.id != list_id and (p.as_of, p.id) < (as_of, list_id)
    ]
    if not before:
        return None
    last = max(before, key=lambda p: (p.as_of, p.id))
    return ListRef(last.id, last.as_of)


def preview_publish(db: Store, list_id: int, rows: int = PREVIEW_ROWS) -> PublishPreview:
    """What publishing stored list `list_id` would change: the diff against the last list
    published before its date (read only).

    Raises:
        NotFoundError: no such stored list.
    """
    found = _stored(db, list_id)
    previous = _previous(db, found.as_of, found.id)
    if previous is None:
        return PublishPreview(found, None, None)
    diff = diff_of(db, previous, ListRef(found.id, found.as_of), rows)
    return PublishPreview(found, previous, diff)


def parse_month(text: str, what: str) -> dt.date:
    """The first day of the month written ``YYYY-MM``.

    Raises:
        InputError: anything else.
    """
    found = _MONTH.match(text.strip())
    if found is None or not 1 <= int(found.group(2)) <= 12:
        raise InputError(N_("expected %(what)s as YYYY-MM, got %(text)r"), what=what, text=text)
    return dt.date(int(found.group(1)), int(found.group(2)), 1)


@dataclass(frozen=True, slots=True)
class RangePreview:
    """The dry run of publishing the month ends of a range: the stored lists it names
    (oldest first; those already published stay so), the month ends with no stored list,
    and the dry run of its newest list (None: no list in the range)."""

    first: dt.date
    last: dt.date
    every: str
    lists: tuple[DeskList, ...]
    missing: tuple[dt.date, ...]
    newest: PublishPreview | None

    @property
    def to_publish(self) -> int:
        """How many lists of the range are not published yet."""
        return sum(1 for d in self.lists if not d.published)


def preview_range(db: Store, first: str, last: str, every: str = "month") -> RangePreview:
    """What publishing every `every` month end from month `first` to month `last` (both
    ``YYYY-MM``) would publish, and the diff of its newest list (read only).

    Raises:
        InputError: a month not written YYYY-MM, or an unknown step.
        RatingError: `last` before `first`.
    """
    if every not in STEPS:
        raise InputError(
            N_("expected every %(steps)s, got %(every)r"), steps="|".join(STEPS), every=every
        )
    start, end = parse_month(first, N_("the first month")), parse_month(last, N_("the last month"))
    days = month_ends(start, end, STEPS[every])
    board = desk(db)
    newest_of: dict[dt.date, DeskList] = {}
    for d in (*board.unpublished, *board.published):
        if d.as_of in days and (d.as_of not in newest_of or d.id > newest_of[d.as_of].id):
            newest_of[d.as_of] = d
    lists = tuple(newest_of[day] for day in sorted(newest_of))
    missing = tuple(day for day in days if day not in newest_of)
    newest = None if not lists else preview_publish(db, lists[-1].id)
    return RangePreview(start, end, every, lists, missing, newest)

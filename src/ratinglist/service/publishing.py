"""Use cases: publish and unpublish a stored rating list; the published lists for the site.

A list is named as `ratinglist diff` names it: its id (``12``) or its as-of date
(``2026-05-31``, the newest list of that date). Every change records the actor.
"""

from __future__ import annotations

import datetime as dt

from ratinglist.errors import N_, NotFoundError
from ratinglist.rating.history import month_ends
from ratinglist.service.actor import Actor
from ratinglist.service.rating_lists import find_stored_list
from ratinglist.store import Store
from ratinglist.store.publishing import (
    PublicationChange,
    PublicationEvent,
    PublishedList,
    RangePublication,
    publication_log,
    set_published,
    set_published_on,
)
from ratinglist.store.publishing import published_lists as stored_published_lists

__all__ = [
    "PublicationChange",
    "PublicationEvent",
    "PublishedList",
    "RangePublication",
    "latest_published_list",
    "list_publications",
    "publish_list",
    "publish_range",
    "published_lists",
    "unpublish_list",
]


def _set(db: Store, ref: str, published: bool, actor: Actor) -> PublicationChange:
    info = find_stored_list(db, ref)
    return set_published(db, info.id, published, actor=actor.label, at=dt.datetime.now(dt.UTC))


def publish_list(db: Store, ref: str, actor: Actor) -> PublicationChange:
    """Publish the list named `ref` (`changed` is False when it already was).

    Raises:
        StoreError: `ref` names no stored list, or the database could not be written.
    """
    return _set(db, ref, True, actor)


def unpublish_list(db: Store, ref: str, actor: Actor) -> PublicationChange:
    """Withdraw the list named `ref` from publication (`changed` is False when it was not
    published).

    Raises:
        StoreError: `ref` names no stored list, or the database could not be written.
    """
    return _set(db, ref, False, actor)


def publish_range(
    db: Store,
    first: dt.date,
    last: dt.date,
    step_months: int,
    actor: Actor,
    *,
    published: bool = True,
    skip_missing: bool = False,
) -> RangePublication:
    """Publish (or with `published` False, withdraw) the list of every `step_months`-th month
    end from the month of `first` to that of `last`, in one transaction: the monthly history
    that player charts, "why" and `/diff` read.

    A month end without a stored list is an error that writes nothing, unless `skip_missing`
    (then it is reported in `missing`).

    Raises:
        NotFoundError: a month end has no stored list and not `skip_missing`.
        RatingError: `last` is before `first`, or the step is not positive.
        StoreError: the database could not be written.
    """
    days = month_ends(first, last, step_months)
    return set_published_on(
        db,
        days,
        published,
        actor=actor.label,
        at=dt.datetime.now(dt.UTC),
        require_all=not skip_missing,
    )


def published_lists(db: Store) -> tuple[PublishedList, ...]:
    """Every published list, oldest first (by date, then id)."""
    return stored_published_lists(db)


def latest_published_list(db: Store) -> PublishedList:
    """The published list with the latest date (the newest of that date).

    Raises:
        NotFoundError: no list is published.
    """
    lists = published_lists(db)
    if not lists:
        raise NotFoundError(
            N_("expected a published rating list, got none (publish one with `ratinglist publish`)")
        )
    return lists[-1]


def list_publications(db: Store, ref: str) -> tuple[PublicationEvent, ...]:
    """Every publish and unpublish of the list named `ref`, oldest first.

    Raises:
        StoreError: `ref` names no stored list.
    """
    return publication_log(db, find_stored_list(db, ref).id)

"""Planning a players-list import: what each ID of the list does to the registry.

Each ID of the list is compared with the registry's latest record (`classify_change`): a
new ID is assigned (from `BEGINNING`: a list does not say since when); the same person with
another spelling, country or rating is updated in place; a new surname with the same first
name is a rename from the list's date; another person is a split from that date (the old
person stays in the history). The plan is a value: shown as a dry run, or applied by the
store in one transaction.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from ratinglist.errors import N_, RegistryError
from ratinglist.model import Player
from ratinglist.registry.history import (
    BEGINNING,
    Assigned,
    IdChange,
    IdEvent,
    Registry,
    Renamed,
    Split,
    classify_change,
)


@dataclass(frozen=True, slots=True)
class PlannedChange:
    """One ID of the list that changes the registry: its record before (None when new)."""

    change: IdChange | None
    before: Player | None
    after: Player


@dataclass(frozen=True, slots=True)
class ListPlan:
    """What importing a list does: the ID events to log, the rows to update, and per kind
    the changes (`added` has `change` None)."""

    source: str
    on: dt.date
    events: tuple[IdEvent, ...]
    updated: tuple[Player, ...]
    added: tuple[PlannedChange, ...]
    renamed: tuple[PlannedChange, ...]
    split: tuple[PlannedChange, ...]
    updates: tuple[PlannedChange, ...]
    unchanged: int
    after: Registry


def plan_list_import(
    registry: Registry, players: Iterable[Player], *, on: dt.date, source: str
) -> ListPlan:
    """The plan of importing `players` (a list's players, first line of an ID wins).

    Raises:
        RegistryError: a rename or split the history refuses (e.g. `on` not after the
            current owner's start), naming the list.
    """
    incoming: dict[int, Player] = {}
    for p in players:
        incoming.setdefault(int(p.id), p)
    origin = f"list:{source}"
    events: list[IdEvent] = []
    groups: dict[IdChange | None, list[PlannedChange]] = {
        None: [],
        IdChange.UPDATED: [],
        IdChange.RENAMED: [],
        IdChange.SPLIT: [],
    }
    unchanged = 0
    for pid, p in incoming.items():
        if pid not in registry:
            events.append(Assigned(p, BEGINNING, f"in {origin}"))
            groups[None].append(PlannedChange(None, None, p))
            continue
        old = registry.owner(pid)
        change = classify_change(old, p)
        if change is IdChange.NONE:
            unchanged += 1
            continue
        groups[change].append(PlannedChange(change, old, p))
        if change is IdChange.RENAMED:
            events.append(Renamed(p, on, f"new surname in {origin}"))
        elif change is IdChange.SPLIT:
            events.append(Split(p, on, f"another person in {origin}"))
    try:
        after = registry.extend(events)
    except RegistryError as exc:
        raise RegistryError(N_("players list %(source)s: %(exc)s"), source=source, exc=exc) from exc
    return ListPlan(
        source=source,
        on=on,
        events=tuple(events),
        updated=tuple(c.after for c in groups[IdChange.UPDATED]),
        added=tuple(groups[None]),
        renamed=tuple(groups[IdChange.RENAMED]),
        split=tuple(groups[IdChange.SPLIT]),
        updates=tuple(groups[IdChange.UPDATED]),
        unchanged=unchanged,
        after=after,
    )

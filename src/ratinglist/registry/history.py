"""The ID history: which person an ID denoted when, merges of two IDs, splits of one.

A `Registry` is an immutable value: the ordered log of `IdEvent`s is its whole state, with
indexes derived from it. Every operation returns a new `Registry`.

- `Assigned`: an ID is given to a person from a date.
- `Split`: from a date, an already assigned ID denotes a new person (IDs are reused: 170037
  was LEONG Woo in the 2018-2022 lists and MO Hau Lai in 2025-2026).
- `Renamed`: the person's recorded name or country changes from a date.
- `Merged`: one person had two IDs; from the date, `removed` resolves to `kept`.
- `Unmerged`: the merge was a mistake and is cancelled for every date (the two events stay in
  the log for the audit trail).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from ratinglist.errors import RegistryError
from ratinglist.model import Player, PlayerId

BEGINNING = dt.date(1970, 1, 1)


@dataclass(frozen=True, slots=True)
class Assigned:
    """`player.id` denotes `player` from `when` on."""

    player: Player
    when: dt.date = BEGINNING
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Split:
    """From `when`, `player.id` denotes `player`, a different person than before."""

    player: Player
    when: dt.date
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Renamed:
    """From `when`, the person of `player.id` is recorded as `player` (name, country)."""

    player: Player
    when: dt.date
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Merged:
    """`removed` and `kept` were one person; from `when`, `removed` resolves to `kept`."""

    kept: PlayerId
    removed: PlayerId
    when: dt.date
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Unmerged:
    """The merge of `removed` into `kept` is cancelled for every date."""

    kept: PlayerId
    removed: PlayerId
    when: dt.date
    reason: str = ""


IdEvent = Assigned | Split | Renamed | Merged | Unmerged


@dataclass(frozen=True, slots=True)
class _Period:
    """One person's ownership of an ID: from `start`, with renames in date order."""

    start: dt.date
    versions: tuple[tuple[dt.date, Player], ...]


@dataclass(frozen=True, slots=True)
class Registry:
    """Players and the ordered log of ID events; every method returns a new value."""

    events: tuple[IdEvent, ...] = ()
    _periods: dict[int, tuple[_Period, ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _merges: dict[int, Merged] = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        periods: dict[int, tuple[_Period, ...]] = {}
        merges: dict[int, Merged] = {}
        for event in self.events:
            _apply(periods, merges, event)
        object.__setattr__(self, "_periods", periods)
        object.__setattr__(self, "_merges", merges)

    def _append(self, event: IdEvent) -> Registry:
        """A new registry with `event` logged; indexes are updated, not rebuilt."""
        periods = dict(self._periods)
        merges = dict(self._merges)
        _apply(periods, merges, event)
        new = object.__new__(Registry)
        object.__setattr__(new, "events", (*self.events, event))
        object.__setattr__(new, "_periods", periods)
        object.__setattr__(new, "_merges", merges)
        return new

    @classmethod
    def from_players(cls, players: Iterable[Player], when: dt.date = BEGINNING) -> Registry:
        """A registry where each player's ID is assigned at `when` (bulk load).

        Raises:
            RegistryError: two players share an ID.
        """
        events: list[IdEvent] = []
        seen: set[int] = set()
        for p in players:
            if p.id in seen:
                raise RegistryError(f"expected each ID once, got {p.id} twice ({p.name})")
            seen.add(p.id)
            events.append(Assigned(p, when))
        return cls(tuple(events))

    def __contains__(self, pid: object) -> bool:
        return isinstance(pid, int) and pid in self._periods

    def ids(self) -> tuple[PlayerId, ...]:
        """Every assigned ID, ascending."""
        return tuple(PlayerId(pid) for pid in sorted(self._periods))

    def players(self, on: dt.date | None = None) -> tuple[Player, ...]:
        """The owner of every ID assigned on `on` (default: the latest owner), by ID."""
        result = []
        for pid in sorted(self._periods):
            owner = self._owner_or_none(pid, on)
            if owner is not None:
                result.append(owner)
        return tuple(result)

    def history(self, pid: int) -> tuple[IdEvent, ...]:
        """The events that mention `pid`, in log order."""
        return tuple(e for e in self.events if pid in _ids_of(e))

    def _need(self, pid: int) -> tuple[_Period, ...]:
        spans = self._periods.get(pid)
        if spans is None:
            raise RegistryError(f"expected a known player ID, got {pid}")
        return spans

    def _owner_or_none(self, pid: int, on: dt.date | None) -> Player | None:
        spans = self._need(pid)
        if on is None:
            return spans[-1].versions[-1][1]
        current = [s for s in spans if s.start <= on]
        if not current:
            return None
        versions = [p for when, p in current[-1].versions if when <= on]
        return versions[-1]

    def owner(self, pid: int, on: dt.date | None = None) -> Player:
        """The person `pid` denoted on `on` (default: today's owner), with the name of then.

        Raises:
            RegistryError: unknown ID, or not yet assigned on `on`.
        """
        owner = self._owner_or_none(pid, on)
        if owner is None:
            raise RegistryError(
                f"expected an ID assigned on {on}, got {pid} (first assigned "
                f"{self._need(pid)[0].start})"
            )
        return owner

    def resolve(self, pid: int, on: dt.date | None = None) -> PlayerId:
        """The canonical ID of `pid` on `on` (default: today), following merges in force.

        Raises:
            RegistryError: unknown ID.
        """
        self._need(pid)
        current = pid
        for _ in range(len(self._merges) + 1):
            merge = self._merges.get(current)
            if merge is None or (on is not None and merge.when > on):
                return PlayerId(current)
            current = merge.kept
        raise RegistryError(f"expected merges without a cycle, got one through {pid}")

    def add_player(self, player: Player, when: dt.date = BEGINNING, reason: str = "") -> Registry:
        """Assign `player.id` to `player` from `when`.

        Raises:
            RegistryError: the ID is already assigned (use `split` to give it a new owner).
        """
        if player.id in self._periods:
            raise RegistryError(
                f"expected a new ID, got {player.id} already assigned to "
                f"{self._owner_or_none(player.id, None)}; use split to reuse it"
            )
        return self._append(Assigned(player, when, reason))

    def rename(self, player: Player, when: dt.date, reason: str = "") -> Registry:
        """Record a new name or country for the current owner of `player.id` from `when`.

        Raises:
            RegistryError: unknown ID, or `when` before the current owner's start.
        """
        start = self._need(player.id)[-1].start
        if when < start:
            raise RegistryError(
                f"expected a date on or after {start} (current owner's start), got {when}"
            )
        return self._append(Renamed(player, when, reason))

    def split(self, player: Player, when: dt.date, reason: str = "") -> Registry:
        """From `when`, `player.id` denotes `player`, a new person.

        Raises:
            RegistryError: unknown ID, or `when` not after the current owner's start.
        """
        start = self._need(player.id)[-1].start
        if when <= start:
            raise RegistryError(
                f"expected a split date after {start} (current owner's start), got {when}"
            )
        return self._append(Split(player, when, reason))

    def merge(self, kept: int, removed: int, when: dt.date, reason: str = "") -> Registry:
        """Record that `removed` and `kept` were one person; `removed` resolves to `kept`.

        Raises:
            RegistryError: same ID, unknown ID, `removed` already merged, or a cycle.
        """
        if kept == removed:
            raise RegistryError(f"expected two different IDs to merge, got {kept} twice")
        self._need(kept)
        self._need(removed)
        if removed in self._merges:
            raise RegistryError(
                f"expected an ID not merged yet, got {removed} already merged into "
                f"{self._merges[removed].kept}"
            )
        if self.resolve(kept) == removed:
            raise RegistryError(f"expected no cycle, got {kept} already resolving to {removed}")
        return self._append(Merged(PlayerId(kept), PlayerId(removed), when, reason))

    def undo_merge(self, kept: int, removed: int, when: dt.date, reason: str = "") -> Registry:
        """Cancel the merge of `removed` into `kept` (for every date).

        Raises:
            RegistryError: no such merge in force.
        """
        merge = self._merges.get(removed)
        if merge is None or merge.kept != kept:
            raise RegistryError(f"expected a merge of {removed} into {kept} to undo, got none")
        return self._append(Unmerged(PlayerId(kept), PlayerId(removed), when, reason))


def _ids_of(event: IdEvent) -> tuple[int, ...]:
    if isinstance(event, Merged | Unmerged):
        return (event.kept, event.removed)
    return (event.player.id,)


def _apply(
    periods: dict[int, tuple[_Period, ...]], merges: dict[int, Merged], event: IdEvent
) -> None:
    """Update the indexes (in place) with one event."""
    if isinstance(event, Assigned | Split):
        spans = periods.get(event.player.id, ())
        periods[event.player.id] = (*spans, _Period(event.when, ((event.when, event.player),)))
    elif isinstance(event, Renamed):
        *older, last = periods[event.player.id]
        versions = sorted((*last.versions, (event.when, event.player)), key=lambda v: v[0])
        periods[event.player.id] = (*older, replace(last, versions=tuple(versions)))
    elif isinstance(event, Merged):
        merges[event.removed] = event
    else:
        merges.pop(event.removed, None)

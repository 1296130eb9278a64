"""The ID history: which person an ID denoted when, merges of two IDs, splits of one.

A `Registry` is an immutable value: the ordered log of `IdEvent`s is its whole state, with
indexes derived from it. Every operation returns a new `Registry`. These are the only rules
for IDs: the store loads its log into a `Registry`, applies an operation here and saves the
new event.

- `Assigned`: an ID is given to a person from a date.
- `Split`: from a date, an already assigned ID denotes a new person (IDs are reused: 170037
  was LEONG Woo in the 2018-2022 lists and MO Hau Lai in 2025-2026).
- `Renamed`: the person's recorded name or country changes from a date.
- `Merged`: one person had two IDs; from the date, `removed` resolves to `kept`.
- `Unmerged`: the merge was a mistake and is cancelled for every date (the two events stay in
  the log for the audit trail).

`classify_change` decides which of these a new record of a known ID is (a players list that
writes another name for an ID).
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from rapidfuzz import fuzz

from ratinglist.errors import N_, RegistryError
from ratinglist.model import Player, PlayerId
from ratinglist.registry.search import normalise_name

BEGINNING = dt.date(1970, 1, 1)
"""The date of an assignment whose real date is unknown (an ID known from a players list)."""

SAME_PERSON_SCORE = 60.0
"""`classify_change`: names at least this close (0-100) are one person spelt differently."""


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

_STARTS = (Assigned, Split)
"""The events that start an ID's period (a tuple: `isinstance` on it is cheaper than on a
union, which the hot loop of `_Index.apply` would also build anew each time)."""


@dataclass(frozen=True, slots=True)
class Tenure:
    """What `player.id` denoted from `start` to the day before `end` (None: up to now).

    `person` counts the owners of the ID: 0 for the first person, 1 after the first split.
    """

    player: Player
    start: dt.date
    end: dt.date | None
    person: int


class IdChange(enum.Enum):
    """How a new record of a known ID differs from the registry's (`classify_change`)."""

    NONE = "none"
    UPDATED = "updated"
    RENAMED = "renamed"
    SPLIT = "split"


def classify_change(
    old: Player, new: Player, *, same_person_score: float = SAME_PERSON_SCORE
) -> IdChange:
    """Whether `new` is the person `old` records, under which name.

    - `NONE`: same surname, first name, country and rating.
    - `UPDATED`: the same person (a spelling fix, a new country or rating): the normalised
      names (`normalise_name`) score at least `same_person_score` with rapidfuzz's
      ``token_sort_ratio``.
    - `RENAMED`: the names are far apart but the (non-empty) first name is the same: a new
      surname.
    - `SPLIT`: a different person now holds the ID.
    """
    if (old.surname, old.firstname, old.country, old.rating) == (
        new.surname,
        new.firstname,
        new.country,
        new.rating,
    ):
        return IdChange.NONE
    score = fuzz.token_sort_ratio(normalise_name(old.name), normalise_name(new.name))
    if score >= same_person_score:
        return IdChange.UPDATED
    first = normalise_name(new.firstname)
    if first and normalise_name(old.firstname) == first:
        return IdChange.RENAMED
    return IdChange.SPLIT


@dataclass(frozen=True, slots=True)
class _Version:
    """A record of an ID's owner from `when`, written by the event at `index` of the log."""

    when: dt.date
    player: Player
    index: int


@dataclass(frozen=True, slots=True)
class _Period:
    """One person's ownership of an ID: from `start`, with renames in date order."""

    start: dt.date
    versions: tuple[_Version, ...]


@dataclass(slots=True)
class _Index:
    """The indexes of a log, built by checking and applying one event after another."""

    periods: dict[int, tuple[_Period, ...]] = field(default_factory=dict)
    merges: dict[int, Merged] = field(default_factory=dict)
    size: int = 0

    def copy(self) -> _Index:
        return _Index(dict(self.periods), dict(self.merges), self.size)

    def need(self, pid: int) -> tuple[_Period, ...]:
        spans = self.periods.get(pid)
        if spans is None:
            raise RegistryError(N_("expected a known player ID, got %(pid)s"), pid=pid)
        return spans

    def latest(self, pid: int) -> Player:
        return self.need(pid)[-1].versions[-1].player

    def resolve(self, pid: int, on: dt.date | None) -> PlayerId:
        self.need(pid)
        current = pid
        for _ in range(len(self.merges) + 1):
            merge = self.merges.get(current)
            if merge is None or (on is not None and merge.when > on):
                return PlayerId(current)
            current = merge.kept
        raise RegistryError(N_("expected merges without a cycle, got one through %(pid)s"), pid=pid)

    def check(self, event: IdEvent) -> None:
        """Raise `RegistryError` when `event` breaks a rule of the log so far."""
        if isinstance(event, Assigned):
            if event.player.id in self.periods:
                raise RegistryError(
                    N_(
                        "expected a new ID, got %(id)s already assigned to %(name)s; use split "
                        "to reuse it"
                    ),
                    id=event.player.id,
                    name=self.latest(event.player.id).name,
                )
        elif isinstance(event, Split | Renamed):
            start = self.need(event.player.id)[-1].start
            if isinstance(event, Split) and event.when <= start:
                raise RegistryError(
                    N_(
                        "expected a split date after %(start)s (start of the current owner of "
                        "%(id)s), got %(when)s"
                    ),
                    start=start,
                    id=event.player.id,
                    when=event.when,
                )
            if event.when < start:
                raise RegistryError(
                    N_(
                        "expected a date on or after %(start)s (start of the current owner of "
                        "%(id)s), got %(when)s"
                    ),
                    start=start,
                    id=event.player.id,
                    when=event.when,
                )
        elif isinstance(event, Merged):
            self._check_merge(event.kept, event.removed)
        else:
            merge = self.merges.get(event.removed)
            if merge is None or merge.kept != event.kept:
                raise RegistryError(
                    N_("expected a merge of %(removed)s into %(kept)s to undo, got none"),
                    removed=event.removed,
                    kept=event.kept,
                )

    def _check_merge(self, kept: int, removed: int) -> None:
        if kept == removed:
            raise RegistryError(
                N_("expected two different IDs to merge, got %(kept)s twice"), kept=kept
            )
        self.need(kept)
        self.need(removed)
        if removed in self.merges:
            raise RegistryError(
                N_("expected an ID not merged yet, got %(removed)s already merged into %(kept)s"),
                removed=removed,
                kept=self.merges[removed].kept,
            )
        if self.resolve(kept, None) == removed:
            raise RegistryError(
                N_("expected no cycle, got %(kept)s already resolving to %(removed)s"),
                kept=kept,
                removed=removed,
            )

    def apply(self, event: IdEvent) -> None:
        """Update the indexes with one event (the next one of the log)."""
        index = self.size
        self.size += 1
        if isinstance(event, _STARTS):
            version = _Version(event.when, event.player, index)
            spans = self.periods.get(event.player.id, ())
            self.periods[event.player.id] = (*spans, _Period(event.when, (version,)))
        elif isinstance(event, Renamed):
            *older, last = self.periods[event.player.id]
            version = _Version(event.when, event.player, index)
            versions = sorted((*last.versions, version), key=lambda v: v.when)
            self.periods[event.player.id] = (*older, _Period(last.start, tuple(versions)))
        elif isinstance(event, Merged):
            self.merges[event.removed] = event
        else:
            self.merges.pop(event.removed, None)


@dataclass(frozen=True, slots=True)
class Registry:
    """Players and the ordered log of ID events; every method returns a new value.

    Building a registry from a log does not check it (a stored log is taken as it is);
    the operations (`add_player`, `split`, `merge`, ..., `extend`) check every rule.
    """

    events: tuple[IdEvent, ...] = ()
    _index: _Index = field(init=False, repr=False, compare=False, default_factory=_Index)

    def __post_init__(self) -> None:
        index = _Index()
        for event in self.events:
            if isinstance(event, Renamed) and event.player.id not in index.periods:
                raise RegistryError(
                    N_("expected an assignment before a rename, got %(id)s renamed first"),
                    id=event.player.id,
                )
            index.apply(event)
        object.__setattr__(self, "_index", index)

    def extend(self, events: Iterable[IdEvent]) -> Registry:
        """A new registry with `events` checked and logged in order (one copy for all).

        Raises:
            RegistryError: an event breaks a rule; the message names the rule.
        """
        index = self._index.copy()
        added = []
        for event in events:
            index.check(event)
            index.apply(event)
            added.append(event)
        new = object.__new__(Registry)
        object.__setattr__(new, "events", (*self.events, *added))
        object.__setattr__(new, "_index", index)
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
                raise RegistryError(
                    N_("expected each ID once, got %(id)s twice (%(name)s)"), id=p.id, name=p.name
                )
            seen.add(p.id)
            events.append(Assigned(p, when))
        return cls().extend(events)

    def __contains__(self, pid: object) -> bool:
        return isinstance(pid, int) and pid in self._index.periods

    def ids(self) -> tuple[PlayerId, ...]:
        """Every assigned ID, ascending."""
        return tuple(PlayerId(pid) for pid in sorted(self._index.periods))

    def players(self, on: dt.date | None = None) -> tuple[Player, ...]:
        """The owner of every ID assigned on `on` (default: the latest owner), by ID."""
        result = []
        for pid in sorted(self._index.periods):
            version = self._version(pid, on)
            if version is not None:
                result.append(version.player)
        return tuple(result)

    def history(self, pid: int) -> tuple[IdEvent, ...]:
        """The events that mention `pid`, in log order."""
        return tuple(e for e in self.events if pid in _ids_of(e))

    def _version(self, pid: int, on: dt.date | None) -> _Version | None:
        spans = self._index.need(pid)
        if on is None:
            return spans[-1].versions[-1]
        current = [s for s in spans if s.start <= on]
        if not current:
            return None
        return [v for v in current[-1].versions if v.when <= on][-1]

    def _need_version(self, pid: int, on: dt.date | None) -> _Version:
        version = self._version(pid, on)
        if version is None:
            raise RegistryError(
                N_("expected an ID assigned on %(on)s, got %(pid)s (first assigned %(start)s)"),
                on=on,
                pid=pid,
                start=self._index.need(pid)[0].start,
            )
        return version

    def owner(self, pid: int, on: dt.date | None = None) -> Player:
        """The person `pid` denoted on `on` (default: today's owner), with the name of then.

        Raises:
            RegistryError: unknown ID, or not yet assigned on `on`.
        """
        return self._need_version(pid, on).player

    def owners(self, pid: int) -> tuple[tuple[dt.date, Player], ...]:
        """Every person `pid` denoted, oldest first: the first day of each (`BEGINNING` when
        unknown) and their latest record (name, country).

        Raises:
            RegistryError: unknown ID.
        """
        return tuple((p.start, p.versions[-1].player) for p in self._index.need(pid))

    def source(self, pid: int, on: dt.date | None = None) -> int:
        """The index in `events` of the event that recorded `owner(pid, on)`.

        Raises:
            RegistryError: unknown ID, or not yet assigned on `on`.
        """
        return self._need_version(pid, on).index

    def timeline(self, pid: int) -> tuple[Tenure, ...]:
        """Who `pid` denoted when: one `Tenure` per owner and name, in date order.

        A rename overtaken by a later-dated record (or a split) is left out.

        Raises:
            RegistryError: unknown ID.
        """
        spans = self._index.need(pid)
        starts = [s.start for s in spans[1:]] + [None]
        result = []
        for person, (span, period_end) in enumerate(zip(spans, starts, strict=True)):
            ends = [v.when for v in span.versions[1:]] + [period_end]
            for version, end in zip(span.versions, ends, strict=True):
                if period_end is not None and version.when >= period_end:
                    continue
                if end is not None and end <= version.when:
                    continue
                result.append(Tenure(version.player, version.when, end, person))
        return tuple(result)

    def resolve(self, pid: int, on: dt.date | None = None) -> PlayerId:
        """The canonical ID of `pid` on `on` (default: today), following merges in force.

        Raises:
            RegistryError: unknown ID.
        """
        return self._index.resolve(pid, on)

    def merge_of(self, pid: int) -> Merged | None:
        """The merge in force that makes `pid` resolve to another ID, if any.

        Raises:
            RegistryError: unknown ID.
        """
        self._index.need(pid)
        return self._index.merges.get(pid)

    def merged_ids(self, kept: int) -> tuple[PlayerId, ...]:
        """The IDs merged directly into `kept` by merges in force, ascending.

        Raises:
            RegistryError: unknown ID.
        """
        self._index.need(kept)
        return tuple(sorted(m.removed for m in self._index.merges.values() if m.kept == kept))

    def add_player(self, player: Player, when: dt.date = BEGINNING, reason: str = "") -> Registry:
        """Assign `player.id` to `player` from `when`.

        Raises:
            RegistryError: the ID is already assigned (use `split` to give it a new owner).
        """
        return self.extend((Assigned(player, when, reason),))

    def rename(self, player: Player, when: dt.date, reason: str = "") -> Registry:
        """Record a new name or country for the current owner of `player.id` from `when`.

        Raises:
            RegistryError: unknown ID, or `when` before the current owner's start.
        """
        return self.extend((Renamed(player, when, reason),))

    def split(self, player: Player, when: dt.date, reason: str = "") -> Registry:
        """From `when`, `player.id` denotes `player`, a new person.

        Raises:
            RegistryError: unknown ID, or `when` not after the current owner's start.
        """
        return self.extend((Split(player, when, reason),))

    def merge(self, kept: int, removed: int, when: dt.date, reason: str = "") -> Registry:
        """Record that `removed` and `kept` were one person; `removed` resolves to `kept`.

        Raises:
            RegistryError: same ID, unknown ID, `removed` already merged, or a cycle.
        """
        return self.extend((Merged(PlayerId(kept), PlayerId(removed), when, reason),))

    def undo_merge(self, kept: int, removed: int, when: dt.date, reason: str = "") -> Registry:
        """Cancel the merge of `removed` into `kept` (for every date).

        Raises:
            RegistryError: no such merge in force.
        """
        return self.extend((Unmerged(PlayerId(kept), PlayerId(removed), when, reason),))


def _ids_of(event: IdEvent) -> tuple[int, ...]:
    if isinstance(event, Merged | Unmerged):
        return (event.kept, event.removed)
    return (event.player.id,)

"""The stored form of the events: a kind name and a JSON object, for the store.

The codec knows no game: it reads a kind among the engine's events (`events.ENGINE_EVENTS`)
and every game's (`Game.events`, `game.event_class`). Old logs stay readable
(docs/decisions.md, "Issue 20: old logs"): an event kind or field stored once is never
removed, renamed or made required; a field added to an event later has a default (a plain
one or a default factory) and an event stored without it takes the default here (the
settings of `Created` too; a Go tournament's parameters missing from its settings take
OpenGotha's defaults for its system). The kinds and fields stored today are listed in
``tests/tournament/logs/event_fields.json``, and ``tests/tournament/test_event_rule.py``
holds the classes to that list.
"""

from __future__ import annotations

import json
from dataclasses import MISSING, fields, is_dataclass
from typing import Any

from ratinglist.errors import N_, TournamentInputError
from ratinglist.tournament.events import Created, Event, Settings
from ratinglist.tournament.game import event_class, event_types

__all__ = ["event_types", "from_json", "to_json"]

_SETTINGS_DEFAULTS = {f.name: f.default for f in fields(Settings)}


_LEAVES = frozenset({str, int, float, bool, type(None)})
"""Types `_plain` returns as they are, asked first (most values of an event are these)."""


_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def _field_names(kind: type) -> tuple[str, ...] | None:
    """The field names of dataclass `kind`; None when `kind` is not a dataclass."""
    try:
        return _FIELD_NAMES[kind]
    except KeyError:
        found = _FIELD_NAMES[kind] = (
            tuple(f.name for f in fields(kind)) if is_dataclass(kind) else None
        )
        return found


def _plain(value: Any) -> Any:
    """`value` with every dataclass made a dict, as `dataclasses.asdict` does, without its
    deep copy of each leaf (an event's values are immutable): 4x faster on a Go log. Each
    type is asked once whether it is a dataclass (`_field_names`)."""
    kind = type(value)
    if kind in _LEAVES:
        return value
    names = _field_names(kind)
    if names is not None:
        fields_ = {name: getattr(value, name) for name in names}
        return {n: v if type(v) in _LEAVES else _plain(v) for n, v in fields_.items()}
    if kind is tuple or kind is list:
        return kind([v if type(v) in _LEAVES else _plain(v) for v in value])
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple
        return kind(*(_plain(v) for v in value))
    if isinstance(value, dict):
        return kind((_plain(k), _plain(v)) for k, v in value.items())
    return value


def to_json(event: Event) -> tuple[str, str]:
    """The stored form: (kind, JSON object of the fields, keys sorted)."""
    payload = _plain(event)
    if isinstance(event, Created):
        # the game's fields are left out while they hold their defaults, as every log
        # written before there was a second game has them
        settings = payload["settings"]
        for key in ("game", "go"):
            if settings[key] == _SETTINGS_DEFAULTS[key]:
                del settings[key]
    for key in event.stored_when_set:
        if not payload[key]:
            del payload[key]  # stored as before the field existed
    return event.kind, json.dumps(payload, sort_keys=True, ensure_ascii=False)


_NAMES: dict[object, tuple[frozenset[str], frozenset[str]]] = {}


def _names_of(cls: object) -> tuple[frozenset[str], frozenset[str]]:
    """The field names of an event class, and those without a default."""
    found = _NAMES.get(cls)
    if found is None:
        known = fields(cls)  # type: ignore[arg-type]
        found = _NAMES[cls] = (
            frozenset(f.name for f in known),
            frozenset(
                f.name for f in known if f.default is MISSING and f.default_factory is MISSING
            ),
        )
    return found


def _tuples(value: Any) -> Any:
    """`value` with every JSON array made a tuple; only arrays are recursed into (a Go
    log's pairings are mostly arrays of numbers)."""
    if type(value) is list:
        return tuple([_tuples(v) if type(v) is list else v for v in value])
    return value


def from_json(kind: str, payload: str) -> Event:
    """The event stored as (`kind`, `payload`); `to_json` is the inverse.

    Raises:
        TournamentInputError: an unknown kind or a payload that does not fit it.
    """
    cls = event_class(kind)
    if cls is None:
        raise TournamentInputError(N_("expected a known event kind, got %(kind)r"), kind=kind)
    try:
        data = json.loads(payload)
        if cls is Created:
            return Created(Settings(**data["settings"]))
        names, required = _names_of(cls)
        if not required <= set(data) <= names:
            raise TypeError(f"fields {sorted(data)} instead of {sorted(names)}")
        return cls(**{k: _tuples(v) for k, v in data.items()})
    except (ValueError, TypeError, KeyError) as exc:
        raise TournamentInputError(
            N_("expected a valid %(kind)r event, got %(payload)r (%(exc)s)"),
            kind=kind,
            payload=payload[:80],
            exc=exc,
        ) from exc

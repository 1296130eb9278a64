"""A Go tournament's parameters in its log: every OpenGotha parameter set as a JSON object.

The `Created` event of a Go tournament carries `Settings.go`, the JSON form of its
`GoParameters` and clubs groups; `go_settings` writes it and `go_parameters` reads it back
(the same values: ``go_parameters(go_settings(p)) == p``). Ranks are written as text
(``20k``), enums by their value, tuples as lists; fields missing from a stored object take
OpenGotha's default for the system.
"""

from __future__ import annotations

import enum
import types
import typing
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any

from ratinglist.errors import N_, GoRankError, TournamentInputError
from ratinglist.model.go import GoRank, format_rank, parse_rank
from ratinglist.model.go.team import MAX_TEAM_SIZE, MIN_TEAM_SIZE, TeamParameters
from ratinglist.model.go.tournament import (
    ClubsGroup,
    GoParameters,
    GoSystem,
    default_parameters,
)


def _encode(value: object) -> Any:
    if isinstance(value, GoRank):
        return format_rank(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _encode(getattr(value, f.name)) for f in fields(value)}
    return value


def _decode(hint: Any, value: Any, default: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin is tuple:
        inner = typing.get_args(hint)[0]
        return tuple(_decode(inner, v, None) for v in value)
    if hint is GoRank:
        return parse_rank(str(value))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(value)
    if isinstance(hint, type) and is_dataclass(hint):
        return _decode_fields(hint, value, default)
    if hint is float:
        return float(value)
    if hint in (int, str, bool) and not isinstance(value, hint):
        raise TypeError(f"expected {hint.__name__}, got {value!r}")
    if isinstance(hint, types.UnionType):
        raise TypeError(f"unsupported field type {hint}")
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    """The resolved field types of `cls` (resolving them is most of a decode's time)."""
    return typing.get_type_hints(cls)


def _decode_fields(cls: type, data: dict[str, Any], default: Any) -> Any:
    hints = _hints(cls)
    known = {f.name for f in fields(cls)}
    unknown = set(data) - known
    if unknown:
        raise TypeError(f"unknown fields {sorted(unknown)} of {cls.__name__}")
    values = {
        f.name: _decode(hints[f.name], data[f.name], getattr(default, f.name))
        if f.name in data
        else getattr(default, f.name)
        for f in fields(cls)
    }
    return cls(**values)


def go_settings(
    system: GoSystem,
    parameters: GoParameters,
    clubs_groups: tuple[ClubsGroup, ...] = (),
    teams: TeamParameters | None = None,
) -> dict[str, Any]:
    """The JSON object stored in `Settings.go` (``teams``: the team parameters, when given)."""
    data: dict[str, Any] = {
        "system": system.value,
        "parameters": _encode(parameters),
        "clubs_groups": [_encode(g) for g in clubs_groups],
    }
    if teams is not None:
        data["teams"] = _encode(teams)
    return data


def go_team_parameters(data: dict[str, Any]) -> TeamParameters:
    """The team parameters of a stored Go settings object (OpenGotha's defaults if none).

    Raises:
        TournamentInputError: the stored team parameters are not valid.
    """
    try:
        found = _decode_fields(TeamParameters, dict(data.get("teams", {})), TeamParameters())
    except (TypeError, ValueError, KeyError) as exc:
        raise TournamentInputError(
            N_("expected valid team parameters, got %(exc)s"), exc=exc
        ) from exc
    assert isinstance(found, TeamParameters)
    if not MIN_TEAM_SIZE <= found.team_size <= MAX_TEAM_SIZE:
        raise TournamentInputError(
            N_("expected a team size %(min_team_size)s-%(max_team_size)s, got %(team_size)s"),
            min_team_size=MIN_TEAM_SIZE,
            max_team_size=MAX_TEAM_SIZE,
            team_size=found.team_size,
        )
    return found


def go_system(data: dict[str, Any]) -> GoSystem:
    """The system of a stored Go settings object."""
    try:
        return GoSystem(data["system"])
    except (KeyError, ValueError) as exc:
        known = ", ".join(s.value for s in GoSystem)
        raise TournamentInputError(
            N_("expected a Go system among %(known)s, got %(system)r"),
            known=known,
            system=data.get("system"),
        ) from exc


def go_parameters(data: dict[str, Any]) -> tuple[GoParameters, tuple[ClubsGroup, ...]]:
    """The parameters and clubs groups of a stored Go settings object.

    Raises:
        TournamentInputError: the object does not hold Go parameters.
    """
    system = go_system(data)
    try:
        parameters = _decode_fields(
            GoParameters, dict(data.get("parameters", {})), default_parameters(system)
        )
        groups = tuple(
            ClubsGroup(str(g["name"]), tuple(str(c) for c in g["clubs"]))
            for g in data.get("clubs_groups", [])
        )
    except (TypeError, ValueError, KeyError, GoRankError) as exc:
        raise TournamentInputError(
            N_("expected valid Go parameters, got %(exc)s"), exc=exc
        ) from exc
    return parameters, groups

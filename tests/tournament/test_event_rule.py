"""The rule for changing an event (issue 20, item 2; docs/decisions.md, "Issue 20: old logs").

A tournament is its stored event log, and a log stored by an earlier release must keep loading.
So: an event kind or field stored today is never removed or renamed, nor made required; a field
added to an event later has a default (a plain default or a default factory), so that an event
stored without it takes the default. `logs/event_fields.json` is the manifest of every event
kind's fields as stored today (and of the tournament settings in `created`), with a stored
example of each kind reduced to its required fields. These tests hold the event classes of
`tournament.events` to it, and check that the decoder fills what an old event lacks.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import MISSING, Field, dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest

from ratinglist.model.go.team import TeamParameters
from ratinglist.model.go.tournament import GoSystem, default_parameters
from ratinglist.tournament import codec
from ratinglist.tournament import events as ev
from ratinglist.tournament.codec import event_types, from_json
from ratinglist.tournament.events import Created, Settings
from ratinglist.tournament.games.go import events as go_events
from ratinglist.tournament.games.go.settings import go_parameters, go_team_parameters

MANIFEST: dict[str, Any] = json.loads(
    (Path(__file__).parent / "logs" / "event_fields.json").read_text(encoding="utf-8")
)
KINDS: dict[str, dict[str, Any]] = MANIFEST["kinds"]
ADVICE = (
    "give it a default (an event stored before it has none) and add it to the kind's "
    "fields in tests/tournament/logs/event_fields.json"
)


def _has_default(f: Field[Any]) -> bool:
    return f.default is not MISSING or f.default_factory is not MISSING


def _default(f: Field[Any]) -> Any:
    return f.default if f.default is not MISSING else f.default_factory()  # type: ignore[misc]


def _check(name: str, cls: type, listed: dict[str, Any]) -> list[str]:
    """What breaks the rule in `cls` (stored as `name`) against its manifest entry."""
    now = {f.name: f for f in dataclasses.fields(cls)}
    problems = [
        f"{name}: field {f!r} is not in the manifest: {ADVICE}"
        for f, spec in now.items()
        if f not in listed["fields"] and not _has_default(spec)
    ]
    problems += [
        f"{name}: field {f!r} stored today is gone (an old log holding it would not load); "
        "keep it, with a default"
        for f in listed["fields"]
        if f not in now
    ]
    problems += [
        f"{name}: field {f!r} is optional in stored logs but has no default now; give it one"
        for f, spec in now.items()
        if f in listed["fields"] and f not in listed["required"] and not _has_default(spec)
    ]
    return problems


def test_every_event_kind_stored_today_still_loads() -> None:
    gone = sorted(set(KINDS) - set(event_types()))
    assert gone == [], f"event kinds stored in old logs but no longer known: {gone}"


def test_an_event_field_missing_from_the_manifest_has_a_default() -> None:
    problems: list[str] = []
    for kind, cls in event_types().items():
        if kind not in KINDS:
            problems.append(f"new event kind {kind!r}: add it to event_fields.json")
            continue
        problems += _check(kind, cls, KINDS[kind])
    problems += _check("created.settings", Settings, MANIFEST["settings"])
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_an_event_stored_with_only_its_required_fields_decodes(kind: str) -> None:
    """The manifest's example (a stored event reduced to its required fields) loads, and
    every field it lacks takes the class's default."""
    example = KINDS[kind]["example"]
    assert sorted(example) == sorted(KINDS[kind]["required"])
    event = from_json(kind, json.dumps(example))
    assert event.kind == kind
    for f in dataclasses.fields(event):  # type: ignore[arg-type]
        if f.name not in example:
            assert getattr(event, f.name) == _default(f), f"{kind}.{f.name}"


def test_settings_stored_with_only_their_required_fields_decode() -> None:
    required = {"name": "Old Open", "country": "NLD", "start": "2026-05-01"}
    assert sorted(required) == sorted(MANIFEST["settings"]["required"])
    created = from_json("created", json.dumps({"settings": required}))
    assert isinstance(created, Created)
    assert created.settings == Settings(**required)
    assert (created.settings.game, created.settings.rounds) == (ev.OTHELLO, ev.DEFAULT_ROUNDS)


def test_go_settings_stored_with_only_a_system_take_opengothas_defaults() -> None:
    go = MANIFEST["go_settings"]["example"]
    assert sorted(go) == sorted(MANIFEST["go_settings"]["required"])
    settings = {"name": "Go Open", "country": "FRA", "start": "2026-05-01", "game": "go", "go": go}
    created = from_json("created", json.dumps({"settings": settings}))
    assert isinstance(created, Created) and created.settings.go == go
    parameters, groups = go_parameters(go)
    assert (parameters, groups) == (default_parameters(GoSystem(go["system"])), ())
    assert go_team_parameters(go) == TeamParameters()


@dataclass(frozen=True, slots=True)
class _TeamLater(go_events.GoTeamEntered):
    """`go-team` as a later release might have it: two fields added with defaults."""

    kind: ClassVar[str] = "go-team"
    short: str = ""
    aliases: tuple[str, ...] = field(default_factory=tuple)


def test_a_field_added_later_with_a_default_may_be_missing_from_a_stored_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stored = json.dumps(KINDS["go-team"]["example"])
    assert _check("go-team", _TeamLater, KINDS["go-team"]) == []
    known = event_types()
    monkeypatch.setattr(
        codec, "event_class", lambda kind: _TeamLater if kind == "go-team" else known.get(kind)
    )
    event = from_json("go-team", stored)
    assert event == _TeamLater(team=1, name="Rouge", short="", aliases=())


def test_a_field_added_without_a_default_breaks_the_rule() -> None:
    @dataclass(frozen=True, slots=True)
    class Required(go_events.GoTeamEntered):
        kind: ClassVar[str] = "go-team"
        short: str = field(kw_only=True)

    [problem] = _check("go-team", Required, KINDS["go-team"])
    assert "'short' is not in the manifest: give it a default" in problem

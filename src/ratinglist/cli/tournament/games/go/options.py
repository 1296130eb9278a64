"""Go's options of ``tournament new`` and ``tournament settings``, one per setting of Go's
settings table (`service.go.setting_table`)."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Annotated, Any, TypeVar

import typer

from ratinglist.model.directed import GoOptions
from ratinglist.service.go.setting_table import GO_SETTINGS, GoSetting

F = TypeVar("F", bound=Callable[..., Any])


def _cli_parameter(setting: GoSetting) -> inspect.Parameter:
    kind = bool | None if setting.kind == "flag" else str | None
    return inspect.Parameter(
        setting.field,
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        default=None,
        annotation=Annotated[kind, typer.Option(*setting.cli_names, help=setting.help)],
    )


def with_go_settings(
    *, leave: frozenset[str] = frozenset(), before: str = "parameters"
) -> Callable[[F], F]:
    """A command with one option per Go setting of `GO_SETTINGS` (but the fields in `leave`),
    listed before its parameter `before`; its ``**go`` parameter receives them by `GoOptions`
    field."""

    def decorate(command: F) -> F:
        found = inspect.signature(command, eval_str=True)
        params: list[inspect.Parameter] = []
        for p in found.parameters.values():
            if p.name == before:
                params += [_cli_parameter(s) for s in GO_SETTINGS if s.field not in leave]
            if p.kind is not inspect.Parameter.VAR_KEYWORD:
                params.append(p)
        setattr(command, "__signature__", found.replace(parameters=params))  # noqa: B010
        hints = {p.name: p.annotation for p in params}
        setattr(command, "__annotations__", hints | {"return": found.return_annotation})  # noqa: B010
        return command

    return decorate


def go_options(go: Mapping[str, Any], parameters: list[str] | None = None) -> GoOptions:
    """The options as the service takes them: `go` by `GoOptions` field (`with_go_settings`)
    and the ``--set`` items."""
    values = {s.field: go[s.field] for s in GO_SETTINGS if s.field in go}
    return GoOptions(**values, parameters=tuple(parameters or ()))

"""Go's commands: ``go-file`` and ``go-list``, and in ``tournament``: ``costs``, ``import``,
``settings``, ``team ...`` and ``edit ...``; entering players with a rank or from a stored
list; replaying an OpenGotha file."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import typer

    from ratinglist.cli.tournament.games import RegisterOptions

ROOT_COMMANDS = {
    "go-file": "ratinglist.cli.tournament.games.go.files",
    "go-list": "ratinglist.cli.tournament.games.go.lists",
}
REPLAY_SUFFIXES = (".xml",)
F = TypeVar("F", bound=Callable[..., Any])


def register_commands(app: typer.Typer) -> None:
    """Add Go's commands to the ``tournament`` group `app`."""
    from ratinglist.cli.tournament.games.go import costs, edits, opengotha, settings, teams

    app.command("settings")(settings.settings)
    app.command("costs")(costs.costs)
    app.command("import")(opengotha.import_command)
    app.add_typer(teams.app, name="team")
    app.add_typer(edits.app, name="edit")


def register_players(options: RegisterOptions) -> bool:
    """Enter Go players: ``--list`` (from a stored rating list) or ``--new`` with ``--rank``."""
    if options.from_list is None and options.rank is None:
        return False
    from ratinglist.cli.tournament.games.go.register import register_go_players

    register_go_players(options)
    return True


def new_options(command: F) -> F:
    """``tournament new`` with Go's options (``--bar``, ``--floor``, ``--criteria`` are its own)."""
    from ratinglist.cli.tournament.games.go.options import with_go_settings

    return with_go_settings(leave=frozenset({"bar", "floor", "criteria"}))(command)


def new_settings(options: Mapping[str, Any], parameters: list[str] | None) -> dict[str, Any]:
    """The `NewSettings` fields of Go's options of ``tournament new``."""
    from ratinglist.cli.tournament.games.go.options import go_options

    return {"go_options": go_options(options, parameters)}

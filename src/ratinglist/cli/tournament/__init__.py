"""`ratinglist tournament ...`: direct a tournament stored in the database as an event log.

Each command parses its arguments, calls one function of `ratinglist.service.tournaments.actions`
(or `tournament_results`, `tournament_views`) and renders what it returns; the services
load the log, check the action and append it in one transaction. Modules: `setup`
(create, enter players, withdraw, ...), `play` (pair, results, undo, finals), `views`
(standings, show, explain, exports, submit, replay), `rounds` (preview, swap, colours,
reinstate, end date, flags), `lifecycle` (shown on /live, the submission's state, delete a
draft, assistants), `report` (a round's pairing report, the sheets to print), `settings` (a
Go tournament's options), `forecast` (chances and expected scores), `render` (tables). Each
game's own commands are in its folder of `games/` (Go's: ``tournament team ...``,
``tournament edit ...``, ``settings``, ``costs``, ``import``), added by its
``register_commands(app)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import typer


def __getattr__(name: str) -> typer.Typer:
    """`app`: the ``tournament`` group (`commands`), built on first use: importing a module of
    this folder (a game's commands) does not build the group."""
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ratinglist.cli.tournament.commands import app

    return app

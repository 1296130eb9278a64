"""The `ratinglist` Typer application; each command group lives in its own module.

Commands catch only `RatinglistError`, print it and exit 1; a traceback means a bug.

Startup: Typer builds every registered command (and its parameter adapters) on each run, so
`main` registers only the command named on the command line (`ratinglist tournament ...`
imports and builds the `tournament` group alone); help, no arguments or an unknown name get
the whole application. `app` (for tests and the reference) is always the whole application.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import typer

from ratinglist import __version__
from ratinglist.cli.help_style import plain_help

if TYPE_CHECKING:
    from ratinglist.errors import InputError

HELP = "Othello tournaments, WOF results files and the world rating list."


def version() -> None:
    """Print the version.

    Example: ratinglist version
    """
    typer.echo(__version__)


def _command(module: str, attribute: str) -> Callable[[typer.Typer, str], None]:
    def register(app: typer.Typer, name: str) -> None:
        app.command(name)(getattr(importlib.import_module(module), attribute))

    return register


def _group(module: str, **options: Any) -> Callable[[typer.Typer, str], None]:
    def register(app: typer.Typer, name: str) -> None:
        app.add_typer(importlib.import_module(module).app, name=name, **options)

    return register


def _tournament(app: typer.Typer, name: str) -> None:
    from ratinglist.cli.tournament import app as tournament_app

    app.add_typer(tournament_app, name=name)


def _archive_alias(app: typer.Typer, name: str) -> None:
    from ratinglist.cli.archive import HELP as ARCHIVE_HELP
    from ratinglist.cli.archive import app as archive_app

    help_text = f"{ARCHIVE_HELP} Deprecated: use `ratinglist archive`."
    app.add_typer(archive_app, name=name, hidden=True, help=help_text, deprecated=True)


# Every command and command group after `version`, in help order (one line each); each game's
# top-level groups (`cli.tournament.games`: ``go-file``...) are added to them (`_commands`).
BUILT_IN: dict[str, Callable[[typer.Typer, str], None]] = {
    "check": _command("ratinglist.cli.check", "check"),
    "demo": _command("ratinglist.cli.demo", "demo"),
    "evaluate": _command("ratinglist.cli.evaluate", "evaluate_command"),
    "import": _command("ratinglist.cli.importing", "import_command"),
    "intake": _group("ratinglist.cli.intake"),
    "players": _group("ratinglist.cli.players"),
    "tournament": _tournament,
    "rate": _command("ratinglist.cli.rating", "rate_command"),
    "list": _command("ratinglist.cli.rating", "list_command"),
    "diff": _command("ratinglist.cli.rating", "diff_command"),
    "explain": _command("ratinglist.cli.rating", "explain_command"),
    "archive": _group("ratinglist.cli.archive"),
    "tournaments": _archive_alias,
    "publish": _command("ratinglist.cli.publishing", "publish_command"),
    "publish-evidence": _command("ratinglist.cli.evaluate", "publish_evidence_command"),
    "unpublish": _command("ratinglist.cli.publishing", "unpublish_command"),
    "serve": _command("ratinglist.cli.serve", "serve"),
    "backup": _command("ratinglist.cli.operations", "backup"),
    "restore": _command("ratinglist.cli.operations", "restore"),
    "db": _group("ratinglist.cli.operations"),
    "users": _group("ratinglist.cli.users"),
}


_all: dict[str, Callable[[typer.Typer, str], None]] | None = None


def _commands() -> dict[str, Callable[[typer.Typer, str], None]]:
    """`BUILT_IN`, then each game's top-level command groups (found by listing the games'
    command folders, whose ``__init__`` modules are light)."""
    global _all
    if _all is None:
        from ratinglist.cli.tournament.games import root_commands

        games = {n: _group(m) for n, m in root_commands().items() if n not in BUILT_IN}
        _all = {**BUILT_IN, **games}
    return _all


def build_app(names: list[str] | None = None) -> typer.Typer:
    """The application with `version` and the commands `names` (None: every command)."""
    plain_help()
    built = typer.Typer(name="ratinglist", help=HELP, no_args_is_help=True, add_completion=False)

    @built.callback()
    def _root() -> None:  # a group even when it holds one command
        pass

    built.command("version")(version)
    commands = BUILT_IN if names is not None and set(names) <= set(BUILT_IN) else _commands()
    for name in commands if names is None else names:
        commands[name](built, name)
    return built


def command_line_app(argv: list[str]) -> typer.Typer:
    """The application `argv` needs: only the command it names, else every command."""
    first = argv[0] if argv else ""
    if first == "version":
        return build_app([])
    return build_app([first] if first in BUILT_IN or first in _commands() else None)


_whole: typer.Typer | None = None


def __getattr__(name: str) -> Any:
    """`app`: the whole application, built on first use; `COMMANDS`: every command (`_commands`)."""
    global _whole
    if name == "COMMANDS":
        return _commands()
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if _whole is None:
        _whole = build_app()
    return _whole


LONG_RUNNING = frozenset({"serve"})
"""Commands that keep the process running (they keep Python's default garbage collection)."""


def _short_lived_gc(argv: list[str]) -> None:
    """A command that ends in seconds collects garbage less often: the objects made so far
    (the modules) are frozen out of every collection and the youngest generation is
    collected after 50,000 new objects instead of 700. Folding a long tournament log makes
    hundreds of thousands of objects that live to the end; collecting them over and over
    took a tenth of `tournament pair`'s time on EGC 2011 (`benchmarks/tournament_pair.py`).
    """
    if argv and argv[0] in LONG_RUNNING:
        return
    gc.freeze()
    gc.set_threshold(50_000, 10, 10)


def undecodable_argument(argv: list[str]) -> InputError | None:
    """The refusal of the first argument that is not UTF-8 text (Python keeps its bytes as
    surrogates) and names no existing file; None when every argument is text or a file.

    A terminal set to Latin-1 sends ``Café`` as ``Caf\\xe9``: stored, it would fail on
    writing (a traceback); read as a name, it would match nothing."""
    from ratinglist.errors import N_, InputError

    for arg in argv:
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError as exc:
            if os.path.exists(arg):
                continue
            return InputError(
                N_(
                    "expected UTF-8 text on the command line, got byte %(byte)s in "
                    "'%(shown)s' (is the terminal set to UTF-8?)"
                ),
                byte=f"0x{ord(arg[exc.start]) - 0xDC00:02x}",  # surrogateescape's byte
                shown=arg.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace"),
            )
    return None


def main() -> None:
    """Console-script entry point."""
    problem = undecodable_argument(sys.argv[1:])
    if problem is not None:
        from ratinglist.cli.common import show_error

        show_error(problem)
        raise SystemExit(1)
    _short_lived_gc(sys.argv[1:])
    command_line_app(sys.argv[1:])()

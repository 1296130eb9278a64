"""Startup: a command line builds and imports only the command it names (issue 8, item 13)."""

from __future__ import annotations

import json
import subprocess
import sys

import typer.main

from ratinglist import __version__
from ratinglist.cli.app import COMMANDS, command_line_app


def _loaded_after(argv: list[str]) -> tuple[str, set[str]]:
    """The first output line of `ratinglist *argv` in a fresh interpreter, and the modules
    loaded when it ends."""
    code = (
        "import json, sys\n"
        f"sys.argv = ['ratinglist', *{argv!r}]\n"
        "from ratinglist.cli.app import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    loaded: list[str] = json.loads(lines[-1])
    return lines[0], set(loaded)


def test_version_imports_no_command_module_and_no_database() -> None:
    printed, loaded = _loaded_after(["version"])
    assert printed == __version__
    assert "sqlalchemy" not in loaded
    assert "numpy" not in loaded
    commands = {m for m in loaded if m.startswith("ratinglist.cli.")}
    assert commands == {"ratinglist.cli.app", "ratinglist.cli.help_style"}


def test_a_command_line_builds_only_the_command_it_names() -> None:
    built = typer.main.get_group(command_line_app(["check", "x.ELO"]))
    assert sorted(built.commands) == ["check", "version"]
    tournament = typer.main.get_group(command_line_app(["tournament", "result"]))
    assert sorted(tournament.commands) == ["tournament", "version"]
    assert "costs" in tournament.commands["tournament"].commands  # type: ignore[attr-defined]


def test_help_and_unknown_names_get_every_command() -> None:
    for argv in ([], ["--help"], ["tournamnt"]):
        built = typer.main.get_group(command_line_app(argv))
        assert set(built.commands) == {"version", *COMMANDS}

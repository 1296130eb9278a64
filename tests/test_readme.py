"""The README's promises: the set-up is `make run` + `make test`, and every make target exists."""

from __future__ import annotations

import re
from typing import Any

from tests.conftest import REPO

README = (REPO / "README.md").read_text(encoding="utf-8")
MAKEFILE = (REPO / "Makefile").read_text(encoding="utf-8")


def _setup_block() -> list[str]:
    section = README.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None, "the set-up section has no ```sh block"
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


def test_setup_is_exactly_make_run_and_make_test() -> None:
    assert _setup_block() == ["make run", "make test"]


def test_every_make_command_in_the_readme_is_a_makefile_target() -> None:
    targets = set(re.findall(r"^([A-Za-z][\w-]*):", MAKEFILE, re.M))
    used = set(re.findall(r"`make ([\w-]+)`|^make ([\w-]+)", README, re.M))
    names = {a or b for a, b in used}
    assert {"run", "test"} <= names
    assert names <= targets, f"README uses make targets the Makefile lacks: {names - targets}"


def test_make_run_builds_the_demo() -> None:
    run = re.search(r"^run:.*\n((?:\t.*\n)+)", MAKEFILE, re.M)
    assert run is not None and "ratinglist demo" in run.group(1)


def _readme_command_lines() -> list[list[str]]:
    """Every ``ratinglist ...`` line of the README's shell blocks, as shell words (comments
    and line continuations removed)."""
    import shlex

    lines = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        text = block.replace("\\\n", " ")
        for line in text.splitlines():
            words = shlex.split(line, comments=True)
            if words and words[0] == "ratinglist":
                lines.append(words[1:])
    return lines


def problem(root: Any, words: list[str]) -> str | None:
    """What is wrong with ``ratinglist WORDS`` (None when it names a command and only its
    options): every group word must be a subcommand, the path must end on a command, and
    each ``--option`` must belong to that command."""
    command, rest, path = root, list(words), ["ratinglist"]
    while hasattr(command, "commands"):
        if not rest:
            return f"`{' '.join(path)}` is a group: no command of it named"
        name = rest.pop(0)
        if name not in command.commands:
            return f"`{' '.join(path)} {name}` is not a command"
        command = command.commands[name]
        path.append(name)
    options = {o for p in command.params for o in (*p.opts, *p.secondary_opts)}
    for word in rest:
        if word.startswith("--") and word.split("=", 1)[0] not in options:
            return f"`{' '.join(path)}` has no option {word}"
    return None


def _root() -> Any:
    import typer.main

    from ratinglist.cli.app import app

    return typer.main.get_command(app)


def test_readme_ratinglist_commands_exist() -> None:
    root = _root()
    lines = _readme_command_lines()
    assert len(lines) >= 10, "the README shows fewer ratinglist commands than expected"
    assert [problem(root, words) for words in lines] == [None] * len(lines)


def test_the_check_refuses_unknown_commands_groups_and_options() -> None:
    root = _root()
    assert problem(root, ["players", "search", "x", "--country", "NLD"]) is None
    assert problem(root, ["players", "frobnicate"]) == (
        "`ratinglist players frobnicate` is not a command"
    )
    assert problem(root, ["players"]) == "`ratinglist players` is a group: no command of it named"
    assert problem(root, ["players", "search", "x", "--nonsense"]) == (
        "`ratinglist players search` has no option --nonsense"
    )

"""The README's promises: the set-up is `make run` + `make test`, and every make target exists."""

from __future__ import annotations

import re

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


def test_readme_ratinglist_commands_exist() -> None:
    from typer.testing import CliRunner

    from ratinglist.cli.app import app

    commands = re.findall(r"^ratinglist ([a-z][a-z-]*(?: [a-z][a-z-]*)?)", README, re.M)
    assert commands, "the README shows no ratinglist command"
    for command in commands:
        words = command.split()
        result = CliRunner().invoke(app, [*words, "--help"])
        if result.exit_code != 0:
            result = CliRunner().invoke(app, [words[0], "--help"])
        assert result.exit_code == 0, f"`ratinglist {command}` is not a command"

"""Meta: every CLI command has help with an example, and docs/cli.md is up to date."""

from __future__ import annotations

from ratinglist.cli.reference import format_reference, walk_commands
from tests.conftest import REPO


def test_every_command_has_help_with_an_example() -> None:
    missing = [path for path, cmd in walk_commands() if "Example" not in (cmd.help or "")]
    assert missing == []


def test_reference_lists_the_core_commands() -> None:
    paths = {path for path, _ in walk_commands()}
    assert {"ratinglist check", "ratinglist import", "ratinglist players search"} <= paths


def test_docs_cli_md_is_generated_from_the_app() -> None:
    written = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    assert written == format_reference(), "run `make docs` to regenerate docs/cli.md"

"""Running `ratinglist tournament ...` in the CLI tests: one runner, success and failure."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from ratinglist.cli.app import app

runner = CliRunner()


def run(db: Path, *args: str) -> str:
    """`ratinglist tournament ARGS --db DB`, which must succeed; its output."""
    result = runner.invoke(app, ["tournament", *args, "--db", str(db)])
    assert result.exit_code == 0, result.output
    return result.output


def fail(db: Path, *args: str) -> str:
    """The same, which must fail with exit 1 and our error, not a traceback; its output."""
    result = runner.invoke(app, ["tournament", *args, "--db", str(db)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.output

"""The ``--set`` option `tournament new` and `tournament settings` share (Go's other options
come from its settings table: `cli.tournament.games.go.options`)."""

from __future__ import annotations

from typing import Annotated

import typer

SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="Go: any OpenGotha parameter as name=value, e.g. paiMaSeedSystem1=SPLITANDFOLD "
        "(repeat; tournament settings lists them).",
    ),
]

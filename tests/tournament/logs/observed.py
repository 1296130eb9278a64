"""What `ratinglist tournament ...` shows of a directed tournament, as plain JSON values.

Used twice, the same way: by `make_fixtures.py` to record what `main` showed of each log
(`NAME.expected.json`), and by `tests/tournament/test_old_logs.py` to compare a replay of the
stored log with it. Everything goes through the CLI (Typer's runner, in process), not through
the engine's classes, so the record survives any reorganisation of the code behind the CLI:

- every round as ``tournament show N`` prints it (its title, column titles, one row of cells
  per table, byes and absences, and the caption naming the log's last event);
- the standings as ``tournament standings --json`` prints them;
- the exported files, line by line: the ``.ELO`` results file of an Othello tournament, the
  EGF ``.h9`` and OpenGotha's XML of a Go tournament (its ``saveDT``, the moment it was
  written, left empty);
- a Go team tournament: the team standings as ``tournament team standings --json`` prints them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from ratinglist.cli.app import app

WIDTH = "250"
"""Terminal width of the runner: wide enough that no cell of a round's table wraps (a row
that wraps all the same, when the console's width was fixed before, is put together again:
every row of a round starts with its table number, ``bye`` or ``absent``)."""

SAVED_AT = re.compile(r'saveDT="[0-9]*"')
"""OpenGotha's XML names the moment it was written: the one part of an export that changes."""

runner = CliRunner()


def cli(db: Path, *args: str) -> str:
    """`ratinglist ARGS --db DB`, which must succeed; its output."""
    result = runner.invoke(app, [*args, "--db", str(db)], env={"COLUMNS": WIDTH})
    if result.exit_code != 0:
        raise AssertionError(f"ratinglist {' '.join(args)} failed: {result.output}")
    return result.output


def round_table(text: str) -> dict[str, Any]:
    """The title, column titles, rows and caption of a round as `tournament show` prints it
    (a Rich table: the header row between ``┃``, the body rows between ``│``)."""
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    header = [
        [cell.strip() for cell in line.strip().strip("┃").split("┃")]
        for line in lines
        if line.lstrip().startswith("┃")
    ]
    rows: list[list[str]] = []
    for line in lines:
        if not line.lstrip().startswith("│"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("│").split("│")]
        if cells[0] or not rows:
            rows.append(cells)
        else:  # a row wrapped (a narrower terminal): its words go back on one line
            rows[-1] = [
                " ".join(w for w in pair if w) for pair in zip(rows[-1], cells, strict=True)
            ]
    framed = [i for i, line in enumerate(lines) if line.lstrip()[:1] in "┏┃│┡└"]
    if len(header) != 1 or not framed:
        raise AssertionError(f"expected one table with one header row, got:\n{text}")
    return {
        "title": " ".join(line.strip() for line in lines[: framed[0]]),
        "columns": header[0],
        "rows": rows,
        "caption": " ".join(line.strip() for line in lines[framed[-1] + 1 :]),
    }


def exported(path: Path) -> list[str]:
    """The lines of an exported file (UTF-8; the moment an XML file was saved left out)."""
    text = path.read_bytes().decode("utf-8")
    return SAVED_AT.sub('saveDT=""', text).split("\n")


def observe(db: Path, tournament: str, rounds: int, kind: str, work: Path) -> dict[str, Any]:
    """What the CLI shows of `tournament` (name or id) with `rounds` paired rounds; `kind` is
    ``othello``, ``go`` or ``go-teams``; exported files are written under `work`."""
    t = ("--tournament", tournament)
    seen: dict[str, Any] = {
        "rounds": {
            str(k): round_table(cli(db, "tournament", "show", str(k), *t))
            for k in range(1, rounds + 1)
        },
        "standings": json.loads(cli(db, "tournament", "standings", "--json", *t)),
    }
    work.mkdir(parents=True, exist_ok=True)
    if kind == "othello":
        elo = work / "export.ELO"
        cli(db, "tournament", "export", "--elo", str(elo), *t)
        seen["export"] = {"elo": exported(elo)}
    else:
        h9, xml = work / "export.h9", work / "export.xml"
        cli(db, "tournament", "export", "--h9", str(h9), "--xml", str(xml), *t)
        seen["export"] = {"h9": exported(h9), "xml": exported(xml)}
    if kind == "go-teams":
        out = cli(db, "tournament", "team", "standings", "--json", *t)
        seen["team_standings"] = json.loads(out)
    return seen

"""The EGF ``.h9`` export's option to drop by-default games (issue 21, item 6).

OpenGotha's EGF export asks whether to keep the games won or lost by default; dropped, such a
game is written as a round not played, ``0=`` right-aligned in the 8 columns of a half-game
(GO.md section g); kept, it is the half-game with ``!`` (e.g. ``3+!w0``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app
from tests.cli.tournament_cli import run

runner = CliRunner()
# A half-game: opponent, result, "/" or "!", colour, handicap (GO.md g).
HALF_GAME = re.compile(r"\d+[+=\-?][/!][wb?]\d")


def _h9(path: Path, *options: str) -> list[str]:
    result = runner.invoke(app, ["go-file", "export", str(path), "--to", "h9", *options])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


@pytest.mark.realdata
def test_go_file_export_drops_by_default_games(real_data: Path) -> None:
    """A real upload with by-default games: kept with "!", dropped as "0=", nothing else moves."""
    path = real_data / "go" / "opengotha-remote" / "20200926155357_PPiK2009.xml"
    assert "_BYDEF" in path.read_text(encoding="utf-8")
    kept, dropped = _h9(path), _h9(path, "--drop-by-default")
    assert len(kept) == len(dropped)
    by_default = 0
    for a, b in zip(kept, dropped, strict=True):
        if a.startswith(";"):
            assert a == b
            continue
        # Place, name, rank, country, club and criteria (40 + 5 per value) are unchanged.
        assert a[:40] == b[:40]
        tokens_a, tokens_b = a[40:].split(), b[40:].split()
        assert len(tokens_a) == len(tokens_b)
        for x, y in zip(tokens_a, tokens_b, strict=True):
            if HALF_GAME.fullmatch(x) and "!" in x:
                by_default += 1
                assert y == "0="
            else:
                assert x == y
        assert "!" not in b
    assert by_default > 0


def test_tournament_export_drop_by_default(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    run(db, "new", "Club", "--game", "go", "--country", "FRA", "--date", "2026-04-04")
    run(db, "register", "--new", "Dupont,Jean", "--rank", "2d", "--country", "FR")
    run(db, "register", "--new", "Martin,Luc", "--rank", "2d", "--country", "FR")
    run(db, "pair")
    run(db, "result", "1", "--table", "1", "1-0!")
    kept, dropped = tmp_path / "kept.h9", tmp_path / "dropped.h9"
    run(db, "export", "--h9", str(kept))
    run(db, "export", "--h9", str(dropped), "--drop-by-default")
    rows = [x for x in kept.read_text("iso-8859-15").splitlines() if not x.startswith(";")]
    gone = [x for x in dropped.read_text("iso-8859-15").splitlines() if not x.startswith(";")]
    assert len(rows) == 2 and all(re.search(r" [12][+-]!", x) for x in rows)
    # The round-1 column (first of the rounds, 8 wide) reads "      0=" for both players.
    assert all("      0=" in x and "!" not in x for x in gone)

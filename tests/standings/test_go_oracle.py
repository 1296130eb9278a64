"""Go standings against OpenGotha's own exports (Juvisy .h9, ioct .h9, the Cup's .tou)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratinglist.formats.go.opengotha_xml import read_opengotha
from ratinglist.model.go.tournament import Criterion
from ratinglist.standings.go.standings import format_value, go_standings, implied_players

pytestmark = pytest.mark.realdata


def _lines(path: Path) -> list[str]:
    text = path.read_text(encoding="iso-8859-15")
    return [line for line in text.splitlines() if line.strip() and not line.startswith(";")]


def test_juvisy_h9_line_for_line(real_data: Path) -> None:
    folder = real_data / "go" / "opengotha"
    t = read_opengotha(folder / "Tournoi_de_Juvisy.xml")
    rows = go_standings(t, 3, keys=implied_players(t))
    lines = _lines(folder / "Tournoi_de_Juvisy.h9")
    crits = t.parameters.criteria
    assert crits == (Criterion.MMS, Criterion.SOSM, Criterion.SOSOSM)
    assert len(rows) == len(lines) == 19
    equal = 0
    for row, line in zip(rows, lines, strict=True):
        tokens = line[36:].split()
        theirs = (line[:4].strip(), line[5:35].split()[0], tokens[3:6], tokens[7:])
        ours = (
            "" if row.tied_with_previous else str(row.place),
            t.player(row.key).name,
            [format_value(c, v) for c, v in zip(crits, row.values, strict=True)],
            list(row.rounds),
        )
        equal += theirs == ours
    assert equal == 19


def test_ioct_ext_and_exr(real_data: Path) -> None:
    folder = real_data / "go" / "opengotha"
    t = read_opengotha(folder / "ioct_20_02.xml")
    crits = (Criterion.CAT, Criterion.NBW, Criterion.EXT, Criterion.EXR)
    rows = go_standings(t, 2, criteria=crits, keys=implied_players(t))
    lines = _lines(folder / "ioct_20_02.h9")
    theirs = {line[5:35].split()[0]: line[36:].split()[3:7] for line in lines}
    ours = {
        t.player(r.key).name: [format_value(c, v) for c, v in zip(crits, r.values, strict=True)]
        for r in rows
    }
    assert ours == theirs


def test_cup_final_order(real_data: Path) -> None:
    folder = real_data / "go" / "opengotha"
    t = read_opengotha(folder / "CdFA2020-essaiLVCup.xml")
    rows = go_standings(t, 3, keys=implied_players(t))
    names = [line[5:30].split()[0] for line in _lines(folder / "CdFA2020-essaiLVCup.tou")]
    assert [t.player(r.key).name for r in rows] == names

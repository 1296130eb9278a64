"""`ratinglist go-file check|export|update-ratings` on small files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app

runner = CliRunner()

XML = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
<Players>
<Player name="Abadia" firstName="Mickael" rank="12K" rating="600" ratingOrigin="INI"
 ffgLicence="9728205" country="FR" club="94MJ"/>
<Player name="Abadie" firstName="Yves" rank="14K" rating="500" ratingOrigin="INI"/>
</Players>
<Games>
<Game roundNumber="1" tableNumber="1" whitePlayer="ABADIAMICKAEL" blackPlayer="ABADIEYVES"
 handicap="0" knownColor="true" result="RESULT_BLACKWINS"/>
</Games>
<TournamentParameterSet>
<GeneralParameterSet name="Club cup" shortName="cup" numberOfRounds="1" beginDate="2024-05-01"
 endDate="2024-05-01" basicTime="60" complementaryTimeSystem="SUDDENDEATH"/>
</TournamentParameterSet>
</Tournament>
"""
FFG = (
    "#Echelle au 11/01/2021 07:09:39\n"
    "ABADIA Mickaël                        -1400 - 9728205 94MJ FR\n"
    "ABADIE Yves                           -1500 - 0452000 31To FR\n"
)


def _files(tmp_path: Path) -> tuple[Path, Path]:
    xml, ffg = tmp_path / "cup.xml", tmp_path / "ech.txt"
    xml.write_text(XML, encoding="utf-8")
    ffg.write_bytes(FFG.encode("iso-8859-15"))
    return xml, ffg


def test_check_summarises(tmp_path: Path) -> None:
    xml, _ = _files(tmp_path)
    result = runner.invoke(app, ["go-file", "check", str(xml), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert (report["players"], report["games"], report["system"]) == (2, 1, "mcmahon")
    assert report["diagnostics"] == []


def test_export_h9_and_xml(tmp_path: Path) -> None:
    xml, _ = _files(tmp_path)
    out = tmp_path / "cup.h9"
    result = runner.invoke(app, ["go-file", "export", str(xml), "--to", "h9", "-o", str(out)])
    assert result.exit_code == 0, result.output
    lines = out.read_text(encoding="iso-8859-15").split("\n")
    assert lines[0] == "; CL[B]"  # 60 min sudden death
    # McMahon: Abadia 12K starts at 18 and loses, Abadie 14K starts at 16 and wins (17).
    assert lines[-3].startswith("   1 Abadia Mickael") and lines[-3].endswith("   18 0    2-/w0")
    assert lines[-2].startswith("   2 Abadie Yves") and lines[-2].endswith("    1+/b0")
    back = tmp_path / "back.xml"
    result = runner.invoke(app, ["go-file", "export", str(xml), "--to", "xml", "-o", str(back)])
    assert result.exit_code == 0, result.output
    assert '<Tournament dataVersion="201"' in back.read_text(encoding="utf-8")


def test_update_ratings_shows_then_writes(tmp_path: Path) -> None:
    xml, ffg = _files(tmp_path)
    out = tmp_path / "new.xml"
    args = ["go-file", "update-ratings", str(xml), str(ffg), "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    plan = json.loads(result.stdout)
    # Abadia by licence (-1400 + 2050 = 650), Abadie by name (-1500 + 2050 = 550).
    assert [(u["player"], u["new_rating"], u["new_origin"]) for u in plan["updates"]] == [
        ("Abadia Mickael", 650, "FFG : -1400"),
        ("Abadie Yves", 550, "FFG : -1500"),
    ]
    assert not out.exists()
    result = runner.invoke(app, [*args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert 'rating="650"' in out.read_text(encoding="utf-8")


def test_unreadable_file_is_an_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text("<Tournament>", encoding="utf-8")
    result = runner.invoke(app, ["go-file", "check", str(bad)])
    assert result.exit_code == 1
    assert "expected well-formed XML" in result.output


@pytest.mark.realdata
def test_team_commands(real_data: Path, tmp_path: Path) -> None:
    from dataclasses import replace

    from ratinglist.formats.go.opengotha_document import read_opengotha_document_file
    from ratinglist.formats.go.opengotha_write import write_opengotha

    source = real_data / "go" / "opengotha" / "tournoi_equipe_LGO_2020.xml"
    result = runner.invoke(app, ["go-file", "team-standings", str(source), "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert rows[0]["team"] == "Lorient" and rows[0]["values"][0] == 10  # five matches won
    # the table names the criteria and shows board wins halved (BDW: 2 per won board)
    table = runner.invoke(app, ["go-file", "team-standings", str(source)])
    assert table.exit_code == 0, table.output
    header = next(line for line in table.stdout.splitlines() if "TEAMP" in line)
    cells = [c.strip() for c in header.split("┃") if c.strip()]
    assert cells[:4] == ["pl", "team", "TEAMP", "BDW"]
    lorient = next(line for line in table.stdout.splitlines() if "Lorient" in line)
    shown = [c.strip() for c in lorient.split("│") if c.strip()]
    bdw = rows[0]["values"][1]
    assert shown[3] == (f"{bdw // 2}½" if bdw % 2 else str(bdw // 2))
    doc = read_opengotha_document_file(source).document
    t = doc.tournament
    last = t.parameters.general.number_of_rounds - 1
    played = [g for g in t.games if g.round == last]
    cut = tmp_path / "cut.xml"
    cut.write_bytes(
        write_opengotha(
            replace(doc, tournament=replace(t, games=tuple(g for g in t.games if g.round < last)))
        )
    )
    out = tmp_path / "paired.xml"
    args = ["go-file", "pair-teams", str(cut), "Angers", "Niort", "--round", str(last + 1)]
    result = runner.invoke(app, [*args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    games = read_opengotha_document_file(out).document.tournament.games
    new = {(g.white, g.black, g.handicap) for g in games if g.round == last}
    match = {
        (g.white, g.black, g.handicap)
        for g in played
        if g.white in {w for w, _, _ in new} or g.black in {w for w, _, _ in new}
    }
    flipped = {(b, w, h) if h == 0 else (w, b, h) for w, b, h in match}
    # The file does not say which team the TD selected first (White on board 1 on a tie).
    assert len(new) == 3 and new in (match, flipped)
    again = runner.invoke(
        app,
        [
            "go-file",
            "pair-teams",
            str(out),
            "Angers",
            "Niort",
            "--round",
            str(last + 1),
            "-o",
            str(tmp_path / "x.xml"),
        ],
    )
    assert again.exit_code == 1 and "already has a game" in again.output

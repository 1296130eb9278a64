"""`ratinglist tournament export KIND PATH` over the game's exports (issue 33, item 3).

Each kind of both games is written through the CLI and its content checked against what the
format says: the .ELO's four header lines in order (seed 000), the EGF .h9's ``; `` header
lines and the FFG .tou's ``;key=value`` lines and the AGA file's frame (GO.md section g),
OpenGotha's ``Tournament`` root. The old flags (``--elo`` ... ``--aga``) write the same bytes.
"""

from __future__ import annotations

import csv
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ratinglist.cli.tournament.views import EXPORT_KINDS_HELP
from ratinglist.errors import NotOffered
from ratinglist.service.databases import forget_database
from ratinglist.service.tournaments.views import download, export_files, export_kinds
from ratinglist.store import open_store
from ratinglist.store.tournament_events import find_directed
from tests.cli.tournament_cli import fail, run


def _othello(db: Path) -> None:
    """An Othello Swiss of two new players, round 1 played: Black 40-24 White."""
    run(db, "new", "Export Open", "--country", "NLD", "--date", "2026-04-01", "--rounds", "2")
    run(db, "register", "--new", "PIETERS,Joost", "--country", "BEL")
    run(db, "register", "--new", "JANSEN,Kees", "--country", "NLD")
    run(db, "pair")
    run(db, "result", "1", "--table", "1", "40-24")


def _go(db: Path) -> None:
    """A Go McMahon of two new players, round 1 played: Dupont (2d) beats Martin (1d)."""
    run(db, "new", "Club", "--game", "go", "--country", "FRA", "--date", "2026-04-04")
    run(db, "register", "--new", "Dupont,Jean", "--rank", "2d", "--country", "FR")
    run(db, "register", "--new", "Martin,Luc", "--rank", "1d", "--country", "FR")
    run(db, "pair")
    run(db, "result", "1", "--table", "1", "1-0")


@pytest.fixture(scope="module")
def _built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The two tournaments the tests export (`_othello`, `_go`), built once per module through
    the CLI; each test takes a copy of its own."""
    built = {}
    for name, build in (("othello", _othello), ("go", _go)):
        db = tmp_path_factory.mktemp(f"export-{name}") / f"{name}.db"
        build(db)
        forget_database(f"sqlite:///{db}")
        built[name] = db
    return built


@pytest.fixture()
def othello(_built: dict[str, Path], tmp_path: Path) -> Path:
    """A copy of `_othello`'s database of this test's own."""
    db = tmp_path / "othello.db"
    shutil.copyfile(_built["othello"], db)
    return db


@pytest.fixture()
def go(_built: dict[str, Path], tmp_path: Path) -> Path:
    """A copy of `_go`'s database of this test's own."""
    db = tmp_path / "go.db"
    shutil.copyfile(_built["go"], db)
    return db


def test_elo_begins_with_the_four_header_lines(othello: Path, tmp_path: Path) -> None:
    path = tmp_path / "out.elo"
    assert run(othello, "export", "elo", str(path)).strip() == f"wrote {path}"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[:3] == ["%%Tournament: Export Open", "%%Country: NLD", "%%Date: 01/04/2026"]
    assert lines[3].startswith("%%Sender: ")
    games = [x for x in lines if x.strip() and not x.startswith("%")]
    assert len(games) == 1 and "40" in games[0] and "24" in games[0]


def test_othello_csv_html_and_sheets(othello: Path, tmp_path: Path) -> None:
    table = tmp_path / "out.csv"
    run(othello, "export", "csv", str(table))
    rows = list(csv.DictReader(table.read_text(encoding="utf-8").splitlines()))
    # the winner first, 1 point, 40 discs; the loser 0 points, 24 discs
    assert [(r["place"], r["points"], r["discs"]) for r in rows] == [
        ("1", "1", "40"),
        ("2", "0", "24"),
    ]
    assert {r["name"] for r in rows} == {"PIETERS, Joost", "JANSEN, Kees"}
    page = tmp_path / "out.html"
    run(othello, "export", "html", str(page))
    text = page.read_text(encoding="utf-8")
    assert text.lstrip().lower().startswith("<!doctype html") and "Export Open" in text
    folder = tmp_path / "sheets"
    run(othello, "export", "sheets", str(folder))
    assert [p.name for p in folder.iterdir()] == ["round01.txt"]
    assert "PIETERS" in (folder / "round01.txt").read_text(encoding="utf-8")


def test_go_files_follow_their_formats(go: Path, tmp_path: Path) -> None:
    h9 = tmp_path / "out.h9"
    run(go, "export", "h9", str(h9))
    lines = h9.read_text(encoding="iso-8859-15").splitlines()
    header = [x for x in lines if x.startswith(";")]
    for line in ("; EV[Club]", "; DT[2026-04-04,2026-04-04]", "; KM[7.5]", ";"):
        assert line in header
    assert header[0].startswith("; CL[") and header[-1].startswith("; Pl Name")
    players = [x for x in lines if not x.startswith(";")]
    assert [x[:4] for x in players] == ["   1", "   2"] and "Dupont Jean" in players[0]
    tou = tmp_path / "out.tou"
    run(go, "export", "tou", str(tou))
    text = tou.read_text(encoding="iso-8859-15").splitlines()
    assert {";name=Club", ";date=04/04/2026", ";comm=Club", ";size=19", ";komi=7.5"} <= set(text)
    aga = tmp_path / "out.aga"
    run(go, "export", "aga", str(aga))
    body = aga.read_text(encoding="iso-8859-15")
    assert body.startswith("Tourney\tClub, ") and "\nPLAYERS\n" in body
    assert "\nGAMES 1\n" in body and body.endswith("\n\nEND\n")
    xml = tmp_path / "out.xml"
    run(go, "export", "xml", str(xml))
    root = ET.parse(xml).getroot()
    assert root.tag == "Tournament"
    assert sorted(p.get("name", "") for p in root.iter("Player")) == ["Dupont", "Martin"]
    for kind in ("html", "csv"):
        path = tmp_path / f"out.{kind}"
        run(go, "export", kind, str(path))
        assert "Dupont" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("fixture", "kind", "flag"), [
    ("othello", "elo", "--elo"), ("othello", "html", "--html"), ("othello", "csv", "--csv"),
    ("go", "xml", "--xml"), ("go", "h9", "--h9"), ("go", "tou", "--tou"), ("go", "aga", "--aga"),
    ("go", "html", "--html"), ("go", "csv", "--csv"),
])  # fmt: skip
def test_the_old_flags_write_the_same_file(
    fixture: str, kind: str, flag: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    db: Path = request.getfixturevalue(fixture)
    new, old = tmp_path / f"new.{kind}", tmp_path / f"old.{kind}"
    run(db, "export", kind, str(new))
    run(db, "export", flag, str(old))
    # the XML carries the time it was saved: compare it without that attribute
    strip = (lambda b: b.split(b"saveDT=")[0]) if kind == "xml" else (lambda b: b)
    assert strip(new.read_bytes()) == strip(old.read_bytes())


def test_an_option_is_the_old_flag(go: Path, tmp_path: Path) -> None:
    new, old = tmp_path / "new.h9", tmp_path / "old.h9"
    run(go, "export", "h9", str(new), "--option", "drop-by-default")
    run(go, "export", "--h9", str(old), "--drop-by-default")
    assert new.read_bytes() == old.read_bytes()
    # a dropped by-default game is not in this tournament: the round-1 column is unchanged
    assert "2+/w0" in new.read_text(encoding="iso-8859-15")
    out = fail(go, "export", "h9", str(new), "--option", "pins")
    assert "expected export options among ['drop-by-default', 'egd-pins'], got ['pins']" in out


def test_an_unknown_kind_names_the_game_s_kinds(othello: Path, go: Path, tmp_path: Path) -> None:
    out = fail(othello, "export", "h9", str(tmp_path / "x.h9"))
    assert (
        "expected an export kind among elo, html, csv, sheets for this Othello tournament, got 'h9'"
    ) in out
    out = fail(go, "export", "elo", str(tmp_path / "x.elo"))
    assert (
        "expected an export kind among xml, h9, tou, aga, html, csv for this Go tournament, "
        "got 'elo'"
    ) in out
    out = fail(othello, "export", "elo")
    assert "expected a PATH to write the 'elo' export to, got none" in out
    assert "got none" in fail(othello, "export")
    assert not list(tmp_path.glob("x.*"))


def test_the_help_lists_each_game_s_kinds(othello: Path, go: Path) -> None:
    """The help's list is each game's own: what its `exports` offer."""
    for db, label in ((othello, "Othello"), (go, "Go")):
        with open_store(f"sqlite:///{db}") as store:
            kinds = export_kinds(export_files(store, find_directed(store, None).id))
        assert f"{label}: {', '.join(kinds)}" in EXPORT_KINDS_HELP.replace(" (a folder)", "")


def test_a_download_of_a_kind_not_offered_says_which_are(othello: Path) -> None:
    """The pages' and the API's download (`download`) refuse as the command does (404)."""
    with open_store(f"sqlite:///{othello}") as store:
        tid = find_directed(store, None).id
        assert download(store, tid, "sheet1").file_name == "round01.txt"
        with pytest.raises(NotOffered, match="for this Othello tournament, got 'h9'"):
            download(store, tid, "h9")

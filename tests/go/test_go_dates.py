"""A weekend Go tournament's first and last day in its files, its settings and its pages
(issue 34 item 5).

The expected lines come from the formats' published specs (GO.md section g): the EGF ``.h9``
header ``; DT[<begin>,<end>]`` (yyyy-MM-dd), the OpenGotha XML's ``beginDate`` and
``endDate`` (yyyy-MM-dd) of ``GeneralParameterSet``, the AGA ``start=`` and ``finish=``, and
the FFG ``.tou``'s single ``;date=dd/MM/yyyy``, the first day: OpenGotha's own export of the
three-day Tournoi de Juvisy (``; DT[2019-10-26,2019-10-28]`` in its ``.h9``) writes
``;date=26/10/2019`` in its ``.tou``.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.tournament_cli import fail, run

REAL = Path(__file__).parents[2] / ".." / "shared" / "data" / "real" / "go" / "opengotha"


def _new(db: Path, *more: str) -> None:
    run(db, "new", "Weekend Go", "--game", "go", "--country", "FRA", "--date", "2026-03-14", *more)
    for name, rank in (("Dupont", "3d"), ("Martin", "1k"), ("Petit", "5k"), ("Durand", "9k")):
        run(db, "register", "--new", f"{name},A", "--rank", rank, "--country", "FR")


def _files(db: Path, tmp_path: Path) -> dict[str, str]:
    paths = {k: tmp_path / f"out.{k}" for k in ("xml", "h9", "tou", "aga")}
    run(db, "export", *(a for k, p in paths.items() for a in (f"--{k}", str(p))))
    return {k: p.read_bytes().decode("latin-1") for k, p in paths.items()}


def _dates(files: dict[str, str]) -> tuple[str, ...]:
    xml = re.search(r'beginDate="([^"]*)".*?endDate="([^"]*)"', files["xml"], re.S)
    assert xml is not None
    return (
        re.findall(r"^; DT\[(.*)\]$", files["h9"], re.M)[0],
        f"{xml[1]},{xml[2]}",
        re.findall(r"^;date=(.*)$", files["tou"], re.M)[0],
        ",".join(re.findall(r"(?:start|finish)=(\S+)", files["aga"])),
    )


def test_the_juvisy_export_is_the_tou_s_one_day() -> None:
    """The published example behind the ``.tou`` expectation: three days, one ``;date=``."""
    h9 = (REAL / "Tournoi_de_Juvisy.h9").read_bytes().decode("latin-1")
    tou = (REAL / "Tournoi_de_Juvisy.tou").read_bytes().decode("latin-1")
    assert "; DT[2019-10-26,2019-10-28]" in h9.splitlines()
    assert re.findall(r"^;date=(.*)$", tou, re.M) == ["26/10/2019"]


def test_end_date_goes_into_every_file(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    _new(db)
    one_day = _dates(_files(db, tmp_path))
    assert one_day == (
        "2026-03-14,2026-03-14",
        "2026-03-14,2026-03-14",
        "14/03/2026",
        "2026-03-14,2026-03-14",
    )
    run(db, "end-date", "2026-03-15")
    assert _dates(_files(db, tmp_path)) == (
        "2026-03-14,2026-03-15",
        "2026-03-14,2026-03-15",
        "14/03/2026",
        "2026-03-14,2026-03-15",
    )
    run(db, "undo")
    assert _dates(_files(db, tmp_path)) == one_day


def test_settings_set_end_date_is_the_end_date(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    _new(db, "--end", "2026-03-15")
    assert _dates(_files(db, tmp_path))[0] == "2026-03-14,2026-03-15"
    run(db, "settings", "--set", "endDate=2026-03-16", "--komi", "6.5")
    files = _files(db, tmp_path)
    assert _dates(files)[0] == "2026-03-14,2026-03-16"
    assert "; KM[6.5]" in files["h9"].splitlines()
    assert "endDate" not in run(db, "settings", "--json").split('"fixed"')[1].split("]")[0]
    assert "expected endDate as YYYY-MM-DD" in fail(db, "settings", "--set", "endDate=16/03/2026")
    assert "on or after the first day" in fail(db, "settings", "--set", "endDate=2026-03-13")
    assert "beginDate" in fail(db, "settings", "--set", "beginDate=2026-03-13")
    assert _dates(_files(db, tmp_path))[0] == "2026-03-14,2026-03-16"


def test_the_last_day_survives_a_round_and_a_reimport(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    _new(db)
    run(db, "end-date", "2026-03-15")
    run(db, "pair")
    files = _files(db, tmp_path)
    assert _dates(files)[1] == "2026-03-14,2026-03-15"
    xml = tmp_path / "kept.xml"
    xml.write_bytes(files["xml"].encode("latin-1"))
    again = tmp_path / "again.db"
    run(again, "import", str(xml))
    assert _dates(_files(again, tmp_path)) == _dates(files)

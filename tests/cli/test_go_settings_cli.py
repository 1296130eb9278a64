"""Go settings through `ratinglist tournament new` and `tournament settings`, to the files.

Oracles: the EGF's published rules for the results file (the class and adjusted time of
seed 003's "EGF classes"; the header lines of GO.md section g) and OpenGotha's own export
of a tournament with the same time system, komi and handicap correction (Tournoi de Juvisy:
60 min + 30 s byo-yomi, komi 7.5, correction 1: ``CL[A]``, ``HA[h1]``, ``KM[7.5]``,
``TM[82]``, ``CM[Standard byo-yomi]``); OpenGotha's DTD and that file's structure for the
XML; OpenGotha's attribute spellings for each setting.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ratinglist.formats.go.opengotha_document import read_opengotha_document
from tests.cli.tournament_cli import fail, run

PLAYERS = [("Dupont,Jean", "3d"), ("Martin,Luc", "1k"), ("Petit,Anne", "5k"), ("Durand,Eva", "9k")]
ACCEPTANCE = (
    "--time", "60m+3x30s", "--komi", "7.5", "--location", "Paris",
    "--handicap", "rank", "--handicap-ceiling", "9",
)  # fmt: skip


def _new(db: Path, *options: str) -> None:
    run(db, "new", "Paris Go", "--game", "go", "--country", "FR", "--date", "2026-04-04",
        "--end", "2026-04-05", "--rounds", "2", *options)  # fmt: skip
    for name, rank in PLAYERS:
        run(db, "register", "--new", name, "--rank", rank, "--country", "FR", "--club", "Par")


def _settings(db: Path) -> dict[str, object]:
    found: dict[str, object] = json.loads(run(db, "settings", "--json"))
    return found


def _play_all(db: Path) -> None:
    for k in (1, 2):
        run(db, "pair")
        for table in (1, 2):
            run(db, "result", str(k), "--table", str(table), "1-0")


@pytest.mark.realdata
def test_the_h9_header_is_what_the_egd_expects(tmp_path: Path, real_data: Path) -> None:
    db = tmp_path / "go.db"
    _new(db, *ACCEPTANCE)
    _play_all(db)
    h9 = tmp_path / "paris.h9"
    run(db, "export", "--h9", str(h9))
    ours = h9.read_bytes().decode("latin-1").splitlines()
    # class A: basic 60 >= 60 and adjusted 60 + 45 x 30 s = 82.5 >= 75 (written in whole
    # minutes, as OpenGotha does); the handicap line names the correction (1, McMahon's
    # default), a 0 correction writes none
    assert ours[:8] == [
        "; CL[A]",
        "; EV[Paris Go]",
        "; PC[,Paris]",
        "; DT[2026-04-04,2026-04-05]",
        "; HA[h1]",
        "; KM[7.5]",
        "; TM[82]",
        "; CM[Standard byo-yomi]",
    ]
    # OpenGotha's own export of a tournament with the same time, komi and correction
    theirs = (real_data / "go" / "opengotha" / "Tournoi_de_Juvisy.h9").read_bytes()
    keys = ("; CL[", "; HA[", "; KM[", "; TM[", "; CM[")
    their_lines = [x for x in theirs.decode("latin-1").splitlines() if x.startswith(keys)]
    assert [x for x in ours if x.startswith(keys)] == their_lines
    run(db, "settings", "--handicap-correction", "0", "--class", "B", "--komi", "6.5")
    run(db, "export", "--h9", str(h9))
    header = h9.read_bytes().decode("latin-1").splitlines()[:8]
    assert "; CL[B]" in header and "; KM[6.5]" in header
    assert not [x for x in header if x.startswith("; HA[")]


def _dtd(path: Path) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The element children and attributes OpenGotha's DTD declares."""
    text = path.read_text(encoding="utf-8")
    children: dict[str, set[str]] = {}
    for name, model in re.findall(r"<!ELEMENT\s+(\w+)\s+([^>]*)>", text):
        children[name] = set(re.findall(r"\w+", model)) - {"EMPTY", "ANY", "PCDATA"}
    attributes: dict[str, set[str]] = {}
    for name, attr in re.findall(r"<!ATTLIST\s+(\w+)\s+(\w+)", text):
        attributes.setdefault(name, set()).add(attr)
    return children, attributes


def _structure(root: ET.Element) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(parent, child) and (element, attribute) pairs of a file."""
    nest = {(parent.tag, child.tag) for parent in root.iter() for child in parent}
    attrs = {(e.tag, a) for e in root.iter() for a in e.attrib}
    return nest, attrs


@pytest.mark.realdata
def test_the_xml_is_admitted_by_opengotha_s_dtd_and_reads_back(
    tmp_path: Path, real_data: Path
) -> None:
    db = tmp_path / "go.db"
    _new(db, *ACCEPTANCE, "--director", "Jean Dupont", "--set", "paiMaSeedSystem1=SPLITANDFOLD")
    _play_all(db)
    xml = tmp_path / "paris.xml"
    run(db, "export", "--xml", str(xml))
    folder = real_data / "go" / "opengotha"
    children, attributes = _dtd(folder / "tournament.dtd")
    # the DTD is partly stale: what OpenGotha's own Juvisy file holds is admitted too
    juvisy_nest, juvisy_attrs = _structure(ET.parse(folder / "Tournoi_de_Juvisy.xml").getroot())
    nest, attrs = _structure(ET.parse(xml).getroot())
    for parent, child in nest:
        assert child in children.get(parent, set()) or (parent, child) in juvisy_nest, (
            parent,
            child,
        )
    for element, attr in attrs:
        assert attr in attributes.get(element, set()) or (element, attr) in juvisy_attrs, (
            element,
            attr,
        )
    general = ET.parse(xml).getroot().find("TournamentParameterSet/GeneralParameterSet")
    assert general is not None
    assert {k: general.get(k) for k in ("basicTime", "complementaryTimeSystem", "stdByoYomiTime",
                                        "komi", "location", "director")} == {
        "basicTime": "60", "complementaryTimeSystem": "STDBYOYOMI", "stdByoYomiTime": "30",
        "komi": "7.5", "location": "Paris", "director": "Jean Dupont",
    }  # fmt: skip
    handicap = ET.parse(xml).getroot().find("TournamentParameterSet/HandicapParameterSet")
    assert handicap is not None
    assert (handicap.get("hdBasedOnMMS"), handicap.get("hdCeiling")) == ("false", "9")
    # rank-based handicap (GO.md c): ranks capped at the 1D threshold, difference minus the
    # correction 1, at most 9 stones; the stronger player takes White
    root = ET.parse(xml).getroot()
    rank = {
        (p.get("name", "") + p.get("firstName", "")).upper(): p.get("rank", "")
        for p in root.iterfind("Players/Player")
    }

    def value(text: str) -> int:
        return min(0, int(text[:-1]) - 1 if text.endswith("D") else -int(text[:-1]))

    games = list(root.iterfind("Games/Game"))
    assert len(games) == 4
    for g in games:
        white, black = value(rank[g.get("whitePlayer", "")]), value(rank[g.get("blackPlayer", "")])
        assert white >= black
        assert g.get("handicap") == str(min(9, max(0, white - black - 1)))
    # import the file: the new tournament has the same settings (the class and the
    # compatibility are not OpenGotha parameters: its files have no place for them)
    before = _settings(db)["settings"]
    run(tmp_path / "other.db", "import", str(xml))
    after = _settings(tmp_path / "other.db")["settings"]
    assert after == before


# Every OpenGotha parameter with a value other than McMahon's default, as its XML spells it.
EVERY = {
    "bInternet": "true",
    "basicTime": "75",
    "complementaryTimeSystem": "CANBYOYOMI",
    "stdByoYomiTime": "20",
    "nbMovesCanTime": "20",
    "canByoYomiTime": "420",
    "fischerTime": "7",
    "size": "13",
    "komi": "6.5",
    "location": "Lyon",
    "director": "Ana",
    "genMMFloor": "15K",
    "genMMBar": "2D",
    "genMMZero": "25K",
    "genNBW2ValueAbsent": "1",
    "genNBW2ValueBye": "1",
    "genMMS2ValueAbsent": "2",
    "genMMS2ValueBye": "1",
    "genRoundDownNBWMMS": "false",
    "genCountNotPlayedGamesAsHalfPoint": "true",
    "hdBasedOnMMS": "false",
    "hdNoHdRankThreshold": "3D",
    "hdCorrection": "2",
    "hdCeiling": "6",
    "paiStandardNX1Factor": "0.25",
    "paiBaAvoidDuplGame": "400000000000000",
    "paiBaRandom": "77",
    "paiBaDeterministic": "false",
    "paiBaBalanceWB": "999",
    "paiMaAvoidMixingCategories": "5",
    "paiMaMinimizeScoreDifference": "90000000000",
    "paiMaDUDDWeight": "90000000",
    "paiMaCompensateDUDD": "false",
    "paiMaDUDDUpperMode": "TOP",
    "paiMaDUDDLowerMode": "BOT",
    "paiMaMaximizeSeeding": "4000000",
    "paiMaLastRoundForSeedSystem1": "2",
    "paiMaSeedSystem1": "SPLITANDSLIP",
    "paiMaSeedSystem2": "SPLITANDFOLD",
    "paiMaAdditionalPlacementCritSystem1": "Rank",
    "paiMaAdditionalPlacementCritSystem2": "Rating",
    "paiSeRankThreshold": "2D",
    "paiSeNbWinsThresholdActive": "true",
    "paiSeBarThresholdActive": "false",
    "paiSeDefSecCrit": "90000000000",
    "paiSeMinimizeHandicap": "3",
    "paiSeAvoidSameGeo": "90000000000",
    "paiSePreferMMSDiffRatherThanSameCountry": "2",
    "paiSePreferMMSDiffRatherThanSameClub": "4",
    "paiSePreferMMSDiffRatherThanSameClubsGroup": "1",
}


def test_every_setting_goes_from_the_cli_to_the_xml_and_back(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    sets = [x for name, value in EVERY.items() for x in ("--set", f"{name}={value}")]
    _new(db, "--criteria", "MMS,SOSOSM,SOSM", *sets)
    shown = _settings(db)["settings"]
    assert isinstance(shown, dict)
    assert {k: shown[k] for k in EVERY} == EVERY
    assert shown["placement"] == "MMS,SOSOSM,SOSM"
    xml = tmp_path / "out.xml"
    run(db, "export", "--xml", str(xml))
    root = ET.parse(xml).getroot()
    written = {
        k: v
        for path in ("GeneralParameterSet", "HandicapParameterSet", "PairingParameterSet")
        for e in root.iterfind(f"TournamentParameterSet/{path}")
        for k, v in e.attrib.items()
    }
    assert {k: written[k] for k in EVERY} == EVERY
    names = [c.get("name") for c in root.iterfind(".//PlacementParameterSet//PlacementCriterion")]
    assert names[:3] == ["MMS", "SOSOSM", "SOSM"]
    read = read_opengotha_document(xml.read_bytes(), "out.xml")
    assert not [d for d in read.diagnostics if d.severity.value != "note"]
    assert read.document.tournament.parameters.pairing.random == 77
    run(tmp_path / "back.db", "import", str(xml))
    back = _settings(tmp_path / "back.db")["settings"]
    assert isinstance(back, dict)
    assert {k: back[k] for k in EVERY} == EVERY


def test_settings_that_may_no_longer_change_are_refused_with_the_reason(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _new(db, "--compat", "opengotha")
    assert _settings(db)["group_max"] == 600
    run(db, "settings", "--bar", "3d", "--floor", "15k")  # before round 1: allowed
    run(db, "pair")
    refused = fail(db, "settings", "--bar", "2d")
    assert "genMMBar unchanged once round 1 is paired" in refused
    refused = fail(db, "settings", "--criteria", "NBW,SOSW")
    assert "main placement criterion MMS unchanged" in refused
    assert "may no longer change" not in refused  # the reason, not a generic refusal
    out = run(db, "settings", "--criteria", "MMS,SOSOSM", "--komi", "0.5", "--compat", "none")
    assert "settings changed" in out
    shown = _settings(db)
    assert shown["group_max"] is None
    assert isinstance(shown["settings"], dict) and shown["settings"]["komi"] == "0.5"
    assert "genMMBar" in shown["fixed"]  # type: ignore[operator]
    run(db, "undo")
    assert _settings(db)["settings"]["komi"] == "7.5"  # type: ignore[index]


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        (("--time", "sixty"), "expected a basic time"),
        (("--komi", "7.3"), "komi in half points"),
        (("--handicap", "stones"), "mms, rank or none"),
        (("--set", "noSuchParameter=1"), "OpenGotha parameter name"),
        (("--set", "beginDate=2026-01-01"), "only when the tournament is made"),
    ],
)
def test_a_bad_go_option_is_a_clear_error(
    tmp_path: Path, options: tuple[str, ...], reason: str
) -> None:
    db = tmp_path / "go.db"
    out = fail(db, "new", "Paris Go", "--game", "go", "--country", "FR", "--date", "2026-04-04",
               *options)  # fmt: skip
    assert reason in out and "Traceback" not in out


def test_go_options_on_an_othello_tournament_are_refused(tmp_path: Path) -> None:
    db = tmp_path / "o.db"
    out = fail(db, "new", "Lyon", "--country", "FRA", "--date", "2026-04-04", "--komi", "7.5")
    assert "only with --game go" in out
    run(db, "new", "Lyon", "--country", "FRA", "--date", "2026-04-04")
    assert "expected a Go tournament" in fail(db, "settings")


def test_mcmahon_groups_by_smms_correction(tmp_path: Path) -> None:
    """OpenGotha's McMahon groups frame: a player's SMMS correction (-1..2, +1 the super
    group) is written as the player's ``smmsCorrection``; SMMS = clamp(rank, floor, bar) -
    zero + correction (GO.md a): Dupont 3d under the 4d bar starts at 3 + 30 - 1 = 32, 33
    in the super group."""
    db = tmp_path / "go.db"
    _new(db)
    out = run(db, "settings", "--smms", "1=+1", "--smms", "4=-1")
    assert "SMMS correction +1: 1 Dupont, Jean" in out
    shown = _settings(db)
    assert shown["smms"] == [
        {"player": 1, "name": "Dupont, Jean", "correction": 1},
        {"player": 4, "name": "Durand, Eva", "correction": -1},
    ]
    xml = tmp_path / "groups.xml"
    run(db, "export", "--xml", str(xml))
    corrections = {
        p.get("name"): p.get("smmsCorrection") for p in ET.parse(xml).getroot().iter("Player")
    }
    assert corrections == {"Dupont": "1", "Martin": "0", "Petit": "0", "Durand": "-1"}
    assert "expected an SMMS correction -1 to 2 for player 2, got 3" in fail(
        db, "settings", "--smms", "2=3"
    )
    assert "expected an entered player number, got 9" in fail(db, "settings", "--smms", "9=1")
    assert "NUMBER=CORRECTION" in fail(db, "settings", "--smms", "1")
    run(db, "settings", "--smms", "4=0")
    assert [s["player"] for s in _settings(db)["smms"]] == [1]  # type: ignore[union-attr]
    run(db, "pair")
    refused = fail(db, "settings", "--smms", "2=1")
    assert "expected SMMS corrections before round 1 is paired" in refused
    for table in (1, 2):
        run(db, "result", "1", "--table", str(table), "1-0")
    # SMMS: 3d 2 + 30 + 1 = 33; 1k 29; 5k 25; 9k 21 (its -1 was reset); a win adds 1
    start = {"Dupont, Jean": 33, "Martin, Luc": 29, "Petit, Anne": 25, "Durand, Eva": 21}
    for row in json.loads(run(db, "standings", "--json")):
        won = "+" in row["rounds"][0]
        assert row["MMS"] == str(start[row["name"]] + won), row

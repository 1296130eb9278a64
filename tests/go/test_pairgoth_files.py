"""Pairgoth's OpenGotha files read exactly (issue 21, item 4).

Pairgoth (the French federation's successor of OpenGotha) exports OpenGotha XML with its own
spellings: its byes in a ``<ByePlayer>`` container (OpenGotha: ``<ByePlayers>``), each bye's
player key in the player's own case with spaces removed (``RobinClé``; OpenGotha: upper case,
``ROBINCLÉ``), white players' keys upper case with their spaces kept, ``None`` for "no
criterion" (OpenGotha: ``NULL``), and no ``dataVersion`` but ``fullVersionNumber="3.52.03"``.
`pairgoth_variant` rewrites an OpenGotha file the way Pairgoth writes it; the expectation is
that the variant is the same tournament as the OpenGotha file, and that OpenGotha's own
per-pair cost dumps of the round still hold on it.
"""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from ratinglist.formats.go.opengotha_document import (
    read_opengotha_document,
    read_opengotha_document_file,
)
from ratinglist.formats.go.opengotha_write import write_opengotha
from ratinglist.formats.go.opengotha_xml import parse_opengotha
from ratinglist.pairing.go.costs import PART_NAMES, CostModel
from ratinglist.service.tournaments.games.go.files import file_log
from ratinglist.tournament.fold import fold
from ratinglist.tournament.games.go.pairing import gotha_round
from tests.pairing.go_dumps import read_dump

PAIRGOTH_FIXTURES = ("simplemm", "notsimplemm", "simpleswiss", "frioul-2018", "veterans-2021")
SAVED = dt.datetime(2024, 5, 1, 12, 0, 0)


def pairgoth_variant(data: bytes) -> bytes:
    """The OpenGotha file `data` with Pairgoth's spellings (see the module docstring)."""
    root = ET.fromstring(data)
    root.attrib.pop("dataVersion", None)
    root.set("fullVersionNumber", "3.52.03")
    names = {}
    for p in root.iterfind("Players/Player"):
        name, first = p.get("name", ""), p.get("firstName", "")
        names[(name + first).upper().replace(" ", "")] = (name, first)
    for game in root.iterfind("Games/Game"):
        name, first = names[game.get("whitePlayer", "")]
        game.set("whitePlayer", (name + first).upper())
    for container in root.iterfind("ByePlayers"):
        container.tag = "ByePlayer"
        for bye in container:
            name, first = names[bye.get("player", "")]
            bye.set("player", name.replace(" ", "") + first.replace(" ", ""))
    for c in root.iterfind("TournamentParameterSet/PlacementParameterSet/*/PlacementCriterion"):
        if c.get("name") == "NULL":
            c.set("name", "None")
    for pairing in root.iterfind("TournamentParameterSet/PairingParameterSet"):
        for attr in ("paiMaAdditionalPlacementCritSystem1", "paiMaAdditionalPlacementCritSystem2"):
            if pairing.get(attr) == "NULL":
                pairing.set(attr, "None")
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


@pytest.mark.realdata
@pytest.mark.parametrize("name", PAIRGOTH_FIXTURES)
def test_fixture_reads_writes_and_imports(real_data: Path, name: str) -> None:
    """Every OpenGotha file of Pairgoth's fixtures: explained diagnostics only, write then read
    gives the same document, and the import log keeps every game and bye."""
    path = real_data / "go" / "pairgoth" / f"{name}.xml"
    read = read_opengotha_document_file(path)
    # N504: simplemm has fullVersionNumber but no dataVersion (read as 201, GO.md section g).
    assert {d.code for d in read.diagnostics} <= {"N504"}
    again = read_opengotha_document(write_opengotha(read.document, SAVED), name)
    assert again.document == read.document
    assert again.diagnostics == ()
    log, _ = file_log(path)
    state = fold(log).play
    assert state is not None
    back = state.document().tournament
    t = read.document.tournament
    assert {(b.round, b.player) for b in back.byes} == {(b.round, b.player) for b in t.byes}
    assert len(back.games) == len(t.games)


@pytest.mark.realdata
@pytest.mark.parametrize("name", PAIRGOTH_FIXTURES)
def test_pairgoth_variant_is_the_same_tournament(real_data: Path, name: str) -> None:
    data = (real_data / "go" / "pairgoth" / f"{name}.xml").read_bytes()
    original = read_opengotha_document(data, name)
    variant = read_opengotha_document(pairgoth_variant(data), name)
    assert variant.document == original.document
    t = original.document.tournament
    # Every bye is kept (notsimplemm: rounds 1, 3, 5; veterans-2021: round 2).
    assert len(t.byes) == {"notsimplemm": 3, "veterans-2021": 1}.get(name, 0)
    codes = [d.code for d in variant.diagnostics]
    # Explained: no dataVersion (N504), Pairgoth's spellings (N506); nothing else.
    assert set(codes) <= {"N504", "N506"}
    messages = " ".join(d.message for d in variant.diagnostics)
    assert "'None' (Pairgoth's spelling) read as NULL" in messages
    if t.byes:
        assert f"<ByePlayer> container: its {len(t.byes)} byes" in messages
        assert "is not upper case without spaces" in messages


@pytest.mark.realdata
@pytest.mark.parametrize("round_", [1, 2, 3, 4, 5])
def test_pairgoth_variant_costs_equal_opengotha(real_data: Path, round_: int) -> None:
    """notsimplemm (byes in rounds 1, 3, 5) written as Pairgoth writes it: OpenGotha's dump
    of every pair's cost parts, and its bye, still hold."""
    folder = real_data / "go" / "pairgoth"
    t = parse_opengotha(pairgoth_variant((folder / "notsimplemm.xml").read_bytes()))
    dump = read_dump(folder / f"notsimplemm_weights_R{round_}.txt")
    before = replace(t, games=tuple(g for g in t.games if g.round < round_ - 1))
    rnd = gotha_round(before, round_ - 1)
    index = {p.name + " " + p.first_name: k for k, p in enumerate(rnd.players)}
    i = np.array([index[str(d["p1"])] for d in dump])
    j = np.array([index[str(d["p2"])] for d in dump])
    parts = CostModel(rnd).parts(i, j)
    differences = {
        part: int((parts.parts[k] != np.array([d[part] for d in dump])).sum())
        for k, part in enumerate(PART_NAMES)
    }
    assert differences == dict.fromkeys(PART_NAMES, 0)
    file_bye = next((b.player for b in t.byes if b.round == round_ - 1), None)
    assert rnd.bye == file_bye


PAIRGOTH_EXPORT = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<Tournament fullVersionNumber="3.52.03" runningMode="SAL" saveDT="20250101120000">
<Players>
<Player club="75Pa" country="FR" firstName="Jan" name="De Groot" rank="2D" rating="2250"
 participating="11111111111111111111" registeringStatus="FIN" smmsCorrection="0"/>
<Player club="13Ma" country="FR" firstName="Clé" name="Robin" rank="3K" rating="1750"
 participating="11111111111111111111" registeringStatus="FIN" smmsCorrection="0"/>
<Player club="13Ma" country="FR" firstName="Zoé" name="Lune" rank="5K" rating="1550"
 participating="11111111111111111111" registeringStatus="FIN" smmsCorrection="0"/>
</Players>
<Games>
<Game blackPlayer="LUNEZOÉ" handicap="0" knownColor="true" result="RESULT_WHITEWINS"
 roundNumber="1" tableNumber="1" whitePlayer="DE GROOTJAN"/>
</Games>
<ByePlayer>
<ByePlayer player="RobinClé" roundNumber="1"/>
<ByePlayer player="Nobody" roundNumber="2"/>
</ByePlayer>
<Extra/>
<TournamentParameterSet>
<GeneralParameterSet name="Pairgoth cup" numberOfRounds="3" shortName="pgcup"
 beginDate="2025-01-01" endDate="2025-01-01"/>
<PlacementParameterSet><PlacementCriteria>
<PlacementCriterion name="MMS" number="1"/><PlacementCriterion name="None" number="2"/>
</PlacementCriteria></PlacementParameterSet>
<PairingParameterSet paiMaAdditionalPlacementCritSystem1="Rating"
 paiMaAdditionalPlacementCritSystem2="None"/>
</TournamentParameterSet>
</Tournament>
"""


def test_pairgoth_export_imports_without_crash(tmp_path: Path) -> None:
    """Keys with spaces or in mixed case are matched; a bye of an unknown player and an
    unknown element are reported (W503, W507), never a traceback."""
    path = tmp_path / "pairgoth.xml"
    path.write_text(PAIRGOTH_EXPORT, encoding="utf-8")
    log, diagnostics = file_log(path)
    state = fold(log).play
    assert state is not None
    t = state.document().tournament
    assert [(b.round, b.player) for b in t.byes] == [(0, "ROBINCLÉ")]
    (game,) = t.games
    assert (game.white, game.black) == ("DEGROOTJAN", "LUNEZOÉ")
    text = "\n".join(diagnostics)
    assert "warning[W503]: player of round 2 'Nobody' is not a registered player" in text
    assert "warning[W507]: element <Extra> is not part of an OpenGotha file; ignored" in text
    assert "note[N506]: player key 'DE GROOTJAN'" in text

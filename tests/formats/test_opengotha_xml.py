"""OpenGotha's XML tournament file: players, games, byes, parameters (GO.md section g)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratinglist.errors import OpenGothaError
from ratinglist.formats.go.opengotha_xml import parse_opengotha, read_opengotha
from ratinglist.model.go import parse_rank
from ratinglist.model.go.tournament import Criterion, GoSystem, Outcome, SeedSystem

SMALL = b"""<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
<Players>
<Player name="Rey" firstName="Jean" rank="2D" rating="2013" club="Lill" country="FR"
 participating="10111" registeringStatus="FIN" smmsCorrection="1"/>
<Player name="Doe" firstName="Ann" rank="12K" rating="1150" registeringStatus="PRE"/>
</Players>
<Games>
<Game roundNumber="2" tableNumber="3" whitePlayer="REYJEAN" blackPlayer="DOEANN"
 handicap="4" knownColor="true" result="RESULT_BLACKWINS_BYDEF"/>
</Games>
<ByePlayers><ByePlayer roundNumber="1" player="DOEANN"/></ByePlayers>
<TournamentParameterSet>
<GeneralParameterSet numberOfRounds="5" genMMBar="3D" genMMFloor="15K" numberOfCategories="2">
<Categories><Category number="1" lowerLimit="5K"/></Categories>
</GeneralParameterSet>
<PairingParameterSet paiMaLastRoundForSeedSystem1="3" paiMaSeedSystem1="SPLITANDFOLD"/>
<PlacementParameterSet><PlacementCriteria>
<PlacementCriterion name="NBW" number="1"/><PlacementCriterion name="SOSW" number="2"/>
</PlacementCriteria></PlacementParameterSet>
</TournamentParameterSet>
</Tournament>"""


def test_reads_players_games_byes_parameters() -> None:
    t = parse_opengotha(SMALL)
    rey, doe = t.players
    assert (rey.key, rey.rank, rey.rating, rey.smms_correction) == (
        "REYJEAN",
        parse_rank("2d"),
        2013,
        1,
    )
    assert rey.participating[:5] == (True, False, True, True, True)
    assert rey.final and not doe.final
    (g,) = t.games
    assert (g.round, g.table, g.white, g.black, g.handicap) == (1, 3, "REYJEAN", "DOEANN", 4)
    assert g.result.outcome is Outcome.BLACK_WINS and g.result.by_default
    assert t.byes[0].round == 0 and t.byes[0].player == "DOEANN"
    p = t.parameters
    assert p.system is GoSystem.SWISS
    assert p.placement == (Criterion.NBW, Criterion.SOSW)
    assert (p.general.bar, p.general.floor) == (parse_rank("3d"), parse_rank("15k"))
    assert p.general.category_limits == (parse_rank("5k"),)
    assert p.pairing.last_round_seed_system1 == 2  # 1-based in the file
    assert p.pairing.seed_system1 is SeedSystem.SPLIT_AND_FOLD


def test_old_files_store_ratings_minus_2050() -> None:
    old = SMALL.replace(b' dataVersion="201"', b"")
    assert parse_opengotha(old).players[0].rating == 2949  # 2013 + 2050, clamped
    versioned = SMALL.replace(b' dataVersion="201"', b' fullVersionNumber="3.51"')
    assert parse_opengotha(versioned).players[0].rating == 2013


def test_bad_file_diagnostics() -> None:
    with pytest.raises(OpenGothaError, match=r"x.xml:1:\d+: expected well-formed XML"):
        parse_opengotha(b"<Tournament>", "x.xml")
    with pytest.raises(OpenGothaError, match="expected a rank"):
        parse_opengotha(SMALL.replace(b'rank="2D"', b'rank="2X"'), "x.xml")


@pytest.mark.realdata
@pytest.mark.parametrize(
    ("path", "players", "games", "system"),
    [
        ("pairgoth/simplemm.xml", 16, 40, GoSystem.MCMAHON),
        ("pairgoth/simpleswiss.xml", 32, 112, GoSystem.SWISS),
        ("opengotha/ioct_20_02.xml", 4, 6, GoSystem.SWISSCAT),
        ("opengotha/CdFA2020-essaiLVCup.xml", 16, 32, GoSystem.CUP),
        ("opengotha-rgf/egc2011.xml", 760, 2708, GoSystem.MCMAHON),
    ],
)
def test_real_files(real_data: Path, path: str, players: int, games: int, system: GoSystem) -> None:
    t = read_opengotha(real_data / "go" / path)
    assert (len(t.players), len(t.games), t.parameters.system) == (players, games, system)

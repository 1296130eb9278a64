"""OpenGotha XML as a whole: teams, display settings, diagnostics, MacMahon 3.9, writing back."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ratinglist.errors import OpenGothaError
from ratinglist.formats.go.opengotha_document import (
    read_opengotha_document,
    read_opengotha_document_file,
)
from ratinglist.formats.go.opengotha_write import write_opengotha
from ratinglist.model.go import parse_rank
from ratinglist.model.go.team import TeamCriterion
from ratinglist.model.go.tournament import Criterion, Outcome

SAVED = dt.datetime(2024, 5, 1, 12, 0, 0)

TEAMS = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<Tournament dataVersion="201" fullVersionNumber="3.51" runningMode="SAL" saveDT="20201107091634">
<Players>
<Player firstName="Ali" name="Elaçivi" rank="3K" rating="1800" registeringStatus="FIN"/>
<Player firstName="Bo" name="Lee" rank="1D" rating="2100" participating="10"
 registeringStatus="PRE"/>
<Player firstName="Cy" name="Ray" rank="2D" rating="2200"/>
<Player firstName="Di" name="Ng" rank="5K" rating="1600"/>
</Players>
<Games>
<Game blackPlayer="ELAÇİVİALİ" handicap="2" knownColor="true" result="RESULT_WHITEWINS_BYDEF"
 roundNumber="1" tableNumber="1" whitePlayer="LEEBO"/>
<Game blackPlayer="NGDI" handicap="0" knownColor="false" result="RESULT_BOTHLOSE"
 roundNumber="1" tableNumber="2" whitePlayer="GHOSTX"/>
</Games>
<ByePlayers><ByePlayer player="RAYCY" roundNumber="2"/></ByePlayers>
<Teams>
<Team teamName="A &amp; B" teamNumber="1">
<Board boardNumber="1" player="LEEBO" roundNumber="1"/>
<Board boardNumber="2" player="ELAÇİVİALİ" roundNumber="1"/>
</Team>
</Teams>
<TournamentParameterSet>
<GeneralParameterSet name="Cup &quot;Open&quot;" numberOfRounds="3" shortName="cup"/>
<PlacementParameterSet><PlacementCriteria>
<PlacementCriterion name="MMS" number="1"/><PlacementCriterion name="SOSM" number="2"/>
</PlacementCriteria></PlacementParameterSet>
<DPParameterSet gameFormat="short" playerSortType="rank"/>
</TournamentParameterSet>
<TeamTournamentParameterSet>
<TeamGeneralParameterSet teamSize="2"/>
<TeamPlacementParameterSet><PlacementCriteria>
<PlacementCriterion name="TEAMP" number="1"/><PlacementCriterion name="SOST" number="2"/>
</PlacementCriteria></TeamPlacementParameterSet>
</TeamTournamentParameterSet>
</Tournament>
"""


def test_teams_display_and_diagnostics() -> None:
    read = read_opengotha_document(TEAMS.encode(), "teams.xml")
    doc = read.document
    (team,) = doc.teams
    assert (team.number, team.name, team.member(0, 0), team.member(0, 1)) == (
        1,
        "A & B",
        "LEEBO",
        "ELAÇIVIALI",  # the Turkish-locale key of the file, read as the player's key
    )
    assert doc.team_parameters.team_size == 2
    assert doc.team_parameters.criteria == (TeamCriterion.TEAMP, TeamCriterion.SOST)
    assert ("gameFormat", "short") in doc.display and ("showByePlayer", "true") in doc.display
    game = doc.tournament.games[0]
    assert (game.black, game.result.outcome, game.result.by_default) == (
        "ELAÇIVIALI",
        Outcome.WHITE_WINS,
        True,
    )
    assert [(d.code, d.line) for d in read.diagnostics] == [("N505", 11), ("W503", 13)]
    assert "GHOSTX" in read.diagnostics[1].message


def test_write_then_read_gives_the_same_document() -> None:
    doc = read_opengotha_document(TEAMS.encode(), "teams.xml").document
    data = write_opengotha(doc, SAVED)
    text = data.decode("utf-8")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n')
    assert '<Tournament dataVersion="201" fullVersionNumber="3.52.03" runningMode="SAL" ' in text
    assert 'saveDT="20240501120000"' in text
    assert '    <ByePlayers>\n        <ByePlayer player="RAYCY" roundNumber="2"/>' in text
    assert '<Team teamName="A &amp; B" teamNumber="1">' in text
    assert 'name="Cup &quot;Open&quot;"' in text
    assert 'result="RESULT_WHITEWINS_BYDEF"' in text
    back = read_opengotha_document(data, "back.xml")
    assert back.document == doc
    # Written keys are the players' own: the Turkish note is gone, the ghost remains.
    assert [d.code for d in back.diagnostics] == ["W503"]


def test_legacy_file_is_noted() -> None:
    old = (
        b'<Tournament><Players><Player name="A" firstName="B" rank="1D" rating="50"/>'
        b"</Players></Tournament>"
    )
    read = read_opengotha_document(old, "old.xml")
    assert read.document.tournament.players[0].rating == 2100  # GoR - 2050 stored
    assert [d.code for d in read.diagnostics] == ["N504"]


@pytest.mark.parametrize("komi", ["nan", "NaN", "inf", "-Infinity", "1e400"])
def test_a_komi_no_game_can_have_is_an_error(komi: str) -> None:
    """A komi that is not a finite number is refused where it is written (as the settings
    refuse it); komi text OpenGotha keeps, such as ``6.5`` or ``0``, is read as before."""
    doc = TEAMS.replace('numberOfRounds="3"', f'komi="{komi}" numberOfRounds="3"')
    with pytest.raises(
        OpenGothaError, match=r"cup\.xml: <GeneralParameterSet> komi: expected a komi"
    ):
        read_opengotha_document(doc.encode(), "cup.xml")
    fine = TEAMS.replace('numberOfRounds="3"', 'komi="6.5" numberOfRounds="3"')
    read = read_opengotha_document(fine.encode(), "cup.xml")
    assert read.document.tournament.parameters.general.komi == "6.5"


def test_not_xml_is_an_error() -> None:
    with pytest.raises(OpenGothaError, match=r"bad\.xml:1:\d+: expected well-formed XML"):
        read_opengotha_document(b"<Tournament><Players>", "bad.xml")


@pytest.mark.realdata
def test_macmahon39_sample(real_data: Path) -> None:
    read = read_opengotha_document_file(
        real_data / "go" / "pairgoth" / "macmahon39-sample-tournament.xml"
    )
    assert read.diagnostics == ()
    t = read.document.tournament
    general = t.parameters.general
    assert (general.name, general.number_of_rounds) == ("Test MacMahon Tournament", 3)
    assert (general.bar, general.floor) == (parse_rank("1d"), parse_rank("20k"))
    assert t.parameters.handicap.ceiling == 0  # HandicapUsed false
    assert t.parameters.criteria == (Criterion.MMS, Criterion.SOSM, Criterion.SOSOSM)
    smith, _jones, white, brown = t.players
    assert (smith.key, smith.rank, smith.egf_pin, smith.country) == (
        "SMITHALICE",
        parse_rank("3d"),
        "12345678",
        "FR",
    )
    assert white.smms_correction == 1 and not brown.final
    assert brown.participating[:3] == (True, False, True)
    assert [(g.round, g.table, g.white, g.black, g.result.outcome) for g in t.games] == [
        (0, 1, "SMITHALICE", "JONESBOB", Outcome.WHITE_WINS),
        (0, 2, "WHITECAROL", "BROWNDAVID", Outcome.BLACK_WINS),
        (1, 1, "JONESBOB", "SMITHALICE", Outcome.BLACK_WINS),
    ]
    assert [(b.round, b.player) for b in t.byes] == [(1, "WHITECAROL")]
    back = read_opengotha_document(write_opengotha(read.document, SAVED), "back.xml")
    assert back.document == read.document


REPRESENTATIVE = [
    "opengotha/Tournoi_de_Juvisy.xml",
    "opengotha/tournoi_equipe_LGO_2020.xml",
    "opengotha-rgf/TeamEGC2013.xml",
    "opengotha-rgf/egc2013.xml",
    "pairgoth/simplemm.xml",
    "pairgoth/frioul-2018.xml",
    "opengotha-remote/20200920162602_AGT2020.xml",
]


@pytest.mark.realdata
@pytest.mark.parametrize("name", REPRESENTATIVE)
def test_real_files_round_trip(real_data: Path, name: str) -> None:
    read = read_opengotha_document_file(real_data / "go" / name)
    # Explained only: Turkish-locale keys (N505), no dataVersion (N504).
    assert {d.code for d in read.diagnostics} <= {"N504", "N505"}
    back = read_opengotha_document(write_opengotha(read.document, SAVED), name)
    assert back.document == read.document
    assert back.diagnostics == ()


@pytest.mark.realdata
def test_team_file_teams(real_data: Path) -> None:
    doc = read_opengotha_document_file(
        real_data / "go" / "opengotha" / "tournoi_equipe_LGO_2020.xml"
    ).document
    angers = next(t for t in doc.teams if t.name == "Angers")
    assert angers.number == 2
    board_players = angers.board_players(0)
    assert (board_players[0], board_players[1]) == ("LEMOINETHEO", "PERROUXETIENNE")
    assert doc.team_parameters.team_size == 3

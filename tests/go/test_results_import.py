"""Reading .h9 and .tou files back into a tournament."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratinglist.formats.go.egf_h9 import read_h9
from ratinglist.formats.go.ffg_tou import read_tou
from ratinglist.formats.go.opengotha_document import read_opengotha_document_file
from ratinglist.formats.go.results_import import tournament_from_rows
from ratinglist.model.go import parse_rank, rating_from_rank
from ratinglist.model.go.tournament import GoTournament, Outcome

H9 = b"""; Pl Name                            Rk Co Club  MMS
   1 Le_Roux Anne_Marie              2D FR 75Pa    3 0 0 0    2+/w0    3+!b2
   2 Vos Bram                        1K NL xxxx    2 0 0 0    1-/b0    0=
   3 Ito Ken                         5K XX xxxx    1 0 0 0    0-       1-!w2
   4 Odd One                         9K XX xxxx    0 0 0 0    3+/w0    0-
"""


def _games(t: GoTournament) -> set[tuple[int, str, str, Outcome, bool, int]]:
    return {
        (g.round, g.white, g.black, g.result.outcome, g.result.by_default, g.handicap)
        for g in t.games
    }


def test_rows_become_players_and_games() -> None:
    read = read_h9(H9, "x.h9")
    t, found = tournament_from_rows(read.rows, "x.h9", "x")
    first = t.players[0]
    assert (first.name, first.first_name, first.rank, first.rating) == (
        "Le Roux",
        "Anne Marie",
        parse_rank("2d"),
        rating_from_rank(parse_rank("2d")),
    )
    assert t.players[1].participating[:2] == (True, False)  # "0=" in round 2
    assert t.players[2].country == "" and t.players[2].club == ""
    assert _games(t) == {
        (0, "LEROUXANNEMARIE", "VOSBRAM", Outcome.WHITE_WINS, False, 0),
        (1, "ITOKEN", "LEROUXANNEMARIE", Outcome.BLACK_WINS, True, 2),
        (0, "ODDONE", "ITOKEN", Outcome.WHITE_WINS, False, 0),
    }
    # Row 4 says it beat row 3 in round 1; row 3 has no game there: kept, and reported.
    assert [(d.code, d.line) for d in found] == [("W602", 4)]


@pytest.mark.realdata
@pytest.mark.parametrize("kind", ["h9", "tou"])
def test_juvisy_results_file_gives_the_xml_games(real_data: Path, kind: str) -> None:
    folder = real_data / "go" / "opengotha"
    data = (folder / f"Tournoi_de_Juvisy.{kind}").read_bytes()
    read = read_h9(data, "j") if kind == "h9" else read_tou(data, "j")
    t, found = tournament_from_rows(read.rows, "j", "j")
    assert found == ()
    xml = read_opengotha_document_file(folder / "Tournoi_de_Juvisy.xml").document.tournament
    ranks = {p.key: p.rank for p in xml.players}
    assert {p.key: p.rank for p in t.players} == ranks
    if kind == "h9":  # the .tou has no type character: by-default games read as played
        assert _games(t) == _games(xml)
    assert {(g.round, g.white, g.black) for g in t.games} == {
        (g.round, g.white, g.black) for g in xml.games
    }

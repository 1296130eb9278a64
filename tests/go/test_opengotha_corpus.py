"""Every real OpenGotha file: read without error, only explained diagnostics, write-read equal,
and the file as a directed tournament's log (stored JSON, folded) gives the same tournament
(teams and their members included).

775 uploads of the OpenGotha site (2020-21), OpenGotha's own examples, the two European Go
Congress main tournaments, the team files, Pairgoth's fixtures and a MacMahon 3.9 file.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ratinglist.formats.go.opengotha_document import (
    OpenGothaDocument,
    read_opengotha_document,
    read_opengotha_document_file,
)
from ratinglist.formats.go.opengotha_write import write_opengotha
from ratinglist.model.go.tournament import GoTournament
from ratinglist.tournament.codec import from_json, to_json
from ratinglist.tournament.fold import fold
from ratinglist.tournament.games.go.log import opengotha_log

FOLDERS = ("opengotha-remote", "opengotha", "opengotha-rgf", "pairgoth")
# Three uploads give a player several games in one round (hand-made test files): W502.
SEVERAL_GAMES_A_ROUND = {
    "20201012114742_tournamentshortname.xml",
    "20201105112623_round3.xml",
    "20201126103200_round3.xml",
}


def _as_log(doc: OpenGothaDocument) -> OpenGothaDocument | None:
    """`doc` through the log of a directed tournament; None when the engine refuses it."""
    from ratinglist.errors import TournamentError

    log = opengotha_log(
        doc.tournament,
        name="corpus",
        start="2020-01-01",
        end=None,
        teams=doc.teams,
        team_parameters=doc.team_parameters,
    )
    try:
        state = fold([from_json(*to_json(e)) for e in log]).play
    except TournamentError:
        return None
    assert state is not None
    return state.document()


def _same(a: GoTournament, b: GoTournament) -> bool:
    def games(t: GoTournament) -> list[object]:
        return sorted(t.games, key=lambda g: (g.round, g.table))

    def byes(t: GoTournament) -> list[object]:
        return sorted(t.byes, key=lambda x: (x.round, x.player))

    return (a.parameters, a.players, a.clubs_groups, games(a), byes(a)) == (
        b.parameters,
        b.players,
        b.clubs_groups,
        games(b),
        byes(b),
    )


@pytest.mark.realdata
@pytest.mark.slow
def test_every_real_file(real_data: Path) -> None:
    files = [f for folder in FOLDERS for f in sorted((real_data / "go" / folder).glob("*.xml"))]
    assert sum(1 for f in files if f.parent.name == "opengotha-remote") == 775
    with_warnings: set[str] = set()
    unequal: list[str] = []
    refused: set[str] = set()
    log_unequal: list[str] = []
    teams: set[str] = set()
    for path in files:
        read = read_opengotha_document_file(path)
        codes = {d.code for d in read.diagnostics}
        assert codes <= {"N504", "N505", "W502"}, (path.name, read.diagnostics[:3])
        if "W502" in codes:
            with_warnings.add(path.name)
        data = write_opengotha(read.document, dt.datetime(2024, 1, 1))
        if read_opengotha_document(data, path.name).document != read.document:
            unequal.append(path.name)
        again = _as_log(read.document)
        if again is None:
            refused.add(path.name)
        elif not _same(again.tournament, read.document.tournament) or (
            again.teams,
            again.team_parameters,
        ) != (read.document.teams, read.document.team_parameters):
            log_unequal.append(path.name)
        elif read.document.teams:
            teams.add(path.name)
    assert with_warnings == SEVERAL_GAMES_A_ROUND
    assert unequal == []
    # The engine allows one game per player and round: those three files are refused.
    assert refused == SEVERAL_GAMES_A_ROUND
    assert log_unequal == []
    # The 60 files with teams (56 uploads among them; `grep -l "<Team "` finds the same 60):
    # their teams and members, round by round, come back through the log too.
    assert len(teams) == 60
    assert {"tournoi_equipe_LGO_2020.xml", "TeamEGC2013.xml"} <= teams

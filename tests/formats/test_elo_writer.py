"""Writing canonical .ELO text, and building results files from tournaments."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

import pytest

from ratinglist.errors import ResultsFileError
from ratinglist.formats.elo import format_elo, from_tournament, parse_elo, read_elo, write_elo
from ratinglist.formats.results_file import GameLine, Header, PlayerLine, ResultsFile
from ratinglist.model import (
    Colour,
    DateRange,
    Game,
    Outcome,
    PlayerId,
    Tournament,
    TournamentPlayer,
)

RESULTS = ResultsFile(
    source="x",
    header=Header(
        tournament="8th Dutch EGP - Alkmaar 2008",
        country="Holland",
        dates=DateRange(dt.date(2008, 4, 5), dt.date(2008, 4, 6), "a"),
        sender="Jan",
        creator="PAPP 1.36",
    ),
    players=(
        PlayerLine("4875", "MARTIN", "Javier", "E", score=1.5, discs=64.0, rating=-12),
        PlayerLine("NEW1", "DE GRAAF", "Jan C.", "NL", new=True, score=0.5),
    ),
    games=(
        GameLine("4875", "NEW1", Outcome.WIN, 50, 14, Colour.BLACK, round=1),
        GameLine("NEW1", "4875", Outcome.DRAW, round=2),
        GameLine("4875", "NEW1", Outcome.LOSS, 5, 59, Colour.WHITE, added=True),
    ),
)

EXPECTED = """\
%%Tournament: 8th Dutch EGP - Alkmaar 2008
%%Country: Holland
%%Date: 05/04/2008a - 06/04/2008
%%Sender: Jan
%%Creator: PAPP 1.36

%      ID, NAME, Firstname, COUNTRY, score, disc-count, rating
%_% 4875, MARTIN, Javier, E, 1.5, 64, -12
%_% +NEW1, DE GRAAF, Jan C., NL, 0.5

%Round 1
  4875 (50)>(14)   NEW1 B

%Round 2
  NEW1 =   4875

%%Added results
  4875 (05)<(59)   NEW1 W
"""


def test_format_elo_is_canonical() -> None:
    assert format_elo(RESULTS) == EXPECTED


def test_canonical_text_reads_back() -> None:
    back = parse_elo(EXPECTED)
    assert back.diagnostics == ()
    assert back.header == RESULTS.header
    assert back.players == tuple(
        replace(p, line=n) for p, n in zip(RESULTS.players, (8, 9), strict=True)
    )
    assert [replace(g, line=0, column=1) for g in back.games] == list(RESULTS.games)


def test_games_without_round_after_a_numbered_round_get_a_marker() -> None:
    games = (GameLine("1", "2", Outcome.WIN, round=3), GameLine("2", "1", Outcome.WIN))
    text = format_elo(replace(RESULTS, players=(), games=games))
    assert "%Round 3\n     1 >      2\n\n%Other games\n     2 >      1\n" in text
    assert [g.round for g in parse_elo(text).games] == [3, None]


@pytest.mark.parametrize(
    "players",
    [
        (PlayerLine("1", "A, B"),),
        (PlayerLine("1", "A", "B\nC"),),
        (PlayerLine("ABCDE", "A"),),
    ],
)
def test_values_that_cannot_be_written_raise(players: tuple[PlayerLine, ...]) -> None:
    with pytest.raises(ResultsFileError, match=r"^expected "):
        format_elo(replace(RESULTS, players=players))


def test_write_and_read_a_file(tmp_path: Path) -> None:
    path = tmp_path / "20080405a_EGP_ALKMAAR.ELO"
    write_elo(RESULTS, path)
    assert path.read_text() == EXPECTED
    assert read_elo(path).diagnostics == ()
    with pytest.raises(ResultsFileError, match=r"^cannot write results file"):
        write_elo(RESULTS, tmp_path / "missing" / "x.ELO")


def test_from_tournament_round_trips_through_to_tournament() -> None:
    t = Tournament(
        name="Nordic Champ. 2007",
        country="Sweden",
        dates=DateRange(dt.date(2007, 9, 1)),
        sender="Henry",
        players=(
            TournamentPlayer(PlayerId(150001), "A", "B", "S", score=1.0, discs=40.0),
            TournamentPlayer(PlayerId(150002), "C", "D", "S", new=True, rating=1500),
        ),
        games=(
            Game(PlayerId(150001), PlayerId(150002), Outcome.WIN, 40, 24, Colour.WHITE, 1),
            Game(PlayerId(150002), PlayerId(150001), Outcome.DRAW, round=2),
        ),
    )
    results = from_tournament(t, creator="ratinglist")
    assert results.header.creator == "ratinglist"
    assert parse_elo(format_elo(results)).to_tournament() == t

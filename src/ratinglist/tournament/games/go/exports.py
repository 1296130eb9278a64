"""From a Go tournament and its standings to the results files' values (GO.md e-g).

The standings (order, shared places, criterion values, half-games of the players implied in
a game or a bye) come from `standings.go_standings`; this module adds the header (dates,
komi, time system, class), the h9 column titles and the AGA games.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from ratinglist import __version__
from ratinglist.formats.aga_results import write_aga
from ratinglist.formats.egf_h9 import write_h9
from ratinglist.formats.ffg_tou import write_tou
from ratinglist.formats.go.half_game import parse_half_game
from ratinglist.formats.opengotha_document import OpenGothaDocument
from ratinglist.formats.opengotha_write import write_opengotha
from ratinglist.model.go import format_rank
from ratinglist.model.go.results import (
    AgaGame,
    AgaPlayer,
    AgaResults,
    FileKind,
    HalfGame,
    Mark,
    ResultsHeader,
    ResultsRow,
    ResultsTable,
    TimeControl,
    TimeSystem,
)
from ratinglist.model.go.tournament import Criterion, GoGame, GoTournament, Outcome
from ratinglist.standings.go.standings import format_value, go_standings, implied_players

PROGRAM = f"Ratinglist {__version__}"


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        return dt.date(1970, 1, 1)


def results_header(t: GoTournament, program: str = PROGRAM) -> ResultsHeader:
    """The header facts of `t`'s general parameters."""
    g = t.parameters.general
    try:
        system = TimeSystem(g.time_system.strip().upper())
    except ValueError:
        system = TimeSystem.SUDDEN_DEATH
    time = TimeControl(
        basic_minutes=g.basic_time,
        system=system,
        byoyomi_seconds=g.std_byoyomi_time,
        canadian_stones=g.nb_moves_can_time,
        canadian_seconds=g.can_byoyomi_time,
        fischer_seconds=g.fischer_time,
    )
    return ResultsHeader(
        short_name=g.short_name,
        name=g.name,
        location=g.location,
        begin=_date(g.begin_date),
        end=_date(g.end_date),
        komi=g.komi,
        size=g.size,
        handicap_correction=t.parameters.handicap.correction,
        time=time,
        internet=g.internet,
        program=program,
        egf_class=g.egf_class,
    )


def results_table(t: GoTournament, program: str = PROGRAM) -> ResultsTable:
    """The results table of `t` after its last round: the players implied, best first.

    Order, shared places, criterion values and half-games are the standings'
    (`standings.go_standings`); places and opponent numbers count the implied players only.
    """
    last = t.parameters.general.number_of_rounds - 1
    criteria = t.parameters.criteria
    rows: list[ResultsRow] = []
    for line in go_standings(t, last, keys=implied_players(t)):
        player = t.player(line.key)
        rounds = tuple(parse_half_game(text) or HalfGame(0, Mark.LOSS) for text in line.rounds)
        rows.append(
            ResultsRow(
                place=line.place,
                tied=line.tied_with_previous,
                surname=player.name,
                first_name=player.first_name,
                rank=format_rank(player.rank, upper=True),
                country=player.country,
                club=player.club,
                values=tuple(
                    format_value(c, v) for c, v in zip(criteria, line.values, strict=True)
                ),
                rounds=rounds,
                ffg_licence=player.ffg_licence,
                egf_pin=player.egf_pin,
                aga_id=player.aga_id,
            )
        )
    return ResultsTable(results_header(t, program), short_names(criteria), tuple(rows))


def aga_results(t: GoTournament) -> AgaResults:
    """The AGA file's values: every player, the games of each round (players' keys)."""
    g = t.parameters.general
    players = tuple(
        AgaPlayer(p.key, p.aga_id, p.name, p.first_name, format_rank(p.rank, upper=True))
        for p in t.players
    )
    rounds: list[tuple[AgaGame, ...]] = []
    for r in range(g.number_of_rounds):
        round_games = sorted((x for x in t.games if x.round == r), key=lambda x: x.table)
        rounds.append(tuple(_aga_game(x) for x in round_games))
    return AgaResults(
        name=g.name,
        location=g.location,
        begin=_date(g.begin_date),
        end=_date(g.end_date),
        players=players,
        rounds=tuple(rounds),
    )


def _aga_game(game: GoGame) -> AgaGame:
    winner = "?"
    if not game.result.by_default:
        winner = {Outcome.WHITE_WINS: "W", Outcome.BLACK_WINS: "B"}.get(game.result.outcome, "?")
    return AgaGame(game.white, game.black, winner, game.handicap)


def short_names(criteria: Sequence[Criterion]) -> tuple[str, ...]:
    """The h9 column titles of `criteria` (SOSM -> SOS, SOSOSW -> SOSOS, CUSSM -> CUSS...)."""
    titles: list[str] = []
    for criterion in criteria:
        name = criterion.value
        for long, short in (
            ("SOSOS", "SOSOS"),
            ("SODOS", "SODOS"),
            ("SOS", "SOS"),
            ("CUSS", "CUSS"),
        ):
            if name.startswith(long) and name[len(long) : len(long) + 1] in ("W", "M"):
                name = short + name[len(long) + 1 :]
                break
        titles.append(name)
    return tuple(titles)


def go_file_bytes(
    document: OpenGothaDocument,
    kind: FileKind,
    *,
    egd_pins: bool = False,
    drop_by_default: bool = False,
) -> bytes:
    """The `kind` file of `document` (results files: standings after the last round);
    `egd_pins` and `drop_by_default` apply to the ``.h9`` (see `export_go_file`)."""
    if kind is FileKind.XML:
        return write_opengotha(document)
    t = document.tournament
    if kind is FileKind.AGA:
        return write_aga(aga_results(t))
    table = results_table(t)
    if kind is FileKind.H9:
        return write_h9(table, drop_by_default=drop_by_default, pins=egd_pins)
    return write_tou(table)

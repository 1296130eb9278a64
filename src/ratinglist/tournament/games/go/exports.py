"""From a Go tournament and its standings to the results files' values (GO.md e-g).

The standings (order, shared places, criterion values, half-games of the players implied in
a game or a bye) come from `standings.go_standings`; this module adds the header (dates,
komi, time system, class), the h9 column titles and the AGA games.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Sequence
from html import escape

from ratinglist import __version__
from ratinglist.formats.go.aga_results import write_aga
from ratinglist.formats.go.egf_h9 import write_h9
from ratinglist.formats.go.ffg_tou import write_tou
from ratinglist.formats.go.half_game import parse_half_game
from ratinglist.formats.go.opengotha_document import OpenGothaDocument
from ratinglist.formats.go.opengotha_write import write_opengotha
from ratinglist.model.directed import GoStandingsView
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


def standings_csv(view: GoStandingsView) -> str:
    """The standings as CSV: place (``=`` when shared), number, name, rank, country, club,
    each placement criterion (OpenGotha's names), then each round's half-game as OpenGotha
    writes it (``12+/w3``: opponent's place, win, colour, handicap)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    played = max((len(line.rounds) for line in view.lines), default=0)
    writer.writerow(
        ["place", "number", "name", "rank", "country", "club", *view.criteria]
        + [f"r{k}" for k in range(1, played + 1)]
    )
    for line in view.lines:
        writer.writerow(
            [
                f"{line.place}{'=' if line.tied else ''}",
                line.player.shown_id,
                line.player.name,
                line.rank,
                line.country,
                line.club,
                *line.values,
                *line.rounds,
                *([""] * (played - len(line.rounds))),
            ]
        )
    return out.getvalue()


PAGE_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #111; }
table { border-collapse: collapse; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.5em; font-size: 0.9em; }
th { background: #eee; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
@media print {
  @page { size: A4 landscape; margin: 1cm; }
  body { margin: 0; font-size: 8pt; }
  th { background: none; }
  tr { page-break-inside: avoid; }
}
"""
"""The results page's own stylesheet: a file downloaded and opened anywhere, not a page of
the site (whose pages take no inline style)."""


def html_page(view: GoStandingsView) -> str:
    """The standings as one self-contained HTML page: place, player, rank, country, club,
    the placement criteria and each round's half-game (the cross table as OpenGotha prints
    it)."""
    played = max((len(line.rounds) for line in view.lines), default=0)
    heads = ["#", "Player", "Rank", "Country", "Club", *view.criteria]
    heads += [f"R{k}" for k in range(1, played + 1)]
    numeric = {0, *range(5, len(heads))}
    rows = []
    for line in view.lines:
        cells = [
            f"{line.place}{'=' if line.tied else ''}",
            f"{line.player.name} ({line.player.shown_id})",
            line.rank,
            line.country,
            line.club,
            *line.values,
            *line.rounds,
            *([""] * (played - len(line.rounds))),
        ]
        rows.append(
            "<tr>"
            + "".join(
                f'<td class="num">{escape(c)}</td>' if k in numeric else f"<td>{escape(c)}</td>"
                for k, c in enumerate(cells)
            )
            + "</tr>"
        )
    title = escape(view.tournament)
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title} - results</title>\n<style>{PAGE_STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{title}</h1>\n<p>Standings {escape(view.progress)}</p>\n"
        "<table>\n<thead><tr>"
        + "".join(f"<th>{escape(h)}</th>" for h in heads)
        + "</tr></thead>\n<tbody>\n"
        + "\n".join(rows)
        + "\n</tbody>\n</table>\n</body>\n</html>\n"
    )

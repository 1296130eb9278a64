"""Looking at a tournament and publishing it: show, slips, standings, explain, export, submit,
replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, open_db, open_tournament, user_errors
from ratinglist.cli.tournament.render import TournamentOption, num, round_table

if TYPE_CHECKING:
    from ratinglist.model.directed import GoStandingsView, ShownTable

BqRuleOption = typer.Option(
    "--bq-rule", help="Brightwell rule for byes and absences: standard (IFRL) or singapore."
)
RoundOpt = Annotated[
    int | None, typer.Argument(metavar="ROUND", help="Round (default: the last paired).")
]


def show(
    round_number: RoundOpt = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Print the pairings and results of a round, tables in board order (1 = top board).

    Example: ratinglist tournament show 3
    """
    with user_errors():
        from ratinglist.service.tournaments.views import show_round

        view = show_round(*open_tournament(db, tournament), round_number)
    console.print(round_table(view))


def slips(
    round_number: RoundOpt = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Print blank result slips of a round, one per table, to hand out before it starts.

    Example: ratinglist tournament slips 4 > round4-slips.txt
    """
    with user_errors():
        from ratinglist.service.tournaments.views import result_slips

        text = result_slips(*open_tournament(db, tournament), round_number)
    typer.echo(text, nl=False)


def standings(
    as_json: Annotated[bool, typer.Option("--json", metavar="", help="Print a JSON list.")] = False,
    class_name: Annotated[
        str | None,
        typer.Option("--class", help="female, youth, 50+, 60+, debutants or rating:LOW-HIGH."),
    ] = None,
    criteria: Annotated[
        str | None,
        typer.Option("--criteria", help="Go: placement criteria, e.g. MMS,SOSM,SOSOSM."),
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Print the standings (points, Brightwell quotient, discs; finals places first).

    Go: placement criteria (the tournament's or --criteria) and each round's half-game.
    Example: ratinglist tournament standings --class rating:1600-1800
    """
    with user_errors():
        from ratinglist.model.directed import GoStandingsView, StandingsView
        from ratinglist.service.tournaments.views import shown_standings
        from ratinglist.service.tournaments.views import standings as standings_of

        opened = open_tournament(db, tournament)
        view = standings_of(*opened, class_name, criteria)
        if not isinstance(view, StandingsView | GoStandingsView):
            # another game's standings: its own columns, as the pages show them
            _shown_standings(
                view.label, view.progress, shown_standings(*opened, class_name)[1], as_json
            )
            return
    if isinstance(view, GoStandingsView):
        _go_standings(view, as_json)
        return
    if as_json:
        out = [
            {
                "rank": line.place,
                "id": int(line.player.id) if line.player.id >= 0 else line.player.shown_id,
                "name": line.player.name,
                "country": line.country,
                "points": line.points,
                "bq": line.brightwell,
                "discs": line.discs,
            }
            for line in view.lines
        ]
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    table = Table(title=f"{view.label}: standings {view.progress}")
    for col in ("#", "ID", "name", "country", "points", "BQ", "discs"):
        table.add_column(col, justify="left" if col in ("name", "country") else "right")
    for line in view.lines:
        mark = " (withdrawn)" if line.withdrawn else ""
        table.add_row(
            str(line.place),
            line.player.shown_id,
            line.player.name + mark,
            line.country,
            num(line.points),
            num(line.brightwell),
            num(line.discs),
        )
    console.print(table)


def _shown_standings(label: str, progress: str, shown: ShownTable, as_json: bool) -> None:
    """Standings by the game's own columns (a game other than Othello and Go)."""
    names = [c.label for c in shown.columns]
    if as_json:
        out = [dict(zip(names, (c.text for c in row.cells), strict=True)) for row in shown.rows]
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    table = Table(title=f"{label}: standings {progress}")
    for name in names:
        table.add_column(name)
    for row in shown.rows:
        table.add_row(*(c.text for c in row.cells))
    console.print(table)


def _go_standings(view: GoStandingsView, as_json: bool) -> None:
    if as_json:
        out = [
            {
                "place": line.place,
                "id": int(line.player.id),
                "name": line.player.name,
                "rank": line.rank,
                "country": line.country,
                "club": line.club,
                **dict(zip(view.criteria, line.values, strict=True)),
                "rounds": list(line.rounds),
            }
            for line in view.lines
        ]
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    rounds = "round" if view.rounds == 1 else "rounds"
    table = Table(title=f"{view.tournament} after {view.rounds} {rounds}")
    for col in ("#", "ID", "name", "rank", "club", *view.criteria):
        table.add_column(col, justify="left" if col in ("name", "club") else "right")
    for n in range(1, view.rounds + 1):
        table.add_column(f"R{n}", justify="right")
    for line in view.lines:
        table.add_row(
            "" if line.tied else str(line.place),
            str(line.player.id),
            line.player.name,
            line.rank,
            line.club,
            *line.values,
            *line.rounds,
        )
    console.print(table)


GO_PART_LABELS = {
    "baseDuplicateGameCost": "duplicate",
    "baseRandomCost": "random",
    "baseBWBalanceCost": "colour",
    "mainCategoryCost": "category",
    "mainScoreDiffCost": "score",
    "mainDUDDCost": "DU/DD",
    "mainSeedCost": "seed",
    "secHandiCost": "handicap",
    "secGeoCost": "geo",
}
"""Short column titles for OpenGotha's cost part names (`--json` keeps the full names)."""


def explain(
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help="A paired Swiss round.")],
    pair: Annotated[
        list[str] | None,
        typer.Option("--pair", metavar="P1-P2", help="Go: also the cost of this pair, e.g. 3-5."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", metavar="", help="Print JSON.")] = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Show each pair's cost by criterion, and what the forced pairs cost in total.

    Go: OpenGotha's cost parts (higher is better) of each pair, and of the --pair
    alternatives asked about.
    Example: ratinglist tournament explain 5
    Example: ratinglist tournament explain 2 --pair 3-5 --pair 4-7
    """
    with user_errors():
        from ratinglist.errors import TournamentError
        from ratinglist.service.tournaments.views import explain as explain_round

        asked = []
        for text in pair or []:
            left, _, right = text.partition("-")
            if not (left.strip().isdigit() and right.strip().isdigit()):
                raise TournamentError(f"expected --pair as two player numbers P1-P2, got {text!r}")
            asked.append((int(left), int(right)))
        view = explain_round(*open_tournament(db, tournament), round_number, asked)
    if as_json:
        lines = [("round", p) for p in view.pairs] + [("asked", p) for p in view.asked]
        out = {
            "round": view.number,
            "total": view.total,
            "pairs": [
                {
                    "kind": kind,
                    "black": None if p.black is None else int(p.black.id),
                    "white": None if p.white is None else int(p.white.id),
                    "forced": p.forced,
                    **dict(p.parts),
                    "cost": p.cost,
                }
                for kind, p in lines
            ],
        }
        typer.echo(json.dumps(out))
        return
    names = [name for name, _ in view.pairs[0].parts] if view.pairs else []
    labels = [GO_PART_LABELS.get(name, name) for name in names]
    table = Table(title=f"Round {view.number}: cost by criterion ({view.preset})")
    table.add_column("Black", justify="left")
    table.add_column("White", justify="left")
    for label in labels:
        table.add_column(label, justify="right")
    table.add_column("cost", justify="right")
    for p in (*view.pairs, *view.asked):
        white = "BYE" if p.white is None else p.white.label
        mark = " [forced]" if p.forced else ""
        mark += " [asked]" if p in view.asked else ""
        table.add_row(p.black.label + mark, white, *(str(v) for _, v in p.parts), str(p.cost))
    console.print(table)
    typer.echo(f"total cost {view.total}")
    if view.forced_extra is not None:
        typer.echo(f"forced pairs cost {view.forced_extra} more than the best free pairing")


def export(
    elo: Annotated[Path | None, typer.Option("--elo", help="Write the .ELO results file.")] = None,
    html: Annotated[Path | None, typer.Option("--html", help="Write the HTML page.")] = None,
    csv_file: Annotated[Path | None, typer.Option("--csv", help="Write the standings CSV.")] = None,
    sheets: Annotated[
        Path | None, typer.Option("--sheets", help="Write one pairing sheet per round here.")
    ] = None,
    xml: Annotated[Path | None, typer.Option("--xml", help="Go: write OpenGotha's XML.")] = None,
    h9: Annotated[Path | None, typer.Option("--h9", help="Go: write the EGF .h9 file.")] = None,
    tou: Annotated[Path | None, typer.Option("--tou", help="Go: write the FFG .tou file.")] = None,
    aga: Annotated[Path | None, typer.Option("--aga", help="Go: write the AGA results.")] = None,
    egd_pins: Annotated[
        bool, typer.Option("--egd-pins", metavar="", help="Go: EGF PINs in the .h9 (|PIN).")
    ] = False,
    drop_by_default: Annotated[
        bool,
        typer.Option(
            "--drop-by-default", metavar="", help="Go: by-default games as not played in the .h9."
        ),
    ] = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Export the results file, the standings page, a CSV, pairing sheets; a Go tournament:
    OpenGotha's XML, the EGF .h9, the FFG .tou, the AGA results.

    Example: ratinglist tournament export --elo 20260314_EGP_Haarlem.ELO --html haarlem.html
    Example: ratinglist tournament export --xml paris.xml --h9 paris.h9
    """
    with user_errors():
        from ratinglist.service.tournaments.views import export as export_files

        chosen = {
            "elo": elo,
            "html": html,
            "csv": csv_file,
            "sheets": sheets,
            "xml": xml,
            "h9": h9,
            "tou": tou,
            "aga": aga,
        }
        flags = {"egd-pins": egd_pins, "drop-by-default": drop_by_default}
        done = export_files(
            *open_tournament(db, tournament),
            {kind: path for kind, path in chosen.items() if path is not None},
            frozenset(k for k, on in flags.items() if on),
        )
    for path in done.paths:
        typer.echo(f"wrote {path}")


def submit(
    to: Annotated[
        Path | None,
        typer.Option("--to", help="Also keep the submitted .ELO file in this folder."),
    ] = None,
    import_now: Annotated[
        bool,
        typer.Option(
            "--import-now",
            help="Import into the rating store at once instead of queueing for the rating "
            "officer (one person on one laptop).",
        ),
    ] = False,
    reason: Annotated[
        str | None,
        typer.Option(
            "--reason",
            help="Why it is submitted unfinished (a game without a result, rounds not "
            "played): required then, and sent with the file.",
        ),
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Send the tournament's .ELO file to the rating officer's queue (`ratinglist intake`)
    and close it; `reopen` opens it again. --import-now imports it at once instead. A
    tournament without results is refused; an unfinished one needs --reason.

    Example: ratinglist tournament submit --to archive/2026
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.views import submit as submit_tournament

        done = submit_tournament(
            *open_tournament(db, tournament),
            Actor.cli_user(),
            to,
            import_now=import_now,
            reason=reason,
        )
    if done.item is not None:
        typer.echo(f"submitted {done.name}: queue item {done.item}, {done.games} games")
    else:
        typer.echo(f"submitted {done.name}: {done.status}, {done.games} games")
    if done.kept is not None:
        typer.echo(f"kept a copy in {done.kept}")


def replay(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A .ELO results file or an OpenGotha .xml file.")
    ],
    bye_discs: Annotated[float, typer.Option("--bye-discs", help="Discs of a bye.")] = 40.0,
    bq_constant: Annotated[float, typer.Option("--bq-constant", help="Brightwell C.")] = 6.0,
    bq_rule: Annotated[str, BqRuleOption] = "standard",
    as_json: Annotated[bool, typer.Option("--json", metavar="", help="Print a JSON list.")] = False,
    criteria: Annotated[
        str | None,
        typer.Option("--criteria", help="Go: placement criteria (default: the file's)."),
    ] = None,
) -> None:
    """Rebuild a tournament from a results file and print its standings; an OpenGotha file
    is replayed through the engine's log (its placement criteria, or --criteria).

    Example: ratinglist tournament replay 20190331_23_Singapore_open.ELO --json
    Example: ratinglist tournament replay Tournoi_de_Juvisy.xml
    """
    if file.suffix.lower() == ".xml":
        with user_errors():
            from ratinglist.service.tournaments.files import replay_opengotha

            view = replay_opengotha(file, criteria)
        _go_standings(view, as_json)
        return
    with user_errors():
        from ratinglist.service.tournaments.views import replay as replay_file

        rows = replay_file(file, bye_discs=bye_discs, bq_constant=bq_constant, bq_rule=bq_rule)
    if as_json:
        typer.echo(json.dumps([r.to_dict() for r in rows]))
        return
    table = Table(title=f"{file.name}: replayed standings")
    for col in ("#", "ID", "name", "points", "BQ", "discs"):
        table.add_column(col, justify="left" if col == "name" else "right")
    for r in rows:
        table.add_row(str(r.rank), str(r.id), r.name, num(r.points), num(r.bq), num(r.discs))
    console.print(table)


def import_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="An OpenGotha .xml file.")],
    db: str | None = DbOption,
) -> None:
    """Store an OpenGotha tournament as a directed tournament (players, rounds, results); it
    becomes the default one, to go on pairing, entering results and exporting.

    Example: ratinglist tournament import Tournoi_de_Juvisy.xml
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.files import import_opengotha

        done = import_opengotha(open_db(db, create=True), file, Actor.cli_user())
    for line in done.diagnostics:
        typer.echo(line, err=True)
    typer.echo(
        f"imported tournament {done.id}: {done.name} ({done.players} players, "
        f"{done.rounds} rounds, {done.games} games, {done.events} events)"
    )

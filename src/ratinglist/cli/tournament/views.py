"""Looking at a tournament and publishing it: show, slips, standings, explain, export, submit,
replay (each game replays its own files: `cli.tournament.games`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, open_tournament, user_errors
from ratinglist.cli.tables import print_table
from ratinglist.cli.tournament.render import (
    AllRowsOption,
    TournamentOption,
    part_label,
    round_table,
    shown_table,
)

if TYPE_CHECKING:
    from ratinglist.model.directed import ShownTable

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
    all_rows: Annotated[bool, AllRowsOption] = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Print the standings (points, Brightwell quotient, discs; finals places first).

    Go: placement criteria (the tournament's or --criteria) and each round's half-game.
    Example: ratinglist tournament standings --class rating:1600-1800
    """
    with user_errors():
        from ratinglist.service.tournaments.views import shown_standings

        view, shown = shown_standings(*open_tournament(db, tournament), class_name, criteria)
    print_standings(view, shown, as_json, all_rows)


def print_standings(view: object, shown: ShownTable, as_json: bool, all_rows: bool = True) -> None:
    """Print standings by the renderer of the game whose view they are
    (``games/<name>/render.py``'s ``print_standings``), else as the game shows them."""
    from ratinglist.cli.tournament.games import game_folders
    from ratinglist.cli.tournament.render import game_renderer

    for folder in game_folders():
        own = game_renderer(folder.__name__.rsplit(".", 1)[-1], "print_standings")
        if own is not None and own(view, as_json, all_rows):
            return
    if as_json:
        heads = [c.label for c in shown.columns]
        rows = [dict(zip(heads, (c.text for c in r.cells), strict=True)) for r in shown.rows]
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    label = getattr(view, "label", "") or getattr(view, "tournament", "")
    title = f"{label}: standings {getattr(view, 'progress', '')}".rstrip()
    print_table(shown_table(title, shown), console, all_rows=all_rows)


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
        from ratinglist.errors import TournamentInputError
        from ratinglist.service.tournaments.views import explain as explain_round

        asked = []
        for text in pair or []:
            left, _, right = text.partition("-")
            if not (left.strip().isdigit() and right.strip().isdigit()):
                raise TournamentInputError(
                    f"expected --pair as two player numbers P1-P2, got {text!r}"
                )
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
    labels = [part_label(name) for name in names]
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


EXPORT_KINDS_HELP = (
    "Export kind of the tournament's game: Othello: elo, html, csv, sheets (a folder); "
    "Go: xml, h9, tou, aga, html, csv."
)


def export(
    kind: Annotated[str | None, typer.Argument(metavar="KIND", help=EXPORT_KINDS_HELP)] = None,
    path: Annotated[
        Path | None,
        typer.Argument(metavar="PATH", help="The file to write (a folder for sheets)."),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            metavar="NAME",
            help="An export option of the game (repeatable): Go: egd-pins, drop-by-default.",
        ),
    ] = None,
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
    """Export a file of the tournament: KIND among its game's exports (Othello: the results
    file, the standings page, a CSV, pairing sheets; Go: OpenGotha's XML, the EGF .h9, the FFG
    .tou, the AGA results, the page, a CSV). The flags --elo ... --aga do the same.

    Example: ratinglist tournament export elo 20260314_EGP_Haarlem.ELO
    Example: ratinglist tournament export h9 paris.h9 --option egd-pins
    Example: ratinglist tournament export --xml paris.xml --h9 paris.h9
    """
    with user_errors():
        from ratinglist.errors import TournamentInputError
        from ratinglist.service.tournaments.views import export as export_files

        if kind is not None and path is None:
            raise TournamentInputError(f"expected a PATH to write the {kind!r} export to, got none")
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
        wanted = {k: p for k, p in chosen.items() if p is not None}
        if kind is not None and path is not None:
            wanted[kind] = path
        flags = {"egd-pins": egd_pins, "drop-by-default": drop_by_default}
        options = frozenset(option or ()) | frozenset(k for k, on in flags.items() if on)
        done = export_files(*open_tournament(db, tournament), wanted, options)
    for written in done.paths:
        typer.echo(f"wrote {written}")


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
    with user_errors():
        from ratinglist.cli.tournament.games import replay_module

        game = replay_module(file)
    game.replay(
        file,
        bye_discs=bye_discs,
        bq_constant=bq_constant,
        bq_rule=bq_rule,
        as_json=as_json,
        criteria=criteria,
    )

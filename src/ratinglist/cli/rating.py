"""`ratinglist rate`, `list`, `diff`, `explain`: compute, show and compare rating lists."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import (
    DbOption,
    check_writable,
    cli_actor,
    console,
    open_db,
    user_errors,
    warn,
)
from ratinglist.cli.rating_systems import SystemOption, list_other, rate_other

if TYPE_CHECKING:
    from ratinglist.service.rating_lists import ListPage
    from ratinglist.service.rating_systems import Explained, WhrExplanation


def rate_command(
    as_of: Annotated[
        str | None,
        typer.Option(
            "--as-of", metavar="YYYY-MM-DD", help="Calculation date (weights count from it)."
        ),
    ] = None,
    exclude_sender: Annotated[
        str | None,
        typer.Option(
            "--exclude-sender",
            help="Leave out files whose %%Sender: matches this regex (case-insensitive).",
        ),
    ] = None,
    csv_file: Annotated[
        Path | None, typer.Option("--csv", help="Also write every rated player to this CSV.")
    ] = None,
    label: Annotated[str | None, typer.Option("--label", help="A name kept with the list.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    profile_name: Annotated[
        str,
        typer.Option(
            "--profile",
            help="exact: the converged maximum-likelihood list; wof: the list as the WOF "
            "computes it (files received by the date, early-stopped ascent).",
        ),
    ] = "exact",
    age_pause: Annotated[
        str | None,
        typer.Option(
            "--age-pause",
            help="FIRST:LAST (YYYY-MM-DD each): months in which game ages stood still, "
            "e.g. 2020-03-01:2022-02-28 for the pandemic.",
        ),
    ] = None,
    history: Annotated[
        bool, typer.Option("--history", help="Store a list at every month end (see --from).")
    ] = False,
    first: Annotated[
        str | None, typer.Option("--from", help="--history: first month YYYY-MM.")
    ] = None,
    last: Annotated[str | None, typer.Option("--to", help="--history: last month YYYY-MM.")] = None,
    every: Annotated[
        str, typer.Option("--every", help="--history: month, quarter or year.")
    ] = "month",
    system: SystemOption = "wof",
    db: str | None = DbOption,
    game_name: Annotated[
        str,
        typer.Option(
            "--game",
            metavar="othello|go",
            help="go: rate the Go archive (--system egf, the EGF GoR, by default) and print "
            "its players with ratings; nothing stored.",
        ),
    ] = "othello",
) -> None:
    """Compute the rating list as of a date, store it and print a summary.

    With --history, instead store the list as of the last day of every month from --from to
    --to (default: the months of the first and last rated game), each warm-started from the
    one before, skipping months stored before with the same inputs (parameters, sender
    exclusion, rated games up to the date); a progress bar shows the months.

    With the exact profile, tournaments whose first day is on or before --as-of take part;
    the wof profile takes the files received by --as-of (see `archive received`). Game
    weights count calendar months back from the month of --as-of. Games that a merge turned
    into a player against himself are left out with a note naming file and line. The CSV
    header is
    id,name,country,rating,margin,official,listed,games,last_played.

    With --system and another system than wof (the option lists them) the list of that system
    is computed and stored instead (see `ratinglist list --system`).

    With --game go the Go archive (`import --game go`) is rated tournament by tournament
    (--system egf: the EGF GoR as the EGD computes it, handicap and komi included; elo or
    glicko: those systems on Go games, handicap-aware; the option lists them) and its
    players are printed.

    Example: ratinglist rate --as-of 2026-05-12 --exclude-sender "rating committee" --csv list.csv
    Example: ratinglist rate --history --from 1980-01 --to 2026-05 --every month
    """
    from ratinglist.errors import RatingError
    from ratinglist.model.text import format_count, parse_day
    from ratinglist.service import shapes
    from ratinglist.service.rating_lists import compute_list, profile_by_name

    if game_name != "othello":
        from ratinglist.cli.tournament.games import archive_commands
        from ratinglist.errors import RatingError

        with user_errors():
            commands = archive_commands(game_name, "--game")
            othello_only = {
                "--as-of": as_of, "--exclude-sender": exclude_sender, "--csv": csv_file,
                "--label": label, "--age-pause": age_pause, "--history": history or None,
                "--from": first, "--to": last,
            }  # fmt: skip
            given = [name for name, value in othello_only.items() if value is not None]
            if given:
                raise RatingError(
                    f"expected no {', '.join(given)} with --game {game_name}: "
                    "the Go list is rated from the whole Go archive"
                )
        commands.rate_archive(system, db, as_json)
        return
    if history:
        from ratinglist.cli.history import run_history

        run_history(first, last, every, exclude_sender, label, as_json, profile_name, db)
        return
    with user_errors():
        if as_of is None:
            raise RatingError("expected --as-of YYYY-MM-DD (or --history), got none")
        day = parse_day(as_of)
        if csv_file is not None:
            check_writable(csv_file)
        profile = profile_by_name(profile_name)
        if age_pause is not None:
            pause_from, sep, pause_to = age_pause.partition(":")
            if not sep:
                raise RatingError(f"expected --age-pause FIRST:LAST, got {age_pause!r}")
            params = dataclasses.replace(
                profile.params, age_pause=(parse_day(pause_from), parse_day(pause_to))
            )
            profile = dataclasses.replace(profile, params=params)
    if system != "wof":
        rate_other(system, day, label=label, exclude_sender=exclude_sender, as_json=as_json, db=db)
        return
    with user_errors():
        done = compute_list(
            open_db(db),
            day,
            exclude_sender=exclude_sender,
            label=label,
            csv_path=csv_file,
            profile=profile,
            actor=cli_actor(),
        )
    for game in done.self_games:
        warn(game.format())
    summary = shapes.rate_summary(done)
    if as_json:
        typer.echo(json.dumps(summary))
        return
    table = Table(
        title=f"Rating list {done.info.id} as of {day.isoformat()} (profile {done.profile})"
    )
    table.add_column("what")
    table.add_column("value", justify="right")
    for key, value in summary.items():
        if key not in ("list_id", "as_of", "profile"):
            table.add_row(key, format_count(value) if isinstance(value, int) else f"{value:.2f}")
    console.print(table)
    if csv_file is not None:
        typer.echo(f"wrote {format_count(done.csv_rows)} rated players to {csv_file}")


def list_command(
    country: Annotated[
        str | None, typer.Option("--country", help="Only players of this country (code or name).")
    ] = None,
    continent: Annotated[
        str | None, typer.Option("--continent", help="Only players of this continent.")
    ] = None,
    official_only: Annotated[
        bool, typer.Option("--official-only", help="Only official ratings (margin < 200).")
    ] = False,
    limit: Annotated[
        int, typer.Option("--limit", min=0, help="At most this many players (0: all).")
    ] = 50,
    offset: Annotated[
        int, typer.Option("--offset", min=0, help="Skip this many players first (paging).")
    ] = 0,
    list_ref: Annotated[
        str | None, typer.Option("--list", help="A list id or as-of date (default: the latest).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON object.")] = False,
    system: SystemOption = "wof",
    db: str | None = DbOption,
) -> None:
    """Show a stored rating list: listed players by rating (place within the selection).

    With --system and another system than wof (the option lists them): the newest stored list
    of that system (or --list ID), with deviations and the Elo rank titles.

    Example: ratinglist list --continent Europe --official-only --limit 20
    """
    if system != "wof":
        list_other(system, list_ref, limit, as_json=as_json, db=db)
        return
    from ratinglist.service import shapes
    from ratinglist.service.rating_lists import list_page

    with user_errors():
        page = list_page(
            open_db(db),
            ref=list_ref,
            country=country,
            continent=continent,
            official_only=official_only,
            limit=limit or None,
            offset=offset,
        )
    if as_json:
        typer.echo(json.dumps(shapes.list_page(page)))
        return
    print_page(page)


def print_page(page: ListPage) -> None:
    """Print a list page as a table, with a note on unofficial ratings."""
    from ratinglist.model.text import format_count

    info = page.info
    table = Table(
        title=f"Rating list {info.id} as of {info.as_of.isoformat()} "
        f"({format_count(page.selected)})"
    )
    for column in ("place", "ID", "name", "country", "rating", "margin"):
        table.add_column(
            column,
            justify="left" if column in ("name", "country") else "right",
            no_wrap=column == "name",
        )
    for row in page.rows:
        e = row.entry
        table.add_row(
            str(row.place),
            str(e.player),
            row.name,
            row.country,
            f"{e.published}{'' if e.official else ' *'}",
            f"{e.margin:.0f}",
        )
    console.print(table)
    if any(not row.entry.official for row in page.rows):
        typer.echo("* not official (margin of error 200 or more)")


def diff_command(
    list_a: Annotated[str, typer.Argument(help="The earlier list: id or as-of date.")],
    list_b: Annotated[str, typer.Argument(help="The later list: id or as-of date.")],
    limit: Annotated[int, typer.Option("--limit", min=0, help="Rows per group (0: all).")] = 20,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON object.")] = False,
    db: str | None = DbOption,
) -> None:
    """Compare two stored lists: movers, newcomers, dropped, official status gained or lost.

    Example: ratinglist diff 2026-04-30 2026-05-31 --limit 10
    """
    from ratinglist.model.text import format_count
    from ratinglist.service import shapes
    from ratinglist.service.rating_lists import DIFF_GROUPS, compare_lists

    with user_errors():
        cmp = compare_lists(open_db(db), list_a, list_b, limit=limit or None)
    if as_json:
        typer.echo(json.dumps(shapes.comparison(cmp)))
        return
    a, b = cmp.before, cmp.after
    typer.echo(f"list {a.id} ({a.as_of.isoformat()}) -> list {b.id} ({b.as_of.isoformat()})")
    columns = ("id", "name", "country", "before", "after", "change")
    for name in DIFF_GROUPS:
        table = Table(title=f"{name.replace('_', ' ')} ({format_count(cmp.counts[name])})")
        for column in ("ID", "name", "country", "before", "after", "change"):
            table.add_column(column, justify="left" if column in ("name", "country") else "right")
        for change in cmp.groups[name]:
            row = shapes.named_change(change)
            table.add_row(
                *(
                    "" if row[k] is None else (f"{row[k]:+d}" if k == "change" else str(row[k]))
                    for k in columns
                )
            )
        console.print(table)


def explain_profiles_command(player: int, as_of: str, as_json: bool, db: str | None) -> None:
    """`explain PLAYER --profiles --as-of D`: the exact-to-wof difference by choice."""
    from ratinglist.model.text import parse_day
    from ratinglist.service import shapes
    from ratinglist.service.rating_lists import explain_profiles_of

    with user_errors():
        day = parse_day(as_of)
        found = explain_profiles_of(open_db(db), player, day)
    if as_json:
        typer.echo(json.dumps(shapes.profile_comparison(player, found)))
        return
    result = found.result

    def points(value: float | None, sign: str = "") -> str:
        return "not rated" if value is None else f"{value:{sign}.1f}"

    table = Table(
        title=f"{player} {found.name} {found.country} as of {found.as_of.isoformat()}: exact "
        f"{points(result.start)} -> wof {points(result.end)}"
    )
    table.add_column("choice")
    table.add_column("rating", justify="right")
    table.add_column("points", justify="right")
    for step in result.steps:
        table.add_row(step.choice, points(step.rating), points(step.part, "+"))
    table.add_row("total", "", points(result.total, "+"))
    console.print(table)


def explain_system_command(
    player: int, name: str, as_of: str, as_json: bool, db: str | None
) -> None:
    """`explain PLAYER --system wof-map --as-of D`: the prior and the games' pull (whr,
    whr-bayes: the player's months, `explain_whr`)."""
    from ratinglist.model.text import parse_day
    from ratinglist.service.rating_systems import WhrExplanation, explain_system_player

    with user_errors():
        found = explain_system_player(open_db(db), name, player, parse_day(as_of))
    if isinstance(found, WhrExplanation):
        explain_whr(found, name, as_json)
        return
    games = _games_json(found)
    if as_json:
        head = _head(found, name) | {
            "prior_mean": found.prior_mean,
            "prior_deviation": found.prior_deviation,
            "half_life_months": found.half_life,
            "weighted_score": found.weighted_score,
            "weighted_expected": found.weighted_expected,
            "games_pull": found.gap,
        }
        typer.echo(json.dumps(head | {"games": games}))
        return
    console.print(
        f"{player} as of {found.as_of.isoformat()} under {name}: {found.rating:.1f} "
        f"(deviation {found.deviation:.1f}) = prior mean {found.prior_mean:.1f} "
        f"+ games' pull {found.gap:+.1f}\n"
        f"pull = {found.prior_deviation:.0f}^2 / {found.points_per_unit:.2f} x (weighted score "
        f"{found.weighted_score:.3f} - weighted expected {found.weighted_expected:.3f}); a "
        f"game's weight halves every {found.half_life:g} months"
    )
    console.print(_games_table(found))


def _head(found: Explained, name: str) -> dict[str, object]:
    return {
        "player": found.player,
        "system": name,
        "as_of": found.as_of.isoformat(),
        "rating": found.rating,
        "deviation": found.deviation,
    }


def _games_json(found: Explained) -> list[dict[str, object]]:
    return [
        {
            "day": g.day.isoformat(),
            "opponent": g.opponent,
            "opponent_rating": g.opponent_rating,
            "score": g.score,
            "expected": g.expected,
            "weight": g.weight,
        }
        for g in found.games
    ]


def _games_table(found: Explained) -> Table:
    table = Table(title="games, newest first")
    for column in ("day", "opponent", "their rating", "score", "expected", "weight"):
        table.add_column(column, justify="right")
    for g in found.games:
        table.add_row(
            g.day.isoformat(),
            str(g.opponent),
            f"{g.opponent_rating:.1f}",
            f"{g.score:g}",
            f"{g.expected:.3f}",
            f"{g.weight:.3f}",
        )
    return table


def explain_whr(found: WhrExplanation, name: str, as_json: bool) -> None:
    """Print a WHR explanation: the player's months (rating, deviation, games, score,
    expected, the neighbours' balance) and their games, newest first."""
    months = [
        {
            "month": m.month.strftime("%Y-%m"),
            "rating": m.rating,
            "deviation": m.deviation,
            "games": m.games,
            "score": m.score,
            "expected": m.expected,
            "balance": m.balance,
        }
        for m in found.months
    ]
    games = _games_json(found)
    if as_json:
        head = _head(found, name) | {
            "w2": found.w2,
        }
        typer.echo(json.dumps(head | {"months": months, "games": games}))
        return
    console.print(
        f"{found.player} as of {found.as_of.isoformat()} under {name}: {found.rating:.1f} "
        f"(deviation {found.deviation:.1f}), the rating of their latest month.\n"
        f"A rating may move by about sqrt({found.w2:g}) points a month; each month's score "
        "minus expected is balanced by the pull of the months around it (the balance column)."
    )
    table = Table(title="months")
    for column in ("month", "rating", "deviation", "games", "score", "expected", "balance"):
        table.add_column(column, justify="right")
    for m in found.months:
        table.add_row(
            m.month.strftime("%Y-%m"),
            f"{m.rating:.1f}",
            f"{m.deviation:.1f}",
            str(m.games),
            f"{m.score:g}",
            f"{m.expected:.3f}",
            f"{m.balance:+.3f}",
        )
    console.print(table)
    console.print(_games_table(found))


def explain_command(
    player: Annotated[int, typer.Argument(help="The player's ID.")],
    list_a: Annotated[
        str | None, typer.Option("--from", help="The earlier list: id or as-of date.")
    ] = None,
    list_b: Annotated[
        str | None, typer.Option("--to", help="The later list: id or as-of date.")
    ] = None,
    profiles: Annotated[
        bool,
        typer.Option(
            "--profiles", help="Split the difference between the exact and the wof profile."
        ),
    ] = False,
    as_of: Annotated[
        str | None, typer.Option("--as-of", help="With --profiles: the list date YYYY-MM-DD.")
    ] = None,
    system_name: Annotated[
        str | None,
        typer.Option(
            "--system",
            help="With --as-of: explain the rating under this system (wof-map: its prior, "
            "games and their weights; whr, whr-bayes: the player's months and games).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON object.")] = False,
    db: str | None = DbOption,
) -> None:
    """Split a player's rating change into own new games, aging weights, and everyone else.

    Recomputes four lists from the stored games with the later list's parameters and sender
    exclusion: aging (same games, later month), own new games, others' new games; the three
    parts sum to the change. With --profiles --as-of D instead: the player's difference
    between the exact and the wof profile, one part per choice of the wof profile (files
    received, generated senders, duplicates, list overrides, method), summing to the total.

    With --system wof-map --as-of D: the player's wof-map rating as the prior's mean plus the
    games' pull (prior deviation^2 / points per unit x (weighted score - weighted expected)),
    game by game with each weight. With --system whr or whr-bayes --as-of D: the player's
    rating of each month with games, each month's score minus expected and the pull of the
    months around it that balances it, then the games.

    Example: ratinglist explain 4012 --from 2026-04-30 --to 2026-05-31
    """
    if system_name is not None:
        if as_of is None or profiles or list_a is not None or list_b is not None:
            raise typer.BadParameter(
                "expected --as-of (and no --from/--to/--profiles) with --system"
            )
        explain_system_command(player, system_name, as_of, as_json, db)
        return
    if profiles:
        if as_of is None or list_a is not None or list_b is not None:
            raise typer.BadParameter("expected --as-of (and no --from/--to) with --profiles")
        explain_profiles_command(player, as_of, as_json, db)
        return
    if list_a is None or list_b is None:
        raise typer.BadParameter("expected both --from and --to (or --profiles --as-of)")
    from ratinglist.model.text import format_count
    from ratinglist.service import shapes
    from ratinglist.service.rating_lists import explain_player

    with user_errors():
        found = explain_player(open_db(db), player, list_a, list_b)
    if as_json:
        typer.echo(json.dumps(shapes.explanation(found)))
        return
    r = found.result
    table = Table(title=f"{player} {found.name} {found.country}: {r.before:.1f} -> {r.after:.1f}")
    table.add_column("part")
    table.add_column("points", justify="right")
    table.add_row(f"(a) own new games ({format_count(r.own_games)})", f"{r.new_games:+.1f}")
    table.add_row("(b) weights aging (everyone's games)", f"{r.aging:+.1f}")
    table.add_row(
        f"(c) everyone else's new games ({format_count(r.other_games)})", f"{r.others:+.1f}"
    )
    table.add_row("total", f"{r.total:+.1f}")
    console.print(table)

"""`ratinglist rate`, `list`, `diff`, `explain`: compute, show and compare rating lists."""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, database_url, user_errors
from ratinglist.cli.rating_systems import SystemOption, list_other, rate_other
from ratinglist.errors import RatingError, StoreError
from ratinglist.model import Player, PlayerId
from ratinglist.rating import Change, RatingEntry, diff_lists, explain_change
from ratinglist.registry.countries import Continent, find_country
from ratinglist.store import (
    ComputedList,
    RatingListInfo,
    Store,
    all_players,
    compute_rating_list,
    find_rating_list,
    latest_rating_list,
    load_game_arrays,
    load_rating_entries,
    open_store,
)

CSV_HEADER = (
    "id",
    "name",
    "country",
    "rating",
    "margin",
    "official",
    "listed",
    "games",
    "last_played",
)
"""The exact header of `ratinglist rate --csv`."""


def _open(db: str | None) -> Store:
    return open_store(database_url(db))


def country_code(text: str) -> str:
    """The registry code of a country spelling (``NL`` -> ``NLD``); unknown text unchanged."""
    found = find_country(text)
    return found.code if found is not None else text


def parse_continent(text: str) -> Continent:
    """A continent by name, case and separators ignored (``europe``, ``north-america``).

    Raises:
        RatingError: no continent has this name.
    """
    key = " ".join(text.replace("-", " ").replace("_", " ").split()).casefold()
    for continent in Continent:
        if continent.value.casefold() == key:
            return continent
    names = ", ".join(c.value for c in Continent)
    raise RatingError(f"expected a continent ({names}), got {text!r}")


def parse_day(text: str) -> dt.date:
    """A date written YYYY-MM-DD.

    Raises:
        RatingError: anything else.
    """
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError as exc:
        raise RatingError(f"expected a date YYYY-MM-DD, got {text!r}") from exc


def _players(store: Store) -> dict[int, Player]:
    return {int(p.id): p for p in all_players(store, include_merged=True)}


def _name(players: dict[int, Player], pid: int) -> tuple[str, str]:
    player = players.get(pid)
    if player is None:
        return "", ""
    return player.name, country_code(player.country)


def write_rating_csv(
    out: io.TextIOBase | Any, entries: tuple[RatingEntry, ...], players: dict[int, Player]
) -> None:
    """Write one row per rated player under `CSV_HEADER`, by decreasing rating."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for e in sorted(entries, key=lambda e: (-e.rating, e.player)):
        name, country = _name(players, int(e.player))
        writer.writerow(
            (
                int(e.player),
                name,
                country,
                f"{e.rating:.1f}",
                f"{e.margin:.1f}",
                int(e.official),
                int(e.listed),
                e.games,
                e.last_played.isoformat(),
            )
        )


def rate_summary(done: ComputedList) -> dict[str, Any]:
    """The JSON summary of `ratinglist rate --json`."""
    info = done.info
    return {
        "list_id": info.id,
        "as_of": info.as_of.isoformat(),
        "games": info.game_count,
        "rated": info.rated,
        "listed": info.listed,
        "official": info.official,
        "excluded_files": done.excluded_files,
        "profile": done.profile,
        "iterations": info.iterations,
        "seconds": round(done.seconds, 3),
    }


def rate_command(
    as_of: Annotated[
        str | None,
        typer.Option("--as-of", help="Calculation date YYYY-MM-DD (weights count from it)."),
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
    history_from: Annotated[
        str | None, typer.Option("--from", help="--history: first month YYYY-MM.")
    ] = None,
    history_to: Annotated[
        str | None, typer.Option("--to", help="--history: last month YYYY-MM.")
    ] = None,
    every: Annotated[
        str, typer.Option("--every", help="--history: month, quarter or year.")
    ] = "month",
    system: SystemOption = "wof",
    db: str | None = DbOption,
) -> None:
    """Compute the rating list as of a date, store it and print a summary.

    With --history, instead store the list as of the last day of every month from --from to
    --to (default: the months of the first and last rated game), each warm-started from the
    one before, skipping months stored before with the same inputs (parameters, sender
    exclusion, rated games up to the date); a progress bar shows the months.

    With the exact profile, tournaments whose first day is on or before --as-of take part;
    the wof profile takes the files received by --as-of (see `tournaments received`). Game
    weights count calendar months back from the month of --as-of. The CSV header is
    id,name,country,rating,margin,official,listed,games,last_played.

    With --system elo|glicko2|whr|egf the list of that system is computed and stored instead
    (see `ratinglist list --system`).

    Example: ratinglist rate --as-of 2026-05-12 --exclude-sender "rating committee" --csv list.csv
    Example: ratinglist rate --history --from 1980-01 --to 2026-05 --every month
    """
    from ratinglist.rating.profile import profile_by_name

    if history:
        from ratinglist.cli.history import run_history

        run_history(
            history_from, history_to, every, exclude_sender, label, as_json, profile_name, db
        )
        return
    with user_errors():
        if as_of is None:
            raise RatingError("expected --as-of YYYY-MM-DD (or --history), got none")
        day = parse_day(as_of)
        profile = profile_by_name(profile_name)
        if age_pause is not None:
            first, sep, last = age_pause.partition(":")
            if not sep:
                raise RatingError(f"expected --age-pause FIRST:LAST, got {age_pause!r}")
            params = dataclasses.replace(
                profile.params, age_pause=(parse_day(first), parse_day(last))
            )
            profile = dataclasses.replace(profile, params=params)
    if system != "wof":
        rate_other(system, day, label=label, exclude_sender=exclude_sender, as_json=as_json, db=db)
        return
    with user_errors():
        store = _open(db)
        try:
            done = compute_rating_list(
                store, day, exclude_sender=exclude_sender, label=label, profile=profile
            )
            if csv_file is not None:
                entries = done.ratings.entries
                try:
                    with csv_file.open("w", encoding="utf-8", newline="") as out:
                        write_rating_csv(out, entries, _players(store))
                except OSError as exc:
                    raise StoreError(
                        f"cannot write the CSV file '{csv_file}': {exc.strerror or exc}"
                    ) from exc
        finally:
            store.close()
    summary = rate_summary(done)
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
            table.add_row(key, f"{value:,}" if isinstance(value, int) else f"{value:.2f}")
    console.print(table)
    if csv_file is not None:
        typer.echo(f"wrote {len(done.ratings):,} rated players to {csv_file}")


def _list_info(store: Store, ref: str | None) -> RatingListInfo:
    return latest_rating_list(store) if ref is None else find_rating_list(store, ref)


def select_entries(
    entries: tuple[RatingEntry, ...],
    players: dict[int, Player],
    *,
    country: str | None = None,
    continent: Continent | None = None,
    official_only: bool = False,
) -> list[RatingEntry]:
    """The listed entries by decreasing rating (ties by ID), filtered by the player's country
    (any spelling the registry knows), continent and official flag."""
    wanted = None if country is None else country_code(country)
    chosen = []
    for e in sorted(entries, key=lambda e: (-e.rating, e.player)):
        if not e.listed or (official_only and not e.official):
            continue
        player = players.get(int(e.player))
        home = find_country(player.country) if player is not None else None
        code = home.code if home is not None else (player.country if player else "")
        if wanted is not None and code != wanted:
            continue
        if continent is not None and (home is None or home.continent is not continent):
            continue
        chosen.append(e)
    return chosen


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
    list_ref: Annotated[
        str | None, typer.Option("--list", help="A list id or as-of date (default: the latest).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON object.")] = False,
    system: SystemOption = "wof",
    db: str | None = DbOption,
) -> None:
    """Show a stored rating list: listed players by rating (rank within the selection).

    With --system elo|glicko2|whr|egf: the newest stored list of that system (or --list ID),
    with deviations and the Elo rank titles.

    Example: ratinglist list --continent Europe --official-only --limit 20
    """
    if system != "wof":
        list_other(system, list_ref, limit, as_json=as_json, db=db)
        return
    with user_errors():
        chosen_continent = None if continent is None else parse_continent(continent)
        if country is not None and find_country(country) is None:
            raise RatingError(f"expected a country code or name such as 'FRA', got {country!r}")
        store = _open(db)
        try:
            info = _list_info(store, list_ref)
            entries = load_rating_entries(store, info.id)
            players = _players(store)
        finally:
            store.close()
    chosen = select_entries(
        entries,
        players,
        country=country,
        continent=chosen_continent,
        official_only=official_only,
    )
    shown = chosen if limit == 0 else chosen[:limit]
    rows = []
    for rank, e in enumerate(shown, start=1):
        name, code = _name(players, int(e.player))
        rows.append(
            {
                "rank": rank,
                "id": int(e.player),
                "name": name,
                "country": code,
                "rating": e.published,
                "margin": round(e.margin, 1),
                "official": e.official,
                "games": e.games,
                "last_played": e.last_played.isoformat(),
            }
        )
    if as_json:
        head = {"id": info.id, "as_of": info.as_of.isoformat(), "selected": len(chosen)}
        typer.echo(json.dumps({"list": head, "players": rows}))
        return
    table = Table(title=f"Rating list {info.id} as of {info.as_of.isoformat()} ({len(chosen):,})")
    for column in ("rank", "ID", "name", "country", "rating", "margin"):
        table.add_column(
            column,
            justify="left" if column in ("name", "country") else "right",
            no_wrap=column == "name",
        )
    for row in rows:
        official = "" if row["official"] else " *"
        table.add_row(
            str(row["rank"]),
            str(row["id"]),
            str(row["name"]),
            str(row["country"]),
            f"{row['rating']}{official}",
            f"{row['margin']:.0f}",
        )
    console.print(table)
    if any(not row["official"] for row in rows):
        typer.echo("* not official (margin of error 200 or more)")


def _change_row(change: Change, players: dict[int, Player]) -> dict[str, Any]:
    name, code = _name(players, int(change.player))
    before, after = change.before, change.after
    return {
        "id": int(change.player),
        "name": name,
        "country": code,
        "before": None if before is None else before.published,
        "after": None if after is None else after.published,
        "change": change.published_change,
        "official": None if after is None else after.official,
    }


DIFF_GROUPS = ("movers", "newcomers", "dropped", "became_official", "lost_official")


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
    with user_errors():
        store = _open(db)
        try:
            info_a = find_rating_list(store, list_a)
            info_b = find_rating_list(store, list_b)
            result = diff_lists(
                load_rating_entries(store, info_a.id), load_rating_entries(store, info_b.id)
            )
            players = _players(store)
        finally:
            store.close()
    groups = {name: getattr(result, name) for name in DIFF_GROUPS}
    if as_json:
        payload: dict[str, Any] = {
            "from": {"id": info_a.id, "as_of": info_a.as_of.isoformat()},
            "to": {"id": info_b.id, "as_of": info_b.as_of.isoformat()},
            "counts": {name: len(group) for name, group in groups.items()},
        }
        for name, group in groups.items():
            shown = group if limit == 0 else group[:limit]
            payload[name] = [_change_row(c, players) for c in shown]
        typer.echo(json.dumps(payload))
        return
    typer.echo(
        f"list {info_a.id} ({info_a.as_of.isoformat()}) -> list {info_b.id} "
        f"({info_b.as_of.isoformat()})"
    )
    for name, group in groups.items():
        table = Table(title=f"{name.replace('_', ' ')} ({len(group):,})")
        for column in ("ID", "name", "country", "before", "after", "change"):
            table.add_column(column, justify="left" if column in ("name", "country") else "right")
        for c in group if limit == 0 else group[:limit]:
            row = _change_row(c, players)
            table.add_row(
                *(
                    "" if row[k] is None else (f"{row[k]:+d}" if k == "change" else str(row[k]))
                    for k in ("id", "name", "country", "before", "after", "change")
                )
            )
        console.print(table)


def explain_profiles_command(player: int, as_of: str, as_json: bool, db: str | None) -> None:
    """`explain PLAYER --profiles --as-of D`: the exact-to-wof difference by choice."""
    from ratinglist.rating.profile_explain import explain_profiles
    from ratinglist.store import select_game_arrays

    with user_errors():
        day = parse_day(as_of)
        store = _open(db)
        try:
            result = explain_profiles(
                lambda profile: select_game_arrays(store, day, profile=profile)[0],
                PlayerId(player),
                day,
            )
            name, code = _name(_players(store), player)
        finally:
            store.close()
    if as_json:
        payload = {
            "player": player,
            "name": name,
            "as_of": day.isoformat(),
            "exact": result.start,
            "wof": result.end,
            "total": result.total,
            "parts": [
                {"choice": step.choice, "rating": step.rating, "part": step.part}
                for step in result.steps
            ],
        }
        typer.echo(json.dumps(payload))
        return

    def points(value: float | None, sign: str = "") -> str:
        return "not rated" if value is None else f"{value:{sign}.1f}"

    table = Table(
        title=f"{player} {name} {code} as of {day.isoformat()}: exact {points(result.start)} "
        f"-> wof {points(result.end)}"
    )
    table.add_column("choice")
    table.add_column("rating", justify="right")
    table.add_column("points", justify="right")
    for step in result.steps:
        table.add_row(step.choice, points(step.rating), points(step.part, "+"))
    table.add_row("total", "", points(result.total, "+"))
    console.print(table)


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
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON object.")] = False,
    db: str | None = DbOption,
) -> None:
    """Split a player's rating change into own new games, aging weights, and everyone else.

    Recomputes four lists from the stored games with the later list's parameters and sender
    exclusion: aging (same games, later month), own new games, others' new games; the three
    parts sum to the change. With --profiles --as-of D instead: the player's difference
    between the exact and the wof profile, one part per choice of the wof profile (files
    received, generated senders, duplicates, list overrides, method), summing to the total.

    Example: ratinglist explain 4012 --from 2026-04-30 --to 2026-05-31
    """
    if profiles:
        if as_of is None or list_a is not None or list_b is not None:
            raise typer.BadParameter("expected --as-of (and no --from/--to) with --profiles")
        explain_profiles_command(player, as_of, as_json, db)
        return
    if list_a is None or list_b is None:
        raise typer.BadParameter("expected both --from and --to (or --profiles --as-of)")
    with user_errors():
        store = _open(db)
        try:
            info_a = find_rating_list(store, list_a)
            info_b = find_rating_list(store, list_b)
            games = load_game_arrays(store, info_b.as_of, exclude_sender=info_b.exclude_sender)
            name, code = _name(_players(store), player)
        finally:
            store.close()
        result = explain_change(games, PlayerId(player), info_a.as_of, info_b.as_of, info_b.params)
    parts = {
        "new_games": result.new_games,
        "aging": result.aging,
        "others": result.others,
    }
    if as_json:
        payload = {
            "player": player,
            "name": name,
            "from": {"id": info_a.id, "as_of": info_a.as_of.isoformat(), "rating": result.before},
            "to": {"id": info_b.id, "as_of": info_b.as_of.isoformat(), "rating": result.after},
            "total": result.total,
            **parts,
            "own_games": result.own_games,
            "other_games": result.other_games,
        }
        typer.echo(json.dumps(payload))
        return
    table = Table(title=f"{player} {name} {code}: {result.before:.1f} -> {result.after:.1f}")
    table.add_column("part")
    table.add_column("points", justify="right")
    table.add_row(f"(a) own new games ({result.own_games:,})", f"{result.new_games:+.1f}")
    table.add_row("(b) weights aging (everyone's games)", f"{result.aging:+.1f}")
    table.add_row(
        f"(c) everyone else's new games ({result.other_games:,})", f"{result.others:+.1f}"
    )
    table.add_row("total", f"{result.total:+.1f}")
    console.print(table)

"""`ratinglist evaluate`: score rating systems by how well they predict the archive's games."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from ratinglist.cli.common import DbOption, cli_actor, console, err_console, open_db, user_errors

if TYPE_CHECKING:
    from ratinglist.service.evaluation import (
        Evaluation,
        EvaluationReport,
        PairedDifference,
        Scores,
        SystemReport,
    )


def _scores(scores: Scores) -> dict[str, Any]:
    return {
        "games": scores.games,
        "log_loss": scores.log_loss,
        "brier": scores.brier,
        "accuracy": scores.accuracy,
    }


def _ordering(report: SystemReport) -> dict[str, Any] | None:
    o = report.list_ordering
    if o is None:
        return None
    return {
        "games": o.games,
        "share": o.share,
        "own_games": o.own_games,
        "own_share": o.own_share,
    }


def _apart(report: EvaluationReport, system: str) -> dict[str, Any] | None:
    """One system's scores in another evaluation of the contest (a window, the frozen
    months): its months, scores, list ordering, fitted values, difference to the best."""
    found = next((s for s in report.systems + report.variants if s.system == system), None)
    if found is None:
        return None
    paired = dict(found.paired).get("overall")
    return {
        "fit_from": report.fit_start.isoformat(),
        "from": report.start.isoformat(),
        "to": report.end.isoformat(),
        **_scores(found.overall),
        "by_group": {group: _scores(s) for group, s in found.by_group},
        "list_ordering": _ordering(found),
        "temperatures": dict(found.temperatures),
        "fitted": dict(found.fitted),
        "difference": None
        if paired is None or paired.games == 0
        else {
            "against": paired.against,
            "difference": paired.difference,
            "low": paired.low,
            "high": paired.high,
        },
    }


def _system(report: SystemReport, done: Evaluation | None = None) -> dict[str, Any]:
    budget = report.search_budget
    contest = done.contest if done is not None else None
    return {
        "system": report.system,
        **_scores(report.overall),
        "calibration": {
            "method": report.calibration_method,
            "bands": "the fewer earlier games of the game's two players",
            "temperatures": dict(report.temperatures),
        },
        "search_budget": None
        if budget is None
        else {
            "main": budget.main,
            "newcomer_options": budget.newcomer_options,
            "configurations": budget.configurations,
        },
        "configurations_tried": None if budget is None else budget.configurations,
        "list_ordering": _ordering(report),
        "gain_vs_official": None
        if report.gain is None or report.gain.games == 0
        else {
            "against": report.gain.against,
            "games": report.gain.games,
            "difference": report.gain.difference,
            "low": report.gain.low,
            "high": report.gain.high,
        },
        "windows": []
        if contest is None
        else [w for _, r in contest.windows if (w := _apart(r, report.system)) is not None],
        "frozen": None
        if contest is None
        else {
            "after": contest.frozen.date.isoformat(),
            **(
                {"games": 0}
                if contest.after is None
                else (_apart(contest.after, report.system) or {"games": 0})
            ),
        },
        "by_year": {str(year): _scores(s) for year, s in report.by_year},
        "by_group": {group: _scores(s) for group, s in report.by_group},
        "calibration_bins": [
            {
                "low": b.low,
                "high": b.high,
                "games": b.games,
                "predicted": b.predicted,
                "observed": b.observed,
            }
            for b in report.calibration
        ],
        "fitted": dict(report.fitted),
        "paired": {
            group: {
                "against": d.against,
                "games": d.games,
                "difference": d.difference,
                "low": d.low,
                "high": d.high,
            }
            for group, d in report.paired
        },
        "calibration_error": dict(report.calibration_error),
        "by_band": {
            kind: {label: _scores(s) for label, s in labels} for kind, labels in report.by_band
        },
        "reliability": {
            group: [
                {"predicted": b.predicted, "observed": b.observed, "games": b.games} for b in bins
            ]
            for group, bins in report.reliability
        },
        "stability": {str(year): rho for year, rho in report.stability},
        "drift": {str(year): mean for year, mean in report.drift},
        "seconds": report.seconds,
    }


def evaluation_json(done: Evaluation) -> dict[str, Any]:
    """The `--json` object: ``systems`` (one object per system) and the rest of the report."""
    report = done.report
    facts = report.facts
    return {
        "from": report.start.isoformat(),
        "to": report.end.isoformat(),
        "fit_from": report.fit_start.isoformat(),
        "games": report.games,
        "systems": [_system(s, done) for s in report.systems],
        "variants": [_system(s, done) for s in report.variants],
        "contest": None
        if done.contest is None
        else {
            "frozen_date": done.contest.frozen.date.isoformat(),
            "frozen_rules": dict(done.contest.frozen.rules),
            "windows": [w.label() for w, _ in done.contest.windows],
        },
        "facts": {
            "games": facts.games,
            "draw_rate": facts.draw_rate,
            "coloured_games": facts.coloured_games,
            "black_score": facts.black_score,
            "black_advantage_points": facts.black_advantage,
        },
        "plots": [str(p) for p in done.plots],
        "load_seconds": round(done.load_seconds, 3),
        "seconds": round(done.seconds, 3),
    }


def _table(done: Evaluation) -> Table:
    report = done.report
    table = Table(
        title=f"Predictions {report.start:%Y-%m} to {report.end:%Y-%m} ({report.games:,} games; "
        f"fitted on {report.fit_start:%Y-%m} to {report.start:%Y-%m} excluded)"
    )
    for name in ("system", "log-loss", "Brier", "accuracy", "newcomer LL", "top LL", "fitted", "s"):
        table.add_column(name, justify="left" if name in ("system", "fitted") else "right")
    for s in report.systems + report.variants:
        groups = dict(s.by_group)
        table.add_row(
            s.system,
            f"{s.overall.log_loss:.4f}",
            f"{s.overall.brier:.4f}",
            f"{s.overall.accuracy:.4f}",
            f"{groups['newcomer'].log_loss:.4f}" if "newcomer" in groups else "",
            f"{groups['top'].log_loss:.4f}" if "top" in groups else "",
            _fitted_text(s.fitted),
            f"{s.seconds:.1f}",
        )
    return table


def _contest_table(done: Evaluation) -> Table:
    """Per system: configurations tried, its list's ordering score, log-loss per fit window
    and on the frozen months."""
    contest = done.contest
    windows = [] if contest is None else list(contest.windows)
    after = None if contest is None else contest.after
    frozen = "" if contest is None else f"after {contest.frozen.date:%Y-%m-%d}"
    table = Table(title="The contest: same calibration and budget, fit windows, frozen months")
    for name in ("system", "tried", "list order"):
        table.add_column(name, justify="left" if name == "system" else "right")
    for window, _ in windows:
        table.add_column(f"{window.label().split(', ')[1]}", justify="right")
    table.add_column(frozen or "frozen", justify="right")
    for s in done.report.systems:
        order = s.list_ordering
        cells = [
            s.system,
            "" if s.search_budget is None else str(s.search_budget.configurations),
            "" if order is None else f"{order.share:.4f}",
        ]
        for _, report in windows:
            found = next((r for r in report.systems if r.system == s.system), None)
            cells.append("" if found is None else f"{found.overall.log_loss:.4f}")
        kept = (
            None
            if after is None
            else next((r for r in after.systems if r.system == s.system), None)
        )
        cells.append("" if kept is None else f"{kept.overall.log_loss:.4f}")
        table.add_row(*cells)
    return table


def _fitted_text(fitted: tuple[tuple[str, float], ...]) -> str:
    """The fitted values; the values refitted each year (named ``key_YYYY``) as their range."""
    fixed = [f"{k}={v:.4g}" for k, v in fitted if not _YEARLY.search(k)]
    yearly: dict[str, list[float]] = {}
    for k, v in fitted:
        if found := _YEARLY.search(k):
            yearly.setdefault(k[: found.start()], []).append(v)
    rolled = [f"{k} yearly {min(v):.4g}..{max(v):.4g}" for k, v in yearly.items()]
    return ", ".join(fixed + rolled)


_YEARLY = re.compile(r"_\d{4}$")


def _paired_table(done: Evaluation) -> Table:
    """Each system's log-loss minus the best's, with the 95% bootstrap interval."""
    systems = done.report.systems
    best = dict(systems[0].paired)["overall"].against if systems and systems[0].paired else ""
    table = Table(title=f"Log-loss minus {best}'s (95% interval, bootstrap over tournaments)")
    table.add_column("system")
    for group in ("overall", "newcomer", "established"):
        table.add_column(group, justify="right")
    for s in systems:
        paired = dict(s.paired)
        table.add_row(
            s.system,
            *(
                _interval(paired[g]) if g in paired else ""
                for g in ("overall", "newcomer", "established")
            ),
        )
    return table


def _strength_table(done: Evaluation) -> Table | None:
    """Each system's log-loss per strength band (None when no system has the bands)."""
    rows = [(s.system, dict(dict(s.by_band).get("strength", ()))) for s in done.report.systems]
    labels = list(dict.fromkeys(label for _, bands in rows for label in bands))
    if not labels:
        return None
    table = Table(title="Log-loss by strength band (the stronger player's place in the list)")
    table.add_column("system")
    for label in labels:
        table.add_column(label, justify="right")
    for name, bands in rows:
        table.add_row(
            name,
            *(
                f"{bands[x].log_loss:.4f} ({bands[x].games:,})"
                if x in bands and bands[x].games
                else ""
                for x in labels
            ),
        )
    return table


def _interval(d: PairedDifference) -> str:
    if d.games == 0:
        return ""
    return f"{d.difference:+.4f} [{d.low:+.4f}, {d.high:+.4f}]"


def evaluate_command(
    start: Annotated[
        str | None, typer.Option("--from", help="First month scored, YYYY-MM (Othello).")
    ] = None,
    end: Annotated[
        str | None, typer.Option("--to", help="Last month scored, YYYY-MM (Othello).")
    ] = None,
    systems: Annotated[
        str | None,
        typer.Option(
            "--systems",
            help="Comma-separated systems to evaluate (default: every one but whr-map).",
        ),
    ] = None,
    fit_months: Annotated[
        int,
        typer.Option("--fit-months", min=1, help="Months before --from that fit parameters."),
    ] = 60,
    refit_years: Annotated[
        int | None,
        typer.Option(
            "--refit-years",
            help="Each January, every fitted system re-chooses its newcomer entry on the games "
            "of this many years before (default 5; 0: the fit months' entry throughout).",
        ),
    ] = None,
    plots: Annotated[
        Path | None,
        typer.Option(
            "--plots",
            help="Write the calibration and per-year charts, and a reliability diagram per "
            "group, here.",
        ),
    ] = None,
    plot_format: Annotated[str, typer.Option("--plot-format", help="svg, png or pdf.")] = "svg",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            help="Replay the systems in this many processes, whole systems in each (default: "
            "the CPUs this process may use, at most 3); the report is the same.",
        ),
    ] = None,
    window_years: Annotated[
        int | None,
        typer.Option(
            "--window-years",
            help="Also score windows of this many years, each refitted on the fit months "
            "before it (default 5; 0: none).",
        ),
    ] = None,
    store: Annotated[
        bool,
        typer.Option(
            "--store",
            help="Store the report for the site's evidence page (/evidence; with --game go: "
            "/go/evidence).",
        ),
    ] = False,
    db: str | None = DbOption,
    game_name: Annotated[
        str,
        typer.Option(
            "--game",
            metavar="othello|go",
            help="go: the contest on the Go archive's games (`import --game go`).",
        ),
    ] = "othello",
    fit_until: Annotated[
        str | None,
        typer.Option(
            "--fit-until",
            metavar="YYYY-MM-DD",
            help="--game go: games before this day fit, the later ones are scored "
            "(default: the day of the middle game).",
        ),
    ] = None,
) -> None:
    """Replay the archive month by month and score each rating system's predictions.

    Each month's games are predicted from the games strictly before it (log-loss, Brier
    score, accuracy; overall, per year, per group, by band: games played, layoff, pool and
    strength, the stronger player's place in the system's list), the same games for every
    system. The
    -fitted systems search their newcomer entry and main parameters on the fit months; each
    system's log-loss is compared with the best's, with a 95% interval from a bootstrap
    over tournaments. With --refit-years N (default 5), at the first month scored and each
    January after, each fitted system re-chooses its newcomer entry (main parameters held)
    by log-loss on the N years before, as a federation would refit it each year.
    With --workers N the systems are replayed in N processes (each system whole in one),
    so the evaluation takes about the time of the costliest group.

    With --store the report is kept in the database and the site's evidence page shows it.

    The contest is fair (issue 37): every system gets the same calibration (four
    temperatures by the fewer earlier games of a game's players, fitted on the fit months)
    and the same search (four main candidates times five newcomer entries); each list is
    also scored on its own (the share of next month's decisive games won by the player
    listed higher); --window-years N (default 5) scores windows of N years, each refitted
    on the months before it; the months after the contest's frozen date are scored apart.

    With --game go, the Go archive's systems (egf, elo, glicko) predict each Go game from
    the tournaments before its day, with the same search budget and calibration, fitted
    before --fit-until; the report names the lowest log-loss with its interval by
    tournament and each system's difference from the EGF GoR (groups: newcomers,
    established, handicap, dan, kyu); with --store the site's /go/evidence shows it.

    Example: ratinglist evaluate --from 2005-01 --to 2026-05 --plots charts --store
    Example: ratinglist evaluate --game go --json
    """
    if game_name != "othello":
        from ratinglist.cli.tournament.games import archive_commands
        from ratinglist.errors import InputError as GameInputError

        with user_errors():
            commands = archive_commands(game_name, "--game")
            othello_only = {
                "--from": start, "--to": end, "--systems": systems, "--plots": plots,
                "--refit-years": refit_years, "--workers": workers,
            }  # fmt: skip
            given = [name for name, value in othello_only.items() if value is not None]
            if given:
                raise GameInputError(
                    f"expected no {', '.join(given)} with --game {game_name} "
                    "(its systems, fit window and budget are its own: see --fit-until)"
                )
        commands.evaluate_archive(fit_until, db, as_json, store=store)
        return
    from ratinglist.errors import InputError
    from ratinglist.service.evaluation import (
        DEFAULT_SYSTEMS,
        REFIT_YEARS,
        WINDOW_YEARS,
        default_workers,
        evaluate_archive,
        parse_month,
    )
    from ratinglist.service.evidence import store_evaluation

    with user_errors():
        if start is None or end is None:
            raise InputError("expected --from and --to (YYYY-MM) for Othello's evaluation")
        if fit_until is not None:
            raise InputError("expected --fit-until only with --game go (Othello: --fit-months)")
        names = (
            DEFAULT_SYSTEMS
            if systems is None
            else tuple(s.strip() for s in systems.split(",") if s.strip())
        )
        for month in (start, end):  # a bad month is refused before the database is opened
            parse_month(month)
        handle = open_db(db, create=True)
        bar = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            TimeElapsedColumn(),
            console=err_console,
            transient=True,
        )
        task = bar.add_task("evaluating", total=None)

        def progress(label: str) -> None:
            bar.update(task, description=f"evaluating {label}")

        with bar:
            done = evaluate_archive(
                handle,
                start,
                end,
                systems=names,
                fit_months=fit_months,
                plots=plots,
                plot_format=plot_format,
                workers=default_workers() if workers is None else workers,
                refit_years=REFIT_YEARS if refit_years is None else refit_years or None,
                window_years=WINDOW_YEARS if window_years is None else window_years,
                progress=progress,
            )
        stored = (
            store_evaluation(handle, evaluation_json(done), actor=cli_actor()) if store else None
        )
    if stored is not None and not as_json:
        console.print(f"stored as evaluation {stored}: the site's /evidence page shows it")
    if as_json:
        typer.echo(json.dumps(evaluation_json(done), indent=2))
        return
    console.print(_table(done))
    console.print(_paired_table(done))
    console.print(_contest_table(done))
    strength = _strength_table(done)
    if strength is not None:
        console.print(strength)
    facts = done.report.facts
    console.print(
        f"draw rate {facts.draw_rate:.2%} of {facts.games:,} games; Black known in "
        f"{facts.coloured_games:,} games, Black scored {facts.black_score:.2%}, fitted Black "
        f"advantage {facts.black_advantage:+.1f} WOF points"
    )
    for path in done.plots:
        console.print(f"wrote {path}")


def publish_evidence_command(
    report: Annotated[
        Path, typer.Argument(help="A report written by `ratinglist evaluate --json`.")
    ],
    db: str | None = DbOption,
) -> None:
    """Store an evaluation report (the JSON of `ratinglist evaluate --json`) for the site's
    evidence page (/evidence), which shows the newest stored report.

    Example: ratinglist evaluate --from 2005-01 --to 2026-05 --json > report.json &&
    ratinglist publish-evidence report.json
    """
    from ratinglist.errors import InputError
    from ratinglist.service.evidence import store_evaluation_file

    with user_errors():
        try:
            text = report.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"{report}: expected a readable UTF-8 JSON file ({exc})") from exc
        stored = store_evaluation_file(
            open_db(db, create=False), text, actor=cli_actor(), source=str(report)
        )
    console.print(f"stored as evaluation {stored}: the site's /evidence page shows it")

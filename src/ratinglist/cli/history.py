"""`ratinglist rate --history`: compute and store a list at every month end of a span."""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING, Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ratinglist.cli.common import err_console, open_db, print_figures, user_errors
from ratinglist.errors import RatingError

if TYPE_CHECKING:
    from ratinglist.service.rating_history import HistoryProgress, HistoryResult

EVERY_CHOICES = ("month", "quarter", "year")

_MONTH = re.compile(r"(\d{4})-(\d{2})(?:-(\d{2}))?")


def parse_month(text: str, option: str) -> dt.date:
    """The first day of the month written ``YYYY-MM`` (a full date ``YYYY-MM-DD`` is taken
    for its month).

    Raises:
        RatingError: anything else.
    """
    found = _MONTH.fullmatch(text.strip())
    if found is None or not 1 <= int(found.group(2)) <= 12:
        raise RatingError(f"expected {option} as a month YYYY-MM, got {text!r}")
    return dt.date(int(found.group(1)), int(found.group(2)), 1)


def history_summary(result: HistoryResult) -> dict[str, Any]:
    """The JSON summary of `ratinglist rate --history --json`."""
    from ratinglist.service.rating_history import MonthStatus

    computed = [m for m in result.months if m.status is MonthStatus.COMPUTED]
    return {
        "from": result.months[0].as_of.isoformat() if result.months else None,
        "to": result.months[-1].as_of.isoformat() if result.months else None,
        "dates": len(result.months),
        "computed": len(computed),
        "unchanged": result.count(MonthStatus.UNCHANGED),
        "not_ratable": result.count(MonthStatus.NOT_RATABLE),
        "list_ids": [m.list_id for m in computed],
        "iterations": sum(m.iterations for m in computed),
        "seconds": round(result.seconds, 3),
    }


def run_history(
    first: str | None,
    last: str | None,
    every: str,
    exclude_sender: str | None,
    label: str | None,
    as_json: bool,
    profile: str,
    db: str | None,
) -> None:
    """The body of `rate --history`: parse, compute with a progress bar, print a summary."""
    from ratinglist.service.actor import Actor
    from ratinglist.service.rating_history import Every, HistoryRequest, compute_history

    with user_errors():
        if profile != "exact":
            raise RatingError(
                "expected --profile exact with --history (the only history so far), "
                f"got {profile!r}"
            )
        if every not in EVERY_CHOICES:
            raise RatingError(f"expected --every {'|'.join(EVERY_CHOICES)}, got {every!r}")
        request = HistoryRequest(
            first=None if first is None else parse_month(first, "--from"),
            last=None if last is None else parse_month(last, "--to"),
            every=Every(every),
            exclude_sender=exclude_sender,
            label=label or "history",
        )
        with Progress(
            TextColumn("[bold]rating history"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.description}"),
            TimeElapsedColumn(),
            console=err_console,
            transient=True,
            disable=as_json,
        ) as bar:
            task = bar.add_task("loading games", total=None)

            def advance(step: HistoryProgress) -> None:
                month = step.month
                bar.update(
                    task,
                    total=step.total,
                    completed=step.done,
                    description=f"{month.as_of:%Y-%m} {month.status.value}",
                )

            result = compute_history(open_db(db), request, Actor.cli_user(), progress=advance)
    summary = history_summary(result)
    print_figures(
        summary,
        ("dates", "computed", "unchanged", "not_ratable", "iterations", "seconds"),
        f"Rating history {summary['from']} to {summary['to']}",
        as_json=as_json,
    )

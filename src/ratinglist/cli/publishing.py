"""`ratinglist publish`, `unpublish`: make stored rating lists public or withdraw them.

One list by id or date, or a range of month ends (`--from`, `--to`, `--every`) in one
transaction: the monthly history behind the site's charts, "why" and `/diff`.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from ratinglist.cli.common import DbOption, open_db, user_errors
from ratinglist.errors import InputError

if TYPE_CHECKING:
    from ratinglist.service.publishing import RangePublication

ListArgument = Annotated[
    str | None,
    typer.Argument(help="The list: id or as-of date YYYY-MM-DD (or give --from and --to)."),
]
FromOption = Annotated[
    str | None,
    typer.Option("--from", help="First month YYYY-MM of a range of month-end lists."),
]
ToOption = Annotated[
    str | None, typer.Option("--to", help="Last month YYYY-MM of a range of month-end lists.")
]
EveryOption = Annotated[
    str, typer.Option("--every", help="Step of the range: month, quarter or year.")
]
SkipMissingOption = Annotated[
    bool,
    typer.Option(
        "--skip-missing",
        help="Leave out month ends with no stored list (default: refuse and change nothing).",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print a JSON summary.")]


def _report(list_id: int, as_of: str, changed: bool, published: bool) -> None:
    state = "published" if published else "unpublished"
    if changed:
        typer.echo(f"rating list {list_id} as of {as_of} {state}")
    else:
        typer.echo(f"rating list {list_id} as of {as_of} was already {state}; nothing changed")


def _report_range(done: RangePublication, published: bool, as_json: bool) -> None:
    state = "published" if published else "unpublished"
    changed = [c for c in done.changes if c.changed]
    summary = {
        "state": state,
        "lists": len(done.changes),
        "changed": len(changed),
        "unchanged": len(done.changes) - len(changed),
        "first": done.changes[0].as_of.isoformat() if done.changes else None,
        "last": done.changes[-1].as_of.isoformat() if done.changes else None,
        "missing": [day.isoformat() for day in done.missing],
    }
    if as_json:
        typer.echo(json.dumps(summary, indent=2))
        return
    if not done.changes:
        typer.echo(f"no stored list in the range; nothing {state}")
    else:
        typer.echo(
            f"{len(changed)} rating lists {state} from {summary['first']} to {summary['last']} "
            f"({summary['unchanged']} already {state})"
        )
    if done.missing:
        typer.echo(f"{len(done.missing)} month ends have no stored list (left out)")


def _run(
    list_ref: str | None,
    first: str | None,
    last: str | None,
    every: str,
    skip_missing: bool,
    as_json: bool,
    db: str | None,
    published: bool,
) -> None:
    from ratinglist.cli.history import EVERY_CHOICES, parse_month
    from ratinglist.service.actor import Actor
    from ratinglist.service.publishing import publish_list, publish_range, unpublish_list

    with user_errors():
        ranged = first is not None or last is not None
        if ranged == (list_ref is not None):
            raise InputError("expected either a list (id or date) or --from and --to, not both")
        if ranged:
            if first is None or last is None:
                raise InputError("expected both --from and --to for a range of lists")
            if every not in EVERY_CHOICES:
                raise InputError(f"expected --every {'|'.join(EVERY_CHOICES)}, got {every!r}")
            step = {"month": 1, "quarter": 3, "year": 12}[every]
            start, end = parse_month(first, "--from"), parse_month(last, "--to")
            done = publish_range(
                open_db(db),
                start,
                end,
                step,
                Actor.cli_user(),
                published=published,
                skip_missing=skip_missing,
            )
            _report_range(done, published, as_json)
            return
        assert list_ref is not None
        change = publish_list if published else unpublish_list
        one = change(open_db(db), list_ref, Actor.cli_user())
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "list": one.list_id,
                    "as_of": one.as_of.isoformat(),
                    "published": one.published,
                    "changed": one.changed,
                },
                indent=2,
            )
        )
    else:
        _report(one.list_id, one.as_of.isoformat(), one.changed, one.published)


def publish_command(
    list_ref: ListArgument = None,
    first: FromOption = None,
    last: ToOption = None,
    every: EveryOption = "month",
    skip_missing: SkipMissingOption = False,
    as_json: JsonOption = False,
    db: str | None = DbOption,
) -> None:
    """Publish stored rating lists: the website shows published lists only.

    One list by id or date, or every month end of a range in one transaction (compute them
    first with `ratinglist rate --history`). Records who published them
    ($RATINGLIST_USER, else the login name) and when.

    Examples: ratinglist publish 2026-05-31;
    ratinglist publish --from 1980-01 --to 2026-05 --every month
    """
    _run(list_ref, first, last, every, skip_missing, as_json, db, published=True)


def unpublish_command(
    list_ref: ListArgument = None,
    first: FromOption = None,
    last: ToOption = None,
    every: EveryOption = "month",
    skip_missing: SkipMissingOption = False,
    as_json: JsonOption = False,
    db: str | None = DbOption,
) -> None:
    """Withdraw stored rating lists from the website (the lists stay stored).

    One list by id or date, or every month end of a range in one transaction. Records who
    withdrew them and when.

    Example: ratinglist unpublish 2026-05-31
    """
    _run(list_ref, first, last, every, skip_missing, as_json, db, published=False)

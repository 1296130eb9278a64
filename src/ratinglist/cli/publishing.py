"""`ratinglist publish`, `unpublish`: make a stored rating list public or withdraw it."""

from __future__ import annotations

from typing import Annotated

import typer

from ratinglist.cli.common import DbOption, database_url, user_errors

ListArgument = Annotated[str, typer.Argument(help="The list: id or as-of date YYYY-MM-DD.")]


def _report(list_id: int, as_of: str, changed: bool, published: bool) -> None:
    state = "published" if published else "unpublished"
    if changed:
        typer.echo(f"rating list {list_id} as of {as_of} {state}")
    else:
        typer.echo(f"rating list {list_id} as of {as_of} was already {state}; nothing changed")


def publish_command(list_ref: ListArgument, db: str | None = DbOption) -> None:
    """Publish a stored rating list: the website shows published lists only.

    Records who published it ($RATINGLIST_USER, else the login name) and when.

    Example: ratinglist publish 2026-05-31
    """
    from ratinglist.service.actor import Actor
    from ratinglist.service.publishing import publish_list

    with user_errors():
        done = publish_list(database_url(db), list_ref, Actor.cli_user())
    _report(done.list_id, done.as_of.isoformat(), done.changed, done.published)


def unpublish_command(list_ref: ListArgument, db: str | None = DbOption) -> None:
    """Withdraw a published rating list from the website (the list stays stored).

    Records who withdrew it and when.

    Example: ratinglist unpublish 2026-05-31
    """
    from ratinglist.service.actor import Actor
    from ratinglist.service.publishing import unpublish_list

    with user_errors():
        done = unpublish_list(database_url(db), list_ref, Actor.cli_user())
    _report(done.list_id, done.as_of.isoformat(), done.changed, done.published)

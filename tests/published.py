"""Test helper: store and publish a WOF rating list giving chosen players chosen ratings."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.publishing import publish_list
from ratinglist.store import open_store
from ratinglist.store.rating_lists import save_list


def store_ratings(url: str, as_of: str, ratings: Mapping[int, float], publish: bool = True) -> None:
    """Store a WOF list of date `as_of` rating each player of `ratings` as given (every one
    listed and official), and publish it unless `publish` is False."""
    values = {
        "as_of": dt.date.fromisoformat(as_of),
        "computed_at": dt.datetime.now(dt.UTC),
        "label": f"list {as_of}",
        "computed_by": "cli:test",
        "parameters": {},
        "exclude_sender": None,
        "game_count": 10,
        "rated": len(ratings),
        "listed": len(ratings),
        "official": len(ratings),
        "unrated": 0,
        "iterations": 1,
        "max_residual": 0.0,
    }
    last = dt.date.fromisoformat(as_of)
    entries = [(pid, r, 50.0, True, True, 20, last, None, None) for pid, r in ratings.items()]
    store = open_store(url)
    try:
        with store.begin() as conn:
            save_list(conn, values, entries)
        if publish:
            publish_list(store, as_of, Actor(ActorKind.CLI, "publisher"))
    finally:
        store.close()

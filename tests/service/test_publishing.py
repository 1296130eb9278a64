"""Publishing a stored list: flag, time, actor, the log, and the lists the site shows."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from ratinglist.errors import NotFoundError
from ratinglist.rating import EuropeanParams, GameArrays, RatingList, rate
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.publishing import (
    latest_published_list,
    list_publications,
    publish_list,
    published_lists,
    unpublish_list,
)
from ratinglist.store import Store, open_store
from ratinglist.store.rating_lists import save_list

ALICE = Actor(ActorKind.CLI, "alice")
BOB = Actor(ActorKind.WEB, "bob")


def save_rating_list(store: Store, ratings: RatingList, game_count: int) -> None:
    """Store `ratings` as a list (the rows `ratinglist rate` writes, without countries)."""
    entries = [
        (pid, r, m, o, li, g, dt.date.fromordinal(d), None, None)
        for pid, r, m, o, li, g, d in zip(
            ratings.players.tolist(),
            ratings.ratings.tolist(),
            ratings.margins.tolist(),
            ratings.official.tolist(),
            ratings.listed.tolist(),
            ratings.games.tolist(),
            ratings.last_day.tolist(),
            strict=True,
        )
    ]
    values = {
        "as_of": ratings.as_of,
        "computed_at": dt.datetime.now(dt.UTC),
        "label": None,
        "computed_by": "cli:test",
        "parameters": ratings.params.to_dict(),
        "exclude_sender": None,
        "game_count": game_count,
        "rated": len(ratings),
        "listed": int(ratings.listed.sum()),
        "official": int(ratings.official.sum()),
        "unrated": len(ratings.unrated),
        "iterations": ratings.iterations,
        "max_residual": float(ratings.max_residual),
    }
    with store.begin() as conn:
        save_list(conn, values, entries)


@pytest.fixture()
def store(db_url: str) -> Iterator[Store]:
    opened = open_store(db_url)
    day = dt.date(2026, 1, 10).toordinal()
    games = GameArrays.from_arrays([1, 2, 3, 1], [2, 3, 1, 3], [1.0, 1.0, 1.0, 0.5], [day] * 4)
    for as_of in (dt.date(2026, 1, 31), dt.date(2026, 2, 28), dt.date(2026, 3, 31)):
        save_rating_list(opened, rate(games, EuropeanParams(), as_of), game_count=4)
    yield opened
    opened.close()


def test_nothing_is_published_at_first(store: Store) -> None:
    assert published_lists(store) == ()
    with pytest.raises(NotFoundError, match="expected a published rating list, got none"):
        latest_published_list(store)


@pytest.mark.both_backends
def test_publish_by_date_or_id_records_actor_and_time(store: Store) -> None:
    before = dt.datetime.now(dt.UTC)
    done = publish_list(store, "2026-02-28", ALICE)
    assert (done.list_id, done.published, done.changed) == (2, True, True)
    publish_list(store, "1", BOB)
    lists = published_lists(store)
    assert [(p.id, p.as_of, p.published_by) for p in lists] == [
        (1, dt.date(2026, 1, 31), "web:bob"),
        (2, dt.date(2026, 2, 28), "cli:alice"),
    ]
    assert all(before <= p.published_at <= dt.datetime.now(dt.UTC) for p in lists)
    assert lists[0].rated == 3 and lists[0].game_count == 4
    assert latest_published_list(store).id == 2


def test_unpublish_withdraws_and_the_log_keeps_both_actions(store: Store) -> None:
    publish_list(store, "2026-03-31", ALICE)
    assert latest_published_list(store).as_of == dt.date(2026, 3, 31)
    done = unpublish_list(store, "3", BOB)
    assert (done.published, done.changed) == (False, True)
    assert published_lists(store) == ()
    log = list_publications(store, "3")
    assert [(e.action, e.actor) for e in log] == [
        ("published", "cli:alice"),
        ("unpublished", "web:bob"),
    ]
    assert log[0].at <= log[1].at


def test_repeating_a_state_changes_nothing(store: Store) -> None:
    assert not unpublish_list(store, "1", ALICE).changed
    assert publish_list(store, "1", ALICE).changed
    assert not publish_list(store, "1", BOB).changed
    assert published_lists(store)[0].published_by == "cli:alice"
    assert len(list_publications(store, "1")) == 1


def test_unknown_lists_are_errors(store: Store) -> None:
    with pytest.raises(NotFoundError, match="as of 2026-04-30, got none"):
        publish_list(store, "2026-04-30", ALICE)
    with pytest.raises(NotFoundError, match=r"\b9\b"):
        unpublish_list(store, "9", ALICE)

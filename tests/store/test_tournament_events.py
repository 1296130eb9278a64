"""Directed tournaments in the store: create, append in order, load, find, conflicts."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect

from ratinglist.errors import ConflictError, NotFoundError
from ratinglist.model import PlayerId
from ratinglist.store import Store, current_revision, head_revision, open_store
from ratinglist.store.tournament_events import (
    append_event,
    create_tournament,
    find_directed,
    list_directed,
    load_events,
    set_status,
)
from ratinglist.tournament.events import Created, Registered, Settings, Undone, Withdrawn
from ratinglist.tournament.fold import fold

SETTINGS = Settings(name="Utrecht Open", country="NLD", start="2026-01-14", seed=5)


def test_migration_0002_adds_the_tables(store: Store) -> None:
    assert current_revision(store) == head_revision()
    tables = set(inspect(store.engine).get_table_names())
    assert {"td_tournaments", "tournament_events"} <= tables


def test_log_is_stored_in_order_and_folds_back(store: Store) -> None:
    tid = create_tournament(store, Created(SETTINGS))
    events = [
        Registered(PlayerId(4012), "DE GRAAF", "Jan", "NLD", 1750),
        Registered(PlayerId(120005), "VOS", "Bram", "NLD", new=True),
        Withdrawn(PlayerId(4012), 1),
        Undone(),
    ]
    for k, e in enumerate(events, start=2):
        assert append_event(store, tid, e) == k
    loaded = load_events(store, tid)
    assert loaded == (Created(SETTINGS), *events)
    d = fold(loaded)
    assert d.play.state.withdrawn_from(PlayerId(4012)) is None
    assert d.play.new_players == {PlayerId(120005)}


def test_append_refuses_a_log_that_changed_meanwhile(store: Store) -> None:
    tid = create_tournament(store, Created(SETTINGS))
    append_event(store, tid, Registered(PlayerId(1), "A", "B", "NLD"), expected_seq=1)
    with pytest.raises(ConflictError, match="changed meanwhile"):
        append_event(store, tid, Registered(PlayerId(2), "C", "D", "NLD"), expected_seq=1)
    assert len(load_events(store, tid)) == 2
    with pytest.raises(NotFoundError, match="unknown id 99"):
        append_event(store, 99, Undone())


def test_find_by_name_id_or_most_recent(store: Store) -> None:
    with pytest.raises(NotFoundError, match="got none"):
        find_directed(store, None)
    first = create_tournament(store, Created(SETTINGS))
    other = Settings(name="Haarlem", country="NLD", start="2026-03-14")
    second = create_tournament(store, Created(other))
    assert find_directed(store, None).id == second
    assert find_directed(store, "utrecht open").id == first
    assert find_directed(store, str(first)).name == "Utrecht Open"
    with pytest.raises(NotFoundError, match="unknown 'Nowhere'"):
        find_directed(store, "Nowhere")
    set_status(store, first, "submitted")
    assert [(i.name, i.status, i.events) for i in list_directed(store)] == [
        ("Haarlem", "running", 1),
        ("Utrecht Open", "submitted", 1),
    ]


def test_log_survives_reopening(db_url: str) -> None:
    url = db_url
    with open_store(url) as s:
        tid = create_tournament(s, Created(SETTINGS))
        append_event(s, tid, Registered(PlayerId(7), "SEVEN", "Sam", "NLD"))
    with open_store(url) as again:
        assert len(load_events(again, tid)) == 2

"""Issue 19, items 6 and 8: entrants' ratings from the published list in force on the
tournament's date; a director's new players get temporary identifiers (``NEW1``) that the ID
officer replaces by a real ID in the tournament and its results file; namesakes are a choice;
undoing the action that created an ID releases it."""

from __future__ import annotations

import pytest

from ratinglist.errors import NotFoundError, TournamentError
from ratinglist.formats.elo_reader import read_elo_bytes
from ratinglist.model.directed import NewSettings, ResultSpec
from ratinglist.model.player import NamesakeConflict
from ratinglist.registry.countries import get_country
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.intake import fix_id
from ratinglist.service.registry import add_player
from ratinglist.service.tournaments.actions import new_tournament, pair, register_players, undo
from ratinglist.service.tournaments.results import enter_result
from ratinglist.service.tournaments.temporary_ids import assign_id, pending_ids
from ratinglist.service.tournaments.views import download, show_round, submit
from ratinglist.store import open_store
from ratinglist.store.players import all_players, get_player
from ratinglist.store.tournament_events import find_directed, load_events
from ratinglist.tournament.fold import fold
from ratinglist.tournament.folded import FoldedTournament
from tests.conftest import handle, number_of
from tests.published import store_ratings

TD = Actor(ActorKind.WEB, "director")
OFFICER = Actor(ActorKind.WEB, "officer")
DAY = "2026-03-10"


def _list(db: str, as_of: str, ratings: dict[int, float], publish: bool) -> None:
    store_ratings(db, as_of, ratings, publish)


def _players(db: str) -> dict[str, int]:
    """Three registered players (with a stored players-list rating that must not be used)."""
    ids = {}
    for surname, first in (("TASTET", "Marc"), ("LAZARD", "Emmanuel"), ("DE GRAAF", "Jan")):
        added = add_player(handle(db), surname, first, "FRA", actor=OFFICER)
        assert added.player is not None
        ids[surname] = int(added.player.id)
    return ids


def _tournament(db: str, name: str = "Temp Open", country: str = "NLD") -> str:
    settings = NewSettings(name=name, country=country, start=DAY, rounds=3, seed=5)
    return str(new_tournament(handle(db), settings, TD).id)


def _log(db: str, tid: str) -> FoldedTournament:
    store = open_store(db)
    try:
        return fold(load_events(store, find_directed(store, tid).id))
    finally:
        store.close()


def test_entrant_rating_is_the_published_list_in_force_on_the_tournament_date(db: str) -> None:
    ids = _players(db)
    t, lz = ids["TASTET"], ids["LAZARD"]
    _list(db, "2026-01-31", {t: 2100.4, lz: 1800.0}, publish=True)
    _list(db, "2026-02-28", {t: 2150.6, lz: 1790.2}, publish=True)  # in force on 2026-03-10
    _list(db, "2026-03-05", {t: 2500.0, lz: 1000.0}, publish=False)  # never published
    _list(db, "2026-03-31", {t: 2200.0, lz: 1700.0}, publish=True)  # after the tournament
    tid = _tournament(db)
    register_players(
        handle(db), number_of(handle(db), tid), [str(t), str(lz), str(ids["DE GRAAF"])], TD
    )
    d = _log(db, tid)
    rated = {p.player: (p.rating, p.rating_list) for p in d.play.people}
    # 2150.6 rounds to 2151, 1790.2 to 1790; DE GRAAF is in no list: unrated
    assert rated == {
        t: (2151, "2026-02-28"),
        lz: (1790, "2026-02-28"),
        ids["DE GRAAF"]: (None, "2026-02-28"),
    }
    assert {e.id: e.rating for e in d.play.state.entrants} == {
        t: 2151,
        lz: 1790,
        ids["DE GRAAF"]: None,
    }


def test_without_a_published_list_entrants_are_unrated(db: str) -> None:
    ids = _players(db)
    _list(db, "2026-02-28", {ids["TASTET"]: 2150.0}, publish=False)
    tid = _tournament(db)
    register_players(handle(db), number_of(handle(db), tid), [str(ids["TASTET"])], TD)
    (person,) = _log(db, tid).play.people
    assert (person.rating, person.rating_list) == (None, "")


def test_a_directors_new_player_gets_a_temporary_identifier_not_an_id(db: str) -> None:
    _players(db)
    before = all_players(open_store(db))
    tid = _tournament(db)
    first = register_players(
        handle(db),
        number_of(handle(db), tid),
        [],
        TD,
        new_player="PIETERS,Joost",
        new_country="BEL",
    )
    second = register_players(
        handle(db), number_of(handle(db), tid), [], TD, new_player="JANSEN,Kees", new_country="NLD"
    )
    assert first.new_player is not None and second.new_player is not None
    assert (first.new_player.shown_id, second.new_player.shown_id) == ("NEW1", "NEW2")
    assert all_players(open_store(db)) == before  # no registry ID minted
    again = register_players(
        handle(db),
        number_of(handle(db), tid),
        [],
        TD,
        new_player="Pieters, Joost",
        new_country="bel",
    )
    assert again.new_was_retry and again.new_player == first.new_player
    with pytest.raises(TournamentError, match="PIETERS, Joost already entered as NEW1"):
        register_players(
            handle(db),
            number_of(handle(db), tid),
            [],
            TD,
            new_player="PIETERS,Joost",
            new_country="FRA",
        )


def test_a_namesake_is_a_choice_never_a_silent_duplicate(db: str) -> None:
    ids = _players(db)
    tid = _tournament(db)
    with pytest.raises(NamesakeConflict) as refused:
        register_players(
            handle(db),
            number_of(handle(db), tid),
            [],
            TD,
            new_player="Tastet, Marc",
            new_country="FRA",
        )
    assert [int(p.id) for p in refused.value.namesakes] == [ids["TASTET"]]
    assert "register the new player anyway" in str(refused.value)
    assert _log(db, tid).play.people == ()
    done = register_players(
        handle(db),
        number_of(handle(db), tid),
        [],
        TD,
        new_player="Tastet, Marc",
        new_country="FRA",
        anyway=True,
    )
    assert done.new_player is not None and done.new_player.shown_id == "NEW1"
    # the officer then says it was the registered player after all
    (pending,) = pending_ids(handle(db))
    assert [int(p.id) for p in pending.namesakes] == [ids["TASTET"]]
    assigned = assign_id(handle(db), int(tid), "NEW1", OFFICER, existing=ids["TASTET"])
    assert not assigned.new
    (person,) = _log(db, tid).play.people
    assert (person.player, person.new, person.debutant) == (ids["TASTET"], False, False)
    # a registered player entered by ID, then typed as new: refused, one person once
    with pytest.raises(TournamentError, match="already entered as"):
        register_players(
            handle(db),
            number_of(handle(db), tid),
            [],
            TD,
            new_player="TASTET,Marc",
            new_country="FRA",
            anyway=True,
        )


def _results_tokens(db: str, tid: str) -> tuple[set[str], set[str]]:
    text = download(handle(db), int(tid), "elo").data.decode("utf-8")
    rf = read_elo_bytes(text.encode("utf-8"), "x.ELO")
    players = {("+" if p.new else "") + p.token for p in rf.players}
    played = {t for g in rf.games for t in (g.first, g.second)}
    return players, played


@pytest.mark.both_backends
def test_officer_assigns_the_real_id_which_replaces_new1_everywhere(db: str) -> None:
    ids = _players(db)
    tid = _tournament(db, country="NLD")
    register_players(handle(db), number_of(handle(db), tid), [str(ids["TASTET"])], TD)
    done = register_players(
        handle(db),
        number_of(handle(db), tid),
        [],
        TD,
        new_player="PIETERS,Joost",
        new_country="BEL",
    )
    assert done.new_player is not None
    assert len(pair(handle(db), number_of(handle(db), tid), TD).tables) == 1
    enter_result(
        handle(db), number_of(handle(db), tid), ResultSpec(round="1", table=1, score="40-24"), TD
    )
    players, played = _results_tokens(db, tid)
    assert players == {str(ids["TASTET"]), "+NEW1"} and "NEW1" in played
    tables = [
        (t.table, t.black.id, t.white.id)
        for t in show_round(handle(db), number_of(handle(db), tid), 1).tables
    ]
    (pending,) = pending_ids(handle(db), frozenset({"NLD"}))
    assert (pending.temporary, pending.name, pending.host) == ("NEW1", "PIETERS, Joost", "NLD")
    assert (
        pending_ids(handle(db), frozenset({"BEL"})) == ()
    )  # the host country's officer, not BEL's
    assigned = assign_id(handle(db), int(tid), "NEW1", OFFICER)
    real = int(assigned.player.id)
    nld = get_country("NLD").id_range
    assert nld is not None and nld.first <= real <= nld.last  # the host country's range
    registered = get_player(open_store(db), real)
    assert registered is not None and registered.name == "PIETERS, Joost"
    players, played = _results_tokens(db, tid)
    assert players == {str(ids["TASTET"]), f"+{real}"}
    assert played == {str(ids["TASTET"]), str(real)}
    d = _log(db, tid)
    assert {int(e.id) for e in d.play.state.entrants} == {ids["TASTET"], real}
    assert d.play.state.rounds[0].pairings[0].result is not None
    # the tables keep their numbers and players, under the real ID
    swapped = {done.new_player.id: real}
    assert [
        (t.table, t.black.id, t.white.id)
        for t in show_round(handle(db), number_of(handle(db), tid), 1).tables
    ] == [(k, swapped.get(b, b), swapped.get(w, w)) for k, b, w in tables]
    corrected = enter_result(
        handle(db),
        number_of(handle(db), tid),
        ResultSpec(round="1", table=1, score="30-34"),
        TD,
        correction=True,
    )
    assert {int(corrected.black.id), int(corrected.white.id)} == {ids["TASTET"], real}
    assert pending_ids(handle(db)) == ()
    with pytest.raises(NotFoundError, match="still waiting for its ID, got 'NEW1'"):
        assign_id(handle(db), int(tid), "NEW1", OFFICER)


def test_undoing_the_assignment_releases_the_id(db: str) -> None:
    tid = _tournament(db)
    register_players(
        handle(db),
        number_of(handle(db), tid),
        [],
        TD,
        new_player="PIETERS,Joost",
        new_country="BEL",
    )
    assigned = assign_id(handle(db), int(tid), "NEW1", OFFICER)
    real = int(assigned.player.id)
    undid = undo(handle(db), number_of(handle(db), tid), TD)
    assert f"ID {real} released" in undid.what
    assert get_player(open_store(db), real) is None
    (person,) = _log(db, tid).play.people
    assert person.player < 0 and person.surname == "PIETERS"  # NEW1 again
    # the released ID is the lowest free one again: the next new player gets it
    assert int(assign_id(handle(db), int(tid), "NEW1", OFFICER).player.id) == real


def test_an_id_used_elsewhere_is_kept_on_undo(db: str) -> None:
    tid = _tournament(db)
    register_players(
        handle(db),
        number_of(handle(db), tid),
        [],
        TD,
        new_player="PIETERS,Joost",
        new_country="BEL",
    )
    real = int(assign_id(handle(db), int(tid), "NEW1", OFFICER).player.id)
    other = _tournament(db, name="Second Open")
    register_players(handle(db), number_of(handle(db), other), [str(real)], TD)
    undid = undo(handle(db), number_of(handle(db), tid), TD)
    assert "released" not in undid.what
    assert get_player(open_store(db), real) is not None


def test_the_rating_officer_at_intake_replaces_new1_in_the_tournament_too(db: str) -> None:
    ids = _players(db)
    tid = _tournament(db)
    register_players(handle(db), number_of(handle(db), tid), [str(ids["TASTET"])], TD)
    register_players(
        handle(db),
        number_of(handle(db), tid),
        [],
        TD,
        new_player="PIETERS,Joost",
        new_country="BEL",
    )
    pair(handle(db), number_of(handle(db), tid), TD)
    enter_result(
        handle(db), number_of(handle(db), tid), ResultSpec(round="1", table=1, score="33-31"), TD
    )
    # one round of the planned Swiss: submitted unfinished, with the director's reason
    sent = submit(handle(db), number_of(handle(db), tid), TD, reason="one round only, a test")
    assert sent.item is not None
    with pytest.raises(TournamentError, match="submitted: its file is at intake"):
        assign_id(handle(db), int(tid), "NEW1", OFFICER)  # the ID officer: too late, intake does it
    fixed = fix_id(handle(db), sent.item, "NEW1", None, OFFICER)
    assert fixed.added is not None
    real = int(fixed.added.id)
    d = _log(db, tid)
    assert {int(e.id) for e in d.play.state.entrants} == {ids["TASTET"], real}
    players, played = _results_tokens(db, tid)
    assert players == {str(ids["TASTET"]), f"+{real}"} and str(real) in played


def test_undoing_a_legacy_new_player_registration_releases_its_id(db: str) -> None:
    """A log written before temporary identifiers: the registration minted the ID."""
    from ratinglist.store.players import add_player as store_add_player
    from ratinglist.store.tournament_events import append_event
    from ratinglist.tournament.events import Registered

    tid = _tournament(db)
    store = open_store(db)
    try:
        minted = store_add_player(store, "PIETERS", "Joost", "BEL", host_country="NLD")
        info = find_directed(store, tid)
        append_event(store, info.id, Registered(minted.id, "PIETERS", "Joost", "BEL", new=True))
    finally:
        store.close()
    undid = undo(handle(db), number_of(handle(db), tid), TD)
    assert undid.what == f"registration of PIETERS, Joost ({minted.id}); ID {minted.id} released"
    assert get_player(open_store(db), int(minted.id)) is None
    assert _log(db, tid).play.people == ()


def test_a_registered_player_already_entered_cannot_take_over_a_temporary_identifier(
    db: str,
) -> None:
    ids = _players(db)
    tid = _tournament(db)
    register_players(handle(db), number_of(handle(db), tid), [str(ids["LAZARD"])], TD)
    register_players(
        handle(db), number_of(handle(db), tid), [], TD, new_player="DUPONT,Jean", new_country="FRA"
    )
    with pytest.raises(TournamentError, match=f"got {ids['LAZARD']} already entered"):
        assign_id(handle(db), int(tid), "NEW1", OFFICER, existing=ids["LAZARD"])
    with pytest.raises(NotFoundError, match="expected a registered player ID, got 999999"):
        assign_id(handle(db), int(tid), "NEW1", OFFICER, existing=999999)
    assert [p.temporary for p in pending_ids(handle(db))] == ["NEW1"]

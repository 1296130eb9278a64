"""Refusals by kind (issue 33): input that cannot be read (400), an action the tournament's
state does not allow now (409), a use case the tournament's game does not offer (404); each a
subclass of `TournamentError`, so a caller catching that still catches all three."""

from __future__ import annotations

import pytest

from ratinglist.errors import NotAllowedNow, NotOffered, TournamentInputError
from ratinglist.model.directed import NewSettings
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.tournaments.actions import new_tournament, register_players, undo
from ratinglist.service.tournaments.results import enter_sheet
from ratinglist.service.tournaments.rounds import pair_rules, player_flags, round_setup
from ratinglist.store import Store
from tests.conftest import Seeder, handle
from tests.server.fixtures import PLAYER_IDS, seed_server

TD = Actor(ActorKind.WEB, "director")


@pytest.fixture()
def db(seeded_db: Seeder) -> Store:
    """A seeded server database: registry players, a director, an officer (`seed_server`, run
    once per session and backend; each test takes a copy)."""
    return handle(seeded_db("server", seed_server))


def _new(db: Store, game: str) -> int:
    settings = NewSettings(name=f"{game} open", country="France", start="2026-06-06", game=game)
    return new_tournament(db, settings, TD).id


def test_nothing_to_undo_is_not_allowed_now(db: Store) -> None:
    with pytest.raises(NotAllowedNow, match="an action to undo"):
        undo(db, _new(db, "othello"), TD)


def test_an_unreadable_result_line_is_input(db: Store) -> None:
    tid = _new(db, "othello")
    with pytest.raises(TournamentInputError, match="ROUND BLACK WHITE SCORE"):
        enter_sheet(db, tid, b"1 40-24\n", "sheet.txt", TD)


def test_a_registry_search_in_go_is_not_offered(db: Store) -> None:
    tid = _new(db, "go")
    with pytest.raises(NotOffered):
        register_players(db, tid, [str(PLAYER_IDS[0])], TD)


def test_class_flags_are_othellos_and_the_set_up_is_both_games(db: Store) -> None:
    othello = _new(db, "othello")
    register_players(db, othello, [str(p) for p in PLAYER_IDS[:2]], TD)
    assert [f.player.id for f in player_flags(db, othello)] == list(PLAYER_IDS[:2])
    assert pair_rules(db, othello) == ()
    assert len(round_setup(db, othello).entrants) == 2
    go = _new(db, "go")  # Go has the set-up page (pair rules, absences), not class flags
    with pytest.raises(NotOffered, match="class flags"):
        player_flags(db, go)
    assert pair_rules(db, go) == ()
    assert round_setup(db, go).entrants == ()

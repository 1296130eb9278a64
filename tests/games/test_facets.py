"""The `Game` base (issue 33): a small required core, optional facets a page asks for; a game
lacking a facet needs no code for it and answers `NotOffered` for its actions."""

from __future__ import annotations

import pytest

from ratinglist.errors import NotOffered, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.service.tournaments.forecast import wof_model
from ratinglist.tournament import codec
from ratinglist.tournament.events import Created, Settings
from ratinglist.tournament.fold import fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import Game, game_named, games, register_game
from tests.games.draughts_lite.events import DlResultEntered
from tests.games.draughts_lite.game import DraughtsLite


def _new() -> FoldedTournament:
    return fold([Created(Settings("Facet Cup", "FRA", "2026-06-01", game="draughts_lite"))])


def test_a_game_without_facets_offers_none_of_their_actions() -> None:
    game = game_named("draughts_lite")
    d = _new()
    assert not game.has_finals and not game.has_forecast and not game.uses_registry
    assert game.finals_view(d, False) is None
    assert game.registrations(d) == () and game.temporary_entrants(d) == ()
    assert game.shown_team_round(d, 1) is None
    with pytest.raises(NotOffered, match="expected a game with finals, got Draughts-lite"):
        game.finals(d)
    with pytest.raises(NotOffered, match="expected a game with a forecast"):
        game.forecast(d, wof_model(), 10, 1, 0)
    with pytest.raises(NotOffered, match="expected a game with pairing costs"):
        game.explain(d, 1, ())


def test_othello_and_go_hold_their_facets() -> None:
    othello, go = game_named("othello"), game_named("go")
    assert othello.has_finals and othello.has_forecast and othello.uses_registry
    assert othello.temporary_ids is not None and othello.teams is None
    assert not go.has_finals and go.has_forecast and not go.uses_registry
    assert go.teams is not None and go.pairing_costs is not None


def test_the_required_core_is_small_and_every_game_writes_it() -> None:
    required = Game.__abstractmethods__
    assert len(required) <= 20
    assert {"new_play", "apply", "result_event", "next_round", "standings"} <= required
    for game in games().values():
        assert isinstance(game, Game)
    lacking = type("NoCore", (Game,), {"name": "x", "label": "X", "main_export": "csv"})
    with pytest.raises(TypeError, match="abstract"):
        lacking()


def test_a_registered_game_brings_its_kinds_and_cannot_take_a_folder_name() -> None:
    event = DlResultEntered(2, PlayerId(3), PlayerId(1), "=")
    assert codec.from_json(*codec.to_json(event)) == event
    assert codec.event_types()["dl-result"] is DlResultEntered

    class Named(DraughtsLite):
        name = "othello"

    with pytest.raises(TournamentInputError, match="expected a new game name, got 'othello'"):
        register_game(Named())

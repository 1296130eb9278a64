"""Events in their game's folder (issue 33): the codec finds every game's kinds, and each
event answers what it touches, its words and its action without the engine naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratinglist.errors import ConflictError, TournamentError
from ratinglist.model import PlayerId
from ratinglist.tournament import codec
from ratinglist.tournament.concurrency import EVERYTHING, describe, footprint, require_no_clash
from ratinglist.tournament.events import ENGINE_EVENTS, Submitted, Withdrawn
from ratinglist.tournament.game import games
from ratinglist.tournament.games.go.events import GoPaired, GoResultEntered
from ratinglist.tournament.games.othello.events import ResultCorrected, ResultEntered
from tests.test_layers import game_violations

ENGINE = Path(codec.__file__).parent
A, B, C = PlayerId(4012), PlayerId(4013), PlayerId(4014)


@pytest.mark.parametrize("module", sorted(p.name for p in ENGINE.glob("*.py")))
def test_the_engine_imports_no_game_folder(module: str) -> None:
    """No module of `tournament/` outside `games/` imports a game's folder (the checker of
    `tests/test_layers.py`, for every layer)."""
    assert game_violations(ENGINE / module) == []


def test_every_game_declares_its_own_kinds_and_the_codec_reads_them() -> None:
    kinds = codec.event_types()
    for game in games().values():
        assert game.events, game.name
        for cls in game.events:
            assert kinds[cls.kind] is cls
            assert cls not in ENGINE_EVENTS
            assert cls.__module__ == f"ratinglist.tournament.games.{game.name}.events"


def test_stored_kind_names_did_not_change() -> None:
    # the names stored before the events moved (tests/tournament/logs/event_fields.json)
    assert (ResultEntered.kind, ResultCorrected.kind, GoResultEntered.kind) == (
        "result",
        "correction",
        "go-result",
    )
    event = GoPaired(round=1, games=((A, B, 0, 1),))
    assert codec.from_json(*codec.to_json(event)) == event


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(TournamentError, match="expected a known event kind, got 'draughts'"):
        codec.from_json("draughts", "{}")


def test_a_result_touches_its_game_only_whatever_the_order_of_its_players() -> None:
    entered = ResultEntered("3", A, B, 40, 24)
    assert footprint(entered) == footprint(ResultCorrected(" 3", B, A, 24, 40))
    assert footprint(entered) != footprint(ResultEntered("3", A, C, 40, 24))
    go = GoResultEntered(round=3, white=B, black=A, outcome="1-0")
    assert footprint(go) == frozenset({("game", "3", 4012, 4013)})
    assert footprint(Withdrawn(A, 2)) == frozenset({("player", "", 4012, 0)})
    assert footprint(Submitted()) is EVERYTHING


def test_two_results_of_different_games_do_not_clash_and_of_one_game_do() -> None:
    require_no_clash(
        [ResultEntered("3", A, B, 40, 24)], [ResultEntered("3", C, PlayerId(9), 1, 63)], 5
    )
    with pytest.raises(ConflictError, match=r"a newer correction 33-31 of round 3 \(4013 - 4012\)"):
        require_no_clash(
            [ResultEntered("3", A, B, 40, 24)], [ResultCorrected("3", B, A, 33, 31)], 5
        )


def test_each_event_describes_itself() -> None:
    names = {A: "DUBOIS, Anne", B: "EVANS, Tom"}
    assert describe(ResultEntered("3", A, B, 40, 24)) == "result 40-24 of round 3 (4012 - 4013)"
    assert (
        describe(ResultEntered("3", A, B, 40, 24), names.__getitem__)
        == "result 40-24 of round 3, DUBOIS, Anne v EVANS, Tom"
    )
    go = GoResultEntered(round=2, white=A, black=B, outcome="0-1", by_default=True)
    assert describe(go) == "result 0-1! of round 2 (4012 - 4013)"
    assert ResultEntered("1", A, B, 33, 31).action_words() == "a result"
    assert Withdrawn(A, 2).action_words() == "a withdrawal"


def test_the_codec_reads_a_folder_game_events_module_as_its_game_declares_them() -> None:
    # The codec imports only `games/<name>/events.py` (not the game's rules) to read a log;
    # that module's EVENTS must be the game's own `events`, else a kind would be read as
    # another class than the game applies.
    import importlib

    from ratinglist.tournament.game import FOLDER, games

    for name, game in games().items():
        try:
            module = importlib.import_module(f"{FOLDER}.{name}.events")
        except ModuleNotFoundError:
            continue
        assert game.events == module.EVENTS, name

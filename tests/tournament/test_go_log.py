"""The Go part of the event log: stored forms, parameters, fold checks and concurrency."""

from __future__ import annotations

import json

import pytest

from ratinglist.errors import ConflictError, TournamentError
from ratinglist.model import PlayerId
from ratinglist.model.go.tournament import GoSystem, default_parameters
from ratinglist.tournament.codec import from_json, to_json
from ratinglist.tournament.concurrency import rebase
from ratinglist.tournament.events import GO, Absent, Created, Event, Settings
from ratinglist.tournament.fold import fold
from ratinglist.tournament.games.go.events import (
    GoPaired,
    GoRegistered,
    GoResultCorrected,
    GoResultEntered,
)
from ratinglist.tournament.games.go.settings import go_parameters, go_settings

P = PlayerId


def _log() -> list[Event]:
    settings = Settings(
        name="Club",
        country="FRA",
        start="2026-04-04",
        system="mcmahon",
        rounds=2,
        game=GO,
        go=go_settings(GoSystem.MCMAHON, default_parameters(GoSystem.MCMAHON, number_of_rounds=2)),
    )
    return [
        Created(settings),
        GoRegistered(P(1), "Dupont", "Jean", "3d", 2300, club="Par"),
        GoRegistered(P(2), "Martin", "Luc", "1k", 2000),
        GoRegistered(P(3), "Petit", "Anne", "5k", 1600),
        GoRegistered(P(4), "Durand", "Eva", "12k", 900, not_playing=(2,)),
        GoPaired(1, ((P(1), P(2), 0, 1), (P(3), P(4), 6, 2)), unknown_colour=(2,)),
    ]


@pytest.mark.parametrize("system", list(GoSystem))
def test_parameters_round_trip_through_json(system: GoSystem) -> None:
    p = default_parameters(system, number_of_rounds=7)
    stored = json.loads(json.dumps(go_settings(system, p)))
    assert go_parameters(stored) == (p, ())


def test_go_events_round_trip_and_othello_creation_is_unchanged() -> None:
    for event in _log():
        assert from_json(*to_json(event)) == event
    _kind, payload = to_json(Created(Settings("Open", "NLD", "2026-01-01")))
    assert "game" not in json.loads(payload)["settings"]


def test_fold_keeps_participation_unknown_colour_and_results() -> None:
    log = [*_log(), GoResultEntered(1, P(3), P(4), "black", by_default=True)]
    s = fold(log).play
    assert s is not None
    game = s.rounds[0].games[1]
    assert (game.handicap, game.known_colour, game.result.outcome.value) == (6, False, "black")
    assert game.result.by_default
    assert not s.player(P(4)).plays(1) and s.player(P(4)).plays(0)


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (GoRegistered(P(5), "Dupont", "Jean", "2d", 2200), "same name as player 1"),
        (GoRegistered(P(1), "Other", "One", "2d", 2200), "already entered"),
        (GoRegistered(P(5), "Bad", "Rank", "0x", 2200), "expected a rank"),
        (GoResultEntered(1, P(2), P(1), "white"), "White is 1 in that game"),
        (GoResultCorrected(1, P(1), P(2), "white"), "expected an entered result"),
        (GoResultEntered(1, P(1), P(2), "unknown"), "expected a known result"),
        (GoPaired(2, ((P(1), P(1), 0, 1),)), "expected each player once"),
        (GoPaired(3, ()), "expected the next round 2"),
        (Absent(P(1), 1), "not yet paired"),
    ],
)
def test_fold_refuses(event: Event, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        fold([*_log(), event])


def test_results_of_two_games_rebase_and_the_same_game_conflicts() -> None:
    base = fold(_log())
    mine = [GoResultEntered(1, P(1), P(2), "white")]
    theirs = [GoResultEntered(1, P(3), P(4), "jigo")]
    after = rebase(base, mine, theirs, len(_log()))
    assert after.play is not None
    assert [g.result.outcome.value for g in after.play.rounds[0].games] == ["white", "jigo"]
    with pytest.raises(ConflictError):
        rebase(base, mine, [GoResultEntered(1, P(1), P(2), "black")], len(_log()))

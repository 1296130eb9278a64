"""The forecast of a Go tournament (issue 37 item 4): the GoR's expected result with the
handicap and komi worked out by hand from the EGF's published formula, a newcomer pulled
towards 1/2, chances that sum as they must, and the log-loss after the fact."""

from __future__ import annotations

import math

import pytest

from ratinglist.model import PlayerId
from ratinglist.model.forecast import COIN_LOG_LOSS, EntrantFacts, Handicap, Strength
from ratinglist.model.go.tournament import GoSystem, default_parameters
from ratinglist.service.tournaments.games.go import forecast_model as go_model
from ratinglist.tournament.events import GO, Created, Event, Settings
from ratinglist.tournament.fold import fold
from ratinglist.tournament.game import game_named, game_of
from ratinglist.tournament.games.go.events import GoPaired, GoRegistered, GoResultEntered
from ratinglist.tournament.games.go.settings import go_settings

P = PlayerId
MODEL = go_model.score_model(None, None, None)  # type: ignore[arg-type]  # reads neither


def beta(r: float) -> float:
    """The EGF's ``beta(R) = -7 ln(3300 - R)`` (the EGF rating system, since 2021)."""
    return -7 * math.log(3300 - r)


def test_an_even_game_is_the_gors_expected_result() -> None:
    # White 2300 (3d), Black 2000 (1k), no stones, komi 7.5: Black's advantage is
    # 100 (1 - 0.5) - 100 (7.5 - 0.5) / 14 = 0, so Black's expected result is
    # 1 / (1 + exp(beta(2300) - beta(2000))) = 1 / (1 + 1.3^7) = 0.137355
    p = MODEL.expected(Strength(2000.0), Strength(2300.0), Handicap(0, 7.5))
    assert p == pytest.approx(1 / (1 + math.exp(beta(2300) - beta(2000))), abs=1e-9)
    assert p == pytest.approx(1 / (1 + 1.3**7), abs=1e-9)
    # three stones (komi 0.5) raise Black by 100 (3 - 0.5) = 250 points
    three = MODEL.expected(Strength(2000.0), Strength(2300.0), Handicap(3, 0.5))
    assert three == pytest.approx(1 / (1 + math.exp(beta(2300) - beta(2250))), abs=1e-9)


def test_a_newcomer_is_uncertain_and_pulled_towards_a_half() -> None:
    known = go_model.strength(EntrantFacts(1, 2000.0, True))
    newcomer = go_model.strength(EntrantFacts(2, 2000.0, False))
    assert known == Strength(2000.0) and newcomer.newcomer
    assert newcomer.deviation == go_model.NEWCOMER_DEVIATION
    strong = Strength(2300.0)
    sure = MODEL.expected(known, strong, None)
    unsure = MODEL.expected(newcomer, strong, None)
    assert sure < unsure < 0.5
    # MacKay: the log-odds divided by sqrt(1 + pi v / 8), v = (7 s / (3300 - R))^2
    v = (7 * go_model.NEWCOMER_DEVIATION / 1300) ** 2
    logit = math.log(sure / (1 - sure))
    assert unsure == pytest.approx(1 / (1 + math.exp(-logit / math.sqrt(1 + math.pi * v / 8))))


def _tournament(rounds: int = 3) -> list[Event]:
    parameters = default_parameters(GoSystem.MCMAHON, number_of_rounds=rounds)
    settings = Settings("Go Forecast", "FRA", "2026-04-04", system="mcmahon", rounds=rounds,
                        game=GO, go=go_settings(GoSystem.MCMAHON, parameters), seed=5)  # fmt: skip
    egf = (("rating_origin", "EGF"),)
    return [
        Created(settings),
        GoRegistered(P(1), "Dupont", "Jean", "3d", 2300, details=egf),
        GoRegistered(P(2), "Martin", "Luc", "1d", 2100, details=egf),
        GoRegistered(P(3), "Petit", "Anne", "1k", 2000, details=egf),
        GoRegistered(P(4), "Durand", "Eva", "2k", 1900),
        GoRegistered(P(5), "Leroy", "Paul", "3k", 1800, details=egf),
        GoRegistered(P(6), "Moreau", "Lea", "5k", 1600, details=egf),
    ]


def test_chances_sum_and_the_played_games_are_scored() -> None:
    events = _tournament()
    d = fold(events)
    game = game_of(d)
    assert game.has_forecast and game_named("go").has_forecast
    paired = game.next_round(d, None)
    assert isinstance(paired, GoPaired)
    events.append(paired)
    white, black, _handicap, _table = paired.games[0]
    events.append(GoResultEntered(1, white, black, "white"))
    d = fold(events)
    f = game.forecast(d, MODEL, 60, 3, 0)
    assert f.runs == 60 and not f.finished and f.rounds_left == 2 and not f.finals
    assert f.system == "egf" and f.newcomers == 1 and f.newcomer_rating is None
    assert sum(p.first for p in f.players) == pytest.approx(1.0, abs=1e-9)
    assert sum(p.top_four for p in f.players) == pytest.approx(4.0, abs=1e-9)
    assert len(f.games) == len(paired.games) and len(f.played) == 1
    assert f.players[0].player.id == P(1)  # the strongest entrant is the favourite
    # the played game's log-loss: White won, so -ln(1 - Black's expected result)
    assert f.score is not None and f.score.games == 1
    p = f.played[0].black_expected
    assert f.played[0].result == "W+"
    assert f.score.log_loss == pytest.approx(-math.log(1 - p), abs=1e-12)
    assert f.score.coin_log_loss == COIN_LOG_LOSS
    # seeded: the same forecast again
    assert game.forecast(d, MODEL, 60, 3, 0) == f


def test_a_field_above_the_bound_gets_the_games_forecasts_without_chances(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ratinglist.tournament.games.go import forecast as go_forecast

    monkeypatch.setattr(go_forecast, "SIMULATED_FIELD", 5)  # six entrants: above it
    events = _tournament()
    d = fold(events)
    paired = game_of(d).next_round(d, None)
    d = fold([*events, paired])
    f = game_of(d).forecast(d, MODEL, 60, 3, 0)
    assert f.players == () and f.runs == 0 and not f.finished
    assert len(f.games) == 3 and all(0 < g.black_expected < 1 for g in f.games)

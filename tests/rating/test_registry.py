"""One declared registry of rating systems for both games (issue 33, item 3): the
evaluations, `rate --system`, `rate --game go --system` and the evidence read the same
entries."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from ratinglist.errors import NotFoundError, RatingError
from ratinglist.rating import registry
from ratinglist.rating.evaluation import DEFAULT_SYSTEMS, FITTED, SYSTEM_NAMES, EvaluationConfig
from ratinglist.rating.evaluation.parallel import COSTS, TOGETHER, partition
from ratinglist.rating.evaluation.search import fitted_candidates, forecasters
from ratinglist.rating.go.declared import go_system
from ratinglist.rating.go.games import GoGames
from ratinglist.rating.go.systems import GoRatings, GoSystem
from ratinglist.rating.systems import egf, elo, glicko2, whr, wofmap
from ratinglist.service.evidence import LISTED_SYSTEMS
from ratinglist.service.rating_systems import system_help


def test_each_system_is_replayed_one_way() -> None:
    for s in registry.REGISTRY:
        assert (s.forecaster is None) != (s.search is None), s.name
        assert (s.search is None) == (not s.grid), s.name
        assert s.cost >= 0


def test_the_evaluation_reads_the_registry() -> None:
    assert tuple(s.name for s in registry.REGISTRY) == SYSTEM_NAMES
    assert tuple(n for n in SYSTEM_NAMES if n != "whr-map") == DEFAULT_SYSTEMS
    assert set(FITTED) == {
        "elo-fitted", "glicko2-fitted", "whr-fitted", "egf-fitted", "wof-map", "whr-map",
        "whr-bayes",
    }  # fmt: skip
    assert {s.name: s.cost for s in registry.REGISTRY} == COSTS
    assert TOGETHER == (("whr", "whr-fitted", "whr-bayes"),)
    fields = {f.name for f in dataclasses.fields(EvaluationConfig)}
    assert set(registry.GRIDS) <= fields


def test_the_listed_systems_are_the_modules() -> None:
    names = {elo.NAME, glicko2.NAME, whr.NAME, whr.BAYES_NAME, egf.NAME, wofmap.NAME}
    assert set(registry.SYSTEMS) == names
    assert set(LISTED_SYSTEMS) == names
    assert all(registry.SYSTEMS[n].name == n for n in names)
    for name in names:
        assert f"{name} (" in system_help()
    with pytest.raises(RatingError, match="expected a rating system among egf, elo"):
        registry.system("gor")


def test_an_empty_grid_is_refused() -> None:
    for name in registry.GRIDS:
        with pytest.raises(RatingError, match="every search grid"):
            EvaluationConfig(start=24000, end=24011, **{name: ()})


def test_candidates_and_forecasters_come_from_the_entries() -> None:
    config = EvaluationConfig(start=24000, end=24011)
    plain = forecasters(config)
    # whr reads the replay whr-fitted shares (one replay for both)
    assert set(plain) == {"wof", "elo", "glicko2", "whr-incremental", "egf", "constant"}
    found = fitted_candidates(config)
    counts = {s: sum(c.system == s for c in found.values()) for s in FITTED}
    assert counts["elo-fitted"] == len(config.elo_k_scales)
    assert counts["glicko2-fitted"] == len(config.glicko2_deviations) * len(config.glicko2_taus)
    assert counts["whr-fitted"] == len(config.whr_w2s)
    assert counts["whr-bayes"] == len(config.whr_w2s) * len(config.whrbayes_variance_scales)
    assert counts["whr-map"] == 0  # not asked by default
    grid = len(config.wofmap_deviations) * len(config.wofmap_half_lives)
    assert counts["wof-map"] == grid * len(config.wofmap_entry_offsets)


def test_costs_balance_the_workers() -> None:
    groups = partition(DEFAULT_SYSTEMS, 2)
    # wof-map (411 s) alone takes about as long as all the other default systems together
    assert ("wof-map",) in groups


def test_the_cli_help_is_the_registry_s() -> None:
    """The ``--system`` help of `rate` and `list` is written out (reading the registry
    imports scipy at start-up); it must say what the registry says."""
    from ratinglist.cli.rating_systems import SYSTEM_HELP

    assert f"Rating system: {system_help()}." == SYSTEM_HELP


def test_both_games_are_in_the_one_registry() -> None:
    assert set(registry.BY_GAME) == {"othello", "go"}
    assert registry.systems_of("othello") == registry.REGISTRY
    assert [s.name for s in registry.systems_of("go")] == ["egf", "elo", "glicko"]
    assert (*registry.REGISTRY, *registry.systems_of("go")) == registry.DECLARATIONS
    assert registry.systems_of("draughts") == ()
    for s in registry.systems_of("go"):
        assert isinstance(s.on_game, GoSystem) and s.on_game.name == s.name, s.name
        assert len(s.on_game.grid) == 6 and s.cost > 0  # the same search budget
        assert f"{s.name} ({s.summary})" in system_help().split("with --game go:")[1]
        assert go_system(s.name) is s.on_game
    with pytest.raises(NotFoundError, match="expected a Go rating system among egf, elo, glicko"):
        go_system("glicko2")


def _handicap_games() -> GoGames:
    """1d (2100, White) beats 4k (1800, Black) on 3 stones, komi 0.5; both new."""
    one = np.ones(1)
    return GoGames(
        white=np.array([1], dtype=np.int64),
        black=np.array([2], dtype=np.int64),
        score=one,
        handicap=np.array([3], dtype=np.int64),
        komi=np.array([0.5]),
        day=np.array([737000], dtype=np.int32),
        tournament=np.array([0], dtype=np.int32),
        weight=one,
        white_entry=np.array([2100.0]),
        black_entry=np.array([1800.0]),
    )


def test_each_go_system_rates_a_handicap_game_by_its_formula() -> None:
    """Black with 3 stones counts as 1800 + 100 (3 - 0.5) = 2050 (the EGF's rule).

    EGF: Se = 1 / (1 + exp(beta(2050) - beta(2100))), beta(R) = -7 ln(3300 - R), so
    Se = 1 / (1 + (1200 / 1250)^7); White's change con(2100) (1 - Se) + bonus(2100),
    con(R) = ((3300 - R) / 200)^1.6, bonus(R) = ln(1 + exp((2300 - R) / 80)) / 5; Black's
    con(1800) (0 - (1 - Se)) + bonus(1800), each with the player's own rating.
    Elo (K 24, 400): E = 1 / (1 + 10^(-50 / 400)), each moves by 24 (1 - E).
    Glicko: newcomers at RD 200, g = 1 / sqrt(1 + 3 q^2 (200^2 + 200^2) / pi^2),
    q = ln 10 / 400, E = 1 / (1 + 10^(-g 50 / 400)); its update (Glickman 1999) uses the
    opponent's RD alone."""
    games = _handicap_games()
    empty = GoRatings({}, {}, {}, {})
    se = 1 / (1 + (1200 / 1250) ** 7)
    white = 2100 + 6**1.6 * (1 - se) + math.log(1 + math.exp(200 / 80)) / 5
    black = 1800 - 7.5**1.6 * (1 - se) + math.log(1 + math.exp(500 / 80)) / 5
    egf = go_system("egf")
    assert egf.predict(empty, games)[0] == pytest.approx(se, abs=1e-9)
    rated = egf.rate(games).ratings
    assert (rated[1], rated[2]) == pytest.approx((white, black), abs=1e-6)

    e = 1 / (1 + 10 ** (-50 / 400))
    elo = go_system("elo")
    assert elo.predict(empty, games)[0] == pytest.approx(e, abs=1e-9)
    rated = elo.rate(games).ratings
    assert (rated[1], rated[2]) == pytest.approx((2100 + 24 * (1 - e), 1800 - 24 * (1 - e)))

    q = math.log(10) / 400
    g = 1 / math.sqrt(1 + 3 * q**2 * (200**2 + 200**2) / math.pi**2)
    glicko = go_system("glicko")
    assert glicko.predict(empty, games)[0] == pytest.approx(1 / (1 + 10 ** (-g * 50 / 400)))
    # Glickman (1999), one period: each player against the other's RD 200 alone
    g1 = 1 / math.sqrt(1 + 3 * q**2 * 200**2 / math.pi**2)
    e1 = 1 / (1 + 10 ** (-g1 * 50 / 400))
    inverse = 1 / 200**2 + q**2 * g1**2 * e1 * (1 - e1)
    rated = glicko.rate(games).ratings
    assert rated[1] == pytest.approx(2100 + q / inverse * g1 * (1 - e1), abs=1e-6)
    assert rated[2] == pytest.approx(1800 - q / inverse * g1 * (1 - e1), abs=1e-6)

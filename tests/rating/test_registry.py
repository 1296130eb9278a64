"""One declared registry of rating systems (issue 33, item 3): the evaluation, `rate --system`
and the evidence read the same entries."""

from __future__ import annotations

import dataclasses

import pytest

from ratinglist.errors import RatingError
from ratinglist.rating import registry
from ratinglist.rating.evaluation import DEFAULT_SYSTEMS, FITTED, SYSTEM_NAMES, EvaluationConfig
from ratinglist.rating.evaluation.parallel import COSTS, TOGETHER, partition
from ratinglist.rating.evaluation.search import fitted_candidates, forecasters
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

"""The yearly refit of the newcomer entry (issue 23): each January every fitted system picks
the entry with the least log-loss over the years before, and no later result changes it."""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import replace

import numpy as np
import pytest

from ratinglist.errors import RatingError
from ratinglist.rating import GameArrays
from ratinglist.rating.evaluation import REFIT_YEARS, EvaluationConfig, evaluate
from ratinglist.rating.evaluation.search import Run, refit
from ratinglist.rating.forecasters import Constant
from ratinglist.rating.games import month_index
from ratinglist.rating.registry import system
from ratinglist.rating.systems import wofmap
from ratinglist.rating.systems.wofmap import WofMapParams

FITTED = ("elo-fitted", "glicko2-fitted", "egf-fitted", "wof-map")
NEWCOMERS_WIN = 2020
"""The one year whose newcomers win every game (they lose every game in the other years)."""


def test_the_refit_picks_the_option_of_least_log_loss_over_its_window() -> None:
    # Two options: A predicts 0.8 for every game, B 0.5. Games 0-1 (scores 1, 1): A's log-loss
    # -ln 0.8 = 0.223 < B's ln 2 = 0.693, so A. Games 2-4 (scores 0, 0, 1): A's
    # (2 x -ln 0.2 - ln 0.8) / 3 = 1.147 > B's 0.693, so B. A window without a game keeps
    # the pick.
    a = Run(Constant(), outputs=[np.full((5, 1), 0.8)])
    b = Run(Constant(), outputs=[np.full((5, 1), 0.5)])
    a.options = [(a, 0, (("entry", 1300.0),)), (b, 0, (("entry", 1200.0),))]
    a.picks = [(0, 1)]
    runs = {"x": a}
    score = np.array([1.0, 1.0, 0.0, 0.0, 1.0])
    assert -math.log(0.8) < math.log(2) < (-2 * math.log(0.2) - math.log(0.8)) / 3
    first = np.array([True, True])
    assert refit(runs, score[:2], first, 2020) == {"x": (("entry_2020", 1300.0),)}
    window = np.array([False, False, True, True, True])
    assert refit(runs, score, window, 2021) == {"x": (("entry_2021", 1200.0),)}
    assert refit(runs, score, np.zeros(5, dtype=bool), 2022) == {"x": (("entry_2022", 1200.0),)}
    assert a.picks == [(0, 1), (2, 0), (5, 1), (5, 1)]
    # Each game is predicted by the option picked for it: games 0-1 B, 2-4 A.
    np.testing.assert_array_equal(a.output(), [0.5, 0.5, 0.8, 0.8, 0.8])


def history(years: range, win: int = NEWCOMERS_WIN, flip: int | None = None) -> GameArrays:
    """Players 1-4 play each other every month; each month two first-timers play one game
    each against them and lose it, except in year `win` where they win it. `flip`: that
    year's results are all reversed."""
    rows: list[tuple[int, int, float, int, int]] = []
    new = 100
    for year in years:
        for month in range(1, 13):
            day = dt.date(year, month, 5).toordinal()
            event = 12 * year + month
            games = [(1, 2, 1.0), (3, 4, 0.5), (1, 3, 0.5), (2, 4, 1.0)]
            for veteran in (1 + month % 4, 1 + (month + 1) % 4):
                games.append((veteran, new, 0.0 if year == win else 1.0))
                new += 1
            for x, y, s in games:
                rows.append((x, y, 1.0 - s if year == flip else s, day, event))
    first, second, score, day, tournament = zip(*rows, strict=True)
    return GameArrays.from_arrays(first, second, score, day, tournament)


def config(refit_years: int | None) -> EvaluationConfig:
    return EvaluationConfig(
        start=month_index(dt.date(2019, 1, 1)),
        end=month_index(dt.date(2021, 12, 1)),
        fit_months=12,
        systems=FITTED,
        refit_years=refit_years,
        elo_k_scales=(1.0,),
        entry_offsets=(-300.0, 0.0, 300.0),
        glicko2_deviations=(350.0,),
        glicko2_taus=(0.5,),
        egf_con_divisors=(200.0,),
        wofmap_deviations=(200.0,),
        wofmap_half_lives=(24.0,),
        wofmap_entry_offsets=(-300.0, 0.0, 300.0),
    )


def test_every_fitted_system_refits_its_entry_each_january_on_the_year_before() -> None:
    # A newcomer's first game is predicted at the entry, and every newcomer game of a year
    # is lost (won in 2020): the lowest entry of the grid predicts such a year best, the
    # highest a year of wins. So with a one-year window: 2019 (on 2018) and 2020 (on 2019)
    # the lowest, 2021 (on 2020) the highest. Without the refit: the lowest throughout.
    report = evaluate(history(range(2018, 2022)), config(refit_years=1))
    fixed = evaluate(history(range(2018, 2022)), config(refit_years=None))
    starts = {"elo-fitted": 1000.0, "glicko2-fitted": 1500.0, "egf-fitted": 1500.0}
    starts["wof-map"] = 1500.0
    for mine, theirs in zip(report.systems, fixed.systems, strict=True):
        values = dict(mine.fitted)
        low, high = starts[mine.system] - 300.0, starts[mine.system] + 300.0
        assert values["entry"] == low
        assert [values[f"entry_{y}"] for y in (2019, 2020, 2021)] == [low, low, high]
        assert dict(theirs.fitted)["entry"] == low
        assert not any(k.startswith("entry_") for k in dict(theirs.fitted))
        # The same predictions until the refit changes the entry, better ones after it:
        # 2021's newcomers lose again, so the high entry taken from 2020 is a worse guess.
        years, before = dict(mine.by_year), dict(theirs.by_year)
        assert years[2019].log_loss == before[2019].log_loss
        assert years[2020].log_loss == before[2020].log_loss
        assert years[2021].log_loss > before[2021].log_loss


def test_a_later_year_changes_no_earlier_prediction_or_entry() -> None:
    # Reversing every result of 2021 changes 2021's scores only: the 2019-2020 predictions
    # and the entries picked for 2019-2021 (from the years before) stay.
    games = history(range(2018, 2022))
    flipped = history(range(2018, 2022), flip=2021)
    report = evaluate(games, config(refit_years=1))
    other = evaluate(flipped, config(refit_years=1))
    for mine, theirs in zip(report.systems, other.systems, strict=True):
        assert mine.fitted == theirs.fitted
        years, changed = dict(mine.by_year), dict(theirs.by_year)
        assert years[2019] == changed[2019]
        assert years[2020] == changed[2020]
        assert years[2021] != changed[2021]


def test_a_refit_window_below_one_year_is_refused() -> None:
    with pytest.raises(RatingError, match="refit_years"):
        config(refit_years=0)


def test_wof_map_lists_take_the_entry_the_contest_refits_for_their_year() -> None:
    # `rate --system wof-map` refits its entry each January as the contest does: the list
    # as of 31 December of Y - 1 (predicting Y) and any list of Y take entry_Y, and the
    # list is the fit from scratch with that entry.
    games = history(range(2018, 2022))
    report = evaluate(games, config(refit_years=1))
    values = dict(next(s for s in report.systems if s.system == "wof-map").fitted)
    params = WofMapParams(refit_years=1, entry_offsets=(-300.0, 0.0, 300.0))
    published = replace(system("wof-map"), params=params)
    for as_of in (dt.date(2018, 12, 31), dt.date(2019, 12, 31), dt.date(2020, 12, 31)):
        before = games.select(games.day <= as_of.toordinal())
        settled = published.settled(before, as_of)
        assert settled.params.entry == values[f"entry_{as_of.year + 1}"]
        assert settled.params.entry_year == as_of.year + 1
        listed = published.rate(before, as_of)
        fixed = wofmap.rate(before, settled.params, as_of)
        np.testing.assert_array_equal(listed.ratings, fixed.ratings)
    assert values["entry_2021"] != values["entry_2020"]
    midyear = dt.date(2021, 6, 30)
    before = games.select(games.day <= midyear.toordinal())
    assert published.settled(before, midyear).params.entry == values["entry_2021"]
    other = replace(params, refit_years=None, entry=values["entry_2020"])
    assert published.settled(before, midyear).params.entry_year == 2021
    rolled = published.rate(before, midyear).ratings
    assert not np.allclose(rolled, wofmap.rate(before, other, midyear).ratings)
    # The published system refits on the contest's window (five years) and grid.
    assert system("wof-map").params.refit_years == REFIT_YEARS
    assert system("wof-map").params.entry_offsets == EvaluationConfig(0, 0).wofmap_entry_offsets


def test_without_years_before_the_list_keeps_its_entry() -> None:
    games = history(range(2018, 2019))
    params = WofMapParams(refit_years=1)
    as_of = dt.date(2018, 6, 30)
    assert wofmap.rolled_entry(
        games.select(games.day <= as_of.toordinal()), params, as_of
    ).entry == (params.entry)

"""The evaluation harness on tiny histories whose predictions follow by hand."""

from __future__ import annotations

import datetime as dt
import math

import numpy as np
import pytest

from ratinglist.errors import RatingError
from ratinglist.rating import GameArrays
from ratinglist.rating.evaluation import EvaluationConfig, evaluate
from ratinglist.rating.evaluation.groups import reliability, strength_bands
from ratinglist.rating.games import month_index
from ratinglist.rating.systems import elo
from ratinglist.rating.systems.elo import EloParams

JAN = dt.date(2020, 1, 11)
FEB = dt.date(2020, 2, 8)


def history(rows: list[tuple[int, int, float, dt.date, int]]) -> GameArrays:
    first, second, score, day, tournament = zip(*rows, strict=True)
    return GameArrays.from_arrays(first, second, score, [d.toordinal() for d in day], tournament)


def config(**changes: object) -> EvaluationConfig:
    values: dict[str, object] = {
        "start": month_index(FEB),
        "end": month_index(FEB),
        "fit_months": 1,
    }
    values.update(changes)
    return EvaluationConfig(**values)  # type: ignore[arg-type]


def test_elo_and_constant_on_two_games() -> None:
    # January: 1 beats 2 (both new, 1000, K 50: +25 / -25). February: 1 beats 2 again and is
    # predicted P = 1 / (1 + 10^(-50/500)) from the list as of 31 January.
    games = history([(1, 2, 1.0, JAN, 1), (1, 2, 1.0, FEB, 2)])
    report = evaluate(games, config(systems=("elo", "constant")))
    elo, constant = report.systems
    p = 1 / (1 + 10 ** (-50 / 500))
    assert report.games == 1
    assert elo.overall.games == 1
    assert elo.overall.log_loss == pytest.approx(-math.log(p))
    assert elo.overall.brier == pytest.approx((1 - p) ** 2)
    assert elo.overall.accuracy == 1.0
    assert constant.overall.log_loss == pytest.approx(math.log(2))
    assert constant.overall.brier == pytest.approx(0.25)
    assert constant.overall.accuracy == 0.5
    assert elo.by_year == ((2020, elo.overall),)
    groups = dict(elo.by_group)
    assert groups["newcomer"].games == 1
    assert groups["established"].games == 0


def test_wof_prediction_is_the_maximum_likelihood_share() -> None:
    # January: 1 beats 2 twice, 2 beats 1 once: P(1) = 2/3 in the WOF model, whatever the
    # weights (one month). February: 2 beats 1.
    games = history(
        [
            (1, 2, 1.0, JAN, 1),
            (1, 2, 1.0, JAN, 1),
            (2, 1, 1.0, JAN, 1),
            (2, 1, 1.0, FEB, 2),
        ]
    )
    report = evaluate(games, config(systems=("wof",)))
    (wof,) = report.systems
    assert wof.overall.log_loss == pytest.approx(-math.log(1 / 3), abs=1e-5)
    assert wof.overall.accuracy == 0.0
    assert [v.system for v in report.variants] == ["wof-colour", "wof-colour-draw"]
    # Without colours the first-move term has nothing to fit.
    assert dict(report.variants[0].fitted)["black_advantage_points"] == 0.0


def test_fitted_k_is_chosen_on_the_fit_period() -> None:
    # 1 beats 2 three times a month, January to June: a larger K makes every later
    # prediction of 1's win more confident, so the largest K scale fits best.
    rows = [(1, 2, 1.0, dt.date(2020, month, 5), month) for month in range(1, 7) for _ in range(3)]
    june = month_index(dt.date(2020, 6, 1))
    report = evaluate(
        history(rows),
        config(
            start=june,
            end=june,
            fit_months=5,
            systems=("elo-fitted", "elo"),
            elo_k_scales=(0.5, 1.0, 2.0),
        ),
    )
    fitted, seed = report.systems
    assert dict(fitted.fitted)["k_scale"] == 2.0
    assert dict(fitted.fitted)["k_new"] == 100.0
    assert fitted.overall.log_loss < seed.overall.log_loss


def test_colour_and_draw_facts() -> None:
    games = history(
        [
            (1, 2, 1.0, JAN, 1),
            (3, 4, 0.5, JAN, 1),
            (1, 2, 0.0, FEB, 2),
            (3, 4, 1.0, FEB, 2),
        ]
    )
    colour = np.array([1, 0, -1, 1], dtype=np.int8)
    report = evaluate(games, config(systems=("constant",)), colour)
    assert report.facts.games == 4
    assert report.facts.draw_rate == 0.25
    assert report.facts.coloured_games == 3
    # Black scored 1 (game 1), 1 (game 3: White lost), 1 (game 4).
    assert report.facts.black_score == 1.0


def test_no_game_in_the_report_months_is_refused() -> None:
    games = history([(1, 2, 1.0, JAN, 1)])
    with pytest.raises(RatingError, match="expected games from 2020-02"):
        evaluate(games, config())


def test_unknown_system_is_refused() -> None:
    with pytest.raises(RatingError, match="expected systems among"):
        config(systems=("trueskill",))


def newcomers_lose() -> GameArrays:
    """Players 1-4 draw among themselves every month of 2020; each month two new players
    each lose to one of them (newcomers score 0 against established players)."""
    rows = []
    new = 100
    for month in range(1, 13):
        day = dt.date(2020, month, 5)
        rows += [(1, 2, 0.5, day, month), (3, 4, 0.5, day, month), (1, 3, 0.5, day, month)]
        for veteran in (1 + month % 4, 1 + (month + 1) % 4):
            rows.append((veteran, new, 1.0, day, month))
            new += 1
    return history(rows)


def test_fitted_systems_take_the_newcomer_entry_that_fits_the_fit_period() -> None:
    # Newcomers always lose: the lowest entry of the grid predicts the fit period best, and
    # with it each fitted system predicts the report months' newcomers better than its
    # published start.
    december = month_index(dt.date(2020, 12, 1))
    systems = ("elo", "elo-fitted", "glicko2", "glicko2-fitted", "egf", "egf-fitted")
    report = evaluate(
        newcomers_lose(),
        config(
            start=december - 2,
            end=december,
            fit_months=9,
            systems=systems,
            elo_k_scales=(1.0,),
            entry_offsets=(-300.0, -100.0, 0.0),
            glicko2_deviations=(350.0,),
            glicko2_taus=(0.5,),
            egf_con_divisors=(200.0,),
        ),
    )
    by_name = {s.system: s for s in report.systems}
    assert dict(by_name["elo-fitted"].fitted)["entry"] == 1000.0 - 300.0
    assert dict(by_name["glicko2-fitted"].fitted)["entry"] == 1500.0 - 300.0
    assert dict(by_name["egf-fitted"].fitted)["entry"] == 1500.0 - 300.0
    for published in ("elo", "glicko2", "egf"):
        fitted = dict(by_name[f"{published}-fitted"].by_group)["newcomer"]
        assert fitted.games == 6
        assert fitted.log_loss < dict(by_name[published].by_group)["newcomer"].log_loss


def test_paired_differences_are_against_the_best_system() -> None:
    december = month_index(dt.date(2020, 12, 1))
    report = evaluate(
        newcomers_lose(),
        config(start=december - 2, end=december, fit_months=9, systems=("elo", "constant")),
    )
    elo, constant = report.systems
    # Elo predicts the veterans' wins: it is the best, and 1/2 is worse on every game.
    assert elo.overall.log_loss < constant.overall.log_loss
    paired = dict(constant.paired)
    assert set(paired) == {"overall", "newcomer", "established"}
    overall = paired["overall"]
    assert overall.against == "elo" and overall.games == 15
    assert overall.difference == pytest.approx(constant.overall.log_loss - elo.overall.log_loss)
    assert 0 < overall.low <= overall.difference <= overall.high
    own = dict(elo.paired)["overall"]
    assert (own.difference, own.low, own.high) == (0.0, 0.0, 0.0)


def test_whr_and_whr_fitted_share_one_replay() -> None:
    # `whr` read from whr-fitted's replay (entry 0) predicts exactly as WHR run alone;
    # whr-fitted takes the lowest entry, newcomers always losing.
    december = month_index(dt.date(2020, 12, 1))
    window = {"start": december - 2, "end": december, "fit_months": 9}
    offsets = (-300.0, -100.0, 0.0)
    both = evaluate(
        newcomers_lose(), config(**window, systems=("whr", "whr-fitted"), entry_offsets=offsets)
    )
    alone = evaluate(newcomers_lose(), config(**window, systems=("whr",)))
    whr, fitted = both.systems
    assert whr.overall == alone.systems[0].overall
    assert dict(fitted.fitted)["entry"] == -300.0
    newcomers = dict(fitted.by_group)["newcomer"]
    assert newcomers.log_loss < dict(whr.by_group)["newcomer"].log_loss


def test_scores_by_games_played_layoff_and_pool() -> None:
    # Report months October to December of `newcomers_lose`: 15 games. Expected bands from
    # the rules, counted here game by game.
    games = newcomers_lose()
    december = month_index(dt.date(2020, 12, 1))
    pools = {1: "Japan", 2: "Japan", 3: "Europe", 4: "Europe"}
    report = evaluate(
        games,
        config(start=december - 2, end=december, fit_months=9, systems=("constant",)),
        pools=pools,
    )
    # The fewer games the two players had before the game's month, month by month.
    played: dict[int, int] = {}
    fewest: list[int] = []
    rows = list(
        zip(games.first.tolist(), games.second.tolist(), games.months().tolist(), strict=True)
    )
    for month in sorted({m for *_, m in rows}):
        this = [(a, b) for a, b, m in rows if m == month]
        if month >= december - 2:
            fewest += [min(played.get(a, 0), played.get(b, 0)) for a, b in this]
        for a, b in this:
            played[a] = played.get(a, 0) + 1
            played[b] = played.get(b, 0) + 1
    (constant,) = report.systems
    bands = {kind: dict(labels) for kind, labels in constant.by_band}
    expected = {
        label: sum(lo <= f and (hi is None or f <= hi) for f in fewest)
        for label, (lo, hi) in zip(
            ("0", "1-9", "10-49", "50-199", "200+"),
            ((0, 0), (1, 9), (10, 49), (50, 199), (200, None)),
            strict=True,
        )
    }
    assert {label: s.games for label, s in bands["games_played"].items()} == expected
    assert expected["0"] == 6 and sum(expected.values()) == 15
    # Every veteran plays every month: each report game's longest layoff is one month.
    assert {label: s.games for label, s in bands["layoff"].items()} == {
        "0-1": 15,
        "2-6": 0,
        "7-24": 0,
        "25+": 0,
    }
    # 1-2 Japanese, 3-4 European, 1-3 and every newcomer game (newcomers: others) mixed.
    assert {label: s.games for label, s in bands["pool"].items()} == {
        "Japan": 3,
        "Europe": 3,
        "others": 0,
        "mixed": 9,
    }
    errors = dict(constant.calibration_error)
    # 1/2 for every game, scored from both sides: perfectly calibrated in its one bin.
    assert errors["overall"] == 0.0 and set(errors) == {"overall", "newcomer", "established"}


def test_list_stability_and_drift() -> None:
    # Every month of 2020-2021: 1 beats 2, 2 beats 3, 3 beats 4. From February 2020 on, Elo
    # ranks them 1 > 2 > 3 > 4 in every list (2 gains a little, 3 loses a little each
    # month): consecutive lists correlate perfectly. Drift: the mean Elo of the four in the
    # last list of 2021 (as of 30 November, predicting December), from `elo.rate` itself.
    rows = []
    for year in (2020, 2021):
        for month in range(1, 13):
            day = dt.date(year, month, 6)
            tid = 12 * (year - 2020) + month
            rows += [(1, 2, 1.0, day, tid), (2, 3, 1.0, day, tid), (3, 4, 1.0, day, tid)]
    games = history(rows)
    december = month_index(dt.date(2021, 12, 1))
    report = evaluate(
        games, config(start=december - 11, end=december, fit_months=12, systems=("elo", "constant"))
    )
    elo_report, constant = report.systems
    assert elo_report.stability == ((2021, pytest.approx(1.0)),)
    listed = elo.to_list(
        elo.update(elo.initial(EloParams()), games.until(dt.date(2021, 11, 30)), EloParams()),
        EloParams(),
        dt.date(2021, 11, 30),
        titles=False,
    )
    assert elo_report.drift == ((2021, pytest.approx(float(listed.ratings.mean()))),)
    assert constant.stability == () and constant.drift == ()


def test_strength_bands_by_hand() -> None:
    # 200 active players rated 1..200: the share rated strictly above r is (200 - r) / 200.
    active = np.arange(1.0, 201.0)
    first = np.array([200.0, 5.0, 150.0, 100.0, 300.0, 181.0, 180.0])
    second = np.array([5.0, 198.0, np.nan, 1.0, 1.0, 2.0, 101.0])
    # Stronger player's share: 0 (top 1%), 2/200 = 0.01 (1-10%), unrated, 100/200 = 0.5
    # (bottom 50%), 0 (not in the list but above everyone: top 1%), 19/200 = 0.095 (1-10%),
    # 20/200 = 0.1 (10-50%).
    assert strength_bands(active, first, second).tolist() == [
        "top 1%",
        "1-10%",
        "unrated",
        "bottom 50%",
        "top 1%",
        "1-10%",
        "10-50%",
    ]
    # Nobody active and rated: every game is unrated.
    assert strength_bands(np.zeros(0), first[:1], second[:1]).tolist() == ["unrated"]


def test_reliability_bins_per_group_by_hand() -> None:
    # Both sides of each game: p 0.15, 0.35, 0.85 (results 0, 1, 1) and 0.85, 0.65, 0.15
    # (results 1, 0, 0). Bins of width 0.1: [0.1, 0.2) holds 0.15 twice (observed 0, 0),
    # [0.3, 0.4) 0.35 (1), [0.6, 0.7) 0.65 (0), [0.8, 0.9) 0.85 twice (1, 1).
    p = np.array([0.15, 0.35, 0.85])
    s = np.array([0.0, 1.0, 1.0])
    groups = {
        "overall": np.ones(3, dtype=bool),
        "newcomer": np.array([True, False, True]),
        "pool": np.ones(3, dtype=bool),  # not a reliability group
    }
    found = {
        g: [(b.predicted, b.observed, b.games) for b in bins]
        for g, bins in reliability(p, s, groups, 10)
    }
    assert set(found) == {"overall", "newcomer"}
    assert found["overall"] == [
        (pytest.approx(0.15), 0.0, 2),
        (pytest.approx(0.35), 1.0, 1),
        (pytest.approx(0.65), 0.0, 1),
        (pytest.approx(0.85), 1.0, 2),
    ]
    assert found["newcomer"] == [(pytest.approx(0.15), 0.0, 2), (pytest.approx(0.85), 1.0, 2)]


def test_scores_and_reliability_by_strength_band_in_the_evaluation() -> None:
    # Every month of 2020 and January to March 2021: 1 beats 2, 2 beats 3, 3 beats 4; in
    # March 2021 newcomer 5 also loses to 4. Elo ranks the four active players 1 > 2 > 3 > 4
    # in every list of 2021: shares above 0, 1/4, 2/4, 3/4. So 1-2 is a top-1% game, 2-3 a
    # 10-50% game, 3-4 a bottom-50% game, 5-4 unrated (5 is in no list).
    rows = []
    for month in range(15):
        day = dt.date(2020 + month // 12, month % 12 + 1, 6)
        rows += [(1, 2, 1.0, day, month), (2, 3, 1.0, day, month), (3, 4, 1.0, day, month)]
    rows.append((5, 4, 0.0, dt.date(2021, 3, 20), 14))
    games = history(rows)
    march = month_index(dt.date(2021, 3, 1))
    report = evaluate(
        games, config(start=march - 2, end=march, fit_months=12, systems=("elo", "constant"))
    )
    elo_report, constant = report.systems
    bands = dict(dict(elo_report.by_band)["strength"])
    assert {label: b.games for label, b in bands.items()} == {
        "top 1%": 3,
        "1-10%": 0,
        "10-50%": 3,
        "bottom 50%": 3,
        "unrated": 1,
    }
    # The top band's log-loss from the Elo formula on the month-end lists (elo.to_list).
    losses = []
    for month in range(12, 15):
        as_of = dt.date(2021, month - 11, 1) - dt.timedelta(days=1)
        listed = elo.rate(games.until(as_of), EloParams(), as_of)
        rating = dict(zip(listed.players.tolist(), listed.ratings.tolist(), strict=True))
        losses.append(math.log1p(10 ** ((rating[2] - rating[1]) / 500)))
    assert bands["top 1%"].log_loss == pytest.approx(sum(losses) / 3)
    assert math.isnan(bands["1-10%"].log_loss)
    # Without the WOF list, the constant (no list) has no strength bands.
    assert "strength" not in dict(constant.by_band)
    # The constant predicts 1/2: one bin per group, both sides, at 1/2 observed 1/2.
    diagrams = dict(constant.reliability)
    assert set(diagrams) == {"overall", "newcomer", "established"}
    assert [(b.predicted, b.observed, b.games) for b in diagrams["overall"]] == [(0.5, 0.5, 20)]
    assert [b.games for b in diagrams["newcomer"]] == [2]

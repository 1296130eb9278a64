"""Issue 37 item 4: the live page's game forecasts beat a coin on real tournaments.

Each real tournament's games are forecast as the live page forecasts them, from the ratings
as they stood before it:

- Othello: 40 tournaments of the WOF archive, 10 from the first quarter of each of 1996,
  2006, 2016 and 2025; the chosen system's list (whr-bayes) as of the 31 December before,
  rated on the two years of games before it (a list of the whole archive is a minute of CPU;
  two years keep the test to a few seconds and only make the forecast's players more often
  newcomers); the old forecast (issue 22): the WOF list's model on the WOF list of the same
  games, an unrated player at 1800 as if known.
- Go: 40 real OpenGotha tournaments (the uploads of 2020-21, one file per tournament, 19x19,
  10 or more decided games); the GoR with each game's handicap and komi (komi 0.5 in a
  handicap game), from the ratings the files carry (the EGF's for a player of origin EGF,
  else the declared rank's, uncertain), as `tournament.games.go.forecast` reads an entrant;
  the old model: the WOF curve on the ratings carried, without handicap or uncertainty.

The expected value is a coin's log-loss, ln 2 (a published constant), and the old model's on
the same games.
"""

from __future__ import annotations

import datetime as dt
import math
from pathlib import Path

import numpy as np
import pytest

from ratinglist.formats.elo_reader import read_elo
from ratinglist.model import PlayerId
from ratinglist.model.forecast import COIN_LOG_LOSS, EntrantFacts, Strength, log_loss
from ratinglist.model.go.tournament import Outcome
from ratinglist.rating.european import rate as wof_rate
from ratinglist.rating.games import GameArrays
from ratinglist.rating.params import EuropeanParams
from ratinglist.rating.registry import SYSTEMS
from ratinglist.service.go.files import read_go_file
from ratinglist.service.tournaments.forecast import wof_model
from ratinglist.service.tournaments.games.go import forecast_model as go_model
from ratinglist.service.tournaments.games.othello.forecast_model import (
    CHOSEN_SYSTEM,
    system_model,
)
from ratinglist.tournament.games.go.forecast import entrant_facts, game_terms

pytestmark = pytest.mark.realdata

YEARS = (1996, 2006, 2016, 2025)
PER_YEAR = 10
SCORES = {">": 1.0, "<": 0.0, "=": 0.5}

Games = list[tuple[int, int, float]]


def _tournaments(folder: Path, year: int) -> list[tuple[dt.date, Games]]:
    """Each .ELO file of `year`: its first day and its games between two WOF IDs."""
    out = []
    for path in sorted((folder / str(year)).glob("*.ELO")):
        read = read_elo(path)
        day = read.header.dates.start
        if day is None:
            continue
        games = [
            (int(g.first), int(g.second), SCORES[g.outcome.value])
            for g in read.games
            if g.excluded is None
            and g.first.isdigit()
            and g.second.isdigit()
            and g.first != g.second
        ]
        out.append((day, games))
    return out


def _arrays(tournaments: list[tuple[dt.date, Games]]) -> GameArrays:
    rows = sorted((day.toordinal(), a, b, s) for day, games in tournaments for a, b, s in games)
    return GameArrays(
        first=np.array([r[1] for r in rows], dtype=np.int64),
        second=np.array([r[2] for r in rows], dtype=np.int64),
        score=np.array([r[3] for r in rows], dtype=np.float64),
        day=np.array([r[0] for r in rows], dtype=np.int32),
    )


def _mean_loss(expected: list[float], scores: list[float]) -> float:
    return sum(log_loss(p, s) for p, s in zip(expected, scores, strict=True)) / len(scores)


def othello_losses(real_data: Path) -> tuple[list[float], list[float]]:
    """Each sampled Othello tournament's mean log-loss, by the chosen system and by the old
    forecast."""
    folder = real_data / "othello-rating-pipeline" / "wof_results"
    chosen = SYSTEMS[CHOSEN_SYSTEM]
    old = wof_model()
    new_losses, old_losses = [], []
    for year in YEARS:
        before = _arrays(_tournaments(folder, year - 2) + _tournaments(folder, year - 1))
        as_of = dt.date(year - 1, 12, 31)
        listed = chosen.rate(before, as_of)
        ratings = {
            int(p): Strength(float(r), float(d))
            for p, r, d in zip(listed.players, listed.ratings, listed.deviations, strict=True)
        }
        model = system_model(chosen, ratings, as_of.isoformat())
        wof = wof_rate(before, EuropeanParams(), as_of)
        registered = dict(zip(wof.players.tolist(), wof.ratings.tolist(), strict=True))
        sample = [t for t in _tournaments(folder, year) if t[0].month <= 3 and len(t[1]) >= 10]
        assert len(sample) >= PER_YEAR, (year, len(sample))
        step = len(sample) // PER_YEAR
        for _day, games in sample[::step][:PER_YEAR]:
            facts = {
                p: EntrantFacts(p, registered.get(p), p in registered)
                for game in games
                for p in game[:2]
            }
            scores = [s for _a, _b, s in games]
            new = [
                model.expected(model.strength(facts[a]), model.strength(facts[b]), None)
                for a, b, _s in games
            ]
            was = [
                old.expected(old.strength(facts[a]), old.strength(facts[b]), None)
                for a, b, _s in games
            ]
            new_losses.append(_mean_loss(new, scores))
            old_losses.append(_mean_loss(was, scores))
    return new_losses, old_losses


def test_othello_forecasts_beat_a_coin_and_the_old_model(real_data: Path) -> None:
    new_losses, old_losses = othello_losses(real_data)
    assert len(new_losses) == len(YEARS) * PER_YEAR
    new_mean, old_mean = float(np.mean(new_losses)), float(np.mean(old_losses))
    assert new_mean < COIN_LOG_LOSS == pytest.approx(math.log(2))
    assert new_mean < old_mean, (new_mean, old_mean)


GO_TOURNAMENTS = 40


def go_losses(real_data: Path) -> tuple[list[float], list[float]]:
    """Each sampled Go tournament's mean log-loss, by the GoR with uncertainty and by the old
    model."""
    files = sorted((real_data / "go" / "opengotha-remote").glob("*.xml"))
    assert len(files) > 5 * GO_TOURNAMENTS
    old = wof_model()
    names: set[str] = set()
    new_losses, old_losses = [], []
    for path in files[::5]:
        tournament = read_go_file(path).tournament
        general = tournament.parameters.general
        if general.size != 19 or general.short_name in names:
            continue
        komi = float(general.komi.replace(",", "."))
        numbers = {p.key: k for k, p in enumerate(tournament.players)}
        by_key = {p.key: p for p in tournament.players}
        scores: list[float] = []
        new: list[float] = []
        was: list[float] = []
        for g in tournament.games:
            outcome = g.result.outcome
            black_score = {Outcome.BLACK_WINS: 1.0, Outcome.WHITE_WINS: 0.0, Outcome.JIGO: 0.5}
            if g.result.by_default or outcome not in black_score or g.white == g.black:
                continue
            black = entrant_facts(by_key[g.black], PlayerId(numbers[g.black]))
            white = entrant_facts(by_key[g.white], PlayerId(numbers[g.white]))
            terms = game_terms(g.handicap, komi)
            new.append(go_model.expected(go_model.strength(black), go_model.strength(white), terms))
            carried_black = Strength(float(by_key[g.black].rating))
            carried_white = Strength(float(by_key[g.white].rating))
            was.append(old.expected(carried_black, carried_white, None))
            scores.append(black_score[outcome])
        if len(scores) < 10:
            continue
        names.add(general.short_name)
        new_losses.append(_mean_loss(new, scores))
        old_losses.append(_mean_loss(was, scores))
        if len(names) == GO_TOURNAMENTS:
            break
    return new_losses, old_losses


def test_go_forecasts_beat_a_coin_and_the_old_model(real_data: Path) -> None:
    new_losses, old_losses = go_losses(real_data)
    assert len(new_losses) == GO_TOURNAMENTS
    new_mean, old_mean = float(np.mean(new_losses)), float(np.mean(old_losses))
    assert new_mean < COIN_LOG_LOSS
    assert new_mean < old_mean, (new_mean, old_mean)

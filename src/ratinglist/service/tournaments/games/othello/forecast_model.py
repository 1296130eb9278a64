"""The score model of an Othello tournament's forecast (issue 37 item 4): the federation's
chosen rating system, each entrant with their rating and deviation in its newest stored list
before the tournament, a player it does not rate entered with its newcomer prior.

Without a stored list of the chosen system (a new site), the WOF list's model on the ratings
the entries carry, a player without one entered at `WOF_NEWCOMER` (uncertain), never at
the list's mean as if known (docs/decisions.md, "Issue 37: forecasts from the chosen
system").
"""

from __future__ import annotations

from typing import Any

from ratinglist.errors import N_, TournamentInputError
from ratinglist.model.forecast import EntrantFacts, Handicap, ScoreModel, Strength
from ratinglist.rating.entrant_forecast import newcomer_strength, system_expected, wof_expected
from ratinglist.rating.registry import SYSTEMS
from ratinglist.rating.systems import RatingSystem
from ratinglist.store import Store
from ratinglist.store.system_lists import system_entry_rows, system_list_before
from ratinglist.tournament.folded import FoldedTournament

CHOSEN_SYSTEM = "whr-bayes"
"""The system an Othello forecast uses unless asked for another: the one the site prints
(`service.evidence.PRINTED_WITHOUT_EVALUATION`: WHR's list predicted through each player's
deviation, the contest's winner; docs/decisions.md, issue 37)."""

WOF_NEWCOMER = Strength(1600.0, 400.0, True)
"""A player without a rating under the WOF model (no stored list of the chosen system): 200
points below the list's mean (newcomers lose more than they win), with a deviation of 400
points, about the spread of the list itself."""


CACHE_KEY = "tournament.forecast-lists"
"""The stored lists read by forecasts, kept per database handle by list id (a stored list
does not change; 16,000 rows are read once, not after every result)."""
KEPT_LISTS = 4
"""Lists kept per handle."""


def systems() -> tuple[str, ...]:
    """The systems a forecast may use (those that publish a list), sorted."""
    return tuple(sorted(SYSTEMS))


def _chosen(name: str) -> RatingSystem[Any]:
    found = SYSTEMS.get(name)
    if found is None:
        raise TournamentInputError(
            N_("expected a rating system among %(systems)s, got %(name)r"),
            systems=", ".join(systems()),
            name=name,
        )
    return found


def system_model(chosen: RatingSystem[Any], ratings: dict[int, Strength], day: str) -> ScoreModel:
    """The model of system `chosen` whose list of `day` rates the players of `ratings`
    (player -> rating and deviation); anyone else enters with its newcomer prior."""
    newcomer = newcomer_strength(chosen)

    def strength(facts: EntrantFacts) -> Strength:
        return ratings.get(facts.player, newcomer)

    def expected(black: Strength, white: Strength, handicap: Handicap | None) -> float:
        del handicap
        return float(system_expected(chosen, [black], [white])[0])

    description = (
        f"{chosen.name}: each player's rating and deviation in its list of {day}; a player "
        f"not in it enters at {newcomer.rating:.0f} with deviation {newcomer.deviation:.0f} "
        "(the system's newcomer prior)"
    )
    return ScoreModel(strength, expected, chosen.name, day, newcomer, description)


def _wof_model() -> ScoreModel:
    def strength(facts: EntrantFacts) -> Strength:
        return WOF_NEWCOMER if facts.rating is None else Strength(facts.rating)

    def expected(black: Strength, white: Strength, handicap: Handicap | None) -> float:
        del handicap
        return float(wof_expected([black], [white])[0])

    description = (
        "wof: 1 / (1 + 3^(-(Ra - Rb) / 200)) on the ratings as registered; an unrated player "
        f"enters at {WOF_NEWCOMER.rating:.0f} with deviation {WOF_NEWCOMER.deviation:.0f}"
    )
    return ScoreModel(strength, expected, "wof", "", WOF_NEWCOMER, description)


def score_model(db: Store, d: FoldedTournament, name: str | None) -> ScoreModel:
    """The model of system `name` (default `CHOSEN_SYSTEM`) from its newest stored list
    before the tournament's first day; the WOF model when it has none.

    Raises:
        TournamentInputError: a system that publishes no list.
    """
    chosen = _chosen(name or CHOSEN_SYSTEM)
    with db.connect() as conn:
        info = system_list_before(conn, chosen.name, d.settings.start_date)
        if info is None:
            return _wof_model()
        kept: dict[int, dict[int, Strength]] = db.attached(CACHE_KEY, dict)
        ratings = kept.get(info.id)
        if ratings is None:
            rows = system_entry_rows(conn, info.id)
            ratings = {r.player: Strength(r.rating, r.deviation) for r in rows}
            if len(kept) >= KEPT_LISTS:
                kept.clear()
            kept[info.id] = ratings
    return system_model(chosen, ratings, info.as_of.isoformat())

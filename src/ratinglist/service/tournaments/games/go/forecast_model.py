"""The score model of a Go tournament's forecast (issue 37 item 4): the EGF GoR, the
federation's own system (the Go contest found none that surely beats it, docs/decisions.md),
with the handicap and komi of each game entering Black's expected result as the GoR takes
them (`rating.go.gor.expected_white`).

An entrant whose rating the EGF gave (origin EGF in the file: the EGD's own GoR) is taken at
it, without uncertainty (the GoR has none); any other entrant is a newcomer to the EGF list,
entered at their declared rank's rating (1d = 2100, as the EGD enters a new player) with a
deviation of `NEWCOMER_DEVIATION` (the rank is a guess), which pulls their games' forecasts
towards 1/2 (`rating.go.forecast.gor_expected_black`).
"""

from __future__ import annotations

from ratinglist.errors import N_, TournamentInputError
from ratinglist.model.forecast import EntrantFacts, Handicap, ScoreModel, Strength
from ratinglist.rating.go.forecast import gor_expected_black
from ratinglist.store import Store
from ratinglist.tournament.folded import FoldedTournament

CHOSEN_SYSTEM = "egf"
"""The system a Go forecast uses: the EGF GoR."""

NEWCOMER_DEVIATION = 200.0
"""The deviation of a rating from a declared rank: two grades (the newcomer deviation of
Glicko on Go games, `rating.go.systems.GlickoGoParams.start_deviation`)."""


def systems() -> tuple[str, ...]:
    """The systems a Go forecast may use."""
    return (CHOSEN_SYSTEM,)


def strength(facts: EntrantFacts) -> Strength:
    """An entrant's GoR strength: the EGF's rating, else the declared rank's, uncertain."""
    rating = 0.0 if facts.rating is None else facts.rating
    if facts.established:
        return Strength(rating)
    return Strength(rating, NEWCOMER_DEVIATION, True)


def expected(black: Strength, white: Strength, handicap: Handicap | None) -> float:
    """Black's expected result by the GoR with the game's handicap and komi."""
    return float(gor_expected_black([black], [white], [handicap])[0])


def score_model(db: Store, d: FoldedTournament, name: str | None) -> ScoreModel:
    """The GoR model (the only system a Go forecast uses today).

    Raises:
        TournamentInputError: another system asked.
    """
    del db, d
    if name not in (None, CHOSEN_SYSTEM):
        raise TournamentInputError(
            N_("expected a rating system among %(systems)s for a Go forecast, got %(name)r"),
            systems=", ".join(systems()),
            name=name,
        )
    newcomer = Strength(0.0, NEWCOMER_DEVIATION, True)
    description = (
        "egf: the EGF GoR, Black raised by 100 (max(h, 1) - 0.5) - 100 (komi - 0.5) / 14; "
        "an entrant without an EGF rating enters at their declared rank's "
        f"(1d = 2100) with deviation {NEWCOMER_DEVIATION:.0f}"
    )
    return ScoreModel(strength, expected, CHOSEN_SYSTEM, "", newcomer, description, True)

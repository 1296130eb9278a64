"""The optional facets of a game: what some games offer and others lack.

A `Game` holds each facet or None (`Game.finals_rules`, `Game.forecaster`...): a page asks
for the facet and shows its part or not; a game lacking a facet needs no code for it, and
asking for a missing facet's action raises `NotOffered` (web 404). The required core (state,
result grammar, pairing, standings, exports) is `Game` itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ratinglist.model import PlayerId
from ratinglist.model.directed import ExplainView, FinalsView, ShownTable
from ratinglist.model.forecast import Forecast, ScoreModel
from ratinglist.model.report import PairingReport
from ratinglist.tournament.events import Event, Registered
from ratinglist.tournament.folded import FoldedTournament


class FinalsFacet(Protocol):
    """The top players play finals after the rounds (Othello's semi-finals and final)."""

    def start(self, d: FoldedTournament) -> Event:
        """The event starting the finals."""
        ...

    def finalists(self, d: FoldedTournament) -> tuple[PlayerId, ...]:
        """The players the finals would start with now, in seeding order."""
        ...

    def view(self, d: FoldedTournament, started: bool) -> FinalsView | None:
        """The finals games due so far, None before the finals."""
        ...


class ForecastFacet(Protocol):
    """Expected scores and chances of a running tournament."""

    def forecast(
        self, d: FoldedTournament, model: ScoreModel, runs: int, seed: int, seq: int
    ) -> Forecast:
        """Each game's expected score by `model`, each entrant's chances from `runs`
        simulated ends (seeded by `seed`), the log-loss of the played games (`seq`: the log
        position it is of)."""
        ...


class TeamsFacet(Protocol):
    """Team matches and team standings (Go's team tournaments)."""

    def shown_round(self, d: FoldedTournament, number: int) -> ShownTable | None:
        """The team matches of round `number`, None without teams or before the round."""
        ...

    def shown_standings(self, d: FoldedTournament) -> ShownTable | None:
        """The team standings, None without teams."""
        ...


class RegistrySource(Protocol):
    """Players are entered from the federation's registry (the WOF list), with the ratings
    of its published lists."""

    def registrations(self, d: FoldedTournament) -> tuple[Registered, ...]:
        """The entries from the registry, with their ratings as registered."""
        ...


class TypedEntries(Protocol):
    """Players are entered as the director types them (name, optional country), numbered
    in order of entry, without a registry."""

    def entry(
        self,
        d: FoldedTournament,
        surname: str,
        firstname: str,
        country: str,
        first_round: int,
    ) -> Event:
        """The registration of a typed player (refuses a second entrant of the same name)."""
        ...


class TemporaryIds(Protocol):
    """New players enter under temporary IDs until the ID officer gives the real one."""

    def entrants(self, d: FoldedTournament) -> tuple[Registered, ...]:
        """The entrants still waiting for a federation ID."""
        ...


class PairingCosts(Protocol):
    """A published round's pairing by costs: each pair's cost by criterion, and a report
    of the next-best opponents."""

    def explain(
        self, d: FoldedTournament, number: int, asked: Sequence[tuple[int, int]]
    ) -> ExplainView:
        """Each pair's cost by criterion in round `number` (and of the `asked` pairs)."""
        ...

    def report(self, d: FoldedTournament, number: int) -> PairingReport:
        """The round's pairing report."""
        ...

"""Go pairing use cases on OpenGotha files: the cost of every pair of a round, and its pairing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ratinglist.errors import TournamentError
from ratinglist.formats.opengotha_xml import read_opengotha
from ratinglist.pairing.go.costs import PART_NAMES
from ratinglist.tournament.games.go import round_costs as compute_round_costs


@dataclass(frozen=True, slots=True)
class PairCostRow:
    """The cost parts of one pair, OpenGotha's field names and their values."""

    player1: str
    player2: str
    parts: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        """OpenGotha's ``totalCost``."""
        return 1 + sum(v for _, v in self.parts)


@dataclass(frozen=True, slots=True)
class RoundCosts:
    """Round `round` (1-based) of a file: every pairable pair's costs, our pairing, its weight."""

    round: int
    costs: tuple[PairCostRow, ...]
    pairs: tuple[tuple[str, str], ...]
    bye: str | None
    weight: int


def opengotha_round_costs(path: Path, round_number: int) -> RoundCosts:
    """The costs of round `round_number` of the OpenGotha file at `path`, and our pairing.

    The rounds before it are kept as the file has them, and the bye of the round itself.

    Raises:
        OpenGothaError: the file cannot be read.
        TournamentError: the round is not a round of the tournament.
    """
    t = read_opengotha(path)
    rounds = t.parameters.general.number_of_rounds
    if not 1 <= round_number <= rounds:
        raise TournamentError(f"expected a round in 1..{rounds}, got {round_number}")
    result = compute_round_costs(t, round_number - 1)
    names = {p.key: p.full_name for p in t.players}
    rows = tuple(
        PairCostRow(names[a], names[b], tuple(zip(PART_NAMES, parts, strict=True)))
        for a, b, parts in result.costs
    )
    pairs = tuple((names[g.white], names[g.black]) for g in result.pairing.games)
    bye = names[result.pairing.bye] if result.pairing.bye else None
    return RoundCosts(round_number, rows, pairs, bye, result.pairing.weight)

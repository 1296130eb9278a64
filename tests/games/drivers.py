"""How the contract test drives each game: what a registration adds, how a result is typed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Entry = Callable[[str, str], tuple[str, dict[str, object]]]
"""The JSON API's route (under the tournament) and body entering a new player
(surname, first name)."""


def registry_entry(surname: str, firstname: str) -> tuple[str, dict[str, object]]:
    """A new player by the generic `/players` (a name and a country)."""
    return "players", {"new": {"surname": surname, "firstname": firstname, "country": "FRA"}}


def ranked_entry(surname: str, firstname: str) -> tuple[str, dict[str, object]]:
    """A Go player with a rank, by `/entries`."""
    new = {"surname": surname, "firstname": firstname, "rank": "3k", "country": "FR"}
    return "entries", {"new": [new]}


@dataclass(frozen=True, slots=True)
class Driver:
    """A game as the contract test drives it: CLI options of a new player, a result, its
    correction, the main export's kind, the last entrant's ID, how the API enters a player."""

    game: str
    register: tuple[str, ...]
    result: str
    correction: str
    export: str
    last: str
    """The last of the four entrants as the CLI names it (Othello's new players: NEW4)."""
    api_entry: Entry = registry_entry


DRIVERS = {
    "othello": Driver("othello", ("--country", "FRA"), "40-24", "20-44", "elo", "NEW4"),
    "go": Driver("go", ("--rank", "3k", "--country", "FR"), "1-0", "0-1", "h9", "4", ranked_entry),
    "draughts_lite": Driver("draughts_lite", ("--country", "FRA"), "1-0", "=", "csv", "4"),
}
"""Every game of `games()` needs one (the contract test fails for a game without)."""

NAMES = ("ALPHA,Ann", "BRAVO,Bob", "CHARLIE,Cid", "DELTA,Dee")

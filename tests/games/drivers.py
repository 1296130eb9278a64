"""How the contract test drives each game: what a registration adds, how a result is typed."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Driver:
    """A game as the contract test drives it: CLI options of a new player, a result, its
    correction, the main export's kind and what the standings' first column reads."""

    game: str
    register: tuple[str, ...]
    result: str
    correction: str
    export: str
    last: str
    """The last of the four entrants as the CLI names it (Othello's new players: NEW4)."""


DRIVERS = {
    "othello": Driver("othello", ("--country", "FRA"), "40-24", "20-44", "elo", "NEW4"),
    "go": Driver("go", ("--rank", "3k", "--country", "FR"), "1-0", "0-1", "h9", "4"),
    "draughts_lite": Driver("draughts_lite", ("--country", "FRA"), "1-0", "=", "csv", "4"),
}
"""Every game of `games()` needs one (the contract test fails for a game without)."""

NAMES = ("ALPHA,Ann", "BRAVO,Bob", "CHARLIE,Cid", "DELTA,Dee")


def api_entry(game: str, name: str) -> tuple[str, dict[str, object]]:
    """The JSON API's route (under the tournament) and body entering a new player `name`:
    Go's players come with a rank (`/entries`), the others by the generic `/players`."""
    surname, firstname = name.split(",")
    if game == "go":
        new = {"surname": surname, "firstname": firstname, "rank": "3k", "country": "FR"}
        return "entries", {"new": [new]}
    return "players", {"new": {"surname": surname, "firstname": firstname, "country": "FRA"}}

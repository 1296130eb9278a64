"""A directed tournament folded from its log, whatever its game.

`FoldedTournament` holds the settings of the creation, the game's own state (`play`: the
value its `Game` builds and changes, e.g. Othello's `OthelloPlay` or Go's `GoState`) and
whether the tournament is closed (submitted, not reopened). The engine, the services and
the pages read the game's state only through the game (`tournament.game`); code of one game
takes its own state with that game's accessor (`othello(d)`, `go_play(d)`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ratinglist.tournament.events import Settings


class Play(Protocol):
    """What every game's state says: the rounds published so far."""

    @property
    def paired(self) -> int:
        """The number of rounds published (paired) so far."""
        ...


@dataclass(frozen=True, slots=True)
class FoldedTournament:
    """Settings, the game's state, whether the tournament is closed, whether its director
    shows it on the public live pages, the reason of a pending request to the rating
    officer to reopen it (None: none pending), and the director's reason for submitting it
    unfinished (None: not submitted so), and the language its director set for its pages and
    sheets (None: none set, issue 36)."""

    settings: Settings
    play: Play
    closed: bool = False
    public: bool = False
    reopen_request: str | None = None
    submitted_reason: str | None = None
    language: str | None = None

    @property
    def paired(self) -> int:
        """The number of rounds published so far."""
        return self.play.paired

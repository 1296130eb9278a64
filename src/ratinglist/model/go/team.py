"""Go team tournaments as OpenGotha keeps them (GO.md section h).

A team has a number, a name and, per round, a player on each board (board 1 strongest).
Rounds and boards are 0-based here (1-based in files and on screen). Team standings use the
team criteria (`TeamCriterion`); the team size is 2..10 boards.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from operator import attrgetter

MIN_TEAM_SIZE = 2
MAX_TEAM_SIZE = 10


class TeamCriterion(enum.StrEnum):
    """A team placement criterion; the value is OpenGotha's XML name."""

    NULL = "NULL"
    TEAMP = "TEAMP"
    SOST = "SOST"
    BDW = "BDW"
    BDW9U = "BDW9U"
    BDW8U = "BDW8U"
    BDW7U = "BDW7U"
    BDW6U = "BDW6U"
    BDW5U = "BDW5U"
    BDW4U = "BDW4U"
    BDW3U = "BDW3U"
    BDW2U = "BDW2U"
    BDW1U = "BDW1U"
    MNR = "MNR"

    @property
    def upper_boards(self) -> int:
        """For BDWxU, the x boards counted; 0 for the other criteria."""
        if self.value.startswith("BDW") and self.value.endswith("U"):
            return int(self.value[3:-1])
        return 0


DEFAULT_TEAM_CRITERIA = (
    TeamCriterion.TEAMP,
    TeamCriterion.BDW,
    TeamCriterion.BDW3U,
    TeamCriterion.BDW2U,
    TeamCriterion.BDW1U,
    TeamCriterion.MNR,
)


@dataclass(frozen=True, slots=True)
class TeamMember:
    """The player (identity key) on `board` of a team in `round` (both 0-based)."""

    round: int
    board: int
    player: str


_round_board = attrgetter("round", "board")


@dataclass(frozen=True, slots=True)
class GoTeam:
    """A team: its number (1-based), name and members per round and board."""

    number: int
    name: str
    members: tuple[TeamMember, ...] = ()

    def member(self, round_: int, board: int) -> str | None:
        """The player on `board` in `round_`, None if nobody is set there."""
        for m in self.members:
            if m.round == round_ and m.board == board:
                return m.player
        return None

    def board_players(self, round_: int) -> dict[int, str]:
        """Board -> player for `round_`."""
        return {m.board: m.player for m in self.members if m.round == round_}

    def with_member(self, round_: int, board: int, player: str, rounds: int) -> GoTeam:
        """The team with `player` on `board` from `round_`: set in `round_`, and copied to
        each later round (< `rounds`) whose board is still empty (OpenGotha's rule)."""
        members = [m for m in self.members if not (m.round == round_ and m.board == board)]
        members.append(TeamMember(round_, board, player))
        taken = {m.round for m in self.members if m.board == board}
        for later in range(round_ + 1, rounds):
            if later not in taken:
                members.append(TeamMember(later, board, player))
        members.sort(key=_round_board)
        return replace(self, members=tuple(members))

    def without_member(self, round_: int, board: int) -> GoTeam:
        """The team with nobody on `board` in `round_` (later rounds unchanged)."""
        members = tuple(m for m in self.members if not (m.round == round_ and m.board == board))
        return replace(self, members=members)

    def ordered_by_rating(self, round_: int, ratings: dict[str, int]) -> GoTeam:
        """The team with `round_`'s members reordered, strongest (highest rating) on board 1."""
        players = sorted(
            self.board_players(round_).items(), key=lambda item: (-ratings.get(item[1], 0), item[0])
        )
        others = [m for m in self.members if m.round != round_]
        mine = [TeamMember(round_, board, key) for board, (_, key) in enumerate(players)]
        members = sorted(others + mine, key=lambda m: (m.round, m.board))
        return replace(self, members=tuple(members))


@dataclass(frozen=True, slots=True)
class TeamParameters:
    """OpenGotha's TeamTournamentParameterSet: team size and team placement criteria."""

    team_size: int = 4
    placement: tuple[TeamCriterion, ...] = DEFAULT_TEAM_CRITERIA

    @property
    def criteria(self) -> tuple[TeamCriterion, ...]:
        """The criteria without the NULL placeholders."""
        return tuple(c for c in self.placement if c is not TeamCriterion.NULL)

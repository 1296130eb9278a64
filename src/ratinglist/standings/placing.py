"""Places decided by a knockout stage played after the rounds (play-offs, semi-finals, final).

The knockout games come in stages: a new stage begins with each new section of the file and
whenever a player of the current stage meets someone else (the semi-final winners meeting
in the final). Games of one pair within a stage are one match, won on points, then on the
sum of discs (level on both: the higher player of the rounds goes through, and the match is
`undecided`). The loser of a match between two players still in the knockout is out at that
stage; a match between players already out (the third-place game) puts its winner above
its loser, whatever the stages they went out at. Only the
bracket of the best player of the rounds counts (a file may put the finals of two divisions
under the same comments). The knockout's
players take the places from the best place any of them holds in the rounds' order (the top
for finals; 4th and 5th for a play-off for 4th place): those still in at the end first, then
those out later above those out earlier; everyone else keeps the order of the rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class KnockoutGame:
    """A game of the knockout: its section, the stage name (None: inferred from the number
    of players still in), both players, the first player's points and both disc counts.

    `rank` orders the stages however the file lists them (play-offs 0, quarter-finals 1,
    semi-finals 2, final 3); a `placement` game (third place, 4th/5th place) decides the
    order of its two players only and puts nobody out."""

    section: int
    label: str | None
    first: int
    second: int
    first_points: float
    first_discs: int
    second_discs: int
    rank: int = 0
    placement: bool = False


@dataclass(frozen=True, slots=True)
class Knockout:
    """Every player in place order, the stage each knockout player reached (``winner``,
    ``final``, ``semi-final`` ...) and the matches level on points and discs."""

    order: tuple[int, ...]
    reached: dict[int, str]
    undecided: tuple[tuple[int, int], ...]


def _size_label(players_in: int) -> str:
    if players_in <= 2:
        return "final"
    if players_in <= 4:
        return "semi-final"
    if players_in <= 8:
        return "quarter-final"
    return "play-off"


@dataclass
class _Match:
    a: int
    b: int
    label: str | None = None
    points: float = 0.0
    discs: int = 0
    games: int = 0

    def add(self, g: KnockoutGame) -> None:
        sign = 1 if g.first == self.a else -1
        a_points = g.first_points if sign == 1 else 1.0 - g.first_points
        self.points += a_points - (1.0 - a_points)
        self.discs += sign * (g.first_discs - g.second_discs)
        self.games += 1


def _stages(games: Sequence[KnockoutGame]) -> list[tuple[str | None, list[_Match]]]:
    """The matches in stages. The games of one pair in a section are one match wherever they
    come (best-of-three semi-finals played in turns); a new match starts a new stage when one
    of its players is already in another match of the current stage."""
    stages: list[tuple[str | None, list[_Match]]] = []
    section: int | None = None
    matches: dict[frozenset[int], _Match] = {}
    current: set[int] = set()
    for g in games:
        pair = frozenset((g.first, g.second))
        if g.section != section or not stages:
            stages.append((g.label, []))
            section, matches, current = g.section, {}, set()
        match = matches.get(pair)
        if match is None:
            if pair & current:
                stages.append((g.label, []))
                current = set()
            match = _Match(g.first, g.second, g.label)
            stages[-1][1].append(match)
            matches[pair] = match
            current |= pair
        match.add(g)
    return stages


def main_bracket(
    pairs: Sequence[tuple[int, int]], rank: Callable[[int], int]
) -> set[tuple[int, int]]:
    """The pairs of the bracket holding the best-ranked player (a file may hold the finals
    of two divisions, or a women's final, among the same games: they place nobody)."""
    group = {p: p for pair in pairs for p in pair}

    def root(p: int) -> int:
        while group[p] != p:
            group[p] = group[group[p]]
            p = group[p]
        return p

    for a, b in pairs:
        group[root(a)] = root(b)
    if not group:
        return set()
    best = root(min(group, key=rank))
    return {(a, b) for a, b in pairs if root(a) == best}


def _main_bracket(games: list[KnockoutGame], rank: dict[int, int]) -> list[KnockoutGame]:
    """The games of `main_bracket`."""
    kept = main_bracket([(g.first, g.second) for g in games], rank.__getitem__)
    return [g for g in games if (g.first, g.second) in kept]


def _result(m: _Match, rank: dict[int, int], undecided: list[tuple[int, int]]) -> tuple[int, int]:
    """(winner, loser) of a match: points, then discs, then the better place of the rounds."""
    if m.points != 0:
        return (m.a, m.b) if m.points > 0 else (m.b, m.a)
    if m.discs != 0:
        return (m.a, m.b) if m.discs > 0 else (m.b, m.a)
    winner, loser = sorted((m.a, m.b), key=rank.__getitem__)
    undecided.append((winner, loser))
    return winner, loser


def knockout_order(base: Sequence[int], games: Sequence[KnockoutGame]) -> Knockout:
    """Place the players of `base` (the order of the rounds, best first) by `games` (the
    knockout in file order); players only in `games` join the end of `base`."""
    order = list(dict.fromkeys([*base, *(p for g in games for p in (g.first, g.second))]))
    rank = {p: i for i, p in enumerate(order)}
    indexed = sorted(enumerate(games), key=lambda item: (item[1].rank, item[0]))
    eliminating = _main_bracket([g for _, g in indexed if not g.placement], rank)
    alive = {p for g in eliminating for p in (g.first, g.second)}
    knockout_players = set(alive)
    out_at: dict[int, int] = {}
    consolation = dict.fromkeys(order, 0)
    reached: dict[int, str] = {}
    undecided: list[tuple[int, int]] = []
    decided: list[tuple[int, int]] = []
    for index, (label, matches) in enumerate(_stages(eliminating)):
        players_in = len(alive)
        for m in matches:
            winner, loser = _result(m, rank, undecided)
            if m.a in alive and m.b in alive:
                out_at[loser] = index
                reached[loser] = label or _size_label(players_in)
            else:
                consolation[winner] += 1
                consolation[loser] -= 1
                decided.append((winner, loser))
        alive -= set(out_at)
    for p in alive:
        reached[p] = "winner" if len(alive) == 1 else "not eliminated"
    placements = [m for _, ms in _stages([g for g in games if g.placement]) for m in ms]
    for m in placements:
        winner, loser = _result(m, rank, undecided)
        decided.append((winner, loser))
        consolation[winner] += 1
        consolation[loser] -= 1
        for p in (m.a, m.b):
            if p not in reached and m.label is not None:
                reached[p] = m.label
    never = 1 << 30
    start = min((rank[p] for p in knockout_players), default=0)

    def key(p: int) -> tuple[int, int, int, int]:
        if p not in knockout_players:
            return (0 if rank[p] < start else 2, 0, 0, rank[p])
        return (1, -out_at.get(p, never), -consolation[p], rank[p])

    placed = sorted(order, key=key)
    for winner, loser in decided:
        if (winner in knockout_players) != (loser in knockout_players):
            continue
        i, j = placed.index(winner), placed.index(loser)
        if i > j:
            placed[i], placed[j] = loser, winner
    return Knockout(tuple(placed), reached, tuple(undecided))

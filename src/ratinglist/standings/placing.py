"""Places decided by a knockout stage played after the rounds (play-offs, semi-finals, final).

The stages are read from who meets whom, not from where the games stand in the file: all
games of one pair are one match (a best of two or three, tie-breaks included, played in
turns with other matches), won on points, then on the sum of discs (level on both: the
higher player of the rounds goes through, and the match is `undecided`). Each player
beaten at least once was put out by one of those losses; the others are placement matches
(the third-place game), played once both players were out at the same stage. The reading
keeps the file's order wherever the bracket allows it. A stage is a match's distance to
the final: the final is the winner's last match, the semi-final the match whose winner
plays the final, and so on (a play-off between rank neighbours to enter the semi-finals is
one stage further). Only the bracket of the best player of the rounds counts (a file may
put the finals of two divisions, or a women's final, under the same comments).

The knockout's players take the places from the best place any of them holds in the
rounds' order (the top when the file calls a game of it the final): the winner, then those
out later above those out earlier, a placement match's winner above its loser; placing
games outside the bracket come right after it; everyone else keeps the order of the
rounds. Games that are no single-elimination bracket (a round robin, a player out playing
on against one still in, nobody or two players unbeaten), or that read as brackets placing
anyone differently, place nobody: `Knockout.unreadable` says why, and the order of the
rounds stands.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class KnockoutGame:
    """A game of the knockout: its section, the stage its comment names (None: none),
    both players, the first player's points and both disc counts. A `placement` game
    (third place, 4th/5th place) orders its two players only; inside the bracket the
    structure decides which games put nobody out."""

    section: int
    label: str | None
    first: int
    second: int
    first_points: float
    first_discs: int
    second_discs: int
    placement: bool = False


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One match of the knockout: its stage, who won, the points each scored in it, and
    whether it was level on points and discs (the better player of the rounds went on)."""

    stage: str
    winner: int
    loser: int
    winner_points: float
    loser_points: float
    undecided: bool = False


@dataclass(frozen=True, slots=True)
class Knockout:
    """Every player in place order, the stage each knockout player reached (``winner``,
    ``final``, ``semi-final`` ...), the matches level on points and discs, every match in
    the order played, and why the knockout could not be read (None when it could: when
    set, `order` is the order of the rounds and nobody has a stage)."""

    order: tuple[int, ...]
    reached: dict[int, str]
    undecided: tuple[tuple[int, int], ...]
    matches: tuple[MatchResult, ...] = ()
    unreadable: str | None = None


@dataclass
class _Match:
    a: int
    b: int
    labels: list[str | None]
    points: float = 0.0
    discs: int = 0
    a_points: float = 0.0
    b_points: float = 0.0

    def add(self, g: KnockoutGame) -> None:
        sign = 1 if g.first == self.a else -1
        a_points = g.first_points if sign == 1 else 1.0 - g.first_points
        self.points += a_points - (1.0 - a_points)
        self.a_points += a_points
        self.b_points += 1.0 - a_points
        self.discs += sign * (g.first_discs - g.second_discs)
        if g.label not in self.labels:
            self.labels.append(g.label)


def _matches(games: Sequence[KnockoutGame]) -> list[_Match]:
    """One match per pair, in the order of its first game (a pair's games the file marks
    as a placing game are a match of their own: a third-place game after a semi-final)."""
    matches: dict[tuple[frozenset[int], bool], _Match] = {}
    for g in games:
        pair = (frozenset((g.first, g.second)), g.placement)
        match = matches.get(pair)
        if match is None:
            match = matches[pair] = _Match(g.first, g.second, [])
        match.add(g)
    return list(matches.values())


def main_bracket(
    pairs: Sequence[tuple[int, int]],
    rank: Callable[[int], int],
    among: Collection[int] | None = None,
) -> set[tuple[int, int]]:
    """The pairs of the bracket holding the best-ranked player (of `among`, default
    everyone in `pairs`): a file may hold the finals of two divisions, or a women's final,
    among the same games: they place nobody."""
    group = {p: p for pair in pairs for p in pair}

    def root(p: int) -> int:
        while group[p] != p:
            group[p] = group[group[p]]
            p = group[p]
        return p

    for a, b in pairs:
        group[root(a)] = root(b)
    candidates = [p for p in group if among is None or p in among]
    if not candidates:
        return set()
    best = root(min(candidates, key=rank))
    return {(a, b) for a, b in pairs if root(a) == best}


def _main_bracket(games: list[KnockoutGame], rank: dict[int, int]) -> list[KnockoutGame]:
    """The games of `main_bracket` around the best player of a game that is no `placement`
    game (none when every game is one)."""
    deciding = {p for g in games if not g.placement for p in (g.first, g.second)}
    kept = main_bracket([(g.first, g.second) for g in games], rank.__getitem__, deciding)
    return [g for g in games if (g.first, g.second) in kept]


def _result(m: _Match, rank: dict[int, int]) -> tuple[int, int, bool]:
    """(winner, loser, undecided) of a match: points, then discs, then the better place of
    the rounds (then `undecided` is True)."""
    if m.points != 0:
        return (m.a, m.b, False) if m.points > 0 else (m.b, m.a, False)
    if m.discs != 0:
        return (m.a, m.b, False) if m.discs > 0 else (m.b, m.a, False)
    winner, loser = sorted((m.a, m.b), key=rank.__getitem__)
    return winner, loser, True


def _level_name(level: int, matches: int) -> str:
    """The usual name of the stage `level` matches before the end (1: the final) holding
    `matches` matches: a stage with fewer matches than half a full one is a play-off."""
    if level == 1:
        return "final"
    if level == 2:
        return "semi-final"
    if level == 3 and matches >= 3:
        return "quarter-final"
    if level == 4 and matches >= 5:
        return "eighth-final"
    return "play-off"


@dataclass(frozen=True, slots=True)
class _Bracket:
    """The matches of the knockout read as a tree: each elimination match with its level
    (1: the final), the placement matches (both players already out), and who is still in."""

    elimination: tuple[tuple[_Match, int, int, bool, int], ...]
    placement: tuple[tuple[_Match, int, int, bool], ...]
    alive: frozenset[int]


MAX_READINGS = 1024
"""Ways of choosing which loss put each player out tried before a knockout is unreadable."""


def _read_in_order(
    matches: Sequence[_Match],
    results: Sequence[tuple[int, int, bool]],
    finals: frozenset[frozenset[int]],
) -> _Bracket | None:
    """`matches` played in this order as a bracket, or None when a player out plays on
    against one still in, more than one player is never beaten, a placement match is
    between players out at different stages, or a pair of `finals` (the one pair of a
    section the file calls the final) meets before the last stage."""
    alive = {p for m in matches for p in _players(m)}
    elimination: list[tuple[_Match, int, int, bool]] = []
    placement: list[tuple[_Match, int, int, bool]] = []
    for m, (winner, loser, undecided) in zip(matches, results, strict=True):
        inside = (m.a in alive) + (m.b in alive)
        if inside == 2:
            alive.discard(loser)
            elimination.append((m, winner, loser, undecided))
        elif inside == 0:
            placement.append((m, winner, loser, undecided))
        else:
            return None
    if elimination and len(alive) != 1:
        return None
    levels = [0] * len(elimination)
    for i in range(len(elimination) - 1, -1, -1):
        winner = elimination[i][1]
        following = next(
            (j for j in range(i + 1, len(elimination)) if winner in _players(elimination[j][0])),
            None,
        )
        levels[i] = 1 if following is None else levels[following] + 1
    level_of = {e[2]: level for e, level in zip(elimination, levels, strict=True)}
    if any(level_of[winner] != level_of[loser] for _, winner, loser, _ in placement):
        return None
    for (m, *_), level in zip(elimination, levels, strict=True):
        if frozenset(_players(m)) in finals and level != 1:
            return None
    return _Bracket(
        tuple((*e, level) for e, level in zip(elimination, levels, strict=True)),
        tuple(placement),
        frozenset(alive),
    )


def _schedule(
    results: Sequence[tuple[int, int, bool]], out: dict[int, int], count: int, by_wins: bool
) -> list[int] | None:
    """An order of the matches (indices) in which each player's knockout wins come before
    the match `out` says put them out, and every other match of theirs after it; with
    `by_wins`, a player's wins in the order of how many knockout wins each beaten opponent
    had (the final's loser won the most: a file listing the final first); among the
    matches free to come next, the first in the file. None when no order fits."""
    before: list[set[int]] = [set() for _ in range(count)]
    for i, (winner, loser, _) in enumerate(results):
        eliminating = out.get(loser) == i
        for p in (winner, loser):
            k = out.get(p)
            if k is None or k == i:
                continue
            if eliminating:
                before[k].add(i)
            else:
                before[i].add(k)
    wins: dict[int, list[int]] = {}
    for i, (winner, loser, _) in enumerate(results):
        if out.get(loser) == i:
            wins.setdefault(winner, []).append(i)
    for won in wins.values() if by_wins else ():
        won.sort(key=lambda i: (len(wins.get(results[i][1], ())), i))
        for earlier, later in itertools.pairwise(won):
            before[later].add(earlier)
    done: list[int] = []
    waiting = {i: set(b) for i, b in enumerate(before)}
    free = sorted(i for i, b in waiting.items() if not b)
    while free:
        i = free.pop(0)
        done.append(i)
        del waiting[i]
        for j, b in waiting.items():
            if i in b:
                b.discard(i)
                if not b:
                    free.append(j)
        free.sort()
    return done if len(done) == count else None


def _inversions(order: Sequence[int]) -> int:
    return sum(1 for i, a in enumerate(order) for b in order[i + 1 :] if b < a)


def _read_bracket(
    matches: Sequence[_Match], rank: dict[int, int], finals: frozenset[frozenset[int]]
) -> list[_Bracket] | str:
    """Every reading of `matches` (in file order) as a bracket that keeps the file's order
    best, or why they form none.

    A reading chooses, for each player beaten at least once, the match that put them out
    (the others they lost are placement games, played after both players were out); the
    one player never beaten is the winner. It keeps the order of the file except where the
    bracket needs another (a third-place game written before a semi-final).
    """
    results = [_result(m, rank) for m in matches]
    losses: dict[int, list[int]] = {}
    for i, (_, loser, _) in enumerate(results):
        losses.setdefault(loser, []).append(i)
    unbeaten = {p for m in matches for p in _players(m)} - set(losses)
    if matches and len(unbeaten) != 1:
        return f"{len(unbeaten)} players were never beaten (no single winner)"
    choices = list(losses.items())
    total = 1
    for _, lost in choices:
        total *= len(lost)
    if total > MAX_READINGS:
        return f"more than {MAX_READINGS} ways to read who put whom out"
    best: list[_Bracket] = []
    fewest = -1
    for picked in itertools.product(*(lost for _, lost in choices)):
        out = {p: k for (p, _), k in zip(choices, picked, strict=True)}
        for by_wins in (False, True):
            order = _schedule(results, out, len(matches), by_wins)
            if order is None:
                continue
            bracket = _read_in_order(
                [matches[i] for i in order], [results[i] for i in order], finals
            )
            if bracket is not None:
                break
        if order is None or bracket is None:
            continue
        moved = _inversions(order)
        if fewest == -1 or moved < fewest:
            best, fewest = [bracket], moved
        elif moved == fewest:
            best.append(bracket)
    if not best:
        return "a player out of the knockout plays again against one still in"
    return best


def _players(m: _Match) -> tuple[int, int]:
    return (m.a, m.b)


EARLY_STAGES = frozenset({"play-off", "quarter-final"})
"""Names a file may give the stages before the semi-finals (``%Quarter-finals``)."""


def _stage_names(bracket: _Bracket) -> dict[int, str]:
    """Level -> the stage's name: final and semi-final by the structure; before them, the
    file's own name (play-off or quarter-final) when every match of the level has it,
    else the usual name by the number of matches."""
    labels: dict[int, set[str | None]] = {}
    counts: dict[int, int] = {}
    for m, _, _, _, level in bracket.elimination:
        labels.setdefault(level, set()).update(m.labels)
        counts[level] = counts.get(level, 0) + 1
    names = {}
    for level, found in labels.items():
        names[level] = _level_name(level, counts[level])
        if level >= 3 and len(found) == 1:
            (label,) = found
            if label in EARLY_STAGES:
                names[level] = label
    return names


def knockout_order(base: Sequence[int], games: Sequence[KnockoutGame]) -> Knockout:
    """Place the players of `base` (the order of the rounds, best first) by `games` (the
    knockout in file order); players only in `games` join the end of `base`.

    Inside the bracket of the best player the structure decides which games are
    placement games, whatever the file's comments call them (``%Finale et 3/4`` holds
    both); a `placement` game outside it (a third-place game when the semi-finals were
    rounds, a play-off for 4th place) only orders its two players. When the bracket reads
    as no tree of matches, or as trees that place or name anyone differently, the result
    is `base` with `unreadable` saying why."""
    order = list(dict.fromkeys([*base, *(p for g in games for p in (g.first, g.second))]))
    rank = {p: i for i, p in enumerate(order)}
    main = _main_bracket(list(games), rank)
    kept = {(g.first, g.second) for g in main}
    aside = _matches([g for g in games if g.placement and (g.first, g.second) not in kept])
    brackets = _read_bracket(_matches(main), rank, _final_pairs(games))
    if isinstance(brackets, str):
        return Knockout(tuple(order), {}, (), (), brackets)
    lone = _lone_play_off(brackets)
    if lone is not None:
        return _aside(Knockout(tuple(order), {}, ()), rank, [lone, *aside])
    readings = {}
    for bracket in brackets:
        ko = _aside(_place(order, rank, bracket), rank, aside)
        readings[(ko.order, tuple(sorted(ko.reached.items())))] = ko
    if len(readings) > 1:
        return Knockout(
            tuple(order), {}, (), (), "the games read as brackets that place players differently"
        )
    return next(iter(readings.values()))


def _lone_play_off(brackets: list[_Bracket]) -> _Match | None:
    """The match of a bracket of one match the file calls a play-off (between 8th and 9th
    to enter a final group): it only orders its two players."""
    if len(brackets) != 1 or len(brackets[0].elimination) != 1:
        return None
    match = brackets[0].elimination[0][0]
    return match if match.labels == ["play-off"] else None


def _final_pairs(games: Sequence[KnockoutGame]) -> frozenset[frozenset[int]]:
    """The pair of each section the file calls the final that holds one pair only (a
    ``%Finals`` section with the semi-finals in it names no final)."""
    pairs: dict[int, set[frozenset[int]]] = {}
    for g in games:
        if g.label == "final":
            pairs.setdefault(g.section, set()).add(frozenset((g.first, g.second)))
    return frozenset(next(iter(p)) for p in pairs.values() if len(p) == 1)


def _aside(ko: Knockout, rank: dict[int, int], matches: list[_Match]) -> Knockout:
    """`ko` with the placement `matches` outside its bracket (a third-place game when the
    semi-finals were rounds, games for 5th to 8th place): their players come right after
    the bracket's, in the order the matches give (each winner moved just above its loser
    when below it: the 5/6 game after the 5-8 semi-finals), or with no bracket, each
    winner just above its loser."""
    placed = list(ko.order)
    reached = dict(ko.reached)
    results = list(ko.matches)
    block: list[int] = []
    for m in matches:
        winner, loser, undecided = _result(m, rank)
        label = next((x for x in m.labels if x is not None), "placing game")
        results.append(_match_result(label, m, winner, loser, undecided))
        for p in (m.a, m.b):
            reached.setdefault(p, label)
        if ko.reached:
            block += [p for p in (winner, loser) if p not in block]
            if block.index(loser) < block.index(winner):
                block.remove(winner)
                block.insert(block.index(loser), winner)
            continue
        i, j = placed.index(winner), placed.index(loser)
        if i > j:
            placed[i], placed[j] = loser, winner
    if block:
        rest = [p for p in placed if p not in block]
        at = max(rest.index(p) for p in ko.reached) + 1
        placed = [*rest[:at], *block, *rest[at:]]
    undecided_pairs = tuple((r.winner, r.loser) for r in results if r.undecided)
    return Knockout(tuple(placed), reached, undecided_pairs, tuple(results))


def _place(order: list[int], rank: dict[int, int], bracket: _Bracket) -> Knockout:
    """The places `bracket` gives from the best place any of its players holds (the top
    when the file calls one of its games the final): the winner, then those out later
    above those out earlier, a placement match's winner above its loser."""
    names = _stage_names(bracket)
    out_at: dict[int, int] = {}
    reached: dict[int, str] = {}
    results: list[MatchResult] = []
    for m, winner, loser, undecided, level in bracket.elimination:
        out_at[loser] = level
        reached[loser] = names[level]
        results.append(_match_result(names[level], m, winner, loser, undecided))
    for p in bracket.alive:
        reached[p] = "winner"
    for m, winner, loser, undecided in bracket.placement:
        label = "third place" if out_at[winner] == 2 else "placing game"
        results.append(_match_result(label, m, winner, loser, undecided))
    start = min((rank[p] for p in reached), default=0)
    if any("final" in m.labels for m, *_ in bracket.elimination):
        start = 0

    def key(p: int) -> tuple[int, int, int]:
        if p not in reached:
            return (0 if rank[p] < start else 2, 0, rank[p])
        return (1, out_at.get(p, 0), rank[p])

    placed = sorted(order, key=key)
    for _, winner, loser, _ in bracket.placement:
        i, j = placed.index(winner), placed.index(loser)
        if i > j:
            placed[i], placed[j] = loser, winner
    undecided_pairs = tuple((r.winner, r.loser) for r in results if r.undecided)
    return Knockout(tuple(placed), reached, undecided_pairs, tuple(results))


def _match_result(stage: str, m: _Match, winner: int, loser: int, undecided: bool) -> MatchResult:
    points = {m.a: m.a_points, m.b: m.b_points}
    return MatchResult(stage, winner, loser, points[winner], points[loser], undecided)

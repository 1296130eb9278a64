"""Go standings: players sorted on the placement criteria, shared places, half-game strings.

GO.md sections e and f: descending on up to six criteria; players equal on all of them share
the place (a blank place string in exports), then name and first name order the lines. A
player's round is shown as a half-game string: opponent's line number, result (+ - = ?),
``/`` normal or ``!`` by default, colour (w b ?), handicap; rounds without a game as ``0+``,
``0=`` or ``0-`` by the absent/bye points of the main score.
"""

from __future__ import annotations

from dataclasses import dataclass

from ratinglist.model.go.tournament import Criterion, GoSystem, GoTournament, Outcome
from ratinglist.standings.go.dc import direct_confrontation
from ratinglist.standings.go.scores import GoScores, Participation

X4_CRITERIA = frozenset({Criterion.SODOSW, Criterion.SODOSM})
"""Criteria whose values are stored times 4 (the others: times 2, or raw for rank/rating)."""
RAW_CRITERIA = frozenset(
    {Criterion.RANK, Criterion.RATING, Criterion.CAT, Criterion.DC, Criterion.SDC}
)


@dataclass(frozen=True, slots=True)
class GoStandingsRow:
    """One line of the standings: `number` its 1-based line, `place` shared by full ties."""

    number: int
    place: int
    tied_with_previous: bool
    key: str
    values: tuple[int, ...]
    rounds: tuple[str, ...]


def format_value(criterion: Criterion, value: int) -> str:
    """A criterion value as standings show it: ``36``, ``36½``; SODOS in quarters."""
    if criterion in RAW_CRITERIA:
        return str(-value + 1 if criterion is Criterion.CAT else value)
    unit = 4 if criterion in X4_CRITERIA else 2
    whole, rest = divmod(value, unit)
    frac = {0: "", 1: "¼", 2: "½", 3: "¾"}[rest * 4 // unit]
    if whole == 0 and frac:
        return frac
    return f"{whole}{frac}"


def implied_players(t: GoTournament) -> list[str]:
    """Players in at least one game or bye (the ones results files list)."""
    keys = {k for g in t.games for k in (g.white, g.black)} | {b.player for b in t.byes}
    return [p.key for p in t.players if p.key in keys]


def go_standings(
    t: GoTournament,
    r: int,
    *,
    criteria: tuple[Criterion, ...] | None = None,
    keys: list[str] | None = None,
    scores: GoScores | None = None,
) -> tuple[GoStandingsRow, ...]:
    """The standings after (0-based) round r of the players `keys` (default: all)."""
    scores = scores or GoScores(t)
    crits = criteria if criteria is not None else t.parameters.criteria
    keys = keys if keys is not None else [p.key for p in t.players]
    ordered, values = _ordered(t, r, crits, keys, scores)
    number = {k: n + 1 for n, k in enumerate(ordered)}
    rows = []
    place = 0
    for n, k in enumerate(ordered):
        tied = n > 0 and values[k] == values[ordered[n - 1]]
        if not tied:
            place = n + 1
        rounds = tuple(_half_game(t, scores, k, rr, number) for rr in range(r + 1))
        rows.append(GoStandingsRow(n + 1, place, tied, k, tuple(values[k]), rounds))
    return tuple(rows)


def placement_order(t: GoTournament, r: int, keys: list[str], scores: GoScores) -> list[str]:
    """The players `keys` in standings order after (0-based) round r (-1: before round 1),
    ties by name then first name: OpenGotha's ``orderedScoredPlayersList``, the order in
    which its pairing window lists the players to pair."""
    return _ordered(t, r, t.parameters.criteria, keys, scores)[0]


def _ordered(
    t: GoTournament,
    r: int,
    crits: tuple[Criterion, ...],
    keys: list[str],
    scores: GoScores,
) -> tuple[list[str], dict[str, list[int]]]:
    """`keys` sorted by the criteria values after round r (best first), ties by name and
    first name as OpenGotha's ``ScoredPlayerComparator``, with each player's values."""
    values = {k: [scores.value(c, k, r) for c in crits] for k in keys}
    for pos in (n for n, c in enumerate(crits) if c in (Criterion.DC, Criterion.SDC)):
        _fill_dc(t, scores, r, crits, pos, keys, values)
    player = {p.key: p for p in t.players}

    def sort_key(k: str) -> tuple[tuple[int, ...], str, str]:
        return (tuple(-v for v in values[k]), player[k].name, player[k].first_name)

    return sorted(keys, key=sort_key), values


def _fill_dc(
    t: GoTournament,
    scores: GoScores,
    r: int,
    crits: tuple[Criterion, ...],
    pos: int,
    keys: list[str],
    values: dict[str, list[int]],
) -> None:
    groups: dict[tuple[int, ...], list[str]] = {}
    for k in keys:
        groups.setdefault(tuple(values[k][:pos]), []).append(k)
    for members in groups.values():
        after = {k: tuple(values[k][pos + 1 :]) for k in members}
        got = direct_confrontation(scores, r, members, after, crits[pos] is Criterion.SDC)
        for k in members:
            values[k][pos] = got[k]


def _half_game(t: GoTournament, scores: GoScores, key: str, r: int, number: dict[str, int]) -> str:
    p = scores.players[key]
    g = p.games[r]
    if g is None:
        part = p.participation[r]
        if part is Participation.NOT_ASSIGNED:
            return "0-"
        gen = t.parameters.general
        mcmahon = t.parameters.system is GoSystem.MCMAHON
        if part is Participation.ABSENT:
            pts = gen.mms2_absent if mcmahon else gen.nbw2_absent
        else:
            pts = gen.mms2_bye if mcmahon else gen.nbw2_bye
        return "0" + {2: "+", 1: "="}.get(pts, "-")
    white = g.white == key
    o = g.result.outcome
    if o is Outcome.UNKNOWN:
        res = "?"
    elif o is Outcome.JIGO:
        res = "="
    else:
        res = "+" if g.result.points_x2(white) == 2 else "-"
    colour = ("w" if white else "b") if g.known_colour else "?"
    kind = "!" if g.result.by_default else "/"
    return f"{number.get(g.opponent(key), 0)}{res}{kind}{colour}{g.handicap}"

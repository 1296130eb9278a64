"""Rebuild a played tournament from a results file and recompute its standings.

Rounds come from the round markers (`GameLine.round`) when every usable game has one and no
player appears twice in a round; otherwise they are inferred in file order (a new round
starts when a player would appear twice). Games under ``%%Added results``, excluded games
and games with unknown players are left out. Colours: the game line's colour letter is the
first player's colour; without one, the first player is Black.

Byes are never written in results files. A player who did not play round r gets the bye
when r lies inside his span of rounds (first to last round played, stretched to round 1
when he first played in round 2 and to the last round when he last played the one before):
if several players qualify, the one with the lowest score before the round (then the last
in the player list) gets it. The bye's discs are inferred from the declared totals when
the players with byes agree on one value, else `bye_discs` is used.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ratinglist.errors import N_, TournamentError, TournamentInputError
from ratinglist.formats.results_file import GameLine, ResultsFile
from ratinglist.model import Colour, Outcome, PlayerId
from ratinglist.standings import (
    BrightwellRule,
    PlayerScores,
    StandingsConfig,
    StandingsRow,
    compute_standings,
)
from ratinglist.tournament.games.othello.results import Result
from ratinglist.tournament.games.othello.scoring import player_scores
from ratinglist.tournament.games.othello.state import (
    Entrant,
    TournamentState,
    add_entrant,
    record_result,
    set_round,
)

PAPP_BYE_DISCS = 40.0


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed tournament: the state, the token of each player and the standings."""

    source: str
    state: TournamentState
    tokens: tuple[str, ...]  # tokens[k] is the file token of PlayerId(k + 1)
    bye_discs: float
    standings: tuple[StandingsRow, ...]
    skipped_games: int = 0


@dataclass(frozen=True, slots=True)
class TotalsMismatch:
    """A player whose recomputed points or discs differ from the declared ones."""

    token: str
    declared_points: float | None
    points: float
    declared_discs: float | None
    discs: float


@dataclass(frozen=True, slots=True)
class TotalsCheck:
    """How many players' declared points and discs the replay reproduces.

    `unverifiable` players have no declared score, or one that cannot be a score (more
    points than rounds: the column holds something else); they are not in `players`.
    """

    source: str
    players: int
    matching: int
    mismatches: tuple[TotalsMismatch, ...]
    unverifiable: int = 0


def _result(g: GameLine, first_black: bool) -> Result:
    a, b = g.first_discs, g.second_discs
    if a is None or b is None:
        a, b = {Outcome.WIN: (33, 31), Outcome.LOSS: (31, 33), Outcome.DRAW: (32, 32)}[g.outcome]
    if a + b > 64 or a < 0 or b < 0:
        raise TournamentInputError(
            N_("expected disc counts summing to at most 64, got %(a)s-%(b)s"), a=a, b=b
        )
    return Result(a, b) if first_black else Result(b, a)


def _rounds(games: list[GameLine], index: dict[str, int]) -> list[list[GameLine]]:
    """The games grouped by round (markers when consistent, else inferred in file order)."""
    if games and all(g.round is not None for g in games):
        by: dict[int, list[GameLine]] = {}
        for g in games:
            assert g.round is not None
            by.setdefault(g.round, []).append(g)
        ok = all(
            len({index[x] for g in gs for x in (g.first, g.second)}) == 2 * len(gs)
            for gs in by.values()
        )
        if ok:
            return [by.get(r, []) for r in range(1, max(by) + 1)]
    rounds: list[list[GameLine]] = []
    seen: set[int] = set()
    for g in games:
        a, b = index[g.first], index[g.second]
        if not rounds or a in seen or b in seen:
            rounds.append([])
            seen = set()
        rounds[-1].append(g)
        seen.update((a, b))
    return rounds


def _infer_byes(
    played: list[set[int]],
    scores_before: list[dict[int, float]],
    n: int,
    deficit: dict[int, float],
) -> list[int | None]:
    """At most one bye per round, among the players who did not play that round.

    Preference: a player whose declared points still exceed his game points plus byes so
    far (`deficit`), then one inside his span of rounds without a bye yet, then the lowest
    score before the round. Nobody gets a bye if no candidate has a deficit or a span.
    """
    last = len(played)
    first_r: dict[int, int] = {}
    last_r: dict[int, int] = {}
    for r, ps in enumerate(played, start=1):
        for p in ps:
            first_r.setdefault(p, r)
            last_r[p] = r
    remaining = dict(deficit)
    had_bye: set[int] = set()
    byes: list[int | None] = []
    for r in range(1, last + 1):
        best: tuple[int, int, float, int] | None = None
        chosen: int | None = None
        for p in range(n):
            if p in played[r - 1] or p not in first_r:
                continue
            owed = remaining.get(p, 0.0) >= 1.0 - 1e-9
            lo = 1 if first_r[p] == 2 else first_r[p]
            hi = last if last_r[p] == last - 1 else last_r[p]
            in_span = lo <= r <= hi and p not in had_bye
            if not owed and (deficit or not in_span):
                continue
            key = (0 if owed else 1, 0 if in_span else 1, scores_before[r - 1].get(p, 0.0), -p)
            if best is None or key < best:
                best, chosen = key, p
        byes.append(chosen)
        if chosen is not None:
            had_bye.add(chosen)
            remaining[chosen] = remaining.get(chosen, 0.0) - 1.0
    return byes


def replay_results_file(
    rf: ResultsFile,
    bye_discs: float = PAPP_BYE_DISCS,
    bq_constant: float = 6.0,
    use_declared: bool = True,
    bq_rule: BrightwellRule = BrightwellRule.IFRL,
) -> Replay:
    """Rebuild the tournament of `rf` and compute its standings (see the module docstring)."""
    tokens: list[str] = []
    index: dict[str, int] = {}
    for p in rf.players:
        if p.token not in index:
            index[p.token] = len(tokens)
            tokens.append(p.token)
    usable = [
        g
        for g in rf.games
        if not g.added and g.excluded is None and g.first in index and g.second in index
    ]
    usable = [g for g in usable if g.first != g.second]
    rounds = _rounds(usable, index)
    n = len(tokens)
    played = [{index[x] for g in gs for x in (g.first, g.second)} for gs in rounds]
    results: list[list[tuple[int, int, Result]]] = []
    skipped = 0
    score = dict.fromkeys(range(n), 0.0)
    scores_before: list[dict[int, float]] = []
    for gs in rounds:
        scores_before.append(dict(score))
        out = []
        for g in gs:
            first_black = g.first_colour is not Colour.WHITE
            try:
                res = _result(g, first_black)
            except TournamentError:
                skipped += 1
                continue
            a, b = index[g.first], index[g.second]
            black, white = (a, b) if first_black else (b, a)
            out.append((black, white, res))
            score[black] += res.points(Colour.BLACK)
            score[white] += res.points(Colour.WHITE)
        results.append(out)
    deficit: dict[int, float] = {}
    if use_declared:
        for p in rf.players:
            k = index[p.token]
            if p.score is not None and k not in deficit:
                deficit[k] = p.score - score[k]
    byes = _infer_byes(played, scores_before, n, deficit)
    state = TournamentState()
    for k, token in enumerate(tokens):
        line = next(p for p in rf.players if p.token == token)
        state = add_entrant(
            state,
            Entrant(PlayerId(k + 1), f"{line.surname}, {line.firstname}", country=line.country),
        )
    for r, out in enumerate(results, start=1):
        bye = byes[r - 1]
        pairs = [(PlayerId(b + 1), PlayerId(w + 1)) for b, w, _ in out]
        state = set_round(state, r, pairs, [] if bye is None else [PlayerId(bye + 1)])
        for b, w, res in out:
            state = record_result(state, r, PlayerId(b + 1), PlayerId(w + 1), res)
    scores = player_scores(state)  # once: the bye discs and the standings both read them
    inferred = _infer_bye_discs(rf, scores, tokens)
    used = bye_discs if inferred is None else inferred
    cfg = StandingsConfig(bq_constant=bq_constant, bye_discs=used, bq_rule=bq_rule)
    return Replay(
        source=rf.source,
        state=state,
        tokens=tuple(tokens),
        bye_discs=used,
        standings=compute_standings(scores, cfg),
        skipped_games=skipped,
    )


def _infer_bye_discs(
    rf: ResultsFile, scores: tuple[PlayerScores, ...], tokens: list[str]
) -> float | None:
    """The bye disc value the declared totals show (most common per-bye excess), or None."""
    declared = {p.token: p.discs for p in rf.players}
    votes: Counter[float] = Counter()
    for s in scores:
        if s.byes == 0:
            continue
        d = declared.get(tokens[s.player - 1])
        if d is None:
            continue
        per_bye = (d - sum(g.own_discs for g in s.games)) / s.byes
        if 0 <= per_bye <= 64:
            votes[per_bye] += 1
    if not votes:
        return None
    return votes.most_common(1)[0][0]


def check_totals(rf: ResultsFile, replay: Replay, tolerance: float = 1e-6) -> TotalsCheck:
    """Compare the replay's points and discs with the declared ones of the player lines."""
    rows = {r.player: r for r in replay.standings}
    n_rounds = len(replay.state.rounds)
    mismatches = []
    matching = unverifiable = 0
    seen: set[str] = set()
    for p in rf.players:
        if p.token in seen:
            continue
        seen.add(p.token)
        if p.score is None or not 0 <= p.score <= n_rounds:
            unverifiable += 1
            continue
        k = replay.tokens.index(p.token)
        row = rows[PlayerId(k + 1)]
        ok = (p.score is None or abs(p.score - row.points) <= tolerance) and (
            p.discs is None or abs(p.discs - row.discs) <= tolerance
        )
        if ok:
            matching += 1
        else:
            mismatches.append(TotalsMismatch(p.token, p.score, row.points, p.discs, row.discs))
    return TotalsCheck(
        rf.source, len(seen) - unverifiable, matching, tuple(mismatches), unverifiable
    )

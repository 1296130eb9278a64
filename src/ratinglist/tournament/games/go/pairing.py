"""Go's part of the tournament engine: from a Go tournament to the pairing of a round.

`gotha_round` prepares what OpenGotha's pairing reads (scores after the previous round,
score-group order, draw-up/draw-down history, the bye); `pair_go_round` pairs it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ratinglist.model.go.tournament import Criterion, GoBye, GoTournament
from ratinglist.pairing.go.costs import CostModel
from ratinglist.pairing.go.input import GothaPlayer, GothaRound, PastGame
from ratinglist.pairing.go.pair import GoPairing, number_tables, pair_go
from ratinglist.standings.go.scores import GoScores
from ratinglist.standings.go.standings import placement_order


def round_players(t: GoTournament, r: int) -> list[str]:
    """The players of round r's score groups: final registration, participating in r."""
    return [p.key for p in t.players if p.final and p.plays(r)]


def choose_bye(t: GoTournament, scores: GoScores, r: int, keys: list[str]) -> str:
    """OpenGotha's bye: least rank + MMS X2 + 1000 per earlier bye; among equal weights the
    last of the players in standings order after the previous round, ties by name (OpenGotha
    3.52's ``chooseAByePlayer`` walks its pairing window's score-sorted list and keeps the
    last minimum)."""
    earlier: dict[str, int] = {}
    for b in t.byes:
        if b.round < r:
            earlier[b.player] = earlier.get(b.player, 0) + 1
    rank = {p.key: p.rank.value for p in t.players}
    best, best_w = keys[0], None
    for k in placement_order(t, r - 1, keys, scores):
        w = rank[k] + scores.mms(k, r - 1) + 1000 * earlier.get(k, 0)
        if best_w is None or w <= best_w:
            best, best_w = k, w
    return best


def gotha_round(t: GoTournament, r: int, *, bye: str | None = None) -> GothaRound:
    """Round r (0-based) of `t` as OpenGotha's pairing sees it, games of rounds >= r ignored.

    The bye is `bye`, else the file's bye of round r, else OpenGotha's choice when the
    number of players is odd.
    """
    past = t.before_round(r)
    return _gotha_round(t, r, past, GoScores(past), bye)


def _gotha_round(
    t: GoTournament, r: int, past: GoTournament, scores: GoScores, bye: str | None
) -> GothaRound:
    """`gotha_round` given `past` (`t` before round r) and its scores."""
    params = t.parameters
    main = params.main_criterion
    keys = round_players(t, r)
    if bye is None:
        bye = next((b.player for b in t.byes if b.round == r), None)
    if bye is None and len(keys) % 2:
        bye = choose_bye(t, scores, r, keys)
    pp = params.pairing
    extra = (
        pp.additional_criterion1 if r <= pp.last_round_seed_system1 else pp.additional_criterion2
    )
    criteria = [*params.placement, extra]
    byes: dict[str, int] = {}
    for b in past.byes:
        byes[b.player] = byes.get(b.player, 0) + 1
    by_key = {p.key: p for p in t.players}
    players = []
    for k in keys:
        p = by_key[k]
        du = dd = 0
        for g in scores.players[k].games:
            if g is None or g.round >= r:
                continue
            mine = scores.main_x2(main, k, g.round - 1) // 2
            theirs = scores.main_x2(main, g.opponent(k), g.round - 1) // 2
            if mine < theirs:
                du += 1
            elif mine > theirs:
                dd += 1
        players.append(
            GothaPlayer(
                key=k,
                name=p.name,
                first_name=p.first_name,
                rank=p.rank.value,
                rating=p.rating,
                country=p.country,
                club=p.club,
                smms=scores.players[k].smms,
                category=scores.category(k),
                mms_x2=scores.mms(k, r - 1),
                nbw_x2=scores.nbw(k, r - 1),
                main_x2=scores.main_x2(main, k, r - 1),
                order=tuple(scores.value(c, k, r - 1) for c in criteria if c is not Criterion.NULL),
                nb_du=du,
                nb_dd=dd,
                byes=byes.get(k, 0),
            )
        )
    return GothaRound(
        round=r,
        system=params.system,
        general=params.general,
        handicap=params.handicap,
        pairing=pp,
        players=tuple(players),
        main=main,
        games=tuple(PastGame(g.round, g.white, g.black, g.handicap) for g in past.games),
        clubs_groups=t.clubs_groups,
        bye=bye,
    )


def table_placement(t: GoTournament, r: int, bye: str | None) -> dict[str, tuple[int, ...]]:
    """Placement criteria values at round r before its games exist (for table numbers)."""
    past = t.before_round(r)
    if bye is not None:
        past = replace(past, byes=(*past.byes, GoBye(r, bye)))
    return _placement_of(GoScores(past), t.parameters.criteria, r)


def _placement_of(
    scores: GoScores, crits: tuple[Criterion, ...], r: int
) -> dict[str, tuple[int, ...]]:
    return {k: tuple(scores.value(c, k, r) for c in crits) for k in scores.players}


def pair_go_round(
    t: GoTournament,
    r: int,
    *,
    bye: str | None = None,
    forced: Iterable[tuple[str, str]] = (),
    never: Iterable[tuple[str, str]] = (),
    group_max: int | None = None,
) -> GoPairing:
    """Pair round r (0-based) of `t` with OpenGotha's costs; tables numbered as OpenGotha's.

    Games of round r already in `t` keep their tables and players (they are not paired).
    `group_max`: pair a larger field in groups as OpenGotha does (`pair.split_groups`).
    """
    past = t.before_round(r)
    scores = GoScores(past)
    rnd = _gotha_round(t, r, past, scores, bye)
    existing = [g for g in t.games if g.round == r]
    busy = {k for g in existing for k in (g.white, g.black)}
    if busy:
        rnd = replace(rnd, players=tuple(p for p in rnd.players if p.key not in busy))
    pairing = pair_go(rnd, forced=forced, never=never, group_max=group_max)
    if rnd.bye is None:  # the placement reads the scores of the same rounds
        placement = _placement_of(scores, t.parameters.criteria, r)
    else:
        placement = table_placement(t, r, rnd.bye)
    rating = {p.key: p.rating for p in t.players}
    paired = [k for g in pairing.games for k in (g.white, g.black)]
    listed = placement_order(t, r - 1, paired, scores)
    games = number_tables(
        pairing.games,
        placement,
        rating,
        used=(g.table for g in existing),
        listed={k: n for n, k in enumerate(listed)},
    )
    return replace(pairing, games=games)


@dataclass(frozen=True, slots=True)
class GoRoundCosts:
    """Every pair of players pairable in a round with its cost parts, and our pairing."""

    costs: tuple[tuple[str, str, tuple[int, ...]], ...]
    pairing: GoPairing


def round_costs(t: GoTournament, r: int, group_max: int | None = None) -> GoRoundCosts:
    """The cost parts of every pair pairable in round r (0-based) and our pairing of it.

    The games of rounds >= r are dropped; every bye is kept (the one of round r included).
    """
    past = replace(t, games=tuple(g for g in t.games if g.round < r))
    rnd = gotha_round(past, r)
    model = CostModel(rnd)
    i, j = model.all_pairs()
    parts = model.parts(i, j).parts
    keys = [p.key for p in rnd.players]
    costs = tuple(
        (keys[int(a)], keys[int(b)], tuple(int(v) for v in parts[:, k]))
        for k, (a, b) in enumerate(zip(i, j, strict=True))
    )
    return GoRoundCosts(costs, pair_go_round(past, r, group_max=group_max))

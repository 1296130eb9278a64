"""Pairing the next round of a directed Go tournament, and explaining a published one.

McMahon, Swiss, SwissCat and Cup rounds are paired as OpenGotha pairs them
(`games.go.pair_go_round`, with the forced and forbidden pairs of the log). A round robin
follows Berger tables (`pairing.round_robin`) over the final registrations in seeding order
(rank, then rating, then number, strongest first); each game's colours and handicap are
OpenGotha's for the pair (`game_between`), tables numbered as OpenGotha numbers them. The
tournament's number of rounds must be a whole number of cycles (N-1 rounds per cycle for N
players, N when N is odd).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ratinglist.errors import N_, NotAllowedNow, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.go.tournament import GoSystem, GoTournament, Outcome
from ratinglist.pairing.go.costs import PART_NAMES, CostModel
from ratinglist.pairing.go.pair import NewGame, game_between, number_tables
from ratinglist.pairing.round_robin import round_robin
from ratinglist.tournament.games.go.events import GoPaired
from ratinglist.tournament.games.go.pairing import gotha_round, pair_go_round, table_placement
from ratinglist.tournament.games.go.state import GoState


def require_complete(s: GoState, k: int) -> None:
    """Raise `TournamentError` when a published round misses a result (before pairing `k`)."""
    for r in s.rounds:
        if not r.complete:
            missing = sum(1 for g in r.games if g.result.outcome is Outcome.UNKNOWN)
            raise NotAllowedNow(
                N_(
                    "expected every result of round %(number)s before pairing round %(k)s, "
                    "got %(missing)s missing"
                ),
                number=r.number,
                k=k,
                missing=missing,
            )


def round_to_pair(s: GoState) -> int:
    """The (1-based) number of the next round to pair of `s`.

    Raises:
        TournamentError: every round is paired, or a published round misses a result.
    """
    k = s.paired + 1
    if k > s.number_of_rounds:
        raise NotAllowedNow(
            N_("expected a round to pair, got all %(number_of_rounds)s rounds already paired"),
            number_of_rounds=s.number_of_rounds,
        )
    require_complete(s, k)
    return k


def next_go_pairing(s: GoState, group_max: int | None = None) -> GoPaired:
    """The pairing of the next round of `s` (not yet published); `group_max` pairs a larger
    field in groups as OpenGotha does (`pairing.go.pair.split_groups`).

    Raises:
        TournamentError: the tournament has played all its rounds, a result is missing, or
            the round robin does not fit the number of rounds.
        PairingError: no pairing exists under the forced and forbidden pairs.
    """
    k = round_to_pair(s)
    t = s.tournament()
    if s.system is GoSystem.ROUND_ROBIN:
        games, bye = _round_robin_games(s, t, k - 1)
    else:
        forced = [(s.key(f.black), s.key(f.white)) for f in s.forced if f.round == k]
        never = [tuple(s.key(p) for p in sorted(pair)) for pair in s.never]
        pairing = pair_go_round(
            t,
            k - 1,
            bye=chosen_bye_key(s, k),
            forced=forced,
            never=[(a, b) for a, b in never],
            group_max=group_max,
        )
        games, bye = pairing.games, pairing.bye
    number = s.numbers()
    return GoPaired(
        k,
        tuple((number[g.white], number[g.black], g.handicap, g.table) for g in games),
        () if bye is None else (number[bye],),
    )


def chosen_bye_key(s: GoState, k: int) -> str | None:
    """The key of the bye the director chose for round `k` (`GoByeChosen`), or None.

    Raises:
        TournamentError: the chosen player can no longer have it (not a final registration
            or not playing round `k`), or the round's pairable players are even in number.
    """
    pid = s.chosen_bye(k)
    if pid is None:
        return None
    p = s.player(pid)
    if not (p.final and p.plays(k - 1)):
        raise TournamentInputError(
            N_(
                "expected the chosen bye %(pid)s to be pairable in round %(k)s, got "
                "them preliminary or not playing (choose another bye)"
            ),
            pid=s.name(pid),
            k=k,
        )
    pairable = sum(1 for x in s.players if x.final and x.plays(k - 1))
    if pairable % 2 == 0:
        raise TournamentInputError(
            N_(
                "expected an odd number of players for the chosen bye %(pid)s, got "
                "%(pairable)s pairable in round %(k)s (choose no bye: tournament edit "
                "bye %(k)s 0)"
            ),
            pid=s.name(pid),
            pairable=pairable,
            k=k,
        )
    return p.key


def seeding(s: GoState) -> list[PlayerId]:
    """The final registrations, strongest first (rank, rating, then number)."""
    final = [(pid, p) for pid, p in zip(s.ids, s.players, strict=True) if p.final]
    final.sort(key=lambda x: (-x[1].rank.value, -x[1].rating, int(x[0])))
    return [pid for pid, _ in final]


def _round_robin_games(
    s: GoState, t: GoTournament, r: int
) -> tuple[tuple[NewGame, ...], str | None]:
    order = seeding(s)
    if len(order) < 2:
        raise TournamentInputError(
            N_("expected at least 2 players for a round robin, got %(count)s"), count=len(order)
        )
    per_cycle = len(order) - 1 + len(order) % 2
    rounds = s.number_of_rounds
    if rounds % per_cycle:
        raise TournamentInputError(
            N_(
                "expected %(per_cycle)s rounds (or a multiple) for a round robin of "
                "%(count)s players, got %(rounds)s"
            ),
            per_cycle=per_cycle,
            count=len(order),
            rounds=rounds,
        )
    schedule = round_robin(order, rounds // per_cycle)[r]
    key = s.key
    bye = None
    if schedule.bye is not None and s.player(schedule.bye).plays(r):
        bye = key(schedule.bye)
    rnd = gotha_round(t, r, bye=bye)
    model = CostModel(rnd)
    games = [
        game_between(rnd, model, key(a), key(b))
        for a, b in schedule.pairs
        if s.player(a).plays(r) and s.player(b).plays(r)
    ]
    placement = table_placement(t, r, bye)
    rating = {p.key: p.rating for p in t.players}
    return number_tables(games, placement, rating), bye


@dataclass(frozen=True, slots=True)
class GoPairExplained:
    """A pair with OpenGotha's cost parts (the weight the matching saw); a published game
    has White first."""

    white: PlayerId
    black: PlayerId
    parts: tuple[tuple[str, int], ...]
    forced: bool

    @property
    def total(self) -> int:
        """OpenGotha's ``totalCost``: 1 + the parts."""
        return 1 + sum(v for _, v in self.parts)


def explain_go_round(
    s: GoState, k: int, asked: tuple[tuple[PlayerId, PlayerId], ...] = ()
) -> tuple[tuple[GoPairExplained, ...], tuple[GoPairExplained, ...]]:
    """The cost parts of each pair of published round `k` as the pairing of `k` saw them,
    and of the `asked` pairs (alternatives a director asks about).

    Raises:
        TournamentError: round `k` is not published, or an asked player was not pairable.
    """
    if not 1 <= k <= s.paired:
        raise TournamentInputError(
            N_("expected a paired round (1-%(paired)s), got %(k)s"), paired=s.paired, k=k
        )
    t = s.tournament()
    rnd_state = s.rounds[k - 1]
    bye = rnd_state.byes[0] if rnd_state.byes else None
    rnd = gotha_round(t, k - 1, bye=bye)
    model = CostModel(rnd)
    pairs = [
        (g.white, g.black)
        for g in rnd_state.games
        if g.white in model.index and g.black in model.index
    ]
    for a, b in asked:
        for pid in (a, b):
            if s.key(pid) not in model.index:
                raise TournamentInputError(
                    N_("expected a player pairable in round %(k)s, got %(pid)s"), k=k, pid=pid
                )
        if a == b:
            raise TournamentInputError(N_("expected two different players, got %(a)s twice"), a=a)
        pairs.append((s.key(a), s.key(b)))
    if not pairs:
        return (), ()
    i = np.array([model.index[w] for w, _ in pairs], dtype=np.int64)
    j = np.array([model.index[b] for _, b in pairs], dtype=np.int64)
    parts = model.parts(i, j).parts
    number = s.numbers()
    forced = {frozenset((f.black, f.white)) for f in s.forced if f.round == k}
    out = tuple(
        GoPairExplained(
            number[w],
            number[b],
            tuple((name, int(parts[n, c])) for n, name in enumerate(PART_NAMES)),
            frozenset((number[w], number[b])) in forced,
        )
        for c, (w, b) in enumerate(pairs)
    )
    cut = len(pairs) - len(asked)
    return out[:cut], out[cut:]

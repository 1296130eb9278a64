"""Which system a directed tournament plays, and the pairing of its next round.

The system is the settings' choice or the EOC table by number of entrants (`system_for`).
Round robin rounds come from `round_robin` over the entrants of round 1 in the order of
the seeded lots; Swiss rounds from `pair_swiss` with the settings' preset, keeping the
forced pairs. With semi-finals after a round robin (9-10 players) the Swiss rounds pair
everybody except the four semi-finalists (the top 4 after the round robin), and
`finalists` takes those four from the standings after the round robin, so that the Swiss
rounds of places 5-10 cannot move anybody into the semi-finals.
Everything is deterministic: the same state and settings give the same pairing.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ratinglist.errors import N_, NotAllowedNow, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.pairing import (
    PairingRequest,
    Preset,
    RoundRobinRound,
    System,
    SystemPlan,
    round_robin,
    system_for,
)
from ratinglist.standings import draw_lots
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.events import Paired
from ratinglist.tournament.games.othello.pairing_input import pairing_request
from ratinglist.tournament.games.othello.play import othello

if TYPE_CHECKING:
    from ratinglist.pairing import PairingExplanation, PairingResult

# The Swiss engine (`pair_swiss`, `explain_pairing`, `pairing_cost`: numpy, rustworkx) is
# imported by the functions that pair or explain a round: the schedule, the systems and the
# finalists (which a result entry, a submission or an export asks for) do not load it.

SYSTEM_ALIASES = {
    "swiss": System.SWISS,
    "rr": System.ROUND_ROBIN,
    "double-rr": System.DOUBLE_ROUND_ROBIN,
    "triple-rr": System.TRIPLE_ROUND_ROBIN,
    "rr-swiss": System.ROUND_ROBIN_THEN_SWISS,
    "rr-semifinals": System.ROUND_ROBIN_THEN_SEMIFINALS,
    **{s.value: s for s in System},
}


def parse_system(text: str) -> System:
    """A system from its name or short alias (``swiss``, ``rr``, ``double-rr``, ...)."""
    found = SYSTEM_ALIASES.get(text.strip().lower())
    if found is None:
        raise TournamentInputError(
            N_("expected a system among %(system_aliases)s, got %(text)r"),
            system_aliases=", ".join(sorted(SYSTEM_ALIASES)),
            text=text,
        )
    return found


@dataclass(frozen=True, slots=True)
class Schedule:
    """The plan of a tournament: system, round robin rounds, then Swiss rounds."""

    plan: SystemPlan
    round_robin: tuple[RoundRobinRound, ...]

    @property
    def total_rounds(self) -> int:
        """Round robin rounds plus Swiss rounds."""
        return len(self.round_robin) + self.plan.swiss_rounds


def seeding_order(d: FoldedTournament) -> tuple[PlayerId, ...]:
    """The round-1 entrants in the order of the seeded lots."""
    o = othello(d)
    return _seeded(tuple(e.id for e in o.state.entrants if e.first_round == 1), d.settings.seed)


@functools.lru_cache(maxsize=64)
def _seeded(ids: tuple[PlayerId, ...], seed: int) -> tuple[PlayerId, ...]:
    lots = draw_lots(ids, seed)
    return tuple(sorted(ids, key=lots.__getitem__))


def schedule_of(d: FoldedTournament) -> Schedule:
    """The system and round robin rounds for the current entrants."""
    return _schedule(seeding_order(d), d.settings.system, d.settings.rounds)


@functools.lru_cache(maxsize=64)
def _schedule(order: tuple[PlayerId, ...], system: str | None, rounds: int) -> Schedule:
    """`schedule_of` for the seeded entrants (computed once per field and settings)."""
    choice = None if system is None else System(system)
    plan = system_for(max(len(order), 2), swiss_rounds=rounds, choice=choice)
    rr = round_robin(order, plan.round_robin_cycles) if plan.round_robin_cycles else ()
    return Schedule(plan, rr)


def _round_robin_round(d: FoldedTournament, rr: RoundRobinRound, number: int) -> Paired:
    """The round robin round; games with an unavailable player are not played."""
    o = othello(d)
    ok = set(o.state.available(number))
    pairs = tuple((b, w) for b, w in rr.pairs if b in ok and w in ok)
    byes = () if rr.bye is None or rr.bye not in ok else (rr.bye,)
    return Paired(round=number, pairs=pairs, byes=byes)


def swiss_request(d: FoldedTournament, number: int) -> PairingRequest:
    """The pairing request of Swiss round `number` (forced pairs of that round included)."""
    o = othello(d)
    forced = o.forced_for(number)
    request = pairing_request(o.state, number, o.standings_config(), forced)
    schedule = schedule_of(d)
    if schedule.plan.semifinals and schedule.round_robin:
        rr_rounds = len(schedule.round_robin)
        top = {r.player for r in o.standings(rr_rounds)[:4]}
        players = tuple(p for p in request.players if p.id not in top)
        request = replace(request, players=players)
    return request


def finalists(d: FoldedTournament) -> tuple[PlayerId, PlayerId, PlayerId, PlayerId]:
    """The four finalists in standings order (1v4, 2v3 in the semi-finals).

    After a round robin with semi-finals they are the top 4 after the round robin rounds;
    otherwise the top 4 of the standings of every round.

    Raises:
        TournamentError: fewer than four players.
    """
    o = othello(d)
    schedule = schedule_of(d)
    through = None
    if schedule.plan.semifinals and schedule.round_robin:
        through = min(len(schedule.round_robin), d.paired)
    top = [r.player for r in o.standings(through)[:4]]
    if len(top) < 4:
        raise NotAllowedNow(
            N_("expected at least 4 players for finals, got %(count)s"), count=len(top)
        )
    return top[0], top[1], top[2], top[3]


def preset_of(d: FoldedTournament) -> Preset:
    """The Swiss cost model of the settings."""
    return Preset(d.settings.preset)


def next_pairing(d: FoldedTournament) -> tuple[Paired, PairingResult | None]:
    """The pairing of the next round, and the Swiss engine's result (None for round robin).

    Raises:
        TournamentError: every round of the schedule is paired, or the finals started.
    """
    o = othello(d)
    number = d.paired + 1
    schedule = schedule_of(d)
    if o.finals is not None:
        raise NotAllowedNow(N_("expected a tournament before its finals, got finals started"))
    if number > schedule.total_rounds:
        raise NotAllowedNow(
            N_(
                "expected at most %(total_rounds)s rounds (%(value)s), got a request "
                "for round %(number)s"
            ),
            total_rounds=schedule.total_rounds,
            value=schedule.plan.system.value,
            number=number,
        )
    if number <= len(schedule.round_robin):
        if o.forced_for(number):
            raise TournamentInputError(
                N_("expected no forced pairs in round robin round %(number)s"), number=number
            )
        return _round_robin_round(d, schedule.round_robin[number - 1], number), None
    from ratinglist.pairing.swiss import pair_swiss

    result = pair_swiss(swiss_request(d, number), preset_of(d))
    byes = () if result.bye is None else (result.bye,)
    pairs = reverse_rematches(d, result.pairs, number) if schedule.round_robin else result.pairs
    return Paired(round=number, pairs=pairs, byes=byes), result


def replay_round(d: FoldedTournament, number: int) -> Paired:
    """The pairing the engine gives today for round `number` from the rounds before it.

    The forced pairs of that round are kept; round robin rounds come from the schedule.
    A log is reproducible when `replay_round` equals every published round.
    """
    if not 1 <= number <= d.paired:
        raise TournamentInputError(
            N_("expected a paired round (1-%(paired)s), got round %(number)s"),
            paired=d.paired,
            number=number,
        )
    schedule = schedule_of(d)
    if number <= len(schedule.round_robin):
        return _round_robin_round(d, schedule.round_robin[number - 1], number)
    from ratinglist.pairing.swiss import pair_swiss

    result = pair_swiss(swiss_request(d, number), preset_of(d))
    pairs = reverse_rematches(d, result.pairs, number) if schedule.round_robin else result.pairs
    return Paired(number, pairs, () if result.bye is None else (result.bye,))


def reverse_rematches(
    d: FoldedTournament, pairs: tuple[tuple[PlayerId, PlayerId], ...], number: int
) -> tuple[tuple[PlayerId, PlayerId], ...]:
    """Pairs (Black, White) where two players who met before (in the round robin part) take
    the colours reversed from their latest game (seed 004 II.2, 7-8 players, Part Two).

    Forced pairs keep the colours the director gave them.
    """
    o = othello(d)
    forced = set(o.forced_for(number))
    last: dict[frozenset[PlayerId], PlayerId] = {}
    for r in o.state.rounds[: number - 1]:
        for p in r.pairings:
            last[frozenset((p.black, p.white))] = p.black
    out = []
    for b, w in pairs:
        before = last.get(frozenset((b, w)))
        out.append((w, b) if before == b and (b, w) not in forced else (b, w))
    return tuple(out)


def explain_round(d: FoldedTournament, number: int) -> PairingExplanation:
    """Each pair's cost by criterion for a published Swiss round (colours as published)."""
    o = othello(d)
    schedule = schedule_of(d)
    if not 1 <= number <= d.paired or number <= len(schedule.round_robin):
        raise TournamentInputError(
            N_("expected a paired Swiss round, got round %(number)s"), number=number
        )
    r = o.state.rounds[number - 1]
    request = swiss_request(d, number)
    pairs = tuple((p.black, p.white) for p in r.pairings)
    bye = r.byes[0] if r.byes else None
    preset = preset_of(d)
    from ratinglist.pairing.explain import explain_pairing
    from ratinglist.pairing.swiss import PairingResult, pairing_cost

    cost, rematches = pairing_cost(request, pairs, bye, preset)
    published = PairingResult(pairs, bye, cost, rematches, 0, -1, True)
    return explain_pairing(request, published, preset)

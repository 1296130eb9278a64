"""Othello's part of the fold: the state of an Othello tournament and its actions.

`apply_othello` checks that an action is allowed and returns the new `OthelloPlay`
(`tournament.fold` resolves undos, the creation, submission and reopening for every game).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ratinglist.errors import N_, NotAllowedNow, NotOffered, Phrase, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.text import format_name
from ratinglist.pairing import System, SystemPlan, system_for
from ratinglist.pairing.finals import DrawWinChoice
from ratinglist.standings import BrightwellRule, StandingsConfig, StandingsRow
from ratinglist.tournament.events import (
    Absent,
    Event,
    FlagsSet,
    Forbidden,
    Forced,
    IdAssigned,
    Registered,
    Reinstated,
    Settings,
    Withdrawn,
)
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import described
from ratinglist.tournament.games.othello.events import (
    ColoursExchanged,
    FinalsStarted,
    Paired,
    PlayersSwapped,
    ResultCorrected,
    ResultEntered,
)
from ratinglist.tournament.games.othello.finals import Finals, record_finals_result
from ratinglist.tournament.games.othello.results import Result, SpecialResult
from ratinglist.tournament.games.othello.scoring import standings_of
from ratinglist.tournament.games.othello.state import (
    Entrant,
    TournamentState,
    add_entrant,
    exchange_colours,
    forbid_pair,
    paired_rounds,
    record_result,
    reinstate,
    set_absent,
    set_flags,
    set_round,
    swap_players,
    withdraw,
)
from ratinglist.tournament.games.othello.temporary_ids import check_assignment, renumber


@dataclass(frozen=True, slots=True)
class OthelloPlay:
    """An Othello tournament's state (`OthelloPlay.play`): its settings, the pure
    tournament state, registrations, forced pairs and the finals.

    `forced` holds every forced pair with its round (pending ones are those of round
    `paired + 1`), so a published round can be paired again with the same constraints.
    """

    settings: Settings
    state: TournamentState
    people: tuple[Registered, ...] = ()
    forced: tuple[Forced, ...] = ()
    finals: Finals | None = None

    @property
    def paired(self) -> int:
        """The number of rounds published so far."""
        return paired_rounds(self.state)

    @property
    def new_players(self) -> frozenset[PlayerId]:
        """Players who got a new ID for this tournament (``+`` in the results file)."""
        return frozenset(p.player for p in self.people if p.new)

    def person(self, player: PlayerId) -> Registered:
        """The registration of `player`."""
        for p in self.people:
            if p.player == player:
                return p
        raise TournamentInputError(
            N_("expected an entered player, got unknown ID %(player)s"), player=player
        )

    def standings_config(self) -> StandingsConfig:
        """The standings parameters of the settings."""
        s = self.settings
        return StandingsConfig(
            bq_constant=s.bq_constant,
            bye_discs=s.bye_discs,
            seed=s.seed,
            bq_rule=BrightwellRule(s.bq_rule),
        )

    def standings(self, through_round: int | None = None) -> tuple[StandingsRow, ...]:
        """The standings of the rounds (not the finals), after `through_round` (default all)."""
        return standings_of(self.state, self.standings_config(), through_round)

    def forced_for(self, round_number: int) -> tuple[tuple[PlayerId, PlayerId], ...]:
        """The forced (Black, White) pairs of `round_number`."""
        return tuple((f.black, f.white) for f in self.forced if f.round == round_number)


def result_of(event: ResultEntered | ResultCorrected) -> Result:
    """The `Result` an entry or correction carries."""
    try:
        special = SpecialResult(event.special)
    except ValueError as exc:
        raise TournamentInputError(
            N_("expected a special result kind, got %(special)r"), special=event.special
        ) from exc
    return Result(event.black_discs, event.white_discs, special)


def _require_complete(d: OthelloPlay, pairing: int | None) -> None:
    """Refuse pairing round `pairing` (None: the finals) before every result is in."""
    for r in d.state.rounds[: d.paired]:
        if not r.complete:
            missing = sum(1 for p in r.pairings if p.result is None)
            if pairing is None:
                raise NotAllowedNow(
                    N_(
                        "expected every result of round %(number)s before the finals, got "
                        "%(missing)s missing"
                    ),
                    number=r.number,
                    missing=missing,
                )
            raise NotAllowedNow(
                N_(
                    "expected every result of round %(number)s before pairing round "
                    "%(round)s, got %(missing)s missing"
                ),
                number=r.number,
                round=pairing,
                missing=missing,
            )


MAX_ROUND = 1000
"""A bound on a round number while the tournament has no plan yet (fewer than two entrants):
more rounds than any Othello tournament plays."""


def _future_round(d: OthelloPlay, round_number: int, what: str) -> None:
    if round_number <= d.paired:
        raise NotAllowedNow(
            N_(
                "expected %(what)s for a round not yet paired (> %(paired)s), got round"
                " %(round_number)s"
            ),
            what=what,
            paired=d.paired,
            round_number=round_number,
        )


def _register(d: OthelloPlay, e: Registered) -> OthelloPlay:
    if e.first_round < 1:
        raise TournamentInputError(
            N_("expected a first round >= 1, got %(first_round)s"), first_round=e.first_round
        )
    _future_round(d, e.first_round, N_("a late entry"))
    _round_of_tournament(d, e.first_round, N_("a late entry"))
    entrant = Entrant(
        id=e.player,
        name=format_name(e.surname, e.firstname),
        country=e.country,
        rating=e.rating,
        female=e.female,
        youth=e.youth,
        birth_year=e.birth_year,
        debutant=e.debutant,
        first_round=e.first_round,
    )
    return replace(d, state=add_entrant(d.state, entrant), people=(*d.people, e))


def _assign(d: OthelloPlay, e: IdAssigned) -> OthelloPlay:
    """The real ID replaces the temporary one everywhere; the registry's name, country and
    rating replace the typed ones (the namesake was a registered player: not new)."""
    check_assignment((p.player for p in d.people), e)
    moved = renumber(d, e.temporary, e.player)
    person = replace(
        moved.person(e.player),
        surname=e.surname,
        firstname=e.firstname,
        country=e.country,
        new=e.new,
        debutant=e.new,
        rating=e.rating,
        rating_list=e.rating_list,
    )
    entrant = replace(
        moved.state.entrant(e.player),
        name=format_name(e.surname, e.firstname),
        country=e.country,
        rating=e.rating,
        debutant=e.new,
    )
    people = tuple(person if p.player == e.player else p for p in moved.people)
    entrants = tuple(entrant if x.id == e.player else x for x in moved.state.entrants)
    return replace(moved, people=people, state=replace(moved.state, entrants=entrants))


def _force(d: OthelloPlay, e: Forced) -> OthelloPlay:
    e.check(d.paired, d.forced, lambda pid: d.state.is_available(pid, e.round))
    return replace(d, forced=(*d.forced, e))


def _pair(d: OthelloPlay, e: Paired) -> OthelloPlay:
    if d.finals is not None:
        raise NotAllowedNow(N_("expected no more rounds once the finals started, got a pairing"))
    _require_complete(d, e.round)
    wanted = d.forced_for(e.round)
    missing = [p for p in wanted if p not in e.pairs]
    if missing:
        raise TournamentInputError(
            N_("expected the forced pairs in round %(round)s, got %(missing)s left out"),
            round=e.round,
            missing=missing,
        )
    for pid in {x for p in e.pairs for x in p} | set(e.byes):
        if not d.state.is_available(pid, e.round):
            raise TournamentInputError(
                N_("expected players available in round %(round)s, got %(pid)s"),
                round=e.round,
                pid=pid,
            )
    state = set_round(d.state, e.round, e.pairs, e.byes, e.tables)
    return replace(d, state=state)


def _finals(d: OthelloPlay, e: FinalsStarted) -> OthelloPlay:
    if d.finals is not None:
        raise NotAllowedNow(N_("expected finals not yet started, got finals already under way"))
    if d.paired == 0:
        raise NotAllowedNow(
            N_("expected at least one round played before the finals, got none paired yet")
        )
    _require_complete(d, None)
    if len(set(e.players)) != 4:
        raise TournamentInputError(
            N_("expected four different finalists, got %(players)s"), players=list(e.players)
        )
    for pid in e.players:
        d.state.entrant(pid)
    choice = DrawWinChoice(d.settings.third_place_choice)
    finals = Finals(players=e.players, third_place_choice=choice, semifinals=has_semifinals(d))
    return replace(d, finals=finals)


def plan_of(d: OthelloPlay) -> SystemPlan | None:
    """The system plan for the round-1 entrants, None below two entrants."""
    players = sum(1 for e in d.state.entrants if e.first_round == 1)
    if players < 2:
        return None
    s = d.settings
    choice = None if s.system is None else System(s.system)
    return system_for(players, swiss_rounds=s.rounds, choice=choice)


def has_semifinals(d: OthelloPlay) -> bool:
    """Whether the finals start with semi-finals: from `semifinals_from` entrants (seed 004
    II.5), or when the system has them (the 9-10 player round robin, II.2)."""
    plan = plan_of(d)
    entrants = len(d.state.entrants)
    return entrants >= d.settings.semifinals_from or (plan is not None and plan.semifinals)


def _result(d: OthelloPlay, e: ResultEntered | ResultCorrected) -> OthelloPlay:
    result = result_of(e)
    correction = isinstance(e, ResultCorrected)
    if not e.round.isdigit():
        if d.finals is None:
            raise TournamentInputError(
                N_("expected a round number (no finals yet), got %(round)r"), round=e.round
            )
        finals = record_finals_result(d.finals, e.round, e.black, e.white, result, correction)
        return replace(d, finals=finals)
    number = int(e.round)
    if not 1 <= number <= d.paired:
        raise TournamentInputError(
            N_("expected a paired round (1-%(paired)s), got round %(number)s"),
            paired=d.paired,
            number=number,
        )
    pairing = d.state.rounds[number - 1].pairing_of(e.black)
    if pairing is None or (pairing.black, pairing.white) != (e.black, e.white):
        hint: Phrase | str = ""
        if pairing is not None and (pairing.white, pairing.black) == (e.black, e.white):
            hint = Phrase(
                N_(" (the pairing is %(black)s with Black - %(white)s)"),
                black=pairing.black,
                white=pairing.white,
            )
        raise TournamentInputError(
            N_("expected a pairing of round %(number)s, got %(black)s - %(white)s%(hint)s%(d)s"),
            number=number,
            black=e.black,
            white=e.white,
            hint=hint,
            d=_names(d, e.black, e.white),
        )
    if correction and pairing.result is None:
        raise NotAllowedNow(
            N_("expected an entered result to correct, got none for round %(number)s%(d)s"),
            number=number,
            d=_names(d, e.black, e.white),
        )
    if not correction and pairing.result is not None:
        raise NotAllowedNow(
            N_(
                "expected a game without result, got %(black)s - %(white)s of round "
                "%(number)s already entered (use correct)%(d)s"
            ),
            black=e.black,
            white=e.white,
            number=number,
            d=_names(d, e.black, e.white),
        )
    return replace(d, state=record_result(d.state, number, e.black, e.white, result))


def _names(d: OthelloPlay, black: PlayerId, white: PlayerId) -> Phrase | str:
    """`` (SURNAME, First v SURNAME, First)`` for messages (IDs of no entrant left out)."""
    index = d.state.by_id()
    if black not in index or white not in index:
        return ""
    return Phrase(N_(" (%(black)s v %(white)s)"), black=index[black].name, white=index[white].name)


def _withdraw(d: OthelloPlay, player: PlayerId, k: int) -> OthelloPlay:
    _future_round(d, k, N_("a withdrawal"))
    last = total_rounds_of(d)
    if last is not None and k > last:
        raise TournamentInputError(
            N_(
                "expected a withdrawal from a round of the tournament (<= %(last)s), "
                "got round %(k)s"
            ),
            last=last,
            k=k,
        )
    return replace(d, state=withdraw(d.state, player, k))


def _round_of_tournament(d: OthelloPlay, k: int, what: str) -> None:
    """Refuse round `k` past the tournament's last (or past `MAX_ROUND` while it has no plan
    yet): a round is made for every number up to `k`."""
    last = total_rounds_of(d)
    if k > (MAX_ROUND if last is None else last):
        raise TournamentInputError(
            N_("expected %(what)s in a round of the tournament (<= %(last)s), got round %(k)s"),
            what=what,
            last=MAX_ROUND if last is None else last,
            k=k,
        )


def _stored_round(d: OthelloPlay, k: int, what: str) -> None:
    if not 1 <= k <= d.paired:
        raise TournamentInputError(
            N_("expected %(what)s in a stored round (1-%(paired)s), got round %(k)s"),
            what=what,
            paired=d.paired,
            k=k,
        )


def _flags(d: OthelloPlay, e: FlagsSet) -> OthelloPlay:
    if e.birth_year is not None and not 1900 <= e.birth_year <= d.settings.start_date.year:
        raise TournamentInputError(
            N_("expected a birth year from 1900 to %(year)s, got %(birth_year)s"),
            year=d.settings.start_date.year,
            birth_year=e.birth_year,
        )
    state = set_flags(d.state, e.player, e.female, e.youth, e.birth_year)
    person = replace(d.person(e.player), female=e.female, youth=e.youth, birth_year=e.birth_year)
    people = tuple(person if p.player == e.player else p for p in d.people)
    return replace(d, state=state, people=people)


def total_rounds_of(d: OthelloPlay) -> int | None:
    """The rounds the tournament plays (round robin + Swiss), None below two entrants."""
    plan = plan_of(d)
    if plan is None:
        return None
    return plan.total_rounds(sum(1 for e in d.state.entrants if e.first_round == 1))


def apply_othello(d: OthelloPlay, event: Event) -> OthelloPlay:
    """The Othello state after one action; raises `TournamentError` when it is not allowed."""
    match event:
        case IdAssigned():
            return _assign(d, event)
        case Registered():
            return _register(d, event)
        case Withdrawn(player=p, from_round=k):
            return _withdraw(d, p, k)
        case Absent(player=p, round=k):
            _future_round(d, k, N_("an absence"))
            _round_of_tournament(d, k, N_("an absence"))
            if not d.state.is_available(p, k):
                raise TournamentInputError(
                    N_("expected a player due to play round %(k)s, got %(p)s"), k=k, p=p
                )
            return replace(d, state=set_absent(d.state, p, k))
        case Forbidden(first=a, second=b):
            return replace(d, state=forbid_pair(d.state, a, b))
        case Forced():
            return _force(d, event)
        case Paired():
            return _pair(d, event)
        case FinalsStarted():
            return _finals(d, event)
        case ResultEntered() | ResultCorrected():
            return _result(d, event)
        case Reinstated(player=p):
            return replace(d, state=reinstate(d.state, p))
        case FlagsSet():
            return _flags(d, event)
        case PlayersSwapped(round=k, first=a, second=b):
            _stored_round(d, k, N_("a swap"))
            return replace(d, state=swap_players(d.state, k, a, b))
        case ColoursExchanged(round=k, black=b, white=w):
            _stored_round(d, k, N_("an exchange of colours"))
            return replace(d, state=exchange_colours(d.state, k, b, w))
    raise NotOffered(
        N_("expected an action of an Othello tournament, got a %(kind)r event"), kind=event.kind
    )


def othello(d: FoldedTournament) -> OthelloPlay:
    """The Othello state of a folded tournament.

    Raises:
        TournamentError: `d` is a tournament of another game.
    """
    if not isinstance(d.play, OthelloPlay):
        raise NotOffered(N_("expected an Othello tournament, got %(d)s"), d=described(d))
    return d.play

"""The current state of a directed tournament: a pure fold of its event log.

`fold(events)` first resolves undos (each `Undone` cancels the most recent action not yet
cancelled; the creation cannot be undone), then applies the remaining actions in order
with `apply`, which checks that each action is allowed and raises `TournamentError`
otherwise. The same log always gives the same state; nothing here reads a clock or a
random source (draws use the seed of the settings).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ratinglist.errors import TournamentError
from ratinglist.model import PlayerId
from ratinglist.model.text import format_name
from ratinglist.pairing import System, SystemPlan, system_for
from ratinglist.pairing.finals import DrawWinChoice
from ratinglist.standings import BrightwellRule, StandingsConfig, StandingsRow
from ratinglist.tournament.events import (
    GO,
    Absent,
    Created,
    Event,
    FinalsStarted,
    Forbidden,
    Forced,
    GoPaired,
    GoRegistered,
    GoResultCorrected,
    GoResultEntered,
    GoTeamBoards,
    GoTeamEntered,
    IdAssigned,
    Paired,
    Registered,
    Reopened,
    ResultCorrected,
    ResultEntered,
    Settings,
    Submitted,
    Undone,
    Withdrawn,
)
from ratinglist.tournament.games.go import state as go
from ratinglist.tournament.games.othello.finals import Finals, record_finals_result
from ratinglist.tournament.games.othello.results import Result, SpecialResult
from ratinglist.tournament.games.othello.scoring import standings_of
from ratinglist.tournament.games.othello.state import (
    Entrant,
    TournamentState,
    add_entrant,
    forbid_pair,
    paired_rounds,
    record_result,
    set_absent,
    set_round,
    withdraw,
)
from ratinglist.tournament.games.othello.temporary_ids import check_assignment, renumber


@dataclass(frozen=True, slots=True)
class FoldedTournament:
    """A directed tournament folded from its log: settings, the pure tournament state,
    registrations, forced pairs, the finals, and whether it is closed (submitted); a Go
    tournament keeps its players, rounds and pairs in `go` (`tournament.games.go_state`).

    `forced` holds every forced pair with its round (pending ones are those of round
    `paired + 1`), so a published round can be paired again with the same constraints.
    """

    settings: Settings
    state: TournamentState
    people: tuple[Registered, ...] = ()
    forced: tuple[Forced, ...] = ()
    finals: Finals | None = None
    closed: bool = False
    go: go.GoState | None = None

    @property
    def paired(self) -> int:
        """The number of rounds published so far."""
        if self.go is not None:
            return self.go.paired
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
        raise TournamentError(f"expected an entered player, got unknown ID {player}")

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
        raise TournamentError(f"expected a special result kind, got {event.special!r}") from exc
    return Result(event.black_discs, event.white_discs, special)


def _require_complete(d: FoldedTournament, what: str) -> None:
    for r in d.state.rounds[: d.paired]:
        if not r.complete:
            missing = sum(1 for p in r.pairings if p.result is None)
            raise TournamentError(
                f"expected every result of round {r.number} before {what}, got {missing} missing"
            )


def _future_round(d: FoldedTournament, round_number: int, what: str) -> None:
    if round_number <= d.paired:
        raise TournamentError(
            f"expected {what} for a round not yet paired (> {d.paired}), got round {round_number}"
        )


def _register(d: FoldedTournament, e: Registered) -> FoldedTournament:
    if e.first_round < 1:
        raise TournamentError(f"expected a first round >= 1, got {e.first_round}")
    _future_round(d, e.first_round, "a late entry")
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


def _assign(d: FoldedTournament, e: IdAssigned) -> FoldedTournament:
    """The real ID replaces the temporary one everywhere; the registry's name, country and
    rating replace the typed ones (the namesake was a registered player: not new)."""
    if d.go is not None:
        raise TournamentError("expected an Othello tournament for an ID assignment, got Go")
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


def _force(d: FoldedTournament, e: Forced) -> FoldedTournament:
    e.check(d.paired, d.forced, lambda pid: d.state.is_available(pid, e.round))
    return replace(d, forced=(*d.forced, e))


def _pair(d: FoldedTournament, e: Paired) -> FoldedTournament:
    if d.finals is not None:
        raise TournamentError("expected no more rounds once the finals started, got a pairing")
    _require_complete(d, f"pairing round {e.round}")
    wanted = d.forced_for(e.round)
    missing = [p for p in wanted if p not in e.pairs]
    if missing:
        raise TournamentError(
            f"expected the forced pairs in round {e.round}, got {missing} left out"
        )
    for pid in {x for p in e.pairs for x in p} | set(e.byes):
        if not d.state.is_available(pid, e.round):
            raise TournamentError(f"expected players available in round {e.round}, got {pid}")
    state = set_round(d.state, e.round, e.pairs, e.byes, e.tables)
    return replace(d, state=state)


def _finals(d: FoldedTournament, e: FinalsStarted) -> FoldedTournament:
    if d.finals is not None:
        raise TournamentError("expected finals not yet started, got finals already under way")
    if d.paired == 0:
        raise TournamentError(
            "expected at least one round played before the finals, got none paired yet"
        )
    _require_complete(d, "the finals")
    if len(set(e.players)) != 4:
        raise TournamentError(f"expected four different finalists, got {list(e.players)}")
    for pid in e.players:
        d.state.entrant(pid)
    choice = DrawWinChoice(d.settings.third_place_choice)
    finals = Finals(players=e.players, third_place_choice=choice, semifinals=has_semifinals(d))
    return replace(d, finals=finals)


def plan_of(d: FoldedTournament) -> SystemPlan | None:
    """The system plan for the round-1 entrants, None below two entrants."""
    players = sum(1 for e in d.state.entrants if e.first_round == 1)
    if players < 2:
        return None
    s = d.settings
    choice = None if s.system is None else System(s.system)
    return system_for(players, swiss_rounds=s.rounds, choice=choice)


def has_semifinals(d: FoldedTournament) -> bool:
    """Whether the finals start with semi-finals: from `semifinals_from` entrants (seed 004
    II.5), or when the system has them (the 9-10 player round robin, II.2)."""
    plan = plan_of(d)
    entrants = len(d.state.entrants)
    return entrants >= d.settings.semifinals_from or (plan is not None and plan.semifinals)


def _result(d: FoldedTournament, e: ResultEntered | ResultCorrected) -> FoldedTournament:
    result = result_of(e)
    correction = isinstance(e, ResultCorrected)
    if not e.round.isdigit():
        if d.finals is None:
            raise TournamentError(f"expected a round number (no finals yet), got {e.round!r}")
        finals = record_finals_result(d.finals, e.round, e.black, e.white, result, correction)
        return replace(d, finals=finals)
    number = int(e.round)
    if not 1 <= number <= d.paired:
        raise TournamentError(f"expected a paired round (1-{d.paired}), got round {number}")
    pairing = d.state.rounds[number - 1].pairing_of(e.black)
    if pairing is None or (pairing.black, pairing.white) != (e.black, e.white):
        hint = ""
        if pairing is not None and (pairing.white, pairing.black) == (e.black, e.white):
            hint = f" (the pairing is {pairing.black} with Black - {pairing.white})"
        raise TournamentError(
            f"expected a pairing of round {number}, got {e.black} - {e.white}{hint}"
            f"{_names(d, e.black, e.white)}"
        )
    if correction and pairing.result is None:
        raise TournamentError(
            f"expected an entered result to correct, got none for round {number}"
            f"{_names(d, e.black, e.white)}"
        )
    if not correction and pairing.result is not None:
        raise TournamentError(
            f"expected a game without result, got {e.black} - {e.white} of round {number} "
            f"already entered (use correct){_names(d, e.black, e.white)}"
        )
    return replace(d, state=record_result(d.state, number, e.black, e.white, result))


def _names(d: FoldedTournament, black: PlayerId, white: PlayerId) -> str:
    """`` (SURNAME, First v SURNAME, First)`` for messages (IDs of no entrant left out)."""
    index = d.state.by_id()
    if black not in index or white not in index:
        return ""
    return f" ({index[black].name} v {index[white].name})"


ACTION_WORDS = {
    "registered": "a registration",
    "withdrawn": "a withdrawal",
    "absent": "an absence",
    "forbidden": "a forbidden pair",
    "forced": "a forced pair",
    "paired": "a pairing",
    "finals": "the finals",
    "result": "a result",
    "correction": "a correction",
    "submitted": "a submission",
    "go-registered": "a registration",
    "go-paired": "a pairing",
    "go-result": "a result",
    "go-correction": "a correction",
    "go-team": "a team",
    "go-team-boards": "team members",
    "id-assigned": "an ID assignment",
}
"""The actions in words, for messages."""


def require_open(d: FoldedTournament, what: str) -> None:
    """Raise `TournamentError` when the tournament is closed (submitted, not reopened)."""
    if d.closed:
        raise TournamentError(
            f"expected an open tournament for {what}, got {d.settings.name!r} closed "
            f"since its submission (reopen it first)"
        )


def _withdraw(d: FoldedTournament, player: PlayerId, k: int) -> FoldedTournament:
    _future_round(d, k, "a withdrawal")
    last = total_rounds_of(d)
    if last is not None and k > last:
        raise TournamentError(
            f"expected a withdrawal from a round of the tournament (<= {last}), got round {k}"
        )
    return replace(d, state=withdraw(d.state, player, k))


def total_rounds_of(d: FoldedTournament) -> int | None:
    """The rounds the tournament plays (round robin + Swiss), None below two entrants."""
    plan = plan_of(d)
    if plan is None:
        return None
    return plan.total_rounds(sum(1 for e in d.state.entrants if e.first_round == 1))


def apply(d: FoldedTournament, event: Event) -> FoldedTournament:
    """The state after one action; raises `TournamentError` when it is not allowed."""
    if isinstance(event, Reopened):
        if not d.closed:
            raise TournamentError("expected a closed tournament to reopen, got one still open")
        return replace(d, closed=False)
    if isinstance(event, IdAssigned):
        return _assign(d, event)  # also once submitted: the officer's, not the director's
    require_open(d, ACTION_WORDS.get(event.kind, f"a {event.kind} action"))
    if isinstance(event, Submitted):
        return replace(d, closed=True)
    if d.go is not None:
        return replace(d, go=_apply_go(d.go, event))
    match event:
        case Registered():
            return _register(d, event)
        case Withdrawn(player=p, from_round=k):
            return _withdraw(d, p, k)
        case Absent(player=p, round=k):
            _future_round(d, k, "an absence")
            if not d.state.is_available(p, k):
                raise TournamentError(f"expected a player due to play round {k}, got {p}")
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
    raise TournamentError(f"expected an action, got a {event.kind!r} event out of place")


def _apply_go(s: go.GoState, event: Event) -> go.GoState:
    """The Go state after one action of a Go tournament."""
    match event:
        case GoRegistered():
            return go.register(s, event)
        case Withdrawn(player=p, from_round=k):
            return go.withdraw(s, p, k)
        case Absent(player=p, round=k):
            return go.absent(s, p, k)
        case Forbidden(first=a, second=b):
            return go.forbid(s, a, b)
        case Forced():
            return go.force(s, event)
        case GoPaired():
            return go.pair(s, event)
        case GoResultEntered() | GoResultCorrected():
            return go.record(s, event)
        case GoTeamEntered():
            return go.enter_team(s, event)
        case GoTeamBoards():
            return go.set_team_boards(s, event)
    raise TournamentError(f"expected an action of a Go tournament, got a {event.kind!r} event")


def effective(events: Iterable[Event]) -> list[Event]:
    """The actions in force: each `Undone` removes the latest action still in force.

    Raises:
        TournamentError: an undo with nothing left to undo.
    """
    stack: list[Event] = []
    for e in events:
        if isinstance(e, Undone):
            if len(stack) <= 1:
                raise TournamentError("expected an action to undo, got none after the creation")
            stack.pop()
        else:
            stack.append(e)
    return stack


def fold(events: Sequence[Event]) -> FoldedTournament:
    """The current state of the tournament whose log is `events` (the first is `Created`)."""
    actions = effective(events)
    if not actions or not isinstance(actions[0], Created):
        raise TournamentError("expected a log starting with the creation event, got none")
    first = actions[0]
    settings = first.settings
    d = FoldedTournament(
        settings=settings,
        state=TournamentState(seed=settings.seed),
        go=go.new_go_state(settings) if settings.game == GO else None,
    )
    for e in actions[1:]:
        if isinstance(e, Created):
            raise TournamentError("expected one creation event, got a second one")
        d = apply(d, e)
    return d

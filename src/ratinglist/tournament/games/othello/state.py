"""The pure state of a tournament run by a tournament director.

Every value is immutable and every operation returns a new `TournamentState`, so the state
of a tournament is the fold of its events: ``reduce(apply, events, TournamentState(...))``.
Rounds are numbered from 1. A round holds its pairings (Black first), its byes and the
players declared absent for it. Withdrawal from round k means: not paired from round k on.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from ratinglist.errors import N_, NotAllowedNow, TournamentInputError
from ratinglist.model import Colour, PlayerId
from ratinglist.pairing.request import PastGame
from ratinglist.standings import GameScore
from ratinglist.tournament.games.othello.memo import Same
from ratinglist.tournament.games.othello.results import Result


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player entered in the tournament. `first_round` > 1 marks a late entry."""

    id: PlayerId
    name: str
    country: str = ""
    rating: int | None = None
    female: bool = False
    youth: bool = False
    birth_year: int | None = None
    debutant: bool = False
    first_round: int = 1


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two players paired in a round; `result` is None until the game is reported."""

    black: PlayerId
    white: PlayerId
    result: Result | None = None

    def colour_of(self, player: PlayerId) -> Colour:
        """The colour `player` has in this pairing."""
        if player == self.black:
            return Colour.BLACK
        if player == self.white:
            return Colour.WHITE
        raise TournamentInputError(
            N_("expected a player of this pairing, got %(player)s"), player=player
        )

    def opponent(self, player: PlayerId) -> PlayerId:
        """The other player."""
        return self.white if self.colour_of(player) is Colour.BLACK else self.black


@dataclass(frozen=True, slots=True)
class Round:
    """One round: pairings, byes (players paired against BYE) and declared absences;
    `tables` the table number of each pairing when fixed at pairing (else empty)."""

    number: int
    pairings: tuple[Pairing, ...] = ()
    byes: tuple[PlayerId, ...] = ()
    absent: frozenset[PlayerId] = frozenset()
    tables: tuple[int, ...] = ()
    _records: tuple[tuple[PlayerId, GameRecord], ...] | None = field(
        default=None, init=False, compare=False, repr=False
    )
    _past_games: tuple[tuple[PlayerId, PastGame], ...] | None = field(
        default=None, init=False, compare=False, repr=False
    )

    def records(self) -> tuple[tuple[PlayerId, GameRecord], ...]:
        """Each reported game of the round from both sides, (player, record): Black's then
        White's, pairing by pairing (built once per round, on first use)."""
        if self._records is None:
            out: list[tuple[PlayerId, GameRecord]] = []
            for p in self.pairings:
                res = p.result
                if res is None:
                    continue
                b, w, n, on_board = res.black_discs, res.white_discs, self.number, res.played
                pb, pw = res.points(Colour.BLACK), res.points(Colour.WHITE)
                black = GameRecord(p.white, b, w, pb, n, Colour.BLACK, on_board)
                white = GameRecord(p.black, w, b, pw, n, Colour.WHITE, on_board)
                out += ((p.black, black), (p.white, white))
            object.__setattr__(self, "_records", tuple(out))
        assert self._records is not None
        return self._records

    def past_games(self) -> tuple[tuple[PlayerId, PastGame], ...]:
        """The games of `records` as the pairing engine reads them, (player, game), in the
        same order (built once per round, on first use)."""
        if self._past_games is None:
            records = self.records()
            games = tuple((pid, PastGame(g.opponent, g.colour, g.round)) for pid, g in records)
            object.__setattr__(self, "_past_games", games)
        assert self._past_games is not None
        return self._past_games

    def players(self) -> Iterator[PlayerId]:
        """Every player paired in this round (byes included)."""
        for p in self.pairings:
            yield p.black
            yield p.white
        yield from self.byes

    def pairing_of(self, player: PlayerId) -> Pairing | None:
        """The pairing in which `player` plays, or None."""
        for p in self.pairings:
            if player in (p.black, p.white):
                return p
        return None

    @property
    def complete(self) -> bool:
        """True when every pairing has a result (two records each)."""
        return len(self.records()) == 2 * len(self.pairings)


@dataclass(frozen=True, slots=True)
class TournamentState:
    """Entrants, rounds, withdrawals (player -> first round not played) and the lots seed."""

    entrants: tuple[Entrant, ...] = ()
    rounds: tuple[Round, ...] = ()
    withdrawals: tuple[tuple[PlayerId, int], ...] = ()
    seed: int = 0
    never_pair: tuple[frozenset[PlayerId], ...] = field(default=())
    _index: dict[PlayerId, Entrant] | None = field(
        default=None, init=False, compare=False, repr=False
    )

    def by_id(self) -> dict[PlayerId, Entrant]:
        """The entrants by ID (built once per state, on first use; do not modify)."""
        if self._index is None:
            object.__setattr__(self, "_index", {e.id: e for e in self.entrants})
        assert self._index is not None
        return self._index

    def entrant(self, player: PlayerId) -> Entrant:
        """The entrant with this ID."""
        index = self._index if self._index is not None else self.by_id()
        found = index.get(player)
        if found is None:
            raise TournamentInputError(
                N_("expected an entered player, got unknown ID %(player)s"), player=player
            )
        return found

    def withdrawn_from(self, player: PlayerId) -> int | None:
        """The first round `player` does not play after withdrawing, or None."""
        for pid, k in self.withdrawals:
            if pid == player:
                return k
        return None

    def is_available(self, player: PlayerId, round_number: int) -> bool:
        """True if `player` is entered, not withdrawn and not declared absent for the round."""
        e = self.entrant(player)
        if round_number < e.first_round:
            return False
        w = self.withdrawn_from(player)
        if w is not None and round_number >= w:
            return False
        if round_number <= len(self.rounds):
            return player not in self.rounds[round_number - 1].absent
        return True

    def available(self, round_number: int) -> tuple[PlayerId, ...]:
        """The players to pair in `round_number`, in entry order."""
        absent: frozenset[PlayerId] = frozenset()
        if round_number <= len(self.rounds):
            absent = self.rounds[round_number - 1].absent
        withdrawn = self.withdrawn()
        out = []
        for e in self.entrants:
            if e.id in absent or round_number < e.first_round:
                continue
            w = withdrawn.get(e.id)
            if w is not None and round_number >= w:
                continue
            out.append(e.id)
        return tuple(out)

    def withdrawn(self) -> dict[PlayerId, int]:
        """`withdrawn_from` of every withdrawn player."""
        out: dict[PlayerId, int] = {}
        for pid, k in self.withdrawals:
            out.setdefault(pid, k)
        return out

    @property
    def current_round(self) -> int:
        """The number of rounds created so far."""
        return len(self.rounds)


def add_entrant(state: TournamentState, entrant: Entrant) -> TournamentState:
    """Enter a player (late entries carry `first_round`)."""
    index = state.by_id()
    if entrant.id in index:
        raise NotAllowedNow(
            N_("expected a new player ID, got %(id)s already entered"), id=entrant.id
        )
    new = replace(state, entrants=(*state.entrants, entrant))
    object.__setattr__(new, "_index", {**index, entrant.id: entrant})
    return new


def withdraw(state: TournamentState, player: PlayerId, from_round: int) -> TournamentState:
    """Withdraw `player` from round `from_round` on; there is no re-entry (seed 004 II.7)."""
    state.entrant(player)
    if state.withdrawn_from(player) is not None:
        raise NotAllowedNow(
            N_("expected a player still in the tournament, got %(player)s withdrawn"), player=player
        )
    if from_round < 1:
        raise TournamentInputError(
            N_("expected a round number >= 1, got %(from_round)s"), from_round=from_round
        )
    return replace(state, withdrawals=(*state.withdrawals, (player, from_round)))


def reinstate(state: TournamentState, player: PlayerId) -> TournamentState:
    """Cancel `player`'s withdrawal: paired again in the rounds not yet published (the rounds
    missed stay not played)."""
    state.entrant(player)
    if state.withdrawn_from(player) is None:
        raise NotAllowedNow(
            N_("expected a withdrawn player to reinstate, got %(player)s playing"), player=player
        )
    kept = tuple(w for w in state.withdrawals if w[0] != player)
    return replace(state, withdrawals=kept)


def set_flags(
    state: TournamentState, player: PlayerId, female: bool, youth: bool, birth_year: int | None
) -> TournamentState:
    """`player`'s class flags replaced (female, youth, birth year)."""
    entrant = replace(state.entrant(player), female=female, youth=youth, birth_year=birth_year)
    entrants = tuple(entrant if e.id == player else e for e in state.entrants)
    return replace(state, entrants=entrants)


def _unplayed_game(r: Round, player: PlayerId) -> Pairing:
    """The game of `player` in round `r`, which must have no result yet."""
    p = r.pairing_of(player)
    if p is None:
        raise TournamentInputError(
            N_("expected a player with a game in round %(number)s, got %(player)s"),
            number=r.number,
            player=player,
        )
    if p.result is not None:
        raise NotAllowedNow(
            N_(
                "expected a game without a result in round %(number)s, got %(black)s - "
                "%(white)s already played (correct or undo the result first)"
            ),
            number=r.number,
            black=p.black,
            white=p.white,
        )
    return p


def _with_pairings(
    state: TournamentState, r: Round, pairings: tuple[Pairing, ...]
) -> TournamentState:
    new = replace(r, pairings=pairings)
    k = r.number
    return replace(state, rounds=(*state.rounds[: k - 1], new, *state.rounds[k:]))


def swap_players(
    state: TournamentState, round_number: int, first: PlayerId, second: PlayerId
) -> TournamentState:
    """Swap two players of different games of a published round: each takes the other's
    seat (colour and table); neither game may have a result, nor may a new pair be a
    forbidden one."""
    r = state.rounds[round_number - 1]
    a, b = _unplayed_game(r, first), _unplayed_game(r, second)
    if a == b:
        raise TournamentInputError(
            N_(
                "expected players of two different games, got %(first)s and %(second)s "
                "in one game (exchange the colours instead)"
            ),
            first=first,
            second=second,
        )
    seat = {first: second, second: first}

    def moved(p: Pairing) -> Pairing:
        return Pairing(seat.get(p.black, p.black), seat.get(p.white, p.white))

    pairings = tuple(moved(p) if p in (a, b) else p for p in r.pairings)
    for p in pairings:
        if frozenset((p.black, p.white)) in state.never_pair:
            raise TournamentInputError(
                N_("expected no forbidden pair after the swap, got %(black)s - %(white)s"),
                black=p.black,
                white=p.white,
            )
    return _with_pairings(state, r, pairings)


def exchange_colours(
    state: TournamentState, round_number: int, black: PlayerId, white: PlayerId
) -> TournamentState:
    """The game `black` - `white` of a published round with the colours exchanged; it may
    not have a result."""
    r = state.rounds[round_number - 1]
    game = _unplayed_game(r, black)
    if (game.black, game.white) != (black, white):
        raise TournamentInputError(
            N_(
                "expected a game of round %(round_number)s with %(black)s Black and "
                "%(white)s White, got %(game_black)s - %(game_white)s"
            ),
            round_number=round_number,
            black=black,
            white=white,
            game_black=game.black,
            game_white=game.white,
        )
    pairings = tuple(Pairing(white, black) if p == game else p for p in r.pairings)
    return _with_pairings(state, r, pairings)


def forbid_pair(state: TournamentState, a: PlayerId, b: PlayerId) -> TournamentState:
    """Add a "never pair" constraint between `a` and `b`."""
    state.entrant(a)
    state.entrant(b)
    if a == b:
        raise TournamentInputError(N_("expected two different players, got %(a)s twice"), a=a)
    return replace(state, never_pair=(*state.never_pair, frozenset((a, b))))


def _ensure_round(state: TournamentState, number: int) -> tuple[Round, ...]:
    rounds = list(state.rounds)
    while len(rounds) < number:
        rounds.append(Round(number=len(rounds) + 1))
    return tuple(rounds)


def set_absent(state: TournamentState, player: PlayerId, round_number: int) -> TournamentState:
    """Declare `player` absent for one round (not paired, no bye)."""
    state.entrant(player)
    rounds = _ensure_round(state, round_number)
    r = rounds[round_number - 1]
    if player in set(r.players()):
        raise NotAllowedNow(
            N_(
                "expected an unpaired player, got %(player)s already paired in round "
                "%(round_number)s"
            ),
            player=player,
            round_number=round_number,
        )
    new = replace(r, absent=r.absent | {player})
    return replace(state, rounds=(*rounds[: round_number - 1], new, *rounds[round_number:]))


def paired_rounds(state: TournamentState) -> int:
    """The number of leading rounds whose pairings (or byes) are published."""
    count = 0
    for r in state.rounds:
        if not (r.pairings or r.byes):
            break
        count += 1
    return count


def set_round(
    state: TournamentState,
    round_number: int,
    pairings: Iterable[tuple[PlayerId, PlayerId]],
    byes: Iterable[PlayerId] = (),
    tables: Sequence[int] = (),
) -> TournamentState:
    """Publish the pairings (Black, White) and byes of a round; nobody may appear twice.

    The round must be the first one not yet published (rounds created only to hold
    absences declared in advance count as not published). `tables`, when given, numbers
    each pairing's table: 1 to the number of pairings, each once.
    """
    published = paired_rounds(state)
    if round_number != published + 1:
        raise NotAllowedNow(
            N_("expected the next round %(published)s, got round %(round_number)s"),
            published=published + 1,
            round_number=round_number,
        )
    pairs = tuple(Pairing(b, w) for b, w in pairings)
    bye_ids = tuple(byes)
    seen: set[PlayerId] = set()
    for pid in [x for p in pairs for x in (p.black, p.white)] + list(bye_ids):
        state.entrant(pid)
        if pid in seen:
            raise TournamentInputError(
                N_("expected each player once in a round, got %(pid)s twice"), pid=pid
            )
        seen.add(pid)
    numbers = tuple(tables)
    if numbers and sorted(numbers) != list(range(1, len(pairs) + 1)):
        raise TournamentInputError(
            N_(
                "expected table numbers 1-%(count)s once each for round "
                "%(round_number)s, got %(numbers)s"
            ),
            count=len(pairs),
            round_number=round_number,
            numbers=list(numbers),
        )
    rounds = _ensure_round(state, round_number)
    new = replace(rounds[round_number - 1], pairings=pairs, byes=bye_ids, tables=numbers)
    return replace(state, rounds=(*rounds[: round_number - 1], new, *rounds[round_number:]))


def record_result(
    state: TournamentState,
    round_number: int,
    black: PlayerId,
    white: PlayerId,
    result: Result,
) -> TournamentState:
    """Record (or correct) the result of the game `black` - `white` in a round."""
    if not 1 <= round_number <= len(state.rounds):
        raise TournamentInputError(
            N_("expected an existing round, got round %(round_number)s"), round_number=round_number
        )
    r = state.rounds[round_number - 1]
    out = []
    found = False
    for p in r.pairings:
        if p.black == black and p.white == white:
            out.append(replace(p, result=result))
            found = True
        else:
            out.append(p)
    if not found:
        raise TournamentInputError(
            N_(
                "expected a pairing of round %(round_number)s, got %(black)s - %(white)s not paired"
            ),
            round_number=round_number,
            black=black,
            white=white,
        )
    new = replace(r, pairings=tuple(out))
    rounds = (*state.rounds[: round_number - 1], new, *state.rounds[round_number:])
    return replace(state, rounds=rounds)


@dataclass(frozen=True, slots=True)
class GameRecord(GameScore):
    """One reported game from one player's side: the standings' `GameScore` (opponent, both
    disc counts, points) with its round, the player's colour and whether it was played on
    the board (the standings read the records themselves)."""

    round: int
    colour: Colour
    played: bool = True


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    """What a player did so far: games (with results), bye rounds, rounds without a game."""

    player: PlayerId
    games: tuple[GameRecord, ...]
    byes: tuple[int, ...]
    unplayed: tuple[int, ...]


def histories(
    state: TournamentState, through_round: int | None = None
) -> dict[PlayerId, PlayerHistory]:
    """Per player, the reported games, byes and unplayed rounds up to `through_round`.

    A round counts only once it is complete (every pairing has a result). Rounds in which a
    player neither played nor had a bye are `unplayed` (absences, late entry, withdrawal).
    """
    games, byes, unplayed = tallies(state, through_round)
    return {pid: PlayerHistory(pid, games[pid], byes[pid], unplayed[pid]) for pid in games}


Tallies = tuple[
    Mapping[PlayerId, tuple[GameRecord, ...]],
    Mapping[PlayerId, tuple[int, ...]],
    Mapping[PlayerId, tuple[int, ...]],
]
"""Per entrant (in entry order): game records, bye rounds, unplayed rounds (read only: they
are shared by later calls)."""


def tallies(state: TournamentState, through_round: int | None = None) -> Tallies:
    """What `histories` holds, as three mappings (for callers that build their own values
    from them), folded round by round (each step kept, `memo`)."""
    last = len(state.rounds) if through_round is None else through_round
    t = _no_rounds(Same(state.entrants))
    for r in state.rounds[:last]:
        t = _with_round(Same(t), Same(r))
    return t


@functools.lru_cache(maxsize=16)
def _no_rounds(entrants: Same[tuple[Entrant, ...]]) -> Tallies:
    ids = [e.id for e in entrants.value]
    return dict.fromkeys(ids, ()), dict.fromkeys(ids, ()), dict.fromkeys(ids, ())


@functools.lru_cache(maxsize=128)
def _with_round(before: Same[Tallies], counted: Same[Round]) -> Tallies:
    """The tallies `before` with the round `counted` added, if complete and published."""
    t, r = before.value, counted.value
    if not r.complete or not (r.pairings or r.byes):
        return t
    games, byes, unplayed = dict(t[0]), dict(t[1]), dict(t[2])
    seen: set[PlayerId] = set(r.byes)
    for pid, g in r.records():
        games[pid] = (*games[pid], g)
        seen.add(pid)
    for pid in r.byes:
        byes[pid] = (*byes[pid], r.number)
    for pid in unplayed:
        if pid not in seen:
            unplayed[pid] = (*unplayed[pid], r.number)
    return games, byes, unplayed

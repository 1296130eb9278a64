"""The director's changes around a round (issue 22, items 1-2): a pairing previewed before
it is stored, manual changes of a stored pairing (swap two players, exchange the colours of
a game), reinstating a withdrawn player, the end date and the players' class flags.

Each write states the log's event number the director's page was drawn at (`based_on`):
a pairing previewed at one event is stored only if the log is still there (the pairing
is computed again from the same state and seed, so it is the one shown); a swap or an
exchange of colours changes a whole round and is refused (`ConflictError`) when anything
was written since (`tournament.concurrency`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from types import ModuleType

from ratinglist.errors import N_, ConflictError, NotOffered, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.directed import Person, RoundView
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.actions import person
from ratinglist.service.tournaments.games import offered
from ratinglist.service.tournaments.log import check, loaded, write
from ratinglist.service.tournaments.players_side.checkin import pairing_events
from ratinglist.service.tournaments.views import round_view
from ratinglist.store import Store
from ratinglist.tournament import events as ev
from ratinglist.tournament.fold import require_open
from ratinglist.tournament.folded import FoldedTournament


@dataclass(frozen=True, slots=True)
class PairingPreview:
    """The next round as it would be paired now, not stored; `based_on` is the log's event
    number it was computed at (send it to store this pairing: `store_pairing`)."""

    round: RoundView
    based_on: int


@dataclass(frozen=True, slots=True)
class PlayerFlags:
    """A player's class flags as the class standings read them."""

    player: Person
    female: bool
    youth: bool
    birth_year: int | None


@dataclass(frozen=True, slots=True)
class SetupEntrant:
    """An entrant as the director's set-up page lists it: flags, first round, withdrawal
    (the first round not played, None while playing) and absence from the next round."""

    flags: PlayerFlags
    first_round: int
    withdrawn_from: int | None
    absent_next: bool


@dataclass(frozen=True, slots=True)
class PairRule:
    """A forbidden pair (`round` None) or a pair forced in `round` (`first` has Black)."""

    round: int | None
    first: Person
    second: Person


def _stale(based_on: int | None, seq: int, what: str) -> None:
    if based_on is not None and based_on != seq:
        raise ConflictError(
            N_(
                "expected the log at event %(based_on)s, got %(seq)s: the tournament "
                "changed since %(what)s; nothing written, look at it again"
            ),
            based_on=based_on,
            seq=seq,
            what=what,
        )


def preview_pairing(db: Store, tournament: int) -> PairingPreview:
    """The next round's pairing by the tournament's system, computed but not stored."""
    base = loaded(db, tournament)
    require_open(base.folded, N_("a pairing"))
    state = check(base.folded, pairing_events(db, tournament, base.folded))
    return PairingPreview(round_view(state, state.paired, base.seq), base.seq)


def store_pairing(db: Store, tournament: int, actor: Actor, based_on: int) -> RoundView:
    """Store the pairing previewed at event `based_on` (`preview_pairing`).

    Raises:
        ConflictError: the log moved since the preview (the pairing may differ); nothing
            stored.
    """
    base = loaded(db, tournament)
    _stale(based_on, base.seq, N_("the preview"))
    require_open(base.folded, N_("a pairing"))
    d = write(db, base, pairing_events(db, tournament, base.folded), actor, based_on=based_on)
    return round_view(d, d.paired, base.seq + 1)


def swap_players(
    db: Store,
    tournament: int,
    round_number: int,
    first: int,
    second: int,
    actor: Actor,
    based_on: int | None = None,
) -> RoundView:
    """Swap two players between two games of a stored round (each takes the other's seat);
    refused once either game has a result. The round as it is now."""
    base = loaded(db, tournament)
    _stale(based_on, base.seq, N_("the round was shown"))
    seats = offered(base.folded.settings.game, "seats", N_("seat edits (swaps and colours)"))
    action = seats.players_swapped(round_number, PlayerId(first), PlayerId(second))
    d = write(db, base, [action], actor, based_on=based_on)
    return round_view(d, round_number, base.seq + 1)


def exchange_colours(
    db: Store,
    tournament: int,
    round_number: int,
    black: int,
    white: int,
    actor: Actor,
    based_on: int | None = None,
) -> RoundView:
    """Exchange the colours of the game `black` - `white` of a stored round; refused once it
    has a result. The round as it is now."""
    base = loaded(db, tournament)
    _stale(based_on, base.seq, N_("the round was shown"))
    seats = offered(base.folded.settings.game, "seats", N_("seat edits (swaps and colours)"))
    action = seats.colours_exchanged(round_number, PlayerId(black), PlayerId(white))
    d = write(db, base, [action], actor, based_on=based_on)
    return round_view(d, round_number, base.seq + 1)


def reinstate(db: Store, tournament: int, player: int, actor: Actor) -> Person:
    """A withdrawn player plays again from the next round (the rounds missed stay not
    played)."""
    base = loaded(db, tournament)
    d = write(db, base, [ev.Reinstated(PlayerId(player))], actor)
    return person(d, PlayerId(player))


def set_end_date(db: Store, tournament: int, end: str, actor: Actor) -> str:
    """Set the tournament's last day (YYYY-MM-DD, not before the first); the date stored."""
    text = end.strip()
    try:
        dt.date.fromisoformat(text)
    except ValueError as exc:
        raise TournamentInputError(
            N_("expected a last day as YYYY-MM-DD, got %(end)r"), end=end
        ) from exc
    base = loaded(db, tournament)
    d = write(db, base, [ev.EndDateSet(text)], actor)
    return d.settings.end or text


def set_flags(
    db: Store,
    tournament: int,
    player: int,
    actor: Actor,
    *,
    female: bool = False,
    youth: bool = False,
    birth_year: int | None = None,
) -> PlayerFlags:
    """Set a player's class flags (female, youth, birth year), read by the class
    standings; the flags now."""
    base = loaded(db, tournament)
    action = ev.FlagsSet(PlayerId(player), female, youth, birth_year)
    d = write(db, base, [action], actor)
    return PlayerFlags(person(d, PlayerId(player)), female, youth, birth_year)


def _setup(d: FoldedTournament) -> ModuleType:
    return offered(d.settings.game, "setup", N_("pair rules and a set-up page"))


def player_flags(db: Store, tournament: int) -> tuple[PlayerFlags, ...]:
    """Every entrant's class flags, in entry order.

    Raises:
        NotOffered: the tournament's game has no class flags.
    """
    d = loaded(db, tournament).folded
    ask = getattr(_setup(d), "player_flags", None)
    if ask is None:
        raise NotOffered(
            N_("expected a game with class flags, got a %(game)s tournament"), game=d.settings.game
        )
    flags: tuple[PlayerFlags, ...] = ask(d)
    return flags


def pair_rules(db: Store, tournament: int) -> tuple[PairRule, ...]:
    """The forbidden pairs, then the pairs forced in the rounds not yet stored.

    Raises:
        NotOffered: the tournament's game has no pair rules.
    """
    d = loaded(db, tournament).folded
    rules: tuple[PairRule, ...] = _setup(d).pair_rules(d)
    return rules


@dataclass(frozen=True, slots=True)
class RoundSetup:
    """What the director's set-up page shows: the dates, the rounds stored, the log's event
    number, the entrants and the pair rules."""

    name: str
    start: str
    end: str | None
    paired: int
    seq: int
    closed: bool
    entrants: tuple[SetupEntrant, ...]
    rules: tuple[PairRule, ...]


def round_setup(db: Store, tournament: int) -> RoundSetup:
    """The set-up of the tournament now (read only)."""
    base = loaded(db, tournament)
    d = base.folded
    game = _setup(d)
    entrants: tuple[SetupEntrant, ...] = game.setup_entrants(d)
    rules: tuple[PairRule, ...] = game.pair_rules(d)
    s = d.settings
    return RoundSetup(s.name, s.start, s.end, d.paired, base.seq, d.closed, entrants, rules)

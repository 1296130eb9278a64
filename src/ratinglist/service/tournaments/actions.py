"""Tournament use cases: create, list, enter players, withdraw, pair, finals, undo, reopen.

Each function takes plain values and an `Actor`, opens the store at `url`, reads and folds
the tournament's log, checks the action, appends it in one write transaction (based on the
sequence number it read, rebased or refused with `ConflictError` when others wrote
meanwhile) and returns frozen values (`service.tournament_values`). Results are in
`service.tournament_results`, read-only views and exports in `service.tournament_views`.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from sqlalchemy.engine import Connection

from ratinglist.errors import (
    N_,
    ConflictError,
    NeedsConfirmation,
    NotAllowedNow,
    NotOffered,
    Phrase,
    RegistryError,
    TournamentInputError,
)
from ratinglist.model import Player, PlayerId, shown_id
from ratinglist.model.directed import (
    Created,
    FinalsView,
    NewSettings,
    Person,
    PlayerAction,
    Registration,
    Resolved,
    RoundView,
    TournamentSummary,
    Undid,
)
from ratinglist.model.ids import LARGEST_KEY, fits_a_key, is_temporary_player
from ratinglist.model.player import NamesakeConflict
from ratinglist.model.text import format_name
from ratinglist.registry.countries import country_code
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.games import game_module
from ratinglist.service.tournaments.log import (
    Loaded,
    after,
    check,
    loaded,
    name_in,
    write,
)
from ratinglist.service.tournaments.views import round_view
from ratinglist.store import Store
from ratinglist.store.tournament_events import create_tournament, list_directed, log_writer
from ratinglist.tournament import events as ev
from ratinglist.tournament.concurrency import describe
from ratinglist.tournament.fold import fold, require_open
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import game_named, game_of, rounds_words

if TYPE_CHECKING:
    from ratinglist.registry.search import PlayerIndex

MATCH_THRESHOLD = 40.0
"""Lowest fuzzy score (0-100) of a registered player offered as a candidate for a name."""


def person(d: FoldedTournament, pid: PlayerId) -> Person:
    """The entrant `pid` as ID (a Go player's number) and name."""
    return game_of(d).person(d, pid)


def _settings(new: NewSettings) -> ev.Settings:
    """The new tournament's settings, its seed drawn when none is given, after the game's own
    checks of a new tournament (its service folder's `creation.check_new`, where it has one).

    Raises:
        TournamentInputError: a seed the database cannot store (past 32 bits), or what the
            game's checks refuse.
    """
    if new.seed is not None and not fits_a_key(new.seed):
        raise TournamentInputError(
            N_("expected a seed of at most %(largest)s, got %(seed)s"),
            largest=LARGEST_KEY,
            seed=new.seed,
        )
    game = game_named(new.game)
    creation = game_module(game.name, "creation")
    if creation is not None:
        creation.check_new(new)
    seed = secrets.randbelow(2**31) if new.seed is None else new.seed
    return game.created_settings(new, seed)


def new_tournament(
    db: Store, new: NewSettings, actor: Actor, *, director: str | None = None
) -> Created:
    """Create a tournament (it becomes the default one); its id and seed.

    `director` names the account that directs it (web): it gets the tournament's ``td``
    grant in the same transaction.
    """
    settings = _settings(new)
    tid = create_tournament(db, ev.Created(settings), actor=actor.label, director=director)
    return Created(tid, settings.name, settings.seed)


def list_tournaments(db: Store) -> tuple[TournamentSummary, ...]:
    """Every directed tournament, most recent first."""
    found = list_directed(db)
    return tuple(
        TournamentSummary(i.id, i.name, i.country, str(i.start_date), i.status, i.events)
        for i in found
    )


class NotRegistered(RegistryError):
    """A query that names no registered player exactly (or several): nothing was entered;
    the director chooses one of the `candidates` by its ID, or enters a new player."""

    def __init__(self, query: str, candidates: tuple[Player, ...], *, several: bool) -> None:
        shown = "; ".join(f"{p.name} ({p.id}, {p.country})" for p in candidates)
        if several:
            super().__init__(
                N_(
                    "expected one registered player named %(query)r, got %(count)s: "
                    "%(shown)s; enter one by its ID"
                ),
                query=query,
                count=len(candidates),
                shown=shown,
            )
        else:
            super().__init__(
                N_(
                    "not found: %(query)r names no registered player exactly (candidates: "
                    "%(shown)s); enter one by its ID, or enter a new player"
                ),
                query=query,
                shown=shown or N_("none near"),
            )
        self.query = query
        self.candidates = candidates


CANDIDATES = 5
"""How many of the nearest registered players a refused name offers."""


def _resolve(index: PlayerIndex, queries: Sequence[str], threshold: float) -> list[Resolved]:
    """Each query's player: an exact ID, or the one player whose whole name it is (either
    order; case, accents and punctuation ignored). Nothing is guessed: another name is
    refused with the players scoring at least `threshold` as candidates.

    Raises:
        RegistryError: an ID that is not registered.
        NotRegistered: a name that names nobody exactly, or several players.
    """
    out = []
    for query in queries:
        text = query.strip()
        if text.isdigit():
            exact = [m for m in index.search(text, limit=2) if str(m.player.id) == text]
            if not exact:
                raise RegistryError(N_("expected a registered player ID, got %(text)r"), text=text)
            p, how = exact[0].player, "ID"
        else:
            named = index.exact(text)
            if len(named) > 1:
                raise NotRegistered(text, named, several=True)
            if not named:
                near = index.search(text, limit=CANDIDATES)
                found = tuple(m.player for m in near if m.score >= threshold)
                raise NotRegistered(text, found, several=False)
            p, how = named[0], "exact name"
        out.append(Resolved(query, Person(p.id, p.name), how))
    return out


@dataclass(frozen=True, slots=True)
class Entry:
    """How players are entered: late first round, classes, birth year."""

    first_round: int | None = None
    female: bool = False
    youth: bool = False
    birth_year: int | None = None


def _registered(
    p: Player, entry: Entry, first: int, rating: int | None, rating_list: str
) -> ev.Registered:
    return ev.Registered(
        p.id,
        p.surname,
        p.firstname,
        p.country,
        rating,
        new=False,
        first_round=first,
        female=entry.female,
        youth=entry.youth,
        birth_year=entry.birth_year,
        debutant=False,
        rating_list=rating_list,
    )


def _same_name(e: ev.Registered, surname: str, firstname: str) -> bool:
    return (e.surname.casefold(), e.firstname.casefold()) == (
        surname.strip().casefold(),
        firstname.strip().casefold(),
    )


def _new_player_id(d: FoldedTournament, known: Sequence[ev.Event]) -> PlayerId:
    """The identifier the tournament's game gives a player new to the registry.

    Raises:
        NotOffered: the game enters no new players from the registry.
    """
    from ratinglist.service.tournaments.games import offered

    registration = offered(d.settings.game, "registration", N_("new players under temporary IDs"))
    found: PlayerId = registration.new_player_id(known)
    return found


def _new_entrant(
    conn: Connection,
    known: Sequence[ev.Event],
    typed: tuple[str, str, str],
    entry: Entry,
    first: int,
    rating_list: str,
    anyway: bool,
) -> tuple[ev.Registered | None, Person]:
    """The registration of a player new to the registry under the next temporary identifier,
    or (None, the earlier entrant) when the same person was already entered (a retry).

    Raises:
        NotAllowedNow: an entrant of the same name (another country, or a registered
            player) is already in the tournament.
        NamesakeConflict: the registry holds a player of this name and `anyway` is False.
    """
    from ratinglist.registry.names import check_person
    from ratinglist.store.players import players_named

    surname, firstname = check_person(typed[0], typed[1], typed[2])
    surname, firstname, country = surname or "", firstname or "", typed[2]
    code = country_code(country.strip())
    folded = fold(known)
    same = [p for p in game_of(folded).registrations(folded) if _same_name(p, surname, firstname)]
    if same:
        earlier = same[0]
        if is_temporary_player(earlier.player) and earlier.country.casefold() == code.casefold():
            return None, Person(earlier.player, _name(earlier))
        raise NotAllowedNow(
            N_(
                "expected a player not yet entered, got %(earlier)s already entered as "
                "%(player)s (%(country)s); one person is entered once"
            ),
            earlier=_name(earlier),
            player=shown_id(earlier.player),
            country=earlier.country,
        )
    namesakes = players_named(conn, surname, firstname)
    if namesakes and not anyway:
        raise NamesakeConflict(namesakes, format_name(surname.strip(), firstname.strip()))
    registered = ev.Registered(
        _new_player_id(folded, known),
        surname.strip(),
        firstname.strip(),
        code,
        None,
        new=True,
        first_round=first,
        female=entry.female,
        youth=entry.youth,
        birth_year=entry.birth_year,
        debutant=True,
        rating_list=rating_list,
    )
    return registered, Person(registered.player, _name(registered))


def register_players(
    db: Store,
    tournament: int,
    queries: Sequence[str],
    actor: Actor,
    *,
    new_player: str | None = None,
    new_country: str | None = None,
    entry: Entry = Entry(),
    threshold: float = MATCH_THRESHOLD,
    anyway: bool = False,
) -> Registration:
    """Enter registered players (exact IDs or exact whole names, `_resolve`) and at most one
    new player.

    Each registered player's rating is the one of the latest published WOF list as of the
    tournament's first day (`list_ratings`). A new player gets the tournament's next
    temporary identifier (``NEW1``...), never a registry ID: the ID officer gives the real
    one (`service.temporary_ids`). A new player with a registered namesake is refused with
    the namesakes (`NamesakeConflict`) unless `anyway`; a second entrant of the same name is
    refused, except the same new person again (same name and country): a retry, nothing
    added. Everything is one transaction.
    """
    if not queries and new_player is None:
        raise TournamentInputError(N_("expected player names, IDs or --new, got nothing"))
    if new_player is not None and new_country is None:
        raise TournamentInputError(N_("expected --country with --new, got none"))
    # The stored lists (and SQLAlchemy's ORM under them) only here: `tournament pair` and
    # the other use cases of this module do not load them.
    from ratinglist.service.registry import player_index
    from ratinglist.store.players import players_by_id
    from ratinglist.store.publishing import list_ratings

    base = loaded(db, tournament)
    d = base.folded
    require_open(d, N_("a registration"))
    game = game_of(d)
    if not game.uses_registry:
        return _register_typed(db, base, new_player, new_country, entry, actor, queries)
    first = entry.first_round if entry.first_round is not None else d.paired + 1
    # the registry's index is kept on the handle: a served process builds it once
    found = _resolve(player_index(db), queries, threshold) if queries else []
    new_person: Person | None = None
    retry = False
    with log_writer(db, base.info.id, base.seq, actor=actor.label) as writer:
        registry = players_by_id(writer.conn, (r.player.id for r in found))
        day = d.settings.start_date
        chosen, ratings = list_ratings(writer.conn, day, (r.player.id for r in found))
        actions: list[ev.Event] = [
            _registered(registry[r.player.id], entry, first, ratings.get(r.player.id), chosen)
            for r in found
        ]
        checked = check(d, actions)
        if new_player is not None and new_country is not None:
            surname, _, firstname = new_player.partition(",")
            known = (*base.events, *writer.newer)
            typed = (surname, firstname, new_country)
            added, new_person = _new_entrant(
                writer.conn, known, typed, entry, first, chosen, anyway
            )
            if added is None:
                retry = True
            else:
                check(checked, [added])
                actions.append(added)
        state = after(writer, base, actions)
        for action in actions:
            writer.append(action)
    return Registration(
        found=tuple(found),
        new_player=new_person,
        new_country=new_country if new_player is not None else None,
        new_was_retry=retry,
        entrants=game_of(state).count(state).entrants,
        new_identifier=None if new_person is None else new_person.shown_id,
    )


def _register_typed(
    db: Store,
    base: Loaded,
    new_player: str | None,
    country: str | None,
    entry: Entry,
    actor: Actor,
    queries: Sequence[str],
) -> Registration:
    """Enter one player as typed (``SURNAME,First`` and a country) in a game whose
    registration source is the director's typing (`Game.typed_entries`), not the registry."""
    d = base.folded
    game = game_of(d)
    if game.typed_entries is None or queries or new_player is None:
        raise NotOffered(
            N_("expected %(registration_help)s (%(label)s tournament), got a registry search"),
            registration_help=game.registration_help,
            label=game.label,
        )
    surname, _, firstname = new_player.partition(",")
    first = entry.first_round if entry.first_round is not None else d.paired + 1
    added = game.typed_entries.entry(d, surname.strip(), firstname.strip(), country or "", first)
    with log_writer(db, base.info.id, base.seq, actor=actor.label) as writer:
        state = after(writer, base, [added])
        writer.append(added)
    person = game.person(state, game.entrants(state)[-1].player.id)
    return Registration(
        found=(),
        new_player=person,
        new_country=country,
        new_was_retry=False,
        entrants=game.count(state).entrants,
        new_identifier=person.shown_id,
    )


@dataclass(frozen=True, slots=True)
class EntrantRatings:
    """The entrants' ratings as registered (`ratings`: ID -> rating and the as-of date of
    the published list it came from) and the published list in force on the tournament's
    first day now (`in_force`, ISO date, ``""`` for none)."""

    ratings: dict[PlayerId, tuple[int | None, str]]
    in_force: str


def entrant_ratings(db: Store, tournament: int) -> EntrantRatings:
    """Each entrant's rating and its list, for the director's page (item 6 of issue 19)."""
    from ratinglist.store.publishing import published_list_as_of

    d = loaded(db, tournament).folded
    with db.connect() as conn:
        chosen = published_list_as_of(conn, d.settings.start_date)
    ratings = {p.player: (p.rating, p.rating_list) for p in game_of(d).registrations(d)}
    return EntrantRatings(ratings, "" if chosen is None else chosen.as_of.isoformat())


def _name(e: ev.Registered) -> str:
    return format_name(e.surname, e.firstname)


def withdraw(
    db: Store, tournament: int, player: int, actor: Actor, from_round: int | None = None
) -> PlayerAction:
    """Withdraw a player from round `from_round` (default: the next round) on."""
    base = loaded(db, tournament)
    k = from_round if from_round is not None else base.folded.paired + 1
    d = write(db, base, [ev.Withdrawn(PlayerId(player), k)], actor)
    return PlayerAction(person(d, PlayerId(player)), k)


def absent(
    db: Store, tournament: int, player: int, actor: Actor, round_number: int | None = None
) -> PlayerAction:
    """Declare a player absent for one round (default: the next round)."""
    base = loaded(db, tournament)
    k = round_number if round_number is not None else base.folded.paired + 1
    d = write(db, base, [ev.Absent(PlayerId(player), k)], actor)
    return PlayerAction(person(d, PlayerId(player)), k)


def forbid(
    db: Store, tournament: int, first: int, second: int, actor: Actor
) -> tuple[Person, Person]:
    """Never pair two players together."""
    base = loaded(db, tournament)
    d = write(db, base, [ev.Forbidden(PlayerId(first), PlayerId(second))], actor)
    return person(d, PlayerId(first)), person(d, PlayerId(second))


def confirm_pairing(d: FoldedTournament, first: int, second: int, confirmed: bool) -> None:
    """Refuse a pairing by hand that repeats a game or breaks a forbidden pair unless the
    director `confirmed` it (OpenGotha asks before both).

    Raises:
        NeedsConfirmation: there is something to confirm (`concerns` lists it).
    """
    if confirmed:
        return
    concerns = game_of(d).pairing_concerns(d, PlayerId(first), PlayerId(second))
    if concerns:
        raise NeedsConfirmation(
            N_("expected a confirmation before pairing by hand: %(concerns_)s; nothing written"),
            concerns,
            concerns_="; ".join(concerns),
        )


def force(
    db: Store,
    tournament: int,
    black: int,
    white: int,
    actor: Actor,
    *,
    confirmed: bool = False,
) -> tuple[int, Person, Person]:
    """Impose a pair (Black, White) on the next round; the round and the two players.

    Raises:
        NeedsConfirmation: the two already played each other or are a forbidden pair, and
            `confirmed` is false; nothing written.
    """
    base = loaded(db, tournament)
    confirm_pairing(base.folded, black, white, confirmed)
    k = base.folded.paired + 1
    d = write(db, base, [ev.Forced(k, PlayerId(black), PlayerId(white))], actor)
    return k, person(d, PlayerId(black)), person(d, PlayerId(white))


def pair(db: Store, tournament: int, actor: Actor, *, group_max: int | None = None) -> RoundView:
    """Pair the next round (by the tournament's system) and publish it.

    `group_max` (Go): pair a field above that size in groups, as OpenGotha does above 600.
    Round 1 paired after the check-in deadline first makes absent the entrants not checked
    in (`players_side.checkin.absences`), in the same write.
    """
    from ratinglist.service.tournaments.players_side.checkin import pairing_events

    base = loaded(db, tournament)
    require_open(base.folded, N_("a pairing"))
    d = write(db, base, pairing_events(db, tournament, base.folded, group_max), actor)
    return round_view(d, d.paired, base.seq + 1)


def _finals_view(d: FoldedTournament, started: bool) -> FinalsView:
    view = game_of(d).finals_view(d, started)
    if view is None:
        raise NotAllowedNow(N_("expected finals under way, got none started (use finals --start)"))
    return view


@dataclass(frozen=True, slots=True)
class FinalsPreview:
    """What starting the finals now would do: the four finalists in standings order, the
    planned rounds it skips and the paired games still without a result (in words)."""

    finalists: tuple[str, ...]
    skipped: tuple[int, ...]
    missing: tuple[str, ...]

    @property
    def question(self) -> str:
        """The question the director confirms, naming what is skipped."""
        text = f"Start the finals with {', '.join(self.finalists)}?"
        if self.skipped:
            words = rounds_words(self.skipped)
            text += f" {words} will not be played."
        if self.missing:
            many = len(self.missing)
            text += f" {many} game{'s' if many > 1 else ''} of the rounds still without a result."
        return text + " No further round can be paired."


def finals_preview(db: Store, tournament: int) -> FinalsPreview:
    """What starting the finals would do now (read only; nothing written).

    Raises:
        NotFoundError: no such tournament.
        TournamentError: the finals cannot start (no finals in this game, already started,
            fewer than four players, no round played).
    """
    d = loaded(db, tournament).folded
    game = game_of(d)
    require_open(d, N_("the finals"))
    players = game.finalists(d)
    left = game.unfinished(d)
    return FinalsPreview(tuple(game.name_of(d, p) for p in players), left.skipped, left.missing)


def start_finals(db: Store, tournament: int, actor: Actor) -> FinalsView:
    """Start the finals with the top 4 of the standings; the games due."""
    base = loaded(db, tournament)
    d = write(db, base, [game_of(base.folded).finals(base.folded)], actor)
    return _finals_view(d, True)


def finals_games(db: Store, tournament: int) -> FinalsView:
    """The finals games due so far (read only).

    Raises:
        NotAllowedNow: the finals have not started.
    """
    d = loaded(db, tournament).folded
    return _finals_view(d, False)


def _pending_undo(store: Store, base: Loaded) -> Undid:
    """What an undo of `base`'s log would cancel: the latest action in force, in words with
    the players' names, and who wrote it."""
    from ratinglist.store.tournament_events import actor_of

    stack = _in_force(base)
    if len(stack) <= 1:
        raise NotAllowedNow(N_("expected an action to undo, got none after the creation"))
    seq, cancelled = stack[-1]
    label = actor_of(store, base.info.id, seq)
    by = Actor.parse(label).name if label else ""
    return Undid(seq, describe(cancelled, name_in(base.folded)), by, base.seq)


def undo_preview(db: Store, tournament: int) -> Undid:
    """What an undo would cancel now (read only); `Undid.based_on` is the log's event number
    to send with the undo (`undo(..., based_on=)`), so that it cancels this action only."""
    base = loaded(db, tournament)
    require_open(base.folded, N_("an undo"))
    return _pending_undo(db, base)


def undo(db: Store, tournament: int, actor: Actor, based_on: int | None = None) -> Undid:
    """Cancel the most recent action still in force (it stays in the log); what it was.

    `based_on` is the log's event number the undo was decided on (`undo_preview`): when the
    log moved since, the latest action may be someone else's, and nothing is undone.

    Raises:
        ConflictError: the log moved since `based_on` (or during the undo); nothing written.
    """
    base = loaded(db, tournament)
    require_open(base.folded, N_("an undo"))
    pending = _pending_undo(db, base)
    if based_on is not None and based_on != base.seq:
        newer: Phrase | str = "" if based_on > base.seq else _newest(db, base)
        raise ConflictError(
            N_(
                "expected the log at event %(based_on)s, got %(seq)s%(newer)s: undo "
                "would now cancel the %(what)s; nothing undone, look at the tournament "
                "again"
            ),
            based_on=based_on,
            seq=base.seq,
            newer=newer,
            what=pending.what,
        )
    cancelled = _in_force(base)[-1][1]
    with log_writer(db, base.info.id, base.seq, actor=actor.label) as writer:
        after(writer, base, [ev.Undone()])
        writer.append(ev.Undone())
        released = _release_new_id(writer.conn, base.info.id, cancelled)
    if released is None:
        return pending
    return replace(pending, what=f"{pending.what}; ID {released} released")


def _newest(store: Store, base: Loaded) -> Phrase:
    from ratinglist.store.tournament_events import actor_of

    label = actor_of(store, base.info.id, base.seq)
    what = describe(base.events[-1], name_in(base.folded))
    if label:
        return Phrase(
            N_(" (newest: %(what)s by %(user)s)"), what=what, user=Actor.parse(label).name
        )
    return Phrase(N_(" (newest: %(what)s)"), what=what)


def _release_new_id(conn: Connection, tournament: int, cancelled: ev.Event) -> int | None:
    """Release the registry ID that the undone action created, if any and unused
    (`store.players.release_new_id`): a new player's registration of a log written before
    temporary identifiers, or the ID officer's new ID for a temporary identifier."""
    from ratinglist.store.players import release_new_id

    legacy = isinstance(cancelled, ev.Registered) and cancelled.player >= 0
    if not isinstance(cancelled, ev.Registered | ev.IdAssigned) or not cancelled.new:
        return None
    if not (legacy or isinstance(cancelled, ev.IdAssigned)):
        return None
    if not release_new_id(conn, cancelled.player, tournament=tournament):
        return None
    return int(cancelled.player)


def _in_force(base: Loaded) -> list[tuple[int, ev.Event]]:
    """The actions in force with their sequence numbers (as `fold.effective` resolves undos)."""
    stack: list[tuple[int, ev.Event]] = []
    for seq, e in enumerate(base.events, start=1):
        if isinstance(e, ev.Undone):
            stack.pop()
        else:
            stack.append((seq, e))
    return stack


def reopen(db: Store, tournament: int, reason: str, actor: Actor, *, officer: bool = False) -> int:
    """Reopen a closed (submitted) tournament; the sequence number of the event (the rules:
    `service.tournaments.lifecycle.reopen`)."""
    from ratinglist.service.tournaments.lifecycle import reopen as reopen_closed

    return reopen_closed(db, tournament, reason, actor, officer=officer)

"""The ID officer's use cases for temporary identifiers (issue 19): list the new players of
directed tournaments still under ``NEW1``..., and give each the real ID.

A tournament director registers a player new to the registry under a temporary identifier
(`service.tournaments.register_players`). The country's ID officer (or the rating officer)
then either registers the player with the lowest unused ID of the host country's range, or
says that the player is a registered one (a namesake): the tournament's log gets an
`IdAssigned` event in the same transaction as the registry's new ID, and from then on the
tournament, its pages and its exported results file show the real ID. Who may assign IDs of
which country is the caller's check (`model.account.may_assign_ids` on `host`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.engine import Connection

from ratinglist.errors import (
    N_,
    NotAllowedNow,
    NotFoundError,
    NotOffered,
    RegistryError,
)
from ratinglist.model import Player, PlayerId, shown_id
from ratinglist.model.ids import parse_temporary
from ratinglist.registry.countries import country_code, find_country
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.log import after, loaded
from ratinglist.store import Store
from ratinglist.store.publishing import list_ratings
from ratinglist.store.tournament_events import RUNNING, list_directed, log_writer
from ratinglist.tournament import events as ev
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import game_of


@dataclass(frozen=True, slots=True)
class PendingId:
    """A new player of a directed tournament still under a temporary identifier, with the
    registered players of the same name (for the officer's choice)."""

    tournament: int
    tournament_name: str
    host: str
    temporary: str
    surname: str
    firstname: str
    country: str
    namesakes: tuple[Player, ...]

    @property
    def name(self) -> str:
        """``SURNAME, First``."""
        return f"{self.surname}, {self.firstname}" if self.firstname else self.surname


@dataclass(frozen=True, slots=True)
class AssignedId:
    """What `assign_id` did: the tournament, the identifier replaced, the player who now
    holds the ID, and whether the ID is new (False: a registered player's)."""

    tournament: int
    temporary: str
    player: Player
    new: bool
    tournament_name: str = ""


def host_code(country: str) -> str:
    """The registry's code of a tournament's country (its ID range's), or the text as typed."""
    found = find_country(country)
    return country.strip().upper() if found is None else found.code


def _pending_of(conn: Connection, tid: int, d: FoldedTournament) -> list[PendingId]:
    from ratinglist.store.players import players_named

    return [
        PendingId(
            tournament=tid,
            tournament_name=d.settings.name,
            host=host_code(d.settings.country),
            temporary=shown_id(p.player),
            surname=p.surname,
            firstname=p.firstname,
            country=p.country,
            namesakes=players_named(conn, p.surname, p.firstname),
        )
        for p in game_of(d).temporary_entrants(d)
    ]


def pending_ids(db: Store, hosts: frozenset[str] | None = None) -> tuple[PendingId, ...]:
    """The temporary identifiers of the running (not submitted) Othello tournaments, of the
    host countries `hosts` (registry codes; None: every country), by tournament then
    identifier. A submitted tournament's identifiers are the intake's (`service.intake`)."""
    found: list[PendingId] = []
    for info in list_directed(db):
        if info.status != RUNNING:
            continue
        if hosts is not None and host_code(info.country) not in hosts:
            continue
        d = loaded(db, info.id).folded
        if not game_of(d).temporary_entrants(d):
            continue
        with db.connect() as conn:
            found.extend(_pending_of(conn, info.id, d))
    return tuple(found)


def tournament_host(db: Store, tournament: int) -> str:
    """The registry code of the country hosting directed tournament `tournament`.

    Raises:
        NotFoundError: no such tournament.
    """
    return host_code(loaded(db, tournament).folded.settings.country)


def _temporary(d: FoldedTournament, text: str) -> ev.Registered:
    pid = parse_temporary(text)
    for p in game_of(d).temporary_entrants(d):
        if pid is not None and p.player == pid:
            return p
    raise NotFoundError(
        N_(
            "expected a temporary identifier (such as NEW1) of %(name)r still "
            "waiting for its ID, got %(text)r"
        ),
        name=d.settings.name,
        text=text,
    )


def assign_on(
    conn: Connection,
    store: Store,
    tournament: int,
    temporary: str,
    actor: Actor,
    *,
    existing: int | None = None,
    created: Player | None = None,
    at_intake: bool = True,
) -> AssignedId:
    """`assign_id` in the caller's transaction `conn`; `created` is a new player the caller
    registered for the entrant in that transaction (the intake's, when the rating officer
    gives a submitted file's identifier a new ID). Only the intake (`at_intake`) assigns in
    a submitted tournament: its file is in the queue, where the ID must be given too."""
    from ratinglist.store.players import add_player, get_player, players_by_id

    base = loaded(store, tournament, conn)
    d = base.folded
    game = game_of(d)
    if not game.uses_registry:
        raise NotOffered(
            N_(
                "expected a tournament entering players from the registry, got a "
                "%(label)s tournament"
            ),
            label=game.label,
        )
    if d.closed and not at_intake:
        raise NotAllowedNow(
            N_(
                "expected a running tournament, got %(name)r submitted: its file is at "
                "intake, where the rating officer gives %(temporary)s its ID"
            ),
            name=d.settings.name,
            temporary=temporary.strip().upper(),
        )
    person = _temporary(d, temporary)
    label = shown_id(person.player)
    if created is not None:
        player, new = created, True
    elif existing is None:
        player = add_player(
            conn,
            person.surname,
            person.firstname,
            person.country,
            host_country=host_code(d.settings.country),
            on=d.settings.start_date,
            reason=f"new player {label} at {d.settings.name}",
            actor=actor.label,
            origin="tournament",
        )
        new = True
    else:
        found = get_player(conn, existing)
        if found is None:
            raise NotFoundError(
                N_("expected a registered player ID, got %(existing)s"), existing=existing
            )
        merged = players_by_id(conn, [existing])
        if existing not in merged:
            raise RegistryError(
                N_("expected a registered player ID, got %(existing)s"), existing=existing
            )
        player, new = found, False
    chosen, ratings = list_ratings(conn, d.settings.start_date, [int(player.id)])
    event = ev.IdAssigned(
        temporary=person.player,
        player=PlayerId(int(player.id)),
        surname=player.surname,
        firstname=player.firstname,
        country=country_code(player.country),
        new=new,
        rating=None if new else ratings.get(int(player.id)),
        rating_list=chosen,
    )
    with log_writer(
        store, base.info.id, base.seq, actor=actor.label, conn=conn, last=base.seq
    ) as writer:
        after(writer, base, [event])
        writer.append(event)
    return AssignedId(tournament, label, player, new, d.settings.name)


def assign_id(
    db: Store, tournament: int, temporary: str, actor: Actor, *, existing: int | None = None
) -> AssignedId:
    """Give the entrant `temporary` (``NEW1``) of directed tournament `tournament` its real
    ID: a new ID of the host country's range registered for the player, or (`existing`) the
    ID of the registered player the entrant is. One transaction: registry and log.

    Raises:
        NotFoundError: no such tournament, identifier or registered player.
        TournamentError: `existing` is already entered in the tournament, or the tournament
            was submitted (its file is at intake).
        RegistryError: the name cannot be registered, or the host's range is used up.
    """
    with db.begin() as conn:
        return assign_on(conn, db, tournament, temporary, actor, existing=existing, at_intake=False)


def registered_namesakes(db: Store, surname: str, firstname: str) -> tuple[Player, ...]:
    """The registered players (merged-away IDs left out) named exactly so, case ignored."""
    from ratinglist.store.players import players_named

    return players_named(db, surname, firstname)

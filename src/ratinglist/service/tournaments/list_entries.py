"""Entering Go players from a stored federation rating list (EGF, FFG, AGA), as OpenGotha's
registration does (GO.md b): each query is a name (either order, fuzzy) or a list number;
the player gets the list's rating, the rank of that rating (`rank_from_rating`; with
`--rank`, the rank given), country, club (4 characters), the list's number (an FFG licence
as a string: ``04A0009`` has a letter; ``-------`` is none) and the rating's origin as
OpenGotha writes it (``FFG : -836``, the list's own value after the colon).

A name query takes the nearest player when no other is as near; a tie is refused with the
candidates, so that the director types the number instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratinglist.errors import TournamentError
from ratinglist.formats.go.ffg_list import NO_LICENCE
from ratinglist.model import PlayerId
from ratinglist.model.directed import GoEntry, Person
from ratinglist.model.go import format_rank, parse_rank, rank_from_rating
from ratinglist.model.go.lists import GoListPlayer, ListOrigin, rating_origin
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.log import loaded, write
from ratinglist.store import Store
from ratinglist.tournament import events as ev
from ratinglist.tournament.games.go.director import go_person, go_registered
from ratinglist.tournament.games.go.state import go_play

CLUB_LENGTH = 4
"""OpenGotha keeps 4 characters of a club."""


@dataclass(frozen=True, slots=True)
class ListEntry:
    """A player entered from a list: the query, who it found (list number) and the distance."""

    query: str
    player: Person
    number: str
    distance: int


def parse_origin(text: str) -> ListOrigin:
    """``egf``, ``ffg`` or ``aga``."""
    try:
        return ListOrigin(text.strip().upper())
    except ValueError as exc:
        raise TournamentError(f"expected a list egf, ffg or aga, got {text!r}") from exc


def _pick(query: str, found: Sequence[tuple[GoListPlayer, int]]) -> tuple[GoListPlayer, int]:
    if not found:
        raise TournamentError(f"expected a player of the list matching {query!r}, got none")
    best, distance = found[0]
    if query.strip().isdigit() and distance != 0:
        raise TournamentError(f"expected a list number {query!r}, got none listed")
    ties = [p for p, d in found if d == distance]
    if len(ties) > 1:
        names = ", ".join(f"{p.surname} {p.first_name} ({p.number})" for p in ties)
        raise TournamentError(f"expected one nearest player for {query!r}, got a tie: {names}")
    return best, distance


def list_registration(
    p: GoListPlayer, number: int, first_round: int, rank: str | None
) -> ev.GoRegistered:
    """The registration of list player `p` as player number `number`."""
    origin = p.origin
    chosen = rank_from_rating(p.rating) if rank is None else parse_rank(rank)
    return ev.GoRegistered(
        PlayerId(number),
        p.surname,
        p.first_name,
        format_rank(chosen),
        p.rating,
        country=p.country,
        club=p.club[:CLUB_LENGTH],
        egf_pin=p.number if origin is ListOrigin.EGF else "",
        ffg_licence=p.number if origin is ListOrigin.FFG and p.number != NO_LICENCE else "",
        aga_id=p.number if origin is ListOrigin.AGA else "",
        first_round=first_round,
        details=tuple(
            (k, v)
            for k, v in (
                ("rating_origin", rating_origin(origin, p.rating)),
                ("grade", p.grade),
                ("ffg_licence_status", p.licence_status),
                ("aga_expiration", p.expiry),
            )
            if v
        ),
    )


def register_from_list(
    db: Store,
    tournament: int,
    origin: str,
    queries: Sequence[str],
    actor: Actor,
    *,
    rank: str | None = None,
    first_round: int | None = None,
) -> tuple[tuple[ListEntry, ...], int]:
    """Enter the players `queries` name in the latest stored `origin` list; who they are and
    how many players are entered now.

    Raises:
        NotFoundError: no list of that federation was imported (`go-list import`).
        TournamentError: a query finds nobody or a tie, or the tournament is not a Go one.
    """
    from ratinglist.registry.go.search import GoListIndex
    from ratinglist.store.go_lists import latest_go_list

    if not queries:
        raise TournamentError("expected names or list numbers of players, got none")
    if rank is not None and len(queries) > 1:
        raise TournamentError(f"expected one player with --rank, got {len(queries)}")
    base = loaded(db, tournament)
    s = go_play(base.folded)
    index = GoListIndex(latest_go_list(db, parse_origin(origin)).players)
    first = max((int(p) for p in s.ids), default=0) + 1
    start = s.paired + 1 if first_round is None else first_round
    picked = [_pick(q, [(m.player, m.distance) for m in index.search(q, limit=3)]) for q in queries]
    actions = [list_registration(p, first + n, start, rank) for n, (p, _) in enumerate(picked)]
    d = write(db, base, actions, actor)
    after = go_play(d)
    entries = tuple(
        ListEntry(q, go_person(after, a.player), p.number, distance)
        for q, a, (p, distance) in zip(queries, actions, picked, strict=True)
    )
    return entries, len(after.players)


def register_go(
    db: Store, tournament: int, entries: Sequence[GoEntry], actor: Actor
) -> tuple[tuple[Person, ...], int]:
    """Enter Go players (numbered after the last one); who they are and how many are entered."""
    if not entries:
        raise TournamentError("expected a Go player to enter, got none")
    base = loaded(db, tournament)
    s = go_play(base.folded)
    first = max((int(p) for p in s.ids), default=0) + 1
    actions = [go_registered(s, e, first + n) for n, e in enumerate(entries)]
    d = write(db, base, actions, actor)
    after = go_play(d)
    return tuple(go_person(after, a.player) for a in actions), len(after.players)

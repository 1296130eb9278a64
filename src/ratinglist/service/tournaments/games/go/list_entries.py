"""Entering Go players from a stored federation rating list (EGF, FFG, AGA), as OpenGotha's
registration does (GO.md b): each query is a name (either order, fuzzy) or a list number;
the player gets the list's rating, the rank of that rating (`rank_from_rating`; with
`--rank`, the rank given), country, club (4 characters), the list's number (an FFG licence
as a string: ``04A0009`` has a letter; ``-------`` is none) and the rating's origin as
OpenGotha writes it (``FFG : -836``, the list's own value after the colon).

A query enters a player only when it names one exactly: a list number, or the whole name
(either order; case, accents and punctuation ignored). Anything else is refused with the
nearest players as candidates (`NotOnList`): the director enters one by its number, or a new
player. Nothing is guessed (issue 31).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratinglist.errors import N_, TournamentError, TournamentInputError
from ratinglist.formats.go.ffg_list import NO_LICENCE
from ratinglist.model import PlayerId
from ratinglist.model.directed import GoEntry, Person
from ratinglist.model.go import format_rank, parse_rank, rank_from_rating
from ratinglist.model.go.lists import GoListPlayer, ListOrigin, rating_origin
from ratinglist.registry.go.search import GoListIndex
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.log import loaded, write
from ratinglist.store import Store
from ratinglist.tournament.games.go import events as go_events
from ratinglist.tournament.games.go.director import go_person, go_registered
from ratinglist.tournament.games.go.state import go_play

CLUB_LENGTH = 4
"""OpenGotha keeps 4 characters of a club."""


@dataclass(frozen=True, slots=True)
class ListEntry:
    """A player entered from a list: the query and who it named exactly (list number)."""

    query: str
    player: Person
    number: str


def parse_origin(text: str) -> ListOrigin:
    """``egf``, ``ffg`` or ``aga``."""
    try:
        return ListOrigin(text.strip().upper())
    except ValueError as exc:
        raise TournamentInputError(
            N_("expected a list egf, ffg or aga, got %(text)r"), text=text
        ) from exc


class NotOnList(TournamentError):
    """A query that names no list player exactly (or several): nothing was entered; the
    director chooses one of the `candidates` by its list number, or enters a new player."""

    def __init__(self, query: str, origin: str, candidates: tuple[GoListPlayer, ...]) -> None:
        shown = "; ".join(describe_list_player(p) for p in candidates) or N_("none near")
        super().__init__(
            N_(
                "not found: %(query)r names no player of the %(origin)s list exactly "
                "(candidates: %(shown)s); enter one by its list number, or enter a new player"
            ),
            query=query,
            origin=origin.upper(),
            shown=shown,
        )
        self.query = query
        self.origin = origin
        self.candidates = candidates


class SeveralOnList(NotOnList):
    """A name that several list players have: the director chooses by list number."""

    def __init__(self, query: str, origin: str, candidates: tuple[GoListPlayer, ...]) -> None:
        shown = "; ".join(describe_list_player(p) for p in candidates)
        TournamentError.__init__(
            self,
            N_(
                "expected one player named %(query)r in the %(origin)s list, got %(count)s: "
                "%(shown)s; enter one by its list number"
            ),
            query=query,
            origin=origin.upper(),
            count=len(candidates),
            shown=shown,
        )
        self.query = query
        self.origin = origin
        self.candidates = candidates


def describe_list_player(p: GoListPlayer) -> str:
    """``WALCH John (FFG 1234567, 3k, club Par)``: what a director chooses by."""
    rank = format_rank(rank_from_rating(p.rating))
    club = f", club {p.club}" if p.club else ""
    return f"{p.surname} {p.first_name} ({p.origin.value} {p.number}, {rank}{club})"


CANDIDATES = 5
"""How many of the nearest list players a refused query offers."""


def choice_key(p: GoListPlayer) -> str:
    """What a director types to enter exactly `p`: the list number, or the whole name for a
    player the list gives no number (an FFG ``-------``: a foreign player)."""
    if any(char.isalnum() for char in p.number):
        return p.number
    return f"{p.surname} {p.first_name}".strip()


def pick_from_list(index: GoListIndex, query: str, origin: str) -> GoListPlayer:
    """The list player `query` names exactly: by list number, else by whole name (either
    order; case, accents and punctuation ignored). Nothing is guessed.

    Raises:
        NotOnList: no exact match (the nearest players are the candidates), or several
            (`SeveralOnList`: the homonyms).
    """
    exact = index.exact(query)
    if len(exact) == 1:
        return exact[0]
    if exact:
        raise SeveralOnList(query, origin, exact)
    near = tuple(m.player for m in index.search(query, limit=CANDIDATES))
    raise NotOnList(query, origin, near)


def list_registration(
    p: GoListPlayer, number: int, first_round: int, rank: str | None
) -> go_events.GoRegistered:
    """The registration of list player `p` as player number `number`."""
    origin = p.origin
    chosen = rank_from_rating(p.rating) if rank is None else parse_rank(rank)
    return go_events.GoRegistered(
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
    """Enter the players `queries` name exactly (a list number, or a whole name) in the
    latest stored `origin` list; who they are and how many players are entered now.

    Raises:
        NotFoundError: no list of that federation was imported (`go-list import`).
        NotOnList: a query names no list player exactly, or several; nothing is entered.
        TournamentError: the tournament is not a Go one.
    """
    from ratinglist.service.go.lists import list_index

    if not queries:
        raise TournamentInputError(N_("expected names or list numbers of players, got none"))
    if rank is not None and len(queries) > 1:
        raise TournamentInputError(
            N_("expected one player with --rank, got %(count)s"), count=len(queries)
        )
    base = loaded(db, tournament)
    s = go_play(base.folded)
    index = list_index(db, parse_origin(origin))
    first = max((int(p) for p in s.ids), default=0) + 1
    start = s.paired + 1 if first_round is None else first_round
    picked = [pick_from_list(index, q, origin) for q in queries]
    actions = [list_registration(p, first + n, start, rank) for n, p in enumerate(picked)]
    d = write(db, base, actions, actor)
    after = go_play(d)
    entries = tuple(
        ListEntry(q, go_person(after, a.player), p.number)
        for q, a, p in zip(queries, actions, picked, strict=True)
    )
    return entries, len(after.players)


def register_go(
    db: Store, tournament: int, entries: Sequence[GoEntry], actor: Actor
) -> tuple[tuple[Person, ...], int]:
    """Enter Go players (numbered after the last one); who they are and how many are entered."""
    if not entries:
        raise TournamentInputError(N_("expected a Go player to enter, got none"))
    from ratinglist.registry.names import parse_go_name

    for e in entries:
        surname, _, firstname = e.name.partition(",")
        if not parse_go_name(surname, N_("surname")):
            raise TournamentInputError(N_("expected a surname, got %(name)r"), name=e.name)
        parse_go_name(firstname, N_("first name"))
    base = loaded(db, tournament)
    s = go_play(base.folded)
    first = max((int(p) for p in s.ids), default=0) + 1
    actions = [go_registered(s, e, first + n) for n, e in enumerate(entries)]
    d = write(db, base, actions, actor)
    after = go_play(d)
    return tuple(go_person(after, a.player) for a in actions), len(after.players)

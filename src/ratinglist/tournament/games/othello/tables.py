"""Table numbers: table 1 is the top board (as Papp and OpenGotha number them).

The games of a round are numbered by the standing of their better-placed player before the
round: the pair holding the leader sits at table 1, and so on. Before any game is played
(round 1) the standing is the rating order (unrated last, then the seeded lots). The
numbers are fixed when the round is paired (`fixed_tables` puts them in the `Paired`
event), so a late entry or a correction of an earlier round never moves a game to another
table. A round stored before tables were fixed keeps the numbers computed at every read, as
they always were. Every view of a round (show, pairing sheets, result slips,
`result --table`) uses this order.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace

from ratinglist.errors import N_, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.standings import draw_lots
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.events import Paired
from ratinglist.tournament.games.othello.play import othello
from ratinglist.tournament.games.othello.state import Pairing

_PLACES: OrderedDict[tuple[int, ...], tuple[tuple[object, ...], dict[PlayerId, int]]] = (
    OrderedDict()
)
_PLACES_LOCK = threading.Lock()
PLACES_KEPT = 64
"""Standings-before-a-round kept per process: entering a result by table needs the table
order of its round, and the standings before it do not change with that round's results."""


def places_before(d: FoldedTournament, number: int) -> dict[PlayerId, int]:
    """Each entrant's place (1 = top) in the standings before round `number`.

    States are immutable and share the objects that did not change (a result replaces its
    own round only), so the places are kept per identity of everything they are computed
    from (settings, entrants, withdrawals and the rounds before `number`); the kept entry
    holds those objects, so their identities cannot be reused while it is kept.
    """
    o = othello(d)
    inputs: tuple[object, ...] = (
        d.settings,
        o.state.entrants,
        o.state.withdrawals,
        *o.state.rounds[: max(number - 1, 0)],
    )
    key = (number, *(id(x) for x in inputs))
    with _PLACES_LOCK:
        kept = _PLACES.get(key)
        if kept is not None:
            _PLACES.move_to_end(key)
            return kept[1]
    places = _places_before(d, number)
    with _PLACES_LOCK:
        _PLACES[key] = (inputs, places)
        while len(_PLACES) > PLACES_KEPT:
            _PLACES.popitem(last=False)
    return places


def _places_before(d: FoldedTournament, number: int) -> dict[PlayerId, int]:
    o = othello(d)
    if number <= 1:
        ids = [e.id for e in o.state.entrants]
        lots = draw_lots(ids, d.settings.seed)
        rating = {e.id: e.rating for e in o.state.entrants}
        order = sorted(ids, key=lambda p: (rating[p] is None, -(rating[p] or 0), lots[p]))
        return {pid: k for k, pid in enumerate(order, start=1)}
    return {row.player: k for k, row in enumerate(o.standings(number - 1), start=1)}


def fixed_tables(d: FoldedTournament, event: Paired) -> Paired:
    """`event` (the pairing of the next round of `d`) with its table numbers fixed: by the
    better place of each pair in the standings before the round, ties in pairing order."""
    places = _places_before(d, event.round)
    far = len(places) + 1
    order = sorted(
        range(len(event.pairs)),
        key=lambda i: (
            min(places.get(event.pairs[i][0], far), places.get(event.pairs[i][1], far)),
            i,
        ),
    )
    tables = [0] * len(order)
    for table, i in enumerate(order, start=1):
        tables[i] = table
    return replace(event, tables=tuple(tables))


def board_order(d: FoldedTournament, number: int) -> tuple[Pairing, ...]:
    """The pairings of round `number` in table order (index 0 is table 1)."""
    o = othello(d)
    if not 1 <= number <= d.paired:
        raise TournamentInputError(
            N_("expected a paired round (1-%(paired)s), got round %(number)s"),
            paired=d.paired,
            number=number,
        )
    r = o.state.rounds[number - 1]
    if r.tables:
        return tuple(
            p for _, p in sorted(zip(r.tables, r.pairings, strict=True), key=lambda x: x[0])
        )
    places = places_before(d, number)
    far = len(places) + 1
    return tuple(
        sorted(
            o.state.rounds[number - 1].pairings,
            key=lambda p: min(places.get(p.black, far), places.get(p.white, far)),
        )
    )


def at_table(d: FoldedTournament, number: int, table: int) -> Pairing:
    """The pairing at table `table` of round `number`."""
    order = board_order(d, number)
    if not 1 <= table <= len(order):
        raise TournamentInputError(
            N_("expected a table of round %(number)s (1-%(count)s), got table %(table)s"),
            number=number,
            count=len(order),
            table=table,
        )
    return order[table - 1]

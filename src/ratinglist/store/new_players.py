"""A new player registered inside another write (a tournament registration).

`new_registry_player` allocates the ID, stores the player and its ``assigned`` ID event on
the caller's connection, so the caller's own writes (the registration event of a directed
tournament) commit with them or not at all. The rules are those of `players add`
(`store.players.add_player`): the same name and country checks, the same ID allocation.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy.engine import Connection

from ratinglist.model import Player
from ratinglist.store.players import add_player


def new_registry_player(
    conn: Connection,
    surname: str,
    firstname: str,
    country: str,
    *,
    host_country: str,
    on: dt.date,
    reason: str,
    origin: str,
) -> Player:
    """A new player with the lowest unused ID of the host country's range, stored on `conn`
    (`origin`, the actor's label, is recorded as who added it).

    Raises:
        RegistryError: unknown country, a name Papp cannot write, or the range is used up.
    """
    return add_player(
        conn,
        surname,
        firstname,
        country,
        host_country=host_country,
        on=on,
        reason=reason,
        actor=origin,
        origin=origin,
    )

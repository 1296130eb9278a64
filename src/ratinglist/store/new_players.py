"""A new player registered inside another write (a tournament registration).

`new_registry_player` allocates the ID, stores the player and its ``assigned`` ID event on
the caller's connection, so the caller's own writes (the registration event of a directed
tournament) commit with them or not at all.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy.engine import Connection

from ratinglist.errors import RegistryError
from ratinglist.model import Player, PlayerId
from ratinglist.registry.countries import find_country
from ratinglist.registry.ids import lowest_unused_id
from ratinglist.store.id_history import load_registry, save_events
from ratinglist.store.players import used_ids


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
    """A new player with the lowest unused ID of the host country's range, stored on `conn`.

    Runs inside the caller's transaction, so the ID, the player and whatever else the
    caller writes (a registration event) are committed together or not at all.

    Raises:
        RegistryError: unknown host country, empty surname, or the range is used up.
    """
    found = find_country(host_country)
    if found is None:
        raise RegistryError(f"expected a known country name or code, got {host_country!r}")
    if not surname.strip():
        raise RegistryError(f"expected a surname, got {surname!r}")
    pid = lowest_unused_id(found, used_ids(conn))
    player = Player(PlayerId(int(pid)), surname.strip(), firstname.strip(), country)
    before = load_registry(conn)
    after = before.registry.add_player(player, on, reason)
    save_events(conn, before, after, origin=origin)
    return player

"""How an Othello player registers online (issue 35): name, country and, when known, the WOF
ID; how the director's acceptance enters them (`actions.register_players`, the director's own
call, so the same `Registered` event) and which registry players are offered as matches."""

from __future__ import annotations

from ratinglist.errors import N_, TournamentInputError
from ratinglist.model.directed import Person
from ratinglist.service.actor import Actor
from ratinglist.store import Store

FIELDS: tuple[tuple[str, str, bool], ...] = (
    ("name", "Name (SURNAME, First name)", True),
    ("country", "Country", True),
    ("federation_id", "WOF ID, when known", False),
)
"""The form's fields: key, label, whether required."""


def check_fields(fields: dict[str, str]) -> dict[str, str]:
    """The fields an Othello registration keeps, trimmed.

    Raises:
        TournamentInputError: a missing name or country, or an ID that is not digits.
    """
    from ratinglist.registry.countries import find_country

    name = fields.get("name", "").strip()
    if "," not in name or not name.partition(",")[0].strip():
        raise TournamentInputError(
            N_("expected a name as 'SURNAME, First name', got %(name)r"), name=name
        )
    country = fields.get("country", "").strip()
    if not country:
        raise TournamentInputError(N_("expected a country, got none"))
    found = find_country(country)
    if found is None:
        raise TournamentInputError(
            N_("expected a country name or code, got %(country)r"), country=country
        )
    code = found.code
    wof = fields.get("federation_id", "").strip()
    if wof and not wof.isdigit():
        raise TournamentInputError(N_("expected a WOF ID as digits, got %(wof)r"), wof=wof)
    return {"name": name, "country": code, "federation_id": wof}


def candidates(db: Store, fields: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """The registry players the director may enter this registration as: the ID given, then
    the nearest names (key: the WOF ID; label), never chosen for them."""
    from ratinglist.service.registry import player_index
    from ratinglist.service.tournaments.actions import CANDIDATES

    index = player_index(db)
    found: dict[str, str] = {}
    wof = fields.get("federation_id", "")
    if wof:
        for m in index.search(wof, limit=2):
            if str(m.player.id) == wof:
                found[wof] = f"{m.player.name} ({wof}, {m.player.country})"
    surname, _, first = fields["name"].partition(",")
    for m in index.search(f"{surname.strip()} {first.strip()}", limit=CANDIDATES):
        if m.score >= 40.0:
            key = str(m.player.id)
            found.setdefault(key, f"{m.player.name} ({key}, {m.player.country})")
    return tuple(found.items())


def accept(db: Store, tournament: int, fields: dict[str, str], choice: str, actor: Actor) -> Person:
    """Enter the registration as the director would: as registry player `choice` (a WOF ID),
    or with ``new`` as a player new to the registry (the director saw the namesakes).

    Raises:
        TournamentInputError: no choice made.
        TournamentError, RegistryError: as `register_players`.
    """
    from ratinglist.service.tournaments.actions import register_players

    if choice == "new":
        name = fields["name"].replace(", ", ",")
        done = register_players(
            db, tournament, [], actor, new_player=name, new_country=fields["country"], anyway=True
        )
        assert done.new_player is not None
        return done.new_player
    if not choice.isdigit():
        raise TournamentInputError(
            N_("expected a WOF ID or 'new' to enter, got %(choice)r"), choice=choice
        )
    done = register_players(db, tournament, [choice], actor)
    return done.found[0].player

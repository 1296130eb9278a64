"""How a Go player registers online (issue 35): name, rank, country, club and, when known,
the licence (EGD PIN, FFG licence or AGA ID); how the director's acceptance enters them (the
director's own calls: `register_go` for a typed entry, `register_from_list` for a list
player, so the same `GoRegistered` event) and which list players are offered as matches."""

from __future__ import annotations

from ratinglist.errors import N_, NotFoundError, TournamentInputError
from ratinglist.model.directed import GoEntry, Person
from ratinglist.service.actor import Actor
from ratinglist.store import Store

FIELDS: tuple[tuple[str, str, bool], ...] = (
    ("name", "Name (SURNAME, First name)", True),
    ("rank", "Rank (e.g. 3k, 2d)", True),
    ("country", "Country (e.g. FR)", False),
    ("club", "Club", False),
    ("licence", "EGD PIN or licence, when known", False),
)
"""The form's fields: key, label, whether required."""


def check_fields(fields: dict[str, str]) -> dict[str, str]:
    """The fields a Go registration keeps, trimmed.

    Raises:
        TournamentInputError: a missing name or a rank that is not one.
    """
    from ratinglist.model.go import format_rank, parse_rank

    name = fields.get("name", "").strip()
    if "," not in name or not name.partition(",")[0].strip():
        raise TournamentInputError(
            N_("expected a name as 'SURNAME, First name', got %(name)r"), name=name
        )
    rank = fields.get("rank", "").strip()
    if not rank:
        raise TournamentInputError(N_("expected a Go rank such as 3k or 2d, got none"))
    rank = format_rank(parse_rank(rank))
    return {
        "name": name,
        "rank": rank,
        "country": fields.get("country", "").strip().upper()[:2],
        "club": fields.get("club", "").strip()[:4],
        "licence": fields.get("licence", "").strip(),
    }


def _origins() -> tuple[str, ...]:
    return ("egf", "ffg", "aga")


def candidates(db: Store, fields: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """The list players the director may enter this registration as (key ``egf:PIN``...;
    label): the licence given, then the nearest names of each stored list, never chosen."""
    from ratinglist.service.go.lists import list_index
    from ratinglist.service.tournaments.games.go.list_entries import (
        CANDIDATES,
        describe_list_player,
        parse_origin,
    )

    found: dict[str, str] = {}
    surname, _, first = fields["name"].partition(",")
    for origin in _origins():
        try:
            index = list_index(db, parse_origin(origin))
        except NotFoundError:
            continue
        near = list(index.exact(fields["licence"])) if fields.get("licence") else []
        near += [m.player for m in index.search(f"{surname.strip()} {first.strip()}", CANDIDATES)]
        for p in near:
            found.setdefault(f"{origin}:{p.number}", describe_list_player(p))
    return tuple(found.items())


def accept(db: Store, tournament: int, fields: dict[str, str], choice: str, actor: Actor) -> Person:
    """Enter the registration as the director would: as list player `choice`
    (``egf:PIN``...) at the rank declared, or with ``new`` as typed.

    Raises:
        TournamentInputError: no choice made.
        TournamentError: as `register_go` and `register_from_list`.
    """
    from ratinglist.service.tournaments.games.go.list_entries import (
        register_from_list,
        register_go,
    )

    if choice == "new":
        licence = fields.get("licence", "")
        entry = GoEntry(
            fields["name"].replace(", ", ","),
            fields["rank"],
            None,
            fields.get("country", ""),
            fields.get("club", ""),
            egf_pin=licence if licence.isdigit() else "",
            ffg_licence="" if licence.isdigit() else licence,
        )
        people, _ = register_go(db, tournament, [entry], actor)
        return people[0]
    origin, sep, number = choice.partition(":")
    if not sep or not number:
        raise TournamentInputError(
            N_("expected 'egf:PIN' (a list player) or 'new', got %(choice)r"), choice=choice
        )
    entries, _ = register_from_list(
        db, tournament, origin, [number], actor, rank=fields.get("rank") or None
    )
    return entries[0].player

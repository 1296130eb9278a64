"""New player IDs: the lowest unused ID of the range of the country hosting the tournament.

Seeds 000/001: "the lowest unused identifier in the range reserved for his country (and in no
way the range assigned to the nationality of the new player)"; the country is the one where
the tournament is played. A country without a range, or whose range is used up, is an error
unless the caller allows the ``OTHER`` range (9000-9500) with ``fallback_to_other=True``.
"""

from __future__ import annotations

from collections.abc import Collection, Container, Sequence

from ratinglist.errors import N_, RegistryError
from ratinglist.model import PlayerId, is_temporary_id
from ratinglist.registry.countries import Country, get_country

OTHER = "OTHER"


def _as_set(used: Container[int]) -> Container[int]:
    """`used` ready for many ``in`` tests: sequences become a set, any other container
    (a set, or one that asks the database per ID) is used as it is."""
    return set(used) if isinstance(used, list | tuple) else used


def _lowest_in(country: Country, used: Container[int]) -> PlayerId | None:
    id_range = country.id_range
    if id_range is None:
        return None
    for pid in range(id_range.first, id_range.last + 1):
        if pid not in used:
            return PlayerId(pid)
    return None


def lowest_unused_id(
    country: Country | str, used: Container[int], fallback_to_other: bool = False
) -> PlayerId:
    """The lowest ID of `country`'s range (its first range) that is not in `used`.

    `country` is the country where the tournament is played (a `Country` or any spelling
    `find_country` knows). With `fallback_to_other`, a country without a range or with its
    range used up gets the lowest unused ID of ``OTHER`` (9000-9500) instead.

    Raises:
        RegistryError: unknown country; no range or range used up (and no fallback, or
            ``OTHER`` used up too).
    """
    target = get_country(country) if isinstance(country, str) else country
    taken = _as_set(used)
    pid = _lowest_in(target, taken)
    if pid is not None:
        return pid
    if fallback_to_other and target.code != OTHER:
        other = get_country(OTHER)
        pid = _lowest_in(other, taken)
        if pid is not None:
            return pid
        raise RegistryError(
            N_("expected a free ID in %(code)s's range or in OTHER %(id_range)s, got all used"),
            code=target.code,
            id_range=other.id_range,
        )
    if target.id_range is None:
        raise RegistryError(
            N_(
                "expected a country with an ID range, got %(code)s (%(name)s) which has"
                " none; allow the OTHER range or use a temporary ID"
            ),
            code=target.code,
            name=target.name,
        )
    raise RegistryError(
        N_("expected a free ID in %(code)s's range %(id_range)s, got all %(count)s used"),
        code=target.code,
        id_range=target.id_range,
        count=len(target.id_range),
    )


def assign_temporary_ids(
    tokens: Sequence[str],
    country: Country | str,
    used: Collection[int],
    fallback_to_other: bool = False,
) -> dict[str, PlayerId]:
    """Real IDs for the 4-character temporary IDs of a results file (``NEW1``, ``OTH2``).

    Tokens get successive lowest unused IDs of `country`'s range in order of first
    appearance; a repeated token keeps its first ID. `used` is never modified.

    Raises:
        RegistryError: a token is not a temporary ID, or the range runs out (see
            `lowest_unused_id`).
    """
    taken = set(used)
    mapping: dict[str, PlayerId] = {}
    for token in tokens:
        if token in mapping:
            continue
        if not is_temporary_id(token):
            raise RegistryError(
                N_("expected a 4-character temporary ID such as 'NEW1', got %(token)r"), token=token
            )
        pid = lowest_unused_id(country, taken, fallback_to_other)
        mapping[token] = pid
        taken.add(pid)
    return mapping

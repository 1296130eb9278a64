"""What an Othello tournament needs before it is created, beyond its settings' own rules."""

from __future__ import annotations

from ratinglist.model.directed import NewSettings
from ratinglist.registry.countries import get_country


def check_new(new: NewSettings) -> None:
    """Refuse a host country the registry does not know: its ID range numbers the new
    players (Go keeps its own two-letter codes, so the check is Othello's).

    Raises:
        RegistryError: no country is spelt `new.country`.
    """
    get_country(new.country)

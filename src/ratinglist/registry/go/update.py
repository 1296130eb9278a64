"""Update the ratings of registered Go players from a rating list (GO.md section b).

Each registered player is looked up in the list by the list's number (EGF PIN, FFG licence,
AGA id) and otherwise by identity key; a found player whose rating or rating origin differs
gets a `RatingUpdate` (OpenGotha shows these in red/blue before the TD applies them). Nothing
is changed here: the caller shows the updates, then applies the ones accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratinglist.model.go.lists import GoListPlayer, ListOrigin, rating_origin
from ratinglist.registry.go.search import GoListIndex


@dataclass(frozen=True, slots=True)
class RegisteredRating:
    """What the update needs of a registered player: names, list numbers, rating now."""

    surname: str
    first_name: str
    egf_pin: str
    ffg_licence: str
    aga_id: str
    rating: int
    rating_origin: str

    def number(self, origin: ListOrigin) -> str:
        """The player's number in `origin`'s list ("" if none)."""
        return {
            ListOrigin.EGF: self.egf_pin,
            ListOrigin.FFG: self.ffg_licence,
            ListOrigin.AGA: self.aga_id,
        }[origin]


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    """A registered player whose list rating differs from the registered one."""

    index: int
    player: RegisteredRating
    listed: GoListPlayer
    new_rating: int
    new_origin: str

    @property
    def old_rating(self) -> int:
        """The registered rating before the update."""
        return self.player.rating


def rating_updates(
    registered: Sequence[RegisteredRating], index: GoListIndex
) -> tuple[tuple[RatingUpdate, ...], tuple[int, ...]]:
    """The updates for `registered` (by position), and the positions not found in the list."""
    updates: list[RatingUpdate] = []
    missing: list[int] = []
    if not index.players:
        return (), tuple(range(len(registered)))
    origin = index.players[0].origin
    for position, player in enumerate(registered):
        listed = index.find(player.number(origin), player.surname, player.first_name)
        if listed is None:
            missing.append(position)
            continue
        origin_text = rating_origin(listed.origin, listed.rating)
        if listed.rating != player.rating or origin_text != player.rating_origin:
            updates.append(RatingUpdate(position, player, listed, listed.rating, origin_text))
    return tuple(updates), tuple(missing)

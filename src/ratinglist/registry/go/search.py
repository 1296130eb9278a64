"""Find Go players in a rating list, as OpenGotha's registration does (GO.md section b).

Names are compared on `normalise_name` (lower case, accents and punctuation removed). A query
of digits looks up numbers: the exact number first, then the numbers that start with it. Any
other query is cut into a surname part and a first-name part; OpenGotha cuts at the first
blank, we try every cut so that ``van der Berg Jan`` works. For each list player the distance
is the smallest, over cuts and both orders, of

    lev(part1, surname) + lev(part2, first name)

(Levenshtein distance, rapidfuzz). A one-word query takes the smaller of its distances to the
surname and to the first name. Players with a distance of at most 9 (OpenGotha's cut) come
out by distance, then in list order.

`find` is the exact lookup of "update ratings from the list": by number first, then by the
identity key (upper-case surname and first name without blanks).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np
from numpy.typing import NDArray
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from ratinglist.model.go.lists import GoListPlayer, player_key
from ratinglist.registry.search import normalise_name

MAX_DISTANCE = 9
"""OpenGotha shows list players up to this distance."""


@dataclass(frozen=True, slots=True)
class GoMatch:
    """A list player found by a search and its distance (0 = exact)."""

    player: GoListPlayer
    distance: int


class GoListIndex:
    """A rating list prepared for searches: normalised names, numbers and keys."""

    def __init__(self, players: Sequence[GoListPlayer]) -> None:
        self.players = tuple(players)
        self._surnames = [normalise_name(p.surname) for p in self.players]
        self._firsts = [normalise_name(p.first_name) for p in self.players]
        self._numbers: dict[str, int] = {}
        self._keys: dict[str, int] = {}
        self._listed: dict[str, list[int]] = {}
        self._names: dict[str, list[int]] = {}
        for index, player in enumerate(self.players):
            if any(char.isalnum() for char in player.number):
                self._listed.setdefault(player.number.casefold(), []).append(index)
            surname, first = self._surnames[index], self._firsts[index]
            for key in {f"{surname} {first}".strip(), f"{first} {surname}".strip()}:
                self._names.setdefault(key, []).append(index)
            if player.number.isdigit():
                self._numbers.setdefault(player.number, index)
            self._keys.setdefault(player.key, index)
        self._sorted_numbers = sorted(self._numbers)

    def __len__(self) -> int:
        return len(self.players)

    def find(self, number: str, surname: str, first_name: str) -> GoListPlayer | None:
        """The list player with `number` (if given and listed), else with the same key."""
        if number and number in self._numbers:
            return self.players[self._numbers[number]]
        index = self._keys.get(player_key(surname, first_name))
        return None if index is None else self.players[index]

    def exact(self, query: str) -> tuple[GoListPlayer, ...]:
        """The players whose list number is `query` (``04A0009``, case ignored), else whose
        whole name is `query` (surname and first name in either order; case, accents and
        punctuation ignored), in list order."""
        text = query.strip()
        found = self._listed.get(text.casefold()) or self._names.get(normalise_name(text), [])
        return tuple(self.players[i] for i in found)

    def suggest(self, query: str, limit: int = 10) -> tuple[GoListPlayer, ...]:
        """Candidates for a director typing part of a name or number: the players whose
        number starts with `query`, or each of whose query words starts a word of their
        name (``dup je`` finds DUPONT Jean), in list order; then the nearest by `search`."""
        text = query.strip()
        words = normalise_name(text).split()
        if not words:
            return ()
        found: list[int] = []
        needle = text.casefold()
        for index, player in enumerate(self.players):
            if len(found) >= limit:
                break
            name = f"{self._surnames[index]} {self._firsts[index]}".split()
            by_number = len(needle) > 1 and player.number.casefold().startswith(needle)
            if by_number or all(any(w.startswith(q) for w in name) for q in words):
                found.append(index)
        chosen = [self.players[i] for i in found]
        if len(chosen) < limit:
            for match in self.search(text, limit):
                if match.player not in chosen and len(chosen) < limit:
                    chosen.append(match.player)
        return tuple(chosen)

    def search(self, query: str, limit: int = 10) -> tuple[GoMatch, ...]:
        """The best `limit` players for `query` (a name in either order, or a number)."""
        text = query.strip()
        if text.isdigit():
            return self._search_number(text, limit)
        words = normalise_name(text).split()
        if not words or not self.players:
            return ()
        distances = self._distances(words)
        order = np.lexsort((np.arange(len(distances)), distances))
        found: list[GoMatch] = []
        for index in order[:limit]:
            distance = int(distances[index])
            if distance > MAX_DISTANCE:
                break
            found.append(GoMatch(self.players[int(index)], distance))
        return tuple(found)

    def _search_number(self, digits: str, limit: int) -> tuple[GoMatch, ...]:
        found: list[GoMatch] = []
        if digits in self._numbers:
            found.append(GoMatch(self.players[self._numbers[digits]], 0))
        start = bisect.bisect_left(self._sorted_numbers, digits)
        for number in self._sorted_numbers[start:]:
            if len(found) >= limit or not number.startswith(digits):
                break
            if number != digits:
                found.append(GoMatch(self.players[self._numbers[number]], 1))
        return tuple(found)

    def _distances(self, words: list[str]) -> NDArray[np.int32]:
        parts = [" ".join(words)]
        cuts = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
        parts += [p for cut in cuts for p in cut]
        to_surname = _lev(parts, self._surnames)
        to_first = _lev(parts, self._firsts)
        if len(words) == 1:
            single: NDArray[np.int32] = np.minimum(to_surname[0], to_first[0])
            return single
        best: NDArray[np.int32] = np.full(len(self.players), np.iinfo(np.int32).max, dtype=np.int32)
        for k in range(len(cuts)):
            one, two = 1 + 2 * k, 2 + 2 * k
            here = np.minimum(to_surname[one] + to_first[two], to_surname[two] + to_first[one])
            np.minimum(best, here, out=best)
        return best


def _lev(queries: list[str], choices: list[str]) -> NDArray[np.int32]:
    result = process.cdist(queries, choices, scorer=Levenshtein.distance, dtype=np.int32, workers=1)
    return cast("NDArray[np.int32]", result)

"""Fuzzy player search for registration: typos, missing accents, swapped names, IDs.

A `PlayerIndex` is built once from the players (about 17,000 in the 2026 list) and answers
each keystroke. Names are normalised (accents removed, case folded, punctuation dropped) and
cut into tokens. Each query token is matched against the distinct name tokens with
rapidfuzz's normalised Indel ratio; an exact prefix of a token (the user is still typing)
counts ``70 + 25 * len(prefix) / len(token)``, so "jan" is a weak prefix of "janssens" but
"lazar" a strong one of "lazard". The query is *aligned* with the name: its words are cut
once into a surname part and a first-name part, in either order ("Lazard Emmanuel",
"Emmanuel Lazard"), and each word only scores against the tokens of its part. A player's
score, 0-100, is the best over these alignments of

    0.85 * (length-weighted mean over query words of the best ratio in the word's part)
    + 0.15 * 100 * (core tokens matched / core tokens)

where the core tokens are the surname's and the first first-name's (middle names are
optional). A surname typo with the right first name ("Kristensn Jan" for CHRISTENSEN, Jan
Tore) thus beats a cross match of a first name against the surname ("JANSSENS, Kirsten").
Ties go to the player whose surname (rather than first name) took the first query word. A
query of digits only looks up IDs: the exact ID scores 100, IDs starting with the digits 90.
"""

from __future__ import annotations

import bisect
import heapq
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from ratinglist.model import Player
from ratinglist.registry.countries import find_country

TOKEN_CUTOFF = 70.0
PREFIX_FLOOR = 70.0
PREFIX_RANGE = 25.0
QUERY_WEIGHT = 0.85
MAX_ID_DIGITS = 19
"""The most digits of an ID searched for (a 64-bit integer's): a longer number is no player's."""
_FOLD = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l", "ı": "i"})
_NON_WORD = re.compile(r"[\W_]+")


@dataclass(frozen=True, slots=True)
class Match:
    """A player found by a search, with a score from 0 (no likeness) to 100 (exact)."""

    player: Player
    score: float


def normalise_name(text: str) -> str:
    """Lower case, no accents, one blank between words: ``"Müller, J.-P."`` -> ``muller j p``."""
    text = text.casefold().translate(_FOLD)
    if not text.isascii():  # plain ASCII has no accents to remove
        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(_NON_WORD.sub(" ", text).split())


def _country_key(code: str) -> str:
    country = find_country(code)
    return country.code if country else code.casefold()


class PlayerIndex:
    """Players preprocessed for fast fuzzy search; immutable once built."""

    __slots__ = (
        "_by_id",
        "_by_name",
        "_country",
        "_players",
        "_postings",
        "_sorted_vocab",
        "_sorted_words",
        "_surname_len",
        "_tokens",
        "_vocab",
    )

    def __init__(self, players: Sequence[Player]) -> None:
        self._players: tuple[Player, ...] = tuple(players)
        self._tokens: list[tuple[int, ...]] = []
        self._surname_len: list[int] = []
        self._country: list[str] = []
        self._by_id: dict[int, list[int]] = {}
        self._by_name: dict[str, list[int]] = {}
        vocab_ids: dict[str, int] = {}
        # many players share a first name, a surname or a country: each is normalised once
        words: dict[str, list[str]] = {}
        countries: dict[str, str] = {}
        for n, p in enumerate(self._players):
            surname = words.get(p.surname)
            if surname is None:
                surname = words[p.surname] = normalise_name(p.surname).split()
            first = words.get(p.firstname)
            if first is None:
                first = words[p.firstname] = normalise_name(p.firstname).split()
            ids = tuple(vocab_ids.setdefault(t, len(vocab_ids)) for t in surname + first)
            self._tokens.append(ids)
            self._surname_len.append(len(surname))
            country = countries.get(p.country)
            if country is None:
                country = countries[p.country] = _country_key(p.country)
            self._country.append(country)
            self._by_id.setdefault(int(p.id), []).append(n)
            for key in {" ".join(surname + first), " ".join(first + surname)}:
                self._by_name.setdefault(key, []).append(n)
        self._vocab: list[str] = list(vocab_ids)
        self._postings: list[list[int]] = [[] for _ in self._vocab]
        for n, ids in enumerate(self._tokens):
            for t in set(ids):
                self._postings[t].append(n)
        self._sorted_vocab = sorted(range(len(self._vocab)), key=self._vocab.__getitem__)
        self._sorted_words = [self._vocab[i] for i in self._sorted_vocab]

    def __len__(self) -> int:
        return len(self._players)

    def exact(self, query: str) -> tuple[Player, ...]:
        """The players whose whole name is `query` (surname and first name in either order;
        case, accents and punctuation ignored), in index order."""
        found = self._by_name.get(normalise_name(query), [])
        return tuple(self._players[n] for n in found)

    def _token_scores(self, token: str) -> dict[int, float]:
        """Vocabulary token -> score for one query token (only scores >= TOKEN_CUTOFF)."""
        scores: dict[int, float] = {}
        if len(token) > 1:
            for _, score, t in process.extract_iter(
                token, self._vocab, scorer=fuzz.ratio, score_cutoff=TOKEN_CUTOFF
            ):
                scores[t] = score
        start = bisect.bisect_left(self._sorted_words, token)
        for pos in range(start, len(self._sorted_words)):
            if not self._sorted_words[pos].startswith(token):
                break
            t = self._sorted_vocab[pos]
            word = self._sorted_words[pos]
            exact = 100.0 if word == token else PREFIX_FLOOR + PREFIX_RANGE * len(token) / len(word)
            scores[t] = max(scores.get(t, 0.0), exact)
        return scores

    def _search_ids(self, digits: str, limit: int, country: str | None) -> list[Match]:
        found: list[Match] = []
        if len(digits) > MAX_ID_DIGITS:  # no player's (and int() refuses 4,300 digits)
            return found
        for n in self._by_id.get(int(digits), []):
            found.append(Match(self._players[n], 100.0))
        prefixed = sorted(
            (int(p.id), n)
            for n, p in enumerate(self._players)
            if str(p.id).startswith(digits) and str(p.id) != digits
        )
        found += [Match(self._players[n], 90.0) for _, n in prefixed]
        if country is not None:
            key = _country_key(country)
            found = [m for m in found if _country_key(m.player.country) == key]
        return found[:limit]

    def _aligned_score(
        self,
        n: int,
        per_word: list[dict[int, float]],
        weights: list[int],
        alignments: list[tuple[bool, ...]],
    ) -> tuple[float, int]:
        """(best score over the alignments of the query with player n, surname took word 0).

        `alignments[k][w]` is True when query word w belongs to the surname part.
        """
        tokens = self._tokens[n]
        cut = self._surname_len[n]
        core = cut + (1 if len(tokens) > cut else 0)
        if not core:
            return 0.0, 0
        parts = (range(cut), range(cut, len(tokens)))
        best: list[tuple[tuple[float, int], tuple[float, int]]] = []
        for scores in per_word:
            get = scores.get
            found = []
            for part in parts:
                top, at = 0.0, -1
                for pos in part:
                    sc = get(tokens[pos], 0.0)
                    if sc > top:
                        top, at = sc, pos
                found.append((top, at))
            best.append((found[0], found[1]))
        total_weight = sum(weights)
        result = (0.0, 0)
        for alignment in alignments:
            matched: set[int] = set()
            query_score = 0.0
            for w, in_surname in enumerate(alignment):
                sc, at = best[w][0 if in_surname else 1]
                if 0 <= at < core:
                    matched.add(at)
                query_score += weights[w] * sc
            score = (
                QUERY_WEIGHT * query_score / total_weight
                + (1 - QUERY_WEIGHT) * 100 * len(matched) / core
            )
            hit = int(alignment[0] and best[0][0][1] >= 0)
            result = max(result, (score, hit))
        return result

    def search(self, query: str, limit: int = 10, country: str | None = None) -> list[Match]:
        """The `limit` best matches for `query`, best first (see the module docstring).

        `country` (any spelling `find_country` knows) keeps only that country's players.
        """
        text = normalise_name(query)
        if not text or limit <= 0:
            return []
        if text.isdigit():
            return self._search_ids(text, limit, country)
        words = text.split()
        per_word = [self._token_scores(w) for w in words]
        weights = [len(w) for w in words]
        m = len(words)
        alignments = list(
            dict.fromkeys(
                tuple((w < k) == surname_first for w in range(m))
                for surname_first in (True, False)
                for k in range(m + 1)
            )
        )
        key = _country_key(country) if country is not None else None
        bounds = self._upper_bounds(per_word, weights, key)
        ranked: list[tuple[float, int, str, int, int]] = []
        best: list[float] = []  # min-heap of the `limit` best scores so far
        for n in sorted(bounds, key=bounds.__getitem__, reverse=True):
            if len(best) == limit and bounds[n] < best[0] - 1e-9:
                break  # no later candidate can reach the current `limit`-th score
            score, surname_hit = self._aligned_score(n, per_word, weights, alignments)
            player = self._players[n]
            ranked.append((-round(score, 6), -surname_hit, player.name, int(player.id), n))
            if len(best) < limit:
                heapq.heappush(best, score)
            elif score > best[0]:
                heapq.heapreplace(best, score)
        ranked.sort()
        return [Match(self._players[n], -neg) for neg, _, _, _, n in ranked[:limit]]

    def _upper_bounds(
        self, per_word: list[dict[int, float]], weights: list[int], key: str | None
    ) -> dict[int, float]:
        """Candidate -> the highest score it could reach: each query word at its best token
        anywhere in the name, every core token matched. Scoring candidates by decreasing
        bound can stop once a bound is below the `limit`-th score found."""
        total = sum(weights)
        sums: dict[int, float] = {}
        for scores, weight in zip(per_word, weights, strict=True):
            top: dict[int, float] = {}
            for t, sc in scores.items():
                for n in self._postings[t]:
                    if sc > top.get(n, 0.0):
                        top[n] = sc
            for n, sc in top.items():
                sums[n] = sums.get(n, 0.0) + weight * sc
        extra = (1 - QUERY_WEIGHT) * 100
        return {
            n: QUERY_WEIGHT * total_score / total + extra
            for n, total_score in sums.items()
            if key is None or self._country[n] == key
        }


def search_players(
    query: str, players: Sequence[Player], limit: int = 10, country: str | None = None
) -> list[Match]:
    """One-off search; build a `PlayerIndex` once instead when searching repeatedly."""
    return PlayerIndex(players).search(query, limit, country)

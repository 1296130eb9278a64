"""Fuzzy player search for registration: typos, missing accents, swapped names, IDs.

A `PlayerIndex` is built once from the players (about 17,000 in the 2026 list) and answers
each keystroke. Names are normalised (accents removed, case folded, punctuation dropped) and
cut into tokens. Each query token is matched against the distinct name tokens with
rapidfuzz's normalised Indel ratio, an exact prefix of a token counting 95 (the user is still
typing). A player's score, 0-100, is

    0.85 * (length-weighted mean over query tokens of the best ratio among the name's tokens)
    + 0.15 * 100 * (share of the name's tokens matched by some query token)

so word order does not matter and a full match of a short name beats a partial match of a
long one. Ties go to the player whose surname (rather than first name) matched. A query of
digits only looks up IDs: the exact ID scores 100, IDs starting with the digits 90.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from ratinglist.model import Player
from ratinglist.registry.countries import find_country

TOKEN_CUTOFF = 70.0
PREFIX_SCORE = 95.0
QUERY_WEIGHT = 0.85
_FOLD = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l", "ı": "i"})
_NON_WORD = re.compile(r"[\W_]+")


@dataclass(frozen=True, slots=True)
class Match:
    """A player found by a search, with a score from 0 (no likeness) to 100 (exact)."""

    player: Player
    score: float


def normalise_name(text: str) -> str:
    """Lower case, no accents, one blank between words: ``"Müller, J.-P."`` -> ``muller j p``."""
    text = unicodedata.normalize("NFKD", text.casefold().translate(_FOLD))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(_NON_WORD.sub(" ", text).split())


def _country_key(code: str) -> str:
    country = find_country(code)
    return country.code if country else code.casefold()


class PlayerIndex:
    """Players preprocessed for fast fuzzy search; immutable once built."""

    __slots__ = (
        "_by_id",
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
        vocab_ids: dict[str, int] = {}
        for n, p in enumerate(self._players):
            surname = normalise_name(p.surname).split()
            first = normalise_name(p.firstname).split()
            ids = tuple(vocab_ids.setdefault(t, len(vocab_ids)) for t in surname + first)
            self._tokens.append(ids)
            self._surname_len.append(len(surname))
            self._country.append(_country_key(p.country))
            self._by_id.setdefault(int(p.id), []).append(n)
        self._vocab: list[str] = list(vocab_ids)
        self._postings: list[list[int]] = [[] for _ in self._vocab]
        for n, ids in enumerate(self._tokens):
            for t in set(ids):
                self._postings[t].append(n)
        self._sorted_vocab = sorted(range(len(self._vocab)), key=self._vocab.__getitem__)
        self._sorted_words = [self._vocab[i] for i in self._sorted_vocab]

    def __len__(self) -> int:
        return len(self._players)

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
            exact = 100.0 if self._sorted_words[pos] == token else PREFIX_SCORE
            scores[t] = max(scores.get(t, 0.0), exact)
        return scores

    def _search_ids(self, digits: str, limit: int, country: str | None) -> list[Match]:
        found: list[Match] = []
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
        total_weight = sum(weights)
        candidates: set[int] = set()
        for scores in per_word:
            for t in scores:
                candidates.update(self._postings[t])
        key = _country_key(country) if country is not None else None
        ranked: list[tuple[float, int, str, int, int]] = []
        for n in candidates:
            if key is not None and self._country[n] != key:
                continue
            tokens = self._tokens[n]
            matched: set[int] = set()
            query_score = 0.0
            surname_hit = 0
            for w, scores in enumerate(per_word):
                best, best_pos = 0.0, -1
                for pos, t in enumerate(tokens):
                    s = scores.get(t, 0.0)
                    if s > best:
                        best, best_pos = s, pos
                if best_pos >= 0:
                    matched.add(best_pos)
                    if w == 0 and best_pos < self._surname_len[n]:
                        surname_hit = 1
                query_score += weights[w] * best
            coverage = len(matched) / len(tokens) if tokens else 0.0
            score = QUERY_WEIGHT * query_score / total_weight + (1 - QUERY_WEIGHT) * 100 * coverage
            player = self._players[n]
            ranked.append((-round(score, 6), -surname_hit, player.name, int(player.id), n))
        ranked.sort()
        return [Match(self._players[n], -neg) for neg, _, _, _, n in ranked[:limit]]


def search_players(
    query: str, players: Sequence[Player], limit: int = 10, country: str | None = None
) -> list[Match]:
    """One-off search; build a `PlayerIndex` once instead when searching repeatedly."""
    return PlayerIndex(players).search(query, limit, country)

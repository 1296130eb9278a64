"""The bye and the order of tied tables as OpenGotha 3.52 makes them, checked on the real files.

The rules (OpenGotha's `Tournament.chooseAByePlayer`, `JFrGamesPair.scoreSortedPlayers`,
`Tournament.pairAGroup` and `renumberTablesByBestScoreThenRating`):

- the bye goes to the least ``rank + MMS x2 + 1000 per earlier bye``; among equal weights to the
  last one in the pairing window's list, which is the standings after the previous round with
  ties by name then first name;
- games are numbered best first by their lower-placed player; games tied on that keep the order
  OpenGotha makes them in: by the list position of their first player (a stable sort of up to
  31 games; longer lists go through Java's merge steps, which we do not model).

The expected values are the byes and tables stored in the real files. A director may choose a
bye or renumber tables by hand, so the checks count agreement over the rounds where the file's
choice is one the rule could have made, and compare with the rule we had before.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from ratinglist.formats.go.opengotha_xml import read_opengotha
from ratinglist.model.go.tournament import GoTournament
from ratinglist.pairing.go.pair import NewGame, number_tables
from ratinglist.standings.go.scores import GoScores
from ratinglist.standings.go.standings import placement_order
from ratinglist.tournament.games.go.pairing import choose_bye, round_players, table_placement

pytestmark = pytest.mark.realdata

FOLDERS = ("opengotha-remote", "opengotha", "opengotha-rgf", "pairgoth")


def _tournaments(real_data: Path) -> Iterator[tuple[str, GoTournament]]:
    for folder in FOLDERS:
        for path in sorted((real_data / "go" / folder).glob("*.xml")):
            try:
                yield path.name, read_opengotha(path)
            except Exception:  # a file our reader refuses has its own tests
                continue


Tournaments = list[tuple[str, GoTournament]]


@pytest.fixture(scope="module")
def tournaments(real_data: Path) -> Tournaments:
    """Every real file read once for both tests (tournaments are immutable values)."""
    return list(_tournaments(real_data))


@dataclass(frozen=True)
class ByeCase:
    name: str
    round: int
    chosen: str
    ours: str
    first_registered_rule: str


def _bye_cases(tournaments: Tournaments) -> list[ByeCase]:
    """Rounds whose bye in the file has OpenGotha's least weight (else a director's choice)."""
    cases = []
    for name, t in tournaments:
        for bye in t.byes:
            r = bye.round
            played = {k for g in t.games if g.round == r for k in (g.white, g.black)}
            keys = [k for k in round_players(t, r) if k in played or k == bye.player]
            if len(keys) < 3 or len(keys) % 2 == 0:
                continue
            scores = GoScores(t.before_round(r))
            earlier: dict[str, int] = {}
            for b in t.byes:
                if b.round < r:
                    earlier[b.player] = earlier.get(b.player, 0) + 1
            rank = {p.key: p.rank.value for p in t.players}
            weight = {k: rank[k] + scores.mms(k, r - 1) + 1000 * earlier.get(k, 0) for k in keys}
            least = min(weight.values())
            if weight[bye.player] != least:
                continue
            # The rule before: the last registered among the least weights.
            registered_last = [k for k in keys if weight[k] == least][-1]
            cases.append(
                ByeCase(name, r, bye.player, choose_bye(t, scores, r, keys), registered_last)
            )
    return cases


def test_the_bye_goes_where_opengotha_puts_it(tournaments: Tournaments) -> None:
    cases = _bye_cases(tournaments)
    assert len(cases) >= 100, f"expected the real files to hold byes, found {len(cases)}"
    ours = sum(c.ours == c.chosen for c in cases)
    before = sum(c.first_registered_rule == c.chosen for c in cases)
    missed = [f"{c.name} round {c.round + 1}: file {c.chosen}, ours {c.ours}" for c in cases]
    missed = [m for m, c in zip(missed, cases, strict=True) if c.ours != c.chosen]
    assert ours >= 0.95 * len(cases), "\n".join(missed)
    assert ours > before, (ours, before)


Placement = dict[str, tuple[int, ...]]


def _lower(g: NewGame, placement: Placement, rating: dict[str, int]) -> tuple[tuple[int, ...], int]:
    """The game's lower-placed player's placement and rating (equal: the higher rating)."""
    w = (placement[g.white], rating[g.white])
    b = (placement[g.black], rating[g.black])
    if w[0] != b[0]:
        return min(w, b, key=lambda v: v[0])
    return max(w, b, key=lambda v: v[1])


@dataclass(frozen=True)
class TiedRound:
    games: list[NewGame]
    shuffled: list[NewGame]
    placement: Placement
    rating: dict[str, int]
    listed: dict[str, int]


def _tied_rounds(tournaments: Tournaments) -> Iterator[TiedRound]:
    """Rounds of 2 to 31 games numbered as OpenGotha numbers them (tables consecutive and
    never a better game after a worse one) with at least two games tied."""
    for _, t in tournaments:
        rating = {p.key: p.rating for p in t.players}
        for r in range(max((g.round for g in t.games), default=-1) + 1):
            played = sorted((g for g in t.games if g.round == r), key=lambda g: g.table)
            if not 2 <= len(played) <= 31:
                continue
            if [g.table - played[0].table for g in played] != list(range(len(played))):
                continue
            bye = next((b.player for b in t.byes if b.round == r), None)
            placement = table_placement(t, r, bye)
            games = [NewGame(g.white, g.black, g.handicap, g.table) for g in played]
            keys = [_lower(g, placement, rating) for g in games]
            if any(keys[i] < keys[i + 1] for i in range(len(keys) - 1)):
                continue  # renumbered by hand
            if len(set(keys)) == len(keys):
                continue  # no tie: the order is not in question
            players = [k for g in games for k in (g.white, g.black)]
            order = placement_order(t, r - 1, players, GoScores(t.before_round(r)))
            listed = {k: n for n, k in enumerate(order)}
            shuffled = list(games)
            random.Random(r).shuffle(shuffled)
            yield TiedRound(games, shuffled, placement, rating, listed)


def test_tied_games_get_tables_in_opengotha_order(tournaments: Tournaments) -> None:
    rounds = list(_tied_rounds(tournaments))
    assert len(rounds) >= 50, f"expected rounds with tied games, found {len(rounds)}"

    def agree(listed_of: object) -> int:
        count = 0
        for rnd in rounds:
            order = listed_of(rnd.listed)  # type: ignore[operator]
            got = number_tables(rnd.shuffled, rnd.placement, rnd.rating, listed=order)
            count += [(g.white, g.black) for g in got] == [(g.white, g.black) for g in rnd.games]
        return count

    ours = agree(lambda listed: listed)
    reversed_order = agree(lambda listed: {k: -n for k, n in listed.items()})
    # The input order must not matter: the shuffled games come out in the file's order.
    assert ours >= 0.75 * len(rounds), (ours, len(rounds))
    assert ours > reversed_order, (ours, reversed_order)

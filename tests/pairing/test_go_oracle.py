"""OpenGotha 3.52's own pairing-cost dumps and pairings (Pairgoth's fixtures) as the oracle."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from ratinglist.formats.go.opengotha_xml import read_opengotha
from ratinglist.model.go.tournament import GoTournament
from ratinglist.pairing.go.costs import PART_NAMES, CostModel
from ratinglist.tournament.games.go.pairing import gotha_round, pair_go_round
from tests.pairing.go_dumps import read_dump

pytestmark = pytest.mark.realdata

FIXTURES = [("simplemm", 5), ("notsimplemm", 5), ("simpleswiss", 7)]
ROUNDS = [(name, r) for name, n in FIXTURES for r in range(1, n + 1)]
# Rounds with several optimal matchings (GO.md section d, PROVENANCE.md).
NOT_UNIQUE = {("simplemm", 3), ("simpleswiss", 7)}


def _load(real_data: Path, name: str) -> GoTournament:
    return read_opengotha(real_data / "go" / "pairgoth" / f"{name}.xml")


def _before(t: GoTournament, r: int) -> GoTournament:
    """The games of rounds before r (0-based); byes kept, as PROVENANCE.md says."""
    return replace(t, games=tuple(g for g in t.games if g.round < r))


@pytest.mark.parametrize(("name", "round_"), ROUNDS)
def test_every_cost_part_equals_opengotha(real_data: Path, name: str, round_: int) -> None:
    t = _load(real_data, name)
    dump = read_dump(real_data / "go" / "pairgoth" / f"{name}_weights_R{round_}.txt")
    rnd = gotha_round(_before(t, round_ - 1), round_ - 1)
    model = CostModel(rnd)
    index = {p.name + " " + p.first_name: k for k, p in enumerate(rnd.players)}
    # OpenGotha lists every pair of pairable players: so do we.
    pairable = {rnd.players[k].key for k in range(len(rnd.players))} - {rnd.bye}
    assert len(dump) == len(pairable) * (len(pairable) - 1) // 2
    i = np.array([index[str(d["p1"])] for d in dump])
    j = np.array([index[str(d["p2"])] for d in dump])
    parts = model.parts(i, j)
    differences = {
        part: int((parts.parts[k] != np.array([d[part] for d in dump])).sum())
        for k, part in enumerate(PART_NAMES)
    }
    assert differences == dict.fromkeys(PART_NAMES, 0)
    assert parts.total.tolist() == [d["totalCost"] for d in dump]


@pytest.mark.parametrize(("name", "round_"), ROUNDS)
def test_matching_weight_equals_opengotha(real_data: Path, name: str, round_: int) -> None:
    t = _load(real_data, name)
    dump = read_dump(real_data / "go" / "pairgoth" / f"{name}_weights_R{round_}.txt")
    total = {frozenset((str(d["p1"]), str(d["p2"]))): int(d["totalCost"]) for d in dump}
    full = {p.key: p.full_name for p in t.players}
    theirs = [g for g in t.games if g.round == round_ - 1]
    og_weight = sum(total[frozenset((full[g.white], full[g.black]))] for g in theirs)
    ours = pair_go_round(_before(t, round_ - 1), round_ - 1)
    assert ours.weight == og_weight
    assert ours.bye == next((b.player for b in t.byes if b.round == round_ - 1), None)
    if (name, round_) not in NOT_UNIQUE:
        got = {(g.white, g.black, g.handicap, g.table) for g in ours.games}
        assert got == {(g.white, g.black, g.handicap, g.table) for g in theirs}


@pytest.mark.parametrize(("name", "round_"), ROUNDS)
def test_colour_handicap_table_of_every_game(real_data: Path, name: str, round_: int) -> None:
    """OpenGotha's own pairs, forced: each game gets the file's colours, handicap, table."""
    t = _load(real_data, name)
    theirs = [g for g in t.games if g.round == round_ - 1]
    ours = pair_go_round(
        _before(t, round_ - 1), round_ - 1, forced=[(g.white, g.black) for g in theirs]
    )
    got = {(g.white, g.black, g.handicap, g.table) for g in ours.games}
    assert got == {(g.white, g.black, g.handicap, g.table) for g in theirs}


def test_bye_choice_without_the_files_bye(real_data: Path) -> None:
    """OpenGotha chose notsimplemm's byes: least rank + MMS, 1000 per earlier bye."""
    t = _load(real_data, "notsimplemm")
    for b in t.byes:
        past = replace(
            t,
            games=tuple(g for g in t.games if g.round < b.round),
            byes=tuple(x for x in t.byes if x.round < b.round),
        )
        assert gotha_round(past, b.round).bye == b.player

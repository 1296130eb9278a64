"""OpenGotha 3.52's pairing cost of two players (GO.md section d), for many pairs at once.

Every part is computed as OpenGotha computes it: 64-bit integers with Java's truncating
division, and the concave ``W * (1 - x) * (1 + k * x)`` terms in IEEE doubles evaluated left
to right then truncated (numpy's float64 element-wise operations round exactly as Java's).
The sum of the parts, plus 1, is the pair's weight in a maximum-weight matching.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ratinglist.model.go.tournament import GoSystem, SeedSystem
from ratinglist.pairing.go.groups import ScoreGroups, score_groups
from ratinglist.pairing.go.handicap import potential_handicap, wb_balance
from ratinglist.pairing.go.input import GothaRound
from ratinglist.pairing.go.names import NameHashes

I64 = NDArray[np.int64]
F64 = NDArray[np.float64]

PART_NAMES = (
    "baseDuplicateGameCost",
    "baseRandomCost",
    "baseBWBalanceCost",
    "mainCategoryCost",
    "mainScoreDiffCost",
    "mainDUDDCost",
    "mainSeedCost",
    "secHandiCost",
    "secGeoCost",
)
"""OpenGotha's names of the nine cost parts, in its order (the total is ``totalCost``)."""


@dataclass(frozen=True, slots=True)
class CostParts:
    """The cost parts of pairs (i[k], j[k]) (indices into `GothaRound.players`)."""

    i: I64
    j: I64
    parts: I64
    """Shape (9, pairs): the parts in the order of `PART_NAMES`."""

    @property
    def total(self) -> I64:
        """OpenGotha's ``totalCost``: 1 + the sum of the parts."""
        return np.asarray(1 + self.parts.sum(axis=0), dtype=np.int64)


def _jdiv(a: I64, b: I64 | int) -> I64:
    """Java's integer division (truncation toward zero) element-wise."""
    q = np.abs(a) // np.abs(b)
    return np.asarray(np.where((np.asarray(a) < 0) != (np.asarray(b) < 0), -q, q), np.int64)


def _concave(weight: int, x: F64, k: float) -> I64:
    """``(long)(W * (1.0 - x) * (1.0 + k * x))`` element-wise."""
    v = float(weight) * (1.0 - x) * (1.0 + k * x)
    return np.trunc(v).astype(np.int64)


class CostModel:
    """The cost function of one round; `parts(i, j)` gives the parts of any pairs."""

    def __init__(self, rnd: GothaRound, groups: ScoreGroups | None = None) -> None:
        self.rnd = rnd
        self.groups = groups or score_groups(rnd)
        ps = rnd.players
        n = len(ps)
        self.index = {p.key: k for k, p in enumerate(ps)}
        self.rank = np.array([p.rank for p in ps], dtype=np.int64)
        self.category = np.array([p.category for p in ps], dtype=np.int64)
        self.mms = np.array([p.mms_x2 for p in ps], dtype=np.int64)
        self.nbw = np.array([p.nbw_x2 for p in ps], dtype=np.int64)
        self.smms = np.array([p.smms for p in ps], dtype=np.int64)
        self.nb_du = np.array([p.nb_du for p in ps], dtype=np.int64)
        self.nb_dd = np.array([p.nb_dd for p in ps], dtype=np.int64)
        self.names = NameHashes([p.name + p.first_name for p in ps])
        self.wb = wb_balance(rnd)
        self.met = np.zeros((n, n), dtype=np.bool_)
        for g in rnd.games:
            a, b = self.index.get(g.white), self.index.get(g.black)
            if a is not None and b is not None:
                self.met[a, b] = self.met[b, a] = True
        self.country = _codes([p.country.strip().lower() for p in ps])
        self.club = _codes([p.club.strip().lower() for p in ps])
        self.club_group = self._club_groups()
        self.rng = np.random.default_rng()

    def _club_groups(self) -> list[frozenset[int]]:
        groups: dict[str, set[int]] = {}
        for k, g in enumerate(self.rnd.clubs_groups):
            for c in g.clubs:
                groups.setdefault(c.strip().lower(), set()).add(k)
        return [frozenset(groups.get(p.club.strip().lower(), ())) for p in self.rnd.players]

    def all_pairs(self, keys: list[str] | None = None) -> tuple[I64, I64]:
        """Index arrays of every unordered pair of `keys` (default: the pairable players)."""
        idx = np.array(
            [self.index[k] for k in (keys if keys is not None else self.pairable())],
            dtype=np.int64,
        )
        a, b = np.triu_indices(len(idx), k=1)
        return idx[a], idx[b]

    def pairable(self) -> list[str]:
        """The players to pair: all the round's players but the bye."""
        return [p.key for p in self.rnd.players if p.key != self.rnd.bye]

    def parts(self, i: I64, j: I64) -> CostParts:
        """The nine cost parts of the pairs (i[k], j[k])."""
        rnd, pp, g = self.rnd, self.rnd.pairing, self.groups
        k = pp.nx1_factor
        m = len(i)
        zero = np.zeros(m, dtype=np.int64)
        dup = np.where(self.met[i, j], zero, pp.avoid_duplicate_game)
        if not pp.random:
            rand = zero
        elif pp.deterministic:
            rand = self.names.det_random(pp.random, i, j)
        else:  # OpenGotha's nonDetRandom: (long)(Math.random() * (max + 1))
            rand = np.trunc(self.rng.random(m) * (pp.random + 1)).astype(np.int64)
        hd = potential_handicap(rnd, self.rank, self.mms, i, j)
        wb1, wb2 = self.wb[i], self.wb[j]
        half = pp.balance_wb // 2
        bw = np.where(
            wb1 * wb2 < 0,
            pp.balance_wb,
            np.where(
                ((wb1 == 0) & (np.abs(wb2) >= 2)) | ((wb2 == 0) & (np.abs(wb1) >= 2)), half, 0
            ),
        )
        bw = np.where(hd == 0, bw, 0).astype(np.int64)
        c1, c2 = self.category[i], self.category[j]
        n_cat = rnd.general.number_of_categories
        if n_cat > 1:
            cat = _concave(pp.avoid_mixing_categories, np.abs(c1 - c2) / float(n_cat), k)
        else:
            cat = zero
        g1, g2 = g.group_number[i], g.group_number[j]
        n_groups = g.number_of_groups
        sco = _concave(pp.minimize_score_difference, np.abs(g1 - g2) / float(n_groups), k)
        sco = np.where(c1 == c2, sco, 0)
        dudd = self._dudd(i, j)
        seed = self._seed(i, j)
        hdc, geo = self._secondary(i, j)
        parts = np.stack([dup, rand, bw, cat, sco, dudd, seed, hdc, geo]).astype(np.int64)
        return CostParts(np.asarray(i), np.asarray(j), parts)

    def _dudd(self, i: I64, j: I64) -> I64:
        pp, g = self.rnd.pairing, self.groups
        g1, g2 = g.group_number[i], g.group_number[j]
        upper = np.where(g1 < g2, i, j)
        lower = np.where(g1 < g2, j, i)
        du_u, dd_u = self.nb_du[upper], self.nb_dd[upper]
        du_l, dd_l = self.nb_du[lower], self.nb_dd[lower]
        scenario = 2 - (dd_u > 0) - (du_l > 0)
        live = scenario != 0
        scenario = scenario + (live & (du_u > 0) & (dd_u < du_u))
        scenario = scenario + (live & (dd_l > 0) & (du_l < dd_l))
        w = pp.dudd_weight // 5
        cost = self._position(pp.dudd_upper_mode.value, upper, w) + self._position(
            pp.dudd_lower_mode.value, lower, w
        )
        extra = scenario * w if pp.compensate_dudd else np.minimum(scenario, 2) * w
        cost = cost + extra
        cat_gap = np.abs(self.category[i] - self.category[j]) + 1
        for _ in range(4):
            cost = cost // cat_gap
        return np.where(g1 != g2, cost, 0).astype(np.int64)

    def _position(self, mode: str, p: I64, w: int) -> I64:
        size = self.groups.group_size[p]
        ip = self.groups.inner[p]
        if mode == "TOP":
            num = size - 1 - ip
        elif mode == "MID":
            num = size - 1 - np.abs(2 * ip - size + 1)
        else:
            num = ip
        return np.asarray((w // 2) * num // size, dtype=np.int64)

    def _seed(self, i: I64, j: I64) -> I64:
        rnd, pp, g = self.rnd, self.rnd.pairing, self.groups
        same = g.group_number[i] == g.group_number[j]
        n = g.group_size[i]
        cla1, cla2 = g.inner[i], g.inner[j]
        big = pp.maximize_seeding
        system = pp.seed_system1 if rnd.round <= pp.last_round_seed_system1 else pp.seed_system2
        if system is SeedSystem.SPLIT_AND_RANDOM:
            split = (2 * cla1 < n) != (2 * cla2 < n)
            rnd_range = int(big * 0.2)
            cost = big - self.names.det_random(rnd_range, i, j)
            cost = np.where(split, cost, 0)
        elif system is SeedSystem.SPLIT_AND_FOLD:
            x = cla1 + cla2 - (n - 1)
            d = np.maximum(n - 1, 1)
            cost = big - _jdiv(_jdiv(big * x, d) * x, d)
        else:
            x = 2 * np.abs(cla1 - cla2) - n
            cost = big - _jdiv(_jdiv(big * x, n) * x, n)
        return np.where(same, cost, 0).astype(np.int64)

    def _exempt(self) -> tuple[NDArray[np.bool_], I64]:
        rnd, pp, gen = self.rnd, self.rnd.pairing, self.rnd.general
        rounds = gen.number_of_rounds
        threshold = rounds if pp.nb_wins_threshold_active else 2 * rounds
        bar = gen.bar.value + 30
        exempt = (
            (self.nbw >= threshold)
            | (2 * self.rank + self.nbw >= 2 * pp.rank_threshold.value)
            | ((self.smms >= bar) & pp.bar_threshold_active)
        )
        max_mms = gen.bar.value + 2 + 30 + rnd.round
        pseudo = np.where(exempt, max_mms, self.mms // 2)
        return exempt, pseudo.astype(np.int64)

    def _secondary(self, i: I64, j: I64) -> tuple[I64, I64]:
        rnd, pp, gen = self.rnd, self.rnd.pairing, self.rnd.general
        k = pp.nx1_factor
        exempt, pseudo = self._exempt()
        sec_case = exempt[i].astype(np.int64) + exempt[j].astype(np.int64)
        n_groups = self.groups.number_of_groups
        if rnd.system is GoSystem.MCMAHON:
            sec_range = n_groups
        else:
            sec_range = gen.bar.value - gen.floor.value + 3 + rnd.round
        x = np.abs(pseudo[i] - pseudo[j]) / float(sec_range)
        hd = _concave(pp.minimize_handicap, x, k)
        w_geo = pp.avoid_same_geo
        cf, clf = (
            pp.prefer_mms_diff_rather_than_same_country,
            pp.prefer_mms_diff_rather_than_same_club,
        )
        m = len(i)
        country_ratio = np.zeros(m)
        if cf:
            country_ratio = np.where(
                self.country[i] != self.country[j], min(1.0, cf / float(n_groups)), 0.0
            )
        club_ratio = np.zeros(m)
        if clf:
            same_club = self.club[i] == self.club[j]
            common = np.array(
                [bool(self.club_group[a] & self.club_group[b]) for a, b in zip(i, j, strict=True)]
                if self.rnd.clubs_groups
                else np.zeros(m, dtype=np.bool_),
                dtype=np.bool_,
            )
            club_ratio = np.where(
                same_club,
                0.0,
                np.where(common, clf / 2.0 / float(n_groups), clf * 1.2 / float(n_groups)),
            )
            club_ratio = np.minimum(club_ratio, 1.0)
        main = np.maximum(country_ratio, club_ratio)
        sec = np.minimum(country_ratio, club_ratio)
        geo_ratio = main + sec / 2.0
        geo_ratio = np.where(geo_ratio > 0.0, geo_ratio + 0.5 / float(n_groups), geo_ratio)
        db = float(w_geo) * (1.0 - geo_ratio) * (1.0 + k * geo_ratio)
        nominal = pp.minimize_score_difference - np.trunc(db).astype(np.int64)
        nominal = np.minimum(nominal, w_geo)
        one = np.trunc(0.5 * (nominal + w_geo).astype(np.float64)).astype(np.int64)
        geo = np.where(sec_case == 2, w_geo, np.where(sec_case == 1, one, nominal))
        return hd, geo.astype(np.int64)


def _codes(values: list[str]) -> I64:
    table: dict[str, int] = {}
    return np.array([table.setdefault(v, len(table)) for v in values], dtype=np.int64)

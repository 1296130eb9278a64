"""Go scores per player and round: OpenGotha's ``fillBaseScoringInfo`` (GO.md section e).

Every value that can hold a half point is doubled ("X2"; SODOS values are X4). Rounds are
0-based; a value "at r = -1" is the value before the first round (MMS and STS: 2 * SMMS).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from ratinglist.model.go.tournament import Criterion, GoGame, GoPlayer, GoTournament


class Participation(enum.Enum):
    """What a player did in a round."""

    ABSENT = "absent"
    BYE = "bye"
    PAIRED = "paired"
    NOT_ASSIGNED = "not-assigned"


@dataclass(frozen=True, slots=True)
class PlayerRounds:
    """One player's per-round record: participation, game, and the cumulative scores (X2)."""

    key: str
    smms: int
    participation: tuple[Participation, ...]
    games: tuple[GoGame | None, ...]
    nbw_x2: tuple[int, ...]
    mms_x2: tuple[int, ...]
    cps_x2: tuple[int, ...]

    def won_x2(self, r: int) -> int:
        """The player's game points (X2) of round r (0 if no game)."""
        g = self.games[r]
        return 0 if g is None else g.result.points_x2(g.white == self.key)


def smms(t: GoTournament, key: str) -> int:
    """The starting McMahon score: clamp(rank, floor, bar) - zero + correction."""
    return smms_of(t, t.player(key))


def smms_of(t: GoTournament, p: GoPlayer) -> int:
    """The starting McMahon score of player `p` of `t`."""
    gen = t.parameters.general
    rank = max(gen.floor.value, min(gen.bar.value, p.rank.value))
    return rank - gen.zero.value + p.smms_correction


class GoScores:
    """Base scores of every player of `t` for rounds 0..n-1 (n = the number of rounds)."""

    def __init__(self, t: GoTournament, *, sosm_quirk: bool = False) -> None:
        self.t = t
        self.gen = t.parameters.general
        self.n = max(1, self.gen.number_of_rounds, 1 + max((g.round for g in t.games), default=0))
        self.sosm_quirk = sosm_quirk
        self.by_key: dict[str, GoPlayer] = {p.key: p for p in t.players}
        self.players: dict[str, PlayerRounds] = {}
        games_of: dict[str, list[GoGame | None]] = {p.key: [None] * self.n for p in t.players}
        for g in t.games:
            for k in (g.white, g.black):
                if k in games_of and 0 <= g.round < self.n:
                    games_of[k][g.round] = g
        byes = {(b.round, b.player) for b in t.byes}
        self._sos: dict[tuple[str, int, bool, int], int] = {}
        self._sosos: dict[tuple[str, int, bool], int] = {}
        for p in t.players:
            key = p.key
            part = []
            for r in range(self.n):
                if games_of[key][r] is not None:
                    part.append(Participation.PAIRED)
                elif (r, key) in byes:
                    part.append(Participation.BYE)
                elif not p.plays(r):
                    part.append(Participation.ABSENT)
                else:
                    part.append(Participation.NOT_ASSIGNED)
            self.players[key] = self._cumulate(key, tuple(part), tuple(games_of[key]))

    def _cumulate(
        self, key: str, part: tuple[Participation, ...], games: tuple[GoGame | None, ...]
    ) -> PlayerRounds:
        gen = self.gen
        s = smms_of(self.t, self.by_key[key])
        nbw: list[int] = []
        mms: list[int] = []
        cps: list[int] = []
        wins = extra_nbw = extra_mms = cps_now = 0
        down = 2 if gen.round_down else 1
        absent = (gen.nbw2_absent, gen.mms2_absent)
        bye = (gen.nbw2_bye, gen.mms2_bye)
        for r in range(self.n):
            g = games[r]
            w = 0 if g is None else g.result.points_x2(g.white == key)
            wins += w
            a_nbw = a_mms = 0
            if part[r] is Participation.ABSENT:
                a_nbw, a_mms = absent
            elif part[r] is Participation.BYE:
                a_nbw, a_mms = bye
            extra_nbw += a_nbw
            extra_mms += a_mms
            nbw.append(wins + extra_nbw // down * down)
            mms.append(2 * s + wins + extra_mms // down * down)
            cps_now = 2 * cps_now + w + a_nbw
            cps.append(cps_now)
        return PlayerRounds(key, s, part, games, tuple(nbw), tuple(mms), tuple(cps))

    # -- main scores -------------------------------------------------------------------------

    def nbw(self, key: str, r: int) -> int:
        """NBW X2 after round r (0 before round 0)."""
        return 0 if r < 0 else self.players[key].nbw_x2[r]

    def mms(self, key: str, r: int) -> int:
        """MMS X2 after round r (2 * SMMS before round 0)."""
        p = self.players[key]
        return 2 * p.smms if r < 0 else p.mms_x2[r]

    def cps(self, key: str, r: int) -> int:
        """CPS X2 after round r: the win sequence in binary (0 before round 0)."""
        return 0 if r < 0 else self.players[key].cps_x2[r]

    def sts(self, key: str, r: int) -> int:
        """STS X2 after round r: MMS plus the knock-out bonus of the last three rounds."""
        v = self.mms(key, r)
        n, bar = self.n, self.gen.bar.value
        if n >= 3 and r >= n - 3 and self.mms(key, n - 3) == 2 * (30 + bar + n - 2):
            v += 4
            if r >= n - 2 and self.mms(key, n - 2) == 2 * (30 + bar + n - 1):
                v += 4
        return v

    def main_x2(self, criterion: Criterion, key: str, r: int) -> int:
        """The main score (NBW, MMS or CPS) X2 after round r."""
        if criterion is Criterion.MMS:
            return self.mms(key, r)
        if criterion is Criterion.CPS:
            return self.cps(key, r)
        return self.nbw(key, r)

    # -- opponent-based criteria -------------------------------------------------------------

    @cached_property
    def _virtual(self) -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
        """Per player, NBW X2 and MMS X2 counting every unplayed round as a half point."""
        out: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        for k, p in self.players.items():
            nbw, mms, acc = [], [], 0
            for r in range(self.n):
                g = p.games[r]
                if g is not None and g.result.is_played_normally:
                    acc += g.result.points_x2(g.white == k)
                else:
                    acc += 1
                nbw.append(acc)
                mms.append(2 * p.smms + acc)
            out[k] = (tuple(nbw), tuple(mms))
        return out

    def _opp_score(self, opp: str, r: int, mcmahon: bool) -> int:
        if self.gen.count_not_played_as_half:
            nbw, mms = self._virtual[opp]
            return (mms if mcmahon else nbw)[r]
        return self.mms(opp, r) if mcmahon else self.nbw(opp, r)

    def _games_to(self, key: str, r: int) -> tuple[GoGame | None, ...]:
        """The player's games of rounds 0..r (None: not played); none when r < 0."""
        return self.players[key].games[: max(r + 1, 0)]

    def sos_terms(self, key: str, r: int, mcmahon: bool) -> list[int]:
        """The per-round SOS terms of rounds 0..r (X2), substitutes included."""
        p = self.players[key]
        terms = []
        for g in self._games_to(key, r):
            if g is None:
                terms.append(2 * p.smms if mcmahon else 0)
                continue
            v = self._opp_score(g.opponent(key), r, mcmahon)
            if mcmahon:
                v += 2 * g.handicap if g.white == key else -2 * g.handicap
            terms.append(v)
        return terms

    def sos(self, key: str, r: int, mcmahon: bool, drop: int = 0) -> int:
        """SOSW / SOSM (X2) after round r, without the `drop` smallest terms (computed once
        per argument: SOSOS and the placement read it for every opponent)."""
        found = self._sos.get((key, r, mcmahon, drop))
        if found is None:
            found = self._sos[key, r, mcmahon, drop] = self._sos_of(key, r, mcmahon, drop)
        return found

    def _sos_of(self, key: str, r: int, mcmahon: bool, drop: int) -> int:
        if r < 0:
            return 0
        terms = self.sos_terms(key, r, mcmahon)
        if drop:
            if mcmahon and self.sosm_quirk and r <= 1:
                return 0
            if r + 1 <= drop:
                return 0
            terms = sorted(terms)[drop:]
        return sum(terms)

    def sodos(self, key: str, r: int, mcmahon: bool) -> int:
        """SODOSW / SODOSM (X4): opponents' scores weighted by the points won against them."""
        p = self.players[key]
        return sum(
            self._opp_score(g.opponent(key), r, mcmahon) * p.won_x2(rr)
            for rr, g in enumerate(self._games_to(key, r))
            if g is not None
        )

    def sosos(self, key: str, r: int, mcmahon: bool) -> int:
        """SOSOSW / SOSOSM (X2): the sum of the opponents' SOS (computed once per argument)."""
        found = self._sosos.get((key, r, mcmahon))
        if found is None:
            found = self._sosos[key, r, mcmahon] = self._sosos_of(key, r, mcmahon)
        return found

    def _sosos_of(self, key: str, r: int, mcmahon: bool) -> int:
        p = self.players[key]
        total = 0
        for g in self._games_to(key, r):
            if g is not None:
                total += self.sos(g.opponent(key), r, mcmahon)
            elif mcmahon:
                total += 2 * p.smms * (r + 1)
        return total

    def cuss(self, key: str, r: int, mcmahon: bool) -> int:
        """CUSSW / CUSSM (X2): the sum of the player's scores after each round."""
        f = self.mms if mcmahon else self.nbw
        return sum(f(key, rr) for rr in range(r + 1))

    def exploits(self, key: str, r: int, won_only: bool) -> int:
        """EXT (or EXR with `won_only`): opponents' NBW X2 weighted by the handicap exploit."""
        p = self.players[key]
        rank = self.by_key[key].rank.value
        total = 0
        for rr, g in enumerate(self._games_to(key, r)):
            if g is None or g.result.outcome.value == "unknown":
                continue
            if won_only and p.won_x2(rr) != 2:
                continue
            opp = g.opponent(key)
            ah = g.handicap if g.white == key else -g.handicap
            nh = rank - self.by_key[opp].rank.value
            d = ah - nh
            coef = 0 if d < 0 else min(3, d + 1)
            total += self.nbw(opp, r) * coef
        return total

    def category(self, key: str) -> int:
        """The player's category (0-based): the first whose lower limit the rank reaches."""
        limits = self.gen.category_limits[: self.gen.number_of_categories - 1]
        rank = self.by_key[key].rank.value
        for c, limit in enumerate(limits):
            if rank >= limit.value:
                return c
        return len(limits)

    def value(self, criterion: Criterion, key: str, r: int) -> int:
        """The value of a placement criterion for `key` after round r (higher is better)."""
        return self._dispatch[criterion](key, r)

    @cached_property
    def _dispatch(self) -> dict[Criterion, Callable[[str, int], int]]:
        c = Criterion
        zero: Callable[[str, int], int] = lambda k, r: 0  # noqa: E731
        return {
            c.NULL: zero,
            c.DC: zero,
            c.SDC: zero,
            c.NBW: self.nbw,
            c.MMS: self.mms,
            c.CPS: self.cps,
            c.STS: self.sts,
            c.RANK: lambda k, r: self.by_key[k].rank.value,
            c.RATING: lambda k, r: self.by_key[k].rating,
            c.CAT: lambda k, r: -self.category(k),
            c.CUSSW: lambda k, r: self.cuss(k, r, False),
            c.CUSSM: lambda k, r: self.cuss(k, r, True),
            c.SOSW: lambda k, r: self.sos(k, r, False),
            c.SOSWM1: lambda k, r: self.sos(k, r, False, 1),
            c.SOSWM2: lambda k, r: self.sos(k, r, False, 2),
            c.SOSM: lambda k, r: self.sos(k, r, True),
            c.SOSMM1: lambda k, r: self.sos(k, r, True, 1),
            c.SOSMM2: lambda k, r: self.sos(k, r, True, 2),
            c.SODOSW: lambda k, r: self.sodos(k, r, False),
            c.SODOSM: lambda k, r: self.sodos(k, r, True),
            c.SOSTS: self._sosts,
            c.SOSOSW: lambda k, r: self.sosos(k, r, False),
            c.SOSOSM: lambda k, r: self.sosos(k, r, True),
            c.EXT: lambda k, r: self.exploits(k, r, False),
            c.EXR: lambda k, r: self.exploits(k, r, True),
        }

    def _sosts(self, key: str, r: int) -> int:
        p = self.players[key]
        total = 0
        for g in self._games_to(key, r):
            if g is None:
                total += 2 * p.smms
            else:
                hd = 2 * g.handicap if g.white == key else -2 * g.handicap
                total += self.sts(g.opponent(key), r) + hd
        return total

"""OpenGotha's pairing report of a round's concerns, beside the cost report: the players
left unpaired, the rematches, the colour imbalances, the handicaps the ceiling cut, and the
games within a club or a country (what OpenGotha's "Games .. Pair" report lists for the
director to look at before publishing the round).

Colour balance counts even games only, as OpenGotha's colour rule does (GO.md c.6: games with
a handicap are ignored); a player is listed when, after the round, their Whites and Blacks
in even games differ by 2 or more. A handicap is listed when GO.md c.1-3 (before the clamp
of step 4) asks for more stones than the ceiling gives.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from ratinglist.model.go.tournament import GoGame
from ratinglist.model.report import PairingConcern
from ratinglist.pairing.go.costs import CostModel
from ratinglist.pairing.go.handicap import potential_handicap
from ratinglist.pairing.go.input import GothaRound
from ratinglist.tournament.game import rounds_words
from ratinglist.tournament.games.go.state import GoState

Namer = Callable[[str], str]
"""A player's name by OpenGotha key."""
UNCAPPED = 99
"""A ceiling no handicap reaches: the handicap the ranks ask for, before the clamp."""
IMBALANCE = 2
"""Whites minus Blacks in even games (either way) from which a player is listed."""


def go_concerns(
    s: GoState, number: int, rnd: GothaRound, model: CostModel
) -> tuple[PairingConcern, ...]:
    """The concerns of published round `number` (1-based); `rnd` and `model` are the round
    as its pairing saw it (`go_pairing_report`)."""
    state = s.rounds[number - 1]
    numbers = s.numbers()

    def name(key: str) -> str:
        return s.name(numbers[key])

    games = sorted(state.games, key=lambda g: g.table)
    out: list[PairingConcern] = []
    seated = {k for g in games for k in (g.white, g.black)} | set(state.byes)
    for p in s.players:
        withdrawn = s.withdrawn_from(numbers[p.key])
        gone = withdrawn is not None and withdrawn <= number
        if p.plays(number - 1) and not gone and p.key not in seated:
            out.append(PairingConcern("unpaired", None, f"{name(p.key)} is not paired"))
    for g in games:
        met = [
            r.number
            for r in s.rounds[: number - 1]
            if any({x.white, x.black} == {g.white, g.black} for x in r.games)
        ]
        if met:
            words = rounds_words(met).lower()
            out.append(
                PairingConcern(
                    "rematch",
                    g.table,
                    f"table {g.table}: {name(g.white)} and {name(g.black)} already played "
                    f"each other ({words})",
                )
            )
    out += _colours(s, number, name)
    out += _handicaps(games, rnd, model, name)
    for kind, field, what in (("club", "club", "club"), ("country", "country", "country")):
        for g in games:
            a, b = s.player(numbers[g.white]), s.player(numbers[g.black])
            value = getattr(a, field).strip()
            if value and value.upper() == getattr(b, field).strip().upper():
                out.append(
                    PairingConcern(
                        kind,
                        g.table,
                        f"table {g.table}: {name(g.white)} and {name(g.black)} are of the "
                        f"same {what} ({value})",
                    )
                )
    return tuple(out)


def _colours(s: GoState, number: int, name: Namer) -> list[PairingConcern]:
    balance: dict[str, list[int]] = {}
    for r in s.rounds[:number]:
        for g in r.games:
            if g.handicap == 0:
                balance.setdefault(g.white, [0, 0])[0] += 1
                balance.setdefault(g.black, [0, 0])[1] += 1
    out = []
    playing = {k for g in s.rounds[number - 1].games for k in (g.white, g.black)}
    for key, (white, black) in balance.items():
        if key in playing and abs(white - black) >= IMBALANCE:
            out.append(
                PairingConcern(
                    "colour",
                    None,
                    f"{name(key)}: White {white}, Black {black} in even games after round {number}",
                )
            )
    return out


def _handicaps(
    games: list[GoGame], rnd: GothaRound, model: CostModel, name: Namer
) -> list[PairingConcern]:
    ceiling = rnd.handicap.ceiling
    given = [g for g in games if g.white in model.index and g.black in model.index]
    if not given:
        return []
    uncapped = replace(rnd, handicap=replace(rnd.handicap, ceiling=UNCAPPED))
    i = np.array([model.index[g.white] for g in given], dtype=np.int64)
    j = np.array([model.index[g.black] for g in given], dtype=np.int64)
    asked = np.abs(potential_handicap(uncapped, model.rank, model.mms, i, j)).tolist()
    out = []
    for g, wanted in zip(given, asked, strict=True):
        if wanted > ceiling and g.handicap <= ceiling:
            out.append(
                PairingConcern(
                    "handicap",
                    g.table,
                    f"table {g.table}: {name(g.white)} and {name(g.black)} play with "
                    f"handicap {g.handicap}; their ranks ask for {wanted} (ceiling {ceiling})",
                )
            )
    return out

"""The pairing report of a published Go round: OpenGotha's cost parts of each pair as the
pairing of that round saw them (`pairing.go.costs.CostModel`, the same model that paired
it), and for each player the next-best other opponents (`pairing.report`). OpenGotha pairs
by maximum weight: the higher a pair's total, the better."""

from __future__ import annotations

import numpy as np

from ratinglist.errors import N_, TournamentInputError
from ratinglist.model.report import PairingReport, PlayerOptions, ReportOption, ReportPair
from ratinglist.pairing.go.costs import PART_NAMES, CostModel
from ratinglist.pairing.report import ALTERNATIVES, best_options
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.go.concerns import go_concerns
from ratinglist.tournament.games.go.director import go_person
from ratinglist.tournament.games.go.pairing import gotha_round
from ratinglist.tournament.games.go.state import go_play


def go_pairing_report(d: FoldedTournament, number: int, keep: int = ALTERNATIVES) -> PairingReport:
    """The report of published round `number` (cost parts as `explain` gives them).

    Raises:
        TournamentError: round `number` is not published.
    """
    s = go_play(d)
    if not 1 <= number <= s.paired:
        raise TournamentInputError(
            N_("expected a paired round (1-%(paired)s), got %(number)s"),
            paired=s.paired,
            number=number,
        )
    state = s.rounds[number - 1]
    rnd = gotha_round(s.tournament(), number - 1, bye=state.byes[0] if state.byes else None)
    model = CostModel(rnd)
    keys = model.pairable()
    at = {key: k for k, key in enumerate(keys)}
    i, j = model.all_pairs(keys)
    found = model.parts(i, j)
    where = np.full(len(rnd.players), -1, dtype=np.int64)
    for name_key, k in at.items():
        where[model.index[name_key]] = k
    x, y = where[i], where[j]
    low, high = np.minimum(x, y).tolist(), np.maximum(x, y).tolist()
    column = {pair: c for c, pair in enumerate(zip(low, high, strict=True))}
    totals = dict(zip(column, found.total.tolist(), strict=True))

    def parts_of(a: int, b: int) -> tuple[tuple[str, int], ...]:
        c = column[min(a, b), max(a, b)]
        return tuple((name, int(found.parts[n, c])) for n, name in enumerate(PART_NAMES))

    numbers = s.numbers()
    partner: list[int | None] = [None] * len(keys)
    forced = {frozenset((f.black, f.white)) for f in s.forced if f.round == number}
    pairs = []
    for g in sorted(state.games, key=lambda g: g.table):
        if g.white not in at or g.black not in at:
            continue
        w, b = at[g.white], at[g.black]
        partner[w], partner[b] = b, w
        pair = (min(w, b), max(w, b))
        pairs.append(
            ReportPair(
                g.table,
                go_person(s, numbers[g.white]),
                go_person(s, numbers[g.black]),
                parts_of(w, b),
                totals[pair],
                frozenset((numbers[g.white], numbers[g.black])) in forced,
            )
        )
    options = best_options(len(keys), totals, partner, higher_is_better=True, keep=keep)
    people = [go_person(s, numbers[k]) for k in keys]
    players = []
    for k, found_options in enumerate(options):
        mate = partner[k]
        chosen = None if mate is None else totals[min(k, mate), max(k, mate)]
        players.append(
            PlayerOptions(
                people[k],
                None if mate is None else people[mate],
                chosen,
                tuple(
                    ReportOption(
                        people[o.opponent],
                        parts_of(k, o.opponent),
                        o.total,
                        o.difference,
                    )
                    for o in found_options
                ),
            )
        )
    return PairingReport(
        tournament=d.settings.name,
        number=number,
        game=d.settings.game,
        preset="opengotha",
        better="higher",
        columns=("White", "Black"),
        part_names=PART_NAMES,
        pairs=tuple(pairs),
        players=tuple(sorted(players, key=lambda p: p.player.name)),
        byes=tuple(go_person(s, numbers[k]) for k in state.byes),
        total=int(np.sum([p.total for p in pairs], dtype=np.int64)),
        concerns=go_concerns(s, number, rnd, model),
    )

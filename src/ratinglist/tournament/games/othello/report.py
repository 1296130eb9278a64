"""The pairing report of a published Othello Swiss round: each pair's cost by criterion as
the Swiss engine weighs it (`pairing.costs.edge_costs`, the least-cost matching that paired
the round), and for each player the next-best other opponents (`pairing.report`).

A chosen pair is costed with the colours published (as `explain` does); another opponent
in the cheaper orientation, the one the engine would give that pair. Pairs the director
forbade are no alternative. Round robin rounds have no costs (Berger tables)."""

from __future__ import annotations

import numpy as np

from ratinglist.model import PlayerId
from ratinglist.model.directed import Person
from ratinglist.model.report import PairingReport, PlayerOptions, ReportOption, ReportPair
from ratinglist.pairing import Preset
from ratinglist.pairing.costs import build_field, edge_costs
from ratinglist.pairing.report import ALTERNATIVES, best_options
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.planning import explain_round, preset_of, swiss_request
from ratinglist.tournament.games.othello.play import othello
from ratinglist.tournament.games.othello.tables import board_order


def othello_pairing_report(
    d: FoldedTournament, number: int, keep: int = ALTERNATIVES
) -> PairingReport:
    """The report of published Swiss round `number`.

    Raises:
        TournamentError: round `number` is not a published Swiss round.
    """
    o = othello(d)
    explained = explain_round(d, number)  # raises for a round robin or unpaired round
    request = swiss_request(d, number)
    preset = preset_of(d)
    players = request.players
    with_bye = preset is Preset.PAPP and len(players) % 2 == 1
    field = build_field(players, request, with_bye)
    n = len(players)
    a, b = np.triu_indices(n, k=1)
    costs, totals_list = edge_costs(field, preset, a.astype(np.int64), b.astype(np.int64))
    names = tuple(costs.parts)
    totals: dict[tuple[int, int], int] = {}
    parts: dict[tuple[int, int], tuple[tuple[str, int], ...]] = {}
    for c, (x, y) in enumerate(zip(a.tolist(), b.tolist(), strict=True)):
        if bool(costs.forbidden[c]):
            continue
        totals[x, y] = int(totals_list[c])
        parts[x, y] = tuple((name, int(costs.parts[name][c])) for name in names)
    index = {p.id: k for k, p in enumerate(players)}
    partner: list[int | None] = [None] * n
    chosen: dict[frozenset[PlayerId], tuple[int, tuple[tuple[str, int], ...], bool]] = {}
    for p in explained.pairs:
        if p.white is None:
            continue
        x, y = index[p.black], index[p.white]
        partner[x], partner[y] = y, x
        key = (min(x, y), max(x, y))
        # the pair as published (its colours): what the round chose
        totals[key] = int(p.cost)
        parts[key] = tuple((name, int(v)) for name, v in p.parts)
        chosen[frozenset((p.black, p.white))] = (int(p.cost), parts[key], p.forced)

    def person(pid: PlayerId) -> Person:
        return Person(pid, o.state.entrant(pid).name)

    pairs = []
    for table, g in enumerate(board_order(d, number), start=1):
        cost, found, forced = chosen[frozenset((g.black, g.white))]
        pairs.append(ReportPair(table, person(g.black), person(g.white), found, cost, forced))
    options = best_options(n, totals, partner, higher_is_better=False, keep=keep)
    people = [person(p.id) for p in players]
    lines = []
    for k, found_options in enumerate(options):
        mate = partner[k]
        lines.append(
            PlayerOptions(
                people[k],
                None if mate is None else people[mate],
                None if mate is None else totals[min(k, mate), max(k, mate)],
                tuple(
                    ReportOption(
                        people[x.opponent],
                        parts[min(k, x.opponent), max(k, x.opponent)],
                        x.total,
                        x.difference,
                    )
                    for x in found_options
                ),
            )
        )
    r = o.state.rounds[number - 1]
    return PairingReport(
        tournament=d.settings.name,
        number=number,
        game=d.settings.game,
        preset=preset.value,
        better="lower",
        columns=("Black", "White"),
        part_names=names,
        pairs=tuple(pairs),
        players=tuple(sorted(lines, key=lambda p: p.player.name)),
        byes=tuple(person(pid) for pid in r.byes),
        total=int(explained.total),
    )

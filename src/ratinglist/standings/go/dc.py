"""Direct confrontation (DC) and simplified direct confrontation (SDC) inside a tie group.

GO.md section e: among players tied on every criterion before DC/SDC, count normal wins
(not by default, not jigo) between them up to round r, the net result of each pair clipped to
+-1. SDC, only when every pair of the group has a non-zero net result: the number of peers
beaten, else 0. DC: the "winner above loser" graph with its cycles collapsed into one node;
repeatedly the sink with the least standing on the criteria after DC goes last; DC is the
number of places from the bottom.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ratinglist.model.go.tournament import Outcome
from ratinglist.standings.go.scores import GoScores

if TYPE_CHECKING:
    import networkx as nx


def net_results(scores: GoScores, r: int, members: list[str]) -> dict[tuple[str, str], int]:
    """Net normal wins of a over b (clipped to +-1) for every ordered pair of members."""
    inside = set(members)
    net: dict[tuple[str, str], int] = {}
    for k in members:
        for g in scores.players[k].games[: r + 1]:
            if g is None or g.result.by_default or g.white != k:
                continue
            opp = g.black
            if opp not in inside or g.result.outcome not in (
                Outcome.WHITE_WINS,
                Outcome.BLACK_WINS,
            ):
                continue
            d = 1 if g.result.outcome is Outcome.WHITE_WINS else -1
            net[(k, opp)] = net.get((k, opp), 0) + d
            net[(opp, k)] = net.get((opp, k), 0) - d
    return {pair: max(-1, min(1, v)) for pair, v in net.items()}


def direct_confrontation(
    scores: GoScores,
    r: int,
    members: list[str],
    after: Mapping[str, tuple[int, ...]],
    simplified: bool,
) -> dict[str, int]:
    """DC (or SDC with `simplified`) of each member of a tie group."""
    if len(members) < 2:
        return dict.fromkeys(members, 0)
    net = net_results(scores, r, members)
    if simplified:
        complete = all(net.get((a, b), 0) != 0 for a in members for b in members if a != b)
        if not complete:
            return dict.fromkeys(members, 0)
        return {a: sum(1 for b in members if net.get((a, b), 0) > 0) for a in members}
    import networkx as nx  # imported when first needed: the site starts sooner without it

    graph: nx.DiGraph[str] = nx.DiGraph()
    graph.add_nodes_from(members)
    graph.add_edges_from(pair for pair, v in net.items() if v > 0)
    condensed = nx.condensation(graph)
    standing = {node: max(after[k] for k in condensed.nodes[node]["members"]) for node in condensed}
    order: list[int] = []
    remaining = set(condensed.nodes)
    while remaining:
        sinks = [n for n in remaining if not any(s in remaining for s in condensed.successors(n))]
        last = min(sinks, key=lambda n: standing[n])
        order.append(last)
        remaining.remove(last)
    # order: bottom first; DC = places from the bottom
    return {k: place for place, node in enumerate(order) for k in condensed.nodes[node]["members"]}

"""The replay on several cores: the systems asked split into `config.workers` groups of whole
systems, each group replayed month by month in its own worker process (`replay_systems`),
what each returns joined into one `Replayed`, the same as one process would give.

A system never splits: a fitted system's candidates, the mates they keep running and their
yearly-refit options are chosen among in one process (`search.choose`, `search.refit`), and
`whr`, `whr-fitted` and `whr-bayes` read the same WHR replays, so they stay together
(`TOGETHER`). The groups are balanced by each system's measured cost (`COSTS`).

The workers come from multiprocessing's "forkserver": one fresh process (nothing of the
calling process, its threads or its open database, is inherited, which "fork" would do)
imports this module once, and each worker is forked from it, so a worker does not pay the
package's imports again (about 1.5 s of CPU each with "spawn"). A worker receives the games
and the configuration (plain arrays and frozen dataclasses, pickled) and returns plain
arrays and dataclasses. A worker whose parent is gone stops (`stop_with`): the fork server
ends when the calling process does, and its workers follow.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from multiprocessing.context import BaseContext

from ratinglist.errors import RatingError
from ratinglist.processes import running
from ratinglist.rating import registry
from ratinglist.rating.evaluation.config import EvaluationConfig
from ratinglist.rating.evaluation.lists import ListFacts
from ratinglist.rating.evaluation.replay import Replayed, replay_systems
from ratinglist.rating.games import GameArrays

COSTS: dict[str, float] = {s.name: s.cost for s in registry.REGISTRY}
"""Each system's seconds in the replay of the real archive (`rating.registry`); only the
ratios matter: they balance the groups."""

TOGETHER = registry.TOGETHER
"""Systems replayed in the same process: `whr-fitted` and `whr-bayes` read the same WHR
replays (one per w^2), and `whr` the published w^2's (`search.shared_whr`)."""

USEFUL_WORKERS = 3
"""The most workers the default asks: by `COSTS` the costliest system that cannot split
(`wof-map`, 411 s) takes as long as all the other default systems together (395 s), so two
workers already replay them in about its time; with `whr-map` (397 s) asked too, a third
worker takes it and the wall time stays wof-map's; a fourth only adds a process (its imports,
its copy of the games)."""


def default_workers() -> int:
    """The workers an evaluation run from the command line asks by default: the CPUs this
    process may run on (its affinity), at most `USEFUL_WORKERS`."""
    affinity = getattr(os, "sched_getaffinity", None)
    cpus = len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    return max(1, min(cpus, USEFUL_WORKERS))


def partition(systems: tuple[str, ...], workers: int) -> tuple[tuple[str, ...], ...]:
    """`systems` split into at most `workers` groups of whole systems (`TOGETHER` kept
    together), balanced by `COSTS`: the costliest first, each into the group with the least
    cost so far (ties: the earlier). Each group keeps the order of `systems`; no group is
    empty."""
    units: list[tuple[str, ...]] = []
    for name in systems:
        together = next((t for t in TOGETHER if name in t), (name,))
        unit = tuple(s for s in systems if s in together)
        if unit not in units:
            units.append(unit)
    loads = [0.0] * max(1, workers)
    members: list[set[str]] = [set() for _ in loads]
    for unit in sorted(units, key=lambda u: -sum(COSTS[s] for s in u)):
        group = loads.index(min(loads))
        loads[group] += sum(COSTS[s] for s in unit)
        members[group].update(unit)
    return tuple(tuple(s for s in systems if s in m) for m in members if m)


def replay_apart(games: GameArrays, config: EvaluationConfig) -> Replayed:
    """Replay `games` for the systems of `config`, split over `config.workers` worker
    processes (`partition`); one group: in this process. The same values as
    `replay_systems(games, config)`, but the seconds (each worker's own).

    Raises:
        RatingError: what a worker raised, or a worker that stopped (killed, out of memory).
    """
    groups = partition(config.systems, config.workers)
    if len(groups) == 1:
        return replay_systems(games, config)
    configs = [replace(config, systems=group, workers=1) for group in groups]
    try:
        with worker_pool(len(groups)) as pool:
            parts = list(pool.map(replay_systems, [games] * len(groups), configs))
    except BrokenProcessPool as exc:
        raise RatingError(
            f"expected {len(groups)} worker processes to replay the systems, one stopped "
            f"({exc}); try one worker"
        ) from exc
    return join(parts)


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` processes forked from the fork server (started at the first call,
    with this module imported; spawned where there is no fork server), each stopping once
    this process has ended (`stop_with`)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():  # Windows
        context: BaseContext = multiprocessing.get_context("spawn")
    else:
        server = multiprocessing.get_context("forkserver")
        server.set_forkserver_preload([__name__])
        context = server
    return ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=stop_with, initargs=(os.getpid(),)
    )


def stop_with(parent: int) -> None:
    """In a worker, first thing: end this process as soon as process `parent` (the one that
    asked for the workers) has ended, so an evaluation killed leaves no replay running for
    minutes (a daemon thread looks once a second). A worker's own parent is the fork server,
    which lives as long as its workers do, so the asking process is watched by its id."""

    def watch() -> None:
        while running(parent):
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def join(parts: list[Replayed]) -> Replayed:
    """The replays of disjoint groups of systems as one: their runs, choices, lists and
    strength bands together, the per-game facts of the first (every replay counts the same
    games)."""
    lists: dict[str, list[ListFacts]] = {}
    for part in parts:
        lists |= part.facts.lists
    strength = {k: v for part in parts for k, v in part.facts.strength.items()}
    gaps = {k: v for part in parts for k, v in part.facts.gaps.items()}
    return Replayed(
        outputs={k: v for part in parts for k, v in part.outputs.items()},
        seconds={k: v for part in parts for k, v in part.seconds.items()},
        chosen={k: v for part in parts for k, v in part.chosen.items()},
        facts=replace(parts[0].facts, lists=lists, strength=strength, gaps=gaps),
    )

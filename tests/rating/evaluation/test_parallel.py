"""The evaluation's systems replayed in worker processes (issue 23: the evaluation on two
cores): the report is the same, value for value, whatever the number of workers."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from ratinglist.errors import RatingError
from ratinglist.rating import GameArrays
from ratinglist.rating.evaluation import (
    DEFAULT_SYSTEMS,
    SYSTEM_NAMES,
    EvaluationConfig,
    evaluate,
    parallel,
)
from ratinglist.rating.evaluation.config import month_start
from ratinglist.rating.evaluation.parallel import (
    COSTS,
    TOGETHER,
    USEFUL_WORKERS,
    default_workers,
    partition,
    replay_apart,
)
from ratinglist.rating.evaluation.replay import replay_systems
from ratinglist.rating.games import month_index
from tests.waiting import HANG_S, wait_for

FIRST = month_index(dt.date(2019, 1, 1))
SYSTEMS = (
    "wof",
    "elo",
    "elo-fitted",
    "glicko2-fitted",
    "whr",
    "whr-fitted",
    "egf-fitted",
    "wof-map",
    "whr-bayes",
    "constant",
)
"""The WOF list (and its variants, fitted in the harness), the shared WHR replays and the two
searches reading them (whr-fitted, whr-bayes), wof-map's replays kept running for the yearly
refit, Elo's search, and `constant` (no list of its own: its strength bands come from the
WOF list, in another worker when there are four)."""


def archive(seed: int = 7, months: int = 48) -> tuple[GameArrays, np.ndarray, dict[int, str]]:
    """Four years of games (the first before the fit period): 20 players at first, three
    newcomers a month, each month a few tournaments where the stronger usually win; Black
    known in most games; three pools."""
    rng = np.random.default_rng(seed)
    strength = list(rng.normal(0, 200, 20))
    rows: list[tuple[int, int, float, int, int, int]] = []
    for m in range(months):
        strength.extend(rng.normal(-150, 150, 3))
        for event in range(3):
            field = rng.choice(len(strength), 8, replace=False)
            day = month_start(FIRST + m) + dt.timedelta(days=7 * event + 1)
            for a, b in zip(field[::2].tolist(), field[1::2].tolist(), strict=True):
                p = 1 / (1 + 10 ** (-(strength[a] - strength[b]) / 400))
                score = float(rng.choice([1.0, 0.5, 0.0], p=[p * 0.95, 0.05, (1 - p) * 0.95]))
                colour = int(rng.choice([1, -1, 0], p=[0.45, 0.45, 0.1]))
                rows.append((a + 1, b + 1, score, day.toordinal(), 10 * m + event, colour))
    first, second, score, day, tournament, colour = zip(*rows, strict=True)
    games = GameArrays.from_arrays(first, second, score, day, tournament)
    pools = {pid: ("Japan", "Europe", "others")[pid % 3] for pid in range(1, len(strength) + 1)}
    return games, np.asarray(colour, dtype=np.int8), pools


def config(workers: int = 1) -> EvaluationConfig:
    return EvaluationConfig(
        start=FIRST + 24,
        end=FIRST + 47,
        fit_months=12,
        systems=SYSTEMS,
        refit_years=1,
        elo_k_scales=(0.7, 1.4),
        entry_offsets=(-200.0, 0.0),
        glicko2_deviations=(350.0,),
        glicko2_taus=(0.3, 0.6),
        egf_con_divisors=(140.0,),
        whr_w2s=(100.0, 300.0),
        wofmap_deviations=(200.0,),
        wofmap_half_lives=(24.0,),
        wofmap_entry_offsets=(-200.0, 0.0),
        whrbayes_entry_deviations=(350.0, 750.0),
        whrbayes_variance_scales=(1.0, 3.0),
        workers=workers,
    )


def assert_same(mine: object, theirs: object, where: str = "report") -> None:
    """Every value equal, bit for bit (NaN equal to NaN), but the seconds."""
    if dataclasses.is_dataclass(mine) and not isinstance(mine, type):
        assert type(mine) is type(theirs), where
        for f in dataclasses.fields(mine):
            if f.name != "seconds":
                assert_same(getattr(mine, f.name), getattr(theirs, f.name), f"{where}.{f.name}")
    elif isinstance(mine, dict):
        assert isinstance(theirs, dict) and set(mine) == set(theirs), where
        for key in mine:
            assert_same(mine[key], theirs[key], f"{where}[{key!r}]")
    elif isinstance(mine, tuple | list):
        assert isinstance(theirs, type(mine)) and len(mine) == len(theirs), where
        for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            assert_same(a, b, f"{where}[{i}]")
    elif isinstance(mine, np.ndarray):
        assert isinstance(theirs, np.ndarray) and mine.dtype == theirs.dtype, where
        np.testing.assert_array_equal(mine, theirs, err_msg=where, strict=True)
    elif isinstance(mine, float) and math.isnan(mine):
        assert isinstance(theirs, float) and math.isnan(theirs), where
    else:
        assert mine == theirs, f"{where}: {mine!r} != {theirs!r}"


@pytest.mark.parametrize("workers", [2, 4])
def test_the_report_is_the_same_whatever_the_workers(workers: int) -> None:
    groups = partition(SYSTEMS, workers)
    assert len(groups) == workers
    if workers == 4:
        assert not any({"wof", "constant"} <= set(g) for g in groups)
    games, colour, pools = archive()
    serial = evaluate(games, config(), colour, pools)
    apart = evaluate(games, config(workers), colour, pools)
    assert [s.system for s in apart.systems] == list(SYSTEMS)
    assert [v.system for v in apart.variants] == ["wof-colour", "wof-colour-draw"]
    assert_same(serial, apart)
    # The comparison is not empty: the yearly refit ran, lists and paired intervals exist.
    by_name = {s.system: s for s in apart.systems}
    assert {"entry_2021", "entry_2022"} <= dict(by_name["wof-map"].fitted).keys()
    assert {"variance_scale", "entry_deviation_2022"} <= dict(by_name["whr-bayes"].fitted).keys()
    assert by_name["whr"].stability and by_name["wof"].drift
    assert dict(by_name["constant"].paired)["overall"].games == apart.games > 0
    # Each system's time is its own worker's (whr-bayes's is in the WHR replays it reads).
    assert all(s.seconds > 0 for s in apart.systems if s.system not in ("constant", "whr-bayes"))


def test_the_workers_return_what_one_process_replays() -> None:
    # Below the report: every run's predictions, the choices, the per-game facts, the lists.
    games, _, _ = archive(seed=11, months=30)
    one = replace(config(), end=FIRST + 29)
    serial = replay_systems(games, one)
    apart = replay_apart(games, replace(one, workers=2))
    assert set(apart.outputs) == set(SYSTEMS)
    assert_same(serial, apart, "replayed")


def test_the_groups_are_whole_systems_balanced_by_cost() -> None:
    # The default systems on two workers, by hand from COSTS (costliest first, each into the
    # lighter group): wof-map 411 -> A, whr + whr-fitted + whr-bayes 296 -> B, then wof 66,
    # whr-incremental 16 and the rest (17 in all) each -> B, lighter to the end (395).
    a, b = partition(DEFAULT_SYSTEMS, 2)
    assert a == ("wof-map",)
    assert b == tuple(s for s in DEFAULT_SYSTEMS if s != "wof-map")
    # With whr-map on three workers: wof-map 411 -> A, whr-map 397 -> B, the three WHRs 296
    # -> C, then wof 66, whr-incremental 16 and each of the rest -> C, which ends at 395,
    # still the lightest.
    a, b, c = partition((*DEFAULT_SYSTEMS, "whr-map"), 3)
    assert (a, b) == (("wof-map",), ("whr-map",))
    assert c == tuple(s for s in DEFAULT_SYSTEMS if s != "wof-map")
    # On two: whr-map -> B, the WHRs -> B (397 < 411), wof and the rest -> A.
    a, b = partition((*DEFAULT_SYSTEMS, "whr-map"), 2)
    assert b == ("whr", "whr-fitted", "whr-bayes", "whr-map")
    assert set(COSTS) == set(SYSTEM_NAMES)
    costliest = max(sum(COSTS[s] for s in TOGETHER[0]), *COSTS.values())
    for workers in range(1, len(SYSTEM_NAMES) + 2):
        groups = partition(SYSTEM_NAMES, workers)
        assert 1 <= len(groups) <= workers
        assert sorted(s for g in groups for s in g) == sorted(SYSTEM_NAMES)
        for together in TOGETHER:
            assert any(set(together) <= set(g) for g in groups)
        # The greedy split is within the costliest unit of an even share.
        loads = [sum(COSTS[s] for s in g) for g in groups]
        assert max(loads) <= sum(loads) / workers + costliest
    assert partition(("elo", "whr"), 4) == (("whr",), ("elo",))


def test_one_group_replays_in_this_process_and_workers_must_be_positive(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games, _, _ = archive(seed=3, months=27)
    small = replace(config(), systems=("whr", "whr-fitted", "whr-bayes"), end=FIRST + 26)
    assert partition(small.systems, 2) == (("whr", "whr-fitted", "whr-bayes"),)

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("one group needs no worker process")

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", no_pool)
    assert_same(replay_systems(games, small), replay_apart(games, replace(small, workers=2)))
    with pytest.raises(RatingError, match="expected workers >= 1, got 0"):
        replace(small, workers=0)
    assert 1 <= default_workers() <= USEFUL_WORKERS


def die(games: GameArrays, config: EvaluationConfig) -> None:
    """A worker that stops without an answer (as one killed or out of memory)."""
    os._exit(3)


def test_a_worker_that_stops_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    games, _, _ = archive(seed=5, months=26)
    monkeypatch.setattr(parallel, "replay_systems", die)
    with pytest.raises(RatingError, match="expected 2 worker processes to replay the systems"):
        replay_apart(games, replace(config(), end=FIRST + 25, workers=2))


def test_a_worker_stops_when_its_parent_is_gone() -> None:
    # The watcher is told to watch a process that has ended: it ends this process (exit 1,
    # quietly) within about a second, before the 600 s sleep ends (exit 0). The exit code is
    # the signal: no time limit a loaded machine could pass.
    finished = subprocess.Popen([sys.executable, "-c", "pass"])
    assert finished.wait(timeout=HANG_S) == 0
    code = (
        "import time\n"
        "from ratinglist.rating.evaluation.parallel import stop_with\n"
        f"stop_with({finished.pid})\n"
        "time.sleep(600)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], timeout=HANG_S, check=False, capture_output=True, text=True
    )
    assert (done.returncode, done.stderr) == (1, "")


def gone(pid: int) -> bool:
    """Whether process `pid` has ended (a zombie nobody reaped has ended too)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_the_workers_end_when_the_process_that_asked_them_is_killed(tmp_path: Path) -> None:
    # A process starts a pool as `replay_apart` does, learns its worker's pid and the fork
    # server's, and is killed (SIGKILL: no clean-up of its own); both follow it. Its output
    # goes to files: the worker and the fork server would hold a pipe open (and the resource
    # tracker it leaves may warn on stderr).
    code = (
        "import os, signal\n"
        "from ratinglist.rating.evaluation.parallel import worker_pool\n"
        "pool = worker_pool(1)\n"
        "worker = pool.submit(os.getpid).result()\n"
        "server = int(open(f'/proc/{worker}/stat').read().rsplit(')', 1)[1].split()[1])\n"
        "print(worker, server, flush=True)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    with out.open("w") as sink, err.open("w") as errors:
        caller = subprocess.Popen([sys.executable, "-c", code], stdout=sink, stderr=errors)
        assert caller.wait(timeout=HANG_S) == -9, err.read_text()
    worker, server = (int(x) for x in out.read_text().split())
    assert caller.pid not in (worker, server) and worker != server
    wait_for(lambda: gone(worker), "the worker to end once its caller is killed")
    wait_for(lambda: gone(server), "the fork server to end with its last worker")

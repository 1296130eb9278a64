"""Every benchmark script runs: ``python benchmarks/X.py --smoke`` (``--smoke --json`` where
the script prints JSON) exits 0 on its tiny input, so that none can rot unseen.

Scripts are found by glob (a file with a ``__main__`` block), so a new one is covered
without a change here; the others are helper modules the scripts import. A script that
reads the real data (it names ``RATINGLIST_REAL_DATA`` or a `benchmarks/smoke.py` helper that
finds it) gets ``RATINGLIST_REAL_DATA`` from the `real_data` fixture: under ``CI`` a missing
folder fails the test.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.rating.test_fidelity_realdata import load_benchmark
from tests.waiting import HANG_S

BENCHMARKS = REPO / "benchmarks"
FILES = sorted(BENCHMARKS.glob("*.py"))
SCRIPTS = [p for p in FILES if 'if __name__ == "__main__":' in p.read_text(encoding="utf-8")]
HELPERS = [p for p in FILES if p not in SCRIPTS]
SMOKE_TIMEOUT_S = HANG_S  # only a hang reaches it: a loaded machine is slower, not red
READS_REAL_DATA = re.compile(
    r"RATINGLIST_REAL_DATA|\b(real_data_dir|wof_results|smoke_archive|smoke_database)\b"
)


def smoke(script: Path, *extra: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``python SCRIPT --smoke EXTRA`` from the repository, as a person would run it."""
    return subprocess.run(
        [sys.executable, str(script), "--smoke", *extra],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=SMOKE_TIMEOUT_S,
        check=False,
    )


def test_scripts_and_helpers_are_found() -> None:
    assert {"td_load", "wof_fidelity", "history"} <= {p.stem for p in SCRIPTS}
    assert {"synthetic", "smoke"} <= {p.stem for p in HELPERS}


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_benchmark_smoke_run(script: Path, request: pytest.FixtureRequest) -> None:
    text = script.read_text(encoding="utf-8")
    env = dict(os.environ)
    if READS_REAL_DATA.search(text):
        env["RATINGLIST_REAL_DATA"] = str(request.getfixturevalue("real_data"))
    # One run a script (make test's time): with --json where the script has it, since that
    # is the output other tools read; else its table.
    json_too = '"--json"' in text
    done = smoke(script, *(("--json",) if json_too else ()), env=env)
    assert done.returncode == 0, f"{script.name} --smoke:\n{done.stdout}\n{done.stderr}"
    assert done.stdout.strip(), f"{script.name} --smoke printed nothing"
    if json_too:
        assert isinstance(json.loads(done.stdout), dict | list)


@pytest.mark.parametrize("helper", HELPERS, ids=[p.stem for p in HELPERS])
def test_benchmark_helper_imports(helper: Path) -> None:
    name = f"benchmark_{helper.stem}"
    spec = importlib.util.spec_from_file_location(name, helper)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while it loads
    sys.path.insert(0, str(helper.parent))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(helper.parent))
        sys.modules.pop(name, None)


def test_fidelity_ties_go_to_the_fewest_rules() -> None:
    # docs/decisions.md, "ties of the leave-one-out go to the fewest rules": the newcomer
    # rule alone is one rule; with the Japanese lag two; with the order rule three.
    module = load_benchmark()
    rules = module.RULES
    counts = {n: rules[n].count() for n in ("members-japan-lag-0", "members", "members-in-order")}
    assert counts == {"members-japan-lag-0": 1, "members": 2, "members-in-order": 3}
    assert rules["japan-lag-0"].count() == 0
    assert module.IN_SAMPLE.count() == 2  # the Japanese lag and the overrides

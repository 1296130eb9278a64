"""Every benchmark script runs: ``python benchmarks/X.py --smoke`` (``--smoke --json`` where
the script prints JSON) exits 0 on its tiny input, so that none can rot unseen.

Scripts are found by glob (a file with a ``__main__`` block), so a new one is covered
without a change here; the others are helper modules the scripts import. A script that
reads the real data (it names ``RATINGLIST_REAL_DATA`` or a `benchmarks/smoke.py` helper that
finds it) gets ``RATINGLIST_REAL_DATA`` from the `real_data` fixture: under ``CI`` a missing
folder fails the test.

Each smoke run calls the script's ``main(argv) -> int`` in the test's own process (a fresh
interpreter importing the app cost about 2 s of CPU a script); every ``__main__`` block is
``sys.exit(main(...))``, and one script still runs as its own process, as a person runs it.
The scripts that measure a whole process (``serve_start``, ``startup``, ...) start that
process themselves.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
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


MAIN_BLOCK = re.compile(
    r'^if __name__ == "__main__":\n    sys\.exit\(main\((sys\.argv\[1:\])?\)\)\n\Z', re.MULTILINE
)
"""The end of every script: its ``main`` decides the exit code."""
AS_A_PROCESS = "pairing"
"""The script that also runs as its own process (synthetic input, no real data: cheap)."""


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


def script_main(script: Path) -> Callable[[list[str]], int | None]:
    """The ``main`` of `script`, loaded as a module the way ``python SCRIPT`` finds its
    siblings (the benchmarks folder first on ``sys.path``)."""
    name = f"benchmark_{script.stem}"
    spec = importlib.util.spec_from_file_location(name, script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    found: Callable[[list[str]], int | None] = module.main
    return found


def test_scripts_and_helpers_are_found() -> None:
    assert {"td_load", "wof_fidelity", "history"} <= {p.stem for p in SCRIPTS}
    assert {"synthetic", "smoke"} <= {p.stem for p in HELPERS}
    assert AS_A_PROCESS in {p.stem for p in SCRIPTS}


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_every_script_exits_with_its_mains_code(script: Path) -> None:
    text = script.read_text(encoding="utf-8")
    assert MAIN_BLOCK.search(text), f"{script.name}: expected it to end with sys.exit(main())"
    assert re.search(r"^def main\(argv: list\[str\]( \| None = None)?\) -> int:", text, re.M), (
        f"{script.name}: expected def main(argv) -> int"
    )


def _smoke_argv(script: Path, request: pytest.FixtureRequest) -> tuple[list[str], dict[str, str]]:
    """The smoke run's arguments (with ``--json`` where the script has it, since that is the
    output other tools read) and its environment (the real data where it reads it)."""
    text = script.read_text(encoding="utf-8")
    env: dict[str, str] = {}
    if READS_REAL_DATA.search(text):
        env["RATINGLIST_REAL_DATA"] = str(request.getfixturevalue("real_data"))
    return ["--smoke", *(("--json",) if '"--json"' in text else ())], env


def _check_output(script: Path, argv: list[str], out: str) -> None:
    assert out.strip(), f"{script.name} --smoke printed nothing"
    if "--json" in argv:
        assert isinstance(json.loads(out), dict | list), out[:200]


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_benchmark_smoke_run(
    script: Path,
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    argv, env = _smoke_argv(script, request)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(REPO)
    monkeypatch.setattr(sys, "path", [str(BENCHMARKS), *sys.path])
    monkeypatch.setattr(sys, "argv", [str(script), *argv])
    siblings = set(sys.modules)
    try:
        main = script_main(script)
        try:
            code = main(argv)
        except SystemExit as stop:  # sys.exit("message") or argparse's error
            code = stop.code if isinstance(stop.code, int) else 1
            print(stop.code, file=sys.stderr)
    finally:
        for name in set(sys.modules) - siblings:
            if name.startswith("benchmark_") or (BENCHMARKS / f"{name}.py").exists():
                sys.modules.pop(name, None)
    out, err = capfd.readouterr()
    assert code in (0, None), f"{script.name} {' '.join(argv)} ended {code}:\n{out}\n{err}"
    _check_output(script, argv, out)


@pytest.mark.slow
def test_a_script_runs_as_its_own_process(request: pytest.FixtureRequest) -> None:
    script = BENCHMARKS / f"{AS_A_PROCESS}.py"
    argv, extra_env = _smoke_argv(script, request)
    done = smoke(script, *argv[1:], env={**os.environ, **extra_env})
    assert done.returncode == 0, f"{script.name} --smoke:\n{done.stdout}\n{done.stderr}"
    _check_output(script, argv, done.stdout)


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

"""Every benchmark script still imports against the package (they are not run by the tests,
so a renamed function would otherwise only show when someone times something)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.rating.test_fidelity_realdata import load_benchmark

SCRIPTS = sorted((REPO / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_benchmark_imports(script: Path) -> None:
    name = f"benchmark_{script.stem}"
    spec = importlib.util.spec_from_file_location(name, script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while it loads
    sys.path.insert(0, str(script.parent))
    try:
        spec.loader.exec_module(module)  # definitions only: each runs under __main__
    finally:
        sys.path.remove(str(script.parent))
        sys.modules.pop(name, None)
    if script.stem != "synthetic":  # a helper module the others import
        assert callable(getattr(module, "main", None)), f"{script.name} has no main()"


def test_fidelity_ties_go_to_the_fewest_rules() -> None:
    # docs/decisions.md, "ties of the leave-one-out go to the fewest rules": the newcomer
    # rule alone is one rule; with the Japanese lag two; with the order rule three.
    module = load_benchmark()
    rules = module.RULES
    counts = {n: rules[n].count() for n in ("members-japan-lag-0", "members", "members-in-order")}
    assert counts == {"members-japan-lag-0": 1, "members": 2, "members-in-order": 3}
    assert rules["japan-lag-0"].count() == 0
    assert module.IN_SAMPLE.count() == 2  # the Japanese lag and the overrides

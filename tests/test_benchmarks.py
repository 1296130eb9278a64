"""Every benchmark script still imports against the package (they are not run by the tests,
so a renamed function would otherwise only show when someone times something)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

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

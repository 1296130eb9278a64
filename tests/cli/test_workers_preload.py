"""`cli.workers.preload`: what the parent of `serve` loads before it forks its workers (the
application, its routes, uvicorn's protocols)."""

from __future__ import annotations

import gc
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.cli.serve import _protocol_modules
from ratinglist.cli.workers import preload


@pytest.fixture
def collector_restored() -> Iterator[None]:
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    if enabled:
        gc.enable()
    else:
        gc.disable()


CALLS: list[str] = []


def make_something() -> None:
    CALLS.append("made")


def test_a_module_is_imported_and_a_named_function_called(collector_restored: None) -> None:
    sys.modules.pop("json.tool", None)
    CALLS.clear()
    preload(["json.tool", f"{__name__}:make_something"])
    assert "json.tool" in sys.modules
    assert CALLS == ["made"]


def test_the_collector_is_on_again_and_the_loaded_objects_frozen(collector_restored: None) -> None:
    gc.enable()
    gc.unfreeze()
    preload(["json"])
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0


def test_a_name_that_does_not_exist_fails_and_leaves_the_collector_on(
    collector_restored: None,
) -> None:
    gc.enable()
    with pytest.raises(ModuleNotFoundError):
        preload(["ratinglist.no_such_module"])
    assert gc.isenabled()


def test_the_protocols_uvicorn_chooses_are_named_for_the_parent() -> None:
    def app() -> None:
        """Never called."""

    chosen = _protocol_modules(uvicorn.Config(app, http="h11", ws="none", lifespan="off"))
    assert chosen == ["uvicorn.protocols.http.h11_impl", "uvicorn.lifespan.off"]
    default = _protocol_modules(uvicorn.Config(app))
    assert len(default) == 3
    assert all(importlib.util.find_spec(name) is not None for name in default)


def test_a_refused_serve_leaves_the_collector_on(tmp_path: Path) -> None:
    gc.enable()
    missing = tmp_path / "none.db"
    result = CliRunner().invoke(app, ["serve", "--db", str(missing), "--port", "0"])
    assert result.exit_code == 1
    assert "expected an existing database file" in result.output
    assert gc.isenabled()

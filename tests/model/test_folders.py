"""Listing a layer's game folders and importing a folder's module by role."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ratinglist.model.folders import optional_module, subpackages


def test_a_missing_folder_or_module_is_none_and_a_failing_import_raises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "fake_games"
    (root / "alpha").mkdir(parents=True)
    (root / "beta").mkdir()
    (root / "__init__.py").write_text("")
    (root / "alpha" / "__init__.py").write_text("")
    (root / "alpha" / "forms.py").write_text("NEW = 1\n")
    (root / "beta" / "__init__.py").write_text("")
    (root / "beta" / "forms.py").write_text("import no_such_dependency_here\n")
    (root / "not_a_package.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "fake_games", raising=False)

    assert subpackages([str(root)]) == ("alpha", "beta")
    found = optional_module("fake_games.alpha.forms")
    assert found is not None and found.NEW == 1
    assert optional_module("fake_games.alpha.render") is None  # no such module
    assert optional_module("fake_games.gamma.forms") is None  # no such folder
    with pytest.raises(ModuleNotFoundError, match="no_such_dependency_here"):
        optional_module("fake_games.beta.forms")  # the folder's own import fails: a bug

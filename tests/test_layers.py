"""The layer order of the package, read from the import statements of every module.

`model` <- `formats`, `pairing`, `standings`, `rating`, `registry`, `archive` <- `tournament` <-
`store` (persistence only) <- `service` <- `cli`, `web`. Imports under
``if TYPE_CHECKING:`` count too: a layer names only what it may import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "ratinglist"

# What each top-level package may import from ratinglist (besides itself and `errors`).
ALLOWED: dict[str, set[str]] = {
    "model": set(),
    "formats": {"model"},
    "pairing": {"model"},
    "standings": {"model"},
    "rating": {"model"},
    "registry": {"model"},
    "archive": {"model", "formats"},
    "tournament": {"model", "formats", "pairing", "standings"},
    "store": {"model", "formats", "registry", "archive", "tournament"},
    "service": {
        "model",
        "formats",
        "pairing",
        "standings",
        "rating",
        "registry",
        "archive",
        "tournament",
        "store",
    },
    "cli": {"model", "service"},
    "web": {"model", "service"},
}

# Foreign libraries a layer must not import.
FORBIDDEN_FOREIGN: dict[str, set[str]] = {
    "cli": {"sqlalchemy", "alembic"},
    "web": {"sqlalchemy", "alembic"},
    "model": {"sqlalchemy", "numpy", "scipy"},
    "formats": {"sqlalchemy"},
    "pairing": {"sqlalchemy"},
    "standings": {"sqlalchemy"},
    "rating": {"sqlalchemy"},
    "registry": {"sqlalchemy"},
    "archive": {"sqlalchemy"},
    "tournament": {"sqlalchemy"},
}

# Modules allowed to break the rules until the service layer takes their work over.
# Each entry must still break them (the list only shrinks); empty it, do not extend it.
KNOWN: set[str] = set()


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def violations(path: Path, rel: Path | None = None) -> list[str]:
    """The import lines of `path` (at `rel` in the package) breaking the layer order."""
    rel = rel or path.relative_to(PACKAGE)
    if len(rel.parts) < 2:
        return []
    layer = rel.parts[0]
    allowed = ALLOWED.get(layer)
    bad: list[str] = []
    for line, module in _imports(path):
        parts = module.split(".")
        if parts[0] == "ratinglist":
            if len(parts) == 1 or parts[1] in {layer, "errors"}:
                continue
            if allowed is not None and parts[1] not in allowed:
                bad.append(f"{rel}:{line}: {layer} must not import {module}")
        elif parts[0] in FORBIDDEN_FOREIGN.get(layer, set()):
            bad.append(f"{rel}:{line}: {layer} must not import {module}")
    return bad


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts)


def test_every_package_has_a_rule() -> None:
    layers = {p.relative_to(PACKAGE).parts[0] for p in MODULES if p.parent != PACKAGE}
    assert layers <= set(ALLOWED), f"add a rule for {sorted(layers - set(ALLOWED))}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_layer_order(path: Path) -> None:
    rel = str(path.relative_to(PACKAGE))
    bad = violations(path)
    if rel in KNOWN:
        assert bad, f"{rel} keeps the layer order now: remove it from KNOWN"
    else:
        assert not bad, "\n".join(bad)


def test_the_checker_catches_a_violation(tmp_path: Path) -> None:
    fake = tmp_path / "x.py"
    fake.write_text("import sqlalchemy\nfrom ratinglist.store import open_store\n")
    assert violations(fake, Path("cli/x.py")) == [
        "cli/x.py:1: cli must not import sqlalchemy",
        "cli/x.py:2: cli must not import ratinglist.store",
    ]
    assert violations(fake, Path("service/x.py")) == []

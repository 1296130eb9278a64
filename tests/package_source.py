"""The package's modules as the static checks read them (`tests/test_layers.py`,
`tests/test_import_cycles.py`): each module parsed once per process, whichever check asks
first (parsing the 480 modules is most of both checks' cost)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "ratinglist"

KINDS = (ast.Import, ast.ImportFrom, ast.Name, ast.Attribute)
"""The nodes the checks look at: imports, and the names and attributes a module uses."""


def read_nodes(path: Path) -> tuple[ast.AST, ...]:
    """The import statements, names and attributes of the module at `path`, in `ast.walk`
    order."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return tuple(node for node in ast.walk(tree) if isinstance(node, KINDS))


_package_nodes = cache(read_nodes)


def nodes(path: Path) -> tuple[ast.AST, ...]:
    """`read_nodes` of `path`: a package module's once per process, any other file (the
    checkers' own tests write theirs) each time."""
    return _package_nodes(path) if path.is_relative_to(PACKAGE) else read_nodes(path)

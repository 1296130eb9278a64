"""No import circle anywhere in the package (issue 20).

The graph has an edge A -> B for every import of B in module A: at module level, inside a
function (an import moved into a function hides a circle, it does not remove it) and under
`TYPE_CHECKING`. `from P import name` imports the module ``P.name`` when there is one, else
``P`` (a package's ``__init__``, which counts like any module).
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import rustworkx as rx

from tests.package_source import PACKAGE, nodes

ROOT = PACKAGE


def _modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _target(name: str, modules: dict[str, Path]) -> str | None:
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def import_graph() -> dict[str, set[str]]:
    """Every module of the package and the modules it imports (a copy of `_graph`)."""
    return {name: set(imported) for name, imported in _graph().items()}


@cache
def _graph() -> dict[str, set[str]]:
    """The import graph, built once per process (both tests read it); each module's imports
    are read by `tests.package_source.nodes`, which `tests/test_layers.py` shares."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in nodes(path):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                targets = [f"{base}.{a.name}" for a in node.names]
            for t in targets:
                if not t.startswith("ratinglist"):
                    continue
                found = _target(t, modules)
                if found is None or found == name:
                    continue
                graph[name].add(found)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected sets of more than one module (each holds a circle)."""
    names = sorted(graph)
    index = {n: k for k, n in enumerate(names)}
    g = rx.PyDiGraph()
    g.add_nodes_from(names)
    g.add_edges_from_no_data([(index[a], index[b]) for a in names for b in graph[a]])
    return [sorted(names[k] for k in c) for c in rx.strongly_connected_components(g) if len(c) > 1]


def test_the_graph_sees_function_level_imports() -> None:
    graph = import_graph()
    assert len(graph) > 200
    # cli.tournament.setup imports the service inside its commands (start-up time)
    assert any(t.startswith("ratinglist.service") for t in graph["ratinglist.cli.tournament.setup"])


def test_a_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_no_import_circle() -> None:
    found = circles(import_graph())
    assert found == [], "import circles (each a strongly connected set of modules): " + "; ".join(
        ", ".join(c) for c in found
    )

"""The layer order of the package, read from the import statements of every module.

`model` <- `formats`, `pairing`, `standings`, `rating`, `registry`, `archive` <- `tournament` <-
`store` (persistence only) <- `service` <- `cli`, `web`. Imports under
``if TYPE_CHECKING:`` count too: a layer names only what it may import.

Game folders: a game's folder is any package ``games/<name>/`` in any layer
(``tournament/games/go/``, ``service/tournaments/games/go/``, ``cli/tournament/games/go/``,
``web/views/games/go/``...) and a layer's domain library ``<layer>/<name>/`` (``model/go``,
``formats/go``, ``pairing/go``, ``standings/go``, ``registry/go``, ``service/go``), where
``<name>`` is a game of ``tournament/games/``. A module outside every game's folder imports no
module inside one and names no game's own state (the class its ``new_play`` returns and the
functions returning it: ``go_play``, ``othello``...); a module in a game's folder may import that
game's folders (in the same or lower layers, as the layer order says) and no other game's.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from tests.package_source import PACKAGE, nodes

# What each top-level package may import from ratinglist (besides itself and the BASE modules).
BASE = {"errors", "processes"}
"""Top-level modules of no layer that every layer may import (no imports of ours)."""

ALLOWED: dict[str, set[str]] = {
    "model": set(),
    "i18n": set(),
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
        "i18n",
    },
    "cli": {"model", "service", "i18n"},
    "web": {"model", "service", "i18n"},
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
    found: list[tuple[int, str]] = []
    for node in nodes(path):
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
            if len(parts) == 1 or parts[1] == layer or parts[1] in BASE:
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


# --- Game folders -----------------------------------------------------------------------------

GAMES_FOLDER = PACKAGE / "tournament" / "games"
GAME_NAMES = frozenset(p.parent.name for p in GAMES_FOLDER.glob("*/game.py"))


def game_folder(module: str) -> str | None:
    """The game whose folder holds `module` (dotted, ``ratinglist.`` first), None for none.

    A game's folder is any package ``games/<name>/`` in any layer, and a layer's own domain
    library ``<layer>/<name>/`` (``model/go``, ``formats/go``, ``service/go``...).
    """
    parts = module.split(".")
    if parts[:1] != ["ratinglist"]:
        return None
    inner = parts[1:]
    for i in range(len(inner) - 1):
        if inner[i] == "games" and inner[i + 1] in GAME_NAMES:
            return inner[i + 1]
    if len(inner) >= 2 and inner[1] in GAME_NAMES:
        return inner[1]
    return None


def _dotted(rel: Path) -> str:
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(["ratinglist", *parts])


def _imported(
    of_module: tuple[ast.AST, ...], module: str, is_package: bool
) -> list[tuple[int, str]]:
    """Every module the nodes of a module (`nodes`) name in an import (``from a import b``
    names ``a`` and ``a.b``), relative imports resolved, ``if TYPE_CHECKING:`` imports
    included."""
    found: list[tuple[int, str]] = []
    for node in of_module:
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join(package + ([base] if base else []))
            found.append((node.lineno, base))
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
    return found


@cache
def state_names() -> frozenset[str]:
    """The names of each game's own state: the class its ``new_play`` returns, and every public
    function of its folder under `tournament/games/` taking a folded tournament alone and
    returning that class (``go_play``, ``othello``); read once per process, when first asked."""
    names: set[str] = set()
    for game in GAME_NAMES:
        folder = GAMES_FOLDER / game
        trees = [ast.parse(p.read_text(encoding="utf-8")) for p in sorted(folder.rglob("*.py"))]
        states = {
            ast.unparse(node.returns)
            for tree in trees
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and node.name == "new_play" and node.returns
        }
        names |= states
        for tree in trees:
            for node in getattr(tree, "body", []):
                if (
                    isinstance(node, ast.FunctionDef)
                    and not node.name.startswith("_")
                    and node.returns is not None
                    and ast.unparse(node.returns) in states
                    and [ast.unparse(a.annotation or a) for a in node.args.args]
                    == ["FoldedTournament"]
                ):
                    names.add(node.name)
    return frozenset(names)


def game_violations(path: Path, rel: Path | None = None) -> list[str]:
    """The lines of `path` (at `rel` in the package) importing another game's folder, or, outside
    every game's folder, importing one or naming a game's own state."""
    rel = rel or path.relative_to(PACKAGE)
    module = _dotted(rel)
    own = game_folder(module)
    module_nodes = nodes(path)
    bad: list[str] = []
    for line, name in _imported(module_nodes, module, rel.name == "__init__.py"):
        other = game_folder(name)
        if other is not None and other != own:
            where = "outside every game's folder" if own is None else f"in {own}'s folder"
            bad.append(f"{rel}:{line}: {where}, must not import {name}")
    if own is None:
        for node in module_nodes:
            name = None
            if isinstance(node, ast.Name):
                name = node.id
            elif isinstance(node, ast.Attribute):
                name = node.attr
            if name in state_names():
                bad.append(f"{rel}:{node.lineno}: names {name!r}, a game's own state")
    return sorted(bad, key=lambda b: int(b.split(":")[1]))


def test_the_games_and_their_state_are_found() -> None:
    assert {"go", "othello"} <= GAME_NAMES
    assert {"go_play", "othello"} <= state_names()


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_game_folders(path: Path) -> None:
    bad = game_violations(path)
    assert not bad, "\n".join(bad)


def test_the_checker_catches_a_game_import(tmp_path: Path) -> None:
    fake = tmp_path / "x.py"
    fake.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from ratinglist.model.go import tournament\n"
        "from ratinglist.tournament.games import othello\n"
        "from .games.go import commands\n"
        "s = go_play(d)\n"
    )
    assert game_violations(fake, Path("cli/x.py")) == [
        "cli/x.py:3: outside every game's folder, must not import ratinglist.model.go",
        "cli/x.py:3: outside every game's folder, must not import ratinglist.model.go.tournament",
        "cli/x.py:4: outside every game's folder, must not import "
        "ratinglist.tournament.games.othello",
        "cli/x.py:5: outside every game's folder, must not import ratinglist.cli.games.go",
        "cli/x.py:5: outside every game's folder, must not import ratinglist.cli.games.go.commands",
        "cli/x.py:6: names 'go_play', a game's own state",
    ]
    assert game_violations(fake, Path("cli/games/othello/x.py"))[:2] == [
        "cli/games/othello/x.py:3: in othello's folder, must not import ratinglist.model.go",
        "cli/games/othello/x.py:3: in othello's folder, must not import "
        "ratinglist.model.go.tournament",
    ]
    fake.write_text("from ratinglist.model.go import tournament\ns = go_play(d)\n")
    assert game_violations(fake, Path("service/tournaments/games/go/x.py")) == []

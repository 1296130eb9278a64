"""One folder per game in each layer (`tournament.games`, `service.tournaments.games`,
`cli.tournament.games`, `web.views.games`): listing a package's folders and importing one
module of a folder by its role, None where the folder or the module does not exist."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from types import ModuleType


def subpackages(path: Iterable[str]) -> tuple[str, ...]:
    """The names of the packages in the folders `path` (a package's ``__path__``), sorted."""
    return tuple(sorted(info.name for info in pkgutil.iter_modules(list(path)) if info.ispkg))


def optional_module(name: str) -> ModuleType | None:
    """The module `name`, None when it or a package above it does not exist; an import that
    fails inside an existing module still raises."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not (name == exc.name or name.startswith(f"{exc.name}.")):
            raise
        return None

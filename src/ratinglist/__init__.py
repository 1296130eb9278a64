"""Ratinglist: Othello tournaments, WOF results files and the world rating list."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__version__ = "0.1.0"


def lazy_exports(namespace: dict[str, Any], where: Mapping[str, str]) -> Callable[[str], object]:
    """A package's `__getattr__` (PEP 562): each name of `where` is imported from the module
    `where` gives on first use and kept in `namespace` (the package's `globals()`).

    Raises (the returned function):
        AttributeError: `where` does not name the attribute.
    """

    def __getattr__(name: str) -> object:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    return __getattr__

"""What a route reads from the query string (the response cache's key, the language switch's
links)."""

from __future__ import annotations

from typing import Any


def query_names(dependant: Any) -> frozenset[str]:
    """The names of the query parameters of a FastAPI dependant and of its dependencies."""
    names = {field.alias for field in dependant.query_params}
    for inner in dependant.dependencies:
        names |= query_names(inner)
    return frozenset(names)

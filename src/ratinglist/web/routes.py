"""The site's routes: what a route reads from the query string (the response cache's key, the
language switch's links), and routes made at their first use (`LazyRoute`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import fastapi
from fastapi.routing import APIRoute
from starlette.routing import compile_path, get_name


def query_names(dependant: Any) -> frozenset[str]:
    """The names of the query parameters of a FastAPI dependant and of its dependencies."""
    names = {field.alias for field in dependant.query_params}
    for inner in dependant.dependencies:
        names |= query_names(inner)
    return frozenset(names)


def _made_by_api_route() -> frozenset[str]:
    """The attributes FastAPI's `APIRoute` constructor sets (read from one tiny route)."""

    def endpoint() -> None:
        """A route with nothing to read."""

    return frozenset(vars(APIRoute("/", endpoint))) | frozenset(
        getattr(APIRoute, "__annotations__", {})
    )


class LazyRoute(APIRoute):
    """A FastAPI route whose parameters, body and answer models are read at its first use.

    FastAPI reads them when the route is declared, one pydantic adapter per parameter (issue
    38: about 0.6 s of CPU for the site's 260 routes, at every start of `serve`). This route
    sets at once only what matching a request and building a URL need (path, methods, name,
    path pattern); anything else asked of it makes the whole route first (`make`), once,
    as FastAPI would have made it.
    """

    def __init__(self, path: str, endpoint: Callable[..., Any], **options: Any) -> None:
        self.path = path
        self.endpoint = endpoint
        name = options.get("name")
        self.name = get_name(endpoint) if name is None else name
        self.methods = {m.upper() for m in options.get("methods") or ("GET",)}
        self.include_in_schema = bool(options.get("include_in_schema", True))
        self.path_regex, self.path_format, self.param_convertors = compile_path(path)
        self._options: dict[str, Any] | None = options
        self._lock = threading.RLock()

    def make(self) -> None:
        """Make the whole route (nothing when made already)."""
        with self._lock:
            options, self._options = self._options, None
            if options is not None:
                APIRoute.__init__(self, self.path, self.endpoint, **options)

    def __getattr__(self, name: str) -> Any:
        # Only for an attribute not set yet: one of FastAPI's makes the route (or waits for
        # the thread making it); any other is missing, as on FastAPI's own route.
        if name not in _MADE:
            raise AttributeError(name)
        self.make()
        return object.__getattribute__(self, name)


_MADE = _made_by_api_route() - {"path", "endpoint", "name", "methods", "include_in_schema"}


class APIRouter(fastapi.APIRouter):
    """FastAPI's router, its routes made at their first use (`LazyRoute`): every view module
    of the site declares its routes on one (`tests/web/test_app_routes.py` checks it)."""

    def __init__(self, *args: Any, **options: Any) -> None:
        options.setdefault("route_class", LazyRoute)
        super().__init__(*args, **options)

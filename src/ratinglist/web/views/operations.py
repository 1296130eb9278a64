"""For the admin's monitoring: ``/healthz``, ``/readyz`` and ``/metrics`` (GET and HEAD).

- ``/healthz``: the process is up and answers (200; no database access).
- ``/readyz``: the database answers and its schema is this release's (200), else 503 with
  the reason (a load balancer sends no traffic to such a host).
- ``/metrics``: Prometheus text format (`web.observe` counts; every worker's under
  `serve --workers N`), with the pages the background renderer has made.

Answered by `web.observe.Observe` before the response cache and the sign-in gate; never cached
(``Cache-Control: no-store``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from prometheus_client import REGISTRY, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.registry import Collector
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, Router

from ratinglist.errors import RatinglistError
from ratinglist.service.operations import prerendered_pages, readiness
from ratinglist.service.site import Site

NO_STORE = {"Cache-Control": "no-store"}
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


def _site(request: Request) -> Site:
    site: Site = request.app.state.site
    return site


async def healthz(_request: Request) -> Response:
    """The process is up."""
    return JSONResponse({"status": "ok"}, headers=NO_STORE)


async def readyz(request: Request) -> Response:
    """The database answers and its schema is current: 200; otherwise 503 and why."""
    state = await run_in_threadpool(readiness, _site(request).store)
    body = {
        "status": "ready" if state.ready else "not ready",
        "schema": state.revision,
        "release_schema": state.head,
    }
    if not state.ready:
        body["problem"] = state.problem
    return JSONResponse(body, status_code=200 if state.ready else 503, headers=NO_STORE)


class PagesCollector(Collector):
    """The background renderer's work, read from the database at each scrape."""

    def __init__(self, site: Site) -> None:
        self.site = site

    def collect(self) -> Iterator[GaugeMetricFamily]:
        family = GaugeMetricFamily(
            "ratinglist_prerendered_pages",
            "Pages the background renderer has made at the current data version.",
        )
        try:
            family.add_metric([], prerendered_pages(self.site))
        except RatinglistError:
            return
        yield family


def _scrape(site: Site) -> bytes:
    registry = CollectorRegistry()
    if os.environ.get(MULTIPROC_ENV):
        from prometheus_client import multiprocess

        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        registry.register(PagesCollector(site))
        return generate_latest(registry)
    registry.register(PagesCollector(site))
    return generate_latest(REGISTRY) + generate_latest(registry)


async def metrics(request: Request) -> Response:
    """Prometheus metrics (text exposition format)."""
    body = await run_in_threadpool(_scrape, _site(request))
    return Response(body, media_type=CONTENT_TYPE_LATEST, headers=NO_STORE)


router = Router(
    routes=[
        Route("/healthz", healthz, methods=["GET", "HEAD"]),
        Route("/readyz", readyz, methods=["GET", "HEAD"]),
        Route("/metrics", metrics, methods=["GET", "HEAD"]),
    ]
)

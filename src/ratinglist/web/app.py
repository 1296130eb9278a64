"""The application factory: routes, one error page / one JSON error shape, the response cache
(over the pages made in advance, `web.prerender`)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.routing import BaseRoute

from ratinglist import __version__
from ratinglist.errors import N_, InputError, StoreError
from ratinglist.service.databases import open_database
from ratinglist.service.mail import MailSettings, Outbox, mail_settings
from ratinglist.service.serving import (
    ADDRESSES_ENV,
    ALLOWED_HOSTS_ENV,
    DEFAULT_BUDGET_S,
    SITE_URL_ENV,
    allowed_hosts,
    budget_from_env,
    parse_hosts,
    parse_site_url,
)
from ratinglist.service.site import Site, data_version, open_site
from ratinglist.service.site_pages import stored_site_page
from ratinglist.service.tournaments.language import tournament_language
from ratinglist.web.auth import AuthGate
from ratinglist.web.cache import ResponseCache
from ratinglist.web.errors import install_error_handlers
from ratinglist.web.head import HeadAsGet
from ratinglist.web.headers import SecurityHeaders
from ratinglist.web.language import LanguageChooser
from ratinglist.web.limits import BodyLimit
from ratinglist.web.observe import configure_access_log
from ratinglist.web.observe import install as install_observe
from ratinglist.web.path_numbers import PathNumbers
from ratinglist.web.site_address import HostGate
from ratinglist.web.timing import ServerTiming
from ratinglist.web.views import (
    account,
    account_language,
    account_mail,
    api,
    api_docs,
    check,
    downloads,
    evidence,
    intake,
    intake_api,
    lists,
    live,
    players,
    publishing_pages,
    registry_pages,
    td_api,
    td_finish,
    td_language,
    td_lifecycle,
    td_pages,
    td_print,
    td_results,
    td_rounds,
    td_rounds_api,
    td_setup,
    tournaments,
)
from ratinglist.web.views.games import game_routes
from ratinglist.web.views.player_side import api as player_side_api
from ratinglist.web.views.player_side import router as player_side_router
from ratinglist.web.views.td_players import api as td_players_api
from ratinglist.web.views.td_players import router as td_players_router

STATIC = Path(__file__).resolve().parent / "static"
DB_ENV = "RATINGLIST_DB"
SMTP_ENV = "RATINGLIST_SMTP"


@cache
def site_routes() -> tuple[BaseRoute, ...]:
    """Every page and API route of the site, in matching order, made once per process.

    `create_app` adds them to each app as they are, not through ``include_router``: FastAPI
    (0.165) would make every route a second time for the app at its first request (issue
    38: about 0.5 s of CPU in a worker's first answer). `serve` makes them in the parent,
    before it forks its workers.
    """
    routers = [
        module.router
        for module in (
            account_mail,
            account_language,
            lists,
            players,
            tournaments,
            downloads,
            check,
            api,
            account,
            api_docs,
            td_api,
            td_print,
            td_pages,
            td_results,
            td_finish,
            td_rounds,
            td_rounds_api,
            td_setup,
            td_lifecycle,
            td_language,
            live,
            registry_pages,
            intake,
            intake_api,
            evidence,
            publishing_pages,
        )
    ]
    routers.append(game_routes())  # each game's own pages: web/views/games/<name>/
    routers += [player_side_router, td_players_router, player_side_api, td_players_api]  # issue 35
    routers += [live.api, td_print.api, td_lifecycle.api, publishing_pages.api]
    routers += [registry_pages.api, evidence.api]
    return tuple(route for router in routers for route in _flat(router.routes))


def _flat(routes: Sequence[BaseRoute]) -> Iterator[BaseRoute]:
    """`routes`, with each router included as it is (no prefix, dependency or tag added)
    replaced by its own routes (FastAPI's ``include_router`` keeps such a router whole and
    makes its routes again at the first request)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        context = getattr(route, "include_context", None)
        if inner is not None and _adds_nothing(context):
            yield from _flat(inner.routes)
        else:
            yield route


def _adds_nothing(context: object) -> bool:
    """True when an inclusion leaves its routes as they are."""
    return (
        getattr(context, "prefix", None) == ""
        and not getattr(context, "dependencies", True)
        and not getattr(context, "tags", True)
        and not getattr(context, "responses", True)
        and not getattr(context, "callbacks", True)
        and not getattr(context, "deprecated", True)
        and getattr(context, "include_in_schema", False) is True
    )


def create_app(
    url: str,
    *,
    cache_bytes: int = 64 * 1024 * 1024,
    mail: MailSettings | None = None,
    site_url: str | None = None,
    hosts: Sequence[str] | None = None,
    work_budget_s: float = DEFAULT_BUDGET_S,
    host_addresses: bool = False,
) -> FastAPI:
    """The site over the database at `url` (an SQLAlchemy URL); e-mail through `mail`, its
    links built on `site_url` (``https://ratings.example.org``, needed with `mail`); requests
    whose ``Host`` is not in `hosts` refused (None: no check, for an app run in-process);
    anonymous work bounded by `work_budget_s` seconds (`web.budget`); with `host_addresses`,
    a ``Host`` that is an IP address is answered too (`serve` without a site URL).

    The worker's one database handle is made here (`app.state.db`, `views.common.store_of`)
    and passed to every use case; it is the process's handle of `url`
    (`service.databases.open_database`) and lives as long as the process.

    Raises:
        StoreError: the database cannot be opened.
        InputError: `mail` without `site_url`, or a `site_url` that is not a site's address.
    """
    if mail is not None and site_url is None:
        raise InputError(N_("expected the site's address (the links mailed point at it), got none"))
    site_address = parse_site_url(site_url) if site_url is not None else None
    db = open_database(url, create=True)
    site = open_site(db)

    app = FastAPI(
        title="Ratinglist",
        version=__version__,
        description="The WOF rating list, players and tournaments as JSON.",
        docs_url=None,  # served from the package's files: `views.api_docs`
        redoc_url=None,
        openapi_url="/api/v1/openapi.json",
    )
    app.state.db = db
    app.state.site = site
    app.state.url = url
    app.state.mail = mail
    app.state.site_url = site_address
    app.state.outbox = Outbox()
    app.state.work_budget_s = work_budget_s
    install_error_handlers(app)
    app.router.routes.extend(site_routes())
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.mount(api_docs.ASSETS, StaticFiles(directory=api_docs.SWAGGER_UI), name="api-docs")
    app.add_middleware(AuthGate, db=db)
    app.add_middleware(
        ResponseCache,
        version=lambda: data_version(site),
        max_bytes=cache_bytes,
        stored=lambda version, key: stored_site_page(site, version, key),
    )
    app.add_middleware(PathNumbers)  # in the reader's language, before any lookup
    # issue 36: outside the cache, which keys on the language it chooses
    app.add_middleware(LanguageChooser, tournament_language=lambda t: tournament_language(db, t))
    app.add_middleware(ServerTiming)
    app.add_middleware(BodyLimit)  # issue 19: bodies bounded before anything reads them
    if hosts is not None:  # issue 31: a forged Host is refused before anything answers it
        # (inside `observe`: logged and counted)
        app.add_middleware(HostGate, hosts=hosts, addresses=host_addresses)
    install_observe(app)
    # Issue 19, around everything (the operations routes too): HEAD as GET, and the security
    # headers on every answer (cached ones and refusals too).
    app.add_middleware(HeadAsGet)
    app.add_middleware(SecurityHeaders)

    return app


def site_of(app: FastAPI) -> Site:
    """The open site of an application made by `create_app`."""
    site: Site = app.state.site
    return site


def create_app_from_env() -> FastAPI:
    """The app over ``$RATINGLIST_DB`` (a URL), mailing through ``$RATINGLIST_SMTP`` (an SMTP
    URL, `service.mail`) when set, at ``$RATINGLIST_SITE_URL`` answering the hosts of
    ``$RATINGLIST_ALLOWED_HOSTS`` (default: the site's and this machine's), with the work
    budget of ``$RATINGLIST_WORK_BUDGET``: the factory uvicorn workers import."""
    url = os.environ.get(DB_ENV)
    if not url:
        raise StoreError(
            N_("expected $%(db_env)s to name the database, got nothing"), db_env=DB_ENV
        )
    configure_access_log()
    smtp = os.environ.get(SMTP_ENV)
    site_url = parse_site_url(os.environ.get(SITE_URL_ENV) or "http://localhost")
    hosts = allowed_hosts(site_url, parse_hosts(os.environ.get(ALLOWED_HOSTS_ENV, "")))
    return create_app(
        url,
        mail=mail_settings(smtp) if smtp else None,
        site_url=site_url,
        hosts=hosts,
        work_budget_s=budget_from_env(),
        host_addresses=os.environ.get(ADDRESSES_ENV) == "1",
    )

"""Shared fixtures: the real WOF data (and the CI rule for tests that need it), and a fresh
database per test (`db_url`): SQLite, and PostgreSQL too for the store layer and the tests
marked `both_backends` (see docs/decisions.md, "Tests three times cheaper").

Two things make the suite cheaper without checking less: passwords are hashed with cheap
argon2 parameters (`service.accounts.CHEAP_HASHES`; one test checks the production ones), and
a new SQLite file is a copy of one migrated per session (`_sqlite_template`), except for the
tests of the migrations themselves (`empty_db_url`, `new_database`, marker `real_migrations`)."""

from __future__ import annotations

import fcntl
import gc
import itertools
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import typer.testing
from hypothesis import settings

from ratinglist.service.accounts import CHEAP_HASHES
from ratinglist.store import Store
from ratinglist.store import database as _database

os.environ[CHEAP_HASHES] = "1"  # set before any hasher is built; servers started inherit it

if TYPE_CHECKING:
    from sqlalchemy import Engine
from tests.postgres_server import PostgresServer, PostgresUnavailable

# Bytecode is cached (git ignores __pycache__): with PYTHONDONTWRITEBYTECODE set, as it may
# be in a shell, every xdist worker and every `ratinglist` process a test starts compiled our
# modules (and pytest rewrote the test modules) again.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

REPO = Path(__file__).resolve().parents[1]

# Typer's test runner builds the whole Click tree of the app (every command's parameters from
# its signature and type hints) on each `invoke`: 0.5 s for our 114 commands, which the tests
# pay thousands of times. A Click command is made to be invoked again, so build it once per app.
_built: dict[int, tuple[object, Any]] = {}
_build = typer.testing._get_command


def _command_once(app: typer.Typer) -> Any:
    found = _built.get(id(app))
    if found is None or found[0] is not app:
        found = _built[id(app)] = (app, _build(app))
    return found[1]


typer.testing._get_command = _command_once


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Iterator[None]:
    """xdist's workers collect one after the other. Collecting imports every test module
    (pytest rewrites its asserts) and the libraries they use; on a fresh clone neither has
    bytecode yet, and two workers collecting together both compiled all of it (1,300 files:
    11 s of CPU each). The second now finds the first one's bytecode (docs/decisions.md,
    "Tests: the workers' start")."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        return (yield)
    with open(__file__, "rb") as lock:  # this file: the workers of one checkout share it
        fcntl.flock(lock, fcntl.LOCK_EX)
        return (yield)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection made (every module imported, every test item) lives to the end: it is
    frozen out of the garbage collector's full collections, which otherwise walked it again
    each time (the CLI does the same for a command's modules: `cli.app._short_lived_gc`)."""
    gc.freeze()


settings.register_profile("ci", max_examples=200, deadline=None)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def real_data_dir() -> Path:
    """The real data folder: ``RATINGLIST_REAL_DATA`` or ``../shared/data/real``."""
    env = os.environ.get("RATINGLIST_REAL_DATA")
    return Path(env) if env else REPO.parent / "shared" / "data" / "real"


@pytest.fixture(scope="session")
def real_data() -> Path:
    """The real data folder; fails (not skips) when missing under CI."""
    path = real_data_dir()
    if not path.is_dir():
        message = f"real data not found at {path} (set RATINGLIST_REAL_DATA)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def wof_results(real_data: Path) -> Path:
    """The folder of real .ELO files, by year."""
    return real_data / "othello-rating-pipeline" / "wof_results"


@pytest.fixture(scope="session")
def real_archive(
    wof_results: Path, tmp_path_factory: pytest.TempPathFactory, worker_id: str
) -> Path:
    """An SQLite file holding the whole real archive, imported once per test run by
    `service.archive.import_archive` (each file received on its last day, as `ratinglist
    import` records it) and shared by every xdist worker: the first to ask builds it under a
    lock, the others wait for it. Read-only: tests take a copy (`real_archive_copy`)."""
    from ratinglist.service.archive import import_archive
    from ratinglist.service.databases import forget_database

    def build(building: Path) -> None:
        url = f"sqlite:///{building}"
        import_archive(handle(url, create=True), [wof_results])
        forget_database(url)

    return _built_once(tmp_path_factory, worker_id, "real-archive.db", build)


def _built_once(
    tmp_path_factory: pytest.TempPathFactory,
    worker_id: str,
    name: str,
    build: Callable[[Path], None],
) -> Path:
    """The file `name` in the folder the xdist workers share, made by `build` (given a
    scratch path that it fills) by the first worker to ask, under a lock; the others wait."""
    base = tmp_path_factory.getbasetemp()
    shared = base if worker_id == "master" else base.parent
    path = shared / name
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            building = shared / f"building.{name}"
            for stale in shared.glob(f"building.{name}*"):
                stale.unlink()
            build(building)
            building.rename(path)
    return path


REAL_LIST_AS_OF = "2026-05-31"
"""The date of the exact list `real_archive_listed` holds."""
REAL_LIST_ARRAYS = "real-list.npz"
"""That list's arrays, in the folder of `real_archive_listed`."""


@pytest.fixture(scope="session")
def real_archive_listed(
    real_archive: Path, tmp_path_factory: pytest.TempPathFactory, worker_id: str
) -> Path:
    """`real_archive` with one list stored: the exact profile's as of `REAL_LIST_AS_OF`,
    computed by `service.rating_lists.compute_list` once per test run and shared by the
    workers like `real_archive`; beside it `REAL_LIST_ARRAYS` holds that list's arrays
    (players, ratings, margins, listed, official). For tests whose subject is not that
    computation: the site's pages, a history's month compared with the list computed alone.
    Read-only: tests take a copy (`copy_of_real_archive`)."""
    import datetime as dt

    import numpy as np

    from ratinglist.service.actor import SYSTEM
    from ratinglist.service.databases import forget_database
    from ratinglist.service.rating_lists import compute_list

    def build(building: Path) -> None:
        shutil.copyfile(real_archive, building)
        url = f"sqlite:///{building}"
        done = compute_list(handle(url), dt.date.fromisoformat(REAL_LIST_AS_OF), actor=SYSTEM)
        forget_database(url)
        r = done.ratings
        with open(building.with_suffix(".building-npz"), "wb") as arrays:
            np.savez(
                arrays,
                players=r.players,
                ratings=r.ratings,
                margins=r.margins,
                listed=r.listed,
                official=r.official,
            )
        building.with_suffix(".building-npz").rename(building.parent / REAL_LIST_ARRAYS)

    return _built_once(tmp_path_factory, worker_id, "real-archive-listed.db", build)


@pytest.fixture()
def real_archive_copy(real_archive: Path, tmp_path: Path) -> Path:
    """A copy of the real archive's database of this test's own (`real_archive`)."""
    copy = tmp_path / "wof.db"
    shutil.copyfile(real_archive, copy)
    return copy


def copy_of_real_archive(real_archive: Path, folder: Path) -> Path:
    """A copy of `real_archive` in `folder`, for fixtures wider than one test."""
    copy = folder / "wof.db"
    shutil.copyfile(real_archive, copy)
    return copy


@pytest.fixture()
def production_hasher(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Passwords hashed as in production (the suite's cheap setting removed), for one test."""
    from ratinglist.service import accounts

    monkeypatch.delenv(CHEAP_HASHES)
    accounts._hasher.cache_clear()
    accounts._dummy_hash.cache_clear()
    yield
    monkeypatch.undo()
    accounts._hasher.cache_clear()
    accounts._dummy_hash.cache_clear()


# --- A migrated SQLite template per session: a new SQLite file is a copy of it.


class _Template:
    """The migrated SQLite file of this pytest process, and whether new files copy it."""

    path: Path | None = None
    enabled = True


_real_migrate = _database.migrate


def _migrate_from_template(engine: Engine, revision: str = "head") -> None:
    """`store.database.migrate`, but a new SQLite file becomes a copy of the template (a
    file copy instead of running every migration); anything else migrates as usual."""
    database = engine.url.database if engine.url.get_backend_name() == "sqlite" else None
    template = _Template.path
    if _Template.enabled and template is not None and revision == "head" and database:
        path = Path(database)
        new = not path.exists() or path.stat().st_size == 0
        if new and path.parent.is_dir() and not database.startswith(":memory:"):
            engine.dispose()
            shutil.copyfile(template, path)
    _real_migrate(engine, revision)


@pytest.fixture(scope="session", autouse=True)
def _sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Migrate one SQLite file per pytest process, and make `open_store` copy it for a new
    SQLite file (what `db_url`, `handle(create=True)` and the CLI's new databases use)."""
    from ratinglist.store import open_store

    path = tmp_path_factory.mktemp("sqlite-template") / "template.db"
    open_store(f"sqlite:///{path}").close()
    _Template.path = path
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_database, "migrate", _migrate_from_template)
        yield path
    _Template.path = None


@pytest.fixture(autouse=True)
def _real_migrations(request: pytest.FixtureRequest) -> Iterator[None]:
    """Tests of the migrations (marker `real_migrations`, or taking an empty database) run
    every migration: the template is not used for them."""
    real = request.node.get_closest_marker("real_migrations") is not None or bool(
        {"empty_db_url", "new_database"} & set(request.fixturenames)
    )
    _Template.enabled = not real
    yield
    _Template.enabled = True


# --- Databases: every test that takes `db_url` runs on SQLite; the store layer's tests and the
# tests marked `both_backends` run on PostgreSQL too (docs/decisions.md, "Tests three times
# cheaper": where PostgreSQL behaves differently: locking, transactions, migrations).

PG_TEMPLATE = "ratinglist_template"
_databases = itertools.count()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server for this pytest process (one per xdist worker), stopped at the end.

    Fails (not skips) under ``CI`` when the server cannot start; skips otherwise.
    """
    try:
        server = PostgresServer.start()
    except PostgresUnavailable as exc:
        message = f"could not start PostgreSQL: {exc}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def postgres_template(postgres: PostgresServer) -> str:
    """A database migrated to the newest schema once, copied for each test."""
    from ratinglist.store import open_store

    postgres.execute(f"CREATE DATABASE {PG_TEMPLATE}")
    open_store(postgres.url(PG_TEMPLATE)).close()
    return PG_TEMPLATE


def fresh_postgres_database(postgres: PostgresServer, template: str) -> str:
    """A new database copied from `template` (a file copy: about 0.1 s, where the default
    WAL_LOG strategy took 0.34 s); returns its name."""
    name = f"t{os.getpid()}_{next(_databases)}"
    postgres.execute(f"CREATE DATABASE {name} TEMPLATE {template} STRATEGY FILE_COPY")
    return name


BACKENDS = (
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgresql", id="postgresql", marks=pytest.mark.postgresql),
)
BOTH_BACKENDS_FOLDERS = ("store", "operations")
"""Folders under tests/ whose every database test runs on both backends."""


def runs_on_both_backends(path: Path, marked: bool) -> bool:
    """Whether a test at `path` runs on PostgreSQL as well as SQLite."""
    parts = path.parts[len((REPO / "tests").parts) :] if path.is_relative_to(REPO / "tests") else ()
    return marked or (len(parts) > 1 and parts[0] in BOTH_BACKENDS_FOLDERS)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize `backend` (and the web site's `site_backend`): SQLite for every test,
    PostgreSQL too where `runs_on_both_backends`."""
    marked = metafunc.definition.get_closest_marker("both_backends") is not None
    both = runs_on_both_backends(metafunc.definition.path, marked)
    for name in ("backend", "site_backend"):
        if name in metafunc.fixturenames:
            metafunc.parametrize(name, BACKENDS if both else BACKENDS[:1], indirect=True)


@pytest.fixture()
def backend(request: pytest.FixtureRequest) -> str:
    """The database backend of this test run: ``sqlite`` or ``postgresql``."""
    value: str = request.param
    return value


@pytest.fixture()
def db_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """The URL of a fresh, migrated, empty database on `backend` (closed and dropped after)."""
    from ratinglist.service.databases import forget_database
    from ratinglist.store import open_store

    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'test.db'}"
        open_store(url).close()
        yield url
        forget_database(url)
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    name = fresh_postgres_database(server, request.getfixturevalue("postgres_template"))
    url = server.url(name)
    yield url
    forget_database(url)
    server.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture()
def empty_db_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """The URL of an empty database (no tables) on `backend`, for the migration tests."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.db'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    name = fresh_postgres_database(server, "template0")
    yield server.url(name)
    server.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


Seeder = Callable[[str, Callable[[str], None]], str]


@pytest.fixture(scope="session")
def _seeds() -> dict[tuple[str, str], str]:
    """Seeded databases built in this session: (backend, key) -> SQLite file or PG template."""
    return {}


@pytest.fixture()
def seeded_db(
    backend: str,
    tmp_path: Path,
    tmp_path_factory: pytest.TempPathFactory,
    request: pytest.FixtureRequest,
    _seeds: dict[tuple[str, str], str],
) -> Iterator[Seeder]:
    """``seeded_db(key, build)``: the URL of a fresh copy of a database that ``build(url)``
    filled once per session and backend (SQLite: a file copy; PostgreSQL: a template)."""
    from ratinglist.service.databases import forget_database

    made: list[str] = []

    def copy(key: str, build: Callable[[str], None]) -> str:
        seed = _seeds.get((backend, key))
        if backend == "sqlite":
            if seed is None:
                seed = str(tmp_path_factory.mktemp(f"seed-{key}") / "seed.db")
                build(f"sqlite:///{seed}")
                forget_database(f"sqlite:///{seed}")
                _seeds[(backend, key)] = seed
            target = tmp_path / f"{key}.db"
            shutil.copy(seed, target)
            url = f"sqlite:///{target}"
        else:
            server: PostgresServer = request.getfixturevalue("postgres")
            if seed is None:
                seed = fresh_postgres_database(server, request.getfixturevalue("postgres_template"))
                build(server.url(seed))
                forget_database(server.url(seed))
                _seeds[(backend, key)] = seed
            url = server.url(fresh_postgres_database(server, seed))
        made.append(url)
        return url

    yield copy
    for url in made:
        forget_database(url)
        if backend == "postgresql":
            name = url.split("/")[3].split("?")[0]
            request.getfixturevalue("postgres").execute(
                f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"
            )


def handle(url: str, *, create: bool = False) -> Store:
    """The process's database handle of `url` (`service.databases.open_database`), as a CLI
    command or a served app makes it: what the service functions take."""
    from ratinglist.service.databases import open_database

    return open_database(url, create=create)


@pytest.fixture()
def store(db_url: str) -> Store:
    """The database handle of `db_url`, as a CLI command or a served app makes it
    (`service.databases.open_database`): what the service functions take."""
    return handle(db_url)


def engines_made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The URLs of the engines made from now on (every store opens one)."""
    made: list[str] = []
    from ratinglist.store import database

    real = database.make_engine

    def counting(url: str) -> Engine:
        made.append(url)
        return real(url)

    monkeypatch.setattr(database, "make_engine", counting)
    return made


def number_of(db: Store, tournament: int | str | None) -> int:
    """The number of the tournament a test names as a command line would (a name, a number
    as text, None: the most recent), or the number itself: what the use cases take."""
    from ratinglist.service.tournaments.log import find_tournament

    return tournament if isinstance(tournament, int) else find_tournament(db, tournament)


@pytest.fixture(scope="module")
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    """Headless Debian chromium under Playwright, shared by the steps of a journey module; each
    step opens and closes its own contexts. One browser per pytest process, lent to each
    module in turn (`tests.web.test_browser.lent`: between modules its event loop is not
    marked running, so later tests may run their own)."""
    from tests.web.test_browser import lent

    with lent(request.config.add_cleanup) as found:
        yield found

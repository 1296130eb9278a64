"""The demo use case: build a database from the bundled synthetic archive and rate it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ratinglist.errors import ConflictError, NotFoundError, StoreError
from ratinglist.service.actor import SYSTEM, Actor
from ratinglist.service.archive import Progress, import_archive
from ratinglist.service.databases import forget_database, open_database
from ratinglist.service.player_lists import import_players_list
from ratinglist.service.rating_lists import ComputedList, compute_list, list_page
from ratinglist.service.rating_systems import ComputedSystemList, compute_system_list
from ratinglist.store import ImportSummary, Store, list_tournaments

DEMO_ARCHIVE = Path("examples") / "demo_archive"


def find_demo_archive(start: Path | None = None) -> Path:
    """The bundled ``examples/demo_archive`` folder of the source tree.

    Looked up from the installed (editable) package upwards, then from `start` (default: the
    working directory) upwards.

    Raises:
        NotFoundError: no such folder was found.
    """
    here = Path(__file__).resolve()
    base = (start or Path.cwd()).resolve()
    for folder in (*here.parents, *base.parents, base):
        candidate = folder / DEMO_ARCHIVE
        if candidate.is_dir():
            return candidate
    raise NotFoundError(
        f"expected the demo archive {DEMO_ARCHIVE}/ in the source tree, found none above "
        f"'{here.parent}' or '{base}' (run `make demo-data`)"
    )


def _remove_database(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        target = path.with_name(path.name + suffix)
        try:
            target.unlink(missing_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot delete '{target}': {exc.strerror or exc}") from exc


@dataclass(frozen=True, slots=True)
class DemoDatabase:
    """The demo database built: its handle (`db`), its import summary, its rating list and
    the list of the system that predicts best (`DEMO_SYSTEM`), shown beside it."""

    path: Path
    summary: ImportSummary
    rated: ComputedList
    db: Store
    system: ComputedSystemList


DEMO_SYSTEM = "whr-bayes"
"""The other system whose list the demo stores (`/systems/whr-bayes`): the one that predicts
the real archive best (docs/decisions.md, "Issue 23: whr-bayes")."""


def build_demo(
    path: Path,
    *,
    force: bool = False,
    archive: Path | None = None,
    actor: Actor = SYSTEM,
    progress: Progress | None = None,
) -> DemoDatabase:
    """Create the demo database at `path`: the demo players list, the archive, the rating
    list as of the last demo tournament and `DEMO_SYSTEM`'s list as of the same day. The
    file is replaced, so the database handle is made here, after the old file is deleted
    (the result's `db`).

    Raises:
        ConflictError: `path` exists and `force` is not given (nothing is touched).
        NotFoundError: no demo archive.
    """
    folder = archive or find_demo_archive()
    if path.exists() and not force:
        raise ConflictError(
            f"expected a new file for the demo database, got existing '{path}' (add --force "
            f"to replace it)"
        )
    url = f"sqlite:///{path}"
    forget_database(url)
    _remove_database(path)
    players = folder / "players.txt"
    db = open_database(url, create=True)
    if players.is_file():
        import_players_list(db, players, actor=actor, apply=True)
    summary = import_archive(db, [folder], progress=progress)
    with db.connect() as conn:
        rows = list_tournaments(conn)
    if not rows:
        raise NotFoundError(f"expected tournaments in the demo archive '{folder}', got none")
    last = max(r.start_date for r in rows)
    rated = compute_list(db, last, actor=actor, label="demo")
    other = compute_system_list(db, DEMO_SYSTEM, last, label="demo")
    return DemoDatabase(path, summary, rated, db, other)


DEMO_PASSWORD = "demo-password"
"""The password of the demo accounts (a demo database only; `make run` serves it on loopback)."""
DEMO_USERS = (("demo-admin", "admin"), ("demo-director", "td"), ("demo-assistant", None))


@dataclass(frozen=True, slots=True)
class LiveDemo:
    """The running demo tournament and the demo accounts (all with `DEMO_PASSWORD`)."""

    tournament: int
    users: tuple[str, ...]
    results: int


def add_live_demo(db: Store, *, players: int = 16, actor: Actor = SYSTEM) -> LiveDemo:
    """A running tournament for the demo's live and director pages (shown on /live): the
    `players` best of the stored rating list, three Swiss rounds paired, rounds 1-2 complete
    and half of round 3 entered (the higher rated wins by a margin from a fixed draw); and
    the demo accounts.

    Raises:
        NotFoundError: the registry has fewer than `players` rated players.
    """
    import random

    from ratinglist.model.account import Grant, Role
    from ratinglist.model.directed import NewSettings, ResultSpec
    from ratinglist.service.accounts import add_user, grant
    from ratinglist.service.tournaments.actions import new_tournament, pair, register_players
    from ratinglist.service.tournaments.lifecycle import show_on_live
    from ratinglist.service.tournaments.results import enter_result
    from ratinglist.service.tournaments.server import invite_assistant
    from ratinglist.service.tournaments.views import show_round

    top = list_page(db, limit=players).rows
    if len(top) < players:
        raise NotFoundError(f"expected {players} rated players for the live demo, got {len(top)}")
    for name, role in DEMO_USERS:
        add_user(db, name, DEMO_PASSWORD, actor)
        if role is not None:
            grant(db, name, Grant(Role(role)), actor)
    settings = NewSettings(name="Demo Open (live)", country=top[0].country, start="2025-09-06",
                           system="swiss", rounds=5, seed=2025)  # fmt: skip
    made = new_tournament(db, settings, actor, director="demo-director")
    key = made.id
    show_on_live(db, key, True, actor)
    invite_assistant(db, made.id, "demo-assistant", actor)
    register_players(db, key, [str(p.entry.player) for p in top], actor)
    rating = {p.entry.player: p.entry.rating for p in top}
    draw = random.Random(2025)
    entered = 0
    for k in (1, 2, 3):
        pair(db, key, actor)
        tables = show_round(db, key, k).tables
        for line in tables[: len(tables) if k < 3 else len(tables) // 2]:
            margin = 2 * draw.randint(1, 12)
            black_wins = rating[line.black.id] >= rating[line.white.id] or draw.random() < 0.25
            black = 32 + margin // 2 if black_wins else 32 - margin // 2
            score = f"{black}-{64 - black}"
            enter_result(db, key, ResultSpec(round=str(k), table=line.table, score=score), actor)
            entered += 1
    return LiveDemo(made.id, tuple(n for n, _ in DEMO_USERS), entered)

"""What the benchmarks share for `--smoke`: the real data folder and a tiny database; and a
``ratinglist`` command run in the benchmark's own process (a set-up step, not measured).

Every script in `benchmarks/` takes ``--smoke``: its real code path on a tiny input (a small
slice of the real data or a small synthetic one), within a few seconds, exit status 0.
`tests/test_benchmarks.py` runs each of them that way, so that none can rot unseen. A helper
module (this one, `synthetic`), not a script.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SMOKE_YEAR = "2021"
"""The archive's smallest recent year (42 files, about 1,700 games): the smoke runs' slice."""
SMOKE_AS_OF = dt.date(2021, 12, 31)
"""The day of the list a smoke database holds (computed and published)."""
SMOKE_RECENT = "2024/20241025_WOC_2024.ELO"
"""One recent world championship: players listed on the published lists of 2024-12-31 and
2026-05-12 (a 2021 slice has none left by then)."""


def real_data_dir() -> Path:
    """``$RATINGLIST_REAL_DATA`` or ``../shared/data/real`` next to the repository."""
    env = os.environ.get("RATINGLIST_REAL_DATA")
    return Path(env) if env else REPO.parent / "shared" / "data" / "real"


def wof_results() -> Path:
    """The real archive of .ELO files, one folder per year."""
    return real_data_dir() / "othello-rating-pipeline" / "wof_results"


def smoke_archive() -> Path:
    """The smoke runs' archive: one year of real .ELO files (`SMOKE_YEAR`)."""
    return wof_results() / SMOKE_YEAR


def smoke_recent() -> Path:
    """The file `SMOKE_RECENT` of the real archive."""
    return wof_results() / SMOKE_RECENT


def smoke_database(folder: Path, *, rate: bool = True, publish: bool = True) -> Path:
    """A new SQLite file in `folder`: `smoke_archive` imported, and with `rate` the list as
    of `SMOKE_AS_OF` computed and (with `publish`) published, through the same service calls
    as ``ratinglist import``, ``rate`` and ``publish``. The handle is closed again."""
    from ratinglist.service.actor import SYSTEM
    from ratinglist.service.archive import import_archive
    from ratinglist.service.databases import forget_database, open_database
    from ratinglist.service.publishing import publish_list
    from ratinglist.service.rating_lists import compute_list

    path = folder / "smoke.db"
    url = f"sqlite:///{path}"
    db = open_database(url, create=True)
    try:
        import_archive(db, [smoke_archive()])
        if rate:
            done = compute_list(db, SMOKE_AS_OF, actor=SYSTEM)
            if publish:
                publish_list(db, str(done.info.id), SYSTEM)
    finally:
        forget_database(url)
    return path


def ratinglist_here(*args: str) -> str:
    """The output of ``ratinglist ARGS`` run in this process (a benchmark's set-up: what it
    measures runs as its own process); exits naming the command when it fails. The database
    handle the command opened is closed again."""
    from typer.testing import CliRunner

    from ratinglist.cli.app import command_line_app
    from ratinglist.cli.common import database_url
    from ratinglist.service.databases import forget_database

    done = CliRunner().invoke(command_line_app(list(args)), list(args))
    if "--db" in args:
        forget_database(database_url(args[args.index("--db") + 1]))
    if done.exit_code != 0:
        sys.exit(f"ratinglist {' '.join(args)} failed ({done.exit_code}):\n{done.output}")
    return done.output

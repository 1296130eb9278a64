"""A small archive for the site tests: three hand-made results files, two rating lists.

One player is named ``<script>alert(1)</script>`` so every page can be checked for escaping.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ratinglist.service.actor import SYSTEM
from ratinglist.service.archive import import_archive
from ratinglist.service.publishing import publish_list
from ratinglist.service.rating_lists import compute_list
from tests.conftest import handle

EVIL = "<script>alert(1)</script>"

PLAYERS = {
    50001: (EVIL, "Evil", "FRA"),
    50002: ("DUPONT", "Jean", "FRA"),
    120001: ("DE GRAAF", "Jan", "NLD"),
    120002: ("VOS", "Bram", "NLD"),
    10001: ("TANAKA", "Hiroshi", "JPN"),
    10002: ("SATO", "Yuki", "JPN"),
}

# (file name, country, games "first (discs)sign(discs) second colour" by round)
FILES = (
    (
        "2026/20260110_Paris_Open.ELO",
        "France",
        [
            ["50001 (40)>(24) 50002 B", "120001 (30)<(34) 10001 W", "120002 (32)=(32) 10002 B"],
            ["50002 (20)<(44) 120001 B", "10001 (36)>(28) 50001 W", "10002 (33)>(31) 120002 B"],
            ["50001 (35)>(29) 120002 B", "50002 (38)>(26) 10002 W", "120001 (27)<(37) 10001 B"],
        ],
    ),
    (
        "2026/20260207_Utrecht_Cup.ELO",
        "Netherlands",
        [
            ["120001 (41)>(23) 50001 B", "10002 (30)<(34) 50002 W", "120002 (20)<(44) 10001 B"],
            ["50001 (33)>(31) 10002 B", "10001 (29)<(35) 50002 W", "120002 (36)>(28) 120001 B"],
        ],
    ),
    (
        "2026/20260307_Tokyo_Cup.ELO",
        "Japan",
        [
            ["10001 (40)>(24) 10002 B", "50001 (30)<(34) 120002 W", "50002 (32)=(32) 120001 B"],
            ["10002 (20)<(44) 50001 B", "120002 (30)<(34) 10001 W", "120001 (36)>(28) 50002 B"],
        ],
    ),
)

BROKEN = "%%Tournament: Broken\n%%Country: France\n%%Date: 32/13/2026\n50001 (40)>>(24) 50002 B\n"
"""A results file with a bad date and a bad game line (for `/check`)."""

LIST_DATES = (dt.date(2026, 2, 28), dt.date(2026, 3, 31))
"""The published lists."""

UNPUBLISHED = dt.date(2026, 4, 30)
"""A list computed but not published: the site must not show it."""


def write_archive(folder: Path) -> Path:
    """Write the three files under `folder`; return the archive folder."""
    for name, country, rounds in FILES:
        day = name.split("/")[1][:8]
        lines = [
            f"%%Tournament: {Path(name).stem.split('_', 1)[1].replace('_', ' ')}",
            f"%%Country: {country}",
            f"%%Date: {day[6:8]}/{day[4:6]}/{day[:4]}",
            "%%Sender: Site Tester",
        ]
        for pid, (surname, first, code) in PLAYERS.items():
            lines.append(f"%_% {pid}, {surname}, {first}, {code}")
        for k, games in enumerate(rounds, start=1):
            lines.append(f"%Round {k}")
            lines.extend(games)
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def build_site_db(folder: Path, url: str) -> str:
    """Write the archive under `folder`, import it into the empty database at `url` and
    compute the lists; return `url`."""
    archive = write_archive(folder / "archive")
    import_archive(handle(url, create=True), [archive])
    for day in LIST_DATES:
        done = compute_list(handle(url), day, actor=SYSTEM)
        publish_list(handle(url), str(done.info.id), SYSTEM)
    compute_list(handle(url), UNPUBLISHED, actor=SYSTEM)
    return url

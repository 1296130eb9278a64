"""Store fixtures: a fresh migrated database (both backends) and small hand-written .ELO files."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ratinglist.store import Store, open_store

UTRECHT = """\
%%Tournament: Utrecht Open 2023
%%Country: Netherlands
%%Date: 14/01/2023
%%Sender: Jan Tester

%_% 120005, VOS, Bram, NLD, 2, 100
%_% 120007, SMEETS, Linda, NLD, 2, 90
%_% 50003, MARTEL, Luc, FRA, 1, 70
%_% +NEW1, NOVAK, Ilja, NLD, 1, 60

%Round 1
120005 (40)>(24) 120007 B
50003 (20)<(44) NEW1 W
%Round 2
120005 (33)>(31) NEW1 B
120007 (36)>(28) 50003 W
"""

ClearFile = Callable[[str, str], Path]


@pytest.fixture()
def store(db_url: str) -> Iterator[Store]:
    """A fresh database at the newest migration, on SQLite and on PostgreSQL."""
    opened = open_store(db_url)
    yield opened
    opened.close()


@pytest.fixture()
def elo_file(tmp_path: Path) -> ClearFile:
    """Write a results file under tmp_path: ``elo_file(relative_name, text) -> path``."""

    def write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="ascii")
        return path

    return write

"""The CSV of a rating list (`ratinglist rate --csv`): one row per rated player."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ratinglist.errors import FormatError

CSV_HEADER = (
    "id",
    "name",
    "country",
    "rating",
    "margin",
    "official",
    "listed",
    "games",
    "last_played",
)
"""The exact header of `ratinglist rate --csv`."""


@dataclass(frozen=True, slots=True)
class CsvRow:
    """One rated player as the CSV writes it (rating and margin unrounded)."""

    id: int
    name: str
    country: str
    rating: float
    margin: float
    official: bool
    listed: bool
    games: int
    last_played: str


def write_rating_csv(path: Path, rows: Iterable[CsvRow]) -> int:
    """Write `rows` under `CSV_HEADER` in the given order; return how many.

    Raises:
        FormatError: the file cannot be written.
    """
    count = 0
    try:
        with path.open("w", encoding="utf-8", newline="") as out:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(CSV_HEADER)
            for r in rows:
                writer.writerow(
                    (
                        r.id,
                        r.name,
                        r.country,
                        f"{r.rating:.1f}",
                        f"{r.margin:.1f}",
                        int(r.official),
                        int(r.listed),
                        r.games,
                        r.last_played,
                    )
                )
                count += 1
    except OSError as exc:
        raise FormatError(f"cannot write the CSV file '{path}': {exc.strerror or exc}") from exc
    return count

"""`/downloads`: the players list with the latest published ratings, lists as CSV, zips."""

from __future__ import annotations

import csv
import datetime as dt
import io
import zipfile
from dataclasses import dataclass

from ratinglist.errors import N_, NotFoundError
from ratinglist.formats.playerlist import format_players_list
from ratinglist.service.registry import players_with_list_ratings
from ratinglist.service.site import ListQuery, Site, find_list, list_entries, lists
from ratinglist.service.site_tournaments import stored_bytes
from ratinglist.store import export_players_list
from ratinglist.store.site_lists import ListRef
from ratinglist.store.site_tournaments import archive_files, archive_years

CSV_HEADER = (
    "rank",
    "id",
    "name",
    "country",
    "rating",
    "margin",
    "official",
    "games",
    "last_played",
)
"""The header of a list's CSV download (listed players, by place)."""


@dataclass(frozen=True, slots=True)
class DownloadsPage:
    """What `/downloads` offers: the latest list, every list, every archive year."""

    latest: ListRef | None
    lists: tuple[ListRef, ...]
    years: tuple[tuple[int, int], ...]


def downloads(site: Site) -> DownloadsPage:
    """The downloads page."""
    refs = lists(site)
    with site.store.connect() as conn:
        years = archive_years(conn)
    return DownloadsPage(refs[-1] if refs else None, tuple(reversed(refs)), years)


def players_file(site: Site) -> bytes:
    """``joueurs.txt``: the registry in Papp's format with the latest published ratings.

    Raises:
        NotFoundError: no list is published.
    """
    latest = find_list(site, None)

    def build() -> bytes:
        people = players_with_list_ratings(site.store, latest.id)
        listing = export_players_list(site.store, include=people)
        return format_players_list(listing).encode(listing.layout.encoding, errors="replace")

    return site.cached(("joueurs", latest.id), build)


def list_csv(site: Site, as_of: dt.date | None) -> tuple[ListRef, str]:
    """A published list as CSV (`CSV_HEADER`), listed players by place.

    Raises:
        NotFoundError: no such published list.
    """
    page = list_entries(site, ListQuery(as_of=as_of))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for e in page.entries:
        writer.writerow(
            (
                e.rank,
                e.player_id,
                e.name,
                e.country,
                e.rating,
                f"{e.margin:.1f}",
                int(e.official),
                e.games,
                e.last_played.isoformat(),
            )
        )
    return ListRef(page.list.id, page.list.as_of), out.getvalue()


def archive_zip(site: Site, year: int | None) -> bytes:
    """The current results files (of one year, or all) as a zip, ``YYYY/FILE.ELO`` inside.

    Raises:
        NotFoundError: no tournament that year, or a file's bytes were never stored.
    """

    def build() -> bytes:
        with site.store.connect() as conn:
            files = archive_files(conn, year)
        if not files:
            raise NotFoundError(N_("expected a year with tournaments, got '%(year)s'"), year=year)
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for f in files:
                data = stored_bytes(f.file_name, f.content, f.sha256)
                info = zipfile.ZipInfo(f"{f.start_date.year}/{f.file_name}", _stamp(f.start_date))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, data)
        return out.getvalue()

    return site.cached(("zip", year), build)


def _stamp(day: dt.date) -> tuple[int, int, int, int, int, int]:
    year = max(day.year, 1980)
    return (year, day.month if day.year >= 1980 else 1, day.day if day.year >= 1980 else 1, 0, 0, 0)

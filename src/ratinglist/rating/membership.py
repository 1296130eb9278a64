"""Which results files a published list was computed from, read from who is in it.

A results file that brings newcomers (players whose first archived game it holds) leaves a
trace in every list computed from it: the ID officer gives each newcomer an ID and the players
list carries it, rated or not. So a file whose newcomers are all missing from a published
players list had not been received when that list was computed, whatever its dates say
(issue 23 item 5: the May-2026 list has no newcomer of four files of 2026-03-15 to 2026-04-25,
and its ratings are reproduced far better without them). A file without newcomers leaves no
such trace and keeps its received day.

With ``in_order`` the rule also reads the files without newcomers: a federation's files reach
the WOF in the order they were played, so once a file of a country (``%%Country``) is shown
missing and no later file of that country is shown received, its later files are missing too
(on the May-2026 list: the Japanese files after the 2026-03-15 Meijin, whose one newcomer the
list lacks).

`newcomers_by_file` finds each file's newcomers from the games; `files_not_in_list` applies the
rule to a list. Both are pure: the store gives the games and files, the players list the IDs.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from ratinglist.errors import RatingError
from ratinglist.model.results_file import ResultsFile


def newcomers_by_file(
    games: Iterable[tuple[int, int, int]], start: Mapping[int, dt.date]
) -> dict[int, frozenset[int]]:
    """Each file's newcomers from `games` (first player, second player, file): the players
    whose earliest file (by `start`, the file's first day; on the same day the lower file
    id) is that one. Files without a newcomer are absent from the answer.

    Raises:
        RatingError: a game of a file `start` does not date.
    """
    first: dict[int, tuple[dt.date, int]] = {}
    for a, b, file in games:
        day = start.get(file)
        if day is None:
            raise RatingError(f"expected the start day of every file, got none for file {file}")
        key = (day, file)
        for player in (a, b):
            seen = first.get(player)
            if seen is None or key < seen:
                first[player] = key
    found: dict[int, set[int]] = {}
    for player, (_, file) in first.items():
        found.setdefault(file, set()).add(player)
    return {file: frozenset(players) for file, players in found.items()}


@dataclass(frozen=True, slots=True)
class NotInList:
    """A file the published list was computed without: the file and how many newcomers it
    brought (none of them is in the list; 0 for a file left out because an earlier file of
    its country was, with ``in_order``)."""

    file: ResultsFile
    newcomers: int


def files_not_in_list(
    files: Iterable[ResultsFile],
    newcomers: Mapping[int, Collection[int]],
    known: Collection[int],
    as_of: dt.date,
    *,
    min_newcomers: int = 1,
    in_order: bool = False,
) -> tuple[NotInList, ...]:
    """The files, started on or before `as_of` (the list's date), with at least
    `min_newcomers` newcomers none of whom is `known` (an ID of the published players list):
    the list was computed before they were received. With `in_order`, also every later file
    of the same country after such a file when no later file of that country has a known
    newcomer. By start date, then file name.

    Raises:
        RatingError: `min_newcomers` below 1.
    """
    if min_newcomers < 1:
        raise RatingError(f"expected at least 1 newcomer as evidence, got {min_newcomers}")
    started = sorted((f for f in files if f.start <= as_of), key=lambda f: (f.start, f.tournament))
    missing: dict[int, NotInList] = {}
    first_missing: dict[str, dt.date | None] = {}
    for file in started:
        new = newcomers.get(file.tournament, ())
        if len(new) < min_newcomers:
            continue
        country = file.country.casefold()
        if any(player in known for player in new):
            first_missing[country] = None
        else:
            missing[file.tournament] = NotInList(file, len(new))
            if first_missing.get(country) is None:
                first_missing[country] = file.start
    if in_order:
        for file in started:
            since = first_missing.get(file.country.casefold())
            if since is not None and file.start >= since and file.tournament not in missing:
                missing[file.tournament] = NotInList(file, len(newcomers.get(file.tournament, ())))
    return tuple(sorted(missing.values(), key=lambda n: (n.file.start, n.file.file_name)))

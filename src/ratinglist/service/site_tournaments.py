"""The public site's tournament pages: the sortable list, one tournament, its original file."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from ratinglist.errors import NotFoundError
from ratinglist.model import PlayerId
from ratinglist.service.site import Site, country_code
from ratinglist.standings.table import GameScore, PlayerScores, compute_standings
from ratinglist.store.site_tournaments import (
    DiagnosticRow,
    GameRow,
    TournamentDetail,
    TournamentSort,
    file_diagnostics,
    names_of,
    tournament_detail,
    tournament_games,
    tournament_page,
)
from ratinglist.store.site_tournaments import TournamentSummary as TournamentSummary

PAGE_SIZE = 50
"""Tournaments per page of `/tournaments`."""

POINTS = {">": (1.0, 0.0), "<": (0.0, 1.0), "=": (0.5, 0.5)}


@dataclass(frozen=True, slots=True)
class TournamentQuery:
    """Filter, sort and page of the tournaments list."""

    name: str | None = None
    country: str | None = None
    sort: str = "date"
    descending: bool = True
    limit: int = PAGE_SIZE
    offset: int = 0


@dataclass(frozen=True, slots=True)
class TournamentList:
    """One page of rated tournaments, newest first unless sorted otherwise."""

    query: TournamentQuery
    rows: tuple[TournamentSummary, ...]
    total: int


def parse_sort(text: str) -> TournamentSort:
    """``date``, ``name`` or ``country``.

    Raises:
        NotFoundError: anything else.
    """
    try:
        return TournamentSort(text)
    except ValueError as exc:
        raise NotFoundError(f"expected a sort key date, name or country, got {text!r}") from exc


def tournaments_list(site: Site, query: TournamentQuery) -> TournamentList:
    """One page of the rated tournaments, filtered and sorted in the database.

    Raises:
        NotFoundError: an unknown sort key.
    """
    sort = parse_sort(query.sort)
    with site.store.connect() as conn:
        rows, total = tournament_page(
            conn,
            name=query.name,
            country=query.country,
            sort=sort,
            descending=query.descending,
            limit=query.limit,
            offset=query.offset,
        )
    return TournamentList(query, rows, total)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line in the tournament's standings (Brightwell quotient, C = 6)."""

    place: int
    player_id: int
    name: str
    country: str
    score: float
    discs: float
    brightwell: float
    games: int


@dataclass(frozen=True, slots=True)
class TournamentGame:
    """A game as the tournament page shows it: names, discs, who won."""

    round: int | None
    first_id: int | None
    first_name: str
    second_id: int | None
    second_name: str
    outcome: str
    first_discs: int | None
    second_discs: int | None
    first_colour: str | None
    excluded: str | None

    @property
    def winner(self) -> int:
        """1 or 2 for the winner, 0 for a draw."""
        return {">": 1, "<": 2}.get(self.outcome, 0)


@dataclass(frozen=True, slots=True)
class TournamentPage:
    """One tournament: header data, standings, games grouped by round, diagnostics."""

    detail: TournamentDetail
    standings: tuple[Standing, ...]
    rounds: tuple[tuple[int | None, tuple[TournamentGame, ...]], ...]
    diagnostics: tuple[DiagnosticRow, ...]


def tournament(site: Site, tournament_id: int) -> TournamentPage:
    """The tournament page of `tournament_id`.

    Raises:
        NotFoundError: no tournament has this id.
    """
    with site.store.connect() as conn:
        detail = tournament_detail(conn, tournament_id)
        if detail is None:
            raise NotFoundError(f"expected the id of a stored tournament, got '{tournament_id}'")
        rows = tournament_games(conn, tournament_id)
        ids = {i for r in rows for i in (r.first_id, r.second_id) if i is not None}
        names = names_of(conn, ids)
        diagnostics = file_diagnostics(conn, detail.source_file_id)
    games = tuple(_game(r, names) for r in rows)
    rounds: dict[int | None, list[TournamentGame]] = {}
    for g in games:
        rounds.setdefault(g.round, []).append(g)
    return TournamentPage(
        detail=detail,
        standings=_standings(rows, names),
        rounds=tuple((k, tuple(v)) for k, v in rounds.items()),
        diagnostics=diagnostics,
    )


def _label(pid: int | None, token: str | None, names: dict[int, tuple[str, str, str]]) -> str:
    if pid is None:
        return token or "?"
    surname, firstname, _ = names.get(pid, (f"#{pid}", "", ""))
    return f"{surname}, {firstname}" if firstname else surname


def _game(r: GameRow, names: dict[int, tuple[str, str, str]]) -> TournamentGame:
    return TournamentGame(
        round=r.round,
        first_id=r.first_id,
        first_name=_label(r.first_id, r.first_token, names),
        second_id=r.second_id,
        second_name=_label(r.second_id, r.second_token, names),
        outcome=r.outcome,
        first_discs=r.first_discs,
        second_discs=r.second_discs,
        first_colour=r.first_colour,
        excluded=r.excluded,
    )


def _standings(
    rows: tuple[GameRow, ...], names: dict[int, tuple[str, str, str]]
) -> tuple[Standing, ...]:
    """Points, Brightwell (IFRL, C = 6) and discs from the games both of whose IDs are known
    and that the reader did not exclude; a game without discs counts 0 discs each."""
    scores: dict[int, list[GameScore]] = {}
    for r in rows:
        if r.first_id is None or r.second_id is None or r.excluded is not None:
            continue
        a, b = POINTS.get(r.outcome, (0.5, 0.5))
        d1, d2 = r.first_discs or 0, r.second_discs or 0
        scores.setdefault(r.first_id, []).append(GameScore(PlayerId(r.second_id), d1, d2, a))
        scores.setdefault(r.second_id, []).append(GameScore(PlayerId(r.first_id), d2, d1, b))
    if not scores:
        return ()
    table = compute_standings(
        [PlayerScores(PlayerId(pid), tuple(g)) for pid, g in sorted(scores.items())]
    )
    result = []
    for row in table:
        pid = int(row.player)
        _, _, country = names.get(pid, ("", "", ""))
        result.append(
            Standing(
                place=row.place,
                player_id=pid,
                name=_label(pid, None, names),
                country=country_code(country),
                score=row.points,
                discs=row.discs,
                brightwell=row.brightwell,
                games=len(scores[pid]),
            )
        )
    return tuple(result)


@dataclass(frozen=True, slots=True)
class OriginalFile:
    """A results file as it was imported: name and bytes."""

    name: str
    data: bytes


def original_file(site: Site, tournament_id: int) -> OriginalFile:
    """The results file the tournament was read from, byte for byte.

    Read from where it was imported and checked against the stored SHA-256.

    Raises:
        NotFoundError: no such tournament, or its file is gone or changed on disk.
    """
    with site.store.connect() as conn:
        detail = tournament_detail(conn, tournament_id)
    if detail is None:
        raise NotFoundError(f"expected the id of a stored tournament, got '{tournament_id}'")
    return OriginalFile(detail.file_name, read_checked(Path(detail.path), detail.sha256))


def read_checked(path: Path, sha256: str) -> bytes:
    """The bytes of `path` when their SHA-256 is `sha256`.

    Raises:
        NotFoundError: the file cannot be read or has changed since the import.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise NotFoundError(
            f"expected the imported file at '{path}', got {exc.strerror or exc}"
        ) from exc
    if hashlib.sha256(data).hexdigest() != sha256:
        raise NotFoundError(f"expected '{path.name}' as imported, got a changed file on disk")
    return data

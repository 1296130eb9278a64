"""The public site's tournament pages: the sortable list, one tournament, its original file."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import zlib
from dataclasses import dataclass

from ratinglist.errors import N_, NotFoundError, ResultsFileError
from ratinglist.formats.elo_reader import read_elo_bytes
from ratinglist.formats.elo_stages import Section, Stage, file_sections, section_at
from ratinglist.i18n import _
from ratinglist.model import PlayerId
from ratinglist.service.site import Site, coded, country_code
from ratinglist.service.site_engine import TieBreaks, engine_ranking
from ratinglist.standings.placing import KnockoutGame, knockout_order, main_bracket
from ratinglist.standings.table import GameScore, PlayerScores, StandingsRow, compute_standings
from ratinglist.store.parsed import unpack
from ratinglist.store.site_tournaments import (
    DiagnosticRow,
    GameRow,
    TournamentDetail,
    TournamentSort,
    file_content,
    file_diagnostics,
    names_of,
    temporary_ids,
    tournament_countries,
    tournament_detail,
    tournament_games,
    tournament_page,
)
from ratinglist.store.site_tournaments import TournamentSummary as TournamentSummary

PAGE_SIZE = 50
"""Tournaments per page of `/tournaments`."""

POINTS = {">": (1.0, 0.0), "<": (0.0, 1.0), "=": (0.5, 0.5)}


AFTER_SLACK = 2
"""Games after the last round are finals when the players of their main bracket are among
the first (their number + this) of the rounds (the tie-breaks recounted here may differ
from the organiser's)."""


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
        raise NotFoundError(
            N_("expected a sort key date, name or country, got %(text)r"), text=text
        ) from exc


def tournaments_list(site: Site, query: TournamentQuery) -> TournamentList:
    """One page of the rated tournaments, filtered and sorted in the database.

    Raises:
        NotFoundError: an unknown sort key.
    """
    sort = parse_sort(query.sort)
    codes = _tournament_codes(site)
    wanted = None
    if query.country:
        code = country_code(query.country)
        wanted = {spelling for spelling, c in codes.items() if c == code}
    with site.store.connect() as conn:
        rows, total = tournament_page(
            conn,
            name=query.name,
            spellings=wanted,
            codes=codes,
            sort=sort,
            descending=query.descending,
            limit=query.limit,
            offset=query.offset,
        )
    return TournamentList(query, tuple(coded(r) for r in rows), total)


def _tournament_codes(site: Site) -> dict[str, str]:
    """``%%Country:`` text -> country code, for every stored tournament's text."""

    def build() -> dict[str, str]:
        with site.store.connect() as conn:
            spellings = tournament_countries(conn)
        return {s: country_code(s) for s in spellings}

    return site.cached(("tournament-countries",), build)


class PlacedBy(enum.Enum):
    """The rule that placed a tournament's players (issue 19), first that applies."""

    ENGINE = "engine"
    FINALS = "finals"
    AFTER_LAST_ROUND = "after-last-round"
    FINALS_UNREAD = "finals-unread"
    DECLARED = "declared"
    POINTS = "points"


@dataclass(frozen=True, slots=True)
class Placing:
    """The players of a tournament in place order, and why.

    Rules, in order: a tournament run here takes its program's final ranking (`ENGINE`);
    a file with finals marked by its comments (``%Final``, ``%Semi-finals``, ``%1/2
    playoff`` ...) places the finalists by them (`FINALS`), else games after the last
    numbered round among the top players of the rounds are read as finals
    (`AFTER_LAST_ROUND`), by who meets whom (`standings.placing`); when they read as no
    knockout, or as several that place players differently, nobody is placed by them
    (`FINALS_UNREAD`; `unread` says why); below the finalists (or for every player), the scores the
    ``%_%`` lines declare when they differ from the points of the games (`DECLARED`;
    `declared` holds them), else the points of the rounds, the Brightwell quotient (C = 6)
    and discs (`POINTS`).
    """

    rule: PlacedBy
    order: tuple[int, ...]
    reached: dict[int, str]
    rows: dict[int, StandingsRow]
    games: dict[int, int]
    sections: tuple[str, ...]
    declared: dict[int, float] | None
    unread: str | None = None

    @property
    def text(self) -> str:
        """The rule as the page says it."""
        below = (
            _(
                "the scores the file declares on its %%_%% lines (they differ from the points "
                "of its games)"
            )
            if self.declared is not None
            else _("the points of the rounds, the Brightwell quotient (C = 6) and discs")
        )
        if self.rule is PlacedBy.ENGINE:
            return _(
                "Placed by the final ranking of the program that ran this tournament "
                "(finals, byes and forfeits as played); points, Brightwell and discs are "
                "the tournament's own."
            )
        if self.rule is PlacedBy.FINALS:
            marks = ", ".join(self.sections)
            return _(
                "Placed by the finals the file marks (%(marks)s), then by %(below)s.",
                marks=marks,
                below=below,
            )
        if self.rule is PlacedBy.FINALS_UNREAD:
            return _(
                "The games after the rounds are not read as finals (%(why)s): placed by %(below)s.",
                why=self.unread,
                below=below,
            )
        if self.rule is PlacedBy.AFTER_LAST_ROUND:
            return _(
                "Placed by the games after the last round (played as finals), then by %(below)s.",
                below=below,
            )
        if self.rule is PlacedBy.DECLARED:
            return _(
                "Placed by %(below)s; ties by the points of the games, the Brightwell "
                "quotient (C = 6) and discs.",
                below=below,
            )
        return _("Placed by the points of the games, the Brightwell quotient (C = 6) and discs.")


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line in the tournament's standings: place (by the tournament's `Placing`),
    points, discs and Brightwell quotient (C = 6) of the rounds, the score the file declares
    when it placed the players, the finals stage reached, games played."""

    place: int
    player_id: int
    name: str
    country: str
    score: float
    discs: float
    brightwell: float
    games: int
    declared: float | None = None
    reached: str | None = None


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
    placed_by: PlacedBy
    placing: str
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
            raise NotFoundError(
                N_("expected the id of a stored tournament, got '%(tournament_id)s'"),
                tournament_id=tournament_id,
            )
        rows = tournament_games(conn, tournament_id)
        ids = {i for r in rows for i in (r.first_id, r.second_id) if i is not None}
        names = names_of(conn, ids)
        diagnostics = file_diagnostics(conn, detail.source_file_id)
        content = file_content(conn, detail.source_file_id)
        tokens = temporary_ids(conn, detail.source_file_id)
        engine = engine_ranking(site.store, conn, detail)
    placing = place_players(
        rows,
        _sections(content),
        _declared(content, tokens, detail.file_name),
        None if engine is None else engine.order,
    )
    games = tuple(_game(r, names) for r in rows)
    rounds: dict[int | None, list[TournamentGame]] = {}
    for g in games:
        rounds.setdefault(g.round, []).append(g)
    return TournamentPage(
        detail=dataclasses.replace(detail, summary=coded(detail.summary)),
        standings=_standings(placing, names, {} if engine is None else engine.tiebreaks),
        placed_by=placing.rule,
        placing=placing.text,
        rounds=tuple((k, tuple(v)) for k, v in rounds.items()),
        diagnostics=diagnostics,
    )


def _sections(content: bytes | None) -> tuple[Section, ...]:
    """The file's sections (one section of rounds when its bytes are not stored)."""
    if content is not None:
        try:
            return file_sections(unpack(content))
        except zlib.error:
            pass
    return (Section(0, Stage.ROUNDS, ""),)


def _standings(
    placing: Placing, names: dict[int, tuple[str, str, str]], own: dict[int, TieBreaks]
) -> tuple[Standing, ...]:
    """The standings lines in place order; a tournament run here shows its own points,
    Brightwell and discs (`own`), else those recounted from the file's games."""
    result = []
    for place, pid in enumerate(placing.order, start=1):
        row = placing.rows.get(pid)
        _, _, country = names.get(pid, ("", "", ""))
        counted = own.get(pid)
        if counted is not None:
            score, discs, brightwell = counted.points, counted.discs, counted.brightwell
        elif row is not None:
            score, discs, brightwell = row.points, row.discs, row.brightwell
        else:
            score, discs, brightwell = 0.0, 0.0, 0.0
        result.append(
            Standing(
                place=place,
                player_id=pid,
                name=_label(pid, None, names),
                country=country_code(country),
                score=score,
                discs=discs,
                brightwell=brightwell,
                games=placing.games.get(pid, 0),
                declared=None if placing.declared is None else placing.declared.get(pid),
                reached=placing.reached.get(pid),
            )
        )
    return tuple(result)


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


def _scores(rows: list[GameRow]) -> dict[int, list[GameScore]]:
    """Each player's games among `rows` (a game without discs counts 0 discs each)."""
    scores: dict[int, list[GameScore]] = {}
    for r in rows:
        assert r.first_id is not None and r.second_id is not None
        a, b = POINTS.get(r.outcome, (0.5, 0.5))
        d1, d2 = r.first_discs or 0, r.second_discs or 0
        scores.setdefault(r.first_id, []).append(GameScore(PlayerId(r.second_id), d1, d2, a))
        scores.setdefault(r.second_id, []).append(GameScore(PlayerId(r.first_id), d2, d1, b))
    return scores


def _table(scores: dict[int, list[GameScore]]) -> tuple[StandingsRow, ...]:
    """Points, Brightwell (IFRL, C = 6), discs of `scores`, best first."""
    if not scores:
        return ()
    return compute_standings(
        [PlayerScores(PlayerId(pid), tuple(g)) for pid, g in sorted(scores.items())]
    )


def _after_last_round(rows: list[tuple[GameRow, Stage]]) -> list[tuple[GameRow, Stage]]:
    """`rows` with the games after the last numbered round marked `Stage.ADDED`: games
    without a round after it, and in it, the games from the first one of a player who
    already played in that round."""
    numbered = [r.round for r, st in rows if st is Stage.ROUNDS and r.round is not None]
    if not numbered:
        return rows
    last = max(numbered)
    last_line = max(r.line for r, st in rows if st is Stage.ROUNDS and r.round == last)
    seen: set[int] = set()
    after = False
    out = []
    for r, st in rows:
        if st is Stage.ROUNDS:
            if r.round is None and r.line > last_line:
                st = Stage.ADDED
            elif r.round == last:
                pair = {r.first_id, r.second_id}
                after = after or bool(pair & seen)
                seen |= {p for p in pair if p is not None}
                st = Stage.ADDED if after else st
        out.append((r, st))
    return out


def _declared(
    data: bytes | None, tokens: dict[str, int], file_name: str
) -> dict[int, float] | None:
    """ID -> the score the ``%_%`` lines declare; None when a listed player has none."""
    if data is None:
        return None
    try:
        listed = read_elo_bytes(unpack(data), file_name).players
    except (ResultsFileError, zlib.error):
        return None
    declared: dict[int, float] = {}
    for p in listed:
        pid = tokens.get(p.token)
        if pid is None and p.token.isdigit() and p.token.isascii():
            pid = int(p.token)
        if pid is None:
            continue
        if p.score is None:
            return None
        declared[pid] = p.score
    return declared or None


def _differs(declared: dict[int, float], *tables: tuple[StandingsRow, ...]) -> bool:
    """True when the declared scores match the points of none of `tables`."""
    for table in tables:
        points = {int(r.player): r.points for r in table}
        if all(abs(declared.get(pid, pts) - pts) < 1e-9 for pid, pts in points.items()):
            return False
    return True


def place_players(
    rows: tuple[GameRow, ...],
    sections: tuple[Section, ...],
    declared: dict[int, float] | None,
    engine: tuple[int, ...] | None,
) -> Placing:
    """Order the players of a stored tournament (see `Placing` for the rules, in order)."""
    usable = [
        r for r in rows if r.first_id is not None and r.second_id is not None and r.excluded is None
    ]
    staged = [(r, sections[section_at(sections, r.line)].stage) for r in usable]
    labelled = any(st.knockout and st is not Stage.ADDED for _, st in staged)
    if not labelled:
        staged = _after_last_round(staged)
    rounds = [r for r, st in staged if st is Stage.ROUNDS]
    knockout = [(r, st) for r, st in staged if st.knockout]
    base = _table(_scores(rounds))
    if knockout and not labelled:
        rank = {int(row.player): i for i, row in enumerate(base)}
        pairs = [(int(r.first_id or 0), int(r.second_id or 0)) for r, _ in knockout]
        main = main_bracket(pairs, lambda p: rank.get(p, len(rank)))
        players = {p for pair in main for p in pair}
        top = {int(row.player) for row in base[: len(players) + AFTER_SLACK]}
        if len(players) < 2 or not players <= top:
            rounds += [r for r, _ in knockout]
            knockout = []
            base = _table(_scores(rounds))
        else:
            staged = [
                (r, st if (int(r.first_id or 0), int(r.second_id or 0)) in main else Stage.SIDE)
                if st is Stage.ADDED
                else (r, st)
                for r, st in staged
            ]
            knockout = [(r, st) for r, st in staged if st.knockout]
    every = _table(_scores([r for r, st in staged if st is not Stage.SIDE]))
    side = _table(_scores([r for r, st in staged if st is Stage.SIDE]))
    order = [int(row.player) for row in base]
    rule = PlacedBy.POINTS
    if declared is not None and base and _differs(declared, base, every):
        rank = {p: i for i, p in enumerate(order)}
        order.sort(key=lambda p: (-declared.get(p, -1.0), rank[p]))
        rule = PlacedBy.DECLARED
    reached: dict[int, str] = {}
    unread: str | None = None
    if knockout:
        games = [
            KnockoutGame(
                section=section_at(sections, r.line),
                label=None if st is Stage.ADDED else st.value,
                first=int(r.first_id or 0),
                second=int(r.second_id or 0),
                first_points=POINTS.get(r.outcome, (0.5, 0.5))[0],
                first_discs=r.first_discs or 0,
                second_discs=r.second_discs or 0,
                placement=st.placement,
            )
            for r, st in knockout
        ]
        ko = knockout_order(order, games)
        order, reached, unread = list(ko.order), ko.reached, ko.unreadable
        if unread is not None:
            rule = PlacedBy.FINALS_UNREAD
        else:
            rule = PlacedBy.FINALS if labelled else PlacedBy.AFTER_LAST_ROUND
    order += [int(row.player) for row in side if int(row.player) not in set(order)]
    if engine is not None:
        position = {p: i for i, p in enumerate(engine)}
        current = {p: i for i, p in enumerate(order)}
        order.sort(key=lambda p: (position.get(p, len(engine)), current[p]))
        rule = PlacedBy.ENGINE
    used = {section_at(sections, r.line) for r, _ in knockout}
    titles = tuple(sections[k].text for k in sorted(used) if sections[k].text)
    by_declared = rule is PlacedBy.DECLARED or (
        declared is not None and bool(base) and _differs(declared, base, every)
    )
    tables = {int(r.player): r for t in (side, every, base) for r in t}
    played: dict[int, int] = {}
    for r in usable:
        for pid in (r.first_id, r.second_id):
            if pid is not None:
                played[pid] = played.get(pid, 0) + 1
    return Placing(
        rule=rule,
        order=tuple(order),
        reached=reached,
        rows=tables,
        games=played,
        sections=titles,
        declared=declared if by_declared else None,
        unread=unread,
    )


@dataclass(frozen=True, slots=True)
class OriginalFile:
    """A results file as it was imported: name and bytes."""

    name: str
    data: bytes


def original_file(site: Site, tournament_id: int) -> OriginalFile:
    """The results file the tournament was read from, byte for byte, from the database.

    Raises:
        NotFoundError: no such tournament, or its bytes were never stored (imported before
            files were kept and no longer found when the database was upgraded).
    """
    with site.store.connect() as conn:
        detail = tournament_detail(conn, tournament_id)
        if detail is None:
            raise NotFoundError(
                N_("expected the id of a stored tournament, got '%(tournament_id)s'"),
                tournament_id=tournament_id,
            )
        content = file_content(conn, detail.source_file_id)
    return OriginalFile(detail.file_name, stored_bytes(detail.file_name, content, detail.sha256))


def stored_bytes(name: str, content: bytes | None, sha256: str) -> bytes:
    """The bytes of file `name` from their stored form, checked against `sha256`.

    Raises:
        NotFoundError: the bytes were never stored, or they are damaged.
    """
    if content is None:
        raise NotFoundError(
            N_(
                "expected the bytes of '%(name)s' in the database, got none (imported "
                "before files were kept: import the file again)"
            ),
            name=name,
        )
    try:
        data = unpack(content)
    except zlib.error as exc:
        raise NotFoundError(
            N_("expected the stored bytes of '%(name)s', got damaged data"), name=name
        ) from exc
    if hashlib.sha256(data).hexdigest() != sha256:
        raise NotFoundError(
            N_("expected '%(name)s' as imported, got different stored bytes"), name=name
        )
    return data

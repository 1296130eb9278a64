"""The write side of the import: an in-memory view of the archive and one file's rows.

`ArchiveState` caches what the importer consults for every file (latest version of each
name, tournaments by games fingerprint, used IDs, known players) so a file costs a handful
of bulk statements. It is a cache: `write_file` runs inside the file's SAVEPOINT and the
caller applies the returned `Written` to the cache (`ArchiveState.remember`) only after the
savepoint was released, so a failed file leaves both the database and the cache as they were.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from sqlalchemy import delete, insert, select, union, update
from sqlalchemy.engine import Connection

from ratinglist.archive.duplicates import Candidate, find_original
from ratinglist.model import is_temporary_id
from ratinglist.registry.countries import find_country, get_country
from ratinglist.registry.ids import assign_temporary_ids
from ratinglist.store.bulk import bulk_insert, insert_one
from ratinglist.store.database import Store
from ratinglist.store.parsed import DiagnosticRow, ParsedFile
from ratinglist.store.schema import (
    diagnostics,
    games,
    id_history,
    players,
    source_files,
    temp_id_mappings,
    tournaments,
)

INT32_MAX = 2**31 - 1
OTHER_COUNTRY = "OTHER"


@dataclass(frozen=True, slots=True)
class LatestVersion:
    """The newest stored version of a file name, and the id of the version in force."""

    version: int
    sha256: str
    current_id: int | None


@dataclass(slots=True)
class ArchiveState:
    """What the importer needs to know about the stored archive (a cache, see module doc)."""

    latest: dict[str, LatestVersion] = field(default_factory=dict)
    tournament_ids: dict[str, int] = field(default_factory=dict)
    by_hash: dict[str, list[Candidate]] = field(default_factory=dict)
    hash_of: dict[int, str] = field(default_factory=dict)
    used_ids: set[int] = field(default_factory=set)
    known_players: set[int] = field(default_factory=set)

    @classmethod
    def load(cls, store: Store) -> ArchiveState:
        """Read the cache from the database."""
        state = cls()
        with store.connect() as conn:
            rows = conn.execute(
                select(
                    source_files.c.name,
                    source_files.c.version,
                    source_files.c.sha256,
                    source_files.c.is_current,
                    source_files.c.id,
                ).order_by(source_files.c.name, source_files.c.version)
            )
            current: dict[str, int] = {}
            for name, version, sha, is_current, file_id in rows:
                if is_current:
                    current[name] = file_id
                state.latest[name] = LatestVersion(version, sha, None)
            for name, latest in state.latest.items():
                state.latest[name] = LatestVersion(latest.version, latest.sha256, current.get(name))
            t = tournaments.c
            for tid, name, start, ghash, dup in conn.execute(
                select(t.id, t.file_name, t.start_date, t.games_hash, t.duplicate_of)
            ):
                state.tournament_ids[name] = tid
                state.by_hash.setdefault(ghash, []).append(Candidate(tid, name, start, dup))
                state.hash_of[tid] = ghash
            state.known_players = set(conn.execute(select(players.c.id)).scalars())
            ids = union(
                select(games.c.first_id.label("pid")).where(games.c.first_id.is_not(None)),
                select(games.c.second_id).where(games.c.second_id.is_not(None)),
            )
            state.used_ids = state.known_players | set(conn.execute(ids).scalars())
        return state

    def temporary_ids(self, parsed: ParsedFile) -> dict[str, int]:
        """Lowest unused IDs of the host country's range for the file's temporary IDs.

        IDs written in the file itself count as used; tokens are mapped in order of first
        appearance. Nothing is reserved until the file is written. A host country that is
        unknown, has no range or whose range is used up falls back to ``OTHER``.
        """
        distinct = {p[0] for p in parsed.players}
        distinct.update([g[0] for g in parsed.games])
        distinct.update([g[1] for g in parsed.games])
        if not any(is_temporary_id(t) for t in distinct if not t.isdigit()):
            return {}  # most files: no temporary ID (a digit run never is one)
        tokens: dict[str, None] = {}
        in_file: set[int] = set()
        written = dict.fromkeys([p[0] for p in parsed.players])  # in order of first appearance
        written.update(dict.fromkeys([t for g in parsed.games for t in (g[0], g[1])]))
        for token in written:
            if is_temporary_id(token):
                tokens[token] = None
            elif token.isdigit() and token.isascii():
                in_file.add(int(token))
        if not tokens:
            return {}
        country = find_country(parsed.country) or get_country(OTHER_COUNTRY)
        mapping = assign_temporary_ids(
            list(tokens), country, self.used_ids | in_file, fallback_to_other=True
        )
        return {token: int(pid) for token, pid in mapping.items()}

    def find_original(self, fingerprint: str, start: dt.date, name: str) -> Candidate | None:
        """The stored tournament that a file with these games and start date duplicates."""
        return find_original(self.by_hash.get(fingerprint, []), start, exclude_file=name)

    def remember(self, written: Written) -> None:
        """Apply a write to the cache once its savepoint or transaction succeeded."""
        latest = self.latest.get(written.name)
        version = (latest.version + 1) if latest else 1
        self.latest[written.name] = LatestVersion(version, written.sha256, written.current_id)
        tid = written.tournament_id
        if tid is None or written.games_hash is None or written.start is None:
            return
        old_hash = self.hash_of.get(tid)
        if old_hash is not None:
            self.by_hash[old_hash] = [c for c in self.by_hash[old_hash] if c.tournament_id != tid]
            for ghash, cands in self.by_hash.items():
                if ghash != written.games_hash:
                    self.by_hash[ghash] = [
                        Candidate(c.tournament_id, c.file_name, c.start_date, None)
                        if c.duplicate_of == tid
                        else c
                        for c in cands
                    ]
        self.tournament_ids[written.name] = tid
        self.hash_of[tid] = written.games_hash
        self.by_hash.setdefault(written.games_hash, []).append(
            Candidate(tid, written.name, written.start, written.duplicate_of)
        )
        self.known_players |= written.new_players
        self.used_ids |= written.ids | written.new_players


@dataclass(frozen=True, slots=True)
class FileWrite:
    """Everything `write_file` stores for one usable file."""

    parsed: ParsedFile
    id_map: dict[str, int]
    games_hash: str
    duplicate_of: int | None
    include_duplicate: bool
    received_on: dt.date | None = None
    """The day the federation received the file (None: left as the database sets it)."""


def _player_id(token: str, id_map: dict[str, int]) -> int | None:
    if token in id_map:
        return id_map[token]
    if token.isdigit() and token.isascii() and int(token) <= INT32_MAX:
        return int(token)
    return None


DIAGNOSTIC_COLUMNS = ("source_file_id", "code", "severity", "line", "column", "message", "text")
GAME_COLUMNS = (
    "tournament_id",
    "seq",
    "first_id",
    "second_id",
    "first_token",
    "second_token",
    "outcome",
    "first_discs",
    "second_discs",
    "first_colour",
    "round",
    "added",
    "excluded",
    "line",
    "column",
)
HISTORY_COLUMNS = ("player_id", "event", "other_id", "date", "reason", "recorded_at")
PLAYER_COLUMNS = ("id", "surname", "firstname", "country", "rating", "origin", "merged_into")


def _diagnostic_rows(file_id: int, items: Sequence[DiagnosticRow]) -> list[tuple[object, ...]]:
    return [(file_id, *d) for d in items]


@dataclass(frozen=True, slots=True)
class Written:
    """What a committed write changes in the cache."""

    name: str
    sha256: str
    file_id: int
    current_id: int | None
    tournament_id: int | None = None
    games_hash: str | None = None
    start: dt.date | None = None
    duplicate_of: int | None = None
    ids: frozenset[int] = frozenset()
    new_players: frozenset[int] = frozenset()
    replaced: bool = False


def _insert_version(
    conn: Connection,
    archive: ArchiveState,
    parsed: ParsedFile,
    *,
    status: str,
    make_current: bool,
    now: dt.datetime,
) -> int:
    latest = archive.latest.get(parsed.name)
    if make_current and latest is not None and latest.current_id is not None:
        conn.execute(
            update(source_files).where(source_files.c.id == latest.current_id),
            {"is_current": False},
        )
    return insert_one(
        conn,
        source_files,
        {
            "name": parsed.name,
            "path": parsed.path,
            "sha256": parsed.sha256,
            "version": (latest.version + 1) if latest else 1,
            "status": status,
            "encoding": parsed.encoding,
            "size": parsed.size,
            "imported_at": now,
            "is_current": make_current,
            "content": parsed.content,
        },
    )


def write_rejected(
    conn: Connection, archive: ArchiveState, parsed: ParsedFile, *, now: dt.datetime
) -> Written:
    """Record a rejected version with its diagnostics; a previous usable version stays current."""
    latest = archive.latest.get(parsed.name)
    keeps_previous = latest is not None and latest.current_id is not None
    file_id = _insert_version(
        conn,
        archive,
        parsed,
        status="rejected",
        make_current=not keeps_previous,
        now=now,
    )
    rows = _diagnostic_rows(file_id, parsed.diagnostics)
    bulk_insert(conn, diagnostics, DIAGNOSTIC_COLUMNS, rows)
    current = latest.current_id if latest is not None and keeps_previous else file_id
    return Written(name=parsed.name, sha256=parsed.sha256, file_id=file_id, current_id=current)


def write_file(
    conn: Connection, archive: ArchiveState, write: FileWrite, *, now: dt.datetime
) -> Written:
    """Store one usable file on `conn` (the caller holds the file's transaction or savepoint)."""
    parsed = write.parsed
    if parsed.start is None:
        raise ValueError("write_file needs a file with a header date")
    previous_tid = archive.tournament_ids.get(parsed.name)
    status = "duplicate" if write.duplicate_of is not None else "imported"
    file_id = _insert_version(conn, archive, parsed, status=status, make_current=True, now=now)
    rows = _diagnostic_rows(file_id, parsed.diagnostics)
    bulk_insert(conn, diagnostics, DIAGNOSTIC_COLUMNS, rows)
    values = {
        "source_file_id": file_id,
        "name": parsed.tournament,
        "country": parsed.country,
        "start_date": parsed.start,
        "end_date": parsed.end,
        "order_letter": parsed.order,
        "sender": parsed.sender,
        "creator": parsed.creator,
        "game_count": len(parsed.games),
        "games_hash": write.games_hash,
        "duplicate_of": write.duplicate_of,
        "include_duplicate": write.include_duplicate,
    }
    if write.received_on is not None:
        values["received_on"] = write.received_on
    if previous_tid is None:
        values |= {
            "file_name": parsed.name,
            "excluded_from_ratings": False,
            "excluded_reason": None,
        }
        tid = insert_one(conn, tournaments, values)
    else:
        tid = previous_tid
        conn.execute(delete(games).where(games.c.tournament_id == tid))
        conn.execute(update(tournaments).where(tournaments.c.id == tid), values)
        _release_dependents(conn, archive, tid, write.games_hash)
    game_rows, ids = _game_rows(tid, parsed, write.id_map)
    bulk_insert(conn, games, GAME_COLUMNS, game_rows)
    new_players, events = _new_player_rows(archive, write, parsed.start, now)
    bulk_insert(conn, players, PLAYER_COLUMNS, new_players)
    bulk_insert(conn, id_history, HISTORY_COLUMNS, events)
    if write.id_map:
        conn.execute(
            insert(temp_id_mappings),
            [
                {"source_file_id": file_id, "token": token, "player_id": pid}
                for token, pid in sorted(write.id_map.items())
            ],
        )
    return Written(
        name=parsed.name,
        sha256=parsed.sha256,
        file_id=file_id,
        current_id=file_id,
        tournament_id=tid,
        games_hash=write.games_hash,
        start=parsed.start,
        duplicate_of=write.duplicate_of,
        ids=frozenset(ids | set(write.id_map.values())),
        new_players=frozenset(int(str(row[0])) for row in new_players),
        replaced=previous_tid is not None,
    )


def _release_dependents(conn: Connection, archive: ArchiveState, tid: int, new_hash: str) -> None:
    """Tournaments flagged as duplicates of `tid` stop being so when its games changed."""
    stale = [
        c.tournament_id
        for cands in archive.by_hash.values()
        for c in cands
        if c.duplicate_of == tid and archive.hash_of.get(c.tournament_id) != new_hash
    ]
    if stale:
        conn.execute(update(tournaments).where(tournaments.c.id.in_(stale)), {"duplicate_of": None})


def _game_rows(
    tid: int, parsed: ParsedFile, id_map: dict[str, int]
) -> tuple[list[tuple[object, ...]], set[int]]:
    tokens = {g[0] for g in parsed.games}
    tokens.update([g[1] for g in parsed.games])
    numbers = {  # `_player_id` inline, once per distinct token (the condition sets `n`)
        t: n if t.isdigit() and t.isascii() and (n := int(t)) <= INT32_MAX else None for t in tokens
    }
    resolved = numbers | {t: id_map[t] for t in tokens if t in id_map}
    shown = {t: None if pid is not None else t[:32] for t, pid in resolved.items()}
    rows: list[tuple[object, ...]] = [
        (
            tid,
            seq,
            resolved[first],
            resolved[second],
            shown[first],
            shown[second],
            sign,
            fd if fd is None or -INT32_MAX <= fd <= INT32_MAX else None,  # None beyond INT32
            sd if sd is None or -INT32_MAX <= sd <= INT32_MAX else None,
            colour,
            rnd if rnd is None or -INT32_MAX <= rnd <= INT32_MAX else None,
            added,
            excluded,
            line,
            column,
        )
        for seq, (first, second, sign, fd, sd, colour, rnd, added, excluded, line, column) in (
            enumerate(parsed.games)
        )
    ]
    return rows, {pid for pid in resolved.values() if pid is not None}


def _new_player_rows(
    archive: ArchiveState, write: FileWrite, start: dt.date, now: dt.datetime
) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    rows: list[tuple[object, ...]] = []
    events: list[tuple[object, ...]] = []
    seen: set[int] = set()
    name = write.parsed.name
    temporary = {v: k for k, v in write.id_map.items()}
    for token, surname, firstname, country in write.parsed.players:
        pid = _player_id(token, write.id_map)
        if pid is None or pid in archive.known_players or pid in seen:
            continue
        seen.add(pid)
        rows.append((pid, surname, firstname, country, None, name, None))
        temp = temporary.get(pid)
        reason = f"temporary ID {temp} in {name}" if temp else f"first seen in {name}"
        events.append((pid, "assigned", None, start, reason, now))
    return rows, events

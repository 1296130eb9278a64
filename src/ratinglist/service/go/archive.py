"""Use case: import Go tournament files (OpenGotha XML, ``.h9``, ``.tou``) into the Go
rating archive (issue 37, item 1).

Each file is read on its own: a file that cannot be read is reported (``file:line`` where the
reader says so) and the others go on. A tournament keeps its decided games (by-default
results and unknown results are not rated, as the EGD does), the players of those games with
the rank they declared and the rating the file carries, its komi, board size and EGF class.
A tournament sent several times (the OpenGotha site keeps every upload; an XML and its
``.h9`` export) is stored once: the file with the most games (`store.go.archive`). XML files
are read before results files, so a tournament's PINs and carried ratings win.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy.engine import Connection

from ratinglist.errors import FormatError, GoRankError, InputError, NotAllowedNow
from ratinglist.formats.diagnostics import Diagnostic
from ratinglist.formats.go.egf_h9 import read_h9
from ratinglist.formats.go.ffg_tou import read_tou
from ratinglist.model.go import format_rank
from ratinglist.model.go.archive import (
    GoArchiveGame,
    GoArchiveTournament,
    GoEntry,
    GoOutcome,
    player_identity,
)
from ratinglist.model.go.lists import GoListPlayer, ListOrigin
from ratinglist.model.go.results import FileKind, TimeControl, TimeSystem, egf_class
from ratinglist.model.go.tournament import GoTournament, Outcome
from ratinglist.registry.go.search import GoListIndex
from ratinglist.service.go.files import parse_go_file
from ratinglist.store.database import Store
from ratinglist.store.go.archive import (
    SaveStatus,
    add_go_candidates,
    load_go_players,
    max_go_player_id,
    save_go_tournament,
    save_go_tournament_on,
)
from ratinglist.tournament.game import ExportFile

SUFFIXES = (".xml", ".h9", ".tou")
"""The files read, in this order of preference."""

_OUTCOMES = {
    Outcome.WHITE_WINS: GoOutcome.WHITE,
    Outcome.BLACK_WINS: GoOutcome.BLACK,
    Outcome.JIGO: GoOutcome.JIGO,
}


@dataclass(frozen=True, slots=True)
class GoFileResult:
    """What happened to one file: status (a `SaveStatus` value, ``skipped`` or
    ``rejected``), games kept, why (skipped, rejected) and the reader's diagnostics."""

    path: str
    status: str
    games: int = 0
    reason: str = ""
    diagnostics: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "path": self.path,
            "status": self.status,
            "games": self.games,
            "reason": self.reason,
            "diagnostics": list(self.diagnostics),
        }


@dataclass(frozen=True, slots=True)
class GoImportSummary:
    """Every file's result and the candidate identities found."""

    results: tuple[GoFileResult, ...] = field(default_factory=tuple)
    candidates: int = 0

    def count(self, status: str) -> int:
        """Files of `status`."""
        return sum(1 for r in self.results if r.status == status)

    def to_dict(self) -> dict[str, object]:
        """Counts (``imported``: new tournaments; ``replaced``: a file with more games of a
        tournament stored before; ``duplicate``: a file of a tournament kept from another
        file), then the files not imported with their reasons."""
        return {
            "game": "go",
            "files": len(self.results),
            "imported": self.count(SaveStatus.IMPORTED),
            "replaced": self.count(SaveStatus.REPLACED),
            "unchanged": self.count(SaveStatus.UNCHANGED),
            "duplicate": self.count(SaveStatus.KEPT_OTHER),
            "skipped": self.count("skipped"),
            "rejected": self.count("rejected"),
            "games": sum(
                r.games
                for r in self.results
                if r.status in (SaveStatus.IMPORTED, SaveStatus.REPLACED)
            ),
            "candidates": self.candidates,
            "problems": [r.to_dict() for r in self.results if r.status in ("skipped", "rejected")],
        }


def go_files(paths: Iterable[Path]) -> list[Path]:
    """The Go files under `paths` (folders searched recursively): XML first, then ``.h9``,
    then ``.tou``, each by name.

    Raises:
        InputError: a path that does not exist.
    """
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)
        elif path.is_file():
            found.append(path)
        else:
            raise InputError(f"expected a Go file or folder, got {str(path)!r}: not found")
    return sorted(
        set(found),
        key=lambda p: (
            SUFFIXES.index(p.suffix.lower()) if p.suffix.lower() in SUFFIXES else 9,
            str(p),
        ),
    )


def _date(text: str, source: str, what: str) -> dt.date:
    text = text.strip()
    for fmt in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise FormatError(f"{source}:1: expected the {what} as YYYY-MM-DD, got {text!r}")


def _dates_and_name(
    source: str, data: bytes, tournament: GoTournament
) -> tuple[dt.date, dt.date, str]:
    """First and last day and full name: the XML's parameters, the ``.h9``'s ``DT``/``EV``
    tags, the ``.tou``'s ``;date=``/``;comm=``."""
    general = tournament.parameters.general
    begin, end, name = general.begin_date, general.end_date, general.name
    suffix = Path(source).suffix.lower()
    if suffix == ".h9":
        tags = read_h9(data, source).tags
        begin, _, end = tags.get("DT", "").partition(",")
        name = tags.get("EV", "") or name
    elif suffix == ".tou":
        fields = read_tou(data, source).fields
        begin = end = fields.get("date", "")
        name = fields.get("comm", "") or name
    if not begin.strip():
        raise FormatError(
            f"{source}:1: expected the tournament's first day (beginDate, DT[...] or "
            ";date=), found none"
        )
    first = _date(begin, source, "first day")
    last = _date(end, source, "last day") if end.strip() else first
    return first, max(first, last), name


def _komi(text: str, source: str) -> float:
    try:
        return float(text.replace(",", "."))
    except ValueError:
        raise FormatError(f"{source}:1: expected the komi as a number, got {text!r}") from None


def _class(tournament: GoTournament) -> str:
    general = tournament.parameters.general
    if general.egf_class:
        return general.egf_class
    try:
        system = TimeSystem(general.time_system)
    except ValueError:
        system = TimeSystem.SUDDEN_DEATH
    time = TimeControl(
        general.basic_time,
        system,
        general.std_byoyomi_time,
        general.nb_moves_can_time,
        general.can_byoyomi_time,
        general.fischer_time,
    )
    return egf_class(time, general.internet)


def archive_tournament(source: str, data: bytes, tournament: GoTournament) -> GoArchiveTournament:
    """The archive's value of `tournament` read from file `source` holding `data` (decided
    games only).

    Raises:
        FormatError: no first day, a komi that is not a number.
    """
    path = Path(source)
    begin, end, name = _dates_and_name(path.name, data, tournament)
    general = tournament.parameters.general
    komi = _komi(general.komi, path.name)
    by_key = {p.key: p for p in tournament.players}
    entries: dict[str, GoEntry] = {}
    identities: dict[str, str] = {}  # player key -> identity, each player's made once
    games: list[GoArchiveGame] = []
    for game in tournament.games:
        outcome = _OUTCOMES.get(game.result.outcome)
        if outcome is None or game.result.by_default or game.white == game.black:
            continue
        white, black = by_key.get(game.white), by_key.get(game.black)
        if white is None or black is None:
            continue
        ids = []
        for key, p in ((game.white, white), (game.black, black)):
            known = identities.get(key)
            if known is not None:
                ids.append(known)
                continue
            identity = player_identity(p.egf_pin, p.name, p.first_name, p.country, p.club)
            identities[key] = identity
            ids.append(identity)
            entries.setdefault(
                identity,
                GoEntry(
                    identity=identity,
                    egf_pin=p.egf_pin.strip(),
                    surname=p.name.strip(),
                    first_name=p.first_name.strip(),
                    country=p.country.upper()[:2],
                    club=p.club.strip(),
                    rank=format_rank(p.rank),
                    rating=p.rating,
                    origin=p.rating_origin.split(":")[0].strip().upper()[:3],
                ),
            )
        if ids[0] == ids[1]:
            continue
        games.append(GoArchiveGame(game.round, ids[0], ids[1], game.handicap, komi, outcome))
    return GoArchiveTournament(
        source=path.name,
        short_name=general.short_name or path.stem,
        name=name or general.short_name or path.stem,
        location=general.location,
        begin=begin,
        end=end,
        size=general.size,
        komi=komi,
        egf_class=_class(tournament),
        entries=tuple(entries.values()),
        games=tuple(games),
    )


def _archived(path: Path, data: bytes) -> tuple[GoArchiveTournament, tuple[str, ...]]:
    """The archive's tournament of a file and the reader's diagnostics (at most 20).

    Raises:
        FormatError, GoRankError: the file cannot be read.
    """
    read = parse_go_file(path.name, data)
    notes = tuple(d.format() for d in read.diagnostics[:20])
    return archive_tournament(path.name, data, read.tournament), notes


def import_go_file(store: Store, path: Path) -> tuple[GoFileResult, int]:
    """Read and store one file; its result and the candidate identities it added."""
    try:
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise FormatError(f"{path}: cannot read the file: {exc.strerror}") from exc
        tournament, notes = _archived(path, data)
    except (FormatError, GoRankError) as exc:
        return GoFileResult(str(path), "rejected", reason=str(exc)), 0
    if not tournament.games:
        return GoFileResult(str(path), "skipped", reason="no decided game", diagnostics=notes), 0
    saved = save_go_tournament(store, tournament)
    return GoFileResult(str(path), saved.status.value, len(tournament.games), "", notes), (
        saved.candidates
    )


def archive_exports_on(conn: Connection, exports: Iterable[ExportFile]) -> GoFileResult | None:
    """Feed a submitted tournament's export to the Go archive inside the caller's
    transaction (`service.tournaments.views.submit`): its OpenGotha XML (PINs, carried
    ratings), else its ``.h9`` when the XML cannot be read back; None when the tournament
    exports neither.

    Raises:
        NotAllowedNow: no export can be read back (nothing of the submission stored).
    """
    files = {f.kind: f for f in exports}
    tried: list[str] = []
    for kind in (FileKind.XML.value, FileKind.H9.value):
        export = files.get(kind)
        if export is None:
            continue
        path = Path(export.file_name)
        try:
            tournament, notes = _archived(path, export.data())
        except (FormatError, GoRankError) as exc:
            tried.append(str(exc))
            continue
        if not tournament.games:
            return GoFileResult(str(path), "skipped", reason="no decided game", diagnostics=notes)
        saved = save_go_tournament_on(conn, tournament)
        return GoFileResult(str(path), saved.status.value, len(tournament.games), "", notes)
    if tried:
        raise NotAllowedNow(f"expected a tournament the Go archive can read, got {tried[-1]}")
    return None


def import_go_archive(
    store: Store,
    paths: Iterable[Path],
    progress: Callable[[GoFileResult, int, int], None] | None = None,
) -> GoImportSummary:
    """Import every Go file under `paths` (see the module docstring), one transaction per
    tournament; `progress` is called after each file (result, files done, files in all).

    Raises:
        InputError: a path that does not exist (nothing imported).
    """
    files = go_files(paths)
    results: list[GoFileResult] = []
    candidates = 0
    before = max_go_player_id(store)
    for done, path in enumerate(files, start=1):
        result, found = import_go_file(store, path)
        results.append(result)
        candidates += found
        if progress is not None:
            progress(result, done, len(files))
    candidates += near_name_candidates(store, before)
    return GoImportSummary(tuple(results), candidates)


NEAR = 2
"""The largest name distance (`registry.go.search`, Levenshtein over surname and first name)
of a near-name candidate: a typo or an accent, not another person's name; 1 for names of 6
to 9 letters, none below (two-letter Chinese names are 2 edits from each other)."""


def near_name_candidates(store: Store, since: int) -> int:
    """Offer the players stored after ID `since` whose names are within `NEAR` edits of
    another stored player's (the registry's Go search), unless both have PINs; how many
    pairs were added. Equal names are offered when stored (`store.go.archive`)."""
    players = load_go_players(store)
    new = [p for pid, p in players.items() if pid > since]
    if not new:
        return 0
    listed = [
        GoListPlayer(ListOrigin.EGF, str(p.id), p.surname, p.first_name, p.country, p.club, 0, "")
        for p in players.values()
    ]
    index = GoListIndex(listed)
    pairs = []
    for p in new:
        name = f"{p.surname} {p.first_name}"
        letters = sum(1 for char in name if char.isalnum())
        limit = NEAR if letters >= 10 else 1 if letters >= 6 else 0  # short names: exact only
        for match in index.search(name, 5):
            other = players[int(match.player.number)]
            if not 0 < match.distance <= limit or other.id == p.id:
                continue
            if p.egf_pin and other.egf_pin:
                continue  # two PINs: two people for the EGD
            pairs.append((p.id, other.id, f"near name (distance {match.distance})"))
    return add_go_candidates(store, pairs)


def diagnostics_text(found: Iterable[Diagnostic]) -> tuple[str, ...]:
    """Diagnostics as ``file:line:col: severity[code]: message`` lines."""
    return tuple(d.format() for d in found)

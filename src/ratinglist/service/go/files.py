"""Use cases of Go tournament files: check one, convert it, update its ratings from a list.

The files are OpenGotha's XML (and Pairgoth's and MacMahon 3.9's), and the results files
``.h9`` and ``.tou``. Nothing is stored: each call reads its input files and returns values or
the bytes of the file to write, so these calls take no `Actor`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ratinglist.errors import N_, FormatError, NotFoundError
from ratinglist.formats.diagnostics import Diagnostic
from ratinglist.formats.go.egf_h9 import read_h9
from ratinglist.formats.go.ffg_tou import read_tou
from ratinglist.formats.go.lists import read_go_list_file
from ratinglist.formats.go.opengotha_document import (
    OpenGothaDocument,
    read_opengotha_document,
    with_six_criteria,
)
from ratinglist.formats.go.opengotha_write import write_opengotha
from ratinglist.formats.go.results_import import tournament_from_rows
from ratinglist.model.go.lists import GoRatingList, ListOrigin
from ratinglist.model.go.results import FileKind
from ratinglist.model.go.team import GoTeam, TeamCriterion
from ratinglist.model.go.tournament import GoTournament
from ratinglist.registry.go.search import GoListIndex
from ratinglist.registry.go.update import RatingUpdate, RegisteredRating, rating_updates
from ratinglist.standings.go.team_scores import TeamStanding, team_standings
from ratinglist.tournament.games.go.exports import go_file_bytes
from ratinglist.tournament.games.go.teams import pair_teams


@dataclass(frozen=True, slots=True)
class GoFile:
    """A Go tournament file read: the document and the problems found."""

    source: str
    document: OpenGothaDocument
    diagnostics: tuple[Diagnostic, ...]

    @property
    def tournament(self) -> GoTournament:
        """The tournament of the file."""
        return self.document.tournament


def read_go_file(path: Path) -> GoFile:
    """Read an OpenGotha/Pairgoth/MacMahon XML file, or an ``.h9`` / ``.tou`` results file.

    Raises:
        FormatError: the file cannot be read or is not a Go tournament file.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise FormatError(
            N_("cannot read %(path)r: %(strerror)s"), path=str(path), strerror=exc.strerror
        ) from exc
    return parse_go_file(path.name, data)


def parse_go_file(name: str, data: bytes) -> GoFile:
    """The Go tournament file called `name` (its suffix says the format) holding `data`.

    Raises:
        FormatError: `data` is not a Go tournament file.
    """
    path = Path(name)
    suffix = path.suffix.lower()
    if suffix in (".h9", ".tou"):
        read = read_h9(data, path.name) if suffix == ".h9" else read_tou(data, path.name)
        tournament, joined = tournament_from_rows(read.rows, path.name, path.stem)
        document = OpenGothaDocument(with_six_criteria(tournament))
        return GoFile(path.name, document, read.diagnostics + joined)
    read_xml = read_opengotha_document(data, path.name)
    return GoFile(path.name, read_xml.document, read_xml.diagnostics)


def export_go_file(
    path: Path, kind: FileKind, *, egd_pins: bool = False, drop_by_default: bool = False
) -> bytes:
    """The `kind` file of the tournament in `path` (standings after the last round).

    `egd_pins` adds the players' EGF PINs to an ``.h9`` file (`` |12345678``);
    `drop_by_default` writes its by-default games as not played (``0=``), as OpenGotha's EGF
    export does when asked to drop them.

    Raises:
        FormatError: the input cannot be read.
    """
    return go_file_bytes(
        read_go_file(path).document, kind, egd_pins=egd_pins, drop_by_default=drop_by_default
    )


@dataclass(frozen=True, slots=True)
class RatingUpdatePlan:
    """What updating a tournament's ratings from a list would change, and the new file."""

    rating_list: GoRatingList
    updates: tuple[RatingUpdate, ...]
    not_found: tuple[str, ...]
    updated_xml: bytes


def plan_rating_updates(
    tournament_path: Path, list_path: Path, origin: ListOrigin | None = None
) -> RatingUpdatePlan:
    """The rating changes a list brings to a tournament file's players, before applying them.

    Raises:
        FormatError: a file cannot be read.
    """
    document = read_go_file(tournament_path).document
    rating_list = read_go_list_file(list_path, origin).rating_list
    players = document.tournament.players
    registered = [
        RegisteredRating(
            p.name, p.first_name, p.egf_pin, p.ffg_licence, p.aga_id, p.rating, p.rating_origin
        )
        for p in players
    ]
    updates, missing = rating_updates(registered, GoListIndex(rating_list.players))
    changed = list(players)
    for update in updates:
        changed[update.index] = replace(
            changed[update.index], rating=update.new_rating, rating_origin=update.new_origin
        )
    new_document = replace(
        document, tournament=replace(document.tournament, players=tuple(changed))
    )
    return RatingUpdatePlan(
        rating_list=rating_list,
        updates=updates,
        not_found=tuple(players[i].full_name for i in missing),
        updated_xml=write_opengotha(new_document),
    )


@dataclass(frozen=True, slots=True)
class FileTeamStandings:
    """A team file's standings: the file's team criteria and a line per team, whose values
    follow `criteria` (board wins kept doubled)."""

    criteria: tuple[TeamCriterion, ...]
    lines: tuple[TeamStanding, ...]


def go_team_standings(path: Path, last_round: int | None = None) -> FileTeamStandings:
    """The team standings of the team tournament in `path` after (1-based) `last_round`.

    Raises:
        FormatError: the file cannot be read or has no teams.
    """
    document = read_go_file(path).document
    if not document.teams:
        raise FormatError(
            N_("%(name)s: expected a team tournament, found no <Team>"), name=path.name
        )
    r = None if last_round is None else last_round - 1
    parameters = document.team_parameters
    return FileTeamStandings(
        parameters.criteria,
        team_standings(document.tournament, document.teams, parameters, r),
    )


def pair_go_teams(path: Path, round_number: int, first: str, second: str) -> bytes:
    """The tournament file with the match `first` - `second` paired in (1-based) round.

    Teams are named by name or number.

    Raises:
        FormatError: the file cannot be read.
        NotFoundError: no such team.
        TournamentError: the match cannot be paired (see `pair_teams`).
    """
    document = read_go_file(path).document

    def team(name: str) -> GoTeam:
        for candidate in document.teams:
            if name in (candidate.name, str(candidate.number)):
                return candidate
        raise NotFoundError(
            N_("%(file)s: expected a team name or number, found %(name)r"),
            file=path.name,
            name=name,
        )

    t = document.tournament
    games = pair_teams(
        t, team(first), team(second), document.team_parameters.team_size, round_number - 1
    )
    paired = replace(t, games=(*t.games, *games))
    return write_opengotha(replace(document, tournament=paired))

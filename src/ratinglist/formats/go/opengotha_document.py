"""An OpenGotha XML file as a whole: the tournament, its teams and its display settings.

`read_opengotha_document` reads every variant we know: OpenGotha 3.x files with or without
``dataVersion`` (older ones stored ratings as GoR - 2050; see `opengotha_xml`), Pairgoth's
exports (``RESULT_BOTHLOOSE``, no ``fullVersionNumber``) and MacMahon 3.9's
``<TournamentData>`` files (`macmahon39`). Besides the tournament it keeps what OpenGotha
writes and the tournament itself does not hold: teams and team parameters, and the display
and publish settings (attribute by attribute), so that writing the document back loses
nothing. Problems that do not stop the reading are diagnostics with the element's line:
references to unknown players, players listed twice, a player twice in one round.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from ratinglist.errors import OpenGothaError
from ratinglist.formats.diagnostics import Diagnostic, Listing, diagnostic
from ratinglist.formats.go.opengotha_xml import (
    BYE_PATHS,
    fold_key,
    key_resolver,
    parse_opengotha,
    with_keys,
)
from ratinglist.formats.go.opengotha_xml import (
    criterion as criterion_named,
)
from ratinglist.formats.numbers import whole_number
from ratinglist.formats.xml_tree import parse_xml
from ratinglist.model.go.team import (
    DEFAULT_TEAM_CRITERIA,
    GoTeam,
    TeamCriterion,
    TeamMember,
    TeamParameters,
)
from ratinglist.model.go.tournament import Criterion, GoTournament, player_key

PLACEMENT_SLOTS = 6
"""OpenGotha writes six placement criteria, NULL for the unused ones."""
DEFAULT_DISPLAY: dict[str, str] = {
    "displayClCol": "true",
    "displayCoCol": "true",
    "displayIndGamesInMatches": "true",
    "displayNPPlayers": "false",
    "displayNumCol": "true",
    "displayPlCol": "true",
    "gameFormat": "full",
    "playerSortType": "name",
    "showByePlayer": "true",
    "showNotFinallyRegisteredPlayers": "true",
    "showNotPairedPlayers": "true",
    "showNotParticipatingPlayers": "false",
    "showPlayerClub": "true",
    "showPlayerCountry": "false",
    "showPlayerGrade": "true",
}
"""OpenGotha's DPParameterSet defaults (written when a file had none)."""
DEFAULT_PUBLISH: dict[str, str] = {
    "exportToLocalFile": "true",
    "htmlAutoScroll": "false",
    "print": "true",
}
"""OpenGotha's PublishParameterSet defaults."""


@dataclass(frozen=True, slots=True)
class OpenGothaDocument:
    """Everything an OpenGotha file holds."""

    tournament: GoTournament
    teams: tuple[GoTeam, ...] = ()
    team_parameters: TeamParameters = field(default_factory=TeamParameters)
    display: tuple[tuple[str, str], ...] = ()
    publish: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class OpenGothaRead:
    """A document and the problems found while reading it."""

    document: OpenGothaDocument
    diagnostics: tuple[Diagnostic, ...]


def read_opengotha_document(data: bytes, source: str = "<xml>") -> OpenGothaRead:
    """The document in `data` (an OpenGotha, Pairgoth or MacMahon 3.9 file).

    Raises:
        OpenGothaError: `data` is not well-formed XML or not a tournament file.
    """
    root, lines = parse_xml(data, source)
    if root.tag == "TournamentData":
        from ratinglist.formats.go.macmahon39 import read_macmahon39

        tournament, problems = read_macmahon39(root, lines, source)
        document = OpenGothaDocument(
            with_six_criteria(tournament),
            display=_attributes(None, DEFAULT_DISPLAY),
            publish=_attributes(None, DEFAULT_PUBLISH),
        )
        return OpenGothaRead(document, problems)
    tournament = with_six_criteria(parse_opengotha(data, source, root))
    found: list[Diagnostic] = []
    version = root.get("dataVersion")
    number = None if version is None else whole_number(version)
    if version is None or not version.strip().isdigit() or number is None or number < 201:
        legacy = "no dataVersion" if version is None else f"dataVersion {version!r}"
        if version is None and root.get("fullVersionNumber"):
            message = f"{legacy} but fullVersionNumber: read as 201 (ratings on the GoR scale)"
        else:
            message = f"{legacy}: ratings read as GoR - 2050 (OpenGotha before 3.40)"
        found.append(diagnostic("N504", message, source, lines.get(root, 1)))
    teams = tuple(_team(e, lines, source, found) for e in root.iterfind("Teams/Team"))
    document = OpenGothaDocument(
        tournament=tournament,
        teams=teams,
        team_parameters=_team_parameters(root.find("TeamTournamentParameterSet"), source, found),
        display=_attributes(root.find("TournamentParameterSet/DPParameterSet"), DEFAULT_DISPLAY),
        publish=_attributes(
            root.find("TournamentParameterSet/PublishParameterSet"), DEFAULT_PUBLISH
        ),
    )
    found += check_references(root, lines, source)
    found += check_variants(root, lines, source)
    found.sort(key=lambda d: d.line)
    return OpenGothaRead(canonical_keys(document), tuple(found))


def with_six_criteria(tournament: GoTournament) -> GoTournament:
    """`tournament` with its placement criteria padded with NULL to OpenGotha's six."""
    parameters = tournament.parameters
    placement = parameters.placement + (Criterion.NULL,) * (
        PLACEMENT_SLOTS - len(parameters.placement)
    )
    return replace(tournament, parameters=replace(parameters, placement=placement))


def read_opengotha_document_file(path: Path) -> OpenGothaRead:
    """`read_opengotha_document` of a file.

    Raises:
        OpenGothaError: the file cannot be read or is not a tournament file.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise OpenGothaError(f"{path}: cannot read the file: {exc.strerror}") from exc
    return read_opengotha_document(data, path.name)


def _attributes(
    element: ET.Element | None, defaults: dict[str, str]
) -> tuple[tuple[str, str], ...]:
    """The element's attributes over OpenGotha's defaults, sorted by name."""
    found = {} if element is None else dict(element.attrib)
    return tuple(sorted({**defaults, **found}.items()))


def _int(text: str | None, default: int) -> int:
    try:
        return int((text or "").strip())
    except ValueError:
        return default


def _team(
    element: ET.Element, lines: dict[ET.Element, int], source: str, found: list[Diagnostic]
) -> GoTeam:
    members: list[TeamMember] = []
    for board in element.iterfind("Board"):
        round_number = _int(board.get("roundNumber"), 0)
        board_number = _int(board.get("boardNumber"), 0)
        if round_number < 1 or board_number < 1:
            found.append(
                diagnostic(
                    "W502",
                    "expected roundNumber and boardNumber >= 1, found "
                    f"{board.get('roundNumber')!r} and {board.get('boardNumber')!r}; board skipped",
                    source,
                    lines.get(board, 1),
                )
            )
            continue
        members.append(TeamMember(round_number - 1, board_number - 1, board.get("player", "")))
    return GoTeam(_int(element.get("teamNumber"), 0), element.get("teamName", ""), tuple(members))


def _team_parameters(
    element: ET.Element | None, source: str, found: list[Diagnostic]
) -> TeamParameters:
    if element is None:
        return TeamParameters()  # six criteria already
    general = element.find("TeamGeneralParameterSet")
    size = _int(None if general is None else general.get("teamSize"), 4)
    numbered: list[tuple[int, TeamCriterion]] = []
    for criterion in element.iterfind(
        "TeamPlacementParameterSet/PlacementCriteria/PlacementCriterion"
    ):
        name = criterion.get("name", "NULL").strip().upper()
        try:
            value = TeamCriterion(name)
        except ValueError:
            found.append(
                diagnostic(
                    "W502", f"expected a team criterion, found {name!r}; read as NULL", source, 1
                )
            )
            value = TeamCriterion.NULL
        numbered.append((_int(criterion.get("number"), len(numbered) + 1), value))
    placement = tuple(c for _, c in sorted(numbered, key=lambda t: t[0])) or DEFAULT_TEAM_CRITERIA
    placement += (TeamCriterion.NULL,) * (PLACEMENT_SLOTS - len(placement))
    return TeamParameters(size, placement)


def canonical_keys(document: OpenGothaDocument) -> OpenGothaDocument:
    """`document` with every game, bye and board naming its player by the player's own key
    (references to no registered player are kept as they are)."""
    t = document.tournament
    resolve = key_resolver(p.key for p in t.players)

    def key(text: str) -> str:
        return resolve(text) or text

    games = tuple(with_keys(g, key(g.white), key(g.black)) for g in t.games)
    byes = tuple(replace(b, player=key(b.player)) for b in t.byes)
    teams = tuple(
        replace(team, members=tuple(replace(m, player=key(m.player)) for m in team.members))
        for team in document.teams
    )
    return replace(document, tournament=replace(t, games=games, byes=byes), teams=teams)


KNOWN_ELEMENTS = {
    "Tournament": {
        "Players",
        "Games",
        "ByePlayers",
        "ByePlayer",
        "Teams",
        "TournamentParameterSet",
        "TeamTournamentParameterSet",
        "ClubsGroups",
    },
    "TournamentParameterSet": {
        "GeneralParameterSet",
        "HandicapParameterSet",
        "PlacementParameterSet",
        "PairingParameterSet",
        "DPParameterSet",
        "PublishParameterSet",
    },
}
"""The children OpenGotha (and Pairgoth) write under the root and the parameter sets."""
_ADDITIONAL = ("paiMaAdditionalPlacementCritSystem1", "paiMaAdditionalPlacementCritSystem2")


def check_variants(root: ET.Element, lines: dict[ET.Element, int], source: str) -> list[Diagnostic]:
    """Notes for Pairgoth's spellings read as OpenGotha's, warnings for elements ignored.

    Pairgoth puts byes in a ``<ByePlayer>`` container (OpenGotha: ``<ByePlayers>``) and
    names "no criterion" ``None`` (OpenGotha: ``NULL``).
    """
    found: list[Diagnostic] = []
    for container in root.iterfind("ByePlayer"):
        found.append(
            diagnostic(
                "N506",
                f"Pairgoth's <ByePlayer> container: its {len(container.findall('ByePlayer'))} "
                "byes read as OpenGotha's <ByePlayers>",
                source,
                lines.get(container, 1),
            )
        )
        for child in container:
            if child.tag != "ByePlayer":
                found.append(_ignored(child, lines, source))
    for parent, known in KNOWN_ELEMENTS.items():
        for element in [root] if parent == "Tournament" else root.iterfind(parent):
            found += [_ignored(c, lines, source) for c in element if c.tag not in known]
    spelled: list[tuple[ET.Element, str]] = [
        (e, e.get("name", ""))
        for e in root.iterfind("TournamentParameterSet/PlacementParameterSet/*/PlacementCriterion")
    ]
    spelled += [
        (e, e.get(attr, ""))
        for e in root.iterfind("TournamentParameterSet/PairingParameterSet")
        for attr in _ADDITIONAL
        if e.get(attr) is not None
    ]
    for element, name in spelled:
        if Criterion.from_name(name) is None and (value := criterion_named(name)) is not None:
            found.append(
                diagnostic(
                    "N506",
                    f"criterion {name!r} (Pairgoth's spelling) read as {value.value}",
                    source,
                    lines.get(element, 1),
                )
            )
    return found


def _ignored(element: ET.Element, lines: dict[ET.Element, int], source: str) -> Diagnostic:
    return diagnostic(
        "W507",
        f"element <{element.tag}> is not part of an OpenGotha file; ignored",
        source,
        lines.get(element, 1),
    )


def check_references(
    root: ET.Element, lines: dict[ET.Element, int], source: str
) -> list[Diagnostic]:
    """Warnings for players listed twice, unknown player keys, a player twice in a round
    (the first `MAX_LISTED`, the rest counted in an N304 note)."""
    listing = Listing()
    found = listing.found
    keys: Counter[str] = Counter()
    for player in root.iterfind("Players/Player"):
        key = player_key(player.get("name", ""), player.get("firstName", ""))
        keys[key] += 1
        if keys[key] == 2:
            found.append(
                diagnostic("W502", f"player {key!r} is listed twice", source, lines.get(player, 1))
            )
    resolve = key_resolver(keys)
    noted: set[str] = set()

    def unknown(key: str, what: str, element: ET.Element) -> bool:
        if key in keys:
            return False
        line = lines.get(element, 1)
        resolved = resolve(key)
        if resolved is not None:
            turkish = fold_key(key) != key
            code = "N505" if turkish else "N506"
            if code not in noted:
                noted.add(code)
                why = (
                    "has Turkish-locale capitals"
                    if turkish
                    else "is not upper case without spaces (as Pairgoth writes it)"
                )
                found.append(
                    diagnostic(
                        code, f"player key {key!r} {why}; read as {resolved!r}", source, line
                    )
                )
            return False
        if listing.full(line):
            return True
        found.append(
            diagnostic(
                "W503",
                f"{what} {key!r} is not a registered player; a tournament import leaves it out",
                source,
                line,
            )
        )
        return True

    busy: set[tuple[int, str]] = set()
    references = [(e, ("whitePlayer", "blackPlayer")) for e in root.iterfind("Games/Game")] + [
        (e, ("player",)) for path in BYE_PATHS for e in root.iterfind(path)
    ]
    for element, attrs in references:
        round_number = _int(element.get("roundNumber"), 0)
        for attr in attrs:
            key = element.get(attr, "")
            if unknown(key, f"{attr} of round {round_number}", element):
                continue
            key = resolve(key) or key
            if (round_number, key) in busy and not listing.full(lines.get(element, 1)):
                found.append(
                    diagnostic(
                        "W502",
                        f"{key!r} has more than one game or bye in round {round_number}",
                        source,
                        lines.get(element, 1),
                    )
                )
            busy.add((round_number, key))
    for board in root.iterfind("Teams/Team/Board"):
        unknown(board.get("player", ""), "team board player", board)
    return listing.done(source)

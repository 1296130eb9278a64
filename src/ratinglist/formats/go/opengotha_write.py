"""Write OpenGotha's XML tournament file (GO.md section g), as OpenGotha 3.52 writes it.

UTF-8, four-space indentation, attributes in alphabetical order (what Java's DOM serializer
writes), children of ``<Tournament>`` in OpenGotha's order: Players, Games, ByePlayers (if
any), Teams (if any), TournamentParameterSet, TeamTournamentParameterSet, ClubsGroups (if
any). Ratings are written on the EGF scale with ``dataVersion="201"``; rounds, tables and
boards 1-based. Reading the file back gives the same `OpenGothaDocument`.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Iterable, Mapping
from dataclasses import fields
from xml.sax.saxutils import escape

from ratinglist.formats.go.opengotha_document import (
    DEFAULT_DISPLAY,
    DEFAULT_PUBLISH,
    OpenGothaDocument,
)
from ratinglist.formats.go.opengotha_xml import _GENERAL, _HANDICAP, _PAIRING
from ratinglist.model.go import GoRank, format_rank
from ratinglist.model.go.team import GoTeam, TeamParameters
from ratinglist.model.go.tournament import (
    ClubsGroup,
    GoBye,
    GoGame,
    GoParameters,
    GoPlayer,
    GoResult,
    Outcome,
)

DATA_VERSION = "201"
FORMAT_VERSION = "3.52.03"
"""The OpenGotha version whose file layout we write (``fullVersionNumber``)."""
INDENT = "    "

RESULT_NAMES = {
    Outcome.UNKNOWN: "RESULT_UNKNOWN",
    Outcome.WHITE_WINS: "RESULT_WHITEWINS",
    Outcome.BLACK_WINS: "RESULT_BLACKWINS",
    Outcome.JIGO: "RESULT_EQUAL",
    Outcome.BOTH_LOSE: "RESULT_BOTHLOSE",
    Outcome.BOTH_WIN: "RESULT_BOTHWIN",
}


def result_name(result: GoResult) -> str:
    """``RESULT_WHITEWINS``, ``RESULT_BLACKWINS_BYDEF``, ..."""
    suffix = "_BYDEF" if result.by_default and result.outcome is not Outcome.UNKNOWN else ""
    return RESULT_NAMES[result.outcome] + suffix


def xml_value(value: object) -> str:
    """An attribute value as OpenGotha writes it: ``true``, ``5K``, ``SPLITANDFOLD``, ``0.5``."""
    if type(value) is str:  # most attributes (names, keys, results): asked first
        return value
    if type(value) is int:
        return str(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, GoRank):
        return format_rank(value, upper=True)
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def _attributes(attrs: Mapping[str, object]) -> str:
    """`` key="value"`` pairs in alphabetical order, escaped."""
    return "".join(f' {key}="{_escaped(xml_value(attrs[key]))}"' for key in sorted(attrs))


_QUOTE = {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}
_SPECIAL = frozenset('&<>"\n\r\t')


def _escaped(text: str) -> str:
    """`text` escaped for an attribute; most values hold nothing to escape."""
    return escape(text, _QUOTE) if not _SPECIAL.isdisjoint(text) else text


def _element(name: str, attrs: Mapping[str, object], depth: int) -> str:
    return f"{INDENT * depth}<{name}{_attributes(attrs)}/>"


def _block(
    name: str, children: list[str], depth: int, attrs: Mapping[str, object] | None = None
) -> list[str]:
    pad = INDENT * depth
    head = f"{pad}<{name}{_attributes(attrs or {})}"
    if not children:
        return [head + "/>"]
    return [head + ">", *children, f"{pad}</{name}>"]


def player_attributes(player: GoPlayer) -> dict[str, object]:
    """The attributes of a ``<Player>``."""
    return {
        "agaExpirationDate": player.aga_expiration,
        "agaId": player.aga_id,
        "club": player.club,
        "country": player.country,
        "egfPin": player.egf_pin,
        "ffgLicence": player.ffg_licence,
        "ffgLicenceStatus": player.ffg_licence_status,
        "firstName": player.first_name,
        "grade": player.grade,
        "name": player.name,
        "participating": "".join("1" if p else "0" for p in player.participating),
        "rank": player.rank,
        "rating": player.rating,
        "ratingOrigin": player.rating_origin,
        "registeringStatus": "FIN" if player.final else "PRE",
        "smmsCorrection": player.smms_correction,
    }


def game_attributes(game: GoGame) -> dict[str, object]:
    """The attributes of a ``<Game>``."""
    return {
        "blackPlayer": game.black,
        "handicap": game.handicap,
        "knownColor": game.known_colour,
        "result": result_name(game.result),
        "roundNumber": game.round + 1,
        "tableNumber": game.table,
        "whitePlayer": game.white,
    }


def _set(names: dict[str, str], values: object) -> dict[str, object]:
    present = {f.name for f in fields(values)}  # type: ignore[arg-type]
    return {attr: getattr(values, name) for attr, name in names.items() if name in present}


def _placement(names: Iterable[object], depth: int) -> list[str]:
    criteria = [
        _element("PlacementCriterion", {"name": name, "number": number}, depth + 1)
        for number, name in enumerate(names, start=1)
    ]
    return _block("PlacementCriteria", criteria, depth)


def parameter_lines(
    parameters: GoParameters,
    display: Mapping[str, str],
    publish: Mapping[str, str],
    depth: int,
) -> list[str]:
    """The ``<TournamentParameterSet>`` block."""
    general_attrs = _set(_GENERAL, parameters.general)
    limits = parameters.general.category_limits
    general_attrs["numberOfCategories"] = parameters.general.number_of_categories
    categories = [
        _element("Category", {"lowerLimit": rank, "number": number}, depth + 3)
        for number, rank in enumerate(limits, start=1)
    ]
    general = (
        _block(
            "GeneralParameterSet",
            _block("Categories", categories, depth + 2),
            depth + 1,
            general_attrs,
        )
        if categories
        else [_element("GeneralParameterSet", general_attrs, depth + 1)]
    )
    pairing = _set(_PAIRING, parameters.pairing)
    pairing["paiMaLastRoundForSeedSystem1"] = parameters.pairing.last_round_seed_system1 + 1
    placement: list[object] = list(parameters.placement)
    placement += ["NULL"] * (6 - len(placement))
    children = [
        *general,
        _element("HandicapParameterSet", _set(_HANDICAP, parameters.handicap), depth + 1),
        *_block("PlacementParameterSet", _placement(placement, depth + 2), depth + 1),
        _element("PairingParameterSet", pairing, depth + 1),
        _element("DPParameterSet", {**DEFAULT_DISPLAY, **display}, depth + 1),
        _element("PublishParameterSet", {**DEFAULT_PUBLISH, **publish}, depth + 1),
    ]
    return _block("TournamentParameterSet", children, depth)


def team_lines(teams: tuple[GoTeam, ...], depth: int) -> list[str]:
    """The ``<Teams>`` block (nothing when there is no team)."""
    if not teams:
        return []
    blocks: list[str] = []
    for team in teams:
        boards = [
            _element(
                "Board",
                {"boardNumber": m.board + 1, "player": m.player, "roundNumber": m.round + 1},
                depth + 2,
            )
            for m in team.members
        ]
        attrs = {"teamName": team.name, "teamNumber": team.number}
        blocks += _block("Team", boards, depth + 1, attrs)
    return _block("Teams", blocks, depth)


def team_parameter_lines(parameters: TeamParameters, depth: int) -> list[str]:
    """The ``<TeamTournamentParameterSet>`` block."""
    placement: list[object] = list(parameters.placement)
    placement += ["NULL"] * (6 - len(placement))
    children = [
        _element("TeamGeneralParameterSet", {"teamSize": parameters.team_size}, depth + 1),
        *_block("TeamPlacementParameterSet", _placement(placement, depth + 2), depth + 1),
    ]
    return _block("TeamTournamentParameterSet", children, depth)


def clubs_group_lines(groups: tuple[ClubsGroup, ...], depth: int) -> list[str]:
    """The ``<ClubsGroups>`` block (nothing when there is no group)."""
    if not groups:
        return []
    blocks: list[str] = []
    for group in groups:
        clubs = [_element("Club", {"name": club}, depth + 2) for club in group.clubs]
        blocks += _block("ClubsGroup", clubs, depth + 1, {"name": group.name})
    return _block("ClubsGroups", blocks, depth)


def bye_lines(byes: tuple[GoBye, ...], depth: int) -> list[str]:
    """The ``<ByePlayers>`` block (nothing when there is no bye)."""
    if not byes:
        return []
    items = [
        _element("ByePlayer", {"player": b.player, "roundNumber": b.round + 1}, depth + 1)
        for b in byes
    ]
    return _block("ByePlayers", items, depth)


def write_opengotha(document: OpenGothaDocument, saved: dt.datetime | None = None) -> bytes:
    """The XML file of `document`; `saved` is the ``saveDT`` stamp (default: now, UTC)."""
    t = document.tournament
    stamp = (saved or dt.datetime.now(dt.UTC)).strftime("%Y%m%d%H%M%S")
    root = (
        f'<Tournament dataVersion="{DATA_VERSION}" fullVersionNumber="{FORMAT_VERSION}" '
        f'runningMode="SAL" saveDT="{stamp}">'
    )
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>', root]
    lines += _block("Players", [_element("Player", player_attributes(p), 2) for p in t.players], 1)
    lines += _block("Games", [_element("Game", game_attributes(g), 2) for g in t.games], 1)
    lines += bye_lines(t.byes, 1)
    lines += team_lines(document.teams, 1)
    lines += parameter_lines(t.parameters, dict(document.display), dict(document.publish), 1)
    lines += team_parameter_lines(document.team_parameters, 1)
    lines += clubs_group_lines(t.clubs_groups, 1)
    lines.append("</Tournament>")
    return ("\n".join(lines) + "\n").encode("utf-8")

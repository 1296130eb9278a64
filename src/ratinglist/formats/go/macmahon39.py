"""MacMahon 3.9's XML tournament file (``<TournamentData typeversion="3.9">``), read only.

MacMahon (Christoph Gerlach's program) writes elements, not attributes. What we take, on top
of OpenGotha's McMahon defaults:

- ``Tournament``: ``Name`` (name and short name), ``NumberOfRounds``; the bar
  ``UpperMacMahonBarLevel`` when ``UpperMacMahonBar`` is true (else 9d) and the floor
  ``LowerMacMahonBarLevel`` when ``LowerMacMahonBar`` is true (else 30k). Handicap: none
  unless ``HandicapUsed``; then the threshold ``HandicapBelowLevel`` (when
  ``HandicapBelow``), the correction ``HandicapAdjustmentValue`` (when
  ``HandicapAdjustment``), the ceiling ``HandicapLimitValue`` (when ``HandicapLimit``, else
  9), on ranks when ``HandicapByLevel`` else on McMahon scores.
- ``Walllist``: criteria ``Score``/``MMS`` -> MMS, ``SOS`` -> SOSM, ``SOSOS`` -> SOSOSM,
  ``SODOS`` -> SODOSM.
- ``Playerlist/Player``: ``Id`` (what pairings refer to), ``PreliminaryRegistration``,
  ``SuperBarMember`` (McMahon score correction +1), each ``NotPlayingInRound``, and the
  ``GoPlayer``'s names, club, country, ``GoLevel`` (rank), ``Rating`` (EGF scale), ``EgdPin``.
- ``Roundlist/Round/Pairing``: ``BoardNumber`` (table), ``White``/``Black`` ids,
  ``Handicap``, ``Result`` (``1-0``, ``0-1``, ``½-½``, ``0-0``, ``1-1``, else unknown),
  ``ResultByReferee`` (by default); a ``PairingWithBye`` gives its non-zero player the bye.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from ratinglist.errors import GoRankError
from ratinglist.formats.diagnostics import Diagnostic, diagnostic
from ratinglist.formats.numbers import whole_number
from ratinglist.model.go import clamp_rating, parse_rank, rating_from_rank
from ratinglist.model.go.tournament import (
    MAX_ROUNDS,
    Criterion,
    GoBye,
    GoGame,
    GoPlayer,
    GoResult,
    GoSystem,
    GoTournament,
    Outcome,
    default_parameters,
)

CRITERIA = {
    "SCORE": Criterion.MMS,
    "MMS": Criterion.MMS,
    "SOS": Criterion.SOSM,
    "SOSOS": Criterion.SOSOSM,
    "SODOS": Criterion.SODOSM,
}
RESULTS = {
    "1-0": Outcome.WHITE_WINS,
    "0-1": Outcome.BLACK_WINS,
    "½-½": Outcome.JIGO,
    "0.5-0.5": Outcome.JIGO,
    "=": Outcome.JIGO,
    "0-0": Outcome.BOTH_LOSE,
    "1-1": Outcome.BOTH_WIN,
}


def _text(element: ET.Element | None, tag: str, default: str = "") -> str:
    found = None if element is None else element.find(tag)
    return default if found is None or found.text is None else found.text.strip()


def _flag(element: ET.Element | None, tag: str) -> bool:
    return _text(element, tag).lower() == "true"


def _number(element: ET.Element | None, tag: str, default: int) -> int:
    try:
        return int(_text(element, tag, str(default)))
    except ValueError:
        return default


class _Reader:
    def __init__(self, lines: dict[ET.Element, int], source: str) -> None:
        self.lines = lines
        self.source = source
        self.found: list[Diagnostic] = []

    def warn(self, element: ET.Element | None, message: str, code: str = "W502") -> None:
        line = 1 if element is None else self.lines.get(element, 1)
        self.found.append(diagnostic(code, message, self.source, line))

    def rank(self, element: ET.Element | None, tag: str, default: str) -> str:
        text = _text(element, tag, default)
        try:
            parse_rank(text, clamp=True)
        except GoRankError:
            self.warn(element, f"expected a rank in <{tag}>, found {text!r}; {default} used")
            return default
        return text


def read_macmahon39(
    root: ET.Element, lines: dict[ET.Element, int], source: str
) -> tuple[GoTournament, tuple[Diagnostic, ...]]:
    """The tournament of a MacMahon 3.9 ``<TournamentData>`` element, and its problems."""
    reader = _Reader(lines, source)
    head = root.find("Tournament")
    name = _text(head, "Name")
    params = default_parameters(GoSystem.MCMAHON)
    bar = (
        reader.rank(head, "UpperMacMahonBarLevel", "9d")
        if _flag(head, "UpperMacMahonBar")
        else "9d"
    )
    floor = (
        reader.rank(head, "LowerMacMahonBarLevel", "30k")
        if _flag(head, "LowerMacMahonBar")
        else "30k"
    )
    general = replace(
        params.general,
        name=name,
        short_name=name,
        number_of_rounds=max(1, min(MAX_ROUNDS, _number(head, "NumberOfRounds", 5))),
        bar=parse_rank(bar, clamp=True),
        floor=parse_rank(floor, clamp=True),
    )
    if _flag(head, "HandicapUsed"):
        threshold = (
            reader.rank(head, "HandicapBelowLevel", "9d") if _flag(head, "HandicapBelow") else "9d"
        )
        handicap = replace(
            params.handicap,
            based_on_mms=not _flag(head, "HandicapByLevel"),
            no_handicap_threshold=parse_rank(threshold, clamp=True),
            correction=_number(head, "HandicapAdjustmentValue", 0)
            if _flag(head, "HandicapAdjustment")
            else 0,
            ceiling=_number(head, "HandicapLimitValue", 9) if _flag(head, "HandicapLimit") else 9,
        )
    else:
        handicap = replace(params.handicap, correction=0, ceiling=0)
    criteria: list[Criterion] = []
    for criterion in root.iterfind("Walllist/Criterion"):
        short = _text(criterion, "ShortName").upper()
        if short in CRITERIA:
            criteria.append(CRITERIA[short])
        else:
            reader.warn(criterion, f"criterion {short!r} has no OpenGotha equivalent; left out")
    placement = tuple(criteria) or params.placement
    params = replace(params, general=general, handicap=handicap, placement=placement)

    players: list[GoPlayer] = []
    keys: dict[str, str] = {}
    for element in root.iterfind("Playerlist/Player"):
        player = _player(element, reader)
        if player is None:
            continue
        players.append(player)
        keys[_text(element, "Id")] = player.key
    games: list[GoGame] = []
    byes: list[GoBye] = []
    for round_element in root.iterfind("Roundlist/Round"):
        round_ = _number(round_element, "RoundNumber", 1) - 1
        for pairing in round_element.iterfind("Pairing"):
            white, black = _text(pairing, "White"), _text(pairing, "Black")
            if _flag(pairing, "PairingWithBye"):
                player_id = black if white in ("", "0") else white
                if player_id in keys:
                    byes.append(GoBye(round_, keys[player_id]))
                else:
                    reader.warn(pairing, f"bye for unknown player id {player_id!r}", "W503")
                continue
            if white not in keys or black not in keys:
                reader.warn(pairing, f"pairing of unknown player ids {white!r}, {black!r}", "W503")
                continue
            result = _text(pairing, "Result")
            outcome = RESULTS.get(result.replace(" ", ""), Outcome.UNKNOWN)
            games.append(
                GoGame(
                    round=round_,
                    table=_number(pairing, "BoardNumber", 0),
                    white=keys[white],
                    black=keys[black],
                    handicap=_number(pairing, "Handicap", 0),
                    result=GoResult(outcome, _flag(pairing, "ResultByReferee")),
                )
            )
    tournament = GoTournament(params, tuple(players), tuple(games), tuple(byes))
    return tournament, tuple(reader.found)


def _player(element: ET.Element, reader: _Reader) -> GoPlayer | None:
    go = element.find("GoPlayer")
    surname, first = _text(go, "Surname"), _text(go, "FirstName")
    if not surname or not first:
        reader.warn(element, f"expected a surname and a first name, found {surname!r} {first!r}")
        return None
    rank = parse_rank(reader.rank(go, "GoLevel", "30k"), clamp=True)
    rating_text = _text(go, "Rating")
    number = whole_number(rating_text) if rating_text.lstrip("-").isdigit() else None
    rating = number if number is not None else rating_from_rank(rank)
    absent = {_number(e, ".", 0) for e in element.iterfind("NotPlayingInRound")}
    participating = tuple(r + 1 not in absent for r in range(MAX_ROUNDS))
    return GoPlayer(
        name=surname,
        first_name=first,
        rank=rank,
        rating=clamp_rating(rating),
        country=_text(go, "Country"),
        club=_text(go, "Club"),
        egf_pin=_text(go, "EgdPin"),
        rating_origin="EGF" if rating_text else "INI",
        smms_correction=1 if _flag(element, "SuperBarMember") else 0,
        participating=participating,
        final=not _flag(element, "PreliminaryRegistration"),
    )

"""OpenGotha's XML tournament file: reading players, games, byes and parameter sets.

The layout is GO.md section g. Rounds become 0-based, ratings the EGF scale (files older than
``dataVersion`` 201 stored GoR - 2050; a file without ``dataVersion`` but with
``fullVersionNumber`` is treated as 201). Attributes a file does not have take OpenGotha's
McMahon defaults (the reader's defaults of OpenGotha's ``extractNodeValue``).

Games and byes name their players by the players' own keys: a reference in another case, with
spaces or with Turkish-locale capitals (as Pairgoth and some OpenGotha machines write them) is
matched (`key_resolver`). Pairgoth's ``<ByePlayer>`` container of byes and its ``None``
criterion are read as OpenGotha's ``<ByePlayers>`` and ``NULL``.

Public names: `read_opengotha(path)`, `parse_opengotha(data, source)` -> `GoTournament`.
"""

from __future__ import annotations

import functools
import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from dataclasses import fields, replace
from pathlib import Path

from ratinglist.errors import GoRankError, OpenGothaError
from ratinglist.formats.numbers import whole_number
from ratinglist.formats.xml_tree import parse_xml
from ratinglist.model.go import GoRank, clamp_rating, parse_rank
from ratinglist.model.go.tournament import (
    MAX_ROUNDS,
    ClubsGroup,
    Criterion,
    DuddMode,
    GeneralParameters,
    GoBye,
    GoGame,
    GoParameters,
    GoPlayer,
    GoResult,
    GoTournament,
    HandicapParameters,
    Outcome,
    PairingParameters,
    SeedSystem,
    player_key,
)

_OUTCOMES = {
    "RESULT_UNKNOWN": Outcome.UNKNOWN,
    "RESULT_WHITEWINS": Outcome.WHITE_WINS,
    "RESULT_BLACKWINS": Outcome.BLACK_WINS,
    "RESULT_EQUAL": Outcome.JIGO,
    "RESULT_BOTHLOSE": Outcome.BOTH_LOSE,
    "RESULT_BOTHLOOSE": Outcome.BOTH_LOSE,
    "RESULT_BOTHWIN": Outcome.BOTH_WIN,
}
_CODES = {0: Outcome.UNKNOWN, 17: Outcome.WHITE_WINS, 18: Outcome.BLACK_WINS, 19: Outcome.JIGO}
_CODES |= {32: Outcome.BOTH_LOSE, 35: Outcome.BOTH_WIN}

# XML attribute -> field name, per parameter set.
_GENERAL = {
    "shortName": "short_name",
    "name": "name",
    "location": "location",
    "director": "director",
    "beginDate": "begin_date",
    "endDate": "end_date",
    "size": "size",
    "komi": "komi",
    "bInternet": "internet",
    "basicTime": "basic_time",
    "complementaryTimeSystem": "time_system",
    "stdByoYomiTime": "std_byoyomi_time",
    "nbMovesCanTime": "nb_moves_can_time",
    "canByoYomiTime": "can_byoyomi_time",
    "fischerTime": "fischer_time",
    "numberOfRounds": "number_of_rounds",
    "genMMFloor": "floor",
    "genMMBar": "bar",
    "genMMZero": "zero",
    "genNBW2ValueAbsent": "nbw2_absent",
    "genNBW2ValueBye": "nbw2_bye",
    "genMMS2ValueAbsent": "mms2_absent",
    "genMMS2ValueBye": "mms2_bye",
    "genRoundDownNBWMMS": "round_down",
    "genCountNotPlayedGamesAsHalfPoint": "count_not_played_as_half",
}
_HANDICAP = {
    "hdBasedOnMMS": "based_on_mms",
    "hdNoHdRankThreshold": "no_handicap_threshold",
    "hdCorrection": "correction",
    "hdCeiling": "ceiling",
}
_PAIRING = {
    "paiStandardNX1Factor": "nx1_factor",
    "paiBaAvoidDuplGame": "avoid_duplicate_game",
    "paiBaRandom": "random",
    "paiBaDeterministic": "deterministic",
    "paiBaBalanceWB": "balance_wb",
    "paiMaAvoidMixingCategories": "avoid_mixing_categories",
    "paiMaMinimizeScoreDifference": "minimize_score_difference",
    "paiMaDUDDWeight": "dudd_weight",
    "paiMaCompensateDUDD": "compensate_dudd",
    "paiMaDUDDUpperMode": "dudd_upper_mode",
    "paiMaDUDDLowerMode": "dudd_lower_mode",
    "paiMaMaximizeSeeding": "maximize_seeding",
    "paiMaLastRoundForSeedSystem1": "last_round_seed_system1",
    "paiMaSeedSystem1": "seed_system1",
    "paiMaSeedSystem2": "seed_system2",
    "paiMaAdditionalPlacementCritSystem1": "additional_criterion1",
    "paiMaAdditionalPlacementCritSystem2": "additional_criterion2",
    "paiSeRankThreshold": "rank_threshold",
    "paiSeNbWinsThresholdActive": "nb_wins_threshold_active",
    "paiSeBarThresholdActive": "bar_threshold_active",
    "paiSeDefSecCrit": "default_secondary_criteria",
    "paiSeMinimizeHandicap": "minimize_handicap",
    "paiSeAvoidSameGeo": "avoid_same_geo",
    "paiSePreferMMSDiffRatherThanSameCountry": "prefer_mms_diff_rather_than_same_country",
    "paiSePreferMMSDiffRatherThanSameClub": "prefer_mms_diff_rather_than_same_club",
    "paiSePreferMMSDiffRatherThanSameClubsGroup": "prefer_mms_diff_rather_than_same_clubs_group",
}


def _komi_may_be(text: str) -> bool:
    """False for a komi no game can have: not a finite number (``nan``, ``inf``, ``1e400``).
    Other text is kept as written, as OpenGotha keeps it (the settings' own check judges it
    when a director changes it)."""
    try:
        value = float(text)
    except ValueError:
        return True
    return math.isfinite(value)


PARAMETER_SETS: dict[str, dict[str, str]] = {
    "general": _GENERAL,
    "handicap": _HANDICAP,
    "pairing": _PAIRING,
}
"""OpenGotha's parameter attributes by parameter set (`GoParameters` field name), each naming
the field of that set it holds."""


def parameter_value(attribute: str, text: str, current: object, source: str = "") -> object:
    """The value of parameter `attribute` written `text` as OpenGotha's XML holds it
    (``true``, ``5K``, ``SPLITANDFOLD``), of the type of `current`; as the reader reads it.

    Raises:
        OpenGothaError: `text` is not a value of that type.
    """
    element = ET.Element("Parameter", {attribute: text})
    return _Reader(source or "parameter").value(element, attribute, current)


BYE_PATHS = ("ByePlayers/ByePlayer", "ByePlayer/ByePlayer")
"""Where byes are: OpenGotha's ``<ByePlayers>`` container, Pairgoth's ``<ByePlayer>`` one."""
_CRITERION_ALIASES = {"NONE": Criterion.NULL, "CATEGORY": Criterion.CAT}


def criterion(text: str) -> Criterion | None:
    """The placement criterion `text` names, None if unknown.

    OpenGotha's long names (any case), and Pairgoth's spellings: ``None``/``NONE`` for no
    criterion, its enum names (``CATEGORY``, ``SOSWM1``, ...).
    """
    found = Criterion.from_name(text)
    if found is not None:
        return found
    name = text.strip().upper()
    return _CRITERION_ALIASES.get(name) or Criterion.__members__.get(name)


def fold_key(key: str) -> str:
    """A player key as a Turkish-locale Java would not write it: dotted capital I -> I.

    OpenGotha upper-cases names with the machine's locale; in Turkish ``i`` becomes ``İ``,
    so a file saved there names ``Elaçivi Niz`` ``ELAÇİVİNİZ`` where other machines, and we,
    write ``ELAÇIVINIZ``.
    """
    return key.replace("İ", "I")


def with_keys(game: GoGame, white: str, black: str) -> GoGame:
    """`game` naming its players `white` and `black` (itself when it already does)."""
    if game.white == white and game.black == black:
        return game
    return replace(game, white=white, black=black)


def key_resolver(keys: Iterable[str]) -> Callable[[str], str | None]:
    """A function giving the registered key (among `keys`) a file's reference names, or None.

    Exact keys first; then OpenGotha's key rule applied to the reference (upper case, spaces
    removed: Pairgoth writes bye keys in the players' own case, and white players' keys with
    their spaces), and Turkish-locale capitals folded (`fold_key`).
    """
    exact = set(keys)
    loose: dict[str, str] = {}  # made at the first reference not exact (most files have none)
    seen: dict[str, str | None] = {}  # a file names the same players again and again

    def resolve(text: str) -> str | None:
        if text in exact:
            return text
        if text not in seen:
            if not loose:
                loose.update((fold_key(player_key(k, "")), k) for k in exact)
            seen[text] = loose.get(fold_key(player_key(text, "")))
        return seen[text]

    return resolve


def read_opengotha(path: str | Path) -> GoTournament:
    """The tournament in the OpenGotha XML file at `path`.

    Raises:
        OpenGothaError: the file cannot be read or is not an OpenGotha tournament.
    """
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise OpenGothaError(f"{p}: cannot read the file: {e.strerror}") from e
    return parse_opengotha(data, str(p))


def parse_opengotha(
    data: bytes, source: str = "<xml>", root: ET.Element | None = None
) -> GoTournament:
    """The tournament in OpenGotha XML `data` (`source` names it in diagnostics).

    `root` is the element tree of `data` when the caller has parsed it already.

    Raises:
        OpenGothaError: `data` is not well-formed XML (or declares entities, `parse_xml`) or
            not an OpenGotha tournament.
    """
    if root is None:
        root = parse_xml(data, source)[0]
    if root.tag != "Tournament":
        raise OpenGothaError(f"{source}: expected a <Tournament> root element, got <{root.tag}>")
    version = root.get("dataVersion")
    if version:
        data_version = whole_number(version) or 200  # not a number: before 3.40, as noted
    else:
        data_version = 201 if root.get("fullVersionNumber") else 200
    reader = _Reader(source)
    params = reader.parameters(root.find("TournamentParameterSet"))
    players = tuple(reader.player(e, data_version) for e in root.iterfind("Players/Player"))
    games = tuple(reader.game(e) for e in root.iterfind("Games/Game"))
    byes = tuple(
        GoBye(reader.integer(e, "roundNumber", 1) - 1, e.get("player", ""))
        for path in BYE_PATHS
        for e in root.iterfind(path)
    )
    resolve = key_resolver(p.key for p in players)
    games = tuple(
        with_keys(g, resolve(g.white) or g.white, resolve(g.black) or g.black) for g in games
    )
    byes = tuple(replace(b, player=resolve(b.player) or b.player) for b in byes)
    groups = tuple(
        ClubsGroup(g.get("name", ""), tuple(c.get("name", "") for c in g.iterfind("Club")))
        for g in root.iterfind("ClubsGroups/ClubsGroup")
    )
    return GoTournament(params, players, games, byes, groups)


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, element: ET.Element, attr: str, expected: str) -> OpenGothaError:
        return OpenGothaError(
            f"{self.source}: <{element.tag}> {attr}: expected {expected}, got {element.get(attr)!r}"
        )

    def integer(self, e: ET.Element, attr: str, default: int) -> int:
        text = e.get(attr)
        if text is None or not text.strip():
            return default
        try:
            return int(text.strip())
        except ValueError:
            raise self.fail(e, attr, "an integer") from None

    def rank(self, e: ET.Element, attr: str, default: GoRank) -> GoRank:
        text = e.get(attr)
        if text is None or not text.strip():
            return default
        try:
            return parse_rank(text, clamp=True)
        except GoRankError:
            raise self.fail(e, attr, "a rank like '5K' or '1D'") from None

    def value(self, e: ET.Element, attr: str, default: object) -> object:
        """The attribute converted to the type of `default`."""
        text = e.get(attr)
        if text is None:
            return default
        if isinstance(default, bool):
            return text.strip().lower() == "true"
        if isinstance(default, int):
            return self.integer(e, attr, default)
        if isinstance(default, float):
            try:
                return float(text)
            except ValueError:
                raise self.fail(e, attr, "a number") from None
        if isinstance(default, GoRank):
            return self.rank(e, attr, default)
        if isinstance(default, Criterion):
            crit = criterion(text)
            if crit is None:
                raise self.fail(e, attr, "a placement criterion name")
            return crit
        if isinstance(default, (SeedSystem, DuddMode)):
            try:
                return type(default)(text.strip().upper())
            except ValueError:
                raise self.fail(e, attr, f"one of {[m.value for m in type(default)]}") from None
        return text

    def fill(
        self, e: ET.Element | None, names: dict[str, str], default: object
    ) -> dict[str, object]:
        if e is None:
            return {}
        current = {f.name: getattr(default, f.name) for f in fields(default)}  # type: ignore[arg-type]
        return {
            name: self.value(e, attr, current[name])
            for attr, name in names.items()
            if e.get(attr) is not None
        }

    def parameters(self, e: ET.Element | None) -> GoParameters:
        if e is None:
            return GoParameters()
        gen_e = e.find("GeneralParameterSet")
        general = GeneralParameters(**self.fill(gen_e, _GENERAL, GeneralParameters()))  # type: ignore[arg-type]
        if gen_e is not None:
            if not _komi_may_be(general.komi):
                raise self.fail(gen_e, "komi", "a komi such as 7.5 or 0.5")
            n_cat = self.integer(gen_e, "numberOfCategories", 1)
            cats = sorted(
                (self.integer(c, "number", 1), self.rank(c, "lowerLimit", parse_rank("30k")))
                for c in gen_e.iterfind("Categories/Category")
            )
            limits = tuple(rank for _, rank in cats)[: max(0, n_cat - 1)]
            general = _replace(general, category_limits=limits)
        handicap = HandicapParameters(
            **self.fill(e.find("HandicapParameterSet"), _HANDICAP, HandicapParameters())  # type: ignore[arg-type]
        )
        pai = self.fill(e.find("PairingParameterSet"), _PAIRING, PairingParameters())
        if "last_round_seed_system1" in pai:
            pai["last_round_seed_system1"] = int(str(pai["last_round_seed_system1"])) - 1
        pairing = PairingParameters(**pai)  # type: ignore[arg-type]
        crits: list[tuple[int, Criterion]] = []
        for c in e.iterfind("PlacementParameterSet/PlacementCriteria/PlacementCriterion"):
            crit = criterion(c.get("name", "NULL"))
            if crit is None:
                raise self.fail(c, "name", "a placement criterion name")
            crits.append((self.integer(c, "number", len(crits) + 1), crit))
        placement = tuple(c for _, c in sorted(crits, key=lambda t: t[0]))
        if not any(c is not Criterion.NULL for c in placement):
            placement = GoParameters().placement
        return GoParameters(general, handicap, placement, pairing)

    def player(self, e: ET.Element, data_version: int) -> GoPlayer:
        name, first = e.get("name", ""), e.get("firstName", "")
        if not name or not first:
            raise OpenGothaError(
                f"{self.source}: <Player> expected a name and a first name, got {name!r} {first!r}"
            )
        rating = self.integer(e, "rating", -900)
        if data_version < 201:
            rating += 2050
        participating = _participating(e.get("participating", "1" * MAX_ROUNDS))
        return GoPlayer(
            name=name,
            first_name=first,
            rank=self.rank(e, "rank", parse_rank("30k")),
            rating=clamp_rating(rating),
            country=e.get("country", "").strip(),
            club=e.get("club", ""),
            egf_pin=e.get("egfPin", ""),
            ffg_licence=e.get("ffgLicence", ""),
            ffg_licence_status=e.get("ffgLicenceStatus", ""),
            aga_id=e.get("agaId", ""),
            aga_expiration=e.get("agaExpirationDate", ""),
            rating_origin=e.get("ratingOrigin", ""),
            grade=e.get("grade", ""),
            smms_correction=self.integer(e, "smmsCorrection", 0),
            participating=participating,
            final=e.get("registeringStatus", "FIN").upper() != "PRE",
        )

    def game(self, e: ET.Element) -> GoGame:
        result = _result(e.get("result", "RESULT_UNKNOWN"))
        if result is None:
            raise self.fail(e, "result", "RESULT_WHITEWINS, RESULT_BLACKWINS, ...")
        return GoGame(
            round=self.integer(e, "roundNumber", 1) - 1,
            table=self.integer(e, "tableNumber", 0),
            white=e.get("whitePlayer", ""),
            black=e.get("blackPlayer", ""),
            handicap=self.integer(e, "handicap", 0),
            result=result,
            known_colour=e.get("knownColor", "true").strip().lower() != "false",
        )


@functools.lru_cache(maxsize=256)
def _result(attribute: str) -> GoResult | None:
    """The result a ``result`` attribute names (``RESULT_WHITEWINS_BYDEF``, OpenGotha's old
    numeric codes), None if none (a file writes a few texts again and again)."""
    text = attribute.strip()
    by_default = text.upper().endswith("_BYDEF")
    base = text.upper().removesuffix("_BYDEF")
    outcome = _OUTCOMES.get(base)
    code = whole_number(base) if base.isdigit() else None
    if outcome is None and code is not None:
        by_default = code >= 256
        outcome = _CODES.get(code % 256)
    return None if outcome is None else GoResult(outcome, by_default)


@functools.lru_cache(maxsize=256)
def _participating(text: str) -> tuple[bool, ...]:
    """The rounds a ``participating`` attribute says a player plays (most players write
    the same text)."""
    return tuple(ch == "1" for ch in text.ljust(MAX_ROUNDS, "1")[:MAX_ROUNDS])


def _replace(general: GeneralParameters, **changes: object) -> GeneralParameters:
    return replace(general, **changes)  # type: ignore[arg-type]

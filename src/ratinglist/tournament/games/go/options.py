"""A Go tournament's settings as the director types them, by OpenGotha's parameter names.

Every parameter of OpenGotha's ``GeneralParameterSet``, ``HandicapParameterSet`` and
``PairingParameterSet`` is set by its XML attribute name and a value spelled as the XML holds
it (``paiMaSeedSystem1=SPLITANDFOLD``, ``hdNoHdRankThreshold=1D``, ``komi=6.5``), read by the
XML reader itself (`formats.opengotha_xml.parameter_value`), so that a setting is what an
OpenGotha file with that attribute would give. Three more names are ours: ``placement`` (the
placement criteria, comma separated), ``egfClass`` (the class the director chooses, empty:
computed) and ``compat`` (``opengotha``). The short options of `GoOptions` (``--time
"60m+3x30s"``, ``--handicap rank``) become these names (`option_pairs`); a change is stored
as the list of (name, value) pairs and applied again when the log is folded (`with_options`).

Once round 1 is paired, what decided the score groups of the published rounds is fixed
(`FIXED_ONCE_PAIRED`, the main placement criterion); the rest
applies to the rounds still to pair, the standings and the files (docs/decisions.md, "Issue
21: every Go setting").
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import fields, replace

from ratinglist.errors import N_, NotAllowedNow, OpenGothaError, TournamentInputError
from ratinglist.formats.go.opengotha_xml import PARAMETER_SETS, parameter_value
from ratinglist.model.directed import GoOptions
from ratinglist.model.go import format_rank
from ratinglist.model.go.results import TimeSystem
from ratinglist.model.go.tournament import (
    MAX_ROUNDS,
    Criterion,
    GoParameters,
)
from ratinglist.tournament.games.go.setting_table import GO_SETTINGS

OptionPairs = tuple[tuple[str, str], ...]
PLACEMENT = "placement"
EGF_CLASS = "egfClass"
COMPAT = "compat"
COMPAT_MODES = ("opengotha",)
EGF_CLASSES = ("A", "B", "C", "D", "X")
SET_AT_CREATION = frozenset({"name", "shortName", "beginDate", "endDate", "numberOfRounds"})
"""Set by ``tournament new`` (its NAME, --date, --end, --rounds): the tournament's identity
and length (adding rounds later is an action of its own)."""
FIXED_ONCE_PAIRED = frozenset(
    {
        "size",
        "genMMFloor",
        "genMMBar",
        "genMMZero",
        "genNBW2ValueAbsent",
        "genNBW2ValueBye",
        "genMMS2ValueAbsent",
        "genMMS2ValueBye",
        "genRoundDownNBWMMS",
    }
)
"""What the score groups of a published round were made of: fixed once round 1 is paired."""
_FIELDS = {
    attr: (section, name)
    for section, names in PARAMETER_SETS.items()
    for attr, name in names.items()
}
_PAIRING_ATTRS = {name: attr for attr, name in PARAMETER_SETS["pairing"].items()}
_FOLDED = {attr.lower(): attr for attr in (*_FIELDS, PLACEMENT, EGF_CLASS, COMPAT)}
_MAIN = (Criterion.NBW, Criterion.MMS, Criterion.CPS)
_WEIGHT_MAX = 10**16
_BOOLEAN = ("true", "false")
MAX_CRITERIA = 6


def option_names() -> tuple[str, ...]:
    """Every settable name, OpenGotha's first."""
    return (*sorted(_FIELDS), PLACEMENT, EGF_CLASS, COMPAT)


def canonical_name(name: str) -> str:
    """The settable name `name` spells (any case), or a `TournamentInputError` naming them."""
    found = _FOLDED.get(name.strip().lower())
    if found is None:
        raise TournamentInputError(
            N_(
                "expected an OpenGotha parameter name such as komi, hdCeiling or "
                "paiMaSeedSystem1 (tournament settings lists them), got %(name)r"
            ),
            name=name,
        )
    return found


_UNIT = {"h": 3600, "m": 60, "min": 60, "s": 1, "": 60}
_DURATION = re.compile(r"^\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*(min|m|s)?)?\s*$", re.IGNORECASE)


def _seconds(text: str, default_unit: str, what: str) -> int:
    m = _DURATION.match(text)
    if m is None or (m.group(1) is None and m.group(2) is None):
        raise TournamentInputError(
            N_("expected %(what)s such as 60m, 1h30m or 30s, got %(text)r"), what=what, text=text
        )
    hours = int(m.group(1) or 0)
    amount = int(m.group(2) or 0)
    unit = (m.group(3) or default_unit).lower()
    return hours * 3600 + amount * _UNIT[unit]


TIME_HELP = (
    '"90m" sudden death, "60m+3x30s" byo-yomi (periods x seconds per move), '
    '"60m+15/5m" Canadian (stones / period), "60m+10s" Fischer (increment)'
)


def parse_time(text: str) -> OptionPairs:
    """OpenGotha's time parameters of a time system typed as ``90m`` (sudden death),
    ``60m+3x30s`` (byo-yomi: 30 s per move; OpenGotha and the EGD count no periods),
    ``60m+15/5m`` (Canadian: 15 stones in 5 min) or ``60m+10s`` (Fischer: 10 s a move).
    A number without unit is minutes; the basic time is whole minutes (OpenGotha's)."""
    basic_text, plus, extra = text.strip().partition("+")
    basic = _seconds(basic_text, "m", N_("a basic time"))
    if basic % 60:
        raise TournamentInputError(
            N_("expected a basic time in whole minutes, got %(basic_text)r"), basic_text=basic_text
        )
    pairs: list[tuple[str, str]] = [("basicTime", str(basic // 60))]
    extra = extra.strip()
    if not plus:
        return (*pairs, ("complementaryTimeSystem", TimeSystem.SUDDEN_DEATH.value))
    byoyomi = re.fullmatch(r"(\d+)\s*[x×*]\s*(.+)", extra)
    canadian = re.fullmatch(r"(\d+)\s*/\s*(.+)", extra)
    if byoyomi is not None:
        if int(byoyomi.group(1)) < 1:
            raise TournamentInputError(
                N_("expected at least 1 byo-yomi period, got %(extra)r"), extra=extra
            )
        seconds = _seconds(byoyomi.group(2), "s", N_("a byo-yomi time"))
        return (
            *pairs,
            ("complementaryTimeSystem", TimeSystem.STANDARD_BYOYOMI.value),
            ("stdByoYomiTime", str(seconds)),
        )
    if canadian is not None:
        stones = int(canadian.group(1))
        if stones < 1:
            raise TournamentInputError(
                N_("expected at least 1 stone in a Canadian period, got %(extra)r"), extra=extra
            )
        seconds = _seconds(canadian.group(2), "m", N_("a Canadian period"))
        return (
            *pairs,
            ("complementaryTimeSystem", TimeSystem.CANADIAN_BYOYOMI.value),
            ("nbMovesCanTime", str(stones)),
            ("canByoYomiTime", str(seconds)),
        )
    if not extra:
        raise TournamentInputError(
            N_("expected a time system (%(time_help)s), got %(text)r"),
            time_help=TIME_HELP,
            text=text,
        )
    seconds = _seconds(extra, "s", f"a time system ({TIME_HELP}); the increment")
    return (
        *pairs,
        ("complementaryTimeSystem", TimeSystem.FISCHER.value),
        ("fischerTime", str(seconds)),
    )


def _clock(seconds: int) -> str:
    if seconds % 60 == 0 and seconds:
        return f"{seconds // 60}m"
    return f"{seconds}s"


def format_time(parameters: GoParameters) -> str:
    """The time system in `parse_time`'s syntax (byo-yomi written with one period)."""
    g = parameters.general
    basic = f"{g.basic_time}m"
    system = g.time_system.strip().upper()
    if system == TimeSystem.STANDARD_BYOYOMI.value:
        return f"{basic}+1x{g.std_byoyomi_time}s"
    if system == TimeSystem.CANADIAN_BYOYOMI.value:
        return f"{basic}+{g.nb_moves_can_time}/{_clock(g.can_byoyomi_time)}"
    if system == TimeSystem.FISCHER.value:
        return f"{basic}+{g.fischer_time}s"
    return basic


_HANDICAP_MODES = {
    "mms": (("hdBasedOnMMS", "true"),),
    "rank": (("hdBasedOnMMS", "false"),),
    "none": (("hdCeiling", "0"),),
}


def option_pairs(options: GoOptions) -> OptionPairs:
    """The (name, value) pairs the director's options stand for, in the order applied:
    the short options first (`GO_SETTINGS`' order), then each ``name=value`` of
    `options.parameters`."""
    pairs: list[tuple[str, str]] = []
    for setting in GO_SETTINGS:
        value = getattr(options, setting.field)
        if value is None:
            continue
        if setting.kind == "time":
            pairs += parse_time(value)
        elif setting.kind == "flag":
            pairs.append((setting.xml, "true" if value else "false"))
        elif setting.kind == "handicap":
            pairs += _handicap_mode(value, options.handicap_ceiling)
        else:
            pairs.append((setting.xml, value.strip()))
    for item in options.parameters:
        name, equals, value = item.partition("=")
        if not equals:
            raise TournamentInputError(
                N_(
                    "expected a parameter as name=value (e.g. "
                    "paiMaSeedSystem1=SPLITANDFOLD), got %(item)r"
                ),
                item=item.strip(),
            )
        pairs.append((canonical_name(name), value.strip()))
    return tuple(pairs)


def _handicap_mode(text: str, ceiling: str | None) -> OptionPairs:
    mode = _HANDICAP_MODES.get(text.strip().lower())
    if mode is None:
        raise TournamentInputError(
            N_("expected a handicap from mms, rank or none, got %(text)r"), text=text
        )
    if mode[0][0] == "hdCeiling" and ceiling not in (None, "0"):
        raise TournamentInputError(
            N_("expected no handicap ceiling with no handicap (none), got %(ceiling)r"),
            ceiling=ceiling,
        )
    return mode


def parse_criteria(text: str) -> tuple[Criterion, ...]:
    """Placement criteria as OpenGotha names them, comma separated (``MMS,SOSM,SOSOSM``)."""
    out = []
    for word in text.split(","):
        if not word.strip():
            continue
        c = Criterion.from_name(word)
        if c is None:
            known = ", ".join(c.value for c in Criterion if c is not Criterion.NULL)
            raise TournamentInputError(
                N_("expected placement criteria among %(known)s, got %(word)r"),
                known=known,
                word=word,
            )
        out.append(c)
    if not out or len(out) > MAX_CRITERIA:
        raise TournamentInputError(
            N_("expected 1 to %(max_criteria)s placement criteria, got %(text)r"),
            max_criteria=MAX_CRITERIA,
            text=text,
        )
    return tuple(out)


def _main(parameters: GoParameters) -> Criterion | None:
    return next((c for c in parameters.placement if c in _MAIN), None)


def _set(parameters: GoParameters, name: str, text: str) -> GoParameters:
    if name == PLACEMENT:
        return replace(parameters, placement=parse_criteria(text))
    if name == EGF_CLASS:
        letter = text.strip().upper()
        if letter not in ("", *EGF_CLASSES):
            raise TournamentInputError(
                N_(
                    "expected an EGF class among %(egf_classes)s (empty: from the time "
                    "system), got %(text)r"
                ),
                egf_classes=", ".join(EGF_CLASSES),
                text=text,
            )
        return replace(parameters, general=replace(parameters.general, egf_class=letter))
    if name == COMPAT:
        mode = text.strip().lower()
        if mode not in ("", "none", *COMPAT_MODES):
            raise TournamentInputError(
                N_("expected compat opengotha (or none), got %(text)r"), text=text
            )
        mode = "" if mode == "none" else mode
        return replace(parameters, pairing=replace(parameters.pairing, compat=mode))
    section, field_name = _FIELDS[name]
    current_set = getattr(parameters, section)
    current = getattr(current_set, field_name)
    if isinstance(current, bool) and text.strip().lower() not in _BOOLEAN:
        raise TournamentInputError(
            N_("expected %(name)s true or false, got %(text)r"), name=name, text=text
        )
    try:
        value = parameter_value(name, text.strip(), current, name)
    except OpenGothaError as exc:
        message = str(exc)
        raise TournamentInputError(
            N_("%(name)s: %(why)s"), name=name, why=message[message.find("expected") :]
        ) from exc
    if name == "paiMaLastRoundForSeedSystem1":
        value = int(str(value)) - 1  # 1-based as the XML and OpenGotha's screen
    if name == "complementaryTimeSystem":
        value = str(value).strip().upper()
    return replace(parameters, **{section: replace(current_set, **{field_name: value})})


def _check(parameters: GoParameters) -> None:
    g, h, p = parameters.general, parameters.handicap, parameters.pairing
    problems: list[str] = []
    if g.floor.value > g.bar.value:
        problems.append(
            f"a floor at or below the bar, got floor {format_rank(g.floor)} above bar "
            f"{format_rank(g.bar)}"
        )
    try:
        komi = float(g.komi)
    except ValueError:
        komi = 0.25
    if not math.isfinite(komi) or abs(komi) > 100 or komi * 2 != int(komi * 2):
        problems.append(f"a komi in half points such as 7.5 or 0.5, got {g.komi!r}")
    if g.time_system not in {t.value for t in TimeSystem}:
        known = ", ".join(t.value for t in TimeSystem)
        problems.append(f"complementaryTimeSystem among {known}, got {g.time_system!r}")
    for label, value, low in (
        ("basicTime", g.basic_time, 0),
        ("stdByoYomiTime", g.std_byoyomi_time, 0),
        ("canByoYomiTime", g.can_byoyomi_time, 0),
        ("fischerTime", g.fischer_time, 0),
        ("nbMovesCanTime", g.nb_moves_can_time, 1),
        ("size", g.size, 2),
    ):
        if value < low:
            problems.append(f"{label} at least {low}, got {value}")
    if not 1 <= g.number_of_rounds <= MAX_ROUNDS:
        problems.append(f"1 to {MAX_ROUNDS} rounds, got {g.number_of_rounds}")
    for label, value in (
        ("genNBW2ValueAbsent", g.nbw2_absent),
        ("genNBW2ValueBye", g.nbw2_bye),
        ("genMMS2ValueAbsent", g.mms2_absent),
        ("genMMS2ValueBye", g.mms2_bye),
    ):
        if not 0 <= value <= 2:
            problems.append(f"{label} 0, 1 or 2 (half points), got {value}")
    if not -1 <= h.correction <= 3:
        problems.append(f"hdCorrection -1 to 3, got {h.correction}")
    if not 0 <= h.ceiling <= 9:
        problems.append(f"hdCeiling 0 to 9, got {h.ceiling}")
    if not 0 <= p.random <= 1_000_000_000:
        problems.append(f"paiBaRandom 0 to 1000000000, got {p.random}")
    if not 0 <= p.nx1_factor <= 1:
        problems.append(f"paiStandardNX1Factor 0 to 1, got {p.nx1_factor}")
    if p.last_round_seed_system1 < 0:
        problems.append(
            f"paiMaLastRoundForSeedSystem1 at least 1, got {p.last_round_seed_system1 + 1}"
        )
    for f in fields(p):
        value = getattr(p, f.name)
        weight = type(value) is int and f.name not in ("random", "last_round_seed_system1")
        if weight and not 0 <= value <= _WEIGHT_MAX:
            problems.append(f"{_PAIRING_ATTRS[f.name]} 0 to {_WEIGHT_MAX}, got {value}")
    if problems:
        raise TournamentInputError("expected " + "; ".join(problems))


def with_options(
    parameters: GoParameters, pairs: Sequence[tuple[str, str]], paired: int = 0
) -> GoParameters:
    """`parameters` with each (name, value) of `pairs` set, checked as a whole.

    `paired` is the number of rounds already paired: from 1 on, `FIXED_ONCE_PAIRED`, the main
    placement criterion (NBW, MMS or CPS: the system) are refused with the reason.

    Raises:
        TournamentInputError: an unknown name or a bad value.
        NotAllowedNow: a setting that may not change now.
    """
    found = parameters
    for raw, text in pairs:
        name = canonical_name(raw)
        if name in SET_AT_CREATION:
            raise NotAllowedNow(
                N_(
                    "expected %(name)s only when the tournament is made (its name, first "
                    "day and rounds; the last day: endDate or the end date), got "
                    "%(name)s=%(text)s"
                ),
                name=name,
                text=text,
            )
        before = found
        found = _set(found, name, text)
        if paired and name in FIXED_ONCE_PAIRED and found != before:
            raise NotAllowedNow(
                N_(
                    "expected %(name)s unchanged once round 1 is paired (the groups of the "
                    "published rounds were made of it), got %(name)s=%(text)s"
                ),
                name=name,
                text=text,
            )
    was, now = _main(parameters), _main(found)
    if paired and now != was:
        raise NotAllowedNow(
            N_(
                "expected the main placement criterion %(was)s unchanged once round 1"
                " is paired (it makes the score groups), got %(now)s"
            ),
            was=was.value if was else N_("none"),
            now=",".join(c.value for c in found.criteria),
        )
    _check(found)
    return found


def setting_lines(parameters: GoParameters) -> tuple[tuple[str, str], ...]:
    """Every settable name with its current value as the XML spells it."""
    from ratinglist.formats.go.opengotha_write import xml_value

    out: list[tuple[str, str]] = []
    for attr, (section, name) in sorted(_FIELDS.items()):
        value: object = getattr(getattr(parameters, section), name)
        if attr == "paiMaLastRoundForSeedSystem1":
            value = int(str(value)) + 1
        out.append((attr, xml_value(value)))
    out.append((PLACEMENT, ",".join(c.value for c in parameters.criteria)))
    out.append((EGF_CLASS, parameters.general.egf_class))
    out.append((COMPAT, parameters.pairing.compat))
    return tuple(out)

"""Which part of a tournament each game line of a .ELO file belongs to.

A results file lists the games of the rounds, then often a finals stage under comment
lines such as ``%Semi-finals``, ``%3/4 Playoff``, ``%Final``, ``%Finale``, ``%1/2 playoff``
or ``%%Added results`` (what Papp and this program write before the finals games), and
sometimes games of a side competition (``%Women final``, ``%%Team competition``). Each such
comment starts a `Section`; a numbered round marker (``%Round 3``) goes back to the rounds.
Any other comment (a note, ``%% 13 rounds``) leaves the section as it is.

The page of a tournament places its players by these sections (`standings.placing`).
"""

from __future__ import annotations

import bisect
import enum
import re
from dataclasses import dataclass

from ratinglist.formats.elo_comments import header_field, header_key, round_marker
from ratinglist.formats.elo_decode import decode_elo
from ratinglist.formats.elo_players import PLAYER_PREFIX


class Stage(enum.Enum):
    """What the games of a section are."""

    ROUNDS = "rounds"
    PLAYOFF = "play-off"
    QUARTER = "quarter-final"
    SEMI = "semi-final"
    THIRD = "third place"
    PLACES = "placing game"
    FINAL = "final"
    ADDED = "added"
    SIDE = "side"

    @property
    def knockout(self) -> bool:
        """True for the stages that decide places above the rounds' standings."""
        return self not in (Stage.ROUNDS, Stage.SIDE)

    @property
    def placement(self) -> bool:
        """True for the games that order two players without putting anyone out."""
        return self in (Stage.THIRD, Stage.PLACES)


@dataclass(frozen=True, slots=True)
class Section:
    """A part of the file from comment line `line` (0: the file's start) to the next one."""

    line: int
    stage: Stage
    text: str


_SIDE = re.compile(
    r"\b(?:wom[ae]n'?s?|female|ladies|girls?|youth|juniors?|kids?|child(?:ren)?|beginners?|"
    r"d[ée]butants?|novices?|"
    r"teams?|consolation|other\s+finals?|blitz|rapid|div(?:ision)?\.?\s*(?:2|3|ii|b)|"
    r"b\s*open|b[- ]final|final\s*b)\b"
)
_NOTE = re.compile(
    r"^\d{3,}|\b(?:before|after|not|include[sd]?|players|list|vote|between|to|left|won|lost)\b"
)
_THIRD = re.compile(r"3rd|third|3\s*/\s*4|\biii\b|bronze|petite|3[eè]me|troisi[eè]me|\b3p\b")
_SEMI = re.compile(r"semi|demi|1\s*/\s*2\b|\bsf\d?\b")
_QUARTER = re.compile(r"quarter|quart|1\s*/\s*4\b|\bqf\d?\b")
_PLACES = re.compile(
    r"\b(?:[3-9]|\d\d)\s*(?:st|nd|rd|th)?\s*(?:/|&|-|and|to)\s*\d+|"
    r"\b(?:[4-9]|\d\d)\s*(?:st|nd|rd|th)\s*place"
)
_FINAL = re.compile(r"final|^round:?\s*f$")
_ROUNDS = re.compile(
    r"(?:swiss\s+)?rounds?|qualifications?|qualifiers?|preliminar(?:y|ies)|prelims?|"
    r"swiss(?:\s+system)?|league|(?:group|pool)s?(?:\s+\w)?"
)
_PLAYOFF = re.compile(r"play[- ]?offs?|tie[- ]?breaks?|barrage")
_ADDED = re.compile(r"^%+\s*added\s+results\b")

MAX_TITLE = 50
"""A comment longer than this (after its ``%``) is a note, never a section title."""


def stage_of(comment: str) -> Stage | None:
    """The stage a comment line starts, or None when it does not start a section.

    `comment` is the line with its leading blanks removed (it starts with ``%``).
    A numbered round marker gives `Stage.ROUNDS`; ``%%Added results`` alone gives
    `Stage.ADDED` (with a stage named after it, that stage).
    """
    text = comment.strip().lower()
    body = text.lstrip("%").strip()
    if not body or text.startswith(PLAYER_PREFIX):
        return None
    field = header_field(comment.strip()) if text.startswith("%%") else None
    if field is not None and header_key(field[0]) in {
        "tournament",
        "country",
        "date",
        "sender",
        "creator",
        "creationdate",
    }:
        return None
    named = _named_stage(body)
    if named is not None:
        return named
    if _ADDED.match(text) or body.startswith("other games"):
        return Stage.ADDED
    is_marker, number = round_marker(comment.strip())
    if is_marker and number is not None:
        return Stage.ROUNDS
    return None


def _named_stage(body: str) -> Stage | None:
    if len(body) > MAX_TITLE or _NOTE.search(body):
        return None
    for pattern, stage in (
        (_THIRD, Stage.THIRD),
        (_SEMI, Stage.SEMI),
        (_QUARTER, Stage.QUARTER),
        (_PLACES, Stage.PLACES),
        (_FINAL, Stage.FINAL),
        (_PLAYOFF, Stage.PLAYOFF),
    ):
        if pattern.search(body):
            return Stage.SIDE if _SIDE.search(body) else stage
    if _SIDE.search(body) and not re.search(r"\d", body):
        return Stage.SIDE
    if _ROUNDS.fullmatch(body.rstrip(" :")):
        return Stage.ROUNDS
    return None


def file_sections(data: bytes) -> tuple[Section, ...]:
    """The sections of a results file's bytes, in file order; the first starts at line 0.

    Lines are numbered as the reader numbers them (`elo_reader`), so a stored game's line
    finds its section with `section_at`.
    """
    text, _, _ = decode_elo(data)
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = re.split(r"\r\n|\r|\n", text)
    found = [Section(0, Stage.ROUNDS, "")]
    for number, line in enumerate(lines, 1):
        stripped = line.lstrip(" \t")
        if not stripped.startswith("%"):
            continue
        stage = stage_of(stripped)
        if stage is not None:
            found.append(Section(number, stage, stripped.strip()))
    return tuple(found)


def section_at(sections: tuple[Section, ...], line: int) -> int:
    """The index in `sections` of the section holding file line `line`."""
    return max(0, bisect.bisect_right([s.line for s in sections], line) - 1)

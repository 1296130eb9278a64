"""Property tests: format-then-parse gives the same values; parsing never crashes."""

from __future__ import annotations

import datetime as dt
import os
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from ratinglist.errors import ResultsFileError
from ratinglist.formats.elo import format_elo, parse_elo
from ratinglist.formats.results_file import GameLine, Header, PlayerLine, ResultsFile
from ratinglist.model import Colour, DateRange, Outcome

FUZZ = settings(max_examples=10_000 if os.environ.get("CI") else 300, deadline=None)
ROUND_TRIP = settings(max_examples=300 if os.environ.get("CI") else 100, deadline=None)

NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzéèüößçñ .'-"
TEXT_CHARS = NAME_CHARS + "0123456789,:()/&!"
names = st.text(NAME_CHARS, max_size=20).map(str.strip)
texts = st.text(TEXT_CHARS, min_size=1, max_size=30).map(str.strip).filter(bool)
halves = st.integers(0, 4000).map(lambda k: k / 2)


@st.composite
def date_ranges(draw: st.DrawFn) -> DateRange:
    start = draw(st.dates(dt.date(1900, 1, 1), dt.date(2100, 1, 1)))
    has = draw(st.integers(0, 3))  # bit 0: an end date; bit 1: an order letter
    end = start + dt.timedelta(days=draw(st.integers(1, 30))) if has & 1 else None
    order = draw(st.sampled_from("abcz")) if has & 2 else None
    return DateRange(start, end, order)


UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
temporary_ids = st.builds(
    lambda a, b: a + b,
    st.sampled_from(UPPER),
    st.text(UPPER + "0123456789", min_size=3, max_size=3),
)
tokens = st.integers(1, 400_000).map(str) | temporary_ids


# Optional fields are drawn as one bit mask per line, then only the values present: the same
# values as `st.none() | strategy` for each (each present half of the time), sign and colour
# in one draw, fewer hypothesis choices per example (a choice costs more than the parsing).
SIGNS_AND_COLOURS = [(o, c) for o in Outcome for c in (None, *Colour)]


@st.composite
def results_files(draw: st.DrawFn) -> ResultsFile:
    has = draw(st.integers(0, 3))  # bit 0: a creator; bit 1: a creation date
    header = Header(
        tournament=draw(texts),
        country=draw(texts),
        dates=draw(date_ranges()),
        sender=draw(texts),
        creator=draw(texts) if has & 1 else None,
        creation_date=draw(texts) if has & 2 else None,
    )
    ids = draw(st.lists(tokens, min_size=2, max_size=8, unique=True))

    def player(token: str) -> PlayerLine:
        surname, firstname = draw(names), draw(names)
        country = draw(st.text(UPPER, max_size=3))
        has = draw(st.integers(0, 15))  # bit 0: new; bits 1-3: a score, discs, a rating
        return PlayerLine(
            token=token,
            surname=surname,
            firstname=firstname,
            country=country,
            new=bool(has & 1),
            score=draw(halves) if has & 2 else None,
            discs=draw(halves) if has & 4 else None,
            rating=draw(st.integers(-500, 3000)) if has & 8 else None,
        )

    players = tuple(player(token) for token in ids)
    pairs = st.integers(0, len(ids) * (len(ids) - 1) - 1)  # every ordered pair of two IDs

    def game(added: bool) -> GameLine:
        first, other = divmod(draw(pairs), len(ids) - 1)
        outcome, colour = draw(st.sampled_from(SIGNS_AND_COLOURS))
        has = draw(st.integers(0, 7))  # bits 0-2: first discs, second discs, a round
        return GameLine(
            first=ids[first],
            second=ids[other + (other >= first)],
            outcome=outcome,
            first_discs=draw(st.integers(0, 64)) if has & 1 else None,
            second_discs=draw(st.integers(0, 64)) if has & 2 else None,
            first_colour=colour,
            round=draw(st.integers(1, 20)) if has & 4 else None,
            added=added,
        )

    main = [game(False) for _ in range(draw(st.integers(0, 12)))]
    added = [game(True) for _ in range(draw(st.integers(0, 4)))]
    return ResultsFile(source="gen", header=header, players=players, games=(*main, *added))


@ROUND_TRIP
@given(results_files())
def test_format_then_parse_gives_the_same_values(results: ResultsFile) -> None:
    back = parse_elo(format_elo(results))
    assert back.header == results.header
    assert tuple(replace(p, line=0) for p in back.players) == results.players
    assert tuple(replace(g, line=0, column=1) for g in back.games) == results.games
    assert not any(d.severity.value == "error" for d in back.diagnostics)


def _check_never_crashes(text: str) -> None:
    lenient = parse_elo(text, "fuzz")
    for d in lenient.diagnostics:
        assert d.line >= 1 and d.column >= 1
        assert d.message[:1].islower()
    try:
        parse_elo(text, "fuzz", strict=True)
    except ResultsFileError:
        assert any(d.severity.value == "error" for d in lenient.diagnostics)


@FUZZ
@given(st.text())
def test_parse_never_raises_on_any_text(text: str) -> None:
    _check_never_crashes(text)


SAMPLE = (
    "%%Tournament: T\n%%Country: C\n%%Date: 05/04/2008 - 06/04/2008\n%%Sender: S\n"
    "%_% 11, LAZARD, Emmanuel, F, 1.5, 40, 1500\n%_% +NEW1, DE GRAAF, Jan C., NL, 2+1, 24, -\n"
    "%Round 1\n    11 (40)>(24)   NEW1 B\n  NEW1 < 11 W 11 = NEW1\n%%Added results\n11>NEW1\n"
)
PIECES = [*"%_()<>=,+?BWbw0123456789 \t\n\r:/-.", "\u200e", "\xa0", "é", "??????", "%%"]


@FUZZ
@given(st.integers(0, 2**64))
def test_parse_never_raises_on_mutations_of_a_valid_file(seed: int) -> None:
    rng = random.Random(seed)  # one draw per example (the engine's cost is per draw)
    text = SAMPLE
    for _ in range(rng.randint(1, 8)):
        at = rng.randint(0, len(text))
        text = text[:at] + rng.choice(PIECES) + text[at + rng.randint(0, 3) :]
    _check_never_crashes(text)

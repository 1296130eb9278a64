"""Write-then-read gives the same document, for generated tournaments (names, results, teams)."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from ratinglist.formats.go.opengotha_document import OpenGothaDocument, read_opengotha_document
from ratinglist.formats.go.opengotha_write import write_opengotha
from ratinglist.model.go import GoRank
from ratinglist.model.go.team import GoTeam, TeamMember, TeamParameters
from ratinglist.model.go.tournament import (
    MAX_ROUNDS,
    Criterion,
    GeneralParameters,
    GoBye,
    GoGame,
    GoParameters,
    GoPlayer,
    GoResult,
    GoTournament,
    Outcome,
)

TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters=" "),
    min_size=1,
    max_size=12,
)
FREE_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=20)


def _result(outcome: Outcome, by_default: bool) -> GoResult:
    """An unknown result is never by default (OpenGotha has no RESULT_UNKNOWN_BYDEF)."""
    return GoResult(outcome, by_default and outcome is not Outcome.UNKNOWN)


@st.composite
def documents(draw: st.DrawFn) -> OpenGothaDocument:
    names = draw(
        st.lists(
            st.tuples(TEXT, TEXT), min_size=2, max_size=8, unique_by=lambda n: (n[0] + n[1]).upper()
        )
    )
    players = tuple(
        GoPlayer(
            name=name,
            first_name=first,
            rank=GoRank(draw(st.integers(-30, 8))),
            rating=draw(st.integers(-900, 2949)),
            country=draw(st.sampled_from(["", "FR", "DE"])),
            club=draw(FREE_TEXT.map(lambda s: s[:4].strip())),
            egf_pin=draw(st.sampled_from(["", "12345678"])),
            rating_origin=draw(st.sampled_from(["", "INI", "EGF : 1500", "FFG : -300"])),
            smms_correction=draw(st.integers(-1, 2)),
            participating=tuple(
                draw(st.lists(st.booleans(), min_size=MAX_ROUNDS, max_size=MAX_ROUNDS))
            ),
            final=draw(st.booleans()),
        )
        for name, first in names
    )
    keys = [p.key for p in players]
    rounds = draw(st.integers(1, 5))
    games = []
    for r in range(rounds):
        order = draw(st.permutations(keys))
        for table, k in enumerate(range(0, len(order) - 1, 2), start=1):
            games.append(
                GoGame(
                    round=r,
                    table=table,
                    white=order[k],
                    black=order[k + 1],
                    handicap=draw(st.integers(0, 9)),
                    result=_result(draw(st.sampled_from(list(Outcome))), draw(st.booleans())),
                    known_colour=draw(st.booleans()),
                )
            )
    byes = tuple(
        GoBye(r, draw(st.sampled_from(keys))) for r in range(rounds) if draw(st.booleans())
    )
    general = GeneralParameters(
        name=draw(FREE_TEXT),
        short_name=draw(TEXT),
        location=draw(FREE_TEXT),
        number_of_rounds=rounds,
    )
    # A file whose six criteria are all NULL is read with the McMahon defaults: not generated.
    real = [c for c in Criterion if c is not Criterion.NULL]
    placement = (
        draw(st.sampled_from(real)),
        *draw(st.lists(st.sampled_from(list(Criterion)), min_size=5, max_size=5)),
    )
    team = GoTeam(1, draw(FREE_TEXT), tuple(TeamMember(0, b, k) for b, k in enumerate(keys[:2])))
    return OpenGothaDocument(
        GoTournament(
            GoParameters(general=general, placement=placement), players, tuple(games), byes
        ),
        teams=(team,),
        team_parameters=TeamParameters(2, TeamParameters().placement),
        display=tuple(sorted({"gameFormat": "full"}.items())),
        publish=(),
    )


def _normalised(doc: OpenGothaDocument) -> OpenGothaDocument:
    """What a read gives for `doc`: display/publish settings over OpenGotha's defaults."""
    first = read_opengotha_document(write_opengotha(doc, dt.datetime(2024, 1, 1)), "x.xml")
    return first.document


@settings(max_examples=25)
@given(documents())
def test_write_then_read_is_stable(doc: OpenGothaDocument) -> None:
    once = _normalised(doc)
    assert once.tournament == doc.tournament
    assert once.teams == doc.teams
    twice = read_opengotha_document(write_opengotha(once, dt.datetime(2024, 1, 1)), "y.xml")
    assert twice.document == once

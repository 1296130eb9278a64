"""Property: the exported .ELO file of any small directed tournament reads back to its games."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ratinglist.formats.elo import format_elo, parse_elo
from ratinglist.model import PlayerId
from ratinglist.tournament.events import Created, Event, Registered, Settings
from ratinglist.tournament.fold import apply, fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.events import FinalsStarted, ResultEntered
from ratinglist.tournament.games.othello.exports import results_file, to_tournament
from ratinglist.tournament.games.othello.finals import scheduled
from ratinglist.tournament.games.othello.planning import next_pairing
from ratinglist.tournament.games.othello.results import SpecialResult

SPECIALS = [s.value for s in SpecialResult]


@st.composite
def tournaments(draw: st.DrawFn) -> FoldedTournament:
    n = draw(st.integers(4, 14))
    rounds = draw(st.integers(1, 4))
    seed = draw(st.integers(0, 2**31 - 1))
    s = Settings(
        name="Prop Open",
        country="FRA",
        start="2025-06-07",
        system="swiss",
        rounds=rounds,
        seed=seed,
    )
    events: list[Event] = [Created(s)]
    for i in range(n):
        events.append(
            Registered(PlayerId(50000 + i), f"NAME{i}", f"Pré{i}", "FRA", new=draw(st.booleans()))
        )
    d = fold(events)
    for _ in range(rounds):
        paired, _ = next_pairing(d)
        d = apply(d, paired)
        for b, w in paired.pairs:
            black = draw(st.integers(0, 64))
            special = draw(st.sampled_from(SPECIALS))
            d = apply(d, ResultEntered(str(paired.round), b, w, black, 64 - black, special))
    if draw(st.booleans()):
        top = [r.player for r in d.play.standings()[:4]]
        d = apply(d, FinalsStarted((top[0], top[1], top[2], top[3])))
        for _ in range(draw(st.integers(0, 8))):
            assert d.play.finals is not None
            due = [g for g in scheduled(d.play.finals) if g.result is None]
            if not due:
                break
            x = draw(st.integers(0, 64))
            d = apply(d, ResultEntered(due[0].stage, due[0].black, due[0].white, x, 64 - x))
    return d


@settings(max_examples=40, deadline=None)
@given(tournaments())
def test_exported_results_file_reads_back_to_the_same_games(d: FoldedTournament) -> None:
    rf = results_file(d)
    back = parse_elo(format_elo(rf), source="prop.ELO")
    assert [x for x in back.diagnostics if x.severity.value == "error"] == []
    assert back.to_tournament().games == to_tournament(d).games
    assert [g.added for g in back.games] == [g.round is None for g in back.games]
    assert {p.token for p in back.players if p.new} == {str(p) for p in d.play.new_players}
    forfeits = sum(
        1
        for r in d.play.state.rounds
        for p in r.pairings
        if p.result is not None and not p.result.played
    )
    played = sum(len(r.pairings) for r in d.play.state.rounds) - forfeits
    assert sum(1 for g in back.games if not g.added) == played

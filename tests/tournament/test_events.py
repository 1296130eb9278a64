"""Tournament events: JSON round trip, fold and undo, determinism, corrections, finals."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ratinglist.errors import TournamentError
from ratinglist.model import PlayerId
from ratinglist.tournament.codec import from_json, to_json
from ratinglist.tournament.events import (
    Absent,
    Created,
    Event,
    Forbidden,
    Forced,
    Registered,
    Settings,
    Undone,
    Withdrawn,
)
from ratinglist.tournament.fold import apply, fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.events import (
    FinalsStarted,
    Paired,
    ResultCorrected,
    ResultEntered,
)
from ratinglist.tournament.games.othello.exports import final_ranking
from ratinglist.tournament.games.othello.finals import finals_places, scheduled
from ratinglist.tournament.games.othello.planning import explain_round, next_pairing, replay_round

SETTINGS = Settings(
    name="Test Open", country="NLD", start="2026-05-01", system="swiss", rounds=6, seed=11
)


def _registered(n: int) -> list[Event]:
    return [Registered(PlayerId(100 + i), f"SUR{i}", f"First{i}", "NLD") for i in range(n)]


def _play(events: list[Event], rounds: int, seed: int = 1) -> FoldedTournament:
    """Pair and fill `rounds` rounds with seeded random results; extends `events`."""
    rng = random.Random(seed)
    d = fold(events)
    for _ in range(rounds):
        paired, _ = next_pairing(d)
        events.append(paired)
        d = apply(d, paired)
        for b, w in paired.pairs:
            x = rng.randint(0, 64)
            e = ResultEntered(str(paired.round), b, w, x, 64 - x)
            events.append(e)
            d = apply(d, e)
    return d


@pytest.mark.parametrize(
    "event",
    [
        Created(SETTINGS),
        Registered(PlayerId(4012), "DE GRAAF", "Jan", "NLD", 1750, new=True, first_round=3),
        Withdrawn(PlayerId(4012), 4),
        Absent(PlayerId(4012), 2),
        Forbidden(PlayerId(1), PlayerId(2)),
        Forced(3, PlayerId(1), PlayerId(2)),
        Paired(2, ((PlayerId(1), PlayerId(2)), (PlayerId(3), PlayerId(4))), (PlayerId(5),)),
        FinalsStarted((PlayerId(1), PlayerId(2), PlayerId(3), PlayerId(4))),
        ResultEntered("SF1", PlayerId(1), PlayerId(4), 40, 24),
        ResultCorrected("3", PlayerId(1), PlayerId(2), 64, 0, "resignation"),
        Undone(),
    ],
)
def test_every_event_round_trips_through_json(event: Event) -> None:
    kind, payload = to_json(event)
    assert from_json(kind, payload) == event


def test_settings_stored_before_the_brightwell_rule_take_the_defaults() -> None:
    old = '{"settings": {"name": "Old Open", "country": "NLD", "start": "2025-01-04"}}'
    event = from_json("created", old)
    assert isinstance(event, Created)
    assert (event.settings.bq_rule, event.settings.bq_constant, event.settings.bye_discs) == (
        "ifrl",
        6.0,
        32.0,
    )
    singapore = replace(event.settings, bq_rule="singapore")
    assert from_json(*to_json(Created(singapore))) == Created(singapore)
    with pytest.raises(TournamentError, match="expected a Brightwell rule among ifrl, singapore"):
        replace(event.settings, bq_rule="standard")


@pytest.mark.parametrize(
    ("kind", "payload"),
    [("nonsense", "{}"), ("absent", '{"player": 1}'), ("withdrawn", "not json")],
)
def test_bad_stored_events_are_refused(kind: str, payload: str) -> None:
    with pytest.raises(TournamentError, match="expected"):
        from_json(kind, payload)


def test_same_log_gives_same_pairings_and_every_round_replays() -> None:
    events: list[Event] = [Created(SETTINGS), *_registered(15)]
    d = _play(events, 6)
    assert fold(events) == d
    for r in range(1, 7):
        published = d.play.state.rounds[r - 1]
        again = replay_round(d, r)
        assert again.pairs == tuple((p.black, p.white) for p in published.pairings)
        assert again.byes == published.byes
    assert all(len(r.byes) == 1 for r in d.play.state.rounds)


def test_a_different_seed_gives_a_different_first_round() -> None:
    other = Settings(
        name="Test Open", country="NLD", start="2026-05-01", system="swiss", rounds=6, seed=12
    )
    a = next_pairing(fold([Created(SETTINGS), *_registered(16)]))[0]
    b = next_pairing(fold([Created(other), *_registered(16)]))[0]
    assert a.pairs != b.pairs


def test_undo_cancels_the_latest_action_in_force() -> None:
    events: list[Event] = [Created(SETTINGS), *_registered(4)]
    events += [Withdrawn(PlayerId(101), 1), Absent(PlayerId(102), 1)]
    d = fold([*events, Undone()])
    assert d.play.state.withdrawn_from(PlayerId(101)) == 1
    assert not d.play.state.rounds or PlayerId(102) not in d.play.state.rounds[0].absent
    d2 = fold([*events, Undone(), Undone()])
    assert d2.play.state.withdrawn_from(PlayerId(101)) is None
    assert len(fold([*events, Undone(), Undone(), Undone()]).play.state.entrants) == 3
    with pytest.raises(TournamentError, match="undo"):
        fold([Created(SETTINGS), Undone()])


def test_correction_changes_standings_but_not_later_pairings() -> None:
    events: list[Event] = [Created(SETTINGS), *_registered(12)]
    d = _play(events, 3)
    first = d.play.state.rounds[0].pairings[0]
    assert first.result is not None
    with pytest.raises(TournamentError, match="use correct"):
        apply(d, ResultEntered("1", first.black, first.white, 33, 31))
    flipped = ResultCorrected(
        "1", first.black, first.white, 64 - first.result.black_discs, first.result.black_discs
    )
    d2 = apply(d, flipped)
    assert d2.play.state.rounds[1:] == d.play.state.rounds[1:]
    assert [r.points for r in d2.play.standings()] != [r.points for r in d.play.standings()] or [
        r.discs for r in d2.play.standings()
    ] != [r.discs for r in d.play.standings()]


def test_forced_pair_is_kept_and_costs_are_explained() -> None:
    events: list[Event] = [Created(SETTINGS), *_registered(12)]
    d = _play(events, 2)
    top, bottom = d.play.standings()[0].player, d.play.standings()[-1].player
    d = apply(d, Forced(3, bottom, top))
    paired, _ = next_pairing(d)
    assert (bottom, top) in paired.pairs
    d = apply(d, paired)
    ex = explain_round(d, 3)
    assert [p.forced for p in ex.pairs].count(True) == 1
    assert ex.forced_extra is not None and ex.forced_extra > 0
    without = [e for e in events]  # the pairing without the forced pair must be refused
    with pytest.raises(TournamentError, match="forced"):
        apply(fold([*without, Forced(3, bottom, top)]), Paired(3, (), ()))


def test_withdrawn_absent_and_late_players_are_not_paired() -> None:
    events: list[Event] = [Created(SETTINGS), *_registered(10)]
    d = _play(events, 1)
    d = apply(d, Withdrawn(PlayerId(100), 2))
    d = apply(d, Absent(PlayerId(101), 2))
    d = apply(d, Registered(PlayerId(999), "LATE", "Lou", "BEL", first_round=2))
    with pytest.raises(TournamentError, match="late entry"):
        apply(d, Registered(PlayerId(998), "TOO", "Late", "BEL", first_round=1))
    paired, _ = next_pairing(d)
    ids = {x for p in paired.pairs for x in p} | set(paired.byes)
    assert PlayerId(100) not in ids and PlayerId(101) not in ids and PlayerId(999) in ids


def test_pairing_waits_for_every_result() -> None:
    events: list[Event] = [Created(SETTINGS), *_registered(8)]
    d = fold(events)
    paired, _ = next_pairing(d)
    d = apply(d, paired)
    with pytest.raises(TournamentError, match="every result of round 1"):
        next_pairing_event = Paired(2, (), ())
        apply(d, next_pairing_event)


def test_finals_semis_final_and_third_place() -> None:
    events: list[Event] = [Created(SETTINGS), *_registered(14)]
    d = _play(events, 6)
    top = tuple(r.player for r in d.play.standings()[:4])
    d = apply(d, FinalsStarted((top[0], top[1], top[2], top[3])))
    assert d.play.finals is not None
    assert {(g.black, g.white) for g in scheduled(d.play.finals) if g.stage == "SF1"} == {
        (top[0], top[3]),
        (top[1], top[2]),
    }
    # The higher ranked wins every finals game 40-24 (as Black or White).
    for _ in range(12):
        due = [g for g in scheduled(d.play.finals) if g.result is None]
        if not due:
            break
        g = due[0]
        higher_black = d.play.finals.rank(g.black) < d.play.finals.rank(g.white)
        score = (40, 24) if higher_black else (24, 40)
        d = apply(d, ResultEntered(g.stage, g.black, g.white, *score))
    assert d.play.finals is not None
    stages = [g.stage for g in scheduled(d.play.finals)]
    assert sorted(stages) == sorted(["SF1", "SF1", "SF2", "SF2", "3P", "F1", "F2"])
    assert finals_places(d.play.finals) == top
    assert tuple(p.row.player for p in final_ranking(d)[:4]) == top
    with pytest.raises(TournamentError, match="scheduled F3"):
        apply(d, ResultEntered("F3", top[0], top[1], 40, 24))

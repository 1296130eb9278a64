"""Issue 32, item 2: a submission the rating officer can trust. A tournament with no result
is refused; paired games without a result or planned rounds not played need the director's
reason, which travels in the .ELO's comment lines and shows in the intake's diagnostics
(the same checks the intake runs on any incoming file)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratinglist.errors import TournamentError
from ratinglist.formats.elo import parse_elo
from ratinglist.model.directed import NewSettings, ResultSpec
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.intake import show
from ratinglist.service.tournaments.actions import new_tournament, pair, register_players
from ratinglist.service.tournaments.lifecycle import reopen
from ratinglist.service.tournaments.log import loaded
from ratinglist.service.tournaments.results import enter_result
from ratinglist.service.tournaments.server import running
from ratinglist.service.tournaments.views import submit, unfinished
from ratinglist.store import Store
from ratinglist.store.database import open_store
from ratinglist.store.tournament_events import find_directed, load_events
from ratinglist.tournament.fold import fold
from tests.cli.tournament_cli import fail, run
from tests.conftest import Seeder, handle
from tests.server.fixtures import PLAYER_IDS, seed_server

TD = Actor(ActorKind.WEB, "director")


@pytest.fixture()
def db(seeded_db: Seeder) -> Store:
    """A seeded server database: registry players, a director, an officer (`seed_server`, run
    once per session and backend; each test takes a copy)."""
    return handle(seeded_db("server", seed_server))


def _tournament(db: Store, players: int, rounds: int) -> int:
    settings = NewSettings(
        name="Trust Open",
        country="France",
        start="2026-05-02",
        seed=5,
        system="swiss",
        rounds=rounds,
    )
    tid = new_tournament(db, settings, TD, director="director").id
    register_players(db, tid, [str(p) for p in PLAYER_IDS[:players]], TD)
    return tid


def test_an_empty_tournament_cannot_be_submitted_even_with_a_reason(db: Store) -> None:
    tid = _tournament(db, players=4, rounds=3)
    for reason in (None, "we stopped"):
        with pytest.raises(TournamentError, match="an empty tournament is not sent"):
            submit(db, tid, TD, reason=reason)
    pair(db, tid, TD)  # paired, but no result entered: still empty
    with pytest.raises(TournamentError, match="expected at least one game with a result"):
        submit(db, tid, TD, reason="we stopped")
    assert tid in {o.id for o in running(db)}  # nothing written: still running


def test_an_unfinished_tournament_needs_a_reason_that_reaches_the_intake(db: Store) -> None:
    # 4 players, 3 Swiss rounds planned; round 1 paired with one of its 2 results entered
    tid = _tournament(db, players=4, rounds=3)
    pair(db, tid, TD)
    enter_result(db, tid, ResultSpec(round="1", table=1, score="40-24"), TD)
    left = unfinished(db, tid)
    assert (left.results, left.planned, left.paired, left.skipped) == (1, 3, 1, (2, 3))
    assert len(left.missing) == 1 and left.missing[0].startswith("round 1: ")
    assert left.gaps[1] == "Rounds 2 and 3 of 3 were not played"
    with pytest.raises(TournamentError) as refused:
        submit(db, tid, TD)
    message = str(refused.value)
    assert "expected a reason to submit 'Trust Open' unfinished" in message
    assert "1 paired game without a result (round 1: " in message
    assert "Rounds 2 and 3 of 3 were not played" in message
    with pytest.raises(TournamentError, match="expected a reason"):
        submit(db, tid, TD, reason="   ")  # blanks are no reason

    reason = "the hall closed after the first round (storm warning)"
    done = submit(db, tid, TD, reason=reason)
    assert done.status == "queued" and done.item is not None and done.games == 1
    assert loaded(db, tid).folded.submitted_reason == reason

    item = show(db, done.item)
    rf = parse_elo(item.text)
    extra = dict(rf.header.extra)
    assert extra["Planned rounds"] == "3" and extra["Paired rounds"] == "1"
    assert extra["Paired games without a result"] == "1"
    assert extra["Reason the director gave for submitting it unfinished"] == reason
    assert [g.round for g in rf.games] == [1]  # "first round" in the reason is no round marker
    for shown in (item.submitted_diagnostics, item.diagnostics):
        warned = [x for x in shown if x.code == "W213"]
        assert len(warned) == 1
        assert warned[0].message == (
            "expected a finished tournament, got 1 paired game without a result and games "
            f"in 1 of 3 planned rounds; the director's reason: {reason!r}"
        )
        assert warned[0].severity.value == "warning"


def test_a_finished_tournament_goes_without_a_reason_and_its_file_says_nothing(
    db: Store,
) -> None:
    tid = _tournament(db, players=2, rounds=1)
    pair(db, tid, TD)
    enter_result(db, tid, ResultSpec(round="1", table=1, score="40-24"), TD)
    assert unfinished(db, tid).gaps == ()
    done = submit(db, tid, TD, reason="ignored: nothing is missing")
    assert done.item is not None
    item = show(db, done.item)
    assert parse_elo(item.text).header.extra == ()
    assert [x.code for x in item.diagnostics if x.code == "W213"] == []
    assert loaded(db, tid).folded.submitted_reason is None
    reopen(db, tid, "a wrong score", TD)
    assert loaded(db, tid).folded.submitted_reason is None


def test_an_incoming_file_that_says_it_is_unfinished_is_flagged_without_a_reason() -> None:
    text = (
        "%%Tournament: T\n%%Country: F\n%%Date: 01/02/2026\n%%Sender: S\n"
        "%%Planned rounds: 5\n%%Paired rounds: 2\n%%Paired games without a result: 0\n\n"
        "%_% 1, A, B, F, 2, 80\n%_% 2, C, D, F, 0, 48\n"
        "%Round 1\n1 (40)>(24) 2 B\n%Round 2\n2 (24)<(40) 1 B\n"
    )
    rf = parse_elo(text, "T.ELO")
    warned = [x for x in rf.diagnostics if x.code == "W213"]
    assert [(x.line, x.message) for x in warned] == [
        (
            5,
            "expected a finished tournament, got games in 2 of 5 planned rounds; no "
            "reason from the director",
        )
    ]


def test_a_go_tournament_is_checked_the_same_way(tmp_path: Path) -> None:
    """Through the `Game` seam: a 3-round McMahon with round 1 paired, one result of its two
    entered, is refused without a reason and goes with one (the .h9 has no place for it: it
    stays in the log)."""
    db = tmp_path / "go.db"
    run(db, "new", "Lyon Go", "--game", "go", "--country", "FRA", "--date", "2026-05-02",
        "--system", "mcmahon", "--bar", "4d", "--floor", "20k", "--rounds", "3")  # fmt: skip
    out = " ".join(fail(db, "submit").split())
    assert "expected at least one game with a result to submit 'Lyon Go'" in out
    for name in ("ARNAUD Paul", "BLANC Marie", "COLIN Jean", "DUPUIS Anne"):
        run(db, "register", "--new", name, "--rank", "2k", "--country", "FR", "--club", "Lyo")
    run(db, "pair")
    run(db, "result", "1", "--table", "1", "1-0")
    out = " ".join(fail(db, "submit").split())
    assert "expected a reason to submit 'Lyon Go' unfinished" in out
    assert "1 paired game without a result (round 1: " in out
    assert "Rounds 2 and 3 of 3 were not played" in out
    done = run(db, "submit", "--reason", "the club closed early")
    assert "submitted Lyon-Go.h9: to send, 1 games" in done
    with open_store(f"sqlite:///{db}") as store:
        d = fold(load_events(store, find_directed(store, None).id))
    assert d.closed and d.submitted_reason == "the club closed early"

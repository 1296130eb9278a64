"""A tournament's life: shown on /live only when its director says so, read-only after its
submission, reopened (with the rating officer's consent once accepted), a draft deleted,
assistants listed and revoked, the system in the game's words."""

from __future__ import annotations

import pytest

from ratinglist.errors import ClosedError, NotFoundError, PermissionDenied, TournamentError
from ratinglist.model.account import Grant, Role
from ratinglist.model.directed import NewSettings, ResultSpec
from ratinglist.service.accounts import grant
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.intake import accept, queue, reject
from ratinglist.service.tournaments.actions import new_tournament, pair, register_players, undo
from ratinglist.service.tournaments.lifecycle import (
    WITHDRAWN_NOTE,
    assistants,
    delete_draft,
    lifecycle,
    reopen,
    reopen_requests,
    request_reopen,
    revoke_assistant,
    show_on_live,
    submission_state,
)
from ratinglist.service.tournaments.results import enter_result
from ratinglist.service.tournaments.server import finished, invite_assistant, overview, running
from ratinglist.service.tournaments.views import submit
from ratinglist.store import Store
from tests.conftest import Seeder, handle
from tests.server.fixtures import PLAYER_IDS, seed_server

TD = Actor(ActorKind.WEB, "director")
OFFICER = Actor(ActorKind.WEB, "officer")


@pytest.fixture()
def db(seeded_db: Seeder) -> Store:
    """A seeded server database: 16 registry players, a director, an officer, an assistant
    (`seed_server`, run once per session and backend; each test takes a copy)."""
    return handle(seeded_db("server", seed_server))


def _tournament(db: Store, players: int = 2, **given: object) -> int:
    settings = NewSettings(
        name="Life Open",
        country="France",
        start="2026-03-10",
        seed=3,
        **given,  # type: ignore[arg-type]
    )
    tid = new_tournament(db, settings, TD, director="director").id
    if players:
        register_players(db, tid, [str(p) for p in PLAYER_IDS[:players]], TD)
    return tid


def _submitted(db: Store) -> int:
    """A finished 2-player, 1-round Swiss tournament submitted to the officer's queue."""
    tid = _tournament(db, system="swiss", rounds=1)
    pair(db, tid, TD)
    enter_result(db, tid, ResultSpec(round="1", table=1, score="40-24"), TD)
    submit(db, tid, TD)
    return tid


def test_a_tournament_is_on_live_only_when_its_director_shows_it(db: Store) -> None:
    tid = _tournament(db)
    assert tid in {o.id for o in running(db)}  # the director's own lists still have it
    assert tid not in {o.id for o in running(db, shown_only=True)}
    assert show_on_live(db, tid, True, TD) is True
    assert show_on_live(db, tid, True, TD) is False  # already shown: nothing written
    assert tid in {o.id for o in running(db, shown_only=True)} and overview(db, tid).public
    undo(db, tid, TD)  # the showing is an action of the log: undo hides it again
    assert tid not in {o.id for o in running(db, shown_only=True)}
    show_on_live(db, tid, True, TD)
    show_on_live(db, tid, False, TD)
    assert not lifecycle(db, tid).public


def test_a_finished_tournament_is_listed_only_when_shown(db: Store) -> None:
    tid = _submitted(db)
    assert tid in {o.id for o in finished(db)}
    assert tid not in {o.id for o in finished(db, shown_only=True)}
    show_on_live(db, tid, True, TD)  # allowed after the submission
    assert tid in {o.id for o in finished(db, shown_only=True)}


def test_a_submitted_tournament_is_read_only(db: Store) -> None:
    tid = _submitted(db)
    life = lifecycle(db, tid)
    assert life.closed and life.may_reopen and not life.needs_consent and not life.draft
    assert life.submission is not None and life.submission.status == "queued"
    with pytest.raises(ClosedError, match="read-only since its submission"):
        enter_result(db, tid, ResultSpec(round="1", table=1, score="10-54"), TD, correction=True)
    with pytest.raises(ClosedError):
        register_players(db, tid, [str(PLAYER_IDS[5])], TD)


def test_reopening_a_queued_file_withdraws_it_from_the_queue(db: Store) -> None:
    tid = _submitted(db)
    item = submission_state(db, tid)
    assert item is not None
    with pytest.raises(TournamentError, match="expected a reason"):
        reopen(db, tid, "  ", TD)
    reopen(db, tid, "wrong score at table 1", TD)
    life = lifecycle(db, tid)
    assert not life.closed
    assert life.submission is not None and life.submission.status == "rejected"
    assert life.submission.message == f"{WITHDRAWN_NOTE}: wrong score at table 1"
    assert [i.id for i in queue(db, status="queued")] == []
    enter_result(db, tid, ResultSpec(round="1", table=1, score="24-40"), TD, correction=True)
    submit(db, tid, TD)
    again = submission_state(db, tid)
    assert again is not None and again.status == "queued" and again.item != item.item


def test_a_rejected_file_shows_the_officers_message_and_may_be_reopened(db: Store) -> None:
    tid = _submitted(db)
    sent = submission_state(db, tid)
    assert sent is not None
    reject(db, sent.item, "Table 1 cannot be 40-24: the slip says 24-40", OFFICER)
    life = lifecycle(db, tid)
    assert life.submission is not None and life.submission.status == "rejected"
    assert life.submission.message == "Table 1 cannot be 40-24: the slip says 24-40"
    assert life.may_reopen
    reopen(db, tid, "the officer's message", TD)
    assert not lifecycle(db, tid).closed


def test_once_accepted_only_the_rating_officer_reopens(db: Store) -> None:
    tid = _submitted(db)
    sent = submission_state(db, tid)
    assert sent is not None
    accept(db, sent.item, OFFICER, message="thank you")
    life = lifecycle(db, tid)
    assert life.needs_consent and not life.may_reopen
    assert life.submission is not None and life.submission.message == "thank you"
    with pytest.raises(PermissionDenied, match="rating officer's consent"):
        reopen(db, tid, "a late correction", TD)
    assert reopen_requests(db) == ()
    request_reopen(db, tid, "table 1 was 24-40", TD)
    asked = reopen_requests(db)
    assert [(r.tournament, r.reason, r.item) for r in asked] == [
        (tid, "table 1 was 24-40", sent.item)
    ]
    reopen(db, tid, "table 1 was 24-40", OFFICER, officer=True)
    life = lifecycle(db, tid)
    assert not life.closed and reopen_requests(db) == ()
    assert life.submission is not None and life.submission.status == "accepted"  # stays


def test_a_request_to_reopen_needs_an_accepted_file(db: Store) -> None:
    tid = _submitted(db)
    with pytest.raises(TournamentError, match="reopen the tournament yourself"):
        request_reopen(db, tid, "why not", TD)


@pytest.mark.both_backends
def test_a_draft_is_deleted_and_its_number_never_reused(db: Store) -> None:
    tid = _tournament(db, players=4)
    invite_assistant(db, tid, "assistant", TD)
    assert lifecycle(db, tid).draft
    assert delete_draft(db, tid, TD) == "Life Open"
    with pytest.raises(NotFoundError):
        overview(db, tid)
    assert tid not in {o.id for o in running(db)}
    assert assistants(db, tid) == ()  # the grants went with it
    assert _tournament(db) > tid  # a new tournament never takes the deleted number


def test_a_tournament_under_way_or_stale_is_not_deleted(db: Store) -> None:
    tid = _tournament(db, players=4)
    seq = lifecycle(db, tid).seq
    register_players(db, tid, [str(PLAYER_IDS[6])], TD)
    with pytest.raises(Exception, match="nothing deleted"):
        delete_draft(db, tid, TD, based_on=seq)  # the page was drawn before the registration
    pair(db, tid, TD)
    assert not lifecycle(db, tid).draft
    with pytest.raises(TournamentError, match="expected a draft"):
        delete_draft(db, tid, TD)
    assert overview(db, tid).paired == 1


def test_assistants_are_listed_and_revoked(db: Store) -> None:
    tid = _tournament(db)
    grant(db, "nobody", Grant(Role.TD), TD)
    invite_assistant(db, tid, "assistant", TD)
    invite_assistant(db, tid, "nobody", TD)
    assert assistants(db, tid) == ("assistant", "nobody")
    assert revoke_assistant(db, tid, "nobody", TD) == "nobody"
    assert assistants(db, tid) == ("assistant",)
    with pytest.raises(NotFoundError, match="expected an assistant"):
        revoke_assistant(db, tid, "nobody", TD)


@pytest.mark.parametrize(
    ("given", "players", "label"),
    [
        # EOC table (seed 004 II.2): 7-8 players play a round robin then 4 Swiss rounds
        ({}, 8, "Round robin then 4 Swiss rounds, 8 players"),
        ({"system": "round-robin"}, 8, "Round robin, 8 players"),
        ({"system": "swiss", "rounds": 7}, 8, "Swiss, 7 rounds"),
        # 13 players and more play the Swiss, the number of rounds chosen
        ({"rounds": 9}, 14, "Swiss, 9 rounds"),
        ({}, 4, "Triple round robin, 4 players"),
        ({"game": "go", "rounds": 5}, 0, "McMahon, 5 rounds"),
    ],
)
def test_the_header_names_the_system_in_the_games_words(
    db: Store, given: dict[str, object], players: int, label: str
) -> None:
    tid = _tournament(db, players=players, **given)
    assert overview(db, tid).system_label == label

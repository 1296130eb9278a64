"""The players' side (issue 35) at the service layer, for Othello and Go: online registration
(open, closed, cap, throttle, accept as the director would, refuse), codes, check-in and its
absences from round 1, and results reported by players (pending, agreed, disputed, refused)."""

from __future__ import annotations

import datetime as dt

import pytest

from ratinglist.errors import NotAllowedNow, PermissionDenied, RateLimited, TournamentInputError
from ratinglist.model.directed import GoEntry, NewSettings, ResultSpec
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.tournaments.actions import (
    Entry,
    new_tournament,
    pair,
    register_players,
    undo,
)
from ratinglist.service.tournaments.games.go.list_entries import register_go
from ratinglist.service.tournaments.log import loaded
from ratinglist.service.tournaments.players_side.checkin import check_in, checkin_list
from ratinglist.service.tournaments.players_side.codes import (
    ALPHABET,
    ensure_codes,
    parse_code,
)
from ratinglist.service.tournaments.players_side.registrations import (
    PER_ADDRESS,
    accept_registration,
    pending_registrations,
    refuse_registration,
    register_online,
)
from ratinglist.service.tournaments.players_side.reports import (
    ReportsDiffer,
    open_reports,
    override,
    report_result,
)
from ratinglist.service.tournaments.players_side.settings import (
    set_checkin_deadline,
    set_registration,
    set_reporting,
)
from ratinglist.service.tournaments.results import enter_result
from ratinglist.service.tournaments.views import show_round
from ratinglist.store import Store
from ratinglist.tournament import events as ev
from tests.conftest import Seeder, handle
from tests.server.fixtures import PLAYER_IDS, seed_server

TD = Actor(ActorKind.WEB, "director")
GO_NAMES = ("AOKI", "BABA", "CHIBA", "DATE")


@pytest.fixture()
def db(seeded_db: Seeder) -> Store:
    """A seeded server database: registry players, a director, an officer (`seed_server`, run
    once per session and backend; each test takes a copy)."""
    return handle(seeded_db("server", seed_server))


def _new(db: Store, game: str, system: str | None = None) -> int:
    settings = NewSettings(
        name=f"{game} open", country="France", start="2026-06-06", game=game, system=system
    )
    return new_tournament(db, settings, TD).id


def _paired_othello(db: Store, count: int = 4) -> tuple[int, dict[int, str]]:
    tid = _new(db, "othello")
    register_players(db, tid, [str(p) for p in PLAYER_IDS[1 : 1 + count]], TD)
    codes = {int(c.player.id): c.code for c in ensure_codes(db, tid)}
    pair(db, tid, TD)
    return tid, codes


def _paired_go(db: Store) -> tuple[int, dict[int, str]]:
    tid = _new(db, "go")
    entries = [GoEntry(f"{name},Test", f"{n}k") for n, name in enumerate(GO_NAMES, start=1)]
    register_go(db, tid, entries, TD)
    codes = {int(c.player.id): c.code for c in ensure_codes(db, tid)}
    pair(db, tid, TD)
    return tid, codes


def _results(db: Store, tid: int) -> int:
    return sum(1 for e in loaded(db, tid).events if "result" in e.kind)


# --- registration ----------------------------------------------------------------------------


def test_a_registration_is_refused_until_the_director_opens_it(db: Store) -> None:
    tid = _new(db, "othello")
    sent = {"name": "DUBOIS, Anne", "country": "France"}
    with pytest.raises(NotAllowedNow, match="not open"):
        register_online(db, tid, sent, "anne@example.org", "10.0.0.1")
    set_registration(db, tid, TD, open_=True)
    row = register_online(db, tid, sent, "anne@example.org", "10.0.0.1")
    assert (row.status, row.fields["country"]) == ("pending", "FRA")
    set_registration(db, tid, TD, open_=False)
    with pytest.raises(NotAllowedNow, match="not open"):
        register_online(db, tid, sent, "anne@example.org", "10.0.0.2")


def test_a_cap_and_a_closing_time_close_registration(db: Store) -> None:
    tid = _new(db, "othello")
    set_registration(db, tid, TD, open_=True, cap=2)
    for n in range(2):
        register_online(db, tid, {"name": f"P{n}, A", "country": "FRA"}, "a@b.org", f"10.0.0.{n}")
    with pytest.raises(NotAllowedNow, match="full"):
        register_online(db, tid, {"name": "LATE, A", "country": "FRA"}, "a@b.org", "10.0.1.1")
    # a refused entry gives its place back
    refuse_registration(db, tid, pending_registrations(db, tid)[0].id, TD)
    register_online(db, tid, {"name": "LATE, A", "country": "FRA"}, "a@b.org", "10.0.1.1")
    past = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)
    with pytest.raises(TournamentInputError, match="closing time to come"):
        set_registration(db, tid, TD, open_=True, closes=past)


def test_one_address_may_send_only_a_few_registrations(db: Store) -> None:
    tid = _new(db, "othello")
    set_registration(db, tid, TD, open_=True)
    for n in range(PER_ADDRESS):
        register_online(db, tid, {"name": f"P{n}, A", "country": "FRA"}, "a@b.org", "10.9.9.9")
    with pytest.raises(RateLimited):
        register_online(db, tid, {"name": "MORE, A", "country": "FRA"}, "a@b.org", "10.9.9.9")
    register_online(db, tid, {"name": "OTHER, A", "country": "FRA"}, "a@b.org", "10.9.9.8")


@pytest.mark.parametrize(
    ("sent", "email", "expected"),
    [
        ({"name": "Anne Dubois", "country": "FRA"}, "a@b.org", "SURNAME, First"),
        ({"name": "DUBOIS, Anne", "country": ""}, "a@b.org", "a country"),
        ({"name": "DUBOIS, Anne", "country": "Atlantis"}, "a@b.org", "country name"),
        ({"name": "DUBOIS, Anne", "country": "FRA", "federation_id": "12a"}, "a@b.org", "WOF"),
        ({"name": "DUBOIS, Anne", "country": "FRA"}, "not-an-address", "e-mail"),
        ({"name": "X" * 200 + ", A", "country": "FRA"}, "a@b.org", "at most 120"),
    ],
)
def test_a_bad_othello_registration_names_what_was_expected(
    db: Store, sent: dict[str, str], email: str, expected: str
) -> None:
    tid = _new(db, "othello")
    set_registration(db, tid, TD, open_=True)
    with pytest.raises(TournamentInputError, match=expected):
        register_online(db, tid, sent, email, "10.0.0.1")
    assert pending_registrations(db, tid) == ()


def test_accepting_enters_the_player_as_the_directors_registration_does(db: Store) -> None:
    tid = _new(db, "othello")
    set_registration(db, tid, TD, open_=True)
    # the registry's player 500003 is BERG, Test (FRA): a WOF ID given is offered, not taken
    register_online(
        db, tid, {"name": "BERG, Test", "country": "FRA", "federation_id": "500003"}, "b@b.org", "x"
    )
    pending = pending_registrations(db, tid)[0]
    assert pending.candidates[0][0] == "500003"
    assert _entrants(db, tid) == []
    sent: list[tuple[str, str, str]] = []
    done = accept_registration(
        db,
        tid,
        pending.id,
        "500003",
        TD,
        mail=object(),
        send=lambda m, to, s, b: sent.append((to, s, b)),  # type: ignore[arg-type]
    )
    assert int(done.player.id) == 500003
    registered = [e for e in loaded(db, tid).events if isinstance(e, ev.Registered)]
    assert [(int(e.player), e.surname, e.new) for e in registered] == [(500003, "BERG", False)]
    assert sent and sent[0][0] == "b@b.org" and done.code in sent[0][2]
    assert pending_registrations(db, tid)[0].status == "accepted"
    with pytest.raises(NotAllowedNow, match="pending"):
        refuse_registration(db, tid, pending.id, TD)


def test_a_new_othello_player_is_entered_under_a_temporary_id(db: Store) -> None:
    tid = _new(db, "othello")
    set_registration(db, tid, TD, open_=True)
    register_online(db, tid, {"name": "NOUVEAU, Jean", "country": "BEL"}, "j@b.org", "x")
    pending = pending_registrations(db, tid)[0]
    done = accept_registration(db, tid, pending.id, "new", TD)
    assert done.player.shown_id == "NEW1"
    registered = [e for e in loaded(db, tid).events if isinstance(e, ev.Registered)]
    assert [(e.surname, e.country, e.new) for e in registered] == [("NOUVEAU", "BEL", True)]


def test_a_go_registration_carries_rank_club_and_licence(db: Store) -> None:
    tid = _new(db, "go")
    set_registration(db, tid, TD, open_=True)
    with pytest.raises(TournamentInputError, match="rank"):
        register_online(db, tid, {"name": "SATO, Ken"}, "k@b.org", "x")
    register_online(
        db,
        tid,
        {"name": "SATO, Ken", "rank": "3K", "country": "jp", "club": "Tokyo", "licence": "1234"},
        "k@b.org",
        "x",
    )
    pending = pending_registrations(db, tid)[0]
    assert pending.fields["rank"] == "3k" and pending.fields["club"] == "Toky"
    done = accept_registration(db, tid, pending.id, "new", TD)
    go = [e for e in loaded(db, tid).events if e.kind == "go-registered"]
    assert len(go) == 1
    assert (go[0].surname, go[0].rank, go[0].egf_pin, go[0].club) == (  # type: ignore[attr-defined]
        "SATO", "3k", "1234", "Toky",
    )  # fmt: skip
    assert done.player.name.startswith("SATO")


def _entrants(db: Store, tid: int) -> list[ev.Event]:
    return [e for e in loaded(db, tid).events if "registered" in e.kind]


# --- codes -------------------------------------------------------------------------------


def test_every_entrant_gets_one_lasting_unambiguous_code(db: Store) -> None:
    tid = _new(db, "othello")
    register_players(db, tid, [str(p) for p in PLAYER_IDS[1:9]], TD)
    first = ensure_codes(db, tid)
    assert len({c.code for c in first}) == 8
    for c in first:
        raw = parse_code(c.code)
        assert len(raw) == 10 and set(raw) <= set(ALPHABET)
        assert not set(raw) & set("01OIL")
    assert ensure_codes(db, tid) == first
    assert parse_code(first[0].code.lower().replace("-", " ")) == parse_code(first[0].code)
    assert parse_code("ABCDE-FGHI1") == ""


# --- check-in ------------------------------------------------------------------------------


def test_players_not_checked_in_by_the_deadline_are_absent_from_round_1(db: Store) -> None:
    # Swiss: the four present players make two tables (a round robin keeps its schedule)
    tid = _new(db, "othello", "swiss")
    ids = list(PLAYER_IDS[1:7])
    register_players(db, tid, [str(p) for p in ids], TD)
    for p in ids[:4]:
        check_in(db, tid, p, TD)
    assert checkin_list(db, tid).present == 4
    set_checkin_deadline(db, tid, dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1), TD)
    view = pair(db, tid, TD)
    assert sorted(int(p.id) for p in view.absent) == ids[4:]
    assert len(view.tables) == 2
    with pytest.raises(NotAllowedNow, match="before round 1"):
        check_in(db, tid, ids[4], TD)


def test_without_a_deadline_nobody_is_made_absent(db: Store) -> None:
    tid = _new(db, "go")
    register_go(db, tid, [GoEntry(f"{name},A", "5k") for name in GO_NAMES], TD)
    set_checkin_deadline(db, tid, dt.datetime.now(dt.UTC) + dt.timedelta(hours=1), TD)
    assert pair(db, tid, TD).absent == ()


# --- results by players ------------------------------------------------------------------


def test_an_othello_result_is_stored_once_both_players_agree(db: Store) -> None:
    tid, codes = _paired_othello(db)
    table = show_round(db, tid, 1).tables[0]
    black, white = int(table.black.id), int(table.white.id)
    first = report_result(db, tid, 1, 1, "40-24", codes[black])
    assert first.status == "pending" and _results(db, tid) == 0
    # the same result typed another way agrees
    second = report_result(db, tid, 1, 1, "40 24", codes[white])
    assert second.status == "stored"
    assert _results(db, tid) == 1
    assert show_round(db, tid, 1).tables[0].result == "40-24"
    assert open_reports(db, tid) == ()
    with pytest.raises(NotAllowedNow, match="already"):
        report_result(db, tid, 1, 1, "40-24", codes[black])
    undo(db, tid, TD)
    assert show_round(db, tid, 1).tables[0].result == ""


def test_two_different_results_reach_the_director(db: Store) -> None:
    tid, codes = _paired_othello(db)
    table = show_round(db, tid, 1).tables[1]
    black, white = int(table.black.id), int(table.white.id)
    report_result(db, tid, 1, 2, "33-31", codes[black])
    with pytest.raises(ReportsDiffer) as refused:
        report_result(db, tid, 1, 2, "31-33", codes[white])
    assert [v.score for v in refused.value.versions] == ["33-31", "31-33"]
    assert _results(db, tid) == 0
    shown = open_reports(db, tid)
    assert shown[0].differ and (shown[0].round, shown[0].table) == (1, 2)
    override(db, tid, 1, 2, "31-33", TD)
    assert show_round(db, tid, 1).tables[1].result == "31-33"
    assert open_reports(db, tid) == ()


def test_a_report_the_director_overtook_is_not_shown_as_waiting(db: Store) -> None:
    tid, codes = _paired_othello(db)
    table = show_round(db, tid, 1).tables[0]
    report_result(db, tid, 1, 1, "40-24", codes[int(table.black.id)])
    assert [(g.table, g.differ) for g in open_reports(db, tid)] == [(1, False)]
    enter_result(db, tid, ResultSpec("1", table=1, score="40-24"), TD)
    assert open_reports(db, tid) == ()


def test_a_code_reports_only_its_own_game_of_the_current_round(db: Store) -> None:
    tid, codes = _paired_othello(db)
    view = show_round(db, tid, 1)
    mine = int(view.tables[0].black.id)
    with pytest.raises(PermissionDenied, match="your own game"):
        report_result(db, tid, 1, 2, "40-24", codes[mine])
    with pytest.raises(PermissionDenied, match="personal code"):
        report_result(db, tid, 1, 1, "40-24", "AAAAA-AAAAA")
    with pytest.raises(NotAllowedNow, match="current round"):
        report_result(db, tid, 2, 1, "40-24", codes[mine])
    with pytest.raises(TournamentInputError):
        report_result(db, tid, 1, 1, "forty", codes[mine])
    set_reporting(db, tid, False, TD)
    with pytest.raises(NotAllowedNow, match="reporting on"):
        report_result(db, tid, 1, 1, "40-24", codes[mine])


def test_a_go_result_is_read_in_gos_grammar(db: Store) -> None:
    tid, codes = _paired_go(db)
    table = show_round(db, tid, 1).tables[0]
    white, black = int(table.white.id), int(table.black.id)
    assert report_result(db, tid, 1, 1, "1-0", codes[black]).status == "pending"
    with pytest.raises(ReportsDiffer):
        report_result(db, tid, 1, 1, "0-1", codes[white])
    assert report_result(db, tid, 1, 1, "1-0", codes[white]).status == "stored"
    # Go writes White first: 1-0 is White's win
    assert show_round(db, tid, 1).tables[0].result == "1-0"
    assert _results(db, tid) == 1


def test_a_late_entrant_does_not_stop_round_1_after_the_deadline(db: Store) -> None:
    tid = _new(db, "othello", "swiss")
    ids = list(PLAYER_IDS[1:5])
    register_players(db, tid, [str(p) for p in ids], TD)
    register_players(db, tid, [str(PLAYER_IDS[5])], TD, entry=Entry(first_round=2))
    for p in ids:
        check_in(db, tid, p, TD)
    set_checkin_deadline(db, tid, dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1), TD)
    view = pair(db, tid, TD)
    assert len(view.tables) == 2
    assert {int(p.id) for t in view.tables for p in (t.black, t.white)} == set(ids)

"""Issue 22, items 1-2: the director's changes around a round, through the service calls the
CLI, the pages and the API make: a pairing preview stored only if the log did not move, a
swap and an exchange of colours in a stored pairing (refused once a game has a result,
undoable), reinstating a withdrawn player, a late entry's first round, the end date and the
class flags read by the female and youth standings."""

from __future__ import annotations

import pytest

from ratinglist.errors import ConflictError, TournamentError
from ratinglist.formats.elo_reader import read_elo_bytes
from ratinglist.model.directed import NewSettings, ResultSpec, RoundView, StandingsView
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.tournaments.actions import (
    Entry,
    absent,
    new_tournament,
    pair,
    register_players,
    undo,
    withdraw,
)
from ratinglist.service.tournaments.results import enter_result
from ratinglist.service.tournaments.rounds import (
    exchange_colours,
    pair_rules,
    player_flags,
    preview_pairing,
    reinstate,
    set_end_date,
    set_flags,
    store_pairing,
    swap_players,
)
from ratinglist.service.tournaments.views import download, show_round, standings
from tests.conftest import Seeder, handle
from tests.server.fixtures import PLAYER_IDS, seed_server

TD = Actor(ActorKind.WEB, "director")
START = "2026-06-06"


@pytest.fixture()
def db(seeded_db: Seeder) -> str:
    """A seeded server database of this test's own (`seed_server`, run once per session and
    backend)."""
    return seeded_db("server", seed_server)


def _tournament(db: str, players: int = 16) -> int:
    settings = NewSettings(
        name="Round Open", country="France", start=START, system="swiss", rounds=4, seed=7
    )
    tid = new_tournament(handle(db), settings, TD).id
    register_players(handle(db), tid, [str(p) for p in PLAYER_IDS[:players]], TD)
    return tid


def _games(view: RoundView) -> list[tuple[int, int]]:
    return [(int(t.black.id), int(t.white.id)) for t in view.tables]


def _enter(db: str, tid: int, round_number: int, table: int, score: str) -> None:
    spec = ResultSpec(round=str(round_number), table=table, score=score)
    enter_result(handle(db), tid, spec, TD)


def test_a_previewed_pairing_is_the_one_stored(db: str) -> None:
    tid = _tournament(db)
    preview = preview_pairing(handle(db), tid)
    with pytest.raises(TournamentError):
        show_round(handle(db), tid, 1)
    stored = store_pairing(handle(db), tid, TD, preview.based_on)
    assert _games(stored) == _games(preview.round)
    assert len(stored.tables) == 8


def test_a_preview_is_not_stored_once_the_log_moved(db: str) -> None:
    tid = _tournament(db)
    preview = preview_pairing(handle(db), tid)
    absent(handle(db), tid, PLAYER_IDS[0], TD)  # another device declares an absence
    with pytest.raises(ConflictError):
        store_pairing(handle(db), tid, TD, preview.based_on)
    with pytest.raises(TournamentError):
        show_round(handle(db), tid, 1)
    fresh = preview_pairing(handle(db), tid)
    stored = store_pairing(handle(db), tid, TD, fresh.based_on)
    assert PLAYER_IDS[0] not in {p for g in _games(stored) for p in g}
    assert len(stored.tables) == 7 and len(stored.byes) == 1


def test_a_swap_moves_two_players_between_games_and_is_undone(db: str) -> None:
    tid = _tournament(db)
    before = _games(pair(handle(db), tid, TD))
    (a, b), (c, e) = before[0], before[1]
    seq = show_round(handle(db), tid, 1).seq
    after = swap_players(handle(db), tid, 1, a, c, TD, based_on=seq)
    # each takes the other's seat: table 1 is c - b, table 2 is a - e, the rest unchanged
    assert _games(after) == [(c, b), (a, e), *before[2:]]
    undo(handle(db), tid, TD)
    assert _games(show_round(handle(db), tid, 1)) == before


def test_a_swap_is_refused_once_a_game_has_a_result_or_the_page_is_stale(db: str) -> None:
    tid = _tournament(db)
    games = _games(pair(handle(db), tid, TD))
    seq = show_round(handle(db), tid, 1).seq
    _enter(db, tid, 1, 1, "40-24")
    with pytest.raises(ConflictError):  # drawn before the result
        swap_players(handle(db), tid, 1, games[1][0], games[2][0], TD, based_on=seq)
    with pytest.raises(TournamentError, match="already played"):
        swap_players(handle(db), tid, 1, games[0][0], games[2][0], TD)
    with pytest.raises(TournamentError, match="two different games"):
        swap_players(handle(db), tid, 1, games[2][0], games[2][1], TD)
    assert _games(show_round(handle(db), tid, 1)) == games


def test_colours_of_a_game_are_exchanged_before_its_result(db: str) -> None:
    tid = _tournament(db)
    games = _games(pair(handle(db), tid, TD))
    black, white = games[2]
    after = exchange_colours(handle(db), tid, 1, black, white, TD)
    assert _games(after) == [*games[:2], (white, black), *games[3:]]
    _enter(db, tid, 1, 3, "40-24")
    with pytest.raises(TournamentError, match="already played"):
        exchange_colours(handle(db), tid, 1, white, black, TD)
    with pytest.raises(TournamentError, match="Black"):
        exchange_colours(handle(db), tid, 1, games[3][1], games[3][0], TD)


def test_a_withdrawn_player_is_reinstated_and_paired_again(db: str) -> None:
    tid = _tournament(db, players=6)
    pair(handle(db), tid, TD)
    for table in (1, 2, 3):
        _enter(db, tid, 1, table, "40-24")
    gone = PLAYER_IDS[2]
    withdraw(handle(db), tid, gone, TD)
    with pytest.raises(TournamentError, match="withdrawn player"):
        reinstate(handle(db), tid, PLAYER_IDS[3], TD)
    back = reinstate(handle(db), tid, gone, TD)
    assert int(back.id) == gone
    second = pair(handle(db), tid, TD)
    assert gone in {p for g in _games(second) for p in g}
    assert len(second.tables) == 3 and not second.byes


def test_a_late_entry_plays_from_its_first_round_and_misses_the_earlier(db: str) -> None:
    tid = _tournament(db, players=6)
    pair(handle(db), tid, TD)
    for table in (1, 2, 3):
        _enter(db, tid, 1, table, "40-24")
    late = PLAYER_IDS[10]
    register_players(handle(db), tid, [str(late)], TD, entry=Entry(first_round=3))
    second = pair(handle(db), tid, TD)
    assert late not in {p for g in _games(second) for p in g} | {int(p.id) for p, _ in second.byes}
    for table in (1, 2, 3):
        _enter(db, tid, 2, table, "40-24")
    third = pair(handle(db), tid, TD)
    assert late in {p for g in _games(third) for p in g} | {int(p.id) for p, _ in third.byes}
    view = standings(handle(db), tid)
    assert isinstance(view, StandingsView)
    line = next(x for x in view.lines if int(x.player.id) == late)
    assert line.points == 0  # rounds 1 and 2 not played: no points, no bye


def test_female_and_youth_standings_read_the_flags_set_after_registration(db: str) -> None:
    tid = _tournament(db, players=8)
    games = _games(pair(handle(db), tid, TD))
    # table 1 Black wins by 16 discs, table 2 Black by 2, tables 3-4 White by 20
    for table, score in ((1, "40-24"), (2, "33-31"), (3, "22-42"), (4, "22-42")):
        _enter(db, tid, 1, table, score)
    view = standings(handle(db), tid, "female")
    assert isinstance(view, StandingsView) and view.lines == ()
    big, small, loser = games[0][0], games[1][0], games[2][0]
    for pid in (loser, small, big):
        set_flags(handle(db), tid, pid, TD, female=True)
    young = games[3][1]
    set_flags(handle(db), tid, young, TD, birth_year=2026 - 12)
    female = standings(handle(db), tid, "female")
    assert isinstance(female, StandingsView)
    # by points, then (equal opponents' points) by discs: 40, 33, then the loser's 22
    assert [int(x.player.id) for x in female.lines] == [big, small, loser]
    assert [x.place for x in female.lines] == [1, 2, 3]
    youth = standings(handle(db), tid, "youth")
    assert isinstance(youth, StandingsView)
    assert [int(x.player.id) for x in youth.lines] == [young]
    flags = {int(f.player.id): f for f in player_flags(handle(db), tid)}
    assert flags[young].birth_year == 2014 and flags[big].female
    with pytest.raises(TournamentError, match="birth year"):
        set_flags(handle(db), tid, young, TD, birth_year=2030)


def test_the_end_date_is_set_and_goes_into_the_results_file(db: str) -> None:
    tid = _tournament(db, players=4)
    assert set_end_date(handle(db), tid, "2026-06-07", TD) == "2026-06-07"
    with pytest.raises(TournamentError, match="on or after the first day"):
        set_end_date(handle(db), tid, "2026-06-01", TD)
    with pytest.raises(TournamentError, match="YYYY-MM-DD"):
        set_end_date(handle(db), tid, "7 June", TD)
    pair(handle(db), tid, TD)
    got = download(handle(db), tid, "elo")
    header = read_elo_bytes(got.data, got.file_name).header
    assert header.dates is not None
    assert (str(header.dates.start), str(header.dates.end)) == (START, "2026-06-07")


def test_pair_rules_list_forbidden_and_forced_pairs(db: str) -> None:
    from ratinglist.service.tournaments.actions import forbid, force

    tid = _tournament(db, players=4)
    forbid(handle(db), tid, PLAYER_IDS[0], PLAYER_IDS[1], TD)
    force(handle(db), tid, PLAYER_IDS[2], PLAYER_IDS[0], TD)
    rules = pair_rules(handle(db), tid)
    assert [(r.round, int(r.first.id), int(r.second.id)) for r in rules] == [
        (None, PLAYER_IDS[0], PLAYER_IDS[1]),
        (1, PLAYER_IDS[2], PLAYER_IDS[0]),
    ]
    stored = pair(handle(db), tid, TD)
    assert (PLAYER_IDS[2], PLAYER_IDS[0]) in _games(stored)
    assert (PLAYER_IDS[0], PLAYER_IDS[1]) not in _games(stored)
    assert [r.round for r in pair_rules(handle(db), tid)] == [None]


def test_each_new_action_is_undone_and_named_by_the_undo(db: str) -> None:
    """Swap, colours, reinstatement, flags and the end date each go away with an undo,
    which names them."""
    from ratinglist.service.tournaments.actions import undo_preview
    from ratinglist.service.tournaments.log import loaded

    tid = _tournament(db, players=6)
    games = _games(pair(handle(db), tid, TD))
    withdraw(handle(db), tid, PLAYER_IDS[5], TD, from_round=2)

    def state() -> object:
        return loaded(handle(db), tid).folded

    actions = (
        (lambda: swap_players(handle(db), tid, 1, games[0][0], games[1][0], TD), "swap of"),
        (lambda: exchange_colours(handle(db), tid, 1, *games[2], TD), "exchange of colours"),
        (lambda: reinstate(handle(db), tid, PLAYER_IDS[5], TD), "reinstatement of"),
        (lambda: set_flags(handle(db), tid, PLAYER_IDS[1], TD, female=True), "flags of"),
        (lambda: set_end_date(handle(db), tid, "2026-06-08", TD), "end date 2026-06-08"),
    )
    for act, words in actions:
        before = state()
        act()
        assert state() != before
        assert words in undo_preview(handle(db), tid).what
        undo(handle(db), tid, TD)
        assert state() == before

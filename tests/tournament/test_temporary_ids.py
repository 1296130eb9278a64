"""Temporary identifiers of a directed tournament (seed 000: four characters such as NEW1):
how they are written and read, and the `id-assigned` event that replaces one everywhere."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratinglist.errors import TournamentError
from ratinglist.model import PlayerId, is_temporary_id, shown_id
from ratinglist.model.ids import (
    TEMPORARY_MAX,
    is_temporary_player,
    parse_temporary,
    player_token,
    temporary_label,
    temporary_player_id,
)
from ratinglist.tournament.codec import from_json, to_json
from ratinglist.tournament.events import (
    Created,
    Event,
    IdAssigned,
    Registered,
    Settings,
    Submitted,
    Undone,
    Withdrawn,
)
from ratinglist.tournament.fold import apply, fold
from ratinglist.tournament.games.othello.events import Paired, ResultEntered
from ratinglist.tournament.games.othello.temporary_ids import next_temporary


def test_labels_are_four_characters_as_seed_000_writes_them() -> None:
    assert [temporary_label(k) for k in (1, 9, 10, 99, 100, 999)] == [
        "NEW1", "NEW9", "NE10", "NE99", "N100", "N999",
    ]  # fmt: skip


@given(st.integers(min_value=1, max_value=TEMPORARY_MAX))
def test_a_label_reads_back_and_is_a_results_file_temporary_id(k: int) -> None:
    pid = temporary_player_id(k)
    label = shown_id(pid)
    assert len(label) == 4 and is_temporary_id(label)
    assert parse_temporary(label) == pid == parse_temporary(label.lower())
    assert player_token(f" {label} ") == pid and is_temporary_player(pid)


@given(st.integers(min_value=-(10**6), max_value=10**7))
def test_no_real_id_or_rating_is_temporary(value: int) -> None:
    assert not is_temporary_player(value)
    assert shown_id(value) == str(value)


@pytest.mark.parametrize("text", ["NEW0", "NEW", "N1000", "NE1", "OTH2", "NEW01", "4012x"])
def test_other_text_is_no_temporary_identifier(text: str) -> None:
    assert parse_temporary(text) is None


SETTINGS = Settings(name="Temp Open", country="NLD", start="2026-03-10", rounds=2, seed=3)
NEW1, NEW2 = temporary_player_id(1), temporary_player_id(2)
A, B = PlayerId(4012), PlayerId(4013)


def _log() -> list[Event]:
    return [
        Created(SETTINGS),
        Registered(A, "TASTET", "Marc", "FRA", -5),  # a negative rating is never an ID
        Registered(B, "LAZARD", "Emmanuel", "FRA", 1800),
        Registered(NEW1, "PIETERS", "Joost", "BEL", new=True, debutant=True),
        Registered(NEW2, "JANSEN", "Kees", "NLD", new=True, debutant=True),
        Paired(1, ((NEW1, A), (B, NEW2))),
        ResultEntered("1", NEW1, A, 40, 24),
    ]


def test_the_real_id_replaces_the_temporary_one_everywhere() -> None:
    real = PlayerId(120000)
    assign = IdAssigned(NEW1, real, "PIETERS", "Joost", "BEL")
    d = fold([*_log(), assign, Withdrawn(real, 2)])
    assert {int(e.id) for e in d.play.state.entrants} == {4012, 4013, 120000, int(NEW2)}
    first = d.play.state.rounds[0]
    assert [(p.black, p.white) for p in first.pairings] == [(real, A), (B, NEW2)]
    assert first.pairings[0].result is not None
    assert d.play.state.withdrawn_from(real) == 2
    assert d.play.state.entrant(A).rating == -5 and d.play.person(real).new
    assert d.play.new_players == {real, NEW2}
    # applying the event to the fold gives the fold of the whole log (a server's cache)
    assert apply(fold(_log()), assign) == fold([*_log(), assign])
    assert to_json(assign) and from_json(*to_json(assign)) == assign


def test_an_assignment_applies_once_submitted_and_is_undone_like_any_action() -> None:
    real = PlayerId(120000)
    assign = IdAssigned(NEW1, real, "PIETERS", "Joost", "BEL")
    closed = fold([*_log(), Submitted(), assign])
    assert closed.closed and real in closed.play.state.by_id()
    back = fold([*_log(), assign, Undone()])
    assert NEW1 in back.play.state.by_id() and real not in back.play.state.by_id()


def test_an_assignment_is_refused_when_it_names_no_temporary_entrant() -> None:
    with pytest.raises(TournamentError, match="temporary identifier, got NEW9"):
        fold([*_log(), IdAssigned(temporary_player_id(9), PlayerId(1), "X", "Y", "NLD")])
    with pytest.raises(TournamentError, match="got 4013 already entered"):
        fold([*_log(), IdAssigned(NEW1, B, "LAZARD", "Emmanuel", "FRA", new=False)])


def test_identifiers_are_never_reused_after_an_undo() -> None:
    log = [*_log(), Registered(temporary_player_id(3), "X", "Y", "NLD", new=True), Undone()]
    assert next_temporary(log) == temporary_player_id(4)


def test_an_older_registered_event_without_a_rating_list_still_reads() -> None:
    kind, payload = to_json(Registered(A, "TASTET", "Marc", "FRA", 2100))
    older = payload.replace(', "rating_list": ""', "")
    assert "rating_list" not in older
    assert from_json(kind, older) == Registered(A, "TASTET", "Marc", "FRA", 2100)

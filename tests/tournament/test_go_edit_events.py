"""The edit events of a Go tournament (issue 21 item 2): stored and read back, folded with
the rules of OpenGotha's guide and GO.md, refused with a clear message when they break
one, and undone by the log's undo."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratinglist.errors import TournamentError
from ratinglist.formats.go.opengotha_document import read_opengotha_document_file
from ratinglist.model import PlayerId
from ratinglist.tournament import codec
from ratinglist.tournament import events as ev
from ratinglist.tournament.fold import fold
from ratinglist.tournament.games.go import events as go_events
from ratinglist.tournament.games.go.director import go_created_settings
from ratinglist.tournament.games.go.log import opengotha_log
from ratinglist.tournament.games.go.manual import move_table, renumber
from ratinglist.tournament.games.go.state import GoState

P = PlayerId
EDITS: list[ev.Event] = [
    go_events.GoPlayerModified(
        P(3), rank="2k", rating=1850, club="Lyon", not_playing=(2,), final=False
    ),
    go_events.GoByeChosen(2, P(5)),
    go_events.GoUnpaired(1, P(1), P(2)),
    go_events.GoGamesAdded(1, ((P(1), P(2), 0, 3),), bye=4),
    go_events.GoColoursExchanged(1, P(1), P(2)),
    go_events.GoHandicapSet(1, P(1), P(2), 3),
    go_events.GoTablesSet(1, ((P(1), 4), (P(5), 1))),
    go_events.GoRoundsSet(6),
]


@pytest.mark.parametrize("event", EDITS, ids=lambda e: e.kind)
def test_an_edit_event_reads_back_as_stored(event: ev.Event) -> None:
    kind, payload = codec.to_json(event)
    assert codec.from_json(kind, payload) == event


def _log() -> list[ev.Event]:
    settings = go_created_settings(
        name="Edits", country="FR", start="2026-04-04", end=None, system="mcmahon",
        rounds=3, bar="4d", floor="20k", criteria=None, sender="", seed=0,
    )  # fmt: skip
    log: list[ev.Event] = [ev.Created(settings)]
    for n, (name, rank) in enumerate(
        (("A", "3d"), ("B", "2d"), ("C", "1k"), ("D", "5k"), ("E", "9k")), start=1
    ):
        log.append(go_events.GoRegistered(P(n), name, "x", rank, 2000 + 100 * (3 - n)))
    log.append(go_events.GoPaired(1, ((P(1), P(2), 0, 1), (P(3), P(4), 3, 2)), (P(5),)))
    return log


def _state(log: list[ev.Event]) -> GoState:
    s = fold(log).play
    assert isinstance(s, GoState)
    return s


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (go_events.GoTablesSet(1, ((P(1), 2),)), "expected distinct table numbers"),
        (go_events.GoTablesSet(1, ((P(2), 5),)), "expected White of a game"),
        (go_events.GoTablesSet(1, ((P(1), 601),)), "expected a table 1-600"),
        (go_events.GoGamesAdded(1, ((P(1), P(5), 0, 3),)), "expected players unpaired in round 1"),
        (go_events.GoUnpaired(1, P(2), P(1)), "expected a game of round 1"),
        (go_events.GoUnpaired(2, P(1), P(2)), "expected a paired round"),
        (go_events.GoHandicapSet(1, P(1), P(2), 10), "expected a handicap 0-9"),
        (go_events.GoRoundsSet(21), "expected 1 to 20 rounds"),
        (go_events.GoRoundsSet(3), "another number of rounds"),
        (go_events.GoByeChosen(1, P(3)), "expected a player without a game"),
        (go_events.GoPlayerModified(P(9), rank="1k"), "expected an entered player"),
        (go_events.GoPlayerModified(P(1), rank="x"), "expected a rank"),
        (go_events.GoPlayerModified(P(1), rating=5000), "expected a rating"),
        (go_events.GoPlayerModified(P(1), not_playing=(1,)), "unpair the game first"),
        (go_events.GoPlayerModified(P(1)), "expected a change"),
    ],
)
def test_a_broken_edit_is_refused(edit: ev.Event, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        fold([*_log(), edit])


def test_a_game_with_a_result_is_not_edited_until_the_result_is_removed() -> None:
    log = [*_log(), go_events.GoResultEntered(1, P(1), P(2), "white")]
    for edit in (
        go_events.GoUnpaired(1, P(1), P(2)),
        go_events.GoColoursExchanged(1, P(1), P(2)),
        go_events.GoHandicapSet(1, P(1), P(2), 2),
        go_events.GoTablesSet(1, ((P(1), 5),)),
    ):
        with pytest.raises(TournamentError, match="remove the result first"):
            fold([*log, edit])
    removed = [*log, go_events.GoResultCorrected(1, P(1), P(2), "unknown")]
    s = _state([*removed, go_events.GoColoursExchanged(1, P(1), P(2))])
    game = s.rounds[0].games[0]
    assert (game.white, game.black) == (s.key(P(2)), s.key(P(1)))


def test_undo_gives_back_the_state_before_each_edit() -> None:
    base = _log()
    for edit in (
        go_events.GoUnpaired(1, P(3), P(4)),
        go_events.GoColoursExchanged(1, P(1), P(2)),
        go_events.GoHandicapSet(1, P(3), P(4), 0),
        go_events.GoTablesSet(1, ((P(1), 2), (P(3), 1))),
        go_events.GoRoundsSet(5),
        go_events.GoByeChosen(2, P(1)),
        go_events.GoPlayerModified(P(5), club="Nice"),
    ):
        before = _state(base)
        after = _state([*base, edit])
        assert after != before, edit.kind
        assert _state([*base, edit, ev.Undone()]) == before, edit.kind


def test_unpairing_the_last_game_clears_the_bye() -> None:
    s = _state([*_log(), go_events.GoUnpaired(1, P(1), P(2)), go_events.GoUnpaired(1, P(3), P(4))])
    assert s.rounds[0].games == () and s.rounds[0].byes == ()


@pytest.mark.realdata
@pytest.mark.parametrize("name", ["simplemm", "notsimplemm", "simpleswiss"])
def test_renumbering_gives_opengothas_own_tables(real_data: Path, name: str) -> None:
    """OpenGotha 3.52 numbers the tables of a new round by renumbering them (GO.md d.T), so
    its files' rounds are in the renumbered order: renumbering changes nothing, and undoes
    a table moved by hand."""
    doc = read_opengotha_document_file(real_data / "go" / "pairgoth" / f"{name}.xml").document
    log = opengotha_log(doc.tournament, name=name, start="2020-01-01", end=None)
    full = _state(log)
    assert full.paired >= 5
    for k in range(1, full.paired + 1):
        with pytest.raises(TournamentError, match="already in order"):
            renumber(full, k)
        # the round's results removed (a game with a result keeps its table)
        open_round = [
            e for e in log if not (isinstance(e, go_events.GoResultEntered) and e.round == k)
        ]
        s = _state(open_round)
        moved = [*open_round, move_table(s, k, 1, 2)]
        shuffled = _state(moved)
        assert shuffled.rounds[k - 1] != s.rounds[k - 1]
        assert _state([*moved, renumber(shuffled, k)]).rounds[k - 1] == s.rounds[k - 1]

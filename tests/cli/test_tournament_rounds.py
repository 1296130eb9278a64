"""Issue 22 in the CLI: preview then store a pairing, swap two players and exchange colours
in a stored round, reinstate a withdrawn player, the end date and class flags."""

from __future__ import annotations

import re
from pathlib import Path

from ratinglist.tournament.games.othello.play import othello
from tests.cli.test_tournament import NAMES
from tests.cli.test_tournament_entry import _entry_seeds, db, log_length, state
from tests.cli.tournament_cli import fail, run

__all__ = ["_entry_seeds", "db"]


def _games(db: Path, k: int) -> list[tuple[int, int]]:
    r = othello(state(db)).state.rounds[k - 1]
    return [(int(p.black), int(p.white)) for p in r.pairings]


def test_preview_store_swap_colours_reinstate_flags_and_end_date(db: Path) -> None:
    args = ("--country", "NLD", "--date", "2026-04-01", "--system", "swiss", "--rounds", "3")
    run(db, "new", "Rounds Open", *args, "--seed", "11")
    run(db, "register", *NAMES[:8])
    ids = [str(e.player) for e in othello(state(db)).people]
    shown = run(db, "preview")
    event = re.search(r"preview --store (\d+)", shown)
    assert event is not None and int(event.group(1)) == log_length(db)
    assert othello(state(db)).paired == 0  # nothing stored
    run(db, "preview", "--store", event.group(1))
    before = _games(db, 1)
    (a, b), (c, d) = before[0], before[1]
    run(db, "swap", "1", str(a), str(c))
    assert _games(db, 1) == [(c, b), (a, d), *before[2:]]
    run(db, "colours", "1", str(c), str(b))
    assert _games(db, 1)[0] == (b, c)
    assert "expected a game of round 1" in fail(db, "colours", "1", str(c), str(b))
    run(db, "withdraw", ids[5])
    assert "reinstated" in run(db, "reinstate", ids[5])
    assert "expected a withdrawn player" in fail(db, "reinstate", ids[5])
    assert "female, born 2012" in run(db, "flags", ids[2], "--female", "--birth-year", "2012")
    assert "last day: 2026-04-02" in run(db, "end-date", "2026-04-02")
    assert "on or after the first day" in fail(db, "end-date", "2026-03-01")
    assert state(db).settings.end == "2026-04-02"

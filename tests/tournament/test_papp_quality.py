"""Our ``papp`` pairing of each Swiss round of real Papp tournaments is never worse than Papp's."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratinglist.formats.elo import read_elo
from ratinglist.tournament.games.othello.papp_check import compare_rounds
from ratinglist.tournament.games.othello.replay import replay_results_file
from tests.tournament.test_replay import papp_files


@pytest.mark.realdata
@pytest.mark.slow
def test_papp_pairings_never_beaten(wof_results: Path) -> None:
    rounds = better = 0
    for path in papp_files(wof_results)[::3]:
        replay = replay_results_file(read_elo(path))
        if len(replay.tokens) <= 12:  # Papp plays a round robin up to 12 players
            continue
        for c in compare_rounds(replay):
            rounds += 1
            assert c.our_cost <= c.papp_cost, c
            assert c.our_rematches <= c.papp_rematches and c.our_repeated_byes == 0, c
            better += c.our_cost < c.papp_cost
    assert rounds > 500
    assert better > 0

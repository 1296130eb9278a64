"""Replays of real Papp tournaments: declared totals and the Singapore Brightwell column."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ratinglist.formats.elo import read_elo
from ratinglist.standings import StandingsConfig, brightwell_quotients
from ratinglist.tournament.replay import check_totals, replay_results_file
from ratinglist.tournament.scoring import player_scores

PAPP = re.compile(rb"%%Creator:\s*PAPP", re.IGNORECASE)


def papp_files(root: Path) -> list[Path]:
    """The Papp-made results files, sorted."""
    return [p for p in sorted(root.glob("*/*.ELO")) if PAPP.search(p.read_bytes()[:600])]


@pytest.mark.realdata
def test_papp_declared_totals(wof_results: Path) -> None:
    files = papp_files(wof_results)
    assert len(files) >= 1000
    players = matching = 0
    for path in files:
        rf = read_elo(path)
        check = check_totals(rf, replay_results_file(rf))
        players += check.players
        matching += check.matching
    assert matching / players >= 0.97


def singapore_bq_files(root: Path) -> list[Path]:
    """Singapore files whose player lines end with an MBQ column."""
    header = re.compile(r"^%.*score\W*MBQ\s*$", re.IGNORECASE | re.MULTILINE)
    return [
        p
        for p in sorted(root.glob("*/*ingapore*.ELO"))
        if header.search(p.read_text(encoding="latin-1"))
    ]


@pytest.mark.realdata
def test_singapore_brightwell_column(wof_results: Path) -> None:
    exact = []
    for path in singapore_bq_files(wof_results):
        rf = read_elo(path)
        replay = replay_results_file(rf, bq_constant=6.0)
        scores = player_scores(replay.state)
        if any(s.byes or s.unplayed for s in scores):
            continue
        bq = brightwell_quotients(scores, StandingsConfig(bq_constant=6.0))
        declared = {p.token: p.discs for p in rf.players}
        if all(declared[t] == bq[k + 1] for k, t in enumerate(replay.tokens)):
            exact.append(path.name)
    assert "20190331_23_Singapore_open.ELO" in exact
    assert len(exact) >= 8

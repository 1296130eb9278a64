"""An Othello director's journey in a browser: two directors and a live viewer run a Swiss
tournament with its finals; a phone on a stale round and the director's undo; a 20-player
tournament run entirely from the web; a NEW1 entrant reaches the officer; the forecast on a
phone. One site (the server's players and users, with the 20-player tournament's extra
registry players) serves the first three stories; the last two need their own rating lists."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.steps import forecast, td, td_full, td_integrity, temporary_ids
from tests.web.test_browser import Devices, close_contexts

pytestmark = pytest.mark.slow


def test_an_othello_directors_journey(
    browser: Any, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    devices = Devices(browser)  # the stories' contexts and pages, kept between them
    with td_full.served(tmp_path_factory) as base:
        td.two_directors_and_a_live_viewer(base, devices, tmp_path)
        close_contexts(devices)
        td_integrity.a_phone_on_a_stale_round_and_the_directors_undo(base, devices)
        close_contexts(devices)
        td_full.a_20_player_tournament_run_entirely_from_the_web(base, devices)
        close_contexts(devices)
    with temporary_ids.served(tmp_path_factory) as base:
        temporary_ids.new1_from_the_directors_page_to_the_officers(base, devices)
        close_contexts(devices)
    with forecast.served(tmp_path_factory) as base:
        forecast.forecast_on_a_phone_updates_after_a_result(base, devices)
        close_contexts(devices)

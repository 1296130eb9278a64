"""A Go director's journey in a browser: a McMahon tournament with two directors and a live
viewer over the EGF and FFG lists; the registration's search of the FFG list (a candidate
chosen, nobody near); Go settings set and changed on a phone; the edit page on a phone; the
sheets printed on A4. One site serves the first three stories; the edit page and the sheets
read tournament 1 of their own prepared sites."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.steps import go, go_edit, go_registration, go_settings, print_sheets
from tests.web.test_browser import Devices, close_contexts

pytestmark = pytest.mark.slow


def test_a_go_directors_journey(
    browser: Any, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, real_data: Path
) -> None:
    devices = Devices(browser)  # the stories' contexts and pages, kept between them
    with go.served(tmp_path_factory, real_data) as site:
        go.a_go_mcmahon_tournament_with_two_directors_and_a_live_viewer(site, devices, tmp_path)
        close_contexts(devices)
        base, _, _, url = site
        search = go_registration
        search.typing_part_of_a_name_and_choosing_a_candidate_enters_exactly_that_player(
            (base, url), devices
        )
        close_contexts(devices)
        search.the_search_says_when_nobody_is_near((base, url), devices)
        close_contexts(devices)
        go_settings.a_phone_sets_and_changes_go_settings(base, devices)
        close_contexts(devices)
    with go_edit.served(tmp_path_factory) as base:
        go_edit.edit_page_on_a_phone(base, devices)
        close_contexts(devices)
    with print_sheets.served(tmp_path_factory) as base:
        print_sheets.sheets_print_on_a4(base, devices, tmp_path)
        close_contexts(devices)

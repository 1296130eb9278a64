"""The rating officer's journey in a browser: a month of intake, computing and publishing; a
director's upload accepted and shown on the public site; a director submits and reopens, the
officer publishes after the dry run and withdraws the list; a mailed reset link sets a new
password. Each story has its own site: their rating lists differ."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.steps import intake, lifecycle, officer_month, reset
from tests.web.test_browser import Devices, close_contexts

pytestmark = pytest.mark.slow


def test_the_rating_officers_journey(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    devices = Devices(browser)  # the stories' contexts and pages, kept between them
    with officer_month.served(tmp_path_factory) as base:
        officer_month.the_officer_month_in_the_browser(
            base, devices, tmp_path_factory.mktemp("month-files")
        )
        close_contexts(devices)
    with intake.served(tmp_path_factory) as base:
        intake.upload_accept_and_the_public_site(
            base, devices, tmp_path_factory.mktemp("intake-files")
        )
        close_contexts(devices)
    with lifecycle.served(tmp_path_factory) as base:
        lifecycle.a_director_submits_and_reopens_from_the_web(base, devices)
        close_contexts(devices)
        lifecycle.the_officer_publishes_after_the_dry_run_then_unpublishes(base, devices)
        close_contexts(devices)
    reset.the_reset_link_fills_the_form_from_its_fragment(devices, tmp_path_factory.mktemp("reset"))
    close_contexts(devices)

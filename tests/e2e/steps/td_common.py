"""Steps of the director's browser tests that other browser tests call (Playwright pages)."""

from __future__ import annotations

from typing import Any


def _accept_next_dialog(page: Any) -> None:
    """Answer yes to the next confirmation the page asks (`static/forms.js`)."""
    page.once("dialog", lambda dialog: dialog.accept())


def confirm_submission(page: Any, reason: str) -> None:
    """Press the submit button of the director's page shown, then confirm on the page that
    asks (with `reason` when it says the tournament is unfinished)."""
    with page.expect_navigation():
        page.click("#submit")
    if page.locator("#confirm-reason").count():
        page.fill("#confirm-reason", reason)
    with page.expect_navigation():
        page.click("#confirm button[type=submit]")


def reopen_after_submit(page: Any, base_url: str, tid: int | str) -> None:
    """Submit the finished tournament `tid` from its director's page, check the page turned
    read-only with the submission's state, reopen it from the web and check it is editable
    again. `page` is signed in as the tournament's director."""
    from playwright.sync_api import expect

    page.goto(f"{base_url}/td/{tid}")
    confirm_submission(page, "the last rounds were cancelled (test)")
    assert page.locator(".conflict").count() == 0, page.inner_text(".conflict")
    expect(page.locator("#read-only")).to_be_visible()
    expect(page.locator("#submission-state")).to_contain_text("waiting for the rating officer")
    assert page.locator(".result-form").count() == 0  # no result form after the submission
    assert page.locator("#pair").count() == 0 and page.locator("#register").count() == 0
    page.fill("#reopen-reason", "a result to correct after the submission")
    _accept_next_dialog(page)
    with page.expect_navigation():
        page.click("#reopen-button")
    expect(page.locator(".notice").first).to_contain_text("reopened")
    assert page.locator("#read-only").count() == 0
    assert page.locator(".result-form").count() > 0  # the round's results may be corrected
    expect(page.locator("#submit")).to_be_visible()
    expect(page.locator("#submission-state")).to_contain_text(
        "withdrawn from the queue"
    )  # by the director's own reopening, not the officer (issue 32)

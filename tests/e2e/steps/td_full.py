"""Issue 22's acceptance: an Othello tournament of 20 players run entirely from the web, in
Debian chromium. The director registers 20 players, declares an absence, forbids a pair and
flags two players female, previews round 1 and stores it, swaps two players and exchanges
the colours of a game in the stored round, enters every result, registers a late entry
from round 3, corrects a result of round 1 after round 3 is paired, sets the last day,
finishes and submits; the downloaded .ELO reads back through the package's reader with no
error and holds exactly the games the round pages showed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import insert

from ratinglist.formats.diagnostics import Severity
from ratinglist.formats.elo import parse_elo
from ratinglist.service.databases import open_database
from ratinglist.store.schema import players
from tests.server.fixtures import PLAYER_IDS, browser_sign_in, seed_server
from tests.web.test_browser import serving

EXTRA = (500101, 500102, 500103, 500104, 500105)
"""Registry players beyond the fixtures' 16: four more entrants and the late entry."""
ENTRANTS = (*PLAYER_IDS, *EXTRA[:4])
LATE = EXTRA[4]
ROUNDS = 3
REFUSED = ".conflict[role=alert]"
"""An action's refusal (not the submission's state, which the page shows in the same style)."""


@contextmanager
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('tdfull') / 'server.db'}"
    seed_server(url)
    rows = [
        {"id": pid, "surname": name, "firstname": "Extra", "country": "NLD", "rating": 1400 + k,
         "origin": "test", "merged_into": None}
        for k, (pid, name) in enumerate(
            zip(EXTRA, ("PETERS", "QUIST", "ROSSI", "SMIT", "TANAKA"), strict=True)
        )
    ]  # fmt: skip
    with open_database(url).begin() as conn:
        conn.execute(insert(players), rows)
    with serving(url) as base:
        yield base


def _go(page: Any, url: str) -> None:
    page.goto(url)
    assert page.locator(REFUSED).count() == 0, page.inner_text(REFUSED)


def _submit(page: Any, form: str, notice: str) -> None:
    """Send `form` (a selector) and check the notice it leads to."""
    with page.expect_navigation():
        page.click(f"{form} button[type=submit]")
    assert page.locator(REFUSED).count() == 0, page.inner_text(REFUSED)
    assert notice in page.inner_text(".notice"), page.inner_text("main")


def _submit_results(page: Any, notice: str) -> None:
    """Press the submit button, confirm on the page that asks (with a reason when it says
    the tournament is unfinished) and check the notice it leads to."""
    with page.expect_navigation():
        page.click("#submit")
    if page.locator("#confirm-reason").count():
        page.fill("#confirm-reason", "the last round was cancelled (test)")
    _submit(page, "#confirm", notice)


def _games(page: Any) -> list[tuple[int, int, str]]:
    """(Black, White, result) of each table of the round page shown, in table order."""
    out = []
    for row in page.locator("#round-games tbody tr").all():
        black, white = int(row.get_attribute("data-black")), int(row.get_attribute("data-white"))
        shown = row.locator("strong.entered")
        out.append((black, white, shown.inner_text() if shown.count() else ""))
    return out


def _score(round_number: int, table: int) -> str:
    """Varied results: Black wins at odd tables, White at even ones, by varying margins."""
    margin = 2 * ((round_number + table) % 5) + 2
    black = 32 + margin // 2 if table % 2 else 32 - margin // 2
    return f"{black}-{64 - black}"


def _results(page: Any, base: str, tid: str, k: int) -> None:
    """Enter every result of round `k` on its round page, one table after the other."""
    _go(page, f"{base}/td/{tid}/rounds/{k}")
    tables = page.locator("#round-games tbody tr").count()
    for table in range(1, tables + 1):
        black, white = _score(k, table).split("-")
        page.fill(f"#game-{table} input[name=black_discs]", black)
        page.fill(f"#game-{table} input[name=white_discs]", white)
        _submit(page, f"#game-{table} .result-form", f"round {k} table {table}:")
    assert [g[2] for g in _games(page)] == [_score(k, t) for t in range(1, tables + 1)]


def _fits_a_phone(phone: Any, url: str) -> None:
    """The page at `url` does not scroll sideways at 390 px."""
    _go(phone, url)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, (url, width)


def reopen_after_submit(page: Any, base: str, tid: str, games: int) -> None:
    """The "reopen after submit" step (issue 22, item 3; the reopen form is helper
    tdlife's work, merged into this branch): the submitted tournament's page is read-only;
    the director reopens it, corrects a result of round 2 and submits it again."""
    _go(page, f"{base}/td/{tid}")
    assert page.locator("#read-only").count() == 1 and page.locator("#pair").count() == 0
    page.fill("#reopen-reason", "wrong score at table 1 of round 2")
    _submit(page, "#reopen", "reopened")
    _go(page, f"{base}/td/{tid}/rounds/2")
    page.fill("#game-1 input[name=black_discs]", "31")
    page.fill("#game-1 input[name=white_discs]", "33")
    _submit(page, "#game-1 .result-form", "corrected")
    _go(page, f"{base}/td/{tid}")
    _submit_results(page, f"{games} games (queued)")


def a_20_player_tournament_run_entirely_from_the_web(served: str, browser: Any) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    d = context.new_page()

    def accept(dialog: Any) -> None:
        dialog.accept()

    d.on("dialog", accept)  # the submission asks to confirm
    browser_sign_in(d, served, "director")
    d.fill("#new-tournament input[name=name]", "Full Web Open")
    d.fill("#new-tournament input[name=country]", "France")
    d.fill("#new-tournament input[name=start_date]", "2026-11-21")
    d.fill("#new-tournament input[name=rounds]", str(ROUNDS))
    d.select_option("#new-tournament select[name=system]", "swiss")
    with d.expect_navigation():
        d.click("#new-tournament button[type=submit]")
    tid = re.search(r"/td/(\d+)", d.url).group(1)  # type: ignore[union-attr]
    base = f"{served}/td/{tid}"
    d.fill("#players", "\n".join(str(p) for p in ENTRANTS))
    _submit(d, "#register", "20 players")
    expect(d.locator("#entrants tbody tr")).to_have_count(20)

    # the set-up page: an absence in round 1, a forbidden pair, two female players
    with d.expect_navigation():
        d.click("#setup-link")
    away, never = ENTRANTS[19], (ENTRANTS[0], ENTRANTS[1])
    d.select_option("#absence select[name=player]", str(away))
    _submit(d, "#absence", "absent in round 1")
    d.select_option("#forbidden select[name=first]", str(never[0]))
    d.select_option("#forbidden select[name=second]", str(never[1]))
    _submit(d, "#forbidden", "never paired together")
    women = (ENTRANTS[4], ENTRANTS[17])
    for pid in women:
        row = d.locator(f"#flags form:has(input[name=player][value='{pid}'])")
        row.locator("input[name=female]").check()
        with d.expect_navigation():
            row.locator("button[type=submit]").click()
        assert "female" in d.inner_text(".notice")
    d.fill("#end-date input[name=end]", "2026-11-22")
    _submit(d, "#end-date", "last day: 2026-11-22")

    # round 1: preview, then store that pairing
    _go(d, base)
    with d.expect_navigation():
        d.click("#preview-pairing")
    previewed = d.locator("#preview tbody tr").all_inner_texts()
    assert len(previewed) == 9  # 19 players: 9 games and a bye
    _submit(d, "#store-pairing", "round 1 paired: 9 tables")

    # the new pages on a phone, with every form shown
    phone_context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone = phone_context.new_page()
    browser_sign_in(phone, served, "director")
    for path in ("/rounds/1", "/setup", ""):
        _fits_a_phone(phone, f"{base}{path}")
    phone_context.close()

    # the stored round 1: a swap, an exchange of colours
    _go(d, f"{base}/rounds/1")
    stored = _games(d)
    assert away not in {p for g in stored for p in g[:2]}
    assert {never[0], never[1]} not in [{g[0], g[1]} for g in stored]
    # the Black players of two neighbouring tables swapped (tables 2 and 3 unless that
    # would pair the forbidden pair: the pairing's seed is drawn at random)
    k = next(
        k
        for k in range(1, len(stored) - 1)
        if set(never) not in ({stored[k + 1][0], stored[k][1]}, {stored[k][0], stored[k + 1][1]})
    )
    (a, b, _), (c, e, _) = stored[k], stored[k + 1]
    d.select_option("#swap select[name=first]", str(a))
    d.select_option("#swap select[name=second]", str(c))
    _submit(d, "#swap", "swapped")
    d.click("#game-4 .colours-form button")
    d.wait_for_load_state()
    assert "colours" in d.inner_text(".notice")
    expected = list(stored)
    expected[k], expected[k + 1] = (c, b, ""), (a, e, "")
    four = expected[3]
    expected[3] = (four[1], four[0], "")
    assert _games(d) == expected

    # results of rounds 1 and 2, a late entry from round 3, then round 3 paired
    _results(d, served, tid, 1)
    _go(d, base)
    _submit(d, "form:has(#pair)", "round 2 paired")
    _results(d, served, tid, 2)
    _go(d, f"{base}/setup")
    d.fill("#entry textarea[name=players]", str(LATE))
    d.fill("#entry input[name=first_round]", "3")
    _submit(d, "#entry", "21 players")
    _go(d, base)
    _submit(d, "form:has(#pair)", "round 3 paired")

    # a correction of round 1 after round 3 is paired
    _go(d, f"{base}/rounds/1")
    d.fill("#game-1 input[name=black_discs]", "20")
    d.fill("#game-1 input[name=white_discs]", "44")
    _submit(d, "#game-1 .result-form", "corrected")
    assert _games(d)[0][2] == "20-44"
    _results(d, served, tid, 3)
    _go(d, f"{base}/rounds/3")
    third = _games(d)
    assert len(third) == 10  # 21 players: 10 games and a bye
    assert LATE in {p for g in third for p in g[:2]} or "Bye: TANAKA" in d.inner_text("main")

    # the female class standings are the two flagged players
    _go(d, f"{base}/standings?cls=female")
    expect(d.locator("#standings tbody tr")).to_have_count(2)

    # the submission, the reopening, a correction and the submission again
    games = 9 + 10 + 10
    _go(d, base)
    _submit_results(d, f"{games} games (queued)")
    reopen_after_submit(d, served, tid, games)

    # the games as the (now read-only) round pages show them, and the .ELO
    shown: set[tuple[int, int, int, int]] = set()
    for k in range(1, ROUNDS + 1):
        _go(d, f"{base}/rounds/{k}")
        assert d.locator(".result-form").count() == 0
        for black, white, result in _games(d):
            discs = result.split("-")
            shown.add((black, white, int(discs[0]), int(discs[1])))
    assert len(shown) == games
    discs = {(g[2], g[3]) for g in shown}
    assert (20, 44) in discs and (31, 33) in discs  # both corrections are in

    exported = d.request.get(f"{base}/export/elo")
    assert exported.ok
    parsed = parse_elo(exported.text(), "full.ELO")
    errors = [x for x in parsed.diagnostics if x.severity is Severity.ERROR]
    assert errors == []
    got = {
        (int(g.first), int(g.second), g.first_discs, g.second_discs)
        for g in parsed.games
        if g.first_discs is not None and g.second_discs is not None
    }
    assert got == shown
    assert len(parsed.games) == len(shown)
    assert parsed.header.dates is not None and str(parsed.header.dates.end) == "2026-11-22"
    d.remove_listener("dialog", accept)
    context.close()

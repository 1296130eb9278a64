"""The players' side in a browser (issue 35, acceptance), for Othello and for Go: eight players
register online on a phone; the director accepts six, refuses one and leaves one pending; six
check in with their codes (opened from the welcome sheet's link, code in the fragment); round
1 is paired; on six 390-px phone contexts each player sees their table, colour and opponent,
and each pair reports its result (one pair reports two different scores, which reaches the
director, who decides); a code tried on another table is refused (403); the standings
follow."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.fixtures import PASSWORD, browser_sign_in, seed_server
from tests.web.test_browser import Devices, close_contexts, serving

pytestmark = pytest.mark.slow
PHONE = {"width": 390, "height": 844}
NAMES = ("ALPHA", "BRAVO", "CHARLIE", "DELTA", "ECHO", "FOXTROT", "GOLF", "HOTEL")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('players') / 'server.db'}"
    seed_server(url)
    with serving(url) as base:
        yield base


def _ok(response: httpx.Response) -> Any:
    assert response.status_code in (200, 201), response.text
    return response.json()


def _director(base: str) -> tuple[httpx.Client, dict[str, str]]:
    client = httpx.Client(base_url=base, timeout=60)
    signed = client.post("/api/v1/login", json={"username": "director", "password": PASSWORD})
    assert signed.status_code == 200, signed.text
    return client, {"X-CSRF-Token": signed.json()["csrf"]}


@pytest.fixture(scope="module")
def devices(browser: Any) -> Devices:
    """The phones and the desk, kept from the Othello test to the Go one (each test gets them
    back with no cookies): eight new pages cost chromium about 4 s of CPU."""
    return Devices(browser)


@pytest.mark.parametrize("game", ["othello", "go"])
def test_players_register_check_in_see_their_game_and_report(
    served: str, devices: Any, game: str
) -> None:
    from playwright.sync_api import expect

    from ratinglist.web.views.player_side import BY_ADDRESS, BY_CODE, REGISTRATIONS

    for throttle in (REGISTRATIONS, BY_ADDRESS, BY_CODE):
        throttle.clear()  # the server runs in this process: one test's count is not the next's
    client, csrf = _director(served)
    made = _ok(
        client.post(
            "/api/v1/td/tournaments",
            headers=csrf,
            json={
                "name": f"Phone {game} Open",
                "country": "France",
                "start_date": "2026-11-21",
                "rounds": 3,
                "game": game,
                "system": "swiss" if game == "othello" else "mcmahon",
            },
        )
    )
    tid = made["id"]
    _ok(client.post(f"/api/v1/td/tournaments/{tid}/live", json={"public": True}, headers=csrf))

    # the director opens registration on the players' side page
    browser = devices
    desk = browser.new_context()
    td = desk.new_page()
    browser_sign_in(td, served, "director")
    td.goto(f"{served}/td/{tid}/players")
    td.fill("#registration-open input[name=cap]", "10")
    td.click("#registration-open button[type=submit]")
    expect(td.locator("p.notice")).to_contain_text("online registration open")

    # eight players register from a phone
    phone = browser.new_context(viewport=PHONE, is_mobile=True)
    form = phone.new_page()
    for name in NAMES:
        form.goto(f"{served}/live/{tid}/register")
        form.fill("input[name=name]", f"{name}, Anne")
        form.fill("input[name=country]", "France" if game == "othello" else "FR")
        if game == "go":
            form.fill("input[name=rank]", "2k")
        form.fill("input[name=email]", f"{name.lower()}@example.org")
        form.click("#registration-form button[type=submit]")
        expect(form.locator("#registration-sent")).to_contain_text(f"{name}, Anne")
    assert form.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # the director accepts six (as new players), refuses one, leaves one pending
    td.goto(f"{served}/td/{tid}/players")
    rows = td.locator("#registrations tbody tr")
    expect(rows).to_have_count(8)
    for n in range(6):
        row = td.locator("#registrations tbody tr").nth(n)
        row.locator("select[name=choice]").select_option("new")
        row.locator(".accept-form button").click()
        expect(td.locator("p.notice")).to_contain_text(f"{NAMES[n]}, Anne entered as")
    td.locator("#registrations tbody tr").nth(6).locator(".refuse-form button").click()
    expect(td.locator("p.notice")).to_contain_text("refused")
    statuses = td.locator("#registrations tbody tr td.status").all_inner_texts()
    assert statuses == ["accepted"] * 6 + ["refused", "pending"]
    public = _ok(client.get(f"/api/v1/live/{tid}/registrations"))
    assert [p.split(",")[0].split()[0] for p in public["players"]] == list(NAMES[:6])

    codes = {c["name"]: c["code"] for c in _ok(client.get(f"/api/v1/td/tournaments/{tid}/codes"))}
    assert len(codes) == 6
    shown = {name: next(k for k in codes if k.startswith(name)) for name in NAMES[:6]}

    # six players open their page from the welcome sheet's link (code in the fragment) and check in
    pages: dict[str, Any] = {}
    for name in NAMES[:6]:
        player = shown[name]
        page = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
        page.goto(f"{served}/live/{tid}/me#code={codes[player]}")
        expect(page.locator("#me-name")).to_contain_text(player)
        page.click("#me-checkin button")
        expect(page.locator("#me-checked-in")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        pages[player] = page
    td.goto(f"{served}/td/{tid}/players")
    expect(td.locator("#checkin h2")).to_contain_text("6 of 6 present")

    # round 1 is paired: each phone shows its table by itself (polling)
    _ok(client.post(f"/api/v1/td/tournaments/{tid}/rounds", headers=csrf))
    tables = _ok(client.get(f"/api/v1/live/{tid}/rounds/1"))["tables"]
    assert len(tables) == 3
    seat = {}
    for t in tables:
        seat[t["black"]["name"]] = (t["table"], t["white"]["name"])
        seat[t["white"]["name"]] = (t["table"], t["black"]["name"])
    for player, page in pages.items():
        table, opponent = seat[player]
        expect(page.locator("#me-table")).to_have_text(str(table))
        expect(page.locator("#me-opponent")).to_have_text(opponent)

    # each pair reports; the pair at table 3 reports two different scores
    win = "40-24" if game == "othello" else "1-0"
    loss = "24-40" if game == "othello" else "0-1"
    # the last table's first player starts typing while the others report: the page's
    # redraws (the log moves with every report) wait and do not take the typed score away
    typing = pages[tables[-1]["black"]["name"]]
    typing.fill("#me-report input[name=score]", win)
    for t in tables:
        first, second = pages[t["black"]["name"]], pages[t["white"]["name"]]
        if first is typing:
            for _ in range(2):  # two polls after the moves: the old script had redrawn by then
                with typing.expect_response(lambda r: r.url.endswith("/seq")):
                    pass
            expect(typing.locator("#me-report input[name=score]")).to_have_value(win)
        else:
            first.fill("#me-report input[name=score]", win)
        first.click("#me-report button")
        expect(first.locator("#me-message")).to_contain_text("result sent")
        second.fill("#me-report input[name=score]", loss if t["table"] == 3 else win)
        second.click("#me-report button")
        if t["table"] == 3:
            expect(second.locator("#me-error")).to_contain_text("the director decides")
        else:
            expect(second.locator("#me-message")).to_contain_text("result stored")
            expect(first.locator("#me-result")).to_have_text(win)

    # a code tried on another table
    stranger = codes[tables[0]["black"]["name"]]
    tried = client.post(
        f"/api/v1/live/{tid}/results", json={"round": 1, "table": 2, "score": win, "code": stranger}
    )
    assert tried.status_code == 403

    # the disagreement reaches the director, who decides
    td.goto(f"{served}/td/{tid}/players")
    disputed = td.locator("#report-1-3")
    expect(disputed).to_contain_text("they differ")
    expect(disputed).to_contain_text(win)
    expect(disputed).to_contain_text(loss)
    disputed.locator("input[name=score]").fill(win)
    disputed.locator(".override-form button").click()
    expect(td.locator("p.notice")).to_contain_text("entered")

    # the standings follow: the three winners lead; the winner's page shows their place
    winners = {t["white" if game == "go" else "black"]["name"] for t in tables}
    standings = _ok(client.get(f"/api/v1/live/{tid}/standings"))["lines"]
    assert {line["player"]["name"] for line in standings[:3]} == winners
    places = {line["player"]["name"]: line["place"] for line in standings}
    some = sorted(winners)[0]
    expect(pages[some].locator("#me-place")).to_contain_text(f"Place now: {places[some]}")
    expect(pages[some].locator("#me-result")).to_have_text(win)
    close_contexts(browser)

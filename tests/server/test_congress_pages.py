"""A Go congress on the director's pages (issue 34, item 2): the real EGC 2011 main
tournament (760 players) with its last round paired again and under way. Each director's
page and the public live page stay under 300 KB of HTML, a round's page draws at most one
page of result forms (the tables still due, not 380), and a table is found by its number or
a player's name, its result entered from there. Speed is measured by
`benchmarks/congress.py`, not here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ratinglist.service.actor import SYSTEM
from ratinglist.service.tournaments.actions import pair
from ratinglist.service.tournaments.games.go.files import import_opengotha
from ratinglist.service.tournaments.lifecycle import show_on_live
from ratinglist.service.tournaments.paging import PAGE_ROWS
from ratinglist.web.app import create_app
from tests.conftest import handle
from tests.server.fixtures import seed_server, sign_in
from tests.server.test_phone_browser import _without_last_round

pytestmark = pytest.mark.slow
EGC = ("go", "opengotha-rgf", "egc2011.xml")
"""760 players, 10 rounds (PROVENANCE.md)."""
PLAYERS = 760
LIMIT_KB = 300


@pytest.fixture(scope="module")
def congress(
    tmp_path_factory: pytest.TempPathFactory, real_data: Path
) -> Iterator[tuple[TestClient, int, int]]:
    folder = tmp_path_factory.mktemp("congress")
    url = f"sqlite:///{folder / 'congress.db'}"
    seed_server(url)
    source = folder / "egc2011-pending.xml"
    _without_last_round(real_data.joinpath(*EGC), source)
    tid = import_opengotha(handle(url), source, SYSTEM).id
    tables = len(pair(handle(url), tid, SYSTEM).tables)
    assert tables > 5 * PAGE_ROWS  # the players of round 10 (some left before it)
    show_on_live(handle(url), tid, True, SYSTEM)
    with TestClient(create_app(url)) as client:
        sign_in(client, "admin")
        yield client, tid, tables


def _get(client: TestClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, (path, response.text[:300])
    assert len(response.content) <= LIMIT_KB * 1024, (path, len(response.content))
    return response.text


def _tables(html: str, table_id: str) -> list[int]:
    body = html.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    return [int(t) for t in re.findall(r'<tr id="(?:table|game)-(\d+)"', body)]


def test_every_page_of_a_congress_is_under_300_kb(congress: tuple[TestClient, int, int]) -> None:
    client, tid, tables = congress
    home = _get(client, f"/td/{tid}")
    # every table is due: the first page of them, each with its form, and the links to
    # the other pages by table range (tables 1-50, 51-100, ...)
    assert _tables(home, "round-entry") == list(range(1, PAGE_ROWS + 1))
    assert home.count('class="row result-form"') == PAGE_ROWS
    assert f"{tables} of {tables} tables" in home
    assert f'href="?q=&amp;show=due&amp;page=2#round-entry">{PAGE_ROWS + 1}–' in home
    pages = -(-tables // PAGE_ROWS)
    last = _get(client, f"/td/{tid}?show=due&page={pages}")
    assert _tables(last, "round-entry") == list(range((pages - 1) * PAGE_ROWS + 1, tables + 1))
    # the entrants a hundred at a time, in name order
    assert home.count(f'action="/td/{tid}/withdraw"') == 100
    assert f"{PLAYERS} of {PLAYERS} players" in home
    for page in ("edit", "rounds/10"):
        _get(client, f"/td/{tid}/{page}")
    # the standings a hundred places at a time; a place or a name finds a player
    standings = _get(client, f"/td/{tid}/standings")
    body = standings.split('id="standings"', 1)[1].split("<tbody>", 1)[1].split("</table>")[0]
    assert body.count("<tr") == 100 and f"{PLAYERS} of {PLAYERS} players" in standings
    third = _get(client, f"/td/{tid}/standings?page=3")
    places = re.findall(r"<tr[^>]*><td>(\d+)", third.split('id="standings"', 1)[1])
    assert places[0] == "201" and len(places) == 100
    found = _get(client, f"/td/{tid}/standings?q=250")
    assert re.findall(r"<tr[^>]*><td>(\d+)", found.split('id="standings"', 1)[1]) == ["250"]
    edit = _get(client, f"/td/{tid}/edit")
    assert len(_tables(edit, "edit-games")) == PAGE_ROWS
    live = _get(client, f"/live/{tid}")
    assert "MMS" in live


def test_a_table_found_by_number_or_name_gets_its_result(
    congress: tuple[TestClient, int, int],
) -> None:
    client, tid, tables = congress
    found = _get(client, f"/td/{tid}?q=217")
    assert _tables(found, "round-entry") == [217]
    row = found.split('<tr id="table-217">', 1)[1].split("</tr>", 1)[0]
    white = re.search(r'name="white" value="(\d+)"', row)
    black = re.search(r'name="black" value="(\d+)"', row)
    seq = re.search(r'name="based_on" value="(\d+)"', row)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', row)
    assert white and black and seq and csrf
    fields = {"csrf_token": csrf.group(1), "based_on": seq.group(1), "round": "10",
              "table": "217", "black": black.group(1), "white": white.group(1),
              "score": "1-0"}  # fmt: skip
    entered = client.post(f"/td/{tid}/result", data=fields)
    assert entered.status_code == 200 and "table 217:" in entered.text
    # no longer due: the default page leaves it out, the whole round shows it with its result
    assert 217 not in _tables(entered.text, "round-entry")
    assert f"{tables - 1} of {tables} tables" in entered.text
    every = _get(client, f"/td/{tid}?show=all&page=5")
    assert _tables(every, "round-entry") == list(range(201, 251))
    row = every.split('<tr id="table-217">', 1)[1].split("</tr>", 1)[0]
    assert '<strong class="entered">' in row and "Correct" in row
    # by name: every word of the query in the names of the table's players
    cell = re.sub(r"<.*?>", "", row.split("<td", 3)[2].split(">", 1)[1])
    name = re.sub(r"\s+\d+$", "", cell.strip())
    surname = name.split(",")[0]
    by_name = _get(client, f"/td/{tid}?q={surname}&show=all")
    assert 217 in _tables(by_name, "round-entry")
    nothing = _get(client, f"/td/{tid}?q=zzzz-nobody")
    assert _tables(nothing, "round-entry") == [] and "No table found." in nothing
    assert client.get(f"/td/{tid}?show=some").status_code == 400

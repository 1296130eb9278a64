"""Issue 19 item 3 on the real archive: the Othello World Cup 2013 is won by ITO Junya.

He beat OKAMOTO Kazuki 2-0 in the final (39-25 and 43-21, the file's ``%Final`` section),
after OKAMOTO had won all 13 rounds: recounting every game put OKAMOTO first. The third
place game went to 5577 against 3518 (``%3/4 Playoff``).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ratinglist.service.actor import SYSTEM
from ratinglist.service.archive import import_archive
from ratinglist.service.player_lists import import_players_list
from ratinglist.web.app import create_app
from tests.conftest import handle

pytestmark = [pytest.mark.realdata]

WORLD_CUP_2013 = Path("2013") / "20130124_Othello_World_Cup.ELO"
ITO, OKAMOTO = 5538, 5568


@pytest.fixture(scope="module")
def world_cup(
    real_data: Path, wof_results: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[TestClient, int]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('world-cup') / 'wc.db'}"
    players = real_data / "othello-rating-pipeline" / "joueurs.txt"
    import_players_list(
        handle(url, create=True), players, actor=SYSTEM, on=dt.date(2013, 1, 1), apply=True
    )
    import_archive(handle(url, create=True), [wof_results / WORLD_CUP_2013])
    with TestClient(create_app(url)) as client:
        found = client.get("/api/v1/tournaments", params={"name": "World Cup"}).json()
        assert found["total"] == 1
        yield client, int(found["tournaments"][0]["id"])


def test_world_cup_2013_api_ranks_ito_junya_first(world_cup: tuple[TestClient, int]) -> None:
    client, tid = world_cup
    api = client.get(f"/api/v1/tournaments/{tid}/games").json()
    top = api["standings"][:4]
    assert [s["player_id"] for s in top] == [ITO, OKAMOTO, 5577, 3518]
    assert top[0]["name"] == "ITO, Junya" and top[0]["reached"] == "winner"
    assert api["placed_by"] == "finals" and "%Final" in api["placing"]


def test_world_cup_2013_page_ranks_ito_junya_first(world_cup: tuple[TestClient, int]) -> None:
    client, tid = world_cup
    text = client.get(f"/tournaments/{tid}").text
    table = text.split('id="standings"', 1)[1].split("</table>", 1)[0]
    first, second = re.findall(r"<tr><td>(\d+)<td><a [^>]*>([^<]+)</a>", table)[:2]
    assert first == ("1", "ITO, Junya") and second[1].startswith("OKAMOTO")
    assert "Placed by the finals the file marks" in text

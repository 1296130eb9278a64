"""The site's pages and API over the small archive: content, escaping, errors, caching."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from tests.web.site_fixture import BROKEN, EVIL, LIST_DATES, PLAYERS, UNPUBLISHED


def _rows(page: str, table_id: str) -> list[str]:
    body = page.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    return re.findall(r"<tr[^>]*>(.*?)(?=<tr|</tbody>)", body.split("<tbody>", 1)[1], re.S)


@pytest.mark.both_backends
def test_list_page_shows_every_listed_player_with_rank_and_trend(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    text = page.text
    assert f"Rating list as of {LIST_DATES[-1]}" in text
    rows = _rows(text, "ratinglist")
    assert len(rows) == len(PLAYERS)
    ranks = [int(re.match(r"<td>(\d+)", r).group(1)) for r in rows]  # type: ignore[union-attr]
    assert ranks == list(range(1, len(PLAYERS) + 1))
    # Every player is listed in both lists, so every row has a trend (not "new").
    assert all(">new" not in r for r in rows)
    assert f"/diff?from={LIST_DATES[0]}&amp;to={LIST_DATES[1]}" in text
    assert "Latest tournaments" in text and "Tokyo Cup" in text


def test_country_and_continent_selection(client: TestClient) -> None:
    french = [p for p, v in PLAYERS.items() if v[2] == "FRA"]
    rows = _rows(client.get("/?c=FRA").text, "ratinglist")
    assert len(rows) == len(french)
    assert all('href="/?c=FRA' in r for r in rows)
    asia = _rows(client.get("/?ct=Asia").text, "ratinglist")
    assert len(asia) == sum(1 for v in PLAYERS.values() if v[2] == "JPN")
    both = _rows(client.get("/?c=FRA&c=NLD").text, "ratinglist")
    assert len(both) == sum(1 for v in PLAYERS.values() if v[2] in ("FRA", "NLD"))


def test_list_of_an_earlier_date(client: TestClient) -> None:
    text = client.get(f"/?date={LIST_DATES[0]}").text
    assert f"Rating list as of {LIST_DATES[0]}" in text
    # The first list has no previous list: every player is new.
    assert all(r.rstrip().endswith("new") for r in _rows(text, "ratinglist"))


def test_player_page(client: TestClient) -> None:
    text = client.get("/players/50002").text
    assert "DUPONT, Jean" in text
    assert 'src="/players/50002/chart.svg"' in text
    assert text.count('<details class="tournament"') == 3
    assert "#" in text and "in FRA" in text
    assert "/players/50002/why" in text
    svg = client.get("/players/50002/chart.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.lstrip().startswith("<?xml") and "<svg" in svg.text


def test_head_to_head_counts_games_from_the_files(client: TestClient) -> None:
    # 10001 met 50001 in Paris (round 2, 10001 won) and Utrecht? no; Tokyo? no: one win.
    games = client.get("/api/v1/players/10001/games").json()["tournaments"]
    against = [g for t in games for g in t["games"] if g["opponent"]["id"] == 50001]
    assert [g["result"] for g in against] == ["win"]
    assert against[0]["own_discs"] == 36 and against[0]["opponent_discs"] == 28


def test_tournament_page_standings_follow_the_games(client: TestClient) -> None:
    listing = client.get("/api/v1/tournaments?name=paris").json()
    assert listing["total"] == 1
    tid = listing["tournaments"][0]["id"]
    text = client.get(f"/tournaments/{tid}").text
    rows = _rows(text, "standings")
    # Paris: 10001 won all three games; 120002 drew one and lost two.
    assert "TANAKA, Hiroshi" in rows[0] and ">3<" in rows[0]
    assert "VOS, Bram" in rows[-1] and ">0.5<" in rows[-1]
    assert text.count('class="winner"') == 8  # nine games, one draw
    original = client.get(f"/tournaments/{tid}/file")
    assert original.status_code == 200
    assert original.content.startswith(b"%%Tournament: Paris Open")


@pytest.mark.both_backends
def test_tournaments_sort_and_filter(client: TestClient) -> None:
    by_country = client.get("/api/v1/tournaments?sort=country&order=asc").json()
    # Issue 22: tournament countries in the players' code system (ISO 3166 alpha-3).
    assert [t["country"] for t in by_country["tournaments"]] == ["FRA", "JPN", "NLD"]
    by_date = client.get("/api/v1/tournaments").json()
    assert [t["start_date"] for t in by_date["tournaments"]] == [
        "2026-03-07",
        "2026-02-07",
        "2026-01-10",
    ]
    text = client.get("/tournaments?country=Japan").text
    assert len(_rows(text, "tournaments")) == 1


@pytest.mark.both_backends
def test_search_is_fuzzy_and_an_id_goes_to_the_player(client: TestClient) -> None:
    text = client.get("/search?q=dupnt").text
    assert "/players/50002" in text
    moved = client.get("/search?q=120001", follow_redirects=False)
    assert moved.status_code == 303 and moved.headers["location"] == "/players/120001"


def test_check_reports_the_broken_lines_and_stores_nothing(client: TestClient) -> None:
    before = client.get("/api/v1/tournaments").json()["total"]
    result = client.post(
        "/check", files={"upload": ("20260101_Broken.ELO", BROKEN.encode(), "text/plain")}
    )
    assert result.status_code == 200
    text = result.text
    assert "error[" in text
    assert re.search(r'class="line error" id="L3"', text)
    assert re.search(r'class="line error" id="L4"', text)
    assert client.get("/api/v1/tournaments").json()["total"] == before


def test_downloads(client: TestClient) -> None:
    assert "/downloads/joueurs.txt" in client.get("/downloads").text
    joueurs = client.get("/downloads/joueurs.txt").text
    listed = client.get("/api/v1/lists/latest/entries").json()["entries"]
    for entry in listed:
        assert re.search(rf"^\s*{entry['player_id']}\s.*%_<?{entry['rating']}>?\s*$", joueurs, re.M)
    csv = client.get(f"/downloads/lists/{LIST_DATES[-1]}.csv").text.splitlines()
    assert csv[0].startswith("rank,id,name") and len(csv) == len(PLAYERS) + 1
    zipped = client.get("/downloads/results-2026.zip")
    assert zipped.status_code == 200 and zipped.content[:2] == b"PK"


def test_api_entries_filter_and_page(client: TestClient) -> None:
    page = client.get("/api/v1/lists/latest/entries?country=NLD&limit=1").json()
    assert page["total"] == 2 and len(page["entries"]) == 1
    assert page["entries"][0]["country"] == "NLD"
    second = client.get("/api/v1/lists/latest/entries?country=NLD&limit=1&offset=1").json()
    assert second["entries"][0]["player_id"] != page["entries"][0]["player_id"]
    assert second["entries"][0]["rank"] > page["entries"][0]["rank"]


def test_list_data_has_etag_and_cache_control(client: TestClient) -> None:
    first = client.get("/api/v1/lists")
    assert "max-age" in first.headers["cache-control"]
    etag = first.headers["etag"]
    again = client.get("/api/v1/lists", headers={"If-None-Match": etag})
    assert again.status_code == 304
    gz = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert gz.headers.get("content-encoding") == "gzip"


def test_diff_and_explain(client: TestClient) -> None:
    diff = client.get("/api/v1/diff").json()
    assert diff["before"]["as_of"] == str(LIST_DATES[0])
    assert {g["name"] for g in diff["groups"]} >= {"movers", "newcomers", "dropped"}
    why = client.get("/api/v1/players/50002/explain").json()
    parts = why["new_games"] + why["aging"] + why["others"]
    assert abs(parts - (why["after"] - why["before"])) < 1e-6
    assert "Why did the rating" in client.get("/players/50002/why").text


def test_a_script_name_is_text_everywhere(client: TestClient) -> None:
    escaped = html.escape(EVIL, quote=False)
    urls = ["/", "/?c=FRA", "/players/50001", "/players/50002", "/search?q=script"]
    urls.append("/diff?movers=all")
    tid = client.get("/api/v1/tournaments?name=paris").json()["tournaments"][0]["id"]
    urls.append(f"/tournaments/{tid}")
    for url in urls:
        text = client.get(url).text
        assert EVIL not in text, url
        assert escaped in text, url
    api = client.get("/api/v1/players/50001").json()
    assert api["name"].startswith(EVIL)


def test_openapi_page(client: TestClient) -> None:
    assert client.get("/api/docs").status_code == 200
    paths = client.get("/api/v1/openapi.json").json()["paths"]
    assert "/api/v1/lists/{date}/entries" in paths and "/api/v1/tournaments" in paths


def test_only_published_lists_are_shown(client: TestClient) -> None:
    assert client.get(f"/?date={UNPUBLISHED}").status_code == 404
    assert f"Rating list as of {LIST_DATES[-1]}" in client.get("/").text
    dates = [item["as_of"] for item in client.get("/api/v1/lists").json()]
    assert dates == [str(d) for d in reversed(LIST_DATES)]
    history = client.get("/api/v1/players/50002/history").json()
    assert [h["as_of"] for h in history] == [str(d) for d in LIST_DATES]


def test_check_shows_a_latin1_file_as_decoded(client: TestClient) -> None:
    # "Café" in Latin-1 is the byte 0xE9: shown as the reader decodes it, not as U+FFFD
    data = (BROKEN.rstrip("\n") + "\n% Café Tournoi\n").encode("latin-1")
    result = client.post("/check", files={"upload": ("20260101_Cafe.ELO", data, "text/plain")})
    assert result.status_code == 200
    assert "Café Tournoi" in result.text and "\ufffd" not in result.text


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"PK\x03\x04\x14\x00\x00\x00" + b"\x00" * 40, "a zip archive"),
        (b"\x1f\x8b\x08\x00" + b"\x00" * 20, "a gzip archive"),
        (b"GIF89a\x00\x01\x00\x00", "a binary file"),
    ],
)
def test_check_says_in_one_message_that_a_file_is_not_text(
    client: TestClient, data: bytes, said: str
) -> None:
    result = client.post("/check", files={"upload": ("20260101_X.ELO", data, "text/plain")})
    assert result.status_code == 400
    assert f"expected a results file (.ELO text), got {said}" in result.text
    assert 'class="line' not in result.text  # one message, no listing of undecodable lines

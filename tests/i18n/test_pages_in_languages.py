"""Issue 36's acceptance over HTTP: ``/``, ``/live/N``, ``/td/N`` and a printed pairing sheet
answered in French and Japanese (``Accept-Language``) have ``<html lang>`` set and visible
text that differs from the English page in most words, Japanese script in the navigation;
the switch's cookie, the tournament's language, and the cache keeping languages apart."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ratinglist.i18n.catalogues import read_catalogue
from ratinglist.web.app import create_app
from tests.server.fixtures import EVIL, PLAYER_IDS, SURNAMES, seed_server, sign_in
from tests.web.site_fixture import PLAYERS, build_site_db

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
WORD = re.compile(r"[^\W\d_]{2,}")
NAME = "Open de Paris"
DATA = {
    w.lower()
    for w in WORD.findall(" ".join([*SURNAMES, EVIL, NAME, "Test Ratinglist", str(PLAYERS)]))
}
"""Words of the data (players' and the tournament's names): the same in every language."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, int]]:
    """A site with published lists and a running Othello tournament (round 1 paired, one
    result in, shown on /live), its director signed in."""
    folder: Path = tmp_path_factory.mktemp("languages")
    url = build_site_db(folder, f"sqlite:///{folder / 'site.db'}")
    seed_server(url)
    with TestClient(create_app(url)) as client:
        director = sign_in(client, "director")
        made = director.post(
            "/api/v1/td/tournaments",
            {"name": NAME, "country": "France", "start_date": "2026-11-21",
             "rounds": 3},
        )  # fmt: skip
        tid = int(made.json()["id"])  # type: ignore[attr-defined]
        director.post(
            f"/api/v1/td/tournaments/{tid}/players", {"players": [str(p) for p in PLAYER_IDS]}
        )
        director.post(f"/api/v1/td/tournaments/{tid}/rounds")
        page = client.get(f"/td/{tid}")
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
        seq = re.search(r'name="based_on" value="(\d+)"', page.text)
        assert csrf and seq
        shown = client.post(
            f"/td/{tid}/live",
            data={"csrf_token": csrf.group(1), "public": "yes", "based_on": seq.group(1)},
            follow_redirects=False,
        )
        assert shown.status_code == 303
        yield client, tid


def _visible(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def _words(html: str) -> set[str]:
    return {w.lower() for w in WORD.findall(_visible(html))} - DATA


def _nav(html: str) -> str:
    found = re.search(r'<header class="top">.*?<nav>(.*?)</nav>', html, re.S)
    assert found is not None
    return _visible(found.group(1))


def _pages(tid: int) -> tuple[str, ...]:
    return ("/", f"/live/{tid}", f"/td/{tid}", f"/td/{tid}/print/pairings")


@pytest.mark.parametrize("locale", ["fr", "ja"])
def test_pages_speak_the_browsers_language(site: tuple[TestClient, int], locale: str) -> None:
    client, tid = site
    for path in _pages(tid):
        english = client.get(path, headers={"Accept-Language": "en"})
        shown = client.get(path, headers={"Accept-Language": f"{locale},en;q=0.5"})
        assert english.status_code == shown.status_code == 200, path
        assert '<html lang="en">' in english.text, path
        assert f'<html lang="{locale}">' in shown.text, path
        assert shown.headers["content-language"] == locale
        assert "Accept-Language" in shown.headers["vary"] and "Cookie" in shown.headers["vary"]
        before, after = _words(english.text), _words(shown.text)
        changed = len(before - after) / len(before)
        assert changed > 0.5, f"{path}: only {changed:.0%} of the English words changed"
        if locale == "ja" and "/print/" not in path:
            assert JAPANESE.search(_nav(shown.text)), path
    sheet = client.get(f"/td/{tid}/print/pairings", headers={"Accept-Language": locale}).text
    head = {"fr": "<th>Noir", "ja": "<th>黒"}[locale]
    assert head in sheet.replace(' class="n"', "")


def test_the_switch_is_kept_in_a_cookie_and_wins_over_the_browser(
    site: tuple[TestClient, int],
) -> None:
    client, tid = site
    page = client.get("/", headers={"Accept-Language": "fr"})
    links = re.findall(r'<a href="([^"]+)" lang="(\w+)" hreflang', page.text)
    assert {code for _, code in links} == {"en", "ja"}  # French is the current one
    switched = client.get(dict((c, u) for u, c in links)["ja"].replace("&amp;", "&"))
    assert 'lang="ja"' in switched.text and "lang=ja" in switched.headers["set-cookie"]
    kept = client.get(f"/live/{tid}", headers={"Accept-Language": "fr"})
    assert '<html lang="ja">' in kept.text
    client.cookies.delete("lang")
    assert '<html lang="fr">' in client.get("/", headers={"Accept-Language": "fr"}).text


def test_the_cache_never_serves_one_language_to_another(site: tuple[TestClient, int]) -> None:
    client, _ = site
    client.cookies.delete("lang")
    for locale in ("en", "fr", "ja", "en", "ja", "fr"):
        page = client.get("/tournaments", headers={"Accept-Language": locale})
        assert f'<html lang="{locale}">' in page.text
    etags = {
        loc: client.get("/tournaments", headers={"Accept-Language": loc}).headers["etag"]
        for loc in ("en", "fr", "ja")
    }
    assert len(set(etags.values())) == 3
    again = client.get(
        "/tournaments", headers={"Accept-Language": "fr", "If-None-Match": etags["en"]}
    )
    assert again.status_code == 200 and '<html lang="fr">' in again.text


def test_the_tournaments_language_speaks_on_its_pages_unless_the_visitor_chose(
    site: tuple[TestClient, int],
) -> None:
    client, tid = site
    client.cookies.delete("lang")
    page = client.get(f"/td/{tid}")
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert csrf and 'id="tournament-language"' in page.text
    set_to = client.post(
        f"/td/{tid}/language", data={"csrf_token": csrf.group(1), "language": "ja"},
        follow_redirects=False,
    )  # fmt: skip
    assert set_to.status_code == 303
    for path in (f"/td/{tid}", f"/live/{tid}", f"/td/{tid}/print/pairings"):
        assert '<html lang="ja">' in client.get(path).text, path
        assert '<html lang="ja">' in client.get(path, headers={"Accept-Language": "fr"}).text
    assert '<html lang="fr">' in client.get(f"/live/{tid}?lang=fr").text  # the visitor's
    client.cookies.delete("lang")
    assert '<html lang="en">' in client.get("/").text  # only the tournament's pages
    refused = client.post(
        f"/td/{tid}/language", data={"csrf_token": csrf.group(1), "language": "klingon"},
        follow_redirects=True,
    )  # fmt: skip
    entry = read_catalogue("ja").get("expected a language among %(locales)s, got %(text)r")
    assert entry is not None and isinstance(entry.string, str)  # refused in its language
    said = entry.string % {"locales": "en, fr, ja", "text": "klingon"}
    assert said.replace("'", "&#39;") in refused.text
    back = client.post(
        f"/td/{tid}/language", data={"csrf_token": csrf.group(1), "language": "en"},
        follow_redirects=False,
    )  # fmt: skip
    assert back.status_code == 303

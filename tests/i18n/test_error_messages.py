"""Issue 36, item 1: the errors of real service calls (and a page's notice) come back in
the reader's language through both the HTML page and the API's ``message`` field. The
expected texts are the catalogue's own entries (read from the ``.po`` files), filled with the
values the rules give (round 1 of 16 players has 8 tables, none with a result)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from html import unescape
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from fastapi.testclient import TestClient

from ratinglist.i18n.catalogues import read_catalogue
from ratinglist.service.actor import SYSTEM
from ratinglist.service.databases import open_database
from ratinglist.service.tournaments.lifecycle import show_on_live
from ratinglist.service.tournaments.players_side.codes import ensure_codes
from ratinglist.service.tournaments.players_side.settings import set_reporting
from ratinglist.web.app import create_app
from tests.server.fixtures import PLAYER_IDS, seed_server, sign_in

LOCALES = ("fr", "ja")
UNPAIRED = (
    "expected every result of round %(number)s before pairing round %(round)s, got "
    "%(missing)s missing"
)
BAD_SCORE = "expected a disc score such as 40-24 or 40 24, got %(score)r"
NO_TABLE = "expected a table of round %(number)s (1-%(count)s), got table %(table)s"
NOT_YOURS = (
    "expected a result of your own game, got table %(table)s of round %(number)s, where you "
    "do not play"
)
NOT_ALLOWED = "expected a user allowed to %(what)s, got %(name)s"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str, int]]:
    """An Othello tournament of 16 players, round 1 paired without results, shown on /live
    with player reporting on; the client signed in as its director."""
    folder: Path = tmp_path_factory.mktemp("errors")
    url = f"sqlite:///{folder / 'errors.db'}"
    seed_server(url)
    with TestClient(create_app(url)) as client:
        director = sign_in(client, "director")
        made = director.post(
            "/api/v1/td/tournaments",
            {"name": "Open", "country": "France", "start_date": "2026-11-21", "rounds": 3},
        )
        tid = int(made.json()["id"])  # type: ignore[attr-defined]
        director.post(
            f"/api/v1/td/tournaments/{tid}/players", {"players": [str(p) for p in PLAYER_IDS]}
        )
        director.post(f"/api/v1/td/tournaments/{tid}/rounds")
        store = open_database(url)
        show_on_live(store, tid, True, SYSTEM)
        set_reporting(store, tid, True, SYSTEM)
        yield client, url, tid


def _catalogue(locale: str) -> Catalog:
    return read_catalogue(locale)


def _entry(catalogue: Catalog, msgid: str) -> str:
    message = catalogue.get(msgid)
    assert message is not None and message.string, f"{msgid!r} not translated"
    assert isinstance(message.string, str)
    return message.string


def expected(locale: str, msgid: str, terms: tuple[str, ...] = (), **values: object) -> str:
    """The catalogue's entry for `msgid` in `locale` filled with `values`, those named in
    `terms` being catalogue entries themselves."""
    catalogue = _catalogue(locale)
    filled = {k: _entry(catalogue, str(v)) if k in terms else v for k, v in values.items()}
    text = _entry(catalogue, msgid) % filled
    assert text != msgid % values, f"{msgid!r} is the same in {locale}"
    return text


def _api_message(response: object) -> str:
    body = response.json()  # type: ignore[attr-defined]
    return str(body["error"]["message"])


@pytest.mark.parametrize("locale", LOCALES)
def test_api_messages_in_the_readers_language(
    served: tuple[TestClient, str, int], locale: str
) -> None:
    client, _url, tid = served
    director = sign_in(client, "director")
    client.headers["Accept-Language"] = locale
    try:
        paired = director.post(f"/api/v1/td/tournaments/{tid}/rounds")
        score = director.post(
            f"/api/v1/td/tournaments/{tid}/results", {"round": 1, "table": 1, "score": "abc"}
        )
        table = director.post(
            f"/api/v1/td/tournaments/{tid}/results", {"round": 1, "table": 99, "score": "40-24"}
        )
    finally:
        del client.headers["Accept-Language"]
    assert paired.status_code == 409  # type: ignore[attr-defined]
    assert _api_message(paired) == expected(locale, UNPAIRED, number=1, round=2, missing=8)
    assert score.status_code == 400  # type: ignore[attr-defined]
    assert _api_message(score) == expected(locale, BAD_SCORE, score="abc")
    assert _api_message(table) == expected(locale, NO_TABLE, number=1, count=8, table=99)
    english = director.post(f"/api/v1/td/tournaments/{tid}/rounds")
    assert _api_message(english) == UNPAIRED % {"number": 1, "round": 2, "missing": 8}


@pytest.mark.parametrize("locale", LOCALES)
def test_a_players_code_on_another_table_is_refused_in_their_language(
    served: tuple[TestClient, str, int], locale: str
) -> None:
    client, url, tid = served
    store = open_database(url)
    codes = {int(c.player.id): c.code for c in ensure_codes(store, tid)}
    sign_in(client, "director")
    tables = client.get(f"/api/v1/td/tournaments/{tid}/rounds/1").json()["tables"]
    player = int(tables[0]["black"]["id"])
    other = next(t["table"] for t in tables if player not in (t["black"]["id"], t["white"]["id"]))
    body = {"round": 1, "table": other, "score": "40-24", "code": codes[player]}
    refused = client.post(
        f"/api/v1/live/{tid}/results", json=body, headers={"Accept-Language": locale}
    )
    assert refused.status_code == 403
    assert _api_message(refused) == expected(locale, NOT_YOURS, table=other, number=1)


def _shown(html: str, pattern: str) -> str:
    """The text of `pattern`'s group on the page (unescaped), which must be there."""
    found = re.search(pattern, html, re.S)
    assert found is not None, f"no {pattern!r} on the page"
    return unescape(found.group(1)).strip()


@contextmanager
def _reading_in(client: TestClient, locale: str) -> Iterator[None]:
    """`client` reads the pages in `locale` (the ``lang`` cookie) until the block ends."""
    client.cookies.set("lang", locale)
    try:
        yield
    finally:
        client.cookies.delete("lang")


ALERT = r'<p class="conflict" role="alert">(.*?)</p>'
NOTICE = r'<p class="notice" role="status">(.*?)</p>'


@pytest.mark.parametrize("locale", LOCALES)
def test_pages_show_refusals_in_the_readers_language(
    served: tuple[TestClient, str, int], locale: str
) -> None:
    client, _url, tid = served
    sign_in(client, "director")
    with _reading_in(client, locale):
        page = client.get(f"/td/{tid}")
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
        assert csrf is not None
        sent = client.post(
            f"/td/{tid}/pair", data={"csrf_token": csrf.group(1)}, follow_redirects=False
        )
        assert sent.status_code == 303
        shown = client.get(sent.headers["location"])
        assert _shown(shown.text, ALERT) == expected(locale, UNPAIRED, number=1, round=2, missing=8)
        seq = re.search(r'name="based_on" value="(\d+)"', shown.text)
        assert seq is not None
        again = client.post(
            f"/td/{tid}/live",
            data={"csrf_token": csrf.group(1), "public": "yes", "based_on": seq.group(1)},
        )
        assert _shown(again.text, NOTICE) == expected(locale, "already shown on /live")
        client.cookies.clear()
        sign_in(client, "nobody")
        client.cookies.set("lang", locale)
        refused = client.get(f"/td/{tid}")
    assert refused.status_code == 403
    text = unescape(re.sub(r"<[^>]+>", " ", refused.text))
    wanted = expected(
        locale,
        NOT_ALLOWED,
        terms=("what",),
        what="enter results of this tournament",
        name="nobody",
    )
    assert wanted in " ".join(text.split())


EMPTY = "%(name)r has no game with a result: an empty tournament is not sent to the rating officer."


@pytest.mark.parametrize("locale", LOCALES)
def test_confirmation_pages_in_the_readers_language(
    served: tuple[TestClient, str, int], locale: str
) -> None:
    client, _url, tid = served
    sign_in(client, "director")
    with _reading_in(client, locale):
        empty = client.get(f"/td/{tid}/submit")
        withdraw = client.get(f"/td/{tid}/withdraw", params={"player": PLAYER_IDS[0]})
    assert empty.status_code == 400
    question = r'id="confirm-question">(.*?)</p>'
    assert _shown(empty.text, question) == expected(locale, EMPTY, name="Open")
    assert withdraw.status_code == 200
    button = r'id="confirm".*?<button type="submit">(.*?)</button>'
    assert _shown(withdraw.text, button) == expected(locale, "Yes, withdraw")
    asked = _shown(withdraw.text, question)
    before, _, after = _entry(_catalogue(locale), WITHDRAW).partition("%(name)s")
    assert asked.startswith(before) and asked.endswith(after % {"n": 2}), asked


WITHDRAW = "Withdraw %(name)s from round %(n)s on? They will not be paired again."

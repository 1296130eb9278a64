"""The exact requests the route probe (`tests/web/test_route_robustness.py`) found
answered with a 500, each with the answer it gets now: a tournament number that is not a
number, a number past any database column (PostgreSQL's hold 32 bits), a NUL in a public
address, a seed past 32 bits, a Go komi of NaN, a player number of 5,000 digits, a CSRF token
in Unicode; and what every refusal carries: a message in the reader's words, the security
headers (a 500 too), a 405's Allow."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ratinglist.model.ids import LARGEST_KEY, fits_a_key
from ratinglist.web import views
from ratinglist.web.app import create_app
from ratinglist.web.paths import names_nothing
from tests.server.fixtures import PASSWORD, sign_in
from tests.web.routes import check_security_headers

HUGE = "9" * 30
"""A number no SQLite or PostgreSQL integer column holds (the driver refused to bind it)."""


@pytest.fixture
def loose_client(server_url: str) -> Iterator[TestClient]:
    """A client that gets the app's 500 answers instead of the exception behind them."""
    with TestClient(create_app(server_url), raise_server_exceptions=False) as client:
        yield client


def test_a_tournament_number_that_is_not_a_number_is_a_400(app_client: TestClient) -> None:
    """The role check read ``{tid}`` before FastAPI did: ``int("abc")`` raised (500)."""
    director = sign_in(app_client, "director")
    api = app_client.get("/api/v1/td/tournaments/abc")
    assert api.status_code == 400
    assert api.json()["error"]["message"] == "expected a tournament number, got 'abc'"
    page = app_client.get("/td/1.5/standings")
    assert page.status_code == 400
    assert "expected a tournament number, got &#39;1.5&#39;" in page.text
    write = director.post("/api/v1/td/tournaments/x/rounds")
    assert write.status_code == 400  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "path",
    [
        f"/td/{HUGE}",
        f"/live/{HUGE}",
        f"/api/v1/td/tournaments/{HUGE}",
        f"/intake/{HUGE}",
        f"/publishing/jobs/{HUGE}",
        f"/td/{LARGEST_KEY + 1}/standings",
        f"/td/{LARGEST_KEY}",  # the largest a column holds: looked up, and not there
        "/players/" + "9" * 5000,  # int() refuses 4,300 digits and more (ValueError)
    ],
)
def test_a_number_past_any_column_is_a_404(app_client: TestClient, path: str) -> None:
    """SQLite's driver refused to bind a number past 64 bits (OverflowError: 500)."""
    sign_in(app_client, "admin")
    _is_not_found(app_client.get(path))


@pytest.mark.both_backends
def test_what_postgresql_refuses_in_an_address_is_a_404(app_client: TestClient) -> None:
    """PostgreSQL's integer columns hold 32 bits ("integer out of range") and its texts no
    NUL (the stored pages are looked up by address): 500 on PostgreSQL only."""
    sign_in(app_client, "admin")
    for path in ("/td/1000000000000", "/live/2147483648/print/pairings", "/tournaments%00"):
        _is_not_found(app_client.get(path))
    _is_not_found(app_client.get("/static/%00"))


def _is_not_found(answer: Any) -> None:
    assert answer.status_code == 404, (answer.url, answer.text[:300])
    if answer.url.path.startswith("/api/"):
        assert answer.json()["error"]["code"] == "not_found"
    else:
        assert '<section class="error">' in answer.text


def test_a_number_past_any_column_names_no_tournament_in_a_body(app_client: TestClient) -> None:
    officer = sign_in(app_client, "officer")
    body = {"tournament": int(HUGE), "temporary": "NEW1"}
    answer = officer.post("/api/v1/registry/temporary-ids", body)
    assert answer.status_code == 404  # type: ignore[attr-defined]
    form = app_client.post(
        "/registry/temporary",
        data={"tournament": HUGE, "temporary": "NEW1", "csrf_token": officer.csrf},
        follow_redirects=False,
    )
    assert form.status_code < 500


def test_the_column_bound_is_the_signed_32_bit_one() -> None:
    assert LARGEST_KEY == 2_147_483_647  # PostgreSQL's INTEGER (SQLite's holds 64 bits)
    assert fits_a_key(LARGEST_KEY) and fits_a_key(-LARGEST_KEY - 1)
    assert not fits_a_key(LARGEST_KEY + 1) and not fits_a_key(-LARGEST_KEY - 2)
    assert names_nothing(f"/td/{LARGEST_KEY + 1}/rounds/1")
    assert not names_nothing(f"/td/{LARGEST_KEY}/rounds/1")
    assert not names_nothing("/downloads/lists/2026-03-31.csv")
    assert not names_nothing("/td/١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦٧٨٩٠")  # Arabic-Indic digits: not ours
    assert not names_nothing("/td/" + "0" * 20 + "5")  # leading zeros: number 5
    assert names_nothing("/players/" + "9" * 5000)  # past Python's 4,300 digits for int()


@pytest.mark.parametrize("komi", ["NaN", "1e309", "-inf"])
def test_a_komi_that_is_no_number_is_a_400(app_client: TestClient, komi: str) -> None:
    """Go's settings check took int() of NaN or infinity (ValueError, OverflowError: 500)."""
    director = sign_in(app_client, "director")
    made = director.post(
        "/api/v1/td/tournaments",
        {"name": "Komi", "country": "FR", "start_date": "2026-11-21", "rounds": 3, "game": "go"},
    )
    tid = made.json()["id"]  # type: ignore[attr-defined]
    answer = director.post(f"/api/v1/td/tournaments/{tid}/settings", {"komi": komi})
    assert answer.status_code == 400  # type: ignore[attr-defined]
    message = answer.json()["error"]["message"]  # type: ignore[attr-defined]
    assert message == f"expected a komi in half points such as 7.5 or 0.5, got '{komi}'"


def test_a_seed_past_32_bits_is_a_400(app_client: TestClient) -> None:
    """The seed reached the database's integer column (OverflowError: 500)."""
    director = sign_in(app_client, "director")
    new = {"name": "Seeded", "country": "France", "start_date": "2026-11-21"}
    answer = director.post("/api/v1/td/tournaments", {**new, "seed": int(HUGE)})
    assert answer.status_code == 400  # type: ignore[attr-defined]
    assert answer.json()["error"]["message"] == (  # type: ignore[attr-defined]
        f"expected a seed of at most {LARGEST_KEY}, got {HUGE}"
    )
    largest = director.post("/api/v1/td/tournaments", {**new, "seed": LARGEST_KEY})
    assert largest.status_code == 201  # type: ignore[attr-defined]


def test_a_player_number_of_5000_digits_is_refused(app_client: TestClient) -> None:
    """The registry's search took int() of it (ValueError past 4,300 digits: 500)."""
    director = sign_in(app_client, "director")
    new = {"name": "Digits", "country": "France", "start_date": "2026-11-21"}
    tid = director.post("/api/v1/td/tournaments", new).json()["id"]  # type: ignore[attr-defined]
    api = director.post(f"/api/v1/td/tournaments/{tid}/players", {"players": ["9" * 5000]})
    assert api.status_code == 400  # type: ignore[attr-defined]
    form = {"players": "9" * 5000, "csrf_token": director.csrf}
    page = app_client.post(f"/td/{tid}/players", data=form, follow_redirects=False)
    assert page.status_code in (303, 400)


def test_a_csrf_token_in_unicode_is_a_403(app_client: TestClient) -> None:
    """``secrets.compare_digest`` refuses non-ASCII text (TypeError: 500 before)."""
    app_client.get("/login")
    login = app_client.post(
        "/login", data={"username": "director", "password": PASSWORD, "csrf_token": "é漢字"}
    )
    assert login.status_code == 403
    app_client.get("/reset?token=x")
    reset = app_client.post(
        "/reset", data={"token": "x", "password": "a" * 12, "again": "a" * 12, "csrf_token": "é"}
    )
    assert reset.status_code == 403
    sign_in(app_client, "director")
    in_header = app_client.post(
        "/api/v1/td/tournaments", json={}, headers={"X-CSRF-Token": "é".encode("latin-1")}
    )
    assert in_header.status_code == 403
    in_form = app_client.post("/td/new", data={"csrf_token": "é漢字"}, follow_redirects=False)
    assert in_form.status_code == 403


def test_a_500_carries_the_security_headers(
    loose_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Starlette answers an unexpected error outside every middleware."""

    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("/work/secret/path")

    monkeypatch.setattr(views.api, "search", broken)
    answer = loose_client.get("/api/v1/players?q=DUBOIS")
    assert answer.status_code == 500
    assert answer.json()["error"]["message"] == "the server failed; this is a bug"
    assert "/work/" not in answer.text
    check_security_headers("/api/v1/players", answer.headers)


def test_the_frameworks_refusals_speak_our_words(app_client: TestClient) -> None:
    wrong_method = app_client.delete("/api/v1/login")
    assert wrong_method.status_code == 405
    assert wrong_method.headers["allow"] == "POST"
    assert wrong_method.json()["error"]["message"] == (
        "expected a request by POST at /api/v1/login, got DELETE"
    )
    unreadable = app_client.post(
        "/api/v1/login",
        content=b'{"username": "\xff", "password": "x"}',
        headers={"content-type": "application/json"},
    )
    assert unreadable.status_code == 400
    assert unreadable.json()["error"]["message"].startswith("expected a body that can be read")
    not_json = app_client.post(
        "/api/v1/login", content=b"{", headers={"content-type": "application/json"}
    )
    assert not_json.status_code == 400
    assert not_json.json()["error"]["message"] == (
        "expected valid parameters, got body: expected JSON, got text that is not (at character 1)"
    )


def test_a_refused_value_is_quoted_back_cut_short(app_client: TestClient) -> None:
    answer = app_client.get("/api/v1/players/" + "x" * 3000)
    message = answer.json()["error"]["message"]
    assert answer.status_code == 400 and "'xxxxxxxx" in message
    assert len(message) < 300 and message.endswith("…")

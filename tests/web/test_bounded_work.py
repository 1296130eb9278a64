"""Bounded work per anonymous request (issue 31, item 2): `/check` answers the first
diagnostics and a count, never the whole of a huge file; work past the server's budget is
stopped and answered 503 with a clear message (the `/check` child process killed); the
budget is a setting."""

from __future__ import annotations

import multiprocessing
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ratinglist.errors import InputError
from ratinglist.service.serving import parse_budget
from ratinglist.service.site_check import LINE_CHARS, SHOWN
from ratinglist.web.app import create_app
from ratinglist.web.budget import OverBudget, run_in_child, run_within
from tests.waiting import HANG_S

GAME = "50001 (40)>>(24) 50002 B\n"
"""A game line with a doubled result sign: one error at least, by the format's rules."""
HEADER = "%%Tournament: Many\n%%Country: France\n%%Date: 14/11/2026\n"


@pytest.fixture(scope="module")
def empty_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A client of a new (empty) site: `/check` reads no database."""
    url = f"sqlite:///{tmp_path_factory.mktemp('bounded') / 'site.db'}"
    with TestClient(create_app(url)) as client:
        yield client


def _check(client: TestClient, data: bytes) -> tuple[int, str]:
    answer = client.post("/check", files={"upload": ("20261114_Many.ELO", data, "text/plain")})
    return answer.status_code, answer.text


def test_check_shows_the_first_diagnostics_and_counts_the_rest(empty_site: TestClient) -> None:
    broken = 5000
    status, page = _check(empty_site, (HEADER + GAME * broken).encode())
    assert status == 200
    heading = re.search(r"(\d+) error\(s\), (\d+) warning\(s\), (\d+) note\(s\)", page)
    assert heading
    total = sum(int(n) for n in heading.groups())
    assert total >= broken  # every broken line counted, shown or not
    shown = re.findall(r'<li class="(?:error|warning|note)">', page)
    assert len(shown) == SHOWN
    assert f"{total - SHOWN:,} more not shown" in page
    assert "ratinglist check FILE" in page
    # the lines shown are those of the shown diagnostics (and a few around them), not 5000
    lines = re.findall(r'<span class="line[^"]*" id="L(\d+)"', page)
    assert 0 < len(lines) < 2 * SHOWN
    assert len(page) < 200_000


def test_check_clips_a_huge_line(empty_site: TestClient) -> None:
    long_line = "x" * 900_000
    status, page = _check(empty_site, (HEADER + GAME + long_line + "\n").encode())
    assert status == 200
    assert "x" * (LINE_CHARS + 1) not in page
    assert f"{900_000 - LINE_CHARS:,} more characters" in page
    assert len(page) < 100_000


def test_a_small_file_is_shown_whole(empty_site: TestClient) -> None:
    status, page = _check(empty_site, (HEADER + GAME + "% a comment\n").encode())
    assert status == 200
    assert re.findall(r'id="L(\d+)"', page) == [str(n) for n in range(1, 6)]
    assert "more not shown" not in page


def test_check_past_the_budget_is_stopped_and_answered_503(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'site.db'}"
    # about 900 KB of game lines: no reader checks them in 50 ms
    data = (HEADER + GAME * 36_000).encode()
    with TestClient(create_app(url, work_budget_s=0.05)) as client:
        began = time.monotonic()
        status, page = _check(client, data)
        assert time.monotonic() - began < 5
        assert status == 503
        assert "expected checking the file to finish within 0.05 s" in page
        answer = client.post(
            "/api/v1/login", json={"username": "nobody", "password": "x"}
        )  # the worker goes on answering
        assert answer.status_code in (400, 401)
    assert multiprocessing.active_children() == []  # the child was killed and reaped


def _slow(seconds: float) -> str:
    time.sleep(seconds)
    return "done"


def _refuse() -> None:
    raise InputError("expected something else, got this")


def test_run_in_child_returns_the_value_or_our_error_and_kills_past_the_budget() -> None:
    assert run_in_child("sleeping", 5, _slow, 0.01) == "done"
    with pytest.raises(InputError, match="expected something else"):
        run_in_child("refusing", 5, _refuse)
    began = time.monotonic()
    with pytest.raises(OverBudget, match=r"expected sleeping to finish within 0\.2 s"):
        run_in_child("sleeping", 0.2, _slow, 30)
    assert time.monotonic() - began < 30  # answered before the work would have ended
    assert multiprocessing.active_children() == []


def _slow_then_set(seconds: float, done: threading.Event) -> str:
    time.sleep(seconds)
    done.set()
    return "done"


def test_run_within_answers_at_the_budget() -> None:
    assert run_within("sleeping", 5, _slow, 0.01) == "done"
    done = threading.Event()
    with pytest.raises(OverBudget, match=r"within 0\.1 s"):
        run_within("sleeping", 0.1, _slow_then_set, 5, done)
    assert not done.is_set()  # answered while the work still ran


@pytest.mark.both_backends
def test_search_and_why_past_the_budget_answer_503(
    site_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    finished: list[str] = []

    def slow(*_args: object) -> None:  # a search or a fit that ends only when released
        release.wait(HANG_S)
        finished.append("work")

    for module in ("lists", "api", "players"):
        for name in ("search", "explain_player"):
            monkeypatch.setattr(f"ratinglist.web.views.{module}.{name}", slow, raising=False)
    with TestClient(create_app(site_db, work_budget_s=0.2)) as client:
        searched = client.get("/search?q=dupont")
        assert searched.status_code == 503 and "the player search" in searched.text
        api = client.get("/api/v1/players?q=dupont")
        assert api.status_code == 503 and api.headers["retry-after"] == "30"
        assert api.json()["error"]["code"] == "unavailable"
        why = client.get("/players/50002/why")
        assert why.status_code == 503 and "explaining the rating change" in why.text
        assert finished == []  # answered at the budget, while the work still ran
        release.set()


@pytest.mark.parametrize("text", ["0", "-1", "abc", "nan", "601", ""])
def test_a_budget_is_a_number_of_seconds(text: str) -> None:
    with pytest.raises(InputError, match="expected a work budget in seconds"):
        parse_budget(text)
    assert parse_budget("2.5") == 2.5

"""Uploads on the director's home page (issue 34 item 4): an OpenGotha XML stored as a new
tournament the uploader directs, a rating list stored for the registration search; a bad
file comes back with its problem, named by file and line; nothing half-stored.

Expected values from the real files and their provenance (PROVENANCE.md): the Tournoi de
Juvisy has 19 players and 4 rounds; the EGF sample list holds 10 players, among them
``13633719 Aagren Thomas``."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from tests.server.fixtures import sign_in
from tests.server.test_td_pages import _csrf, _sign_in_form


def test_an_opengotha_file_becomes_a_tournament(app_client: TestClient, real_data: Path) -> None:
    _sign_in_form(app_client, "director")
    home = app_client.get("/td")
    assert 'id="import-opengotha"' in home.text and 'enctype="multipart/form-data"' in home.text
    juvisy = real_data / "go" / "opengotha" / "Tournoi_de_Juvisy.xml"
    done = app_client.post(
        "/td/import-opengotha",
        data={"csrf_token": _csrf(home.text)},
        files={"upload": (juvisy.name, juvisy.read_bytes(), "application/xml")},
        follow_redirects=False,
    )
    assert done.status_code == 303, done.text
    where = done.headers["location"]
    page = app_client.get(where)
    assert page.status_code == 200  # the uploader directs it
    assert re.search(r"imported [^:<]+: 19 players, 4 rounds", page.text)
    # a broken file: its name and line, nothing stored
    before = app_client.get("/td").text.count('href="/td/')
    broken = juvisy.read_bytes()[:2000]
    refused = app_client.post(
        "/td/import-opengotha",
        data={"csrf_token": _csrf(home.text)},
        files={"upload": ("broken.xml", broken, "application/xml")},
    )
    assert refused.status_code == 400
    assert re.search(r"broken\.xml:\d+", refused.text), refused.text[-800:]
    assert refused.text.count('href="/td/') == before
    wrong = app_client.post(
        "/td/import-opengotha",
        data={"csrf_token": _csrf(home.text)},
        files={"upload": ("list.txt", b"x", "text/plain")},
    )
    assert wrong.status_code == 400 and "expected an OpenGotha tournament file (.xml)" in wrong.text


def test_a_rating_list_for_the_registration_search(app_client: TestClient, real_data: Path) -> None:
    _sign_in_form(app_client, "director")
    home = app_client.get("/td")
    sample = real_data / "go" / "opengotha-rgf" / "egf_rl.txt"
    done = app_client.post(
        "/td/rating-lists",
        data={"csrf_token": _csrf(home.text), "origin": "egf"},
        files={"upload": (sample.name, sample.read_bytes(), "text/plain")},
    )
    assert done.status_code == 200, done.text[-800:]
    assert re.search(r"stored the EGF list [^:<]*: 10 players", done.text)
    director = sign_in(app_client, "director")
    body = {"name": "List Go", "country": "FR", "start_date": "2026-11-21", "game": "go"}
    made = director.post("/api/v1/td/tournaments", body)
    tid = made.json()["id"]  # type: ignore[attr-defined]
    hits = app_client.get(f"/api/v1/td/tournaments/{tid}/list-players?q=Aagren").json()
    assert (hits["hits"][0]["number"], hits["hits"][0]["surname"]) == ("13633719", "Aagren")
    empty = app_client.post(
        "/td/rating-lists",
        data={"csrf_token": director.csrf},
        files={"upload": ("empty.txt", b"", "text/plain")},
    )
    assert empty.status_code == 400 and "empty.txt: expected a rating list" in empty.text

"""The ``.h9`` export options on the web (issue 34 item 4): the director's page offers the
game's options (EGD PINs, by-default games dropped) as a download form, the same service
call as ``tournament export --h9 --drop-by-default``. Expected lines from GO.md section g: a
by-default game is written ``1+!``/``2-!``, dropped it reads ``      0=``."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.server.fixtures import sign_in


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def test_the_h9_options_on_the_director_s_page(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    body = {"name": "Options Go", "country": "FR", "start_date": "2026-11-21", "rounds": 2,
            "game": "go"}  # fmt: skip
    tid = int(_json(director.post("/api/v1/td/tournaments", body), 201)["id"])
    new = [{"surname": n, "firstname": "A", "rank": "2d"} for n in ("Dupont", "Martin")]
    _json(director.post(f"/api/v1/td/tournaments/{tid}/entries", {"new": new}), 201)
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    body = {"round": 1, "table": 1, "score": "1-0!"}
    _json(director.post(f"/api/v1/td/tournaments/{tid}/results", body), 201)
    page = app_client.get(f"/td/{tid}").text
    form = re.search(r'<form method="get" action="([^"]+)"[^>]*id="export-options-h9">(.*?)</form>',
                     page, re.S)  # fmt: skip
    assert form is not None
    assert re.findall(r'name="option" value="([^"]+)"', form.group(2)) == [
        "egd-pins",
        "drop-by-default",
    ]
    kept = app_client.get(form.group(1)).text
    rows = [x for x in kept.splitlines() if not x.startswith(";")]
    assert len(rows) == 2 and all(re.search(r" [12][+-]!", x) for x in rows)
    dropped = app_client.get(form.group(1), params={"option": "drop-by-default"}).text
    gone = [x for x in dropped.splitlines() if not x.startswith(";")]
    assert all("      0=" in x and "!" not in x for x in gone)
    api = app_client.get(f"/api/v1/td/tournaments/{tid}/export/h9?option=drop-by-default")
    assert api.status_code == 200 and api.text == dropped
    bad = app_client.get(form.group(1), params={"option": "colour"})
    assert bad.status_code == 400 and "expected export options among" in bad.text
    # no command-line flag in the director's page
    assert not re.search(r"\s--[a-z]", re.sub(r"<!--.*?-->", "", page, flags=re.S))

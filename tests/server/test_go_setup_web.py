"""The set-up page of a Go tournament (issue 34 item 4): absences, forbidden pairs and the
last day, through the same service calls as ``tournament absent``, ``forbid`` and
``end-date``; the pairing then keeps them (GO.md b: a player not participating in a round is
not paired; a forbidden pair is never paired)."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.server.fixtures import Signed, sign_in
from tests.server.test_td_pages import _csrf

RANKS = (("Dupont", "5d"), ("Martin", "3d"), ("Petit", "5k"), ("Durand", "9k"),
         ("Leroy", "12k"), ("Moreau", "2d"))  # fmt: skip
"""Players 1-6 in entry order."""


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _go(director: Signed) -> int:
    body = {"name": "Setup Go", "country": "FR", "start_date": "2026-11-21", "rounds": 3,
            "game": "go", "system": "mcmahon", "bar": "4d", "floor": "20k"}  # fmt: skip
    tid = int(_json(director.post("/api/v1/td/tournaments", body), 201)["id"])
    new = [{"surname": n, "firstname": "A", "rank": r} for n, r in RANKS]
    _json(director.post(f"/api/v1/td/tournaments/{tid}/entries", {"new": new}), 201)
    return tid


def _post(client: TestClient, tid: int, what: str, status: int = 200, **data: str) -> str:
    page = client.get(f"/td/{tid}/setup")
    assert page.status_code == 200, page.text[-500:]
    done = client.post(f"/td/{tid}/setup/{what}", data={"csrf_token": _csrf(page.text), **data})
    assert done.status_code == status, done.text[-800:]
    return done.text


def test_the_go_set_up_page_and_the_pairing_that_keeps_it(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _go(director)
    home = app_client.get(f"/td/{tid}")
    assert f'href="/td/{tid}/setup"' in home.text
    page = app_client.get(f"/td/{tid}/setup")
    assert page.status_code == 200
    assert "Dupont, A" in page.text and 'id="forbidden"' in page.text
    assert 'id="entry"' not in page.text  # Othello's late entries with class flags
    done = _post(app_client, tid, "forbidden", first="1", second="6")
    assert "Dupont, A and Moreau, A are never paired together" in done
    assert re.search(r"Dupont, A – Moreau, A: never paired together", done)
    done = _post(app_client, tid, "absence", player="3", round="1")
    assert "Petit, A absent in round 1" in done
    assert re.search(r'id="absent-next">[^<]*Petit, A', done)
    done = _post(app_client, tid, "end-date", end="2026-11-22")
    assert (
        "last day: 2026-11-22" in done
        and "2026-11-21 – 2026-11-22" in app_client.get(f"/td/{tid}").text
    )
    refused = _post(app_client, tid, "end-date", 400, end="2026-11-20")
    assert "on or after the first day" in refused
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    shown = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/rounds/1"), 200)
    pairs = {frozenset((t["black"]["id"], t["white"]["id"])) for t in shown["tables"]}
    seated = {p for pair in pairs for p in pair}
    assert frozenset((1, 6)) not in pairs
    assert 3 not in seated and len(seated) == 4  # 5 playing: one bye, Petit absent
    # the round page links the pairing report, whose concerns come before the costs
    assert f'href="/td/{tid}/rounds/1/report"' in app_client.get(f"/td/{tid}/rounds/1").text
    report = app_client.get(f"/td/{tid}/rounds/1/report").text
    assert report.index('id="report-concerns"') < report.index('id="report-pairs"')
    assert "Petit, A is not paired" not in report  # absent: not due to play
    # ranks on the pairing list and the slips, a handicap column on the round page
    rank = dict(RANKS)
    slips = app_client.get(f"/td/{tid}/print/slips?round=1").text
    pairings = app_client.get(f"/td/{tid}/print/pairings?round=1").text
    for t in shown["tables"]:
        for p in (t["white"], t["black"]):
            surname = p["name"].split(",")[0]
            assert f"{p['name']} ({rank[surname]})" in slips
            assert re.search(rf"{re.escape(p['name'])} <small>{rank[surname]} · ", pairings)
    assert '<th class="n">Handicap' in app_client.get(f"/td/{tid}/rounds/1").text
    h9 = app_client.get(f"/td/{tid}/export/h9")
    assert "; DT[2026-11-21,2026-11-22]" in h9.text.splitlines()

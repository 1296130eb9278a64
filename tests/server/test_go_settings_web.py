"""A Go tournament's settings on the web: the new-tournament form, the settings page and
the API, the same service calls as ``tournament new`` and ``tournament settings``.

Expected values: the EGF class and adjusted time of seed 003's "EGF classes" (75 min +
12 stones in 5 min Canadian: 75 + 60 x 5/12 = 100 min, class A; 45 min + 15 s Fischer:
45 + 120 x 15 s = 75 min, class A), OpenGotha's attribute spellings (GO.md section g).
"""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.server.fixtures import sign_in
from tests.server.test_td_pages import _csrf, _sign_in_form


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def test_the_form_and_the_settings_page(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    home = app_client.get("/td")
    assert 'name="time"' in home.text and 'name="parameters"' in home.text
    made = app_client.post(
        "/td/new",
        data={"csrf_token": _csrf(home.text), "name": "Lyon Go", "country": "France",
              "start_date": "2026-11-21", "rounds": "3", "system": "", "game": "go",
              "time": "75m+12/5m", "komi": "6.5", "location": "Lyon", "handicap": "rank",
              "handicap_ceiling": "5",
              "parameters": "paiMaSeedSystem1=SPLITANDFOLD; paiBaRandom=5"},
        follow_redirects=False,
    )  # fmt: skip
    assert made.status_code == 303, made.text
    where = made.headers["location"].split("?")[0]
    page = app_client.get(where)
    assert f'href="{where}/settings"' in page.text
    shown = app_client.get(f"{where}/settings")
    assert shown.status_code == 200
    assert '<strong id="egf-class">A</strong>' in shown.text
    assert "adjusted 100 min" in shown.text
    for name, value in (
        ("complementaryTimeSystem", "CANBYOYOMI"),
        ("nbMovesCanTime", "12"),
        ("canByoYomiTime", "300"),
        ("komi", "6.5"),
        ("location", "Lyon"),
        ("hdBasedOnMMS", "false"),
        ("hdCeiling", "5"),
        ("paiMaSeedSystem1", "SPLITANDFOLD"),
        ("paiBaRandom", "5"),
    ):
        assert f"<td>{name}</td><td>{value}</td>" in shown.text, name
    seq = re.search(r'name="based_on" value="(\d+)"', shown.text)
    assert seq is not None
    changed = app_client.post(
        f"{where}/settings",
        data={"csrf_token": _csrf(shown.text), "based_on": seq.group(1), "time": "45m+15s",
              "egf_class": "", "komi": ""},
    )  # fmt: skip
    assert changed.status_code == 200 and "settings changed" in changed.text
    assert 'name="smms"' in changed.text  # round 1 not paired: McMahon groups may change
    assert "adjusted 75 min" in changed.text
    assert "<td>complementaryTimeSystem</td><td>FISCHER</td>" in changed.text
    assert "<td>komi</td><td>6.5</td>" in changed.text  # a blank field stays as it is
    # the same stale page again: the log moved, refused, nothing written
    stale = app_client.post(
        f"{where}/settings",
        data={"csrf_token": _csrf(shown.text), "based_on": seq.group(1), "komi": "0.5"},
    )
    assert stale.status_code == 409
    assert "<td>komi</td><td>6.5</td>" in stale.text
    bad = app_client.post(
        f"{where}/settings", data={"csrf_token": _csrf(shown.text), "handicap_ceiling": "12"}
    )
    assert bad.status_code == 400 and "hdCeiling 0 to 9, got 12" in bad.text


def test_the_api_creates_and_changes_a_go_tournament_s_settings(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    created = _json(
        director.post(
            "/api/v1/td/tournaments",
            {
                "name": "Paris Go",
                "country": "France",
                "start_date": "2026-11-21",
                "rounds": 2,
                "game": "go",
                "go": {
                    "time": "60m+3x30s",
                    "komi": "7.5",
                    "location": "Paris",
                    "handicap": "rank",
                    "handicap_ceiling": "9",
                    "compat": "opengotha",
                    "parameters": {"paiMaDUDDUpperMode": "TOP"},
                },
            },
        ),
        201,
    )
    tid = created["id"]
    read = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/settings"), 200)
    assert (read["egf_class"], read["adjusted_minutes"], read["group_max"]) == ("A", 82, 600)
    assert read["settings"]["complementaryTimeSystem"] == "STDBYOYOMI"
    assert read["settings"]["stdByoYomiTime"] == "30"
    assert read["settings"]["hdBasedOnMMS"] == "false"
    assert read["settings"]["paiMaDUDDUpperMode"] == "TOP"
    # the last day changes like the end date (an `EndDateSet`): not fixed
    assert read["fixed"] == ["beginDate", "name", "numberOfRounds", "shortName"]
    new = [{"surname": "Dupont", "rank": "3d"}, {"surname": "Martin", "rank": "1k"}]
    _json(director.post(f"/api/v1/td/tournaments/{tid}/entries", {"new": new}), 201)
    groups = _json(director.post(f"/api/v1/td/tournaments/{tid}/settings", {"smms": {"2": 1}}), 200)
    assert groups["smms"] == {"2": 1}
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    refused = director.post(f"/api/v1/td/tournaments/{tid}/settings", {"bar": "2d"})
    assert refused.status_code == 409  # not allowed now (round 1 is paired)
    assert "genMMBar unchanged once round 1 is paired" in refused.text
    now = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/settings"), 200)
    assert "genMMBar" in now["fixed"]
    changed = _json(
        director.post(
            f"/api/v1/td/tournaments/{tid}/settings",
            {"komi": "6.5", "egf_class": "B", "based_on": now["based_on"]},
        ),
        200,
    )
    assert (changed["egf_class"], changed["egf_class_chosen"]) == ("B", True)
    assert changed["settings"]["komi"] == "6.5"
    stale = director.post(
        f"/api/v1/td/tournaments/{tid}/settings", {"komi": "0.5", "based_on": now["based_on"]}
    )
    assert stale.status_code == 409
    unknown = director.post(
        f"/api/v1/td/tournaments/{tid}/settings", {"parameters": {"paiNoSuchThing": "1"}}
    )
    assert unknown.status_code == 400 and "OpenGotha parameter name" in unknown.text

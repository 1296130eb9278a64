"""First and last day on the web (issue 34 item 5), and a typo in the new-tournament form
that keeps what was typed (issue 34, last bullet): the same service calls as ``tournament
new --end`` and ``tournament end-date``."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.server.test_td_pages import _csrf, _sign_in_form

GO_FORM = {
    "name": "Weekend Go",
    "country": "France",
    "start_date": "2026-11-21",
    "rounds": "3",
    "system": "",
    "game": "go",
    "komi": "6.5",
    "time": "60m+3x30s",
    "location": "Lyon",
    "criteria": "MMS,SOSM,SOSOSM",
}


def test_the_last_day_on_the_form_the_pages_and_the_files(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    home = app_client.get("/td")
    assert 'name="end_date"' in home.text
    made = app_client.post(
        "/td/new",
        data={"csrf_token": _csrf(home.text), **GO_FORM, "end_date": "2026-11-22"},
        follow_redirects=False,
    )
    assert made.status_code == 303, made.text
    where = made.headers["location"].split("?")[0]
    page = app_client.get(where)
    assert "2026-11-21 – 2026-11-22" in page.text
    h9 = app_client.get(f"{where}/export/h9")
    assert h9.status_code == 200, h9.text
    assert "; DT[2026-11-21,2026-11-22]" in h9.text.splitlines()
    xml = app_client.get(f"{where}/export/xml")
    assert 'beginDate="2026-11-21"' in xml.text and 'endDate="2026-11-22"' in xml.text


def test_a_typo_keeps_every_go_field_and_names_the_bad_one(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    home = app_client.get("/td")
    refused = app_client.post(
        "/td/new",
        data={"csrf_token": _csrf(home.text), **GO_FORM, "bar": "4x", "end_date": "2026-11-22"},
    )
    assert refused.status_code == 400  # the form again, with the reason
    assert "expected the McMahon bar as a rank" in refused.text
    for field, value in (*GO_FORM.items(), ("bar", "4x"), ("end_date", "2026-11-22")):
        if field in ("system", "game", "rounds"):
            continue
        assert f'name="{field}"' in refused.text
        assert re.search(rf'name="{field}"[^>]*value="{re.escape(value)}"', refused.text), field

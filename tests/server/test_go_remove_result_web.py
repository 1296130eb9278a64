"""Removing a Go result on the web (issue 34 item 4): the edit page's button per entered
result is the correction to ``?`` (OpenGotha: a click on the table cancels its result, GO.md
section f), after which the game can be edited again; from a stale page it is refused under
the result log's rules (409 when the same game changed since the page, nothing written)."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.server.fixtures import sign_in
from tests.server.test_go_setup_web import _go


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _remove_form(page: str, table: int) -> dict[str, str]:
    form = re.search(
        r'<form method="post" action="(/td/\d+/edit/remove-result)"[^>]*>(.*?)</form>', page
    )
    assert form is not None
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(2)))
    assert fields["table"] == str(table)
    return fields


def test_a_result_removed_from_the_edit_page(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _go(director)
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    body = {"round": 1, "table": 1, "score": "1-0"}
    _json(director.post(f"/api/v1/td/tournaments/{tid}/results", body), 201)
    page = app_client.get(f"/td/{tid}/edit?round=1")
    assert page.status_code == 200
    assert 'id="remove-result-1"' in page.text and 'id="remove-result-2"' not in page.text
    assert 'id="unpair-1"' not in page.text  # a game with a result is not edited
    fields = _remove_form(page.text, 1)
    stale = dict(fields)
    done = app_client.post(f"/td/{tid}/edit/remove-result", data=fields)
    assert done.status_code == 200, done.text[-500:]
    assert re.search(r"round 1 table 1: [^<]+: the result removed", done.text)
    assert 'id="remove-result-1"' not in done.text and 'id="unpair-1"' in done.text
    shown = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/rounds/1"), 200)
    assert all(not t["result"] for t in shown["tables"])
    # entered again elsewhere, then the old page's button: the game changed since, refused
    _json(director.post(f"/api/v1/td/tournaments/{tid}/results", body), 201)
    refused = app_client.post(f"/td/{tid}/edit/remove-result", data=stale)
    assert refused.status_code == 409, refused.text[-500:]
    shown = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/rounds/1"), 200)
    assert shown["tables"][0]["result"]  # nothing written
    # a game without a result has nothing to remove: said so, nothing written
    fresh = _remove_form(app_client.get(f"/td/{tid}/edit?round=1").text, 1)
    second = shown["tables"][1]
    other = {**fresh, "table": str(second["table"]), "white": str(second["white"]["id"]),
             "black": str(second["black"]["id"])}  # fmt: skip
    bare = app_client.post(f"/td/{tid}/edit/remove-result", data=other)
    assert bare.status_code == 200, bare.text[-500:]
    assert re.search(
        rf"round 1 table {second['table']}: [^<]+ has no result: nothing changed", bare.text
    )

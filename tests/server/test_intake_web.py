"""The results intake over the web: the JSON API and the pages, with their roles and bounds."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from ratinglist.model.account import Grant, Role
from ratinglist.service.accounts import add_user, grant
from ratinglist.service.actor import SYSTEM
from ratinglist.service.databases import open_database
from ratinglist.service.intake import MAX_BYTES
from ratinglist.store.schema import games, intake_items
from tests.conftest import handle
from tests.server.fixtures import EVIL, PASSWORD, sign_in

PARIS = """\
%%Tournament: Paris Open 2026
%%Country: France
%%Date: 21/11/2026
%%Sender: Test

%_% 500001, DUPONT, Marie, FRA, 1, 64
%_% 500002, ANDERSEN, Test, FRA, 1, 58
%_% +NEW1, MARTIN, Paul, FRA, 1, 64

500001 (40)>(24) 500002 B
500002 (34)>(30) NEW1 W
NEW1 (33)>(31) 500001 B
"""
NAME = "20261121_Paris_Open.ELO"


def _count(url: str, table: object) -> int:
    with open_database(url).connect() as conn:
        return int(conn.execute(select(func.count()).select_from(table)).scalar_one())  # type: ignore[arg-type]


def _upload(client: TestClient, csrf: str, data: bytes, name: str = NAME) -> object:
    return client.post(
        f"/api/v1/intake?name={name}",
        content=data,
        headers={"X-CSRF-Token": csrf, "Content-Type": "application/octet-stream"},
    )


def _id_officer(url: str, name: str, country: str) -> None:
    add_user(handle(url, create=True), name, PASSWORD, SYSTEM)
    grant(handle(url), name, Grant(Role.ID_OFFICER, country), SYSTEM)


def test_upload_fix_accept_through_the_api(app_client: TestClient, server_url: str) -> None:
    _id_officer(server_url, "fra-ids", "FRA")
    director = sign_in(app_client, "director")
    sent = _upload(app_client, director.csrf, PARIS.encode("ascii"))
    assert sent.status_code == 201, sent.text  # type: ignore[attr-defined]
    item = sent.json()  # type: ignore[attr-defined]
    assert (item["status"], item["country"], item["submitted_by"]) == (
        "queued",
        "FRA",
        "web:director",
    )
    n = item["id"]
    assert [i["id"] for i in app_client.get("/api/v1/intake").json()] == [n]
    refused = director.post(f"/api/v1/intake/{n}/accept", {})
    assert refused.status_code == 403  # type: ignore[attr-defined]

    _id_officer(server_url, "france-ids", "FRANCE")  # a grant spelt by the country's name
    sign_in(app_client, "france-ids")
    assert app_client.get(f"/api/v1/intake/{n}").status_code == 200

    ids = sign_in(app_client, "fra-ids")
    view = app_client.get(f"/api/v1/intake/{n}").json()
    assert {(p["token"], p["problem"]) for p in view["players"]} == {
        ("500001", "name"),
        ("NEW1", "new"),
    }
    fixed = ids.post(f"/api/v1/intake/{n}/fix", {"old": "NEW1", "new": None})
    assert fixed.status_code == 200, fixed.text  # type: ignore[attr-defined]
    # France's range is 50000-59999 and the seeded registry uses none of it.
    assert fixed.json()["new"] == 50000  # type: ignore[attr-defined]
    assert ids.post(f"/api/v1/intake/{n}/accept", {}).status_code == 403  # type: ignore[attr-defined]

    officer = sign_in(app_client, "officer")
    done = officer.post(f"/api/v1/intake/{n}/accept", {"message": "thanks"})
    assert done.status_code == 200, done.text  # type: ignore[attr-defined]
    assert done.json()["import_status"] == "imported"  # type: ignore[attr-defined]
    assert _count(server_url, games) == 3
    again = officer.post(f"/api/v1/intake/{n}/accept", {})
    assert again.status_code == 409  # type: ignore[attr-defined]
    assert _count(server_url, games) == 3


def test_other_countries_and_roleless_users_see_nothing(
    app_client: TestClient, server_url: str
) -> None:
    _id_officer(server_url, "nld-ids", "NLD")
    officer = sign_in(app_client, "officer")
    n = _upload(app_client, officer.csrf, PARIS.encode("ascii")).json()["id"]  # type: ignore[attr-defined]
    nld = sign_in(app_client, "nld-ids")
    assert app_client.get("/api/v1/intake").json() == []
    assert app_client.get(f"/api/v1/intake/{n}").status_code == 403
    assert nld.post(f"/api/v1/intake/{n}/fix", {"old": "NEW1"}).status_code == 403  # type: ignore[attr-defined]
    nobody = sign_in(app_client, "nobody")
    assert app_client.get("/api/v1/intake").json() == []
    assert _upload(app_client, nobody.csrf, PARIS.encode("ascii")).status_code == 403  # type: ignore[attr-defined]
    page = app_client.get("/intake")
    assert page.status_code == 200 and NAME not in page.text


def test_uploads_over_the_bound_are_refused_and_not_stored(
    app_client: TestClient, server_url: str
) -> None:
    officer = sign_in(app_client, "officer")
    big = PARIS.encode("ascii") + b"% padding\n" * (MAX_BYTES // 10)
    assert len(big) > MAX_BYTES
    refused = _upload(app_client, officer.csrf, big)
    assert refused.status_code == 400  # type: ignore[attr-defined]
    assert "expected a file of at most 1,000,000 bytes" in refused.text  # type: ignore[attr-defined]
    huge = big + b"% more\n" * 20_000
    declared = _upload(app_client, officer.csrf, huge)
    assert declared.status_code == 413  # type: ignore[attr-defined]
    assert "expected a request of at most 1,065,536 bytes" in declared.text  # type: ignore[attr-defined]
    junk = _upload(app_client, officer.csrf, b"GIF89a not a results file", "photo.gif")
    assert junk.status_code == 400  # type: ignore[attr-defined]
    assert "with game lines" in junk.text  # type: ignore[attr-defined]
    assert _count(server_url, intake_items) == 0


def _csrf(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def test_the_pages_upload_show_and_reject(app_client: TestClient, server_url: str) -> None:
    sign_in(app_client, "director")
    form = app_client.get("/intake/upload")
    assert form.status_code == 200
    token = _csrf(form.text)
    sent = app_client.post(
        "/intake/upload",
        data={"csrf_token": token},
        files={"upload": (NAME, PARIS.encode("ascii"), "application/octet-stream")},
        follow_redirects=False,
    )
    assert sent.status_code == 303, sent.text
    page_url = sent.headers["location"]
    mine = app_client.get(page_url)
    assert "Paris Open 2026" in mine.text and "name differs" in mine.text
    # The registry's name of 500001 is an XSS probe: shown as text.
    assert EVIL not in mine.text and "&lt;img src=x onerror=alert(1)&gt;" in mine.text
    assert "Reject" not in mine.text  # a director may not decide

    app_client.cookies.clear()
    sign_in(app_client, "officer")
    page = app_client.get(page_url)
    rejected = app_client.post(
        page_url + "/reject",
        data={"csrf_token": _csrf(page.text), "message": "round 2 is missing"},
        follow_redirects=False,
    )
    assert rejected.status_code == 303
    assert "Message from the rating officer: round 2 is missing" in app_client.get(page_url).text

    app_client.cookies.clear()
    sign_in(app_client, "director")
    assert "round 2 is missing" in app_client.get(page_url).text
    queue = app_client.get("/intake?status=rejected")
    assert NAME in queue.text
    assert _count(server_url, games) == 0


def test_a_refused_page_upload_shows_the_diagnostics(app_client: TestClient) -> None:
    sign_in(app_client, "director")
    token = _csrf(app_client.get("/intake/upload").text)
    sent = app_client.post(
        "/intake/upload",
        data={"csrf_token": token},
        files={"upload": ("notes.ELO", b"<script>x</script>\n", "text/plain")},
        follow_redirects=False,
    )
    assert sent.status_code == 400
    assert "notes.ELO:1:1: error[E001]" in sent.text
    assert "<script>x</script>" not in sent.text


def test_the_intake_api_is_in_the_openapi_schema(app_client: TestClient) -> None:
    paths = app_client.get("/api/v1/openapi.json").json()["paths"]
    assert {"/api/v1/intake", "/api/v1/intake/{n}", "/api/v1/intake/{n}/accept"} <= set(paths)
    assert "application/octet-stream" in paths["/api/v1/intake"]["post"]["requestBody"]["content"]

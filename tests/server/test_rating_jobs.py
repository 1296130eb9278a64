"""The rating officer computes a list on the web: a job recorded, computed in the background
through the call behind ``ratinglist rate``, its phases on a page that follows itself, then
the list's dry run; the API does the same; one job at a time; a failure says why."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ratinglist.errors import ConflictError, RatingError
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.rating_jobs import PHASES, rating_job, request_list, run_job
from ratinglist.service.rating_lists import ComputedList, compute_list
from ratinglist.store import open_store
from ratinglist.store.importer import import_file
from tests.published import store_ratings
from tests.server.fixtures import PLAYER_IDS, sign_in

ANDERSEN, BERG, COSTA, DUBOIS = PLAYER_IDS[1:5]
OFFICER = Actor(ActorKind.WEB, "officer")

CUP = f"""\
%%Tournament: Lyon Cup
%%Country: France
%%Date: 22/11/2026
%%Sender: Test

%_% {ANDERSEN}, ANDERSEN, Test, FRA
%_% {BERG}, BERG, Test, FRA
%_% {COSTA}, COSTA, Test, FRA
%_% {DUBOIS}, DUBOIS, Test, FRA

%Round 1
{ANDERSEN} (40)>(24) {BERG} B
{COSTA} (34)>(30) {DUBOIS} W
%Round 2
{BERG} (36)>(28) {COSTA} B
{DUBOIS} (33)>(31) {ANDERSEN} W
%Round 3
{ANDERSEN} (32)=(32) {COSTA} B
{DUBOIS} (40)>(24) {BERG} W
"""


@pytest.fixture()
def games(server_url: str, tmp_path: Path) -> str:
    """The Lyon Cup imported; October's list published (ANDERSEN, BERG at 1500)."""
    path = tmp_path / "20261122_Lyon_Cup.ELO"
    path.write_text(CUP, encoding="utf-8")
    store = open_store(server_url)
    try:
        import_file(store, path)
    finally:
        store.close()
    store_ratings(server_url, "2026-10-31", {ANDERSEN: 1500, BERG: 1500})
    return server_url


def test_a_job_passes_every_phase_and_stores_the_list(games: str) -> None:
    store = open_store(games)
    try:
        job = request_list(store, dt.date(2026, 11, 30), OFFICER)
        assert job.phase == "queued" and job.running and job.list_id is None
        heard: list[str] = []

        def watched(*args: object, **kwargs: object) -> ComputedList:
            told = kwargs["progress"]

            def tell(phase: str) -> None:
                heard.append(rating_job(store, job.id).phase)  # the phase before
                told(phase)  # type: ignore[operator]
                heard.append(rating_job(store, job.id).phase)  # as every process reads it

            return compute_list(*args, **{**kwargs, "progress": tell})  # type: ignore[arg-type]

        done = run_job(store, job.id, compute=watched)
        assert heard == ["queued", "loading", "loading", "rating", "rating", "saving"]
        assert done.phase == "done" and not done.running and done.step == len(PHASES) - 1
        assert done.list_id is not None and done.message is None
        # the list a shell would compute: the same players, stored for that date
        with store.connect() as conn:
            rows = conn.exec_driver_sql(
                f"SELECT as_of, rated, computed_by FROM rating_lists WHERE id = {done.list_id}"
            ).one()
        assert str(rows[0]) == "2026-11-30" and rows[1] == 4 and rows[2] == "web:officer"
    finally:
        store.close()


@pytest.mark.both_backends
def test_one_job_at_a_time_and_a_failure_says_why(games: str) -> None:
    store = open_store(games)
    try:
        first = request_list(store, dt.date(2026, 11, 30), OFFICER)
        with pytest.raises(ConflictError, match="as of 2026-11-30 asked by officer"):
            request_list(store, dt.date(2026, 12, 31), OFFICER)
        run_job(store, first.id)
        # before the tournament: nothing to rate; the job ends failed with the reason
        early = request_list(store, dt.date(2026, 1, 31), OFFICER)
        ended = run_job(store, early.id)
        assert ended.phase == "failed" and ended.list_id is None
        with pytest.raises(RatingError) as raised:
            compute_list(store, dt.date(2026, 1, 31), actor=OFFICER)
        assert ended.message == str(raised.value)
    finally:
        store.close()


def test_the_desk_computes_a_list_and_links_its_diff(app_client: TestClient, games: str) -> None:
    officer = sign_in(TestClient(app_client.app), "officer")
    desk = officer.client.get("/publishing")
    assert 'id="compute-form"' in desk.text
    started = officer.client.post(
        "/publishing/compute",
        data={"csrf_token": officer.csrf, "as_of": "2026-11-30"},
        follow_redirects=False,
    )
    assert started.status_code == 303
    where = started.headers["location"]
    assert where.startswith("/publishing/jobs/")
    page = officer.client.get(where)  # the test client ran the background task already
    assert page.status_code == 200
    assert "Computing the list as of 2026-11-30." in page.text  # the feedback
    assert 'http-equiv="refresh"' not in page.text  # ended: no more reloading
    assert "is stored, not published" in page.text
    link = page.text.split('id="job-list"', 1)[0].rsplit('href="', 1)[1].split('"', 1)[0]
    dry = officer.client.get(link)
    assert dry.status_code == 200 and "Against the list of 2026-10-31" in dry.text
    # COSTA and DUBOIS were not on October's list: newcomers
    newcomers = dry.text.split('id="newcomers"', 1)[1].split("</table>", 1)[0]
    assert "DUBOIS" in newcomers and "COSTA" in newcomers


def test_a_running_job_page_reloads_itself(app_client: TestClient, games: str) -> None:
    store = open_store(games)
    try:
        job = request_list(store, dt.date(2026, 11, 30), OFFICER)
    finally:
        store.close()
    officer = sign_in(TestClient(app_client.app), "officer")
    page = officer.client.get(f"/publishing/jobs/{job.id}")
    assert '<meta http-equiv="refresh" content="2">' in page.text
    assert "Step 1 of 4: waiting to start" in page.text
    refused = officer.client.post(
        "/publishing/compute",
        data={"csrf_token": officer.csrf, "as_of": "2026-12-31"},
        follow_redirects=False,
    )
    assert refused.status_code == 409 and "2026-11-30" in refused.text


def test_the_api_computes_a_list(app_client: TestClient, games: str) -> None:
    director = sign_in(TestClient(app_client.app), "director")
    assert director.post("/api/v1/publishing/compute", {"as_of": "2026-11-30"}).status_code == 403  # type: ignore[attr-defined]
    officer = sign_in(TestClient(app_client.app), "officer")
    started = officer.post("/api/v1/publishing/compute", {"as_of": "2026-11-30"})
    assert started.status_code == 202  # type: ignore[attr-defined]
    job = started.json()  # type: ignore[attr-defined]
    assert job["as_of"] == "2026-11-30" and job["requested_by"] == "web:officer"
    ended = officer.client.get(f"/api/v1/publishing/jobs/{job['id']}").json()
    assert ended["phase"] == "done" and ended["list_id"] is not None
    published = officer.post(f"/api/v1/publishing/{ended['list_id']}")
    assert published.json()["as_of"] == "2026-11-30"  # type: ignore[attr-defined]


@pytest.mark.both_backends
def test_the_request_hands_the_computation_to_the_background(games: str) -> None:
    store = open_store(games)
    try:
        handed: list[Callable[[], object]] = []
        job = request_list(store, dt.date(2026, 11, 30), OFFICER, start=handed.append)
        assert len(handed) == 1 and rating_job(store, job.id).phase == "queued"
        handed[0]()  # what the web's background task runs after answering
        done = rating_job(store, job.id)
        assert done.phase == "done" and done.list_id is not None
    finally:
        store.close()

"""Issue 19 item 7: results files live in the database, and no answer shows a server path.

The archive is imported from one working directory with a relative path, then the server
runs from another one after the files are deleted: downloads still serve the bytes as
imported. Every kind of public page and API answer is scanned for the stored paths.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import os
import random
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from ratinglist.cli.app import app
from ratinglist.service.actor import SYSTEM
from ratinglist.service.archive import import_archive
from ratinglist.service.player_lists import import_players_list
from ratinglist.service.publishing import publish_list
from ratinglist.service.rating_lists import compute_list
from ratinglist.store.database import alembic_config, migrate, open_store
from ratinglist.store.schema import source_files
from ratinglist.store.tournament_events import find_directed, load_events
from ratinglist.tournament.fold import fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.finals import scheduled
from ratinglist.web.app import create_app
from tests.cli.tournament_cli import run, runner
from tests.conftest import handle
from tests.web.site_fixture import LIST_DATES, write_archive

PLAYERS_LIST = """\
% Liste des joueurs par pays

pays = FRA

 50001 EVIL, Evil                           %_<1650>
 50002 DUPONT, Jean                         %_<1500>

pays = NLD

120001 DE GRAAF, Jan                        %_<1750>
120002 VOS, Bram                            %_<1400>
120003 JANSEN, Karel                        %_<1200>
120004 BAKKER, Eva                          %_<1100>
120005 DE VRIES, Tom                        %_<1000>
120006 MULDER, Sanne                        %_<1550>

pays = JPN

 10001 TANAKA, Hiroshi                      %_<2000>
 10002 SATO, Yuki                           %_<1900>
"""

LIST_DAY = dt.date(2026, 1, 1)


@pytest.fixture(scope="module")
def moved(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, dict[str, bytes]]]:
    """A database imported from `importer/` with relative paths; the files then deleted.

    Yields the URL, the importer's folder and the files' bytes by name.
    """
    root = tmp_path_factory.mktemp("files")
    importer = root / "importer"
    importer.mkdir()
    url = f"sqlite:///{root / 'site.db'}"
    (importer / "joueurs.txt").write_text(PLAYERS_LIST, encoding="utf-8")
    write_archive(importer / "archive")
    originals = {p.name: p.read_bytes() for p in (importer / "archive").rglob("*.ELO")}
    before = Path.cwd()
    os.chdir(importer)
    try:
        import_players_list(
            handle(url, create=True), Path("joueurs.txt"), actor=SYSTEM, on=LIST_DAY, apply=True
        )
        import_archive(handle(url, create=True), [Path("archive")])
    finally:
        os.chdir(before)
    for day in LIST_DATES:
        done = compute_list(handle(url), day, actor=SYSTEM)
        publish_list(handle(url), str(done.info.id), SYSTEM)
    for path in (importer / "archive").rglob("*.ELO"):
        path.unlink()
    (importer / "joueurs.txt").unlink()
    yield url, importer, originals


@pytest.fixture()
def elsewhere(
    moved: tuple[str, Path, dict[str, bytes]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[TestClient]:
    """The site served from a directory that is not the importer's."""
    monkeypatch.chdir(tmp_path)
    with TestClient(create_app(moved[0])) as client:
        yield client


def _ids(client: TestClient) -> list[int]:
    listed = client.get("/api/v1/tournaments").json()["tournaments"]
    return [int(t["id"]) for t in listed]


def test_downloads_serve_the_stored_bytes_from_anywhere(
    moved: tuple[str, Path, dict[str, bytes]], elsewhere: TestClient
) -> None:
    _, importer, originals = moved
    assert not list((importer / "archive").rglob("*.ELO"))
    for tid in _ids(elsewhere):
        got = elsewhere.get(f"/tournaments/{tid}/file")
        assert got.status_code == 200
        name = got.headers["content-disposition"].split('filename="')[1].rstrip('"')
        assert got.content == originals[name]
    zipped = elsewhere.get("/downloads/results-2026.zip")
    assert zipped.status_code == 200
    with zipfile.ZipFile(io.BytesIO(zipped.content)) as archive:
        inside = {Path(n).name: archive.read(n) for n in archive.namelist()}
    assert inside == originals


def test_a_file_without_stored_bytes_is_a_clean_not_found(
    moved: tuple[str, Path, dict[str, bytes]], elsewhere: TestClient
) -> None:
    url, importer, _ = moved
    tid = _ids(elsewhere)[0]
    store = open_store(url)
    try:
        with store.begin() as conn:
            kept = conn.execute(select(source_files.c.id, source_files.c.content)).all()
            conn.execute(update(source_files).values(content=None))
        with TestClient(create_app(url)) as fresh:
            got = fresh.get(f"/tournaments/{tid}/file")
            api = fresh.get(f"/api/v1/tournaments/{tid}/games")
        assert got.status_code == 404
        assert "import the file again" in got.text
        assert str(importer) not in got.text and "archive/" not in got.text
        assert api.status_code == 200  # the page still places the players by the games
    finally:
        with store.begin() as conn:
            for file_id, content in kept:
                conn.execute(
                    update(source_files).where(source_files.c.id == file_id).values(content=content)
                )
        store.close()


def _public_urls(client: TestClient) -> list[str]:
    """One URL of every public page and API kind, over the stored data."""
    tids = _ids(client)
    pids = [
        int(e["player_id"]) for e in client.get("/api/v1/lists/latest/entries").json()["entries"]
    ]
    api_paths = client.get("/api/v1/openapi.json").json()["paths"]
    values = {
        "player_id": str(pids[0]),
        "tournament_id": str(tids[0]),
        "date": "latest",
        "as_of": LIST_DATES[-1].isoformat(),
        "year": "2026",
    }
    urls = [
        "/",
        "/search?q=tanaka",
        "/diff",
        "/tournaments",
        "/downloads",
        "/downloads/joueurs.txt",
        f"/downloads/lists/{LIST_DATES[-1]}.csv",
        "/downloads/results.zip",
        "/downloads/results-2026.zip",
        "/check",
        "/live",
        "/api/docs",
        "/no/such/page",
        "/tournaments/999999",
        "/tournaments/999999/file",
        "/players/999999",
        "/api/v1/tournaments/999999/games",
    ]
    for pid in pids:
        urls += [f"/players/{pid}", f"/players/{pid}/why", f"/players/{pid}/chart.svg"]
    for tid in tids:
        urls += [f"/tournaments/{tid}", f"/tournaments/{tid}/file"]
    for path, ops in api_paths.items():
        if "get" not in ops:
            continue
        filled = path
        for key, value in values.items():
            filled = filled.replace("{" + key + "}", value)
        if "{" not in filled:
            urls.append(filled)
    for pid in pids:
        urls += [f"/api/v1/players/{pid}", f"/api/v1/players/{pid}/games"]
    return urls


def test_no_public_answer_shows_a_stored_path(
    moved: tuple[str, Path, dict[str, bytes]], elsewhere: TestClient
) -> None:
    url, importer, _ = moved
    store = open_store(url)
    try:
        with store.connect() as conn:
            stored = {str(p) for p in conn.execute(select(source_files.c.path)).scalars()}
    finally:
        store.close()
    assert stored and all(p.startswith("archive") for p in stored)
    needles = [str(importer), "joueurs.txt\n", *(p for p in stored if "/" in p)]
    answers = 0
    for target in _public_urls(elsewhere):
        got = elsewhere.get(target)
        body = got.content
        if target.endswith(".zip"):
            assert got.status_code == 200
            continue  # entries are YYYY/FILE.ELO by design
        for needle in needles:
            assert needle.encode() not in body, f"{target} shows {needle!r}"
        assert b"list:" not in body, target
        answers += 1
    upload = elsewhere.post(
        "/check", files={"upload": ("20260101_Check.ELO", b"%%Tournament: x\n", "text/plain")}
    )
    assert str(importer).encode() not in upload.content
    assert answers > 30


def test_id_history_names_the_players_list_and_its_date(elsewhere: TestClient) -> None:
    text = elsewhere.get("/players/120001").text
    history = text.split("<h2>ID history</h2>", 1)[1].split("</ul>", 1)[0]
    assert f"from the players list of {LIST_DAY.isoformat()}" in history
    assert "1970" not in history and "joueurs" not in history


@pytest.mark.both_backends
def test_migration_0015_backfills_bytes_from_the_stored_path(db_url: str, tmp_path: Path) -> None:
    archive = write_archive(tmp_path / "archive")
    url = db_url
    import_archive(handle(url, create=True), [archive])
    gone = next(archive.rglob("*Tokyo*"))
    gone_bytes = gone.read_bytes()
    gone.unlink()
    store = open_store(url)
    try:
        with store.engine.begin() as conn:
            command.downgrade(alembic_config(conn), "0014")
        migrate(store.engine)
        with store.connect() as conn:
            rows = conn.execute(
                select(source_files.c.name, source_files.c.sha256, source_files.c.content)
            ).all()
    finally:
        store.close()
    filled = {name: content for name, _, content in rows}
    assert filled[gone.name] is None
    for name, sha256, content in rows:
        if name != gone.name:
            assert hashlib.sha256(zlib.decompress(content)).hexdigest() == sha256
    assert hashlib.sha256(gone_bytes).hexdigest() in {s for _, s, _ in rows}


def _folded(db: Path) -> FoldedTournament:
    with open_store(f"sqlite:///{db}") as store:
        return fold(load_events(store, find_directed(store, None).id))


def _fill_round(db: Path, folder: Path, rng: random.Random) -> None:
    d = _folded(db)
    r = d.play.state.rounds[d.paired - 1]
    lines = []
    for p in r.pairings:
        x = rng.randint(10, 54)
        lines.append(f"{r.number} {p.black} {p.white} {x}-{64 - x}")
    sheet = folder / f"r{r.number}.txt"
    sheet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run(db, "results", str(sheet))


def _play_finals(db: Path) -> None:
    """Every finals game won by White 40-24 (the lower seed wins each one)."""
    for _ in range(12):
        finals = _folded(db).play.finals
        assert finals is not None
        due = [g for g in scheduled(finals) if g.result is None]
        if not due:
            return
        run(db, "result", due[0].stage, str(due[0].black), str(due[0].white), "24-40")
    raise AssertionError("the finals did not end")


def test_importing_an_unchanged_file_again_stores_its_missing_bytes(
    db_url: str, tmp_path: Path
) -> None:
    archive = write_archive(tmp_path / "archive")
    url = db_url
    import_archive(handle(url, create=True), [archive])
    store = open_store(url)
    try:
        with store.begin() as conn:
            conn.execute(update(source_files).values(content=None))
        again = import_archive(handle(url, create=True), [archive])
        assert again.unchanged == again.files == 3
        with store.connect() as conn:
            rows = conn.execute(select(source_files.c.sha256, source_files.c.content)).all()
    finally:
        store.close()
    assert all(hashlib.sha256(zlib.decompress(c)).hexdigest() == h for h, c in rows)


def test_a_td_submitted_tournament_serves_its_file_and_the_engine_ranking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "td.db"
    players = tmp_path / "joueurs.txt"
    players.write_text(PLAYERS_LIST, encoding="utf-8")
    done = runner.invoke(app, ["players", "import-list", str(players), "--apply", "--db", str(db)])
    assert done.exit_code == 0, done.output
    run(
        db,
        "new",
        "Site Cup",
        "--country",
        "NLD",
        "--date",
        "2026-05-01",
        "--system",
        "swiss",
        "--rounds",
        "3",
        "--seed",
        "5",
    )
    run(
        db,
        "register",
        "Tanaka Hiroshi",
        "Sato Yuki",
        "de graaf jan",
        "Vos Bram",
        "Jansen Karel",
        "Bakker Eva",
        "Tom de Vries",
        "Mulder Sanne",
    )
    rng = random.Random(11)
    for _ in range(3):
        run(db, "pair")
        _fill_round(db, tmp_path, rng)
    run(db, "finals", "--start")
    _play_finals(db)
    expected = [int(r["id"]) for r in json.loads(run(db, "standings", "--json"))]
    run(db, "submit", "--import-now")
    monkeypatch.chdir(tmp_path.parent)
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        [tid] = _ids(client)
        api = client.get(f"/api/v1/tournaments/{tid}/games").json()
        assert api["placed_by"] == "engine"
        assert [s["player_id"] for s in api["standings"]] == expected
        got = client.get(f"/tournaments/{tid}/file")
        assert got.status_code == 200 and got.content.startswith(b"%%Tournament: Site Cup")

"""`ratinglist tournament live|state|delete|assistants|invite|revoke|reopen`: a tournament's
life from the terminal, the same service calls as the director's pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratinglist.cli.app import app
from ratinglist.service.accounts import add_user
from ratinglist.service.actor import SYSTEM
from tests.cli.test_tournament import NAMES, PLAYERS
from tests.cli.tournament_cli import fail, run, runner
from tests.conftest import handle


@pytest.fixture()
def db(tmp_path: Path) -> Path:
    path = tmp_path / "life.db"
    players = tmp_path / "joueurs.txt"
    players.write_text(PLAYERS, encoding="utf-8")
    done = runner.invoke(
        app, ["players", "import-list", str(players), "--apply", "--db", str(path)]
    )
    assert done.exit_code == 0, done.output
    args = ("--country", "NLD", "--date", "2026-04-01", "--system", "swiss", "--rounds", "1")
    run(path, "new", "Life Open", *args, "--seed", "11")
    run(path, "register", *NAMES[:2])
    return path


def test_shown_on_live_and_the_assistants(db: Path) -> None:
    out = run(db, "state")
    assert "on /live: hidden" in out and "draft: no round paired" in out
    assert run(db, "live", "--on").strip() == "shown on /live"
    assert run(db, "live", "--on").strip() == "already shown on /live; nothing changed"
    assert "on /live: shown" in run(db, "state")
    add_user(handle(f"sqlite:///{db}"), "anna", "correct horse battery", SYSTEM)
    run(db, "invite", "anna")
    assert run(db, "assistants").split() == ["anna"]
    assert "anna may no longer enter results" in run(db, "revoke", "anna")
    assert run(db, "assistants").strip() == "no assistants"
    assert "expected an assistant" in fail(db, "revoke", "anna")


def test_a_draft_is_deleted_and_a_submitted_one_reopened(db: Path) -> None:
    assert "deleted Life Open (tournament 1)" in run(db, "delete", "--yes")
    assert "expected" in fail(db, "state")  # no tournament left
    args = ("--country", "NLD", "--date", "2026-04-01", "--system", "swiss", "--rounds", "1")
    run(db, "new", "Second Open", *args)
    run(db, "register", *NAMES[:2])
    run(db, "pair")
    run(db, "result", "1", "--table", "1", "40-24")
    assert "expected a draft" in " ".join(fail(db, "delete", "--yes").split())
    run(db, "submit")
    assert "queue item 1, queued" in run(db, "state")
    refused = " ".join(fail(db, "reopen", "a typo", "--request").split())
    assert "reopen the tournament yourself" in refused
    assert "reopened (event" in run(db, "reopen", "a typo")
    out = run(db, "state")
    assert "queue item 1, rejected" in out and "withdrawn: the director reopened" in out

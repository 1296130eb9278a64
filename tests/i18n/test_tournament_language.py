"""A tournament's language (issue 36): set by its director through the service and the CLI,
read back without folding the log exactly as the fold has it, undo included."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratinglist.errors import TournamentInputError
from ratinglist.service.actor import SYSTEM
from ratinglist.service.tournaments.actions import undo
from ratinglist.service.tournaments.language import (
    parse_language,
    set_language,
    tournament_language,
)
from ratinglist.service.tournaments.log import loaded
from tests.cli.tournament_cli import fail, run
from tests.conftest import handle


def _both(url: str, tid: int) -> str | None:
    read = tournament_language(handle(url), tid)
    assert read == loaded(handle(url), tid).folded.language
    return read


def test_set_read_and_undone_like_the_fold(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    url = f"sqlite:///{path}"
    run(path, "new", "Tokyo Open", "--country", "JPN", "--date", "2026-11-21", "--rounds", "3")
    assert _both(url, 1) is None
    assert "language: ja" in run(path, "language", "ja")
    assert _both(url, 1) == "ja"
    assert set_language(handle(url), 1, "Français", SYSTEM) == "fr"
    assert _both(url, 1) == "fr"
    undo(handle(url), 1, SYSTEM)
    assert _both(url, 1) == "ja"
    undo(handle(url), 1, SYSTEM)
    assert _both(url, 1) is None
    assert "expected a language among en, fr, ja, got 'de'" in fail(path, "language", "de")
    assert tournament_language(handle(url), 99) is None


@pytest.mark.parametrize(
    ("typed", "code"), [("fr", "fr"), ("FR-ca", "fr"), ("ja_JP", "ja"), ("日本語", "ja")]
)
def test_languages_are_read_by_code_or_name(typed: str, code: str) -> None:
    assert parse_language(typed) == code
    with pytest.raises(TournamentInputError):
        parse_language("klingon")

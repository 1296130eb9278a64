"""The WOF results file stays ASCII whatever the language (issue 36, seed 000): nothing in
`formats/` is translated, and a tournament whose language is French or Japanese exports the
same .ELO bytes as in English, downloaded by a French or Japanese visitor."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ratinglist.i18n import using
from ratinglist.service.actor import SYSTEM
from ratinglist.service.tournaments.language import set_language
from ratinglist.service.tournaments.views import download
from ratinglist.web.app import create_app
from tests.conftest import handle
from tests.server.fixtures import PLAYER_IDS, seed_server, sign_in

FORMATS = Path(__file__).resolve().parents[2] / "src" / "ratinglist" / "formats"


def test_nothing_in_formats_goes_through_the_catalogue() -> None:
    for path in FORMATS.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "ratinglist.i18n" not in text, path


@pytest.mark.parametrize("language", ["fr", "ja"])
def test_a_french_or_japanese_tournament_exports_the_same_ascii_elo(
    tmp_path: Path, language: str
) -> None:
    url = f"sqlite:///{tmp_path / 'elo.db'}"
    seed_server(url)
    client = TestClient(create_app(url))
    director = sign_in(client, "director")
    made = director.post(
        "/api/v1/td/tournaments",
        {"name": "Coupe de Noel", "country": "France", "start_date": "2026-12-19", "rounds": 2},
    )
    tid = int(made.json()["id"])  # type: ignore[attr-defined]
    director.post(
        f"/api/v1/td/tournaments/{tid}/players", {"players": [str(p) for p in PLAYER_IDS[1:9]]}
    )
    director.post(f"/api/v1/td/tournaments/{tid}/rounds")
    english = download(handle(url), tid, "elo").data
    set_language(handle(url), tid, language, SYSTEM)
    with using(language):
        translated = download(handle(url), tid, "elo").data
    served = client.get(f"/td/{tid}/export/elo", headers={"Accept-Language": language})
    assert served.status_code == 200
    assert translated == english == served.content
    assert english.isascii()
    assert english.startswith(b"%%Tournament: Coupe de Noel\n%%Country: France\n")

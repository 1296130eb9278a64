"""The TD JSON API: a tournament run through it by a director and an assistant."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from ratinglist.formats.elo import parse_elo
from tests.server.fixtures import PLAYER_IDS, sign_in


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def test_director_runs_a_round_and_assistant_enters_results(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    created = _json(
        director.post(
            "/api/v1/td/tournaments",
            {"name": "Paris Open", "country": "France", "start_date": "2026-11-21", "rounds": 3},
        ),
        201,
    )
    tid = created["id"]
    reg = _json(
        director.post(
            f"/api/v1/td/tournaments/{tid}/players", {"players": [str(p) for p in PLAYER_IDS]}
        ),
        201,
    )
    assert reg["entrants"] == 16
    _json(director.post(f"/api/v1/td/tournaments/{tid}/assistants", {"user": "assistant"}), 201)
    first = _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    assert first["number"] == 1 and len(first["tables"]) == 8
    with TestClient(app_client.app) as other:
        helper = sign_in(other, "assistant")
        # the assistant may enter results but not pair
        assert helper.post(f"/api/v1/td/tournaments/{tid}/rounds").status_code == 403
        for table in range(1, 9):
            entered = _json(
                helper.post(
                    f"/api/v1/td/tournaments/{tid}/results",
                    {"round": 1, "table": table, "score": "40-24"},
                ),
                201,
            )
            assert (entered["black_discs"], entered["white_discs"]) == (40, 24)
        # the same game again is a conflict, not a second result
        again = helper.post(
            f"/api/v1/td/tournaments/{tid}/results", {"round": 1, "table": 1, "score": "33-31"}
        )
        assert again.status_code in (400, 409)
    standings = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/standings"), 200)
    winners = [line for line in standings["lines"] if line["points"] == 1]
    assert len(winners) == 8
    text = app_client.get(f"/api/v1/td/tournaments/{tid}/export")
    assert text.status_code == 200
    parsed = parse_elo(text.text, "paris.ELO")
    assert not [d for d in parsed.diagnostics if d.severity.value == "error"]
    assert len(parsed.games) == 8

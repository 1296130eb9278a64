"""``tournament replay`` of an OpenGotha file: replayed through the engine's log."""

from __future__ import annotations

from pathlib import Path

from ratinglist.cli.common import user_errors
from ratinglist.cli.tournament.games.go.render import print_go_standings


def replay(
    file: Path,
    *,
    bye_discs: float,
    bq_constant: float,
    bq_rule: str,
    as_json: bool,
    criteria: str | None,
) -> None:
    """Print the standings of an OpenGotha file replayed (its placement criteria, or
    `criteria`); the Othello options are not Go's and are ignored."""
    with user_errors():
        from ratinglist.service.tournaments.games.go.files import replay_opengotha

        view = replay_opengotha(file, criteria)
    print_go_standings(view, as_json)

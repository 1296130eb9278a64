"""The final ranking of a tournament run here, for the public page of its imported file.

A tournament directed with this program (finals, byes, forfeits, third place) is ranked by
the program (`tournament.exports.final_ranking`), not by recounting the games of its file:
the file leaves forfeits out and the finals are games like any other. The stored file is
matched to the directed tournament by the queue item it was imported from (same bytes), or,
for a file imported at once on submission, by the same name and the same bytes as the
program exports now.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from sqlalchemy.engine import Connection

from ratinglist.errors import NotFoundError, TournamentError
from ratinglist.model.directed import StandingsView
from ratinglist.store import Store
from ratinglist.store.site_tournaments import TournamentDetail, directed_candidates
from ratinglist.tournament.game import game_of


@dataclass(frozen=True, slots=True)
class TieBreaks:
    """A player's points, Brightwell quotient and discs as the tournament counted them."""

    points: float
    brightwell: float
    discs: float


@dataclass(frozen=True, slots=True)
class EngineRanking:
    """A tournament run here as the program ranked it: the IDs in final order and each
    player's own tie-breaks (byes, forfeits and the tournament's Brightwell rule as
    played), not a recount of the rated games of its file."""

    order: tuple[int, ...]
    tiebreaks: dict[int, TieBreaks]


def engine_ranking(
    store: Store, conn: Connection, detail: TournamentDetail
) -> EngineRanking | None:
    """The program's final ranking and tie-breaks when the file of `detail` came from a
    tournament run here (and is still the file it produced), else None."""
    from ratinglist.service.tournaments.log import loaded

    candidates = directed_candidates(conn, detail.summary.id, detail.summary.start_date)
    for td_id, sent in candidates:
        try:
            folded = loaded(store, td_id).folded
            game = game_of(folded)
            made = game.submission(folded, folded.submitted_reason)
        except (NotFoundError, TournamentError):
            continue
        if not made.to_intake:
            continue
        if sent is None:
            if made.file_name != detail.file_name:
                continue
            sent = made.data
        if hashlib.sha256(sent).hexdigest() == detail.sha256:
            view = game.standings(folded, None, None)
            own = (
                {
                    int(line.player.id): TieBreaks(line.points, line.brightwell, line.discs)
                    for line in view.lines
                }
                if isinstance(view, StandingsView)
                else {}
            )
            return EngineRanking(game.final_order(folded), own)
    return None

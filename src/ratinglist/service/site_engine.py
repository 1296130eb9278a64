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

from sqlalchemy.engine import Connection

from ratinglist.errors import NotFoundError, TournamentError
from ratinglist.store import Store
from ratinglist.store.site_tournaments import TournamentDetail, directed_candidates
from ratinglist.tournament.game import game_of


def engine_ranking(
    store: Store, conn: Connection, detail: TournamentDetail
) -> tuple[int, ...] | None:
    """The IDs in the program's final ranking when the file of `detail` came from a
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
            return game.final_order(folded)
    return None

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


def engine_ranking(
    store: Store, conn: Connection, detail: TournamentDetail
) -> tuple[int, ...] | None:
    """The IDs in the program's final ranking when the file of `detail` came from a
    tournament run here (and is still the file it produced), else None."""
    from ratinglist.formats.elo import format_elo
    from ratinglist.service.tournaments.log import loaded
    from ratinglist.tournament.games.othello.exports import (
        final_ranking,
        results_file,
        results_file_name,
    )

    candidates = directed_candidates(conn, detail.summary.id, detail.summary.start_date)
    for td_id, sent in candidates:
        try:
            folded = loaded(store, str(td_id)).folded
        except (NotFoundError, TournamentError):
            continue
        if folded.go is not None:
            continue
        if sent is None:
            if results_file_name(folded) != detail.file_name:
                continue
            sent = format_elo(results_file(folded)).encode("utf-8")
        if hashlib.sha256(sent).hexdigest() == detail.sha256:
            return tuple(int(p.row.player) for p in final_ranking(folded))
    return None

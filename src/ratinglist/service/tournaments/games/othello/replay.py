"""The standings of a WOF results file rebuilt from its games (``tournament replay``)."""

from __future__ import annotations

from pathlib import Path

from ratinglist.errors import N_, ResultsFileError
from ratinglist.formats.diagnostics import Severity
from ratinglist.formats.elo import read_elo
from ratinglist.tournament.games.othello.game import bq_rule as rule_of
from ratinglist.tournament.games.othello.game import check_scoring_numbers
from ratinglist.tournament.games.othello.ranking_views import ReplayRow, replay_rows
from ratinglist.tournament.games.othello.replay import replay_results_file


def replay(
    path: Path,
    *,
    bye_discs: float = 40.0,
    bq_constant: float = 6.0,
    bq_rule: str = "standard",
) -> tuple[ReplayRow, ...]:
    """The standings rebuilt from a results file's games.

    Raises:
        ResultsFileError: the file cannot be read, or it has errors and no game (not a
            results file): the first error, with the count.
    """
    check_scoring_numbers(bye_discs, bq_constant)
    rf = read_elo(path)
    errors = [d for d in rf.diagnostics if d.severity is Severity.ERROR]
    if errors and not rf.games:
        raise ResultsFileError(
            N_("%(first)s (%(count)s errors, no game to replay); nothing replayed"),
            first=errors[0].format(),
            count=len(errors),
        )
    rule = rule_of(bq_rule)
    rp = replay_results_file(rf, bye_discs=bye_discs, bq_constant=bq_constant, bq_rule=rule)
    return replay_rows(rf, rp)

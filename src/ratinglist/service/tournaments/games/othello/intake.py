"""What the intake checks of an Othello results file beyond reading it: a final left undecided."""

from __future__ import annotations

from ratinglist.formats.diagnostics import Diagnostic
from ratinglist.formats.results_file import ResultsFile
from ratinglist.tournament.games.othello.finals import undecided_final


def results_file_problems(rf: ResultsFile) -> tuple[Diagnostic, ...]:
    """The warnings of the game's rules on a results file (`undecided_final`)."""
    final = undecided_final(rf)
    return () if final is None else (final,)

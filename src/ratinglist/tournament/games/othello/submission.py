"""What an Othello submission checks and what its results file says about it.

A submission with no result is refused; paired games without a result and planned rounds
never paired are gaps the director confirms with a reason (docs/decisions.md, "Issue 32: a
submission the rating officer can trust"). The gaps and the reason travel in the .ELO as
``%%`` comment lines after the header (seed 000: a line starting with ``%`` is a comment),
where `formats.elo_plausibility.completeness_diagnostics` reads them back for the intake.
Forfeits are no game lines (not played, not rated); a ``%%Forfeit`` comment names each.
"""

from __future__ import annotations

from ratinglist.formats.elo_plausibility import (
    FORFEIT_KEY,
    MISSING_KEY,
    PAIRED_KEY,
    PLANNED_KEY,
    REASON_KEY,
)
from ratinglist.model import Colour, shown_id
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import Unfinished
from ratinglist.tournament.games.othello.finals import scheduled
from ratinglist.tournament.games.othello.planning import schedule_of
from ratinglist.tournament.games.othello.play import othello, plan_of


def rounds_planned(d: FoldedTournament) -> int:
    """The rounds the system plays: round robin rounds plus Swiss rounds (before finals);
    the settings' Swiss rounds while fewer than two players are entered."""
    if plan_of(othello(d)) is None:
        return d.settings.rounds
    return schedule_of(d).total_rounds


def unfinished(d: FoldedTournament) -> Unfinished:
    """Results in, rounds planned and paired, and the paired games without a result."""
    o = othello(d)
    name = {e.id: e.name for e in o.state.entrants}
    missing = []
    results = 0
    for r in o.state.rounds[: d.paired]:
        for p in r.pairings:
            if p.result is None:
                missing.append(f"round {r.number}: {name[p.black]} v {name[p.white]}")
            else:
                results += 1
    if o.finals is not None:
        results += sum(1 for g in scheduled(o.finals) if g.result is not None)
    return Unfinished(results, rounds_planned(d), d.paired, tuple(missing))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def submission_notes(d: FoldedTournament, reason: str | None) -> tuple[tuple[str, str], ...]:
    """The ``%%`` comment lines of the results file: each forfeit, and for an unfinished
    tournament its rounds planned and paired, the games without a result and the reason."""
    o = othello(d)
    notes: list[tuple[str, str]] = []
    for r in o.state.rounds[: d.paired]:
        for p in r.pairings:
            if p.result is None or p.result.played:
                continue
            won = p.result.points(Colour.BLACK) > p.result.points(Colour.WHITE)
            winner, loser = (p.black, p.white) if won else (p.white, p.black)
            colour = Colour.BLACK if won else Colour.WHITE
            discs = f"{p.result.discs(colour)}-{p.result.discs(colour.opposite())}"
            notes.append(
                (
                    FORFEIT_KEY,
                    f"R{r.number} {shown_id(winner)} > {shown_id(loser)} (counted {discs} "
                    "in the declared scores; not played, not rated)",
                )
            )
    u = unfinished(d)
    if u.gaps:
        notes.append((PLANNED_KEY, str(u.planned)))
        notes.append((PAIRED_KEY, str(u.paired)))
        notes.append((MISSING_KEY, str(len(u.missing))))
        if reason is not None and reason.strip():
            notes.append((REASON_KEY, _one_line(reason)))
    return tuple(notes)

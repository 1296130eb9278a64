"""Rankings as the CLI prints them: class standings by name, replayed results files.

`class_rule` reads the ``--class`` names (``female``, ``youth``, ``50+``, ``60+``,
``debutants``, ``rating:LOW-HIGH``); `replay_rows` gives the standings of a replayed
results file with the file's IDs and names.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ratinglist.errors import N_, TournamentInputError
from ratinglist.formats.results_file import ResultsFile
from ratinglist.standings import ClassKind, ClassRule, class_standings
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.exports import RankedPlayer, class_members
from ratinglist.tournament.games.othello.replay import Replay

CLASS_NAMES = {
    "female": ClassKind.FEMALE,
    "youth": ClassKind.YOUTH,
    "50+": ClassKind.SENIOR_50,
    "60+": ClassKind.SENIOR_60,
    "debutants": ClassKind.DEBUTANT,
    "debutant": ClassKind.DEBUTANT,
}


def class_rule(d: FoldedTournament, text: str) -> ClassRule:
    """The class a ``--class`` value names; ages count from the tournament's year.

    ``rating:1600-1800`` is the band 1600 <= rating < 1800; either bound may be empty.
    """
    year = d.settings.start_date.year
    key = text.strip().lower()
    if key in CLASS_NAMES:
        return ClassRule(CLASS_NAMES[key], year=year)
    kind, sep, band = key.partition(":")
    low_text, dash, high_text = band.partition("-")
    bounds = (low_text.strip(), high_text.strip())
    if kind != "rating" or not sep or not dash or not all(b == "" or b.isdigit() for b in bounds):
        names = ", ".join(sorted(CLASS_NAMES))
        raise TournamentInputError(
            N_("expected a class among %(names)s or rating:LOW-HIGH, got %(text)r"),
            names=names,
            text=text,
        )
    low = int(bounds[0]) if bounds[0] else None
    high = int(bounds[1]) if bounds[1] else None
    return ClassRule(ClassKind.RATING_BAND, year=year, low=low, high=high)


def class_rows(
    d: FoldedTournament, ranking: tuple[RankedPlayer, ...], rule: ClassRule
) -> tuple[RankedPlayer, ...]:
    """The players of the class, placed 1, 2, ... by their place in `ranking`."""
    by_player = {p.row.player: p for p in ranking}
    ordered = tuple(replace(p.row, place=p.place) for p in ranking)
    members = class_members(d)
    out = []
    for place, row in class_standings(ordered, members, rule):
        p = by_player[row.player]
        out.append(RankedPlayer(place, p.row, p.name, p.country))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class ReplayRow:
    """One line of a replayed file's standings; `id` is the file's ID (text if not digits)."""

    rank: int
    id: int | str
    name: str
    points: float
    bq: float
    discs: float

    def to_dict(self) -> dict[str, int | str | float]:
        """Exactly the keys rank, id, points, bq, discs."""
        return {
            "rank": self.rank,
            "id": self.id,
            "points": self.points,
            "bq": self.bq,
            "discs": self.discs,
        }


def replay_rows(rf: ResultsFile, replay: Replay) -> tuple[ReplayRow, ...]:
    """The replayed standings with the file's IDs and names."""
    names = {p.token: f"{p.surname}, {p.firstname}".strip(", ") for p in rf.players}
    out = []
    for row in replay.standings:
        token = replay.tokens[int(row.player) - 1]
        out.append(
            ReplayRow(
                rank=row.place,
                id=int(token) if token.isdigit() else token,
                name=names.get(token, ""),
                points=row.points,
                bq=row.brightwell,
                discs=row.discs,
            )
        )
    return tuple(out)

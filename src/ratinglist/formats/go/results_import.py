"""A Go tournament from the rows of an ``.h9`` or ``.tou`` file (OpenGotha's import, GO.md g).

Each row becomes a player: surname and first name, rank (rating from the rank, origin
``INI``; OpenGotha's ``rank * 100`` is a bug we do not copy), country, club, FFG licence. A
dummy round (opponent 0) marks the player absent from it. Each game is read once from the
pair of half-games: colour ``w``/``b`` (``?``: colour unknown, first player as White), the
result from the first player's mark, ``!`` by default, the handicap. A half-game whose
opponent does not answer it (missing, another round, the same mark) is reported; a game that
would give a player two games in one round goes to that round anyway and is reported.
Tables are numbered in reading order within each round.
"""

from __future__ import annotations

from collections.abc import Sequence

from ratinglist.errors import GoRankError
from ratinglist.formats.diagnostics import Diagnostic, diagnostic
from ratinglist.model.go import parse_rank, rating_from_rank
from ratinglist.model.go.results import HalfGame, Mark, ResultsRow
from ratinglist.model.go.tournament import (
    MAX_ROUNDS,
    GeneralParameters,
    GoGame,
    GoParameters,
    GoPlayer,
    GoResult,
    GoTournament,
    Outcome,
)

_OPPOSITE = {Mark.WIN: Mark.LOSS, Mark.LOSS: Mark.WIN, Mark.JIGO: Mark.JIGO}
_BOTH = {Mark.WIN: Outcome.BOTH_WIN, Mark.LOSS: Outcome.BOTH_LOSE}


def _outcome(mark: Mark, first_is_white: bool) -> Outcome:
    if mark is Mark.UNKNOWN:
        return Outcome.UNKNOWN
    if mark is Mark.JIGO:
        return Outcome.JIGO
    first_wins = mark is Mark.WIN
    return Outcome.WHITE_WINS if first_wins == first_is_white else Outcome.BLACK_WINS


def tournament_from_rows(
    rows: Sequence[ResultsRow], source: str, name: str = ""
) -> tuple[GoTournament, tuple[Diagnostic, ...]]:
    """The tournament of `rows` (in file order) and the problems found joining half-games."""
    found: list[Diagnostic] = []
    rounds = max((len(r.rounds) for r in rows), default=1)
    players: list[GoPlayer] = []
    for index, row in enumerate(rows, start=1):
        try:
            rank = parse_rank(row.rank, clamp=True)
        except GoRankError:
            found.append(
                diagnostic(
                    "W602", f"row {index}: expected a rank, found {row.rank!r}; 30k", source, index
                )
            )
            rank = parse_rank("30k")
        absent = {r for r, game in enumerate(row.rounds) if not game.is_game}
        players.append(
            GoPlayer(
                name=row.surname,
                first_name=row.first_name or "x",
                rank=rank,
                rating=rating_from_rank(rank),
                country=row.country if len(row.country) == 2 and row.country != "XX" else "",
                club="" if row.club == "xxxx" else row.club,
                ffg_licence=row.ffg_licence,
                rating_origin="INI",
                participating=tuple(r not in absent for r in range(MAX_ROUNDS)),
            )
        )
    games: list[GoGame] = []
    busy: set[tuple[int, int]] = set()
    tables: dict[int, int] = {}
    for index, row in enumerate(rows, start=1):
        for r, half in enumerate(row.rounds):
            if not half.is_game or half.opponent == index:
                continue
            if not 1 <= half.opponent <= len(rows):
                found.append(
                    diagnostic(
                        "W602", f"row {index}, round {r + 1}: no row {half.opponent}", source, index
                    )
                )
                continue
            other = rows[half.opponent - 1].rounds
            answer: HalfGame | None = other[r] if r < len(other) else None
            # both win (``+`` on both rows) and both lose (``-`` on both) are results of
            # their own (OpenGotha's RESULT_BOTHWIN, RESULT_BOTHLOSE, GO.md f), not a mismatch
            both = (
                half.mark in _BOTH
                and answer is not None
                and answer.opponent == index
                and answer.mark is half.mark
            )
            if (
                answer is None
                or answer.opponent != index
                or (half.mark in _OPPOSITE and answer.mark is not _OPPOSITE[half.mark] and not both)
            ):
                found.append(
                    diagnostic(
                        "W602",
                        f"row {index}, round {r + 1}: row {half.opponent} does not answer "
                        f"{half.opponent}{half.mark.value}",
                        source,
                        index,
                    )
                )
                if answer is not None and answer.opponent == index and half.opponent < index:
                    continue  # already read from the other row
            elif half.opponent < index:
                continue  # read from the other row
            first, second = players[index - 1].key, players[half.opponent - 1].key
            first_white = half.colour != "b"
            if (r, index) in busy or (r, half.opponent) in busy:
                found.append(
                    diagnostic("W602", f"row {index}: two games in round {r + 1}", source, index)
                )
            busy |= {(r, index), (r, half.opponent)}
            tables[r] = tables.get(r, 0) + 1
            games.append(
                GoGame(
                    round=r,
                    table=tables[r],
                    white=first if first_white else second,
                    black=second if first_white else first,
                    handicap=half.handicap,
                    result=GoResult(
                        _BOTH[half.mark] if both else _outcome(half.mark, first_white),
                        half.by_default,
                    ),
                    known_colour=half.colour in ("w", "b"),
                )
            )
    general = GeneralParameters(short_name=name, name=name, number_of_rounds=max(1, rounds))
    return GoTournament(GoParameters(general=general), tuple(players), tuple(games)), tuple(found)

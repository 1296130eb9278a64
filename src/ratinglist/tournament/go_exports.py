"""From a Go tournament and its standings to the results files' values (GO.md e-g).

The standings (order, ties, criterion values) come from the placement criteria; this module
adds what the results files need from the tournament itself: the players implied (in a game
or a bye; the others are left out and places and opponent numbers are counted on the rest),
each round's half-game, the header (dates, komi, time system, class) and the AGA games.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from ratinglist import __version__
from ratinglist.model.go import GoRank, format_rank
from ratinglist.model.go_results import (
    AgaGame,
    AgaPlayer,
    AgaResults,
    HalfGame,
    Mark,
    ResultsHeader,
    ResultsRow,
    ResultsTable,
    TimeControl,
    TimeSystem,
)
from ratinglist.model.go_tournament import Criterion, GoGame, GoSystem, GoTournament, Outcome
from ratinglist.standings.go_scores import GoScores

PROGRAM = f"Ratinglist {__version__}"


@dataclass(frozen=True, slots=True)
class StandingLine:
    """A player's line of the standings: key, and each criterion's value as displayed."""

    key: str
    values: tuple[str, ...]


def implied_keys(t: GoTournament) -> set[str]:
    """The players in a game or a bye (OpenGotha's ``isPlayerImplied``)."""
    keys = {g.white for g in t.games} | {g.black for g in t.games}
    return keys | {b.player for b in t.byes}


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        return dt.date(1970, 1, 1)


def results_header(t: GoTournament, program: str = PROGRAM) -> ResultsHeader:
    """The header facts of `t`'s general parameters."""
    g = t.parameters.general
    try:
        system = TimeSystem(g.time_system.strip().upper())
    except ValueError:
        system = TimeSystem.SUDDEN_DEATH
    time = TimeControl(
        basic_minutes=g.basic_time,
        system=system,
        byoyomi_seconds=g.std_byoyomi_time,
        canadian_stones=g.nb_moves_can_time,
        canadian_seconds=g.can_byoyomi_time,
        fischer_seconds=g.fischer_time,
    )
    return ResultsHeader(
        short_name=g.short_name,
        name=g.name,
        location=g.location,
        begin=_date(g.begin_date),
        end=_date(g.end_date),
        komi=g.komi,
        size=g.size,
        handicap_correction=t.parameters.handicap.correction,
        time=time,
        internet=g.internet,
        program=program,
    )


def _mark(points_x2: int) -> Mark:
    return {2: Mark.WIN, 1: Mark.JIGO}.get(points_x2, Mark.LOSS)


def _half_game(game: GoGame, key: str, numbers: dict[str, int]) -> HalfGame:
    white = game.white == key
    opponent = game.black if white else game.white
    if game.result.outcome is Outcome.UNKNOWN:
        mark = Mark.UNKNOWN
    else:
        mark = _mark(game.result.points_x2(white))
    colour = ("w" if white else "b") if game.known_colour else "?"
    return HalfGame(numbers.get(opponent, 0), mark, game.result.by_default, colour, game.handicap)


def results_table(
    t: GoTournament,
    standings: Sequence[StandingLine],
    criteria: tuple[str, ...],
    program: str = PROGRAM,
) -> ResultsTable:
    """The results table of `t`: `standings` (best first) cut to the players implied.

    A player shares the place of the one above when all criterion values are equal (the
    place is then printed blank).
    """
    implied = implied_keys(t)
    lines = [line for line in standings if line.key in implied]
    numbers = {line.key: index for index, line in enumerate(lines, start=1)}
    general = t.parameters.general
    mcmahon = t.parameters.system is GoSystem.MCMAHON
    absent_x2 = general.mms2_absent if mcmahon else general.nbw2_absent
    bye_x2 = general.mms2_bye if mcmahon else general.nbw2_bye
    games: dict[tuple[int, str], GoGame] = {}
    for game in t.games:
        games[(game.round, game.white)] = game
        games[(game.round, game.black)] = game
    byes = {(b.round, b.player) for b in t.byes}
    rows: list[ResultsRow] = []
    place = 0
    for index, line in enumerate(lines, start=1):
        tied = bool(rows) and line.values == lines[index - 2].values
        place = place if tied else index
        player = t.player(line.key)
        rounds: list[HalfGame] = []
        for r in range(general.number_of_rounds):
            played = games.get((r, line.key))
            if played is not None:
                rounds.append(_half_game(played, line.key, numbers))
            elif (r, line.key) in byes:
                rounds.append(HalfGame(0, _mark(bye_x2)))
            elif not player.plays(r):
                rounds.append(HalfGame(0, _mark(absent_x2)))
            else:
                rounds.append(HalfGame(0, Mark.LOSS))
        rows.append(
            ResultsRow(
                place=place,
                tied=tied,
                surname=player.name,
                first_name=player.first_name,
                rank=format_rank(player.rank, upper=True),
                country=player.country,
                club=player.club,
                values=line.values,
                rounds=tuple(rounds),
                ffg_licence=player.ffg_licence,
                egf_pin=player.egf_pin,
                aga_id=player.aga_id,
            )
        )
    return ResultsTable(results_header(t, program), criteria, tuple(rows))


def aga_results(t: GoTournament) -> AgaResults:
    """The AGA file's values: every player, the games of each round (players' keys)."""
    g = t.parameters.general
    players = tuple(
        AgaPlayer(p.key, p.aga_id, p.name, p.first_name, format_rank(p.rank, upper=True))
        for p in t.players
    )
    rounds: list[tuple[AgaGame, ...]] = []
    for r in range(g.number_of_rounds):
        round_games = sorted((x for x in t.games if x.round == r), key=lambda x: x.table)
        rounds.append(tuple(_aga_game(x) for x in round_games))
    return AgaResults(
        name=g.name,
        location=g.location,
        begin=_date(g.begin_date),
        end=_date(g.end_date),
        players=players,
        rounds=tuple(rounds),
    )


def _aga_game(game: GoGame) -> AgaGame:
    winner = "?"
    if not game.result.by_default:
        winner = {Outcome.WHITE_WINS: "W", Outcome.BLACK_WINS: "B"}.get(game.result.outcome, "?")
    return AgaGame(game.white, game.black, winner, game.handicap)


def short_names(criteria: Sequence[Criterion]) -> tuple[str, ...]:
    """The h9 column titles of `criteria` (SOSM -> SOS, SOSOSW -> SOSOS, CUSSM -> CUSS...)."""
    titles: list[str] = []
    for criterion in criteria:
        name = criterion.value
        for long, short in (
            ("SOSOS", "SOSOS"),
            ("SODOS", "SODOS"),
            ("SOS", "SOS"),
            ("CUSS", "CUSS"),
        ):
            if name.startswith(long) and name[len(long) : len(long) + 1] in ("W", "M"):
                name = short + name[len(long) + 1 :]
                break
        titles.append(name)
    return tuple(titles)


HALF_POINT_CRITERIA = frozenset(
    {
        Criterion.NBW,
        Criterion.MMS,
        Criterion.CPS,
        Criterion.STS,
        Criterion.CUSSW,
        Criterion.CUSSM,
        Criterion.SOSW,
        Criterion.SOSWM1,
        Criterion.SOSWM2,
        Criterion.SOSM,
        Criterion.SOSMM1,
        Criterion.SOSMM2,
        Criterion.SOSTS,
        Criterion.SOSOSW,
        Criterion.SOSOSM,
        Criterion.EXT,
        Criterion.EXR,
    }
)
"""Criteria stored doubled ("X2"): shown as ``n`` or ``n½``."""
QUARTER_POINT_CRITERIA = frozenset({Criterion.SODOSW, Criterion.SODOSM})
"""Criteria stored times four: shown with ``¼ ½ ¾``."""


def display_value(criterion: Criterion, value: int) -> str:
    """A criterion value as standings show it (GO.md section e)."""
    if criterion in HALF_POINT_CRITERIA:
        return _fraction(value, 2)
    if criterion in QUARTER_POINT_CRITERIA:
        return _fraction(value, 4)
    if criterion is Criterion.CAT:
        return str(1 - value)
    if criterion is Criterion.RANK:
        return format_rank(GoRank(value), upper=True)
    return str(value)


def _fraction(value: int, parts: int) -> str:
    whole, rest = divmod(value, parts)
    return str(whole) + {0: "", 1: "¼", 2: "½", 3: "¾"}[rest * 4 // parts]


def standing_lines(t: GoTournament, round_: int | None = None) -> list[StandingLine]:
    """Every player after (0-based) `round_` (default: the last), best first.

    OpenGotha's order (GO.md section e): the placement criteria, each descending, then
    surname and first name. DC and SDC count as 0 here.
    """
    criteria = t.parameters.criteria
    r = t.parameters.general.number_of_rounds - 1 if round_ is None else round_
    scores = GoScores(t)
    keyed = []
    for player in t.players:
        values = tuple(scores.value(c, player.key, r) for c in criteria)
        keyed.append(
            (tuple(-v for v in values), player.name, player.first_name, player.key, values)
        )
    keyed.sort()
    return [
        StandingLine(key, tuple(display_value(c, v) for c, v in zip(criteria, values, strict=True)))
        for *_, key, values in keyed
    ]

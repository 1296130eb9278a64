"""The finals as stages of a directed tournament: semi-finals, final, third-place game.

The four players come from the standings (1st, 2nd, 3rd, 4th). The games due follow from
the results so far (seed 004 II.2, II.5 and III, `pairing.finals`):

* ``SF1``, ``SF2`` (with semi-finals): 1st v 4th and 2nd v 3rd, two games each, colours
  reversed in game 2;
* ``F1``, ``F2`` between the semi-final winners (without semi-finals: 1st v 2nd), ``F3``
  only when the first two are shared; game 2 reverses the colours of game 1;
* ``3P``: one game between the semi-final losers (without semi-finals: 3rd v 4th).

Each scheduled game has default colours (the higher ranked, or the chooser of game 3, has
Black); the result entered may give the colours the other way round, as they were played.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ratinglist.errors import N_, NotAllowedNow, TournamentInputError
from ratinglist.formats.diagnostics import Diagnostic, Severity
from ratinglist.formats.results_file import ResultsFile
from ratinglist.model import Outcome, PlayerId
from ratinglist.pairing.finals import (
    DrawWinChoice,
    final_needs_third_game,
    final_winner,
    match_winner,
    semifinal_pairs,
    third_game_chooser,
    third_place_winner,
)
from ratinglist.tournament.games.othello.results import Result

STAGES = ("SF1", "SF2", "3P", "F1", "F2", "F3")
RETURN_GAMES = {"SF1": "SF2", "SF2": "SF1", "F1": "F2", "F2": "F1"}
"""The two games of a match whose colours are reversed (seed 004 II.5, III.1)."""


@dataclass(frozen=True, slots=True)
class FinalsGame:
    """A finals game: its stage, Black and White, and the result once entered."""

    stage: str
    black: PlayerId
    white: PlayerId
    result: Result | None = None

    def discs_of(self, player: PlayerId) -> int:
        """The official discs of `player` in this game (the result must be known)."""
        if self.result is None:
            raise TournamentInputError(
                N_("expected a result for %(stage)s, got none"), stage=self.stage
            )
        return self.result.black_discs if player == self.black else self.result.white_discs


@dataclass(frozen=True, slots=True)
class Finals:
    """The four finalists (standings order) and the finals games entered so far."""

    players: tuple[PlayerId, PlayerId, PlayerId, PlayerId]
    games: tuple[FinalsGame, ...] = ()
    third_place_choice: DrawWinChoice = DrawWinChoice.COLOUR
    semifinals: bool = True

    def game(self, stage: str, a: PlayerId, b: PlayerId) -> FinalsGame | None:
        """The entered game of `stage` between `a` and `b`, or None."""
        for g in self.games:
            if g.stage == stage and {g.black, g.white} == {a, b}:
                return g
        return None

    def rank(self, player: PlayerId) -> int:
        """0 for the 1st of the standings ... 3 for the 4th."""
        return self.players.index(player)


def _side_games(
    f: Finals, a: PlayerId, b: PlayerId, stages: tuple[str, ...]
) -> list[tuple[int, int]]:
    out = []
    for stage in stages:
        g = f.game(stage, a, b)
        if g is not None and g.result is not None:
            out.append((g.discs_of(a), g.discs_of(b)))
    return out


def semifinal_results(f: Finals) -> tuple[tuple[PlayerId, PlayerId], ...] | None:
    """(winner, loser) of each semi-final, or None while a semi-final game is missing.

    Without semi-finals: (1st, 3rd) and (2nd, 4th), so that the final is 1st v 2nd and the
    third-place game 3rd v 4th.
    """
    if not f.semifinals:
        p = f.players
        return ((p[0], p[2]), (p[1], p[3]))
    out = []
    for a, b in semifinal_pairs(f.players):
        games = _side_games(f, a, b, ("SF1", "SF2"))
        if len(games) < 2:
            return None
        w = match_winner(a, b, games)
        out.append((w, b if w == a else a))
    return tuple(out)


def _higher_first(f: Finals, x: PlayerId, y: PlayerId) -> tuple[PlayerId, PlayerId]:
    return (x, y) if f.rank(x) < f.rank(y) else (y, x)


def _reversed_of(f: Finals, stage: str, a: PlayerId, b: PlayerId) -> tuple[PlayerId, PlayerId]:
    """The colours of the return game: reversed from the entered (or default) first game."""
    g = f.game(stage, a, b)
    if g is None:
        return b, a
    return g.white, g.black


def scheduled(f: Finals) -> tuple[FinalsGame, ...]:
    """Every finals game due so far with its colours (entered colours when entered)."""
    due: list[FinalsGame] = []
    for a, b in semifinal_pairs(f.players) if f.semifinals else ():
        due.append(FinalsGame("SF1", a, b))
        sb, sw = _reversed_of(f, "SF1", a, b)
        due.append(FinalsGame("SF2", sb, sw))
    semis = semifinal_results(f)
    if semis is not None:
        (w1, l1), (w2, l2) = semis
        a, b = _higher_first(f, w1, w2)
        c, d = _higher_first(f, l1, l2)
        due.append(FinalsGame("3P", c, d))
        due.append(FinalsGame("F1", a, b))
        fb, fw = _reversed_of(f, "F1", a, b)
        due.append(FinalsGame("F2", fb, fw))
        games = _side_games(f, a, b, ("F1", "F2"))
        if len(games) == 2 and final_needs_third_game(games):
            chooser = third_game_chooser(a, b, games)
            due.append(FinalsGame("F3", chooser, b if chooser == a else a))
    return tuple(f.game(g.stage, g.black, g.white) or g for g in due)


def record_finals_result(
    f: Finals, stage: str, black: PlayerId, white: PlayerId, result: Result, correction: bool
) -> Finals:
    """Enter (or, with `correction`, replace) the result of a scheduled finals game.

    Raises:
        TournamentError: the stage is unknown, the game is not due, or it already has a
            result (entry) or has none yet (correction).
    """
    if stage not in STAGES:
        raise TournamentInputError(
            N_("expected a finals stage among %(stages)s, got %(stage)r"),
            stages=", ".join(STAGES),
            stage=stage,
        )
    due = [g for g in scheduled(f) if g.stage == stage and {g.black, g.white} == {black, white}]
    if not due:
        raise TournamentInputError(
            N_("expected a scheduled %(stage)s game, got %(black)s - %(white)s"),
            stage=stage,
            black=black,
            white=white,
        )
    partner = RETURN_GAMES.get(stage)
    if partner is not None:
        other = f.game(partner, black, white)
        if other is not None and other.black == black:
            raise TournamentInputError(
                N_(
                    "expected %(stage)s with the colours of %(partner)s reversed (Black "
                    "%(white)s), got Black %(black)s in both"
                ),
                stage=stage,
                partner=partner,
                white=other.white,
                black=black,
            )
    old = f.game(stage, black, white)
    if correction and old is None:
        raise NotAllowedNow(
            N_("expected an entered %(stage)s result to correct, got none"), stage=stage
        )
    if not correction and old is not None:
        raise NotAllowedNow(
            N_(
                "expected a %(stage)s game without result, got %(black)s - %(white)s "
                "already entered (use correct)"
            ),
            stage=stage,
            black=black,
            white=white,
        )
    games = (*tuple(g for g in f.games if g is not old), FinalsGame(stage, black, white, result))
    return replace(f, games=games)


def finals_places(
    f: Finals,
) -> tuple[PlayerId | None, PlayerId | None, PlayerId | None, PlayerId | None]:
    """1st, 2nd, 3rd and 4th once decided (None while the deciding games are missing)."""
    first = second = third = fourth = None
    semis = semifinal_results(f)
    if semis is None:
        return first, second, third, fourth
    (w1, l1), (w2, l2) = semis
    a, b = _higher_first(f, w1, w2)
    games = _side_games(f, a, b, ("F1", "F2", "F3"))
    if len(games) == 3 or (len(games) == 2 and not final_needs_third_game(games)):
        first = final_winner(a, b, games)
        second = b if first == a else a
    c, d = _higher_first(f, l1, l2)
    g = f.game("3P", c, d)
    if g is not None and g.result is not None:
        third = third_place_winner(c, d, f.third_place_choice, g.discs_of(c), g.discs_of(d))
        fourth = d if third == c else c
    return first, second, third, fourth


def match_label(f: Finals, game: FinalsGame) -> str:
    """Which match a finals game belongs to, e.g. ``semi-final 1st v 4th``, ``final``."""
    if game.stage.startswith("SF"):
        ranks = sorted((f.rank(game.black), f.rank(game.white)))
        return f"semi-final {ORDINALS[ranks[0]]} v {ORDINALS[ranks[1]]}"
    return "third place" if game.stage == "3P" else "final"


ORDINALS = ("1st", "2nd", "3rd", "4th")


def missing_finals(f: Finals) -> tuple[FinalsGame, ...]:
    """The finals games due (`scheduled`) that have no result yet: empty once every place
    the finals decide is decided."""
    return tuple(g for g in scheduled(f) if g.result is None)


UNDECIDED_FINAL = "undecided-final"


def undecided_final(rf: ResultsFile) -> Diagnostic | None:
    """A warning when the finals games of a results file (after ``%%Added results``) end
    with a final shared after two games: the last two games are the same pair, each won one
    (or drew) and no third game follows (seed 004 III.1: the final is best of three)."""
    added = [g for g in rf.games if g.added and g.excluded is None]
    if len(added) < 2:
        return None
    last = added[-1]
    pair = {last.first, last.second}
    games = [g for g in added if {g.first, g.second} == pair]
    if len(games) != 2:
        return None
    won = [g.outcome if g.first == last.first else g.outcome.reversed() for g in games]
    if won.count(Outcome.WIN) == 2 or won.count(Outcome.LOSS) == 2:
        return None
    names = {p.token: f"{p.surname}, {p.firstname}".strip(", ") for p in rf.players}
    return Diagnostic(
        code=UNDECIDED_FINAL,
        severity=Severity.WARNING,
        message=(
            f"expected a decided final, got {names.get(last.first, last.first)} v "
            f"{names.get(last.second, last.second)} shared after two games and no third "
            f"game (the final is best of three)"
        ),
        source=rf.source,
        line=last.line,
    )

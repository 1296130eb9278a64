"""Othello behind the `Game` seam: the WOF's systems, disc scores, Brightwell standings,
finals, temporary IDs and the .ELO results file (seed 004, DOMAIN.md)."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from dataclasses import fields
from typing import Final

from ratinglist.errors import (
    N_,
    ConflictError,
    NotAllowedNow,
    NotOffered,
    TournamentInputError,
)
from ratinglist.formats.elo import format_elo
from ratinglist.model import Colour, PlayerId
from ratinglist.model.directed import (
    CostLine,
    EnteredResult,
    EntrantLine,
    ExplainView,
    FinalsLine,
    FinalsView,
    NewSettings,
    Person,
    ResultSpec,
    RoundView,
    ShownCell,
    ShownColumn,
    ShownRow,
    ShownTable,
    StandingLine,
    Standings,
    StandingsView,
    TableLine,
)
from ratinglist.model.forecast import Forecast, ScoreModel
from ratinglist.model.ids import is_temporary_player
from ratinglist.model.report import PairingReport
from ratinglist.pairing import System
from ratinglist.pairing.systems import PLANS
from ratinglist.standings import BrightwellRule
from ratinglist.tournament import events as ev
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import (
    ExportFile,
    Game,
    RoundCount,
    Submission,
    Unfinished,
)
from ratinglist.tournament.games.othello import events as othello_events
from ratinglist.tournament.games.othello.events import EVENTS
from ratinglist.tournament.games.othello.exports import (
    final_ranking,
    pairing_sheet,
    result_slips,
    results_file,
    results_file_name,
    standings_csv,
)
from ratinglist.tournament.games.othello.finals import match_label, missing_finals, scheduled
from ratinglist.tournament.games.othello.html_page import html_page
from ratinglist.tournament.games.othello.play import (
    MAX_ROUND,
    OthelloPlay,
    apply_othello,
    othello,
    plan_of,
    result_of,
)
from ratinglist.tournament.games.othello.ranking_views import CLASS_NAMES, class_rows, class_rule
from ratinglist.tournament.games.othello.results import (
    Result,
    SpecialResult,
    counted_discs,
    make_result,
)
from ratinglist.tournament.games.othello.state import TournamentState
from ratinglist.tournament.games.othello.submission import (
    rounds_planned,
    submission_notes,
    unfinished,
)
from ratinglist.tournament.games.othello.tables import at_table, board_order, fixed_tables

BQ_RULES = {"standard": BrightwellRule.IFRL, "singapore": BrightwellRule.SINGAPORE}
SPECIALS = {
    "time-default": SpecialResult.TIME_DEFAULT,
    "flag": SpecialResult.SECOND_FLAG_FALL,
    "resign": SpecialResult.RESIGNATION,
    "forfeit": SpecialResult.FORFEIT,
}
_SCORE = re.compile(r"\s*(\d{1,2})\s*(?:[-:\u2013\u2014]|\s)\s*(\d{1,2})\s*")
OthelloResult = othello_events.ResultEntered | othello_events.ResultCorrected


def bq_rule(text: str) -> BrightwellRule:
    """The Brightwell rule named ``standard`` (IFRL) or ``singapore``."""
    rule = BQ_RULES.get(text.strip().lower())
    if rule is None:
        raise TournamentInputError(
            N_("expected a --bq-rule standard or singapore, got %(text)r"), text=text
        )
    return rule


def check_scoring_numbers(bye_discs: float, bq_constant: float) -> None:
    """Refuse `bye_discs` and `bq_constant` (Brightwell C) that cannot score a tournament:
    discs of a bye from 0 to 64 (the board's squares), C finite and not negative.

    Raises:
        TournamentInputError: either is out of range (or not a number).
    """
    if not 0 <= bye_discs <= 64:  # False for nan too
        raise TournamentInputError(
            N_("expected --bye-discs from 0 to 64, got %(bye_discs)s"), bye_discs=bye_discs
        )
    if not 0 <= bq_constant < math.inf:
        raise TournamentInputError(
            N_("expected --bq-constant a number of 0 or more, got %(bq_constant)s"),
            bq_constant=bq_constant,
        )


def _discs(score: str) -> tuple[int, int]:
    found = _SCORE.fullmatch(score)
    if found is None:
        raise TournamentInputError(
            N_("expected a disc score such as 40-24 or 40 24, got %(score)r"), score=score
        )
    return int(found.group(1)), int(found.group(2))


def names(d: FoldedTournament, black: PlayerId, white: PlayerId) -> str:
    """``SURNAME, First v SURNAME, First`` (an ID where there is no entrant)."""
    o = othello(d)

    def name(pid: PlayerId) -> str:
        entrant = o.state.by_id().get(pid)
        return str(pid) if entrant is None else entrant.name

    return f"{name(black)} v {name(white)}"


def _game(d: FoldedTournament, spec: ResultSpec) -> tuple[str, PlayerId, PlayerId, int | None]:
    """Round label, Black, White and table of the game a spec names."""
    label = str(d.paired) if spec.round is None else spec.round.strip().upper()
    if spec.table is not None:
        if not label.isdigit():
            raise TournamentInputError(
                N_("expected a round number with a table, got %(label)r"), label=label
            )
        p = at_table(d, int(label), spec.table)
        if spec.black is not None or spec.white is not None:
            named = {spec.black, spec.white}
            if named != {int(p.black), int(p.white)}:
                shown = names(d, PlayerId(spec.black or 0), PlayerId(spec.white or 0))
                raise ConflictError(
                    N_(
                        "expected table %(table)s of round %(label)s to hold %(shown)s (the "
                        "game you saw), got %(d)s there now; nothing written, look at round "
                        "%(label)s again"
                    ),
                    table=spec.table,
                    label=label,
                    shown=shown,
                    d=names(d, p.black, p.white),
                )
        return label, p.black, p.white, spec.table
    if spec.black is None or spec.white is None:
        raise TournamentInputError(
            N_("expected BLACK and WHITE player IDs or --table, got neither")
        )
    black, white = PlayerId(spec.black), PlayerId(spec.white)
    table = None
    if label.isdigit() and 1 <= int(label) <= d.paired:
        order = board_order(d, int(label))
        table = next(
            (k for k, p in enumerate(order, start=1) if (p.black, p.white) == (black, white)),
            None,
        )
    return label, black, white, table


def _result(spec: ResultSpec, black: PlayerId, white: PlayerId) -> Result:
    discs = None if spec.score is None else _discs(spec.score)
    if spec.special is None:
        if discs is None:
            raise TournamentInputError(N_("expected a disc score such as 40-24, got none"))
        if discs == (0, 0):
            raise TournamentInputError(
                N_(
                    "expected a disc score such as 40-24, got 0-0: no Othello game ends 0-0"
                    " (a game not played is a special result, e.g. forfeit with its winner)"
                )
            )
        return Result(*counted_discs(*discs))
    kind = SPECIALS.get(spec.special.strip().lower())
    if kind is None:
        raise TournamentInputError(
            N_("expected a special result among %(specials)s, got %(special)r"),
            specials=", ".join(SPECIALS),
            special=spec.special,
        )
    if spec.winner not in (int(black), int(white)):
        got = "none" if spec.winner is None else str(spec.winner)
        raise TournamentInputError(
            N_("expected the winner %(black)s or %(white)s, got %(got)s"),
            black=black,
            white=white,
            got=got,
        )
    colour = Colour.BLACK if spec.winner == int(black) else Colour.WHITE
    on_board = (0, 0) if discs is None else discs
    mine, theirs = on_board if colour is Colour.BLACK else on_board[::-1]
    return make_result(colour, kind, mine, theirs)


def _othello_result(event: ev.Event) -> OthelloResult:
    if not isinstance(event, othello_events.ResultEntered | othello_events.ResultCorrected):
        raise NotOffered(N_("expected an Othello result, got a %(kind)r event"), kind=event.kind)
    return event


def _person(d: FoldedTournament, pid: PlayerId) -> Person:
    o = othello(d)
    return Person(pid, o.state.entrant(pid).name)


def _sheet(d: FoldedTournament, number: int) -> bytes:
    return pairing_sheet(d, number).encode("utf-8")


def _paired_round(d: FoldedTournament, number: int) -> None:
    if not 1 <= number <= d.paired:
        raise TournamentInputError(
            N_("expected a paired round (1-%(paired)s), got %(number)s"),
            paired=d.paired,
            number=number,
        )


# The pairing engine (numpy, rustworkx) is imported by the methods that plan, explain or
# forecast a round (`planning`, `report`, `forecast`): entering or correcting a result, a
# standings table or an export does not load it.


class _Finals:
    """Othello's finals: the top four after the rounds (seed 004 II.5)."""

    def start(self, d: FoldedTournament) -> ev.Event:
        from ratinglist.tournament.games.othello.planning import finalists

        return othello_events.FinalsStarted(finalists(d))

    def finalists(self, d: FoldedTournament) -> tuple[PlayerId, ...]:
        from ratinglist.tournament.games.othello.planning import finalists

        return finalists(d)

    def view(self, d: FoldedTournament, started: bool) -> FinalsView | None:
        finals = othello(d).finals
        if finals is None:
            return None
        games = tuple(
            FinalsLine(
                g.stage,
                match_label(finals, g),
                _person(d, g.black),
                _person(d, g.white),
                "" if g.result is None else f"{g.result.black_discs}-{g.result.white_discs}",
                "" if g.result is None else g.result.kind,
            )
            for g in scheduled(finals)
        )
        return FinalsView(d.settings.name, games, started)


class _Forecast:
    def forecast(
        self, d: FoldedTournament, model: ScoreModel, runs: int, seed: int, seq: int
    ) -> Forecast:
        from ratinglist.tournament.games.othello.forecast import othello_forecast

        return othello_forecast(d, model, runs, seed, seq)


class _WofRegistry:
    """Players come from the WOF registry, with the ratings of its published lists."""

    def registrations(self, d: FoldedTournament) -> tuple[ev.Registered, ...]:
        return othello(d).people


class _TemporaryIds:
    def entrants(self, d: FoldedTournament) -> tuple[ev.Registered, ...]:
        return tuple(p for p in othello(d).people if is_temporary_player(p.player))


class _Costs:
    """The Swiss rounds' pairing costs (seed 004's criteria)."""

    def explain(
        self, d: FoldedTournament, number: int, asked: Sequence[tuple[int, int]]
    ) -> ExplainView:
        if asked:
            raise NotOffered(N_("expected --pair for a Go tournament only"))
        from ratinglist.tournament.games.othello.planning import explain_round

        ex = explain_round(d, number)
        pairs = tuple(
            CostLine(
                black=_person(d, p.black),
                white=None if p.white is None else _person(d, p.white),
                forced=p.forced,
                parts=tuple((name, int(v)) for name, v in p.parts),
                cost=int(p.cost),
            )
            for p in ex.pairs
        )
        extra = None if ex.forced_extra is None else int(ex.forced_extra)
        return ExplainView(number, d.settings.preset, pairs, int(ex.total), extra)

    def report(self, d: FoldedTournament, number: int) -> PairingReport:
        from ratinglist.tournament.games.othello.report import othello_pairing_report

        return othello_pairing_report(d, number)


class Othello(Game):
    """The `Game` of Othello."""

    name = ev.OTHELLO
    label = "Othello"
    systems = tuple(s.value for s in System)
    result_help = "Black's discs - White's discs, e.g. 40-24"
    specials = tuple(SPECIALS)
    result_choices = ()
    settings_fields = ()
    submit_label = "Submit to the rating officer"
    submit_confirm = "Close the tournament and send it to the rating officer?"
    classes = tuple(k for k in CLASS_NAMES if k != "debutant")
    main_export = "elo"
    finals_rules = _Finals()
    forecaster = _Forecast()
    registry_source = _WofRegistry()
    temporary_ids = _TemporaryIds()
    pairing_costs = _Costs()
    seat_edits = True
    seat_labels = ("Black", "White")
    edit_page = False
    events = EVENTS
    registration_help = (
        "a registered player by name or WOF ID, or a new player: 'SURNAME,First' with a country"
    )

    def new_play(self, settings: ev.Settings) -> OthelloPlay:
        if settings.system is not None:
            try:
                System(settings.system)
            except ValueError as exc:
                known = ", ".join(s.value for s in System)
                raise TournamentInputError(
                    N_("expected a system among %(known)s, got %(system)r"),
                    known=known,
                    system=settings.system,
                ) from exc
        return OthelloPlay(settings=settings, state=TournamentState(seed=settings.seed))

    def apply(self, d: FoldedTournament, event: ev.Event) -> OthelloPlay:
        o = othello(d)
        return apply_othello(o, event)

    def games_between(self, d: FoldedTournament, a: PlayerId, b: PlayerId) -> tuple[int, ...]:
        pair = {a, b}
        return tuple(
            r.number
            for r in othello(d).state.rounds
            if any({p.black, p.white} == pair for p in r.pairings)
        )

    def is_forbidden(self, d: FoldedTournament, a: PlayerId, b: PlayerId) -> bool:
        return frozenset((a, b)) in othello(d).state.never_pair

    def after_closing(self, event: ev.Event) -> bool:
        return isinstance(event, ev.IdAssigned)

    def created_settings(self, new: NewSettings, seed: int) -> ev.Settings:
        for option, value in (
            ("--bar", new.bar),
            ("--floor", new.floor),
            ("--criteria", new.criteria),
            ("--team-size", new.team_size),
            ("--team-criteria", new.team_criteria),
            ("a Go setting", _go_options_given(new)),
        ):
            if value is not None:
                raise NotOffered(
                    N_("expected %(option)s only with --game go, got %(value)r"),
                    option=option,
                    value=value,
                )
        from ratinglist.tournament.games.othello.planning import parse_system

        check_scoring_numbers(new.bye_discs, new.bq_constant)
        return ev.Settings(
            name=new.name,
            country=new.country,
            start=new.start,
            end=new.end,
            sender=new.sender,
            system=None if new.system is None else parse_system(new.system).value,
            preset=new.preset,
            rounds=_rounds(new.rounds),
            seed=seed,
            bye_discs=new.bye_discs,
            bq_constant=new.bq_constant,
            bq_rule=bq_rule(new.bq_rule).value,
        )

    def person(self, d: FoldedTournament, player: PlayerId) -> Person:
        return _person(d, player)

    def name_of(self, d: FoldedTournament, player: PlayerId) -> str:
        o = othello(d)
        entrant = o.state.by_id().get(player)
        return str(player) if entrant is None else entrant.name

    def count(self, d: FoldedTournament) -> RoundCount:
        o = othello(d)
        current = o.state.rounds[d.paired - 1].pairings if d.paired else ()
        entered = sum(1 for p in current if p.result is not None)
        return RoundCount(len(o.state.entrants), len(current), entered)

    def next_round(self, d: FoldedTournament, group_max: int | None) -> ev.Event:
        if group_max is not None:
            raise NotOffered(N_("expected a Go tournament for --group-max, got Othello"))
        from ratinglist.tournament.games.othello.planning import next_pairing

        paired, _ = next_pairing(d)
        return fixed_tables(d, paired)

    def result_event(
        self, d: FoldedTournament, spec: ResultSpec, correction: bool
    ) -> tuple[ev.Event, int | None]:
        label, black, white, table = _game(d, spec)
        res = _result(spec, black, white)
        cls = othello_events.ResultCorrected if correction else othello_events.ResultEntered
        return cls(label, black, white, res.black_discs, res.white_discs, res.special.value), table

    def repeated(self, d: FoldedTournament, event: ev.Event) -> bool:
        o = othello(d)
        if not isinstance(event, othello_events.ResultEntered):
            return False
        wanted = result_of(event)
        if not event.round.isdigit():
            if o.finals is None:
                return False
            g = o.finals.game(event.round, event.black, event.white)
            return g is not None and g.black == event.black and g.result == wanted
        number = int(event.round)
        if not 1 <= number <= d.paired:
            return False
        p = o.state.rounds[number - 1].pairing_of(event.black)
        return (
            p is not None
            and (p.black, p.white) == (event.black, event.white)
            and (p.result == wanted)
        )

    def entered(self, d: FoldedTournament, event: ev.Event, table: int | None) -> EnteredResult:
        e = _othello_result(event)
        return EnteredResult(
            round=e.round,
            table=table,
            black=_person(d, e.black),
            white=_person(d, e.white),
            black_discs=e.black_discs,
            white_discs=e.white_discs,
            special=e.special,
            corrected=isinstance(e, othello_events.ResultCorrected),
        )

    def table_players(
        self, d: FoldedTournament, event: ev.Event, table: int | None
    ) -> tuple[int, frozenset[PlayerId]] | None:
        o = othello(d)
        e = _othello_result(event)
        if table is None or not e.round.isdigit():
            return None
        number = int(e.round)
        if not 1 <= number <= d.paired or o.state.rounds[number - 1].tables:
            # fixed tables move only with a new pairing (an undo, then pairing again),
            # which a write based on an older log refuses anyway
            return None
        return number, frozenset((e.black, e.white))

    def players_at(self, d: FoldedTournament, round_number: int, table: int) -> frozenset[PlayerId]:
        p = at_table(d, round_number, table)
        return frozenset((p.black, p.white))

    def entrants(self, d: FoldedTournament) -> tuple[EntrantLine, ...]:
        o = othello(d)
        return tuple(
            EntrantLine(
                Person(e.id, e.name),
                e.country,
                "" if e.rating is None else str(e.rating),
                o.state.withdrawn_from(e.id) is not None,
            )
            for e in o.state.entrants
        )

    def rounds_with_results(self, d: FoldedTournament) -> int:
        o = othello(d)
        return sum(
            1 for r in o.state.rounds[: d.paired] if any(p.result is not None for p in r.pairings)
        )

    def system_label(self, d: FoldedTournament) -> str:
        return othello_system_label(d)

    def progress(self, d: FoldedTournament) -> tuple[int, str]:
        o = othello(d)
        paired = d.paired
        if paired == 0:
            return 0, "before round 1"
        last = o.state.rounds[paired - 1]
        if last.complete:
            done, text = paired, f"after round {paired}"
        else:
            done = paired - 1
            entered = sum(1 for p in last.pairings if p.result is not None)
            current = f"round {paired}: {entered} of {len(last.pairings)} results in"
            text = current if done == 0 else f"after round {done}; {current}"
        if o.finals is not None:
            text += ", finals played" if not missing_finals(o.finals) else ", finals under way"
        return done, text

    def round_view(self, d: FoldedTournament, number: int, seq: int) -> RoundView:
        o = othello(d)
        _paired_round(d, number)
        r = o.state.rounds[number - 1]
        points = {row.player: row.points for row in o.standings(number - 1)}
        tables = tuple(
            TableLine(
                table=k,
                black=_person(d, p.black),
                black_points=points[p.black],
                white=_person(d, p.white),
                white_points=points[p.white],
                result="" if p.result is None else f"{p.result.black_discs}-{p.result.white_discs}",
                kind="" if p.result is None else p.result.kind,
            )
            for k, p in enumerate(board_order(d, number), start=1)
        )
        byes = tuple((_person(d, pid), points[pid]) for pid in r.byes)
        absent = tuple(_person(d, pid) for pid in sorted(r.absent))
        return RoundView(d.settings.name, number, seq, tables, byes, absent)

    def standings(
        self, d: FoldedTournament, class_name: str | None, criteria: str | None
    ) -> StandingsView:
        if criteria is not None:
            raise NotOffered(
                N_("expected --criteria for a Go tournament only, got %(criteria)r"),
                criteria=criteria,
            )
        ranking = final_ranking(d)
        rows = ranking if class_name is None else class_rows(d, ranking, class_rule(d, class_name))
        lines = tuple(
            StandingLine(
                place=p.place,
                player=Person(p.row.player, p.name),
                country=p.country,
                points=p.row.points,
                brightwell=p.row.brightwell,
                discs=p.row.discs,
                withdrawn=p.row.withdrawn,
            )
            for p in rows
        )
        label = d.settings.name + ("" if class_name is None else f" ({class_name})")
        done, progress = self.progress(d)
        return StandingsView(d.settings.name, label, done, lines, progress)

    def slips(self, d: FoldedTournament, number: int) -> str:
        _paired_round(d, number)
        return result_slips(d, number)

    def exports(
        self, d: FoldedTournament, options: frozenset[str] = frozenset()
    ) -> tuple[ExportFile, ...]:
        if options:
            raise NotOffered(
                N_("expected no export options for an Othello tournament, got %(options)s"),
                options=sorted(options),
            )
        name = results_file_name(d)
        stem = name.rsplit(".", 1)[0]
        files = [
            ExportFile(
                "elo",
                "WOF results file (.ELO)",
                name,
                "text/plain; charset=utf-8",
                lambda: format_elo(
                    results_file(d, notes=submission_notes(d, d.submitted_reason))
                ).encode("utf-8"),
            ),
            ExportFile(
                "html",
                "results page (HTML)",
                f"{stem}.html",
                "text/html; charset=utf-8",
                lambda: html_page(d).encode("utf-8"),
            ),
            ExportFile(
                "csv",
                "standings (CSV)",
                f"{stem}.csv",
                "text/csv; charset=utf-8",
                lambda: standings_csv(d).encode("utf-8"),
            ),
        ]
        files += [
            ExportFile(
                f"sheet{k}",
                f"pairing sheet of round {k}",
                f"round{k:02d}.txt",
                "text/plain; charset=utf-8",
                functools.partial(_sheet, d, k),
                group="sheets",
            )
            for k in range(1, d.paired + 1)
        ]
        return tuple(files)

    def rounds_planned(self, d: FoldedTournament) -> int:
        return rounds_planned(d)

    def unfinished(self, d: FoldedTournament) -> Unfinished:
        return unfinished(d)

    def submission(self, d: FoldedTournament, reason: str | None = None) -> Submission:
        o = othello(d)
        if o.finals is not None and missing_finals(o.finals):
            due = ", ".join(
                f"{g.stage} {_person(d, g.black).name} v {_person(d, g.white).name}"
                for g in missing_finals(o.finals)
            )
            raise NotAllowedNow(
                N_(
                    "expected every finals game played before the submission, got %(due)s "
                    "without a result"
                ),
                due=due,
            )
        rf = results_file(d, notes=submission_notes(d, reason))
        return Submission(results_file_name(d), format_elo(rf).encode("utf-8"), len(rf.games), True)

    def final_order(self, d: FoldedTournament) -> tuple[int, ...]:
        return tuple(int(p.row.player) for p in final_ranking(d))

    def shown_standings(self, view: Standings) -> ShownTable:
        if not isinstance(view, StandingsView):
            raise NotOffered(N_("expected Othello standings (points, Brightwell, discs)"))
        columns = (
            ShownColumn("#"),
            ShownColumn("Player"),
            ShownColumn("Country"),
            ShownColumn("Points", "n"),
            ShownColumn("Brightwell", "n"),
            ShownColumn("Discs", "n"),
        )
        rows = tuple(
            ShownRow(
                (
                    ShownCell(str(s.place)),
                    ShownCell(s.player.name),
                    ShownCell(s.country),
                    ShownCell(f"{s.points:g}"),
                    ShownCell(f"{round(s.brightwell, 1)}"),
                    ShownCell(f"{s.discs:g}"),
                ),
                excluded=s.withdrawn,
            )
            for s in view.lines
        )
        return ShownTable(columns, rows)


GAME: Final = Othello()
"""The game of Othello."""


SYSTEM_WORDS: Final = {
    System.SWISS: "Swiss",
    System.ROUND_ROBIN: "Round robin",
    System.DOUBLE_ROUND_ROBIN: "Double round robin",
    System.TRIPLE_ROUND_ROBIN: "Triple round robin",
    System.ROUND_ROBIN_THEN_SWISS: "Round robin then {swiss} Swiss rounds",
    System.ROUND_ROBIN_THEN_SEMIFINALS: "Round robin then {swiss} Swiss rounds and semi-finals",
}
"""The EOC systems in words (`othello_system_label`)."""


def othello_system_label(d: FoldedTournament) -> str:
    """The system of an Othello tournament in words: ``Swiss, 7 rounds`` or ``Round robin,
    8 players``; before two entrants, the chosen system or the EOC table by player count."""
    s = d.settings
    plan = plan_of(othello(d))
    if plan is None:
        if s.system is None:
            return f"By player count (EOC table), {s.rounds} rounds if Swiss"
        chosen = System(s.system)
        if chosen is System.SWISS:
            return f"Swiss, {s.rounds} rounds"
        return SYSTEM_WORDS[chosen].format(swiss=PLANS[chosen].swiss_rounds)
    words = SYSTEM_WORDS[plan.system].format(swiss=plan.swiss_rounds)
    if plan.system is System.SWISS:
        return f"{words}, {plan.swiss_rounds} rounds"
    players = sum(1 for e in othello(d).state.entrants if e.first_round == 1)
    return f"{words}, {players} players"


_OPTION_OF_FIELD = {"egf_class": "class", "parameters": "set"}


def _go_options_given(new: NewSettings) -> str | None:
    """The Go options given to an Othello tournament, as typed (``--class, --komi``)."""
    options = new.go_options
    if options is None or options.empty:
        return None
    given = [f.name for f in fields(options) if getattr(options, f.name) != f.default]
    return ", ".join("--" + _OPTION_OF_FIELD.get(n, n).replace("_", "-") for n in given)


def _rounds(rounds: int | None) -> int:
    """The Swiss rounds of a new tournament (default `ev.DEFAULT_ROUNDS`).

    Raises:
        TournamentInputError: fewer than one, or more than `MAX_ROUND`.
    """
    if rounds is None:
        return ev.DEFAULT_ROUNDS
    if not 1 <= rounds <= MAX_ROUND:
        raise TournamentInputError(
            N_("expected --rounds from 1 to %(max_round)s, got %(rounds)s"),
            max_round=MAX_ROUND,
            rounds=rounds,
        )
    return rounds

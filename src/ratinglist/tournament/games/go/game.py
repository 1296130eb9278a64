"""Go behind the `Game` seam: OpenGotha's systems and pairing, Go results (``1-0``, jigo,
by default), placement criteria, and the OpenGotha XML, EGF ``.h9``, FFG ``.tou`` and AGA
files (GO.md)."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from ratinglist.errors import N_, NotOffered, TournamentError, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.directed import (
    EnteredResult,
    EntrantLine,
    ExplainView,
    GoStandingsView,
    NewSettings,
    Person,
    ResultSpec,
    RoundView,
    ShownCell,
    ShownColumn,
    ShownRow,
    ShownTable,
    Standings,
)
from ratinglist.model.forecast import Forecast, ScoreModel
from ratinglist.model.go import format_rank
from ratinglist.model.go.results import FileKind
from ratinglist.model.go.tournament import COMPAT_GROUP_MAX, Outcome
from ratinglist.model.report import PairingReport
from ratinglist.tournament import events as ev
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import (
    ExportFile,
    Game,
    RoundCount,
    Submission,
    Unfinished,
)
from ratinglist.tournament.games.go import events as go_events
from ratinglist.tournament.games.go.director import (
    GO_SYSTEMS,
    go_created_settings,
    go_explain_view,
    go_person,
    go_result_event,
    go_round_view,
    go_standings_view,
    result_text,
    team_parameters,
)
from ratinglist.tournament.games.go.edits import apply_edit, is_edit
from ratinglist.tournament.games.go.events import EVENTS
from ratinglist.tournament.games.go.forecast import go_forecast
from ratinglist.tournament.games.go.state import GoState, apply_go, go_play, go_result, new_go_state

GoResultEvent = go_events.GoResultEntered | go_events.GoResultCorrected
EXPORT_OPTION_LABELS = (
    ("egd-pins", "h9", "the players' EGF PINs on their lines (|12345678)"),
    ("drop-by-default", "h9", "games won by default written as not played (0=)"),
)
"""Options of the ``.h9`` export: EGF PINs on the lines; by-default games as not played."""
EXPORT_OPTIONS = frozenset(name for name, _, _ in EXPORT_OPTION_LABELS)
FILES = (
    (FileKind.XML, "OpenGotha tournament (XML)", "xml", "application/xml"),
    (FileKind.H9, "EGF results (.h9)", "h9", "text/plain; charset=utf-8"),
    (FileKind.TOU, "FFG results (.tou)", "tou", "text/plain; charset=latin-1"),
    (FileKind.AGA, "AGA results", "aga.txt", "text/plain; charset=utf-8"),
)


def _go_event(event: ev.Event) -> GoResultEvent:
    if not isinstance(event, go_events.GoResultEntered | go_events.GoResultCorrected):
        raise NotOffered(N_("expected a Go result, got a %(kind)r event"), kind=event.kind)
    return event


def file_stem(name: str) -> str:
    """A file name from a tournament's name: letters, digits, ``-`` and ``_``."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")
    return stem or "tournament"


def go_slips(s: GoState, name: str, number: int, komi: str) -> str:
    """Blank result slips of round `number`, one per table: White and Black with rank,
    handicap and komi, and the result to circle."""
    numbers = s.numbers()
    out = []
    for g in sorted(s.rounds[number - 1].games, key=lambda g: g.table):
        white, black = s.player(numbers[g.white]), s.player(numbers[g.black])
        given = f"handicap {g.handicap}, komi 0.5" if g.handicap else f"komi {komi}"
        out.append(
            "\n".join(
                (
                    f"{name} - round {number} - table {g.table}",
                    f"White: {numbers[g.white]} {white.name} {white.first_name} "
                    f"({format_rank(white.rank)})",
                    f"Black: {numbers[g.black]} {black.name} {black.first_name} "
                    f"({format_rank(black.rank)})",
                    given,
                    "Result (circle):  1-0 White wins   0-1 Black wins   = jigo",
                    "Signatures: ______________   ______________",
                )
            )
        )
    return "\n\n".join(out) + ("\n" if out else "")


GO_SYSTEM_WORDS: Final = {
    "mcmahon": "McMahon",
    "swiss": "Swiss",
    "swisscat": "Swiss by category",
    "cup": "Cup",
    "round-robin": "Round robin",
}
"""Go's systems in words (`Go.system_label`)."""


class _Teams:
    """Team matches and team standings of a Go team tournament (OpenGotha's)."""

    def shown_round(self, d: FoldedTournament, number: int) -> ShownTable | None:
        from ratinglist.standings.go.team_scores import team_matches

        s = go_play(d)
        if not s.teams or not 1 <= number <= s.paired:
            return None
        r = number - 1
        found = team_matches(s.tournament(), s.teams, s.team_parameters.team_size, r)
        names = {team.number: team.name for team in s.teams}
        game_of_player = {k: g for g in s.rounds[r].games for k in (g.white, g.black)}
        rows: list[tuple[int, ShownRow]] = []
        for team in s.teams:
            match = found[team.number][r]
            boards = team.board_players(r)
            first = game_of_player.get(boards.get(0, ""))
            # a match is shown once, first the team whose board 1 has White
            if match is None or first is None or first.white != boards.get(0):
                continue
            tables = sorted(game_of_player[k].table for k in boards.values() if k in game_of_player)
            score = f"{match.points_x2 / 2:g}-{match.opponent_x2 / 2:g}"
            row = ShownRow(
                (
                    ShownCell(", ".join(str(t) for t in tables)),
                    ShownCell(team.name),
                    ShownCell(score if match.finished else "–", "" if match.finished else score),
                    ShownCell(names[match.opponent]),
                )
            )
            rows.append((first.table, row))
        columns = (
            ShownColumn("Tables", "n"),
            ShownColumn("Team (board 1 White)"),
            ShownColumn("Match", "score"),
            ShownColumn("Team"),
        )
        return ShownTable(columns, tuple(row for _, row in sorted(rows, key=lambda x: x[0])))

    def shown_standings(self, d: FoldedTournament) -> ShownTable | None:
        from ratinglist.standings.go.team_scores import team_standings, team_value

        s = go_play(d)
        if not s.teams:
            return None
        t = s.tournament()
        played = [g.round for g in t.games if g.result.outcome is not Outcome.UNKNOWN]
        last = max(played) if played else -1
        params = s.team_parameters
        found = team_standings(t, s.teams, params, last)
        columns = (
            ShownColumn("#"),
            ShownColumn("Team"),
            *(ShownColumn(c.value, "n") for c in params.criteria),
            *(ShownColumn(f"R{k}", "n") for k in range(1, last + 2)),
        )
        rows: list[ShownRow] = []
        place = 0
        for row in found:
            tied = bool(rows) and row.place == place
            place = row.place
            rows.append(
                ShownRow(
                    (
                        ShownCell(f"{row.place}{'=' if tied else ''}"),
                        ShownCell(row.team.name),
                        *(
                            ShownCell(team_value(c, v))
                            for c, v in zip(params.criteria, row.values, strict=True)
                        ),
                        *(
                            ShownCell("-" if m is None else m.text(params.team_size))
                            for m in row.matches
                        ),
                    )
                )
            )
        return ShownTable(columns, tuple(rows))


class _Forecast:
    """Black's expected results by the score model, chances by simulation."""

    def forecast(
        self, d: FoldedTournament, model: ScoreModel, runs: int, seed: int, seq: int
    ) -> Forecast:
        return go_forecast(d, model, runs, seed, seq)


class _Costs:
    """OpenGotha's pairing costs of a published round."""

    def explain(
        self, d: FoldedTournament, number: int, asked: Sequence[tuple[int, int]]
    ) -> ExplainView:
        return go_explain_view(d, number, asked)

    def report(self, d: FoldedTournament, number: int) -> PairingReport:
        from ratinglist.tournament.games.go.report import go_pairing_report

        return go_pairing_report(d, number)


class Go(Game):
    """The `Game` of Go."""

    name = ev.GO
    label = "Go"
    systems = ("mcmahon", "swiss", "swisscat", "cup", "round-robin")
    result_help = "for White - Black: 1-0, 0-1, = (jigo), 0-0, 1-1; ! by default (1-0!)"
    specials = ()
    result_choices = (
        ("1-0", "White wins"),
        ("0-1", "Black wins"),
        ("=", "Jigo"),
        ("0-0", "Both lose"),
        ("1-1", "Both win"),
    )
    main_export = "h9"
    settings_fields = (
        ("bar", "McMahon bar (rank)", "3d"),
        ("floor", "McMahon floor (rank)", "20k"),
        ("criteria", "Placement criteria", "MMS,SOSM,SOSOSM"),
        ("time", "Time system", "60m+3x30s, 60m+15/5m, 60m+10s, 90m"),
        ("komi", "Komi", "7.5"),
        ("location", "Location", "Paris"),
        ("director", "Director", "Jean Dupont"),
        ("egf_class", "EGF class (blank: from the time system)", "A"),
        ("handicap", "Handicap from (mms, rank, none)", "mms"),
        ("handicap_threshold", "No handicap above (rank)", "1d"),
        ("handicap_correction", "Handicap correction (-1 to 3)", "1"),
        ("handicap_ceiling", "Handicap ceiling (0-9)", "9"),
        ("compat", "Pair as OpenGotha 3.52 (opengotha)", "opengotha"),
        ("parameters", "More OpenGotha parameters (name=value; ...)", "paiBaRandom=0"),
        ("team_size", "Team tournament: boards per team (2-10; blank: no teams)", "4"),
        ("team_criteria", "Team placement criteria", "TEAMP,BDW,BDW3U,BDW2U,BDW1U"),
    )
    submit_label = "Close the tournament (then send the .h9 to the EGF)"
    submit_confirm = "Close the tournament? Its .h9 is then the file to send to the EGF."
    classes = ()
    teams = _Teams()
    pairing_costs = _Costs()
    forecaster = _Forecast()
    white_first = True
    seat_edits = False
    edit_page = True
    events = EVENTS
    registration_help = (
        "a player of a stored EGF, FFG or AGA rating list by name or number, or a new "
        "player: 'SURNAME,First' with a rank such as 3k"
    )

    def new_play(self, settings: ev.Settings) -> GoState:
        return new_go_state(settings)

    def apply(self, d: FoldedTournament, event: ev.Event) -> GoState:
        if is_edit(event):
            return apply_edit(go_play(d), event)
        return apply_go(go_play(d), event)

    export_options = EXPORT_OPTION_LABELS

    def games_between(self, d: FoldedTournament, a: PlayerId, b: PlayerId) -> tuple[int, ...]:
        s = go_play(d)
        pair = {s.key(a), s.key(b)}
        return tuple(r.number for r in s.rounds if any({g.white, g.black} == pair for g in r.games))

    def is_forbidden(self, d: FoldedTournament, a: PlayerId, b: PlayerId) -> bool:
        return frozenset((a, b)) in go_play(d).never

    def dated(self, d: FoldedTournament) -> GoState:
        s = go_play(d)
        general = replace(
            s.parameters.general,
            begin_date=d.settings.start,
            end_date=d.settings.end or d.settings.start,
        )
        return replace(s, parameters=replace(s.parameters, general=general))

    def system_label(self, d: FoldedTournament) -> str:
        words = GO_SYSTEM_WORDS.get(d.settings.system or "mcmahon", d.settings.system or "")
        return f"{words}, {d.settings.rounds} rounds"

    def created_settings(self, new: NewSettings, seed: int) -> ev.Settings:
        for option, value in (("--preset", new.preset if new.preset != "eoc" else None),):
            if value is not None:
                raise NotOffered(
                    N_("expected %(option)s only with an Othello tournament"), option=option
                )
        if new.system is not None and new.system.strip().lower() not in GO_SYSTEMS:
            raise TournamentInputError(
                N_("expected a Go system among %(go_systems)s, got %(system)r"),
                go_systems=", ".join(sorted(GO_SYSTEMS)),
                system=new.system,
            )
        return go_created_settings(
            name=new.name,
            country=new.country,
            start=new.start,
            end=new.end,
            system=new.system,
            rounds=new.rounds,
            bar=new.bar,
            floor=new.floor,
            criteria=new.criteria,
            sender=new.sender,
            seed=seed,
            teams=team_parameters(new.team_size, new.team_criteria),
            options=new.go_options,
        )

    def person(self, d: FoldedTournament, player: PlayerId) -> Person:
        return go_person(go_play(d), player)

    def name_of(self, d: FoldedTournament, player: PlayerId) -> str:
        try:
            return go_play(d).name(player)
        except (TournamentError, ValueError):
            return str(player)

    def count(self, d: FoldedTournament) -> RoundCount:
        s = go_play(d)
        games = s.rounds[-1].games if s.paired else ()
        entered = sum(1 for g in games if g.result.outcome is not Outcome.UNKNOWN)
        return RoundCount(len(s.players), len(games), entered)

    def next_round(self, d: FoldedTournament, group_max: int | None) -> ev.Event:
        s = go_play(d)
        if s.teams:
            return self._team_round(s)
        if group_max is None and s.parameters.pairing.compat == "opengotha":
            group_max = COMPAT_GROUP_MAX
        # The pairing engine (numpy, scipy) only when a round is paired: the standings,
        # the pages and a result's entry do not load it.
        from ratinglist.tournament.games.go.play import next_go_pairing

        return next_go_pairing(s, group_max)

    def _team_round(self, s: GoState) -> ev.Event:
        """The next round of a team tournament paired automatically by teams (team points,
        then the team criteria, no repeated match; each match's boards as OpenGotha pairs
        two teams): what ``tournament team pair`` does without matches."""
        from ratinglist.tournament.games.go.play import round_to_pair
        from ratinglist.tournament.games.go.teams import auto_pair_teams

        k = round_to_pair(s)
        paired = auto_pair_teams(s.tournament(), s.teams, s.team_parameters, k - 1)
        number = s.numbers()
        return go_events.GoPaired(
            k, tuple((number[g.white], number[g.black], g.handicap, g.table) for g in paired.games)
        )

    def result_event(
        self, d: FoldedTournament, spec: ResultSpec, correction: bool
    ) -> tuple[ev.Event, int | None]:
        if spec.special is not None or spec.winner is not None:
            raise TournamentInputError(
                N_("expected a Go result such as 1-0 or 0-1! (! for by default), got --special")
            )
        return go_result_event(
            go_play(d), spec.round, spec.black, spec.white, spec.table, spec.score, correction
        )

    def repeated(self, d: FoldedTournament, event: ev.Event) -> bool:
        e = _go_event(event)
        s = go_play(d)
        if not 1 <= e.round <= s.paired:
            return False
        white, black = s.key(e.white), s.key(e.black)
        game = s.rounds[e.round - 1].game_of(white)
        return (
            game is not None
            and (game.white, game.black) == (white, black)
            and game.result == go_result(e)
        )

    def entered(self, d: FoldedTournament, event: ev.Event, table: int | None) -> EnteredResult:
        e = _go_event(event)
        s = go_play(d)
        return EnteredResult(
            round=str(e.round),
            table=table,
            black=go_person(s, e.black),
            white=go_person(s, e.white),
            black_discs=0,
            white_discs=0,
            special="none",
            corrected=isinstance(e, go_events.GoResultCorrected),
            go_result=result_text(go_result(e)),
            white_first=True,
        )

    def players_at(self, d: FoldedTournament, round_number: int, table: int) -> frozenset[PlayerId]:
        s = go_play(d)
        numbers = s.numbers()
        for g in s.rounds[round_number - 1].games:
            if g.table == table:
                return frozenset((numbers[g.white], numbers[g.black]))
        raise TournamentInputError(
            N_("expected a table of round %(round_number)s, got %(table)s"),
            round_number=round_number,
            table=table,
        )

    def entrants(self, d: FoldedTournament) -> tuple[EntrantLine, ...]:
        s = go_play(d)
        return tuple(
            EntrantLine(
                go_person(s, pid),
                p.country,
                f"{format_rank(p.rank)} ({p.rating})",
                s.withdrawn_from(pid) is not None,
            )
            for pid, p in zip(s.ids, s.players, strict=True)
        )

    def rounds_with_results(self, d: FoldedTournament) -> int:
        s = go_play(d)
        return sum(
            1 for r in s.rounds if any(g.result.outcome is not Outcome.UNKNOWN for g in r.games)
        )

    def progress(self, d: FoldedTournament) -> tuple[int, str]:
        s = go_play(d)
        if s.paired == 0:
            return 0, "before round 1"
        last = s.rounds[s.paired - 1]
        entered = sum(1 for g in last.games if g.result.outcome is not Outcome.UNKNOWN)
        if entered == len(last.games):
            return s.paired, f"after round {s.paired}"
        done = s.paired - 1
        current = f"round {s.paired}: {entered} of {len(last.games)} results in"
        return done, current if done == 0 else f"after round {done}; {current}"

    def round_view(self, d: FoldedTournament, number: int, seq: int) -> RoundView:
        s = go_play(d)
        if not 1 <= number <= s.paired:
            raise TournamentInputError(
                N_("expected a paired round (1-%(paired)s), got %(number)s"),
                paired=s.paired,
                number=number,
            )
        return go_round_view(d, number, seq)

    def standings(
        self, d: FoldedTournament, class_name: str | None, criteria: str | None
    ) -> GoStandingsView:
        if class_name is not None:
            raise NotOffered(
                N_("expected no --class for a Go tournament, got %(class_name)r"),
                class_name=class_name,
            )
        view = go_standings_view(go_play(d), d.settings.name, criteria)
        return replace(view, progress=self.progress(d)[1])

    def slips(self, d: FoldedTournament, number: int) -> str:
        s = go_play(d)
        if not 1 <= number <= s.paired:
            raise TournamentInputError(
                N_("expected a paired round (1-%(paired)s), got %(number)s"),
                paired=s.paired,
                number=number,
            )
        komi = s.tournament().parameters.general.komi
        return go_slips(s, d.settings.name, number, komi)

    def exports(
        self, d: FoldedTournament, options: frozenset[str] = frozenset()
    ) -> tuple[ExportFile, ...]:
        unknown = options - EXPORT_OPTIONS
        if unknown:
            raise TournamentInputError(
                N_("expected export options among %(export_options)s, got %(unknown)s"),
                export_options=sorted(EXPORT_OPTIONS),
                unknown=sorted(unknown),
            )
        from ratinglist.tournament.games.go.exports import go_file_bytes  # files only, not pairing

        document = go_play(d).document()
        stem = file_stem(d.settings.name)
        return tuple(
            ExportFile(
                kind.value,
                label,
                f"{stem}.{suffix}",
                media,
                functools.partial(
                    go_file_bytes,
                    document,
                    kind,
                    egd_pins="egd-pins" in options,
                    drop_by_default="drop-by-default" in options,
                ),
            )
            for kind, label, suffix, media in FILES
        ) + self._pages(d, stem)

    def _pages(self, d: FoldedTournament, stem: str) -> tuple[ExportFile, ...]:
        """The results page (HTML) and the standings (CSV), as Othello's exports name them."""
        from ratinglist.tournament.games.go.exports import html_page, standings_csv

        def view() -> GoStandingsView:  # drawn when the file is asked for, not listed
            return self.standings(d, None, None)

        return (
            ExportFile(
                "html",
                "results page (HTML)",
                f"{stem}.html",
                "text/html; charset=utf-8",
                lambda: html_page(view()).encode("utf-8"),
            ),
            ExportFile(
                "csv",
                "standings (CSV)",
                f"{stem}.csv",
                "text/csv; charset=utf-8",
                lambda: standings_csv(view()).encode("utf-8"),
            ),
        )

    def rounds_planned(self, d: FoldedTournament) -> int:
        return go_play(d).number_of_rounds

    def unfinished(self, d: FoldedTournament) -> Unfinished:
        s = go_play(d)
        names = s.numbers()
        missing = tuple(
            f"round {r.number}: {s.name(names[g.white])} v {s.name(names[g.black])}"
            for r in s.rounds
            for g in r.games
            if g.result.outcome is Outcome.UNKNOWN
        )
        results = sum(
            1 for r in s.rounds for g in r.games if g.result.outcome is not Outcome.UNKNOWN
        )
        return Unfinished(results, s.number_of_rounds, s.paired, missing)

    def submission(self, d: FoldedTournament, reason: str | None = None) -> Submission:
        # the reason stays in the tournament's log: the EGF's .h9 has no field for it
        s = go_play(d)
        h9 = next(f for f in self.exports(d) if f.kind == FileKind.H9.value)
        games = sum(1 for r in s.rounds for g in r.games if g.result.outcome is not Outcome.UNKNOWN)
        return Submission(h9.file_name, h9.data(), games, False)

    def final_order(self, d: FoldedTournament) -> tuple[int, ...]:
        return tuple(int(line.player.id) for line in self.standings(d, None, None).lines)

    def shown_round(self, view: RoundView) -> ShownTable:
        columns = (
            ShownColumn("Table", "n"),
            ShownColumn("White"),
            ShownColumn("Black"),
            ShownColumn("Handicap", "n"),
            ShownColumn("Result (W-B)", "score"),
        )
        rows = tuple(
            ShownRow(
                (
                    ShownCell(str(t.table)),
                    ShownCell(t.white.name, f"{t.white_rank} · {t.white_points:g}"),
                    ShownCell(t.black.name, f"{t.black_rank} · {t.black_points:g}"),
                    ShownCell(str(t.handicap or 0)),
                    ShownCell(t.result or "–"),
                )
            )
            for t in view.tables
        )
        return ShownTable(columns, rows)

    def shown_standings(self, view: Standings) -> ShownTable:
        if not isinstance(view, GoStandingsView):
            raise NotOffered(N_("expected Go standings (placement criteria)"))
        played = max((len(s.rounds) for s in view.lines), default=0)
        columns = (
            ShownColumn("#"),
            ShownColumn("Player"),
            ShownColumn("Rank"),
            ShownColumn("Country"),
            ShownColumn("Club"),
            *(ShownColumn(c, "n") for c in view.criteria),
            *(ShownColumn(f"R{k}", "n") for k in range(1, played + 1)),
        )
        rows = tuple(
            ShownRow(
                (
                    ShownCell(f"{s.place}{'=' if s.tied else ''}"),
                    ShownCell(s.player.name),
                    ShownCell(s.rank),
                    ShownCell(s.country),
                    ShownCell(s.club),
                    *(ShownCell(v) for v in s.values),
                    *(ShownCell(r) for r in s.rounds),
                    *(ShownCell("") for _ in range(played - len(s.rounds))),
                )
            )
            for s in view.lines
        )
        return ShownTable(columns, rows)


GAME: Final = Go()
"""The game of Go."""

"""Draughts-lite behind the `Game` base: players typed by the director and numbered 1, 2...;
Swiss rounds paired by the engine's minimum-cost perfect matching (no rematch, nearest
score); a win 1, a draw 1/2, a bye 1; standings by points then Buchholz (the sum of the
opponents' points); one export, a CSV of the results; a submission that is that file only.

It uses only the engine's seam (`ratinglist.tournament.game.Game`, its events, its pairing
library), no code of Othello or Go: what it needed is what a third game needs.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, replace

from ratinglist.errors import NotAllowedNow, NotOffered, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.directed import (
    EnteredResult,
    EntrantLine,
    NewSettings,
    Person,
    ResultSpec,
    RoundView,
    ShownCell,
    ShownColumn,
    ShownRow,
    ShownTable,
    Standings,
    TableLine,
)
from ratinglist.pairing.matching import min_cost_perfect_matching
from ratinglist.tournament.events import Event, Registered, Settings, Withdrawn
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import ExportFile, Game, RoundCount, Submission, Unfinished
from tests.games.draughts_lite.events import (
    EVENTS,
    OUTCOMES,
    DlPaired,
    DlResultCorrected,
    DlResultEntered,
    DlResultEvent,
)

POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "=": (0.5, 0.5)}
REMATCH = 10_000


@dataclass(frozen=True, slots=True)
class DlRound:
    """A published round: pairs (first, second), byes, and the results in by pair."""

    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    byes: tuple[PlayerId, ...]
    results: tuple[tuple[tuple[PlayerId, PlayerId], str], ...] = ()

    def result(self, pair: tuple[PlayerId, PlayerId]) -> str:
        """The outcome of a pair, ``""`` before it is in."""
        return dict(self.results).get(pair, "")


@dataclass(frozen=True, slots=True)
class DlPlay:
    """A draughts-lite tournament's state."""

    players: tuple[Registered, ...] = ()
    withdrawn: tuple[tuple[PlayerId, int], ...] = ()
    rounds: tuple[DlRound, ...] = ()

    @property
    def paired(self) -> int:
        return len(self.rounds)


@dataclass(frozen=True, slots=True)
class DlLine:
    place: int
    player: Person
    points: float
    buchholz: float
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class DlStandings:
    tournament: str
    label: str
    rounds: int
    lines: tuple[DlLine, ...]
    progress: str


def _play(d: FoldedTournament) -> DlPlay:
    if not isinstance(d.play, DlPlay):
        raise NotOffered(f"expected a draughts-lite tournament, got {d.settings.game}")
    return d.play


def _points(p: DlPlay, through: int) -> dict[PlayerId, float]:
    points = {e.player: 0.0 for e in p.players}
    for r in p.rounds[:through]:
        for pair in r.pairs:
            outcome = r.result(pair)
            if outcome:
                first, second = POINTS[outcome]
                points[pair[0]] += first
                points[pair[1]] += second
        for bye in r.byes:
            points[bye] += 1.0
    return points


def _met(p: DlPlay) -> set[frozenset[PlayerId]]:
    return {frozenset(pair) for r in p.rounds for pair in r.pairs}


def _active(p: DlPlay, number: int) -> list[PlayerId]:
    gone = dict(p.withdrawn)
    return [e.player for e in p.players if gone.get(e.player, number + 1) > number]


def _apply(p: DlPlay, event: Event) -> DlPlay:
    if isinstance(event, Registered):
        if any(e.player == event.player for e in p.players):
            raise TournamentInputError(f"expected a new player number, got {event.player}")
        return replace(p, players=(*p.players, event))
    if isinstance(event, Withdrawn):
        _person(p, event.player)
        return replace(p, withdrawn=(*p.withdrawn, (event.player, event.from_round)))
    if isinstance(event, DlPaired):
        if event.round != p.paired + 1:
            raise NotAllowedNow(f"expected round {p.paired + 1} to pair, got {event.round}")
        if p.rounds and len(p.rounds[-1].results) < len(p.rounds[-1].pairs):
            raise NotAllowedNow(
                f"expected every result of round {p.paired} before pairing the next"
            )
        return replace(p, rounds=(*p.rounds, DlRound(event.pairs, event.byes)))
    if isinstance(event, DlResultEvent):
        if not 1 <= event.round <= p.paired:
            raise TournamentInputError(f"expected a paired round (1-{p.paired}), got {event.round}")
        r = p.rounds[event.round - 1]
        pair = (event.first, event.second)
        if pair not in r.pairs:
            raise TournamentInputError(
                f"expected a game of round {event.round}, got {event.first} - {event.second}"
            )
        if event.outcome not in OUTCOMES:
            raise TournamentInputError(
                f"expected a result among {', '.join(OUTCOMES)}, got {event.outcome!r}"
            )
        there = bool(r.result(pair))
        if isinstance(event, DlResultEntered) and there:
            raise NotAllowedNow(
                f"expected a game without a result, got {r.result(pair)} (correct it instead)"
            )
        if isinstance(event, DlResultCorrected) and not there:
            raise NotAllowedNow("expected a game with a result to correct, got none")
        results = (*((k, v) for k, v in r.results if k != pair), (pair, event.outcome))
        rounds = list(p.rounds)
        rounds[event.round - 1] = replace(r, results=results)
        return replace(p, rounds=tuple(rounds))
    raise NotOffered(
        f"expected an action of a draughts-lite tournament, got {event.action_words()}"
    )


def _person(p: DlPlay, pid: PlayerId) -> Person:
    for e in p.players:
        if e.player == pid:
            return Person(pid, f"{e.surname}, {e.firstname}" if e.firstname else e.surname)
    raise TournamentInputError(f"expected an entrant's number, got {pid}")


class _Typed:
    """Players as the director types them, numbered in order of entry."""

    def entry(
        self, d: FoldedTournament, surname: str, firstname: str, country: str, first_round: int
    ) -> Event:
        p = _play(d)
        if not surname:
            raise TournamentInputError("expected a player as 'SURNAME,First', got no surname")
        same = [e for e in p.players if (e.surname, e.firstname) == (surname, firstname)]
        if same:
            raise TournamentInputError(f"expected a player not yet entered, got {surname} twice")
        number = PlayerId(len(p.players) + 1)
        return Registered(number, surname, firstname, country, first_round=first_round)


class DraughtsLite(Game):
    """The `Game` of draughts-lite."""

    name = "draughts_lite"
    label = "Draughts-lite"
    main_export = "csv"
    events = EVENTS
    systems = ("swiss",)
    result_help = "for first - second: 1-0, 0-1 or = (a draw)"
    result_choices = (("1-0", "First wins"), ("0-1", "Second wins"), ("=", "Draw"))
    typed_entries = _Typed()

    def new_play(self, settings: Settings) -> DlPlay:
        return DlPlay()

    def apply(self, d: FoldedTournament, event: Event) -> DlPlay:
        return _apply(_play(d), event)

    def created_settings(self, new: NewSettings, seed: int) -> Settings:
        if new.system not in (None, "swiss"):
            raise TournamentInputError(f"expected the system swiss, got {new.system!r}")
        return Settings(
            name=new.name,
            country=new.country,
            start=new.start,
            end=new.end,
            sender=new.sender,
            system="swiss",
            rounds=new.rounds or 5,
            seed=seed,
            game=self.name,
        )

    def person(self, d: FoldedTournament, player: PlayerId) -> Person:
        return _person(_play(d), player)

    def count(self, d: FoldedTournament) -> RoundCount:
        p = _play(d)
        last = p.rounds[-1] if p.rounds else DlRound((), ())
        return RoundCount(len(p.players), len(last.pairs), len(last.results))

    def entrants(self, d: FoldedTournament) -> tuple[EntrantLine, ...]:
        p = _play(d)
        gone = dict(p.withdrawn)
        return tuple(
            EntrantLine(_person(p, e.player), e.country, "", e.player in gone) for e in p.players
        )

    def next_round(self, d: FoldedTournament, group_max: int | None) -> Event:
        p = _play(d)
        number = p.paired + 1
        if number > d.settings.rounds:
            raise NotAllowedNow(f"expected at most {d.settings.rounds} rounds, got round {number}")
        points = _points(p, p.paired)
        order = sorted(_active(p, number), key=lambda pid: (-points[pid], int(pid)))
        had_bye = {b for r in p.rounds for b in r.byes}
        byes: tuple[PlayerId, ...] = ()
        if len(order) % 2:
            bye = next((q for q in reversed(order) if q not in had_bye), order[-1])
            byes, order = (bye,), [q for q in order if q != bye]
        if len(order) < 2:
            raise NotAllowedNow(f"expected two players or more to pair, got {len(order)}")
        met = _met(p)
        i, j, cost = [], [], []
        for a in range(len(order)):
            for b in range(a + 1, len(order)):
                i.append(a)
                j.append(b)
                rematch = REMATCH if frozenset((order[a], order[b])) in met else 0
                gap = int(4 * abs(points[order[a]] - points[order[b]]))
                cost.append(rematch + 100 * gap * gap + (b - a))
        matched = min_cost_perfect_matching(len(order), i, j, cost)
        if matched is None:
            raise NotAllowedNow("expected a pairing of the players, got none")
        pairs = tuple(
            sorted(((order[a], order[b]) for a, b in matched), key=lambda x: order.index(x[0]))
        )
        return DlPaired(number, pairs, byes)

    def result_event(
        self, d: FoldedTournament, spec: ResultSpec, correction: bool
    ) -> tuple[Event, int | None]:
        p = _play(d)
        number = p.paired if spec.round is None else int(spec.round)
        if not 1 <= number <= p.paired:
            raise TournamentInputError(f"expected a paired round (1-{p.paired}), got {number}")
        pairs = p.rounds[number - 1].pairs
        if spec.table is not None:
            if not 1 <= spec.table <= len(pairs):
                raise TournamentInputError(
                    f"expected a table of round {number} (1-{len(pairs)}), got {spec.table}"
                )
            first, second = pairs[spec.table - 1]
            table: int | None = spec.table
        else:
            if spec.black is None or spec.white is None:
                raise TournamentInputError("expected two player numbers or a table, got neither")
            first, second = PlayerId(spec.black), PlayerId(spec.white)
            table = next((k for k, q in enumerate(pairs, 1) if q == (first, second)), None)
        outcome = (spec.score or "").strip()
        if outcome not in OUTCOMES:
            raise TournamentInputError(
                f"expected a result among {', '.join(OUTCOMES)}, got {spec.score!r}"
            )
        cls = DlResultCorrected if correction else DlResultEntered
        return cls(number, first, second, outcome), table

    def repeated(self, d: FoldedTournament, event: Event) -> bool:
        p = _play(d)
        if not isinstance(event, DlResultEntered) or not 1 <= event.round <= p.paired:
            return False
        return p.rounds[event.round - 1].result((event.first, event.second)) == event.outcome

    def entered(self, d: FoldedTournament, event: Event, table: int | None) -> EnteredResult:
        if not isinstance(event, DlResultEvent):
            raise NotOffered(f"expected a draughts-lite result, got {event.action_words()}")
        p = _play(d)
        return EnteredResult(
            round=str(event.round),
            table=table,
            black=_person(p, event.first),
            white=_person(p, event.second),
            black_discs=0,
            white_discs=0,
            special="none",
            corrected=isinstance(event, DlResultCorrected),
            go_result=event.outcome,
        )

    def round_view(self, d: FoldedTournament, number: int, seq: int) -> RoundView:
        p = _play(d)
        if not 1 <= number <= p.paired:
            raise TournamentInputError(f"expected a paired round (1-{p.paired}), got {number}")
        r = p.rounds[number - 1]
        points = _points(p, number - 1)
        tables = tuple(
            TableLine(k, _person(p, a), points[a], _person(p, b), points[b], r.result((a, b)))
            for k, (a, b) in enumerate(r.pairs, start=1)
        )
        byes = tuple((_person(p, b), points[b]) for b in r.byes)
        return RoundView(d.settings.name, number, seq, tables, byes, (), game=self.name)

    def progress(self, d: FoldedTournament) -> tuple[int, str]:
        p = _play(d)
        if not p.rounds:
            return 0, "before round 1"
        last = p.rounds[-1]
        if len(last.results) == len(last.pairs):
            return p.paired, f"after round {p.paired}"
        return (
            p.paired - 1,
            f"round {p.paired}: {len(last.results)} of {len(last.pairs)} results in",
        )

    def standings(
        self, d: FoldedTournament, class_name: str | None, criteria: str | None
    ) -> DlStandings:
        if class_name is not None or criteria is not None:
            raise NotOffered("expected no class or criteria for draughts-lite standings")
        p = _play(d)
        done, progress = self.progress(d)
        points = _points(p, done)
        opponents: dict[PlayerId, list[PlayerId]] = {e.player: [] for e in p.players}
        for r in p.rounds[:done]:
            for a, b in r.pairs:
                opponents[a].append(b)
                opponents[b].append(a)
        buchholz = {pid: sum(points[o] for o in opps) for pid, opps in opponents.items()}
        gone = dict(p.withdrawn)
        order = sorted(points, key=lambda pid: (-points[pid], -buchholz[pid], int(pid)))
        lines: list[DlLine] = []
        for k, pid in enumerate(order):
            key = (points[pid], buchholz[pid])
            tied = lines and (lines[-1].points, lines[-1].buchholz) == key
            place = lines[-1].place if tied else k + 1
            lines.append(DlLine(place, _person(p, pid), points[pid], buchholz[pid], pid in gone))
        return DlStandings(d.settings.name, d.settings.name, done, tuple(lines), progress)

    def shown_standings(self, view: Standings) -> ShownTable:
        if not isinstance(view, DlStandings):
            raise NotOffered("expected draughts-lite standings (points, Buchholz)")
        columns = (
            ShownColumn("#"),
            ShownColumn("Player"),
            ShownColumn("Points", "n"),
            ShownColumn("Buchholz", "n"),
        )
        rows = tuple(
            ShownRow(
                (
                    ShownCell(str(s.place)),
                    ShownCell(s.player.name),
                    ShownCell(f"{s.points:g}"),
                    ShownCell(f"{s.buchholz:g}"),
                ),
                excluded=s.withdrawn,
            )
            for s in view.lines
        )
        return ShownTable(columns, rows)

    def _csv(self, d: FoldedTournament) -> bytes:
        p = _play(d)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(("round", "first", "second", "result"))
        for number, r in enumerate(p.rounds, start=1):
            for a, b in r.pairs:
                writer.writerow((number, _person(p, a).name, _person(p, b).name, r.result((a, b))))
        return out.getvalue().encode("utf-8")

    def exports(
        self, d: FoldedTournament, options: frozenset[str] = frozenset()
    ) -> tuple[ExportFile, ...]:
        if options:
            raise NotOffered(f"expected no export options, got {sorted(options)}")
        name = f"{d.settings.name.replace(' ', '_')}.csv"
        return (
            ExportFile(
                "csv", "results (CSV)", name, "text/csv; charset=utf-8", lambda: self._csv(d)
            ),
        )

    def rounds_planned(self, d: FoldedTournament) -> int:
        return d.settings.rounds

    def unfinished(self, d: FoldedTournament) -> Unfinished:
        p = _play(d)
        missing = tuple(
            f"round {k}: {_person(p, a).name} v {_person(p, b).name}"
            for k, r in enumerate(p.rounds, start=1)
            for a, b in r.pairs
            if not r.result((a, b))
        )
        results = sum(len(r.results) for r in p.rounds)
        return Unfinished(results, d.settings.rounds, p.paired, missing)

    def submission(self, d: FoldedTournament, reason: str | None = None) -> Submission:
        p = _play(d)
        csv_file = self.exports(d)[0]
        return Submission(
            csv_file.file_name, csv_file.data(), sum(len(r.results) for r in p.rounds), False
        )


GAME = DraughtsLite()
"""The game of draughts-lite."""

"""Tournament views and files: rounds, standings, cost explanations, exports, submit, replay.

Everything here reads, except `submit`, which puts the results file in the rating officer's
queue (or, with `import_now`, imports it) and closes the tournament (a `Submitted` event) in
one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ratinglist.errors import TournamentError
from ratinglist.model import PlayerId
from ratinglist.model.go.tournament import Outcome
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.files import GoFiles, export_go
from ratinglist.service.tournaments.go import (
    go_explain_view,
    go_round_view,
    go_standings_view,
    require_othello,
)
from ratinglist.service.tournaments.log import loaded, opened
from ratinglist.service.tournaments.values import (
    CostLine,
    ExplainView,
    GoStandingsView,
    Person,
    RoundView,
    StandingLine,
    StandingsView,
    SubmittedFile,
    TableLine,
    Written,
)
from ratinglist.tournament.fold import FoldedTournament
from ratinglist.tournament.games.othello.finals import missing_finals
from ratinglist.tournament.games.othello.ranking_views import ReplayRow
from ratinglist.tournament.games.othello.tables import board_order


def _person(d: FoldedTournament, pid: PlayerId) -> Person:
    return Person(pid, d.state.entrant(pid).name)


def round_view(d: FoldedTournament, number: int, seq: int) -> RoundView:
    """Round `number`'s tables in board order (table 1 = top board), byes and absentees."""
    if d.go is not None:
        return go_round_view(d, number, seq)
    r = d.state.rounds[number - 1]
    points = {row.player: row.points for row in d.standings(number - 1)}
    tables = tuple(
        TableLine(
            table=k,
            black=_person(d, p.black),
            black_points=points[p.black],
            white=_person(d, p.white),
            white_points=points[p.white],
            result="" if p.result is None else f"{p.result.black_discs}-{p.result.white_discs}",
        )
        for k, p in enumerate(board_order(d, number), start=1)
    )
    byes = tuple((_person(d, pid), points[pid]) for pid in r.byes)
    absent = tuple(_person(d, pid) for pid in sorted(r.absent))
    return RoundView(d.settings.name, number, seq, tables, byes, absent)


def show_round(url: str, tournament: str | None, number: int | None = None) -> RoundView:
    """The pairings and results of a round (default: the last paired)."""
    with opened(url) as store:
        base = loaded(store, tournament)
    d = base.folded
    k = d.paired if number is None else number
    if not 1 <= k <= d.paired:
        raise TournamentError(f"expected a paired round (1-{d.paired}), got {k}")
    return round_view(d, k, base.seq)


def result_slips(url: str, tournament: str | None, number: int | None = None) -> str:
    """Blank result slips of a round (default: the last paired), one per table, as text."""
    from ratinglist.tournament.games.othello.exports import result_slips as slips

    with opened(url) as store:
        d = loaded(store, tournament).folded
    require_othello(d, "result slips")
    k = d.paired if number is None else number
    if not 1 <= k <= d.paired:
        raise TournamentError(f"expected a paired round (1-{d.paired}), got {k}")
    return slips(d, k)


def rounds_with_results(d: FoldedTournament) -> int:
    """The rounds with at least one result entered (the "after N rounds" of the standings)."""
    if d.go is not None:
        return sum(
            1 for r in d.go.rounds if any(g.result.outcome is not Outcome.UNKNOWN for g in r.games)
        )
    return sum(
        1 for r in d.state.rounds[: d.paired] if any(p.result is not None for p in r.pairings)
    )


def standings_progress(d: FoldedTournament) -> tuple[int, str]:
    """The complete rounds the standings count, and the label saying so: ``before round 1``,
    ``after round 3``, or ``after round 2; round 3: 4 of 8 results in`` while a round is
    being played (its results count once it is complete, as the pairing of the next round
    needs); ``, finals under way`` or ``, finals played`` once they started."""
    paired = d.paired
    if paired == 0:
        return 0, "before round 1"
    last = d.state.rounds[paired - 1]
    if last.complete:
        done, text = paired, f"after round {paired}"
    else:
        done = paired - 1
        entered = sum(1 for p in last.pairings if p.result is not None)
        current = f"round {paired}: {entered} of {len(last.pairings)} results in"
        text = current if done == 0 else f"after round {done}; {current}"
    if d.finals is not None:
        text += ", finals played" if not missing_finals(d.finals) else ", finals under way"
    return done, text


def standings(url: str, tournament: str | None, class_name: str | None = None) -> StandingsView:
    """The standings (finals places first once decided), of one class if named."""
    from ratinglist.tournament.games.othello.exports import final_ranking
    from ratinglist.tournament.games.othello.ranking_views import class_rows, class_rule

    with opened(url) as store:
        d = loaded(store, tournament).folded
    require_othello(d, "these standings")
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
    done, progress = standings_progress(d)
    return StandingsView(d.settings.name, label, done, lines, progress)


def any_standings(
    url: str, tournament: str | None, class_name: str | None = None, criteria: str | None = None
) -> StandingsView | GoStandingsView:
    """The standings of an Othello tournament (`standings`) or a Go tournament (on its
    placement criteria or `criteria`, comma separated OpenGotha names)."""
    with opened(url) as store:
        d = loaded(store, tournament).folded
    if d.go is None:
        if criteria is not None:
            raise TournamentError(f"expected --criteria for a Go tournament only, got {criteria!r}")
        return standings(url, tournament, class_name)
    if class_name is not None:
        raise TournamentError(f"expected no --class for a Go tournament, got {class_name!r}")
    return go_standings_view(d.go, d.settings.name, criteria)


def explain(
    url: str, tournament: str | None, number: int, asked: Sequence[tuple[int, int]] = ()
) -> ExplainView:
    """Each pair's cost by criterion in a published Swiss round, and the forced pairs' extra.

    For a Go round: OpenGotha's cost parts of each published pair, and of the `asked` pairs
    (player numbers) the director wants to compare.
    """
    from ratinglist.tournament.games.othello.planning import explain_round

    with opened(url) as store:
        d = loaded(store, tournament).folded
    if d.go is not None:
        return go_explain_view(d, number, asked)
    if asked:
        raise TournamentError("expected --pair for a Go tournament only")
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


def export(
    url: str,
    tournament: str | None,
    *,
    elo: Path | None = None,
    html: Path | None = None,
    csv_file: Path | None = None,
    sheets: Path | None = None,
    go_files: GoFiles | None = None,
) -> Written:
    """Write the results file, the HTML page, the standings CSV and/or pairing sheets; for a
    Go tournament, OpenGotha's XML and the EGF, FFG and AGA results files (`go_files`)."""
    from ratinglist.formats.elo import format_elo
    from ratinglist.tournament.games.othello.exports import (
        pairing_sheet,
        results_file,
        standings_csv,
    )
    from ratinglist.tournament.games.othello.html_page import html_page

    with opened(url) as store:
        d = loaded(store, tournament).folded
    if d.go is not None:
        if any((elo, html, csv_file, sheets)):
            raise TournamentError(
                "expected --xml, --h9, --tou or --aga for a Go tournament, got an Othello export"
            )
        return export_go(d.go, go_files or GoFiles())
    if go_files is not None and go_files.any:
        raise TournamentError("expected --elo, --html, --csv or --sheets, got a Go file export")
    if not any((elo, html, csv_file, sheets)):
        raise TournamentError("expected --elo, --html, --csv or --sheets, got none")
    written: list[str] = []
    try:
        if elo is not None:
            elo.write_text(format_elo(results_file(d)), encoding="utf-8", newline="\n")
            written.append(str(elo))
        if html is not None:
            html.write_text(html_page(d), encoding="utf-8")
            written.append(str(html))
        if csv_file is not None:
            csv_file.write_text(standings_csv(d), encoding="utf-8")
            written.append(str(csv_file))
        if sheets is not None:
            sheets.mkdir(parents=True, exist_ok=True)
            for k in range(1, d.paired + 1):
                sheet = sheets / f"round{k:02d}.txt"
                sheet.write_text(pairing_sheet(d, k), encoding="utf-8")
                written.append(str(sheet))
    except OSError as exc:
        raise TournamentError(f"could not write an export: {exc}") from exc
    return Written(tuple(written))


def submit(
    url: str,
    tournament: str | None,
    actor: Actor,
    keep: Path | None = None,
    *,
    import_now: bool = False,
) -> SubmittedFile:
    """Send the tournament's results file to the rating officer's queue and close the
    tournament; with `import_now` (one person on one laptop) import it into the rating store
    at once instead.

    The queue item (or the import) and the `Submitted` event are one transaction; no file is
    written unless `keep` names a folder for a copy.

    Raises:
        TournamentError: the tournament is closed, or (`import_now`) its file cannot be
            imported.
    """
    from ratinglist.formats.elo import format_elo
    from ratinglist.service.intake import queue_on
    from ratinglist.service.tournaments.log import after
    from ratinglist.store.importer import import_text_on
    from ratinglist.store.intake import TOURNAMENT
    from ratinglist.store.tournament_events import SUBMITTED, log_writer, set_status_on
    from ratinglist.tournament.events import Submitted
    from ratinglist.tournament.games.othello.exports import results_file, results_file_name

    with opened(url) as store:
        base = loaded(store, tournament)
        d = base.folded
        require_othello(d, "a submission (export --h9 or --tou for a Go rating body)")
        if d.finals is not None and missing_finals(d.finals):
            due = ", ".join(
                f"{g.stage} {_person(d, g.black).name} v {_person(d, g.white).name}"
                for g in missing_finals(d.finals)
            )
            raise TournamentError(
                f"expected every finals game played before the submission, got {due} "
                f"without a result"
            )
        name = results_file_name(d)
        rf = results_file(d)
        data = format_elo(rf).encode("utf-8")
        item = None
        with log_writer(store, base.info.id, base.seq, actor=actor.label) as writer:
            after(writer, base, [Submitted()])
            if import_now:
                outcome = import_text_on(writer.conn, store, name, data)
                if outcome.first_error is not None and outcome.games == 0:
                    raise TournamentError(f"expected an importable file, got {outcome.first_error}")
                status, games = outcome.status.value, outcome.games
            else:
                item = queue_on(
                    writer.conn,
                    origin=TOURNAMENT,
                    name=name,
                    data=data,
                    actor=actor,
                    td_tournament_id=base.info.id,
                )
                status, games = "queued", len(rf.games)
            writer.append(Submitted())
            set_status_on(writer.conn, base.info.id, SUBMITTED)
    kept = None
    if keep is not None:
        try:
            keep.mkdir(parents=True, exist_ok=True)
            (keep / name).write_bytes(data)
        except OSError as exc:
            raise TournamentError(f"could not keep the results file in {keep}: {exc}") from exc
        kept = str(keep / name)
    return SubmittedFile(name, status, games, kept, item)


def replay(
    path: Path,
    *,
    bye_discs: float = 40.0,
    bq_constant: float = 6.0,
    bq_rule: str = "standard",
) -> tuple[ReplayRow, ...]:
    """The standings rebuilt from a results file's games."""
    from ratinglist.formats.elo import read_elo
    from ratinglist.service.tournaments.actions import bq_rule as rule_of
    from ratinglist.tournament.games.othello.ranking_views import replay_rows
    from ratinglist.tournament.games.othello.replay import replay_results_file

    rf = read_elo(path)
    rule = rule_of(bq_rule)
    rp = replay_results_file(rf, bye_discs=bye_discs, bq_constant=bq_constant, bq_rule=rule)
    return replay_rows(rf, rp)

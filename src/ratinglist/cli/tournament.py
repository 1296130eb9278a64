"""`ratinglist tournament ...`: direct a tournament stored in the database as an event log.

Every command loads the log of the tournament (`--tournament NAME_OR_ID`, default the most
recent one), folds it into the current state, checks the new action against that state and
appends it as one event in one transaction. `replay` works on a results file instead.
"""

from __future__ import annotations

import json
import secrets
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, database_url, user_errors
from ratinglist.errors import RegistryError, TournamentError
from ratinglist.formats.elo import format_elo, read_elo, write_elo
from ratinglist.model import Colour, Player, PlayerId
from ratinglist.registry.search import Match, PlayerIndex
from ratinglist.standings import BrightwellRule
from ratinglist.store import Store, add_player, all_players, import_file, open_store
from ratinglist.store.tournament_events import (
    SUBMITTED,
    TournamentInfo,
    append_event,
    create_tournament,
    find_directed,
    list_directed,
    load_events,
    set_status,
)
from ratinglist.tournament.director import Director, apply, fold
from ratinglist.tournament.events import (
    Absent,
    Created,
    Event,
    FinalsStarted,
    Forbidden,
    Forced,
    Registered,
    ResultCorrected,
    ResultEntered,
    Settings,
    Undone,
    Withdrawn,
)
from ratinglist.tournament.exports import (
    final_ranking,
    pairing_sheet,
    results_file,
    results_file_name,
    standings_csv,
)
from ratinglist.tournament.finals_stage import scheduled
from ratinglist.tournament.html_page import html_page
from ratinglist.tournament.planning import (
    explain_round,
    finalists,
    next_pairing,
    parse_system,
)
from ratinglist.tournament.ranking_views import class_rows, class_rule, replay_rows
from ratinglist.tournament.replay import replay_results_file
from ratinglist.tournament.results import Result, SpecialResult, counted_discs, make_result

app = typer.Typer(
    help="Direct a tournament: players, pairings, results, standings, finals, exports.",
    no_args_is_help=True,
)

TournamentOption = typer.Option(
    None, "--tournament", "-t", help="Tournament name or id (default: the most recent one)."
)
MATCH_THRESHOLD = 80.0
BQ_RULES = {"standard": BrightwellRule.IFRL, "singapore": BrightwellRule.SINGAPORE}
BqRuleOption = typer.Option(
    "--bq-rule", help="Brightwell rule for byes and absences: standard (IFRL) or singapore."
)


def _bq_rule(text: str) -> BrightwellRule:
    rule = BQ_RULES.get(text.strip().lower())
    if rule is None:
        raise TournamentError(f"expected a --bq-rule standard or singapore, got {text!r}")
    return rule


SPECIALS = {
    "time-default": SpecialResult.TIME_DEFAULT,
    "flag": SpecialResult.SECOND_FLAG_FALL,
    "resign": SpecialResult.RESIGNATION,
    "forfeit": SpecialResult.FORFEIT,
}


@dataclass(frozen=True, slots=True)
class Loaded:
    """A tournament read from the store: its row, its log and the folded state."""

    store: Store
    info: TournamentInfo
    events: tuple[Event, ...]
    director: Director

    def act(self, event: Event) -> Director:
        """Check `event` against the state and append it (one transaction); the new state."""
        after = (
            fold((*self.events, event))
            if isinstance(event, Undone)
            else apply(self.director, event)
        )
        append_event(self.store, self.info.id, event, expected_seq=len(self.events))
        return after


@contextmanager
def _load(db: str | None, tournament: str | None) -> Iterator[Loaded]:
    """The tournament, folded; the store is closed when the block ends."""
    store = open_store(database_url(db))
    try:
        info = find_directed(store, tournament)
        events = load_events(store, info.id)
        yield Loaded(store, info, events, fold(events))
    finally:
        store.close()


def _name(d: Director, pid: PlayerId) -> str:
    return f"{d.state.entrant(pid).name} ({pid})"


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


@app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="Tournament name, e.g. 'EGP Haarlem 2026'.")],
    country: Annotated[
        str, typer.Option("--country", help="Host country (ID range of new players).")
    ],
    date: Annotated[str, typer.Option("--date", help="First day, YYYY-MM-DD.")],
    end: Annotated[str | None, typer.Option("--end", help="Last day, YYYY-MM-DD.")] = None,
    system: Annotated[
        str | None, typer.Option("--system", help="swiss, rr, double-rr, ... (default: EOC table).")
    ] = None,
    preset: Annotated[str, typer.Option("--preset", help="Swiss cost model: eoc or papp.")] = "eoc",
    rounds: Annotated[int, typer.Option("--rounds", min=1, help="Swiss rounds.")] = 13,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of every draw (default: random, stored).")
    ] = None,
    bye_discs: Annotated[float, typer.Option("--bye-discs", help="Discs of a bye.")] = 32.0,
    bq_constant: Annotated[float, typer.Option("--bq-constant", help="Brightwell C.")] = 6.0,
    bq_rule: Annotated[str, BqRuleOption] = "standard",
    sender: Annotated[str, typer.Option("--sender", help="%%Sender of the results file.")] = (
        "tournament director"
    ),
    db: str | None = DbOption,
) -> None:
    """Create a tournament; it becomes the default one of later commands.

    Example: ratinglist tournament new "EGP Haarlem" --country NLD --date 2026-03-14 --rounds 13
    """
    with user_errors():
        settings = Settings(
            name=name,
            country=country,
            start=date,
            end=end,
            sender=sender,
            system=None if system is None else parse_system(system).value,
            preset=preset,
            rounds=rounds,
            seed=secrets.randbelow(2**31) if seed is None else seed,
            bye_discs=bye_discs,
            bq_constant=bq_constant,
            bq_rule=_bq_rule(bq_rule).value,
        )
        store = open_store(database_url(db))
        try:
            tid = create_tournament(store, Created(settings))
        finally:
            store.close()
    typer.echo(f"created tournament {tid}: {name} (seed {settings.seed})")


def _resolve(index: PlayerIndex, query: str, threshold: float) -> tuple[Match, str]:
    """The player a query names: an exact ID, or the single best fuzzy match >= threshold."""
    text = query.strip()
    found = index.search(text, limit=2)
    if text.isdigit():
        exact = [m for m in found if str(m.player.id) == text]
        if not exact:
            raise RegistryError(f"expected a registered player ID, got {text!r}")
        return exact[0], "ID"
    if not found or found[0].score < threshold:
        best = "" if not found else f" (best: {found[0].player.name}, {found[0].score:.0f})"
        raise RegistryError(f"expected a player matching {text!r} above {threshold:.0f}{best}")
    if len(found) > 1 and found[1].score == found[0].score:
        names = ", ".join(f"{m.player.name} ({m.player.id})" for m in found)
        raise RegistryError(f"expected one best match for {text!r}, got a tie: {names}")
    return found[0], f"match {found[0].score:.0f}"


@app.command("register")
def register(
    players: Annotated[
        list[str] | None, typer.Argument(help="Names (fuzzy) or IDs of registered players.")
    ] = None,
    new_player: Annotated[
        str | None, typer.Option("--new", help="A new player: 'SURNAME,Firstname'.")
    ] = None,
    country: Annotated[
        str | None, typer.Option("--country", help="Country of the --new player.")
    ] = None,
    first_round: Annotated[
        int | None, typer.Option("--first-round", help="Late entry: first round played.")
    ] = None,
    female: Annotated[bool, typer.Option("--female", help="Female class.")] = False,
    youth: Annotated[bool, typer.Option("--youth", help="Youth class.")] = False,
    birth_year: Annotated[int | None, typer.Option("--birth-year", help="For age classes.")] = None,
    threshold: Annotated[
        float, typer.Option("--threshold", help="Lowest fuzzy score accepted (0-100).")
    ] = MATCH_THRESHOLD,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Enter players: best fuzzy match of each name (or an exact ID), or a new player.

    A new player gets the lowest unused ID of the host country's range and joins the
    registry. Example: ratinglist tournament register "Tastet Marc" 4012 "van den Biggelar"
    """
    with user_errors(), _load(db, tournament) as t:
        d = t.director
        k = first_round if first_round is not None else d.paired + 1

        def entry(p: Player, new: bool = False) -> Registered:
            return Registered(
                p.id,
                p.surname,
                p.firstname,
                p.country,
                p.rating,
                new=new,
                first_round=k,
                female=female,
                youth=youth,
                birth_year=birth_year,
                debutant=new,
            )

        todo: list[Registered] = []
        if players:
            index = PlayerIndex(all_players(t.store))
            for query in players:
                m, how = _resolve(index, query, threshold)
                todo.append(entry(m.player))
                typer.echo(f"{query!r} -> {m.player.name} ({m.player.id}) [{how}]")
        checked = d
        for e in todo:
            checked = apply(checked, e)
        if new_player is not None:
            if country is None:
                raise TournamentError("expected --country with --new, got none")
            surname, _, firstname = new_player.partition(",")
            apply(checked, entry(Player(PlayerId(0), surname, firstname, country), True))
            p = add_player(
                t.store,
                surname,
                firstname,
                country,
                host_country=d.settings.country,
                on=d.settings.start_date,
                reason=f"new player at {d.settings.name}",
            )
            todo.append(entry(p, True))
            typer.echo(f"new player {p.name} ({p.country}) gets ID {p.id}")
        if not todo:
            raise TournamentError("expected player names, IDs or --new, got nothing")
        for e in todo:
            d = t.act(e)
            t = Loaded(t.store, t.info, (*t.events, e), d)
        typer.echo(f"{len(d.state.entrants)} players entered")


@app.command("withdraw")
def withdraw_command(
    player: Annotated[int, typer.Argument(help="Player ID.")],
    from_round: Annotated[
        int | None, typer.Option("--from-round", help="First round not played (default: next).")
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Withdraw a player (no re-entry; later rounds pair the others).

    Example: ratinglist tournament withdraw 4012
    """
    with user_errors(), _load(db, tournament) as t:
        k = from_round if from_round is not None else t.director.paired + 1
        d = t.act(Withdrawn(PlayerId(player), k))
        typer.echo(f"{_name(d, PlayerId(player))} withdrawn from round {k}")


@app.command("absent")
def absent_command(
    player: Annotated[int, typer.Argument(help="Player ID.")],
    round_number: Annotated[
        int | None, typer.Option("--round", help="Round missed (default: next).")
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Declare a player absent for one round (no game, no bye).

    Example: ratinglist tournament absent 4012 --round 5
    """
    with user_errors(), _load(db, tournament) as t:
        k = round_number if round_number is not None else t.director.paired + 1
        d = t.act(Absent(PlayerId(player), k))
        typer.echo(f"{_name(d, PlayerId(player))} absent in round {k}")


@app.command("forbid")
def forbid_command(
    first: Annotated[int, typer.Argument(help="Player ID.")],
    second: Annotated[int, typer.Argument(help="Player ID.")],
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Never pair two players together (e.g. family members).

    Example: ratinglist tournament forbid 4012 4013
    """
    with user_errors(), _load(db, tournament) as t:
        t.act(Forbidden(PlayerId(first), PlayerId(second)))
        typer.echo(f"{first} and {second} will not be paired")


@app.command("force")
def force_command(
    black: Annotated[int, typer.Argument(help="Player ID with Black.")],
    white: Annotated[int, typer.Argument(help="Player ID with White.")],
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Impose a pair on the next round; the pairing keeps it.

    Example: ratinglist tournament force 4012 4013
    """
    with user_errors(), _load(db, tournament) as t:
        k = t.director.paired + 1
        t.act(Forced(k, PlayerId(black), PlayerId(white)))
        typer.echo(f"round {k}: {black} (Black) - {white} (White) forced")


def _pairings_table(d: Director, number: int) -> Table:
    r = d.state.rounds[number - 1]
    ranks = {row.player: row for row in d.standings(number - 1)}
    table = Table(title=f"{d.settings.name}: round {number}")
    for col in ("table", "Black", "pts", "White", "pts", "result"):
        table.add_column(col, justify="left" if col in ("Black", "White") else "right")
    for k, p in enumerate(r.pairings, start=1):
        res = "" if p.result is None else f"{p.result.black_discs}-{p.result.white_discs}"
        table.add_row(
            str(k),
            _name(d, p.black),
            _num(ranks[p.black].points),
            _name(d, p.white),
            _num(ranks[p.white].points),
            res,
        )
    for pid in r.byes:
        table.add_row("bye", _name(d, pid), _num(ranks[pid].points), "", "", "")
    return table


@app.command("pair")
def pair(db: str | None = DbOption, tournament: str | None = TournamentOption) -> None:
    """Pair the next round (round robin or Swiss by the tournament's system) and publish it.

    Example: ratinglist tournament pair
    """
    with user_errors(), _load(db, tournament) as t:
        event, _ = next_pairing(t.director)
        d = t.act(event)
    console.print(_pairings_table(d, event.round))


def _result_event(
    round_label: str,
    black: int,
    white: int,
    score: str | None,
    special: str | None,
    winner: int | None,
    correction: bool,
) -> ResultEntered | ResultCorrected:
    b, w = PlayerId(black), PlayerId(white)
    discs: tuple[int, int] | None = None
    if score is not None:
        left, sep, right = score.partition("-")
        if not sep or not left.strip().isdigit() or not right.strip().isdigit():
            raise TournamentError(f"expected a disc score such as 40-24, got {score!r}")
        discs = (int(left), int(right))
    if special is None:
        if discs is None:
            raise TournamentError("expected a disc score such as 40-24, got none")
        res = Result(*counted_discs(*discs))
    else:
        kind = SPECIALS.get(special)
        if kind is None:
            raise TournamentError(
                f"expected --special among {', '.join(SPECIALS)}, got {special!r}"
            )
        if winner not in (black, white):
            raise TournamentError(f"expected --winner {black} or {white}, got {winner}")
        colour = Colour.BLACK if winner == black else Colour.WHITE
        on_board = (0, 0) if discs is None else discs
        mine, theirs = on_board if colour is Colour.BLACK else on_board[::-1]
        res = make_result(colour, kind, mine, theirs)
    cls = ResultCorrected if correction else ResultEntered
    label = round_label.strip().upper()
    return cls(label, b, w, res.black_discs, res.white_discs, res.special.value)


RoundArg = Annotated[str, typer.Argument(help="Round number, or SF1 SF2 F1 F2 F3 3P.")]
BlackArg = Annotated[int, typer.Argument(help="Player ID with Black.")]
WhiteArg = Annotated[int, typer.Argument(help="Player ID with White.")]
ScoreArg = Annotated[str | None, typer.Argument(help="Discs Black-White, e.g. 40-24.")]
SpecialOpt = Annotated[
    str | None, typer.Option("--special", help="time-default, flag, resign or forfeit.")
]
WinnerOpt = Annotated[int | None, typer.Option("--winner", help="Winner of a special result.")]


def _enter(
    correction: bool,
    round_label: str,
    black: int,
    white: int,
    score: str | None,
    special: str | None,
    winner: int | None,
    db: str | None,
    tournament: str | None,
) -> None:
    with user_errors(), _load(db, tournament) as t:
        event = _result_event(round_label, black, white, score, special, winner, correction)
        t.act(event)
    verb = "corrected" if correction else "entered"
    typer.echo(f"{event.round}: {black} {event.black_discs}-{event.white_discs} {white} {verb}")


@app.command("result")
def result_command(
    round_label: RoundArg,
    black: BlackArg,
    white: WhiteArg,
    score: ScoreArg = None,
    special: SpecialOpt = None,
    winner: WinnerOpt = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Enter a game's result (the winner gets the empty squares; a draw is 32-32).

    Example: ratinglist tournament result 3 4012 4013 40-24
    """
    _enter(False, round_label, black, white, score, special, winner, db, tournament)


@app.command("results")
def results_command(
    file: Annotated[
        Path, typer.Argument(help="Lines 'ROUND BLACK WHITE SCORE' ('%' starts a comment).")
    ],
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Enter many results from a text file, one event per line, in order.

    Every line is checked before anything is stored. Example: ratinglist tournament results r5.txt
    """
    with user_errors(), _load(db, tournament) as t:
        try:
            lines = file.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise TournamentError(f"could not read {str(file)!r}: {exc.strerror}") from exc
        events: list[ResultEntered | ResultCorrected] = []
        checked = t.director
        for n, line in enumerate(lines, start=1):
            text = line.split("%", 1)[0].split()
            if not text:
                continue
            if len(text) != 4 or not (text[1].isdigit() and text[2].isdigit()):
                raise TournamentError(
                    f"{file.name}:{n}: expected 'ROUND BLACK WHITE SCORE', got {line.strip()!r}"
                )
            event = _result_event(text[0], int(text[1]), int(text[2]), text[3], None, None, False)
            try:
                checked = apply(checked, event)
            except TournamentError as exc:
                raise TournamentError(f"{file.name}:{n}: {exc}") from exc
            events.append(event)
        for event in events:
            t = Loaded(t.store, t.info, (*t.events, event), t.act(event))
    typer.echo(f"{len(events)} results entered")


@app.command("correct")
def correct_command(
    round_label: RoundArg,
    black: BlackArg,
    white: WhiteArg,
    score: ScoreArg = None,
    special: SpecialOpt = None,
    winner: WinnerOpt = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Correct an entered result; standings change, published pairings do not.

    Example: ratinglist tournament correct 2 4012 4013 33-31
    """
    _enter(True, round_label, black, white, score, special, winner, db, tournament)


@app.command("undo")
def undo(db: str | None = DbOption, tournament: str | None = TournamentOption) -> None:
    """Cancel the most recent action still in force (it stays in the log).

    Example: ratinglist tournament undo
    """
    with user_errors(), _load(db, tournament) as t:
        t.act(Undone())
    typer.echo("undone")


@app.command("standings")
def standings(
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
    class_name: Annotated[
        str | None,
        typer.Option("--class", help="female, youth, 50+, 60+, debutants or rating:LOW-HIGH."),
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Print the standings (points, Brightwell quotient, discs; finals places first).

    Example: ratinglist tournament standings --class rating:1600-1800
    """
    with user_errors(), _load(db, tournament) as t:
        d = t.director
        ranking = final_ranking(d)
        rows = ranking if class_name is None else class_rows(d, ranking, class_rule(d, class_name))
    if as_json:
        out = [
            {
                "rank": p.place,
                "id": int(p.row.player),
                "points": p.row.points,
                "bq": p.row.brightwell,
                "discs": p.row.discs,
            }
            for p in rows
        ]
        typer.echo(json.dumps(out))
        return
    title = d.settings.name + ("" if class_name is None else f" ({class_name})")
    table = Table(title=f"{title} after {d.paired} rounds")
    for col in ("#", "ID", "name", "country", "points", "BQ", "discs"):
        table.add_column(col, justify="left" if col in ("name", "country") else "right")
    for p in rows:
        mark = " (withdrawn)" if p.row.withdrawn else ""
        table.add_row(
            str(p.place),
            str(p.row.player),
            p.name + mark,
            p.country,
            _num(p.row.points),
            _num(p.row.brightwell),
            _num(p.row.discs),
        )
    console.print(table)


@app.command("explain")
def explain(
    round_number: Annotated[int, typer.Argument(help="A paired Swiss round.")],
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Show each pair's cost by criterion, and what the forced pairs cost in total.

    Example: ratinglist tournament explain 5
    """
    with user_errors(), _load(db, tournament) as t:
        d = t.director
        ex = explain_round(d, round_number)
    names = [name for name, _ in ex.pairs[0].parts] if ex.pairs else []
    table = Table(title=f"Round {round_number}: cost by criterion ({d.settings.preset})")
    table.add_column("Black", justify="left")
    table.add_column("White", justify="left")
    for name in names:
        table.add_column(name, justify="right")
    table.add_column("cost", justify="right")
    for p in ex.pairs:
        white = "BYE" if p.white is None else _name(d, p.white)
        mark = " [forced]" if p.forced else ""
        table.add_row(_name(d, p.black) + mark, white, *(str(v) for _, v in p.parts), str(p.cost))
    console.print(table)
    typer.echo(f"total cost {ex.total}")
    if ex.forced_extra is not None:
        typer.echo(f"forced pairs cost {ex.forced_extra} more than the best free pairing")


@app.command("finals")
def finals(db: str | None = DbOption, tournament: str | None = TournamentOption) -> None:
    """Start the finals with the top 4 (1v4, 2v3), or show the finals games due.

    Example: ratinglist tournament finals
    """
    with user_errors(), _load(db, tournament) as t:
        d = t.director
        if d.finals is None:
            d = t.act(FinalsStarted(finalists(d)))
        assert d.finals is not None
        games = scheduled(d.finals)
    table = Table(title=f"{d.settings.name}: finals")
    for col in ("stage", "Black", "White", "result"):
        table.add_column(col)
    for g in games:
        res = "" if g.result is None else f"{g.result.black_discs}-{g.result.white_discs}"
        table.add_row(g.stage, _name(d, g.black), _name(d, g.white), res)
    console.print(table)


@app.command("export")
def export(
    elo: Annotated[Path | None, typer.Option("--elo", help="Write the .ELO results file.")] = None,
    html: Annotated[Path | None, typer.Option("--html", help="Write the HTML page.")] = None,
    csv_file: Annotated[Path | None, typer.Option("--csv", help="Write the standings CSV.")] = None,
    sheets: Annotated[
        Path | None, typer.Option("--sheets", help="Write one pairing sheet per round here.")
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Export the results file, the standings page, a CSV, pairing sheets.

    Example: ratinglist tournament export --elo 20260314_EGP_Haarlem.ELO --html haarlem.html
    """
    with user_errors(), _load(db, tournament) as t:
        d = t.director
        if not any((elo, html, csv_file, sheets)):
            raise TournamentError("expected --elo, --html, --csv or --sheets, got none")
        try:
            if elo is not None:
                write_elo(results_file(d), elo)
                typer.echo(f"wrote {elo}")
            if html is not None:
                html.write_text(html_page(d), encoding="utf-8")
                typer.echo(f"wrote {html}")
            if csv_file is not None:
                csv_file.write_text(standings_csv(d), encoding="utf-8")
                typer.echo(f"wrote {csv_file}")
            if sheets is not None:
                sheets.mkdir(parents=True, exist_ok=True)
                for k in range(1, d.paired + 1):
                    (sheets / f"round{k:02d}.txt").write_text(pairing_sheet(d, k), encoding="utf-8")
                typer.echo(f"wrote {d.paired} pairing sheets to {sheets}")
        except OSError as exc:
            raise TournamentError(f"could not write an export: {exc}") from exc


@app.command("submit")
def submit(
    to: Annotated[
        Path | None,
        typer.Option("--to", help="Keep the submitted .ELO file here (default: a temp folder)."),
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Put the tournament into the rating store: its .ELO file, imported as any other.

    Example: ratinglist tournament submit --to archive/2026
    """
    with user_errors(), _load(db, tournament) as t:
        d = t.director
        text = format_elo(results_file(d))
        with tempfile.TemporaryDirectory() as tmp:
            folder = to or Path(tmp)
            try:
                folder.mkdir(parents=True, exist_ok=True)
                path = folder / results_file_name(d)
                path.write_text(text, encoding="utf-8", newline="\n")
            except OSError as exc:
                raise TournamentError(f"could not write the results file: {exc}") from exc
            outcome = import_file(t.store, path)
        if outcome.first_error is not None and outcome.games == 0:
            raise TournamentError(f"expected an importable file, got {outcome.first_error}")
        set_status(t.store, t.info.id, SUBMITTED)
    typer.echo(f"submitted {outcome.name}: {outcome.status.value}, {outcome.games} games")


@app.command("replay")
def replay(
    file: Annotated[Path, typer.Argument(help="A .ELO results file.")],
    bye_discs: Annotated[float, typer.Option("--bye-discs", help="Discs of a bye.")] = 40.0,
    bq_constant: Annotated[float, typer.Option("--bq-constant", help="Brightwell C.")] = 6.0,
    bq_rule: Annotated[str, BqRuleOption] = "standard",
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
) -> None:
    """Rebuild a tournament from a results file and print its standings.

    Example: ratinglist tournament replay 20190331_23_Singapore_open.ELO --json
    """
    with user_errors():
        rf = read_elo(file)
        rule = _bq_rule(bq_rule)
        rp = replay_results_file(rf, bye_discs=bye_discs, bq_constant=bq_constant, bq_rule=rule)
        rows = replay_rows(rf, rp)
    if as_json:
        typer.echo(json.dumps([r.to_dict() for r in rows]))
        return
    table = Table(title=f"{file.name}: replayed standings")
    for col in ("#", "ID", "name", "points", "BQ", "discs"):
        table.add_column(col, justify="left" if col == "name" else "right")
    for r in rows:
        table.add_row(str(r.rank), str(r.id), r.name, _num(r.points), _num(r.bq), _num(r.discs))
    console.print(table)


@app.command("list")
def list_command(db: str | None = DbOption) -> None:
    """List the tournaments in the database, most recent first.

    Example: ratinglist tournament list
    """
    with user_errors():
        store = open_store(database_url(db))
        try:
            found = list_directed(store)
        finally:
            store.close()
    table = Table(title="Tournaments")
    for col in ("id", "name", "country", "start", "status", "events"):
        table.add_column(col)
    for i in found:
        table.add_row(str(i.id), i.name, i.country, str(i.start_date), i.status, str(i.events))
    console.print(table)


@app.command("show")
def show(
    round_number: Annotated[
        int | None, typer.Argument(help="Round (default: the last paired).")
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Print the pairings and results of a round.

    Example: ratinglist tournament show 3
    """
    with user_errors(), _load(db, tournament) as t:
        d = t.director
        k = d.paired if round_number is None else round_number
        if not 1 <= k <= d.paired:
            raise TournamentError(f"expected a paired round (1-{d.paired}), got {k}")
    console.print(_pairings_table(d, k))

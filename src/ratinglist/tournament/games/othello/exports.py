"""A directed tournament as values to publish: final ranking, results file, CSV, pairing sheets.

The results file (`results_file`) follows Papp's real files: the ``%_%`` players block with
``+`` before new players and each player's points and discs of the rounds, the games round by
round (first player Black, colour letter ``B``) under ``%Round N`` markers, and the finals
games after ``%%Added results`` without round markers. A forfeit is no game line (seed 000:
only played games are listed and rated) but counts in the declared points and discs as in
the tournament's standings, and a ``%%Forfeit`` comment names it (docs/decisions.md, "Issue
32: one truth for every result kind"). The HTML page is in `html_page`.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, replace

from ratinglist.formats.elo import from_tournament
from ratinglist.formats.results_file import ResultsFile
from ratinglist.model import (
    Colour,
    DateRange,
    Game,
    PlayerId,
    Tournament,
    TournamentPlayer,
    shown_id,
)
from ratinglist.standings import ClassMember, StandingsRow
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.finals import finals_places, scheduled, semifinal_results
from ratinglist.tournament.games.othello.play import othello, plan_of
from ratinglist.tournament.games.othello.results import Result
from ratinglist.tournament.games.othello.tables import board_order

CREATOR = "ratinglist"


@dataclass(frozen=True, slots=True)
class RankedPlayer:
    """One line of the final ranking: place, the standings row, and the finals place if any."""

    place: int
    row: StandingsRow
    name: str
    country: str


def final_ranking(d: FoldedTournament) -> tuple[RankedPlayer, ...]:
    """The standings of the rounds with the four finalists first, as far as decided.

    Places a finals stage decides count once that stage is played; until then its players
    keep their order from before the stage (seed 004: the semi-final winners above the
    losers once the semi-finals are played; the final's and the third-place game's places
    once each is played). In the 9-10 player system the top 4 after the round robin stay
    above the players of the Swiss rounds for places 5-10. Every moment gives a ranking.
    """
    o = othello(d)
    rows = list(o.standings())
    head = top_four(d)
    if head:
        by_player = {r.player: r for r in rows}
        rows = [by_player[p] for p in head] + [r for r in rows if r.player not in head]
    out = []
    for k, r in enumerate(rows, start=1):
        e = o.state.entrant(r.player)
        out.append(RankedPlayer(k, r, e.name, e.country))
    return tuple(out)


def top_four(d: FoldedTournament) -> tuple[PlayerId, ...]:
    """The finalists in their current order (empty while they are not known)."""
    o = othello(d)
    if o.finals is None:
        plan = plan_of(o)
        if plan is None or not plan.semifinals:
            return ()
        rr_rounds = plan.total_rounds(sum(1 for e in o.state.entrants if e.first_round == 1))
        rr_rounds -= plan.swiss_rounds
        if d.paired < rr_rounds or len(o.state.entrants) < 4:
            return ()
        return tuple(r.player for r in o.standings(rr_rounds)[:4])
    f = o.finals
    semis = semifinal_results(f)
    if semis is None:
        return f.players
    first, second, third, fourth = finals_places(f)
    (w1, l1), (w2, l2) = semis
    winners = sorted((w1, w2), key=f.rank)
    losers = sorted((l1, l2), key=f.rank)
    top = [first, second] if first is not None and second is not None else winners
    bottom = [third, fourth] if third is not None and fourth is not None else losers
    return (*top, *bottom)


def class_members(d: FoldedTournament) -> dict[PlayerId, ClassMember]:
    """What class standings need about each entrant."""
    o = othello(d)
    return {
        e.id: ClassMember(
            player=e.id,
            rating=e.rating,
            birth_year=e.birth_year,
            female=e.female,
            youth=e.youth,
            debutant=e.debutant,
        )
        for e in o.state.entrants
    }


def _game(black: PlayerId, white: PlayerId, res: Result, round_number: int | None) -> Game:
    return Game(
        first=black,
        second=white,
        outcome=res.outcome(Colour.BLACK),
        first_discs=res.black_discs,
        second_discs=res.white_discs,
        first_colour=Colour.BLACK,
        round=round_number,
    )


def to_tournament(d: FoldedTournament) -> Tournament:
    """The tournament as a domain value: players (points and discs of the rounds), games.

    Games of the rounds carry their round; finals games have no round. Forfeits are left out
    of the games (not played, not rated) but not of the players' points and discs: those
    are the tournament's own, as its standings show them.
    """
    o = othello(d)
    s = d.settings
    rows = {r.player: r for r in o.standings()}
    players = tuple(
        TournamentPlayer(
            id=p.player,
            surname=p.surname,
            firstname=p.firstname,
            country=p.country,
            new=p.new,
            score=rows[p.player].points,
            discs=rows[p.player].discs,
        )
        for p in o.people
    )
    games: list[Game] = []
    for r in o.state.rounds[: d.paired]:
        for p in r.pairings:
            if p.result is not None and p.result.played:
                games.append(_game(p.black, p.white, p.result, r.number))
    if o.finals is not None:
        for g in scheduled(o.finals):
            if g.result is not None and g.result.played:
                games.append(_game(g.black, g.white, g.result, None))
    return Tournament(
        name=s.name,
        country=s.country,
        dates=DateRange(s.start_date, s.end_date),
        sender=s.sender,
        players=players,
        games=tuple(games),
    )


def results_file(
    d: FoldedTournament,
    creation_date: str | None = None,
    notes: tuple[tuple[str, str], ...] = (),
) -> ResultsFile:
    """The .ELO results file of the tournament (finals under ``%%Added results``), with
    `notes` as ``%%Key: value`` comment lines after the header."""
    rf = from_tournament(
        to_tournament(d),
        source=results_file_name(d),
        creator=CREATOR,
        creation_date=creation_date,
    )
    games = tuple(replace(g, added=g.round is None) for g in rf.games)
    header = replace(rf.header, extra=(*rf.header.extra, *notes))
    return replace(rf, games=games, header=header)


def results_file_name(d: FoldedTournament) -> str:
    """``YYYYMMDD_NAME.ELO``: NAME is letters, digits and underscores, at most 30 characters."""
    name = re.sub(r"[^A-Za-z0-9]+", "_", d.settings.name).strip("_")[:30] or "TOURNAMENT"
    return f"{d.settings.start_date:%Y%m%d}_{name}.ELO"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def standings_csv(d: FoldedTournament) -> str:
    """The final ranking as CSV: place, id, name, country, points, bq, discs, withdrawn."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["place", "id", "name", "country", "points", "bq", "discs", "withdrawn"])
    for p in final_ranking(d):
        r = p.row
        writer.writerow(
            [
                p.place,
                shown_id(r.player),
                p.name,
                p.country,
                _number(r.points),
                _number(r.brightwell),
                _number(r.discs),
                "yes" if r.withdrawn else "",
            ]
        )
    return out.getvalue()


def pairing_sheet(d: FoldedTournament, round_number: int) -> str:
    """A plain-text pairing sheet of one round: table, Black, White, result, then byes."""
    o = othello(d)
    r = o.state.rounds[round_number - 1]
    ranks = {row.player: row for row in o.standings(round_number - 1)}
    lines = [f"{d.settings.name} - round {round_number}", ""]
    lines.append(f"{'Table':>5}  {'Black':<34} {'pts':>4}   {'White':<34} {'pts':>4}  Result")

    def who(pid: PlayerId) -> str:
        return f"{o.state.entrant(pid).name} ({shown_id(pid)})"[:34]

    for t, p in enumerate(board_order(d, round_number), start=1):
        res = "" if p.result is None else f"{p.result.black_discs}-{p.result.white_discs}"
        res += f" {p.result.kind}" if p.result is not None and p.result.kind else ""
        lines.append(
            f"{t:>5}  {who(p.black):<34} {_number(ranks[p.black].points):>4}   "
            f"{who(p.white):<34} {_number(ranks[p.white].points):>4}  {res}"
        )
    for pid in r.byes:
        lines.append(f"{'bye':>5}  {who(pid)}")
    absent = sorted(r.absent)
    if absent:
        lines.append("")
        lines.append("Absent: " + ", ".join(who(pid) for pid in absent))
    return "\n".join(lines) + "\n"


def result_slips(d: FoldedTournament, round_number: int) -> str:
    """Blank result slips of a round, one per table in board order, to print before it.

    Each slip names the tournament, round, table, Black and White; the players fill in the
    discs and sign. Byes get no slip.
    """
    o = othello(d)
    slips = []
    rule = "-" * 60
    for t, p in enumerate(board_order(d, round_number), start=1):
        black = f"{o.state.entrant(p.black).name} ({shown_id(p.black)})"
        white = f"{o.state.entrant(p.white).name} ({shown_id(p.white)})"
        slips.append(
            "\n".join(
                [
                    rule,
                    f"{d.settings.name} - round {round_number} - table {t}",
                    f"Black: {black:<40} discs: ____",
                    f"White: {white:<40} discs: ____",
                    "Signatures: Black ______________   White ______________",
                ]
            )
        )
    return "\n".join(slips) + "\n" + rule + "\n"

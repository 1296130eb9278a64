"""The standings and crosstable of a directed tournament as one self-contained HTML page.

Plain string building with `html.escape` on every value; the page carries its own screen
and print stylesheet (A4 landscape, no colours, the crosstable on its own page).
Crosstable cells read ``12B 40-24``: the opponent's place, own colour, own and the
opponent's discs; ``bye`` and ``-`` (no game) fill the other rounds.
"""

from __future__ import annotations

from html import escape

from ratinglist.model import Colour, PlayerId, shown_id
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.exports import final_ranking
from ratinglist.tournament.games.othello.finals import scheduled
from ratinglist.tournament.games.othello.play import othello

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #111; }
table { border-collapse: collapse; margin-bottom: 2em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.5em; font-size: 0.9em; }
th { background: #eee; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.withdrawn td { color: #888; }
td.win { background: #e6f4e6; } td.loss { background: #f8e6e6; } td.draw { background: #eef; }
@media print {
  @page { size: A4 landscape; margin: 1cm; }
  body { margin: 0; font-size: 9pt; }
  td.win, td.loss, td.draw, th { background: none; }
  h2.crosstable { page-break-before: always; }
  tr { page-break-inside: avoid; }
}
"""


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _cell(
    d: FoldedTournament, player: PlayerId, number: int, place: dict[PlayerId, int]
) -> tuple[str, str]:
    o = othello(d)
    r = o.state.rounds[number - 1]
    if player in r.byes:
        return "bye", ""
    p = r.pairing_of(player)
    if p is None:
        return "not played", ""
    if p.result is None:
        return "no result", ""
    colour = p.colour_of(player)
    own, other = p.result.discs(colour), p.result.discs(colour.opposite())
    kind = p.result.outcome(colour).name.lower()
    letter = "B" if colour is Colour.BLACK else "W"
    named = f" {p.result.kind}" if p.result.kind else ""
    return f"{place[p.opponent(player)]}{letter} {own}-{other}{named}", kind


def html_page(d: FoldedTournament) -> str:
    """The whole page: title, final ranking, finals games, crosstable of the rounds."""
    o = othello(d)
    s = d.settings
    ranking = final_ranking(d)
    place = {p.row.player: p.place for p in ranking}
    dates = s.start if s.end is None or s.end == s.start else f"{s.start} - {s.end}"
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(s.name)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(s.name)}</h1>",
        f"<p>{escape(s.country)}, {escape(dates)}; {d.paired} rounds, {len(ranking)} players</p>",
        "<h2>Standings</h2>",
        "<table><thead><tr><th>#</th><th>ID</th><th>Name</th><th>Country</th>"
        "<th>Points</th><th>BQ</th><th>Discs</th></tr></thead><tbody>",
    ]
    for p in ranking:
        r = p.row
        cls = ' class="withdrawn"' if r.withdrawn else ""
        out.append(
            f"<tr{cls}><td class=num>{p.place}</td><td class=num>{shown_id(r.player)}</td>"
            f"<td>{escape(p.name)}</td><td>{escape(p.country)}</td>"
            f"<td class=num>{_num(r.points)}</td><td class=num>{_num(r.brightwell)}</td>"
            f"<td class=num>{_num(r.discs)}</td></tr>"
        )
    out.append("</tbody></table>")
    if o.finals is not None:
        out.append(
            "<h2>Finals</h2><table><thead><tr><th>Stage</th><th>Black</th>"
            "<th>White</th><th>Result</th></tr></thead><tbody>"
        )
        for g in scheduled(o.finals):
            res = "" if g.result is None else f"{g.result.black_discs}-{g.result.white_discs}"
            res += f" {g.result.kind}" if g.result is not None and g.result.kind else ""
            out.append(
                f"<tr><td>{g.stage}</td><td>{escape(o.state.entrant(g.black).name)}</td>"
                f"<td>{escape(o.state.entrant(g.white).name)}</td><td class=num>{res}</td></tr>"
            )
        out.append("</tbody></table>")
    out.append('<h2 class="crosstable">Crosstable</h2><table><thead><tr><th>#</th><th>Name</th>')
    out.extend(f"<th>{k}</th>" for k in range(1, d.paired + 1))
    out.append("<th>Points</th></tr></thead><tbody>")
    for p in ranking:
        cells = []
        for k in range(1, d.paired + 1):
            text, kind = _cell(d, p.row.player, k, place)
            cls = f' class="num {kind}"' if kind else " class=num"
            cells.append(f"<td{cls}>{escape(text)}</td>")
        out.append(
            f"<tr><td class=num>{p.place}</td><td>{escape(p.name)}</td>{''.join(cells)}"
            f"<td class=num>{_num(p.row.points)}</td></tr>"
        )
    out.append("</tbody></table></body></html>")
    return "\n".join(out) + "\n"

"""Feed every reader 1 MB of its worst cases and a normal 1 MB file of its format.

Usage: .venv/bin/python benchmarks/parse_worst.py [--json] [--smoke] [--size BYTES]

Readers: .ELO results, Papp players list, OpenGotha / Pairgoth / MacMahon 3.9 XML, EGF
``.h9``, FFG ``.tou``, and the EGF, FFG and AGA rating lists. Worst cases: one long line of
a repeated character of each class (letters, digits, blanks, ``%``, ``-``, ``<``, ``"``,
``,`` ...), many short lines, a repeated token of the format's own syntax, and for XML deep
nesting, many attributes and long values. The normal file is a valid file of the format,
synthesised and repeated to the same size. Prints per reader the slowest worst case beside
the normal file (wall and CPU seconds; the ratio is of CPU time, the machine is shared) and
the load average; `--json` prints a list of objects with ``reader``, ``worst_case``,
``worst_seconds``, ``normal_seconds``, ``ratio`` (and CPU times). Acceptance: every ratio
within 3. `--smoke` runs 10 KB inputs. A reader may answer a worst case with its documented
error (`FormatError`); any other exception fails the run.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from ratinglist.errors import FormatError
from ratinglist.formats.elo_reader import read_elo_bytes
from ratinglist.formats.go.egf_h9 import read_h9
from ratinglist.formats.go.ffg_tou import read_tou
from ratinglist.formats.go.list_text import decode_go_text
from ratinglist.formats.go.lists import read_go_list
from ratinglist.formats.go.opengotha_document import read_opengotha_document
from ratinglist.formats.playerlist_reader import parse_players_list
from ratinglist.model.go.lists import ListOrigin

MB = 1_000_000
SMOKE = 10_000
TARGET_RATIO = 3.0

CHARACTERS = {
    "letter": "a",
    "capital": "Z",
    "digit": "7",
    "space": " ",
    "tab": "\t",
    "percent": "%",
    "hyphen": "-",
    "less-than": "<",
    "greater-than": ">",
    "quote": '"',
    "comma": ",",
    "slash": "/",
    "semicolon": ";",
    "plus": "+",
    "equals": "=",
    "brace": "{",
    "parenthesis": "(",
    "question": "?",
    "ampersand": "&",
    "accented": "é",
}
"""One character of each class, repeated on one long line."""


def _fill(unit: str, size: int) -> str:
    """`unit` repeated to about `size` characters."""
    return unit * max(1, size // max(1, len(unit)))


def _lines(make: Callable[[int], str], size: int, head: str = "") -> str:
    """`head`, then lines ``make(0)``, ``make(1)`` ... up to about `size` characters."""
    parts, total, i = [head], len(head), 0
    while total < size:
        line = make(i) + "\n"
        parts.append(line)
        total += len(line)
        i += 1
    return "".join(parts)


AFTER_PREFIX = ("letter", "digit", "space", "tab", "percent", "hyphen", "less-than")
AFTER_PREFIX += ("greater-than", "quote", "comma", "slash", "plus", "brace", "parenthesis")
"""The characters repeated after each prefix of a format (a valid start of a line)."""


def prefixed_cases(prefixes: tuple[str, ...], size: int) -> dict[str, str]:
    """A valid start of a line of the format, then a long run of one character."""
    return {
        f"{prefix.strip() or repr(prefix)} then {name}": prefix + _fill(CHARACTERS[name], size)
        for prefix in prefixes
        for name in AFTER_PREFIX
    }


def text_cases(size: int) -> dict[str, str]:
    """The worst cases every line-based format gets."""
    cases = {f"one line of {name}": _fill(c, size) for name, c in CHARACTERS.items()}
    cases["short lines of %"] = _fill("%\n", size)
    cases["empty lines"] = _fill("\n", size)
    cases["short lines of ;"] = _fill(";\n", size)
    cases["carriage returns"] = _fill("\r", size)
    cases["digit, blank"] = _fill("1 ", size)
    cases["alternating a-"] = _fill("a-", size)
    return cases


# --- normal files -------------------------------------------------------------------------


def normal_elo(size: int) -> str:
    """A valid .ELO file: header, players, rounds in which every player meets a new one."""
    head = "%%Tournament: Worst Open\n%%Country: France\n%%Date: 04/05/2008\n%%Sender: Bench\n\n"
    players = max(64, size // 1000)
    half = players // 2

    def line(i: int) -> str:
        if i < players:
            return f"%_%  {100 + i:5d}, SURNAME{i}, Firstname, FRA, 3.0, 12"
        rnd, table = divmod(i - players, half + 1)
        if table == 0:
            return f"%Round {rnd + 1}"
        a, b = table - 1, half + (table - 1 + rnd) % half
        return f"{100 + a:6d} ({33 + table % 10})>({31 - table % 10}) {100 + b:6d}"

    return _lines(line, size, head)


COUNTRIES = ("FRA", "GBR", "NED", "BEL", "GER", "ITA", "JPN", "USA", "CHN", "SWE", "NOR", "DEN")


def normal_players_list(size: int) -> str:
    """A valid Papp players list: countries, players with ratings."""
    return _lines(
        lambda i: (
            f"pays = {COUNTRIES[i // 500 % len(COUNTRIES)]}"
            if i % 500 == 0
            else f"{100000 + i} SURNAME{i}, Firstname{i % 97}          %_<{1000 + i % 900}>"
        ),
        size,
        "% Liste des joueurs par pays\n\n",
    )


def _h9_line(i: int) -> str:
    name = f"Surname{i} First"
    rounds = "".join(f" {(i + r) % 500 + 1:4d}+/w0" for r in range(4))
    return f"{i % 9999 + 1:4d} {name:<31.31} 3D FR 75Ju   36  128  503 0{rounds}"


def normal_h9(size: int) -> str:
    """A valid EGF ``.h9`` file."""
    head = (
        "; CL[A]\n; EV[Worst]\n; PC[,Paris]\n; DT[2019-10-26,2019-10-28]\n; HA[h1]\n"
        "; KM[7.5]\n;\n; Pl Name                            Rk Co Club  MMS  SOSSOSOS\n"
    )
    return _lines(_h9_line, size, head)


def normal_tou(size: int) -> str:
    """A valid FFG ``.tou`` file."""
    head = ";name=Worst\n;date=26/10/2019\n;vill=Paris\n;Num Nom Prenom   Niv Licence Club\n"

    def line(i: int) -> str:
        name = f"Surname{i} First"
        rounds = "".join(f" {(i + r) % 500 + 1:6d}+w0" for r in range(4))
        return f"{i % 9999 + 1:4d} {name:<25.25} 3D {1800000 + i % 99999:07d} 75Ju{rounds}"

    return _lines(line, size, head)


def normal_ffg_list(size: int) -> str:
    """A valid FFG rating list (``ech_ffg_V3.txt`` layout)."""

    def line(i: int) -> str:
        name = f"SURNAME{i} First"
        return f"{name:<36} {-1500 + i % 2000:6d} - {1800000 + i % 99999:07d} 75Pa FR"

    return _lines(line, size, "#Echelle au 11/01/2021 07:09:39\n")


def normal_egf_list(size: int) -> str:
    """A valid EGF rating list."""

    def line(i: int) -> str:
        name = f"Surname{i} First"  # PIN [1, 9), name [11, 48), country, club, grade, GoR [71, 75)
        return f" {10000000 + i:8d}  {name:<37} SE Upp    10k        {1000 + i % 1500:4d}"

    return _lines(line, size, "(22 Feb 2018)\n")


def normal_aga_list(size: int) -> str:
    """A valid AGA rating list (``tdlista.txt`` layout, tab-separated)."""
    tail = "\tFull\t-20.05711\t7/2/2008\tLIGC\tNY\t1.09\t8/1/2007"
    return _lines(lambda i: f"Surname{i}, First\t{10000 + i}{tail}", size)


def normal_opengotha(size: int) -> str:
    """A valid OpenGotha XML file: players then games."""
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<Tournament dataVersion="201" gothaVersion="348" saveDT="20191119110542">\n'
        "<Players>\n"
    )
    players = max(4, size // 600)

    def player(i: int) -> str:
        return (
            f'<Player agaId="" club="75Pa" country="FR" egfPin="" ffgLicence="{1800000 + i}" '
            f'firstName="First" grade="3K" name="Surname{i}" participating="11111" rank="3K" '
            f'rating="1800" ratingOrigin="FFG : -250" registeringStatus="FIN" smmsCorrection="0"/>'
        )

    def game(i: int) -> str:
        a, b = (2 * i) % players, (2 * i + 1) % players
        return (
            f'<Game blackPlayer="SURNAME{a}FIRST" handicap="0" knownColor="true" '
            f'result="RESULT_WHITEWINS" roundNumber="{i // (players // 2) % 5 + 1}" '
            f'tableNumber="{i % (players // 2) + 1}" whitePlayer="SURNAME{b}FIRST"/>'
        )

    body = "".join(player(i) + "\n" for i in range(players)) + "</Players>\n<Games>\n"
    tail = (
        "</Games>\n<TournamentParameterSet>\n"
        '<GeneralParameterSet name="Worst" numberOfRounds="5" shortName="Worst"/>\n'
        "</TournamentParameterSet>\n</Tournament>\n"
    )
    games = _lines(game, size - len(head) - len(body) - len(tail))
    return head + body + games + tail


# --- XML worst cases ----------------------------------------------------------------------


def xml_cases(size: int) -> dict[str, str]:
    """The worst cases of the XML reader: text cases plus nesting, attributes, values."""
    cases = text_cases(size)
    depth = size // 7
    cases["deep nesting"] = "<Tournament>" + "<a>" * depth + "</a>" * depth + "</Tournament>"
    cases["deep unclosed nesting"] = "<Tournament>" + "<Players>" * (size // 9)
    attributes = " ".join(f'a{i}="{i}"' for i in range(size // 12))
    cases["many attributes"] = f"<Tournament {attributes}/>"
    cases["long attribute value"] = f'<Tournament name="{_fill("a", size)}"/>'
    cases["long text"] = f"<Tournament>{_fill('a &amp; ', size)}</Tournament>"
    cases["many empty players"] = (
        '<Tournament dataVersion="201"><Players>'
        + _fill("<Player/>", size)
        + "</Players></Tournament>"
    )
    cases["many games of unknown players"] = (
        '<Tournament dataVersion="201"><Games>'
        + _fill('<Game whitePlayer="X" blackPlayer="Y" roundNumber="1"/>', size)
        + "</Games></Tournament>"
    )
    cases["many comments"] = "<Tournament>" + _fill("<!---->", size) + "</Tournament>"
    cases["entity bomb"] = (
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
        + "".join(
            f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10 if i else "&lol;" * 10}">'
            for i in range(9)
        )
        + "]>\n<Tournament>&lol8;</Tournament>"
    )
    return cases


# --- readers ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reader:
    """A reader, its normal file and its worst cases."""

    name: str
    read: Callable[[bytes], object]
    normal: Callable[[int], str]
    cases: Callable[[int], dict[str, str]]
    prefixes: tuple[str, ...] = ()

    def all_cases(self, size: int) -> dict[str, str]:
        """The reader's worst cases and a long run after each of its prefixes."""
        return self.cases(size) | prefixed_cases(self.prefixes, size)


def _go_list(origin: ListOrigin) -> Callable[[bytes], object]:
    return lambda data: read_go_list(decode_go_text(data), "list.txt", origin)


ELO_PREFIXES = ("%_% ", "%_%  101, ", "%_%  101, A, B, FRA, ", "   101 ", "   101 (")
ELO_PREFIXES += ("   101 > ", "   101 (33)>(31) ", "%%Date: ", "%%Tournament: ", "%Round ", "% ")
ELO_PREFIXES += ("%%Tournament", "%%Date: 04/05/2008", "%Day 1 ", "%%", "%%a")
PLAYER_PREFIXES = ("101 ", "101 A, B ", "101 A, B %_<", "101 A, B %_< 1", "pays = ", "101 {")
PLAYER_PREFIXES += ("101 A (", "101 A, B `", "% ")
H9_ROW = "   1 Surname First                   3D FR 75Ju   36  128  503 0 "
H9_PREFIXES = ("   1 ", H9_ROW, f"{H9_ROW}   2", "; ", "; EV[", "; Pl Name ")
TOU_ROW = "   1 Dupont Jean               3D 1800014 75Ju "
TOU_PREFIXES = ("   1 ", TOU_ROW, f"{TOU_ROW}   2", ";", ";name=")
LIST_PREFIXES = (" 13633719  ", " 13633719  Aagren Thomas", "(", "#", "A, B\t1\tFull\t", "A\t1\t")
XML_PREFIXES = ('<Tournament name="', "<Tournament>", "<Tournament><!--", "<?xml ")
XML_PREFIXES += ('<Tournament dataVersion="201"><Players><Player name="', "<Tournament><![CDATA[")

READERS = (
    Reader(
        "elo",
        lambda d: read_elo_bytes(d, "20080504_WORST.ELO"),
        normal_elo,
        text_cases,
        ELO_PREFIXES,
    ),
    Reader(
        "players-list",
        lambda d: parse_players_list(d.decode("utf-8", "replace"), "joueurs.txt"),
        normal_players_list,
        text_cases,
        PLAYER_PREFIXES,
    ),
    Reader(
        "opengotha-xml",
        lambda d: read_opengotha_document(d, "worst.xml"),
        normal_opengotha,
        xml_cases,
        XML_PREFIXES,
    ),
    Reader("h9", lambda d: read_h9(d, "worst.h9"), normal_h9, text_cases, H9_PREFIXES),
    Reader("tou", lambda d: read_tou(d, "worst.tou"), normal_tou, text_cases, TOU_PREFIXES),
    Reader("ffg-list", _go_list(ListOrigin.FFG), normal_ffg_list, text_cases, LIST_PREFIXES),
    Reader("egf-list", _go_list(ListOrigin.EGF), normal_egf_list, text_cases, LIST_PREFIXES),
    Reader("aga-list", _go_list(ListOrigin.AGA), normal_aga_list, text_cases, LIST_PREFIXES),
    Reader(
        "go-list-detect",
        lambda d: read_go_list(decode_go_text(d), "list.txt"),
        normal_egf_list,
        text_cases,
        LIST_PREFIXES,
    ),
)


def timed(read: Callable[[bytes], object], data: bytes) -> tuple[float, float, str]:
    """Wall and CPU seconds of one read, and how it ended (``read`` or the error class)."""
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        read(data)
        ended = "read"
    except FormatError as exc:
        ended = type(exc).__name__
    except Exception as exc:  # any other error is a bug of the reader: reported, run fails
        ended = f"CRASH {type(exc).__name__}: {str(exc)[:80]}"
    return time.perf_counter() - wall, time.process_time() - cpu, ended


def measure(reader: Reader, size: int) -> dict[str, object]:
    """The slowest worst case of `reader` beside its normal file."""
    normal = reader.normal(size).encode()
    normal_wall, normal_cpu, normal_end = min(
        (timed(reader.read, normal) for _ in range(3)), key=lambda t: t[1]
    )
    if normal_end != "read":
        raise SystemExit(f"{reader.name}: the normal file was refused ({normal_end})")
    problems = getattr(reader.read(normal), "diagnostics", ())
    if problems:
        raise SystemExit(f"{reader.name}: the normal file has problems: {problems[0]}")
    worst: tuple[float, float, str, str] = (0.0, -1.0, "", "")
    crashes: list[str] = []
    for case, text in reader.all_cases(size).items():
        wall, cpu, ended = timed(reader.read, text.encode())
        if ended.startswith("CRASH"):
            crashes.append(f"{case}: {ended}")
        if cpu > worst[1]:
            worst = (wall, cpu, case, ended)
    wall, cpu, case, ended = worst
    return {
        "reader": reader.name,
        "worst_case": case,
        "worst_ended": ended,
        "worst_seconds": round(wall, 4),
        "worst_cpu_seconds": round(cpu, 4),
        "normal_bytes": len(normal),
        "normal_seconds": round(normal_wall, 4),
        "normal_cpu_seconds": round(normal_cpu, 4),
        "ratio": round(cpu / max(normal_cpu, 1e-3), 2),
        "ended": crashes,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print a table (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--smoke", action="store_true", help=f"{SMOKE}-byte inputs")
    parser.add_argument("--size", type=int, default=None, help=f"bytes per input ({MB})")
    parser.add_argument("--reader", action="append", help="only these readers")
    args = parser.parse_args(argv)
    size = args.size or (SMOKE if args.smoke else MB)
    chosen = [r for r in READERS if not args.reader or r.name in args.reader]
    rows = [measure(r, size) for r in chosen]
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        table = Table(title=f"worst cases of {size:,} bytes beside a normal file of that size")
        for column in ("reader", "worst case", "ended", "worst s (CPU)", "normal s (CPU)"):
            table.add_column(column)
        table.add_column("ratio", justify="right")
        for row in rows:
            table.add_row(
                str(row["reader"]),
                str(row["worst_case"]),
                str(row["worst_ended"]),
                f"{row['worst_seconds']:.3f} ({row['worst_cpu_seconds']:.3f})",
                f"{row['normal_seconds']:.3f} ({row['normal_cpu_seconds']:.3f})",
                f"{row['ratio']:.2f}",
            )
        Console().print(table)
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"load average {load}; ratio = worst CPU / normal CPU, target <= {TARGET_RATIO}")
    crashed = [r for r in rows for e in r["ended"] if str(e).startswith("CRASH")]
    if crashed:
        print(f"readers crashed: {crashed}", file=sys.stderr)
        return 2
    over = [r["reader"] for r in rows if float(str(r["ratio"])) > TARGET_RATIO]
    if over and not args.smoke:
        print(f"over {TARGET_RATIO}x: {', '.join(map(str, over))}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

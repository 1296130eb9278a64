"""A reader lists the first `MAX_LISTED` problems of a file and counts the rest in one N304
note (issue 31: half a million bad lines must not cost half a million diagnostics)."""

from __future__ import annotations

from collections import Counter

import pytest

from ratinglist.errors import ResultsFileError
from ratinglist.formats.diagnostics import MAX_LISTED
from ratinglist.formats.elo_reader import read_elo_bytes
from ratinglist.formats.go.egf_h9 import read_h9
from ratinglist.formats.go.ffg_tou import read_tou
from ratinglist.formats.go.lists import read_go_list
from ratinglist.formats.playerlist_reader import parse_players_list
from ratinglist.model.go.lists import ListOrigin

BAD = MAX_LISTED + 500


@pytest.mark.parametrize("read", [read_h9, read_tou], ids=["h9", "tou"])
def test_results_files_list_the_first_problems_and_count_the_rest(read) -> None:  # type: ignore[no-untyped-def]
    found = read(b"x\n" * BAD, "bad.txt").diagnostics
    assert Counter(d.code for d in found) == {"E601": MAX_LISTED, "N304": 1}
    note = found[-1]
    assert note.line == MAX_LISTED + 1
    assert note.message.startswith("500 more problems from this line on are not listed")


@pytest.mark.parametrize(
    ("origin", "line"),
    [(ListOrigin.FFG, "x"), (ListOrigin.AGA, "not tab separated at all")],
)
def test_lists_list_the_first_problems_and_count_the_rest(origin: ListOrigin, line: str) -> None:
    found = read_go_list(f"{line}\n" * BAD, "list.txt", origin).diagnostics
    codes = Counter(d.code for d in found)
    assert codes["E401"] == MAX_LISTED and codes["N304"] == 1
    [note] = [d for d in found if d.code == "N304"]
    assert note.line == MAX_LISTED + 1 and note.message.startswith("500 more problems")


def test_a_file_with_few_problems_lists_them_all() -> None:
    found = read_h9(b"x\n" * 3, "bad.h9").diagnostics
    assert [d.code for d in found] == ["E601"] * 3


def test_players_list_lists_the_first_problems_and_counts_the_rest() -> None:
    text = "pays = FRA\n101 DUPONT, Jean\n" + ";\n" * BAD + "12x\n"
    read = parse_players_list(text, "joueurs.txt")
    assert [p.id for p in read.players()] == [101]
    codes = Counter(d.code for d in read.diagnostics)
    assert codes == {"P101": MAX_LISTED, "N304": 1}
    [note] = [d for d in read.diagnostics if d.code == "N304"]
    assert note.line == MAX_LISTED + 3 and note.message.startswith("501 more problems")


def test_elo_lists_the_first_problems_and_counts_the_rest_but_strict_sees_all() -> None:
    text = "%%Tournament: T\n%%Country: France\n%%Date: 04/05/2008\n%%Sender: S\n" + ";\n" * BAD
    found = read_elo_bytes(text.encode(), "20080504_T.ELO").diagnostics
    codes = Counter(d.code for d in found)
    assert codes["E100"] == MAX_LISTED - sum(
        n for c, n in codes.items() if c not in ("E100", "N304")
    )
    [note] = [d for d in found if d.code == "N304"]
    assert note.message.endswith(f"are not listed (the first {MAX_LISTED} are)")
    with pytest.raises(ResultsFileError, match=r"T\.ELO:5:1: error\[E100\]"):
        read_elo_bytes(text.encode(), "20080504_T.ELO", strict=True)

"""The AGA rating list (``tdlista.txt``): TAB-separated fields, GO.md section b.

Fields: 0 ``Last, First`` (without a comma the name splits at the first blank), 1 AGA id,
2 membership type (``Forgn`` -> no country, else ``US``), 3 rating (a float such as
``-13.66602``; empty -> raw -2850), 4 expiration date, 5 club, 6 state, 7 sigma, 8 last
rated date. Lines shorter than 10 characters are skipped (OpenGotha's rule). The list has no
publication date.
"""

from __future__ import annotations

from ratinglist.formats.diagnostics import Diagnostic, Listing, diagnostic
from ratinglist.formats.go.list_text import ListRead, list_read, split_name
from ratinglist.model.go import rating_from_aga
from ratinglist.model.go.lists import GoListPlayer, ListOrigin, aga_unrated_rating

MIN_FIELDS = 5
FOREIGN = "Forgn"


def parse_aga_line(
    line: str, source: str, number: int
) -> tuple[GoListPlayer | None, Diagnostic | None]:
    """The record of one line (None if unusable) and the problem found on it, if any."""
    fields = line.split("\t")
    if len(fields) < MIN_FIELDS:
        return None, diagnostic(
            "E401",
            f"expected at least {MIN_FIELDS} TAB-separated fields, found {len(fields)}",
            source,
            number,
            text=line,
        )
    name, aga_id, membership, value = (f.strip() for f in fields[:4])
    if not aga_id.isdigit():
        return None, diagnostic(
            "E401",
            f"expected a numeric AGA id in field 2, found {aga_id!r}",
            source,
            number,
            text=line,
        )
    if value:
        try:
            rating = rating_from_aga(float(value))
        except (ValueError, OverflowError):  # not a number, or 'inf' / 1e400
            return None, diagnostic(
                "E401",
                f"expected a rating in field 4, found {value!r}",
                source,
                number,
                text=line,
            )
    else:
        rating = aga_unrated_rating()
    if "," in name:
        surname, _, first = name.partition(",")
    else:
        surname, _, first = name.partition(" ")
    surname, first, problem = split_name(surname, first, source, number, line)
    if not surname:
        return None, problem
    extra = [*fields[4:], "", ""]
    return GoListPlayer(
        origin=ListOrigin.AGA,
        number=aga_id,
        surname=surname,
        first_name=first,
        country="" if membership == FOREIGN else "US",
        club=extra[1].strip(),
        rating=rating,
        raw_rating=value,
        expiry=extra[0].strip(),
        line=number,
    ), problem


def read_aga_list(text: str, source: str) -> ListRead:
    """Every player of an AGA list and a diagnostic per bad line."""
    data: list[tuple[int, str]] = []
    refused = Listing()  # one test a line: a long file of short bad lines costs little
    for n, line in enumerate(text.splitlines(), start=1):
        if len(line) < 10:
            continue
        if _has_fields(line):
            data.append((n, line))
        elif not refused.full(n):
            refused.add(parse_aga_line(line, source, n)[1])
    return list_read(ListOrigin.AGA, None, source, data, parse_aga_line, listing=refused)


def _has_fields(line: str) -> bool:
    """The first test of `parse_aga_line`: at least `MIN_FIELDS` TAB-separated fields."""
    return line.count("\t") >= MIN_FIELDS - 1

"""Read any Go rating list: the format is given, or recognised from the text.

Recognition: a ``#Echelle au`` line -> FFG; a first long line with TABs -> AGA; a line with
8 digits in columns [1, 9) -> EGF.
"""

from __future__ import annotations

from pathlib import Path

from ratinglist.errors import FormatError
from ratinglist.formats.go.aga_list import read_aga_list
from ratinglist.formats.go.egf_list import is_egf_data_line, read_egf_list
from ratinglist.formats.go.ffg_list import HEADER, read_ffg_list
from ratinglist.formats.go.list_text import ListRead, decode_go_text, read_bytes
from ratinglist.model.go.lists import ListOrigin

READERS = {
    ListOrigin.EGF: read_egf_list,
    ListOrigin.FFG: read_ffg_list,
    ListOrigin.AGA: read_aga_list,
}


def detect_origin(text: str, source: str) -> ListOrigin:
    """The federation whose layout `text` has.

    Raises:
        FormatError: none of the three layouts is recognised.
    """
    for line in text.splitlines()[:200]:
        if line.startswith(HEADER):
            return ListOrigin.FFG
        if len(line) >= 10 and "\t" in line:
            return ListOrigin.AGA
        if is_egf_data_line(line):
            return ListOrigin.EGF
    raise FormatError(
        f"{source}: expected an EGF, FFG or AGA rating list, found none of their layouts "
        "in the first 200 lines"
    )


def read_go_list(text: str, source: str, origin: ListOrigin | None = None) -> ListRead:
    """The list in `text` read with `origin`'s layout (recognised when None)."""
    return READERS[origin or detect_origin(text, source)](text, source)


def read_go_list_file(path: Path, origin: ListOrigin | None = None) -> ListRead:
    """`read_go_list` of a file.

    Raises:
        FormatError: the file cannot be read or its layout is not recognised.
    """
    return read_go_list(decode_go_text(read_bytes(path)), path.name, origin)

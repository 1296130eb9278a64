"""Bytes to text for .ELO files: UTF-8 (with or without BOM), UTF-16 (with its BOM), else
MacRoman or Latin-1.

The spec asks for ASCII; real files are UTF-8, Latin-1 or MacRoman. Decoding never fails:
a file that is not UTF-8 is read as MacRoman when it holds bytes 0x80-0x9F (control
characters in Latin-1, accented letters in MacRoman), else as Latin-1, with a warning.
"""

from __future__ import annotations

import re

from ratinglist.formats.diagnostics import Diagnostic, diagnostic

_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_C1 = re.compile(rb"[\x80-\x9f]")


def decode_elo(data: bytes, source: str = "<bytes>") -> tuple[str, str, Diagnostic | None]:
    """Decode the bytes of a results file: ``(text, encoding, warning or None)``.

    `encoding` is one of ``ascii``, ``utf-8``, ``utf-8-sig`` (BOM removed), ``utf-16``
    (by its byte-order mark, which is removed), ``mac-roman`` and ``latin-1``; the last two
    come with a W210 / W209 warning at the first non-UTF-8 byte. Never raises.
    """
    if data.startswith(_UTF16_BOMS):
        try:
            return data.decode("utf-16"), "utf-16", None
        except UnicodeDecodeError:
            pass
    if data.isascii():
        return data.decode("ascii"), "ascii", None
    if data.startswith(_BOM):
        try:
            return data[len(_BOM) :].decode("utf-8"), "utf-8-sig", None
        except UnicodeDecodeError:
            data = data[len(_BOM) :]
    try:
        return data.decode("utf-8"), "utf-8", None
    except UnicodeDecodeError as exc:
        bad = exc.start
    line = data.count(b"\n", 0, bad) + 1
    column = bad - (data.rfind(b"\n", 0, bad) + 1) + 1
    byte = f"0x{data[bad]:02x}"
    if _C1.search(data):
        text = data.decode("mac_roman")
        code, name, label = "W210", "mac-roman", "MacRoman"
    else:
        text = data.decode("latin-1")
        code, name, label = "W209", "latin-1", "Latin-1"
    warning = diagnostic(
        code,
        f"expected UTF-8 text, got byte {byte}: decoded the file as {label}",
        source,
        line,
        column,
        byte,
    )
    return text, name, warning

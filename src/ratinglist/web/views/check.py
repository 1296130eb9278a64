"""`/check`: paste or upload a results file and see its diagnostics; nothing is stored.

Anyone may post here, so the work and the answer are bounded: the file is read in a process
forked for it and stopped when the server's work budget is spent (`web.budget`, 503), and
the page shows the first `SHOWN` diagnostics with a count of the others, the lines they point
at (every line of a file of at most `ALL_LINES` lines) and at most `LINE_CHARS` characters of
each line or message.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Protocol

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from ratinglist.service.site_check import MAX_BYTES, CheckedLine, check_file
from ratinglist.web.budget import budget_of, run_in_child
from ratinglist.web.templating import templates
from ratinglist.web.views.common import PAGE_CACHE

router = APIRouter(include_in_schema=False)

SHOWN = 100
"""Diagnostics shown on the page; the others are counted."""
ALL_LINES = 500
"""A file of at most this many lines is shown whole; a longer one around its diagnostics."""
CONTEXT = 2
"""Lines shown before and after a line with a diagnostic (a longer file)."""
LINE_CHARS = 500
"""Characters shown of a line or a message; the rest is counted."""


def clip(text: str, limit: int = LINE_CHARS) -> str:
    """`text`, cut after `limit` characters with a count of the rest."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit:,} more characters)"


@dataclass(frozen=True, slots=True)
class ShownDiagnostic:
    """A diagnostic as the page shows it: its compiler-like line and its marker, clipped."""

    severity: str
    code: str
    column: int
    message: str
    formatted: str


@dataclass(frozen=True, slots=True)
class ShownLine:
    """A line of the file as shown (clipped), with the shown diagnostics pointing at it;
    `gap` when lines were left out before it."""

    number: int
    text: str
    worst: str
    diagnostics: tuple[ShownDiagnostic, ...]
    gap: bool


@dataclass(frozen=True, slots=True)
class CheckPage:
    """What `/check` shows of a checked file: the counts, the first diagnostics, their lines."""

    name: str
    games: int
    players: int
    counts: tuple[tuple[str, int], ...]
    diagnostics: tuple[ShownDiagnostic, ...]
    more: int
    lines: tuple[ShownLine, ...]

    def count(self, severity: str) -> int:
        """How many diagnostics of the file have this severity (shown or not)."""
        return dict(self.counts).get(severity, 0)


class _Diagnostic(Protocol):
    """What the page reads of a reader's diagnostic."""

    @property
    def code(self) -> str: ...
    @property
    def severity(self) -> Enum: ...
    @property
    def message(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    def format(self) -> str: ...


def _shown(d: _Diagnostic) -> ShownDiagnostic:
    column = min(d.column, LINE_CHARS + 1)
    severity = str(d.severity.value)
    return ShownDiagnostic(severity, d.code, column, clip(d.message), clip(d.format()))


def _lines(lines: tuple[CheckedLine, ...], shown: tuple[_Diagnostic, ...]) -> list[ShownLine]:
    marked = {id(d) for d in shown}
    if len(lines) <= ALL_LINES:
        wanted = set(range(1, len(lines) + 1))
    else:
        wanted = {n + k for d in shown for n in (d.line,) for k in range(-CONTEXT, CONTEXT + 1)}
    out: list[ShownLine] = []
    previous = 0
    for number in sorted(n for n in wanted if 1 <= n <= len(lines)):
        line = lines[number - 1]
        own = tuple(_shown(d) for d in line.diagnostics if id(d) in marked)
        worst = line.worst if own else ""
        gap = number != previous + 1
        out.append(ShownLine(number, clip(line.text), worst, own, gap))
        previous = number
    return out


def check_page(data: bytes, name: str) -> CheckPage:
    """Check the file (`service.site_check.check_file`) and keep what the page shows.

    Raises:
        FormatError: as `check_file`.
    """
    result = check_file(data, name)
    shown = result.diagnostics[:SHOWN]
    counts = tuple((s, result.count(s)) for s in ("error", "warning", "note"))
    return CheckPage(
        name=result.name,
        games=result.games,
        players=result.players,
        counts=counts,
        diagnostics=tuple(_shown(d) for d in shown),
        more=len(result.diagnostics) - len(shown),
        lines=tuple(_lines(result.lines, shown)),
    )


@router.get("/check")
def check_form(request: Request) -> Response:
    """The form."""
    return templates.TemplateResponse(request, "check.html", {"r": None}, headers=PAGE_CACHE)


@router.post("/check")
async def check_post(
    request: Request,
    text: Annotated[str, Form(max_length=MAX_BYTES)] = "",
    name: Annotated[str, Form(max_length=200)] = "",
    upload: Annotated[UploadFile | None, File()] = None,
) -> Response:
    """The diagnostics of the uploaded file, or else of the pasted text (bounded: see the
    module's text)."""
    if upload is not None and upload.filename:
        data = await upload.read(MAX_BYTES + 1)
        file_name = upload.filename
    else:
        data = text.encode("utf-8")
        file_name = name or "pasted.ELO"
    budget = budget_of(request)
    what = "checking the file"
    page = await run_in_threadpool(run_in_child, what, budget, check_page, data, file_name)
    return templates.TemplateResponse(request, "check.html", {"r": page})

"""Use cases of the Go evidence page `/go/evidence` (issue 37, items 3 and 5): store the Go
contest's report (`ratinglist evaluate --game go --store`) and read the newest one back as
the page shows it: the answer in one sentence, each system's gain against the GoR with its
interval (one chart), the groups table.

Read from the stored JSON (`rating.go.contest.GoContest.to_dict`), never recomputed: the
answer is made from the stored numbers. The GoR (``egf``) is the baseline: a system is
"better" only when its difference from the GoR has a 95% interval wholly below 0.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ratinglist.service.actor import Actor
from ratinglist.service.evidence import report_text
from ratinglist.service.site import Site
from ratinglist.store import Store
from ratinglist.store.evaluations import latest_evaluation, save_evaluation

if TYPE_CHECKING:
    from ratinglist.rating.go.contest import GoContest

GAME = "go"
BASELINE = "egf"
"""The GoR's system: every gain is against it."""
GROUPS = ("all", "newcomers", "established", "handicap", "dan", "kyu")
"""The groups of the contest, in the table's order."""
MAX_REPORT_BYTES = 1_000_000
"""The largest Go report stored (the real archive's is about 10 KB)."""


@dataclass(frozen=True, slots=True)
class GoInterval:
    """A mean (log-loss, or a difference of log-loss) with its 95% interval by tournament;
    None values: a group without games."""

    value: float | None
    low: float | None
    high: float | None
    games: int


@dataclass(frozen=True, slots=True)
class GoSystemEvidence:
    """One system: its log-loss by group and its difference from the GoR by group."""

    system: str
    temperature: float
    configurations: int
    groups: tuple[tuple[str, GoInterval], ...]
    versus_gor: tuple[tuple[str, GoInterval], ...]

    def group(self, name: str) -> GoInterval | None:
        """The log-loss of group `name`, None when the report has none."""
        return dict(self.groups).get(name)

    def versus(self, name: str) -> GoInterval | None:
        """The difference from the GoR in group `name`, None when the report has none."""
        return dict(self.versus_gor).get(name)

    @property
    def gain(self) -> GoInterval | None:
        """The GoR's log-loss minus this system's (above 0: predicts better), with its
        interval; None for the GoR itself or without a difference."""
        d = self.versus("all")
        if self.system == BASELINE or d is None or d.value is None:
            return None
        low = None if d.high is None else -d.high
        high = None if d.low is None else -d.low
        return GoInterval(-d.value, low, high, d.games)


@dataclass(frozen=True, slots=True)
class GoAnswer:
    """The answer in one sentence, as numbers the page words: the system of least log-loss,
    its log-loss, its difference from the GoR with the interval, and the verdict: ``gor``
    (the GoR itself is best: none beats it), ``better`` (the interval is wholly below 0)
    or ``unclear`` (it holds 0)."""

    best: str
    log_loss: GoInterval
    difference: GoInterval | None
    verdict: str


@dataclass(frozen=True, slots=True)
class GoEvidencePage:
    """The newest stored Go evaluation as the page shows it."""

    id: int
    stored_at: dt.datetime
    fit_until: str
    fit_games: int
    test_games: int
    test_tournaments: int
    coin: float
    configurations: int
    systems: tuple[GoSystemEvidence, ...]
    answer: GoAnswer
    report: dict[str, Any]


def store_go_evaluation(db: Store, report: Mapping[str, Any], *, actor: Actor) -> int:
    """Store a Go contest's JSON (`evaluate --game go --json`) as the newest one
    `/go/evidence` shows; its id. A number that is not finite is stored as null.

    Raises:
        InputError: not a Go contest's report, or too large.
        StoreError: the database could not be written.
    """
    text = report_text(
        report,
        lambda cleaned: _parse(cleaned, 0, dt.datetime.now(dt.UTC)),
        "a Go contest's report (ratinglist evaluate --game go --json)",
        MAX_REPORT_BYTES,
    )
    with db.begin() as conn:
        return save_evaluation(conn, dt.datetime.now(dt.UTC), actor.label, text, GAME)


def store_go_contest(db: Store, contest: GoContest, *, actor: Actor) -> int:
    """Store a Go contest as `store_go_evaluation` does (its `to_dict`)."""
    return store_go_evaluation(db, contest.to_dict(), actor=actor)


def go_evidence_page(site: Site) -> GoEvidencePage | None:
    """The newest stored Go evaluation, None when none is stored (cached per data version).

    Raises:
        StoreError: the database could not be read.
    """

    def load() -> GoEvidencePage | None:
        with site.store.connect() as conn:
            row = latest_evaluation(conn, GAME)
        if row is None:
            return None
        return _parse(json.loads(row.report), row.id, row.stored_at)

    return site.cached(("go-evidence",), load)


def go_gain_chart(site: Site) -> str:
    """The chart of `/go/evidence`: each system's gain against the GoR with its interval
    (the evidence page's `plots.gain_svg`); an empty chart without a stored evaluation."""
    page = go_evidence_page(site)
    rows = []
    for s in () if page is None else page.systems:
        g = s.gain
        if g is not None and g.value is not None and g.low is not None and g.high is not None:
            rows.append((s.system, g.value, g.low, g.high))
    # Matplotlib is imported when a chart is drawn, not when the site starts.
    from ratinglist.rating.evaluation.plots import gain_svg

    return site.cached(("go-gain-chart",), lambda: gain_svg(rows, "the GoR (egf)"))


def _number(value: Any) -> float | None:
    return None if value is None else float(value)


def _interval(data: Mapping[str, Any]) -> GoInterval:
    low, high = data["interval"]
    return GoInterval(_number(data["value"]), _number(low), _number(high), int(data["games"]))


def _system(data: Mapping[str, Any]) -> GoSystemEvidence:
    return GoSystemEvidence(
        system=str(data["system"]),
        temperature=float(data["temperature"]),
        configurations=int(data["configurations_tried"]),
        groups=tuple((str(g), _interval(v)) for g, v in data["groups"].items()),
        versus_gor=tuple((str(g), _interval(v)) for g, v in data.get("versus_gor", {}).items()),
    )


def _loss(system: GoSystemEvidence) -> float:
    found = system.group("all")
    return math.inf if found is None or found.value is None else found.value


def _answer(systems: tuple[GoSystemEvidence, ...]) -> GoAnswer:
    """The system of least log-loss on every test game, and how it stands to the GoR."""
    best = min(systems, key=_loss, default=None)
    loss = None if best is None else best.group("all")
    if best is None or loss is None or loss.value is None:
        raise ValueError("expected a system with a log-loss on the test games, got none")
    if best.system == BASELINE:
        return GoAnswer(best.system, loss, None, "gor")
    d = best.versus("all")
    better = d is not None and d.high is not None and d.high < 0
    return GoAnswer(best.system, loss, d, "better" if better else "unclear")


def _parse(data: Mapping[str, Any], row_id: int, stored_at: dt.datetime) -> GoEvidencePage:
    if data.get("game") != GAME:
        raise ValueError(f"expected the report of Go games (game go), got {data.get('game')!r}")
    systems = tuple(_system(s) for s in data["systems"])
    return GoEvidencePage(
        id=row_id,
        stored_at=stored_at,
        fit_until=str(data["fit_until"]),
        fit_games=int(data["fit_games"]),
        test_games=int(data["test_games"]),
        test_tournaments=int(data["test_tournaments"]),
        coin=float(data["coin_log_loss"]),
        configurations=int(data["configurations_tried"]),
        systems=systems,
        answer=_answer(systems),
        report=dict(data),
    )

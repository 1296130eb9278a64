"""The site's charts: matplotlib figures written as SVG (no pyplot state): a player's rating
history, and the evidence page's calibration and log-loss per year.

Each call builds its own `Figure` with the SVG canvas, so concurrent requests do not share
matplotlib's global figure manager. The band shows the margin of error.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ratinglist.service.evidence import EvidencePage
from ratinglist.service.site_players import HistoryPoint

if TYPE_CHECKING:
    from matplotlib.figure import Figure

LINE = "#1f5fa8"
OFFICIAL_LIMIT_NOTE = "shaded: margin of error"


def history_svg(points: Sequence[HistoryPoint]) -> bytes:
    """The SVG chart of a player's ratings per published list (empty axes if none).

    matplotlib is imported here, at the first chart, not with the site (it is a third of the
    site's import time, and `serve` answers sooner without it).
    """
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.dates import AutoDateLocator, ConciseDateFormatter
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7.2, 3.0), dpi=100)
    FigureCanvasSVG(figure)
    axes = figure.add_subplot()
    days = np.array([p.as_of for p in points], dtype="datetime64[D]")
    ratings = [p.rating for p in points]
    if points:
        low = [p.rating - p.margin for p in points]
        high = [p.rating + p.margin for p in points]
        axes.fill_between(days, low, high, color=LINE, alpha=0.15, linewidth=0)
        axes.plot(days, ratings, color=LINE, linewidth=1.6, marker="o" if len(points) < 40 else "")
        locator = AutoDateLocator()  # type: ignore[no-untyped-call]
        axes.xaxis.set_major_locator(locator)
        axes.xaxis.set_major_formatter(ConciseDateFormatter(locator))  # type: ignore[no-untyped-call]
    axes.set_title(f"Rating per published list ({OFFICIAL_LIMIT_NOTE})", fontsize=10)
    axes.set_ylabel("rating")
    axes.grid(True, alpha=0.3)
    figure.tight_layout()
    out = io.BytesIO()
    figure.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def _svg(figure: Figure) -> bytes:
    out = io.BytesIO()
    figure.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def evidence_calibration_svg(page: EvidencePage | None, group: str | None = None) -> bytes:
    """The reliability diagram of a stored evaluation: each main system's observed score
    against its predicted score per bin of predictions, the diagonal being perfect
    calibration (empty axes without an evaluation); of the games of `group` only when given
    (the report's per-group bins)."""
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    figure = Figure(figsize=(6.4, 6.0), dpi=100)
    FigureCanvasSVG(figure)
    axes = figure.add_subplot()
    axes.plot([0, 1], [0, 1], color="grey", linestyle=":", label="perfect")
    for system in page.systems if page else ():
        bins = system.calibration if group is None else dict(system.reliability).get(group, ())
        if system.variant or not bins:
            continue
        axes.plot(
            [b.predicted for b in bins],
            [b.observed for b in bins],
            marker="o",
            markersize=3,
            linewidth=1.2,
            label=system.system,
        )
    axes.set_xlabel("predicted score of the first player")
    axes.set_ylabel("observed score")
    axes.set_xlim(0, 1)
    axes.set_ylim(0, 1)
    title = "Calibration (reliability diagram)"
    axes.set_title(title if group is None else f"{title}, {group} games", fontsize=10)
    axes.grid(True, alpha=0.3)
    axes.legend(loc="upper left", fontsize=8)
    figure.tight_layout()
    return _svg(figure)


def evidence_by_year_svg(page: EvidencePage | None) -> bytes:
    """Each main system's log-loss per year of a stored evaluation (lower is better)."""
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7.2, 4.2), dpi=100)
    FigureCanvasSVG(figure)
    axes = figure.add_subplot()
    for system in page.systems if page else ():
        if system.variant or not system.by_year:
            continue
        axes.plot(
            [year for year, _ in system.by_year],
            [s.log_loss for _, s in system.by_year],
            marker=".",
            linewidth=1.2,
            label=system.system,
        )
    from matplotlib.ticker import MaxNLocator

    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    years = sorted({y for s in page.systems for y, _ in s.by_year}) if page else []
    if years:
        axes.set_xlim(years[0] - 0.5, years[-1] + 0.5)
    axes.set_xlabel("year")
    axes.set_ylabel("log-loss (lower is better)")
    axes.set_title("Log-loss of each system's predictions per year", fontsize=10)
    axes.grid(True, alpha=0.3)
    if page and any(not s.variant and s.by_year for s in page.systems):
        axes.legend(loc="upper right", fontsize=8, ncol=2)
    figure.tight_layout()
    return _svg(figure)

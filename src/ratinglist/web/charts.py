"""The rating-history chart: a matplotlib line chart written as SVG (no pyplot state).

Each call builds its own `Figure` with the SVG canvas, so concurrent requests do not share
matplotlib's global figure manager. The band shows the margin of error.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import numpy as np

from ratinglist.service.site_players import HistoryPoint

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

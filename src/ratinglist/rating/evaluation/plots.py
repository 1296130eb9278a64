"""Charts of an evaluation with matplotlib (Agg backend, no display needed): calibration per
system (predicted versus observed score, per bin of the prediction), the same per group of
games, and log-loss per year."""

from __future__ import annotations

from pathlib import Path

from ratinglist.errors import RatingError
from ratinglist.rating.evaluation.report import EvaluationReport


def write_plots(report: EvaluationReport, directory: Path, suffix: str = "svg") -> tuple[Path, ...]:
    """Write ``calibration.<suffix>``, ``log_loss_by_year.<suffix>`` and one reliability
    diagram per group, ``reliability_<group>.<suffix>`` (overall, newcomer, established,
    top), into `directory` (created if missing); returns their paths.

    Raises:
        RatingError: the directory or a file cannot be written, or an unknown `suffix`.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if suffix not in {"svg", "png", "pdf"}:
        raise RatingError(f"expected a plot format svg, png or pdf, got {suffix!r}")
    reports = report.systems + report.variants
    calibration_path = directory / f"calibration.{suffix}"
    by_year_path = directory / f"log_loss_by_year.{suffix}"
    written: list[Path] = []
    try:
        directory.mkdir(parents=True, exist_ok=True)
        figure, axes = plt.subplots(figsize=(7, 7))
        axes.plot([0, 1], [0, 1], color="grey", linestyle=":", label="perfect")
        for system in reports:
            bins = system.calibration
            axes.plot(
                [b.predicted for b in bins],
                [b.observed for b in bins],
                marker="o",
                label=system.system,
            )
        axes.set_xlabel("predicted score of the first player")
        axes.set_ylabel("observed score")
        axes.set_title(
            f"Calibration, {report.start:%Y-%m} to {report.end:%Y-%m} ({report.games:,} games)"
        )
        axes.legend(loc="upper left")
        figure.savefig(calibration_path)
        plt.close(figure)

        figure, axes = plt.subplots(figsize=(10, 6))
        for system in reports:
            years = [year for year, _ in system.by_year]
            axes.plot(
                years, [s.log_loss for _, s in system.by_year], marker=".", label=system.system
            )
        axes.set_xlabel("year")
        axes.set_ylabel("log-loss (lower is better)")
        axes.set_title("Log-loss of each system's predictions per year")
        axes.legend(loc="upper right")
        figure.savefig(by_year_path)
        plt.close(figure)
        groups = dict.fromkeys(g for system in reports for g, _ in system.reliability)
        for group in groups:
            path = directory / f"reliability_{group}.{suffix}"
            figure, axes = plt.subplots(figsize=(7, 7))
            axes.plot([0, 1], [0, 1], color="grey", linestyle=":", label="perfect")
            for system in reports:
                bins = dict(system.reliability).get(group, ())
                axes.plot(
                    [b.predicted for b in bins],
                    [b.observed for b in bins],
                    marker="o",
                    label=system.system,
                )
            axes.set_xlabel("predicted score")
            axes.set_ylabel("observed score")
            axes.set_title(f"Reliability diagram, {group} games")
            axes.legend(loc="upper left")
            figure.savefig(path)
            plt.close(figure)
            written.append(path)
    except OSError as exc:
        raise RatingError(
            f"expected a writable plot directory, got {str(directory)!r} ({exc})"
        ) from exc
    return (calibration_path, by_year_path, *written)


def gain_svg(rows: list[tuple[str, float, float, float]], official: str) -> str:
    """One horizontal bar per system (`rows`: name, gain, interval low and high, in log-loss
    against `official`; above 0: it predicts better), best first, its 95% interval as an
    error bar, as SVG text."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ordered = sorted(rows, key=lambda r: -r[1])
    height = 1.2 + 0.32 * max(len(ordered), 1)
    figure, axes = plt.subplots(figsize=(6.4, height))
    try:
        names = [r[0] for r in ordered]
        gains = [r[1] for r in ordered]
        below = [max(r[1] - r[2], 0.0) for r in ordered]
        above = [max(r[3] - r[1], 0.0) for r in ordered]
        colours = ["#2a7d4f" if r[2] > 0 else "#b04a3a" if r[3] < 0 else "#888888" for r in ordered]
        places = list(range(len(ordered)))[::-1]
        axes.barh(places, gains, color=colours, xerr=[below, above], capsize=3)
        axes.set_yticks(places, names)
        axes.axvline(0.0, color="black", linewidth=0.8)
        axes.set_xlabel(f"gain in log-loss against {official} (right: predicts better)")
        figure.tight_layout()
        out = io.StringIO()
        figure.savefig(out, format="svg")
    finally:
        plt.close(figure)
    return out.getvalue()

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

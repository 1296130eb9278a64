"""Use cases of the evidence page (issue 23, item 4): store an evaluation of the rating
systems (the JSON of `ratinglist evaluate --json`) and read the newest one back as a page.

The stored JSON is read generically: every system and variant as it comes, every group of
``by_group`` and ``paired`` as it comes (overall, newcomer, established, top and any group a
later evaluation adds), calibration bins when present. A key the page does not know is kept
in the stored JSON (the API answers it whole) and simply not shown. The plain-words reading
is made from the figures, never written by hand.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ratinglist.errors import N_, InputError, RatingError
from ratinglist.rating.registry import SYSTEMS
from ratinglist.rating.systems.base import SystemList
from ratinglist.rating.systems.printable import PrintedEntry, PrintRule, printed, slope_of
from ratinglist.service.actor import Actor
from ratinglist.service.site import Site
from ratinglist.store import Store
from ratinglist.store.evaluations import latest_evaluation, save_evaluation
from ratinglist.store.players import all_players
from ratinglist.store.rating_lists import entry_rows, list_row, newest_list_id
from ratinglist.store.system_lists import system_entry_rows, system_list_row

OFFICIAL_SYSTEM = "wof"
"""The system whose list is the site's own rating list (`/`)."""

LISTED_SYSTEMS = tuple(sorted(SYSTEMS))
"""Systems `ratinglist rate --system` can store a list of (`/systems/<name>`)."""

FITTED_SUFFIX = "-fitted"
"""The evaluation's name for a system with parameters fitted on the fit months."""

MAX_REPORT_BYTES = 5_000_000
"""The largest evaluation JSON stored (the real archive's report is about 200 KB)."""


@dataclass(frozen=True, slots=True)
class Scores:
    """One system's scores on a set of games."""

    games: int
    log_loss: float
    brier: float
    accuracy: float


@dataclass(frozen=True, slots=True)
class Interval:
    """A paired difference of log-loss against the best system, with its 95% interval."""

    against: str
    games: int
    difference: float
    low: float
    high: float


GROUP_ORDER = ("overall", "newcomer", "established", "top")
"""The order of the reliability diagrams (a stored report's keys are sorted by name)."""


@dataclass(frozen=True, slots=True)
class CalibrationBin:
    """Predicted and observed score of one bin of predictions."""

    games: int
    predicted: float
    observed: float


@dataclass(frozen=True, slots=True)
class SystemEvidence:
    """What the page shows of one system: scores overall, by group and by year, the paired
    differences, calibration, fitted values, and where its list is (None: no list)."""

    system: str
    variant: bool
    overall: Scores
    groups: tuple[tuple[str, Scores], ...]
    paired: tuple[tuple[str, Interval], ...]
    by_year: tuple[tuple[int, Scores], ...]
    calibration: tuple[CalibrationBin, ...]
    calibration_error: tuple[tuple[str, float], ...]
    fitted: tuple[tuple[str, float], ...]
    list_url: str | None
    list_note: str
    reliability: tuple[tuple[str, tuple[CalibrationBin, ...]], ...] = ()
    """Per group: the bins of its reliability diagram (none in reports stored before)."""
    gain: Interval | None = None
    """The official list's log-loss minus this system's, with its 95% interval (above 0:
    it predicts better); None in reports stored before issue 37."""

    def group(self, name: str) -> Scores | None:
        """The scores of group `name`, None when the evaluation has none."""
        return dict(self.groups).get(name)

    def calibration_error_of(self, name: str) -> float | None:
        """The expected calibration error of group `name`, None when the evaluation has none."""
        return dict(self.calibration_error).get(name)

    def interval(self, name: str) -> Interval | None:
        """The paired difference of group `name`, None when the evaluation has none."""
        return dict(self.paired).get(name)


@dataclass(frozen=True, slots=True)
class EvidencePage:
    """The newest stored evaluation as the page shows it."""

    id: int
    stored_at: dt.datetime
    start: str
    end: str
    fit_from: str
    games: int
    systems: tuple[SystemEvidence, ...]
    groups: tuple[str, ...]
    paired_groups: tuple[str, ...]
    calibration_groups: tuple[str, ...]
    best: str
    reading: tuple[str, ...]
    report: dict[str, Any]
    reliability_groups: tuple[str, ...] = ()
    """The groups with a reliability diagram (one chart each); none in older reports."""
    answer: Answer | None = None
    """The first screen's answer (None: a report without gains against the official list)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer in one sentence, as numbers the page words: the system of least log-loss,
    its gain against the official list with the interval, and whether the interval shows
    it (``better``: wholly above 0; ``unclear``: it holds 0; ``official``: the official list
    is itself the best)."""

    best: str
    official: str
    games: int
    gain: float
    low: float
    high: float
    verdict: str


def store_evaluation(db: Store, report: Mapping[str, Any], *, actor: Actor) -> int:
    """Store an evaluation's JSON object (`ratinglist evaluate --json`) as the newest one the
    evidence page shows; its id. A number that is not finite (a group without games) is
    stored as null.

    Raises:
        InputError: not an evaluation report (no systems with scores), or too large.
        StoreError: the database could not be written.
    """
    text = report_text(
        report,
        lambda cleaned: _parse(cleaned, 0, dt.datetime.now(dt.UTC), {}),
        "an evaluation report (ratinglist evaluate --json)",
    )
    with db.begin() as conn:
        return save_evaluation(conn, dt.datetime.now(dt.UTC), actor.label, text)


def _finite(value: Any) -> Any:
    """`value` with every float that is not finite replaced by None (JSON null)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {str(k): _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def report_text(
    report: Mapping[str, Any],
    check: Callable[[Any], object],
    expected: str,
    most: int = MAX_REPORT_BYTES,
) -> str:
    """The JSON text a contest's report is stored as: every float that is not finite made
    null, read back by `check` (any error it raises is the report's), at most `most` bytes.

    Raises:
        InputError: `check` refused the report (it is not `expected`), or it is too large.
    """
    cleaned = _finite(dict(report))
    try:
        check(cleaned)
    except (KeyError, TypeError, ValueError, AttributeError, RatingError) as exc:
        raise InputError(f"expected {expected}, got {type(exc).__name__} {exc}") from exc
    text = json.dumps(cleaned, sort_keys=True, allow_nan=False)
    if len(text) > most:
        raise InputError(f"expected {expected} of at most {most:,} bytes, got {len(text):,}")
    return text


def store_evaluation_file(db: Store, text: str, *, actor: Actor, source: str = "<text>") -> int:
    """Store the evaluation JSON `text` (a file written by `ratinglist evaluate --json`);
    `source` (the file's name) starts the messages, as a compiler's do.

    Raises:
        InputError: not JSON, or not an evaluation report.
        StoreError: the database could not be written.
    """
    try:
        report = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            N_(
                "%(source)s:%(line)s:%(column)s: expected the JSON of `ratinglist evaluate "
                "--json`, got %(problem)s"
            ),
            source=source,
            line=exc.lineno,
            column=exc.colno,
            problem=exc.msg,
        ) from exc
    if not isinstance(report, dict):
        raise InputError(
            N_(
                "%(source)s: expected a JSON object (ratinglist evaluate --json), got another value"
            ),
            source=source,
        )
    return store_evaluation(db, report, actor=actor)


def evidence_page(site: Site) -> EvidencePage | None:
    """The newest stored evaluation, or None when none is stored (cached per data version).

    Raises:
        StoreError: the database could not be read.
    """
    return site.cached(("evidence",), lambda: _load(site.store))


def stored_system_lists(site: Site) -> tuple[str, ...]:
    """The systems with a stored list (`/systems/<name>`), the one that predicts best in the
    newest stored evaluation first, then by name."""

    def build() -> tuple[str, ...]:
        with site.store.connect() as conn:
            stored = [n for n in LISTED_SYSTEMS if system_list_row(conn, n, None) is not None]
        page = evidence_page(site)
        best = listed_system(page.best) if page is not None else None
        return tuple(sorted(stored, key=lambda n: (n != best, n)))

    return site.cached(("stored-system-lists",), build)


def _load(db: Store) -> EvidencePage | None:
    with db.connect() as conn:
        row = latest_evaluation(conn)
        if row is None:
            return None
        lists = {name: system_list_row(conn, name, None) is not None for name in LISTED_SYSTEMS}
    return _parse(json.loads(row.report), row.id, row.stored_at, lists)


def _number(value: Any) -> float:
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"expected a finite number, got {value!r}")
    return number


def _shown(data: Any, keys: tuple[str, ...]) -> bool:
    """True when `data` is an object whose `keys` are all finite numbers (a group without
    games has nulls: it is not shown)."""
    return isinstance(data, Mapping) and all(
        isinstance(data.get(k), int | float) and math.isfinite(data[k]) for k in keys
    )


SCORE_KEYS = ("games", "log_loss", "brier", "accuracy")
INTERVAL_KEYS = ("games", "difference", "low", "high")


def _scores(data: Mapping[str, Any]) -> Scores:
    return Scores(
        games=int(data["games"]),
        log_loss=_number(data["log_loss"]),
        brier=_number(data["brier"]),
        accuracy=_number(data["accuracy"]),
    )


def _interval(data: Mapping[str, Any]) -> Interval:
    return Interval(
        against=str(data["against"]),
        games=int(data["games"]),
        difference=_number(data["difference"]),
        low=_number(data["low"]),
        high=_number(data["high"]),
    )


def listed_system(name: str) -> str | None:
    """The system whose stored list shows a row of the evaluation: the row's own system, or
    for ``X-fitted`` system ``X`` (its list has the default parameters); None for the
    others."""
    if name in SYSTEMS:
        return name
    if name.endswith(FITTED_SUFFIX) and name.removesuffix(FITTED_SUFFIX) in SYSTEMS:
        return name.removesuffix(FITTED_SUFFIX)
    return None


def _list_link(name: str, lists: Mapping[str, bool]) -> tuple[str | None, str]:
    if name.removesuffix(FITTED_SUFFIX) == OFFICIAL_SYSTEM:
        return "/", "the official list"
    base = listed_system(name)
    if base is None:
        return None, "no list"
    fitted = " (default parameters)" if base != name else ""
    if lists.get(base):
        return f"/systems/{base}", f"the {base} list{fitted}"
    return None, f"no {base} list stored yet (ratinglist rate --system {base})"


def _system(data: Mapping[str, Any], variant: bool, lists: Mapping[str, bool]) -> SystemEvidence:
    name = str(data["system"])
    calibration = data.get("calibration_bins") or data.get("calibration") or []
    if not isinstance(calibration, list):
        calibration = []
    url, note = _list_link(name, lists)
    return SystemEvidence(
        system=name,
        variant=variant,
        overall=_scores(data),
        groups=tuple(
            (str(k), _scores(v))
            for k, v in (data.get("by_group") or {}).items()
            if _shown(v, SCORE_KEYS)
        ),
        paired=tuple(
            (str(k), _interval(v))
            for k, v in (data.get("paired") or {}).items()
            if _shown(v, INTERVAL_KEYS)
        ),
        by_year=tuple(
            sorted(
                (int(k), _scores(v))
                for k, v in (data.get("by_year") or {}).items()
                if _shown(v, SCORE_KEYS)
            )
        ),
        calibration=_bins(calibration),
        reliability=tuple(
            (str(group), _bins(bins))
            for group, bins in (data.get("reliability") or {}).items()
            if isinstance(bins, list) and _bins(bins)
        ),
        calibration_error=tuple(
            (str(k), float(v))
            for k, v in (data.get("calibration_error") or {}).items()
            if isinstance(v, int | float) and math.isfinite(v)
        ),
        fitted=tuple(
            (str(k), float(v))
            for k, v in (data.get("fitted") or {}).items()
            if isinstance(v, int | float) and math.isfinite(v)
        ),
        list_url=url,
        list_note=note,
        gain=_interval(data["gain_vs_official"])
        if _shown(data.get("gain_vs_official"), INTERVAL_KEYS)
        else None,
    )


def _bins(bins: list[Any]) -> tuple[CalibrationBin, ...]:
    """The bins with games of a stored calibration or reliability diagram."""
    return tuple(
        CalibrationBin(int(b["games"]), _number(b["predicted"]), _number(b["observed"]))
        for b in bins
        if _shown(b, ("games", "predicted", "observed")) and b["games"] > 0
    )


def _ordered(names: list[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for name in names:
        seen.setdefault(name, None)
    return tuple(seen)


def _parse(
    report: dict[str, Any], key: int, stored_at: dt.datetime, lists: Mapping[str, bool]
) -> EvidencePage:
    rows = [_system(s, False, lists) for s in report["systems"]]
    rows += [_system(s, True, lists) for s in report.get("variants") or []]
    if not rows:
        raise RatingError("expected at least one system, got none")
    main = [s for s in rows if not s.variant] or rows
    best = min(main, key=lambda s: s.overall.log_loss)
    groups = _ordered([g for s in rows for g, _ in s.groups])
    paired_groups = _ordered(["overall", *(g for s in rows for g, _ in s.paired)])
    if not any(s.interval("overall") for s in rows):
        paired_groups = paired_groups[1:]
    return EvidencePage(
        id=key,
        stored_at=stored_at,
        start=str(report.get("from", "")),
        end=str(report.get("to", "")),
        fit_from=str(report.get("fit_from", "")),
        games=int(report.get("games", best.overall.games)),
        systems=tuple(rows),
        groups=groups,
        paired_groups=paired_groups,
        calibration_groups=_ordered([g for s in rows for g, _ in s.calibration_error]),
        best=best.system,
        reading=_reading(rows, best, groups),
        report=report,
        answer=_answer(best),
        reliability_groups=tuple(
            sorted(
                _ordered([g for s in rows for g, _ in s.reliability]),
                key=lambda g: (GROUP_ORDER.index(g) if g in GROUP_ORDER else len(GROUP_ORDER), g),
            )
        ),
    )


def _answer(best: SystemEvidence) -> Answer | None:
    """The first screen's answer from the best system's gain against the official list."""
    gain = best.gain
    if gain is None or gain.games == 0:
        return None
    verdict = "official" if best.system == gain.against else "better" if gain.low > 0 else "unclear"
    return Answer(
        best.system, gain.against, gain.games, gain.difference, gain.low, gain.high, verdict
    )


def gain_chart(site: Site) -> str:
    """The first screen's chart: each system's gain against the official list with its
    interval (an SVG; `plots.gain_svg`); an empty chart without a stored evaluation."""
    page = evidence_page(site)
    rows = (
        []
        if page is None
        else [
            (s.system, s.gain.difference, s.gain.low, s.gain.high)
            for s in page.systems
            if not s.variant and s.gain is not None and s.gain.games and s.system != s.gain.against
        ]
    )
    official = OFFICIAL_SYSTEM
    # The evaluation package (SciPy, Matplotlib) is imported when a chart is drawn, not when
    # the site starts (issue 38: a worker answers within 2 s of `serve`).
    from ratinglist.rating.evaluation.plots import gain_svg

    return site.cached(("gain-chart",), lambda: gain_svg(rows, official))


def _reading(
    rows: list[SystemEvidence], best: SystemEvidence, groups: tuple[str, ...]
) -> tuple[str, ...]:
    """Plain sentences made from the figures: who predicts best overall and in each group,
    which differences the intervals show, who is best calibrated."""
    lines = [
        f"Over {best.overall.games:,} games, {best.system} predicts best: its log-loss is "
        f"{best.overall.log_loss:.4f} (lower is better; a coin toss scores 0.6931), its "
        f"predictions pick the winner of {best.overall.accuracy:.1%} of decided games."
    ]
    for group in groups:
        scored = [(s.group(group), s) for s in rows]
        present = [(g, s) for g, s in scored if g is not None and g.games > 0]
        if not present:
            continue
        top_scores, top = min(present, key=lambda pair: pair[0].log_loss)
        lines.append(
            f"On {group} games ({top_scores.games:,}), {top.system} has the lowest log-loss "
            f"({top_scores.log_loss:.4f})."
        )
    clear_worse = []
    tied = []
    for s in rows:
        overall = s.interval("overall")
        if overall is None or s.system == overall.against or overall.games == 0:
            continue
        if overall.low > 0:
            clear_worse.append(s.system)
        elif overall.high >= 0:
            tied.append(s.system)
    if clear_worse:
        lines.append(
            f"{best.system} predicts better than {', '.join(clear_worse)} on the same games: "
            "the 95% interval of each difference lies wholly above 0."
        )
    if tied:
        lines.append(
            f"{', '.join(tied)} cannot be told apart from {best.system} overall: the 95% "
            "interval of the difference includes 0."
        )
    # a system whose predictions all fall in one bin (the constant 1/2) is calibrated
    # trivially: it is not named
    calibrated = [
        (s.calibration_error_of("overall"), s.system) for s in rows if len(s.calibration) > 1
    ]
    known = [(e, name) for e, name in calibrated if e is not None]
    if known:
        error, name = min(known)
        lines.append(
            f"{name} is the best calibrated: its predicted scores are {error:.4f} from the "
            "observed ones on average (expected calibration error)."
        )
    return tuple(lines)


PRINTED_WITHOUT_EVALUATION = "whr-bayes"
"""The system printed before any evaluation is stored: the winner of the last contest
recorded in docs/decisions.md."""

MOVE_POINTS = 50.0
"""A player "moves" when the printed list's rating differs from the official one by more."""


@dataclass(frozen=True, slots=True)
class PrintedRow:
    """A row of the printed list, with the player's name and the official rating (None: not
    in the official list)."""

    entry: PrintedEntry
    name: str
    country: str
    official: float | None


@dataclass(frozen=True, slots=True)
class PrintedPage:
    """The list a federation would print from `system`'s newest stored list (`printable`):
    the rows, who was left out, and how many players of the official list of the same
    day move by more than `MOVE_POINTS` (`compared`: the players in both)."""

    system: str
    as_of: dt.date
    rows: tuple[PrintedRow, ...]
    rated: int
    inactive: int
    uncertain: int
    rule: PrintRule
    compared: int
    movers: int
    official_as_of: dt.date | None


def printed_page(site: Site, name: str | None = None) -> PrintedPage | None:
    """The printed list of `name` (default: the best predictor of the newest stored
    evaluation; without one, `PRINTED_WITHOUT_EVALUATION`), or None when that system has no
    stored list.

    Raises:
        RatingError: a system whose list has no fixed logistic scale (egf).
        StoreError: the database could not be read.
    """
    if name is None:
        page = evidence_page(site)
        name = listed_system(page.best) if page is not None else PRINTED_WITHOUT_EVALUATION
    if name is None:
        return None
    chosen = name
    return site.cached(("printed", chosen), lambda: _printed(site.store, chosen))


def _printed(db: Store, name: str) -> PrintedPage | None:
    with db.connect() as conn:
        info = system_list_row(conn, name, None)
        if info is None:
            return None
        rows = sorted(system_entry_rows(conn, info.id), key=lambda r: r.player)
        official_id = newest_list_id(conn, info.as_of) or newest_list_id(conn)
        official = {}
        official_day = None
        if official_id is not None:
            official = {e.player_id: e for e in entry_rows(conn, official_id)}
            official_day = list_row(conn, official_id).as_of
    ratings = SystemList(
        system=name,
        as_of=info.as_of,
        players=np.array([r.player for r in rows], dtype=np.int64),
        ratings=np.array([r.rating for r in rows], dtype=np.float64),
        deviations=np.array([r.deviation for r in rows], dtype=np.float64),
        games=np.array([r.games for r in rows], dtype=np.int64),
        last_day=np.array([r.last_played.toordinal() for r in rows], dtype=np.int32),
    )
    scale = info.parameters.get("variance_scale", 1.0)
    result = printed(
        ratings,
        slope_of(name, info.parameters),
        float(scale) if isinstance(scale, int | float) else 1.0,
    )
    people = {int(p.id): p for p in all_players(db, include_merged=True)}
    shown = []
    for entry in result.entries:
        person = people.get(entry.player)
        listed = official.get(entry.player)
        shown.append(
            PrintedRow(
                entry,
                "" if person is None else f"{person.surname} {person.firstname}".strip(),
                "" if person is None else person.country,
                None if listed is None or not listed.listed else listed.rating,
            )
        )
    both = [r for r in shown if r.official is not None]
    movers = sum(abs(r.entry.rating - (r.official or 0.0)) > MOVE_POINTS for r in both)
    return PrintedPage(
        system=name,
        as_of=result.as_of,
        rows=tuple(shown),
        rated=result.rated,
        inactive=result.inactive,
        uncertain=result.uncertain,
        rule=result.rule,
        compared=len(both),
        movers=movers,
        official_as_of=official_day,
    )

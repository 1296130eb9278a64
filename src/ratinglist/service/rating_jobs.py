"""Use cases: the rating officer computes a rating list on the web, in the background.

The fit of the whole archive takes longer than a request may wait, so `request_list` only
records a job and `run_job` (started by the web in the background of the process that took
the request) computes it through `compute_list`, the call behind ``ratinglist rate``,
recording each phase as it starts. Every server process reads the job's state from the
database, so the page that follows it may be answered by any of them. One job runs at a
time: a second request while one runs is refused, naming the running one.
"""

from __future__ import annotations

import datetime as dt
import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass

from ratinglist.errors import N_, ConflictError, NotFoundError, RatinglistError
from ratinglist.service.actor import Actor
from ratinglist.service.rating_lists import ComputedList, compute_list
from ratinglist.store import Store
from ratinglist.store.rating_jobs import JobRow, add_job, job_row, job_rows, set_phase

__all__ = [
    "PHASES",
    "RatingJob",
    "rating_job",
    "recent_jobs",
    "request_list",
    "run_job",
]

log = logging.getLogger(__name__)

PHASES = ("queued", "loading", "rating", "saving", "done")
"""The phases of a job that succeeds, in order (a job that fails ends ``failed``)."""
RUNNING = PHASES[:-1]
DESCRIBED = {
    "queued": "waiting to start",
    "loading": "reading the games",
    "rating": "fitting the ratings",
    "saving": "storing the list",
    "done": "done",
    "failed": "failed",
    "interrupted": "interrupted",
}
"""What each phase means, as the page says it."""
STALE_AFTER = dt.timedelta(hours=6)
"""A job still running after this long without news was cut short (its server process
ended): it shows as ``interrupted`` and no longer blocks a new one."""


@dataclass(frozen=True, slots=True)
class RatingJob:
    """A list asked for on the web: its id, as-of date, who asked and when, its phase (one of
    `PHASES`, ``failed`` or ``interrupted``), when the phase last changed, the stored list
    (when done) and why it failed."""

    id: int
    as_of: dt.date
    requested_by: str
    requested_at: dt.datetime
    phase: str
    updated_at: dt.datetime
    list_id: int | None = None
    message: str | None = None

    @property
    def running(self) -> bool:
        """Whether the job has not ended yet."""
        return self.phase in RUNNING

    @property
    def step(self) -> int:
        """How many phases are behind it (0 to 4 of `steps`)."""
        return PHASES.index(self.phase) if self.phase in PHASES else 0

    @property
    def steps(self) -> int:
        """The number of steps to done."""
        return len(PHASES) - 1

    @property
    def described(self) -> str:
        """The phase in words."""
        return DESCRIBED[self.phase]

    @property
    def seconds(self) -> float:
        """Seconds from the request to the last change of phase."""
        return (self.updated_at - self.requested_at).total_seconds()


def _job(row: JobRow, now: dt.datetime) -> RatingJob:
    phase = row.phase
    if phase in RUNNING and now - row.updated_at > STALE_AFTER:
        phase = "interrupted"
    return RatingJob(
        row.id,
        row.as_of,
        row.requested_by,
        row.requested_at,
        phase,
        row.updated_at,
        row.list_id,
        row.message,
    )


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def request_list(
    db: Store,
    as_of: dt.date,
    actor: Actor,
    *,
    start: Callable[[Callable[[], object]], None] | None = None,
) -> RatingJob:
    """Record a job computing the list as of `as_of` for `actor`, and hand its computation
    (`run_job`) to `start`, which runs it in the background (the web's background tasks);
    without `start` the caller runs `run_job` itself. The job as recorded (``queued``).

    Raises:
        ConflictError: a job is running (one at a time).
        StoreError: the database could not be written.
    """
    now = _now()
    with db.begin() as conn:
        running = [_job(r, now) for r in job_rows(conn, RUNNING, limit=5)]
        busy = [j for j in running if j.running]
        if busy:
            j = busy[0]
            raise ConflictError(
                N_(
                    "expected no list being computed, got the list as of %(as_of)s asked by"
                    " %(name)s (%(described)s); wait for it"
                ),
                as_of=j.as_of.isoformat(),
                name=Actor.parse(j.requested_by).name,
                described=j.described,
            )
        job = _job(add_job(conn, as_of, actor.label, now), now)
    if start is not None:
        start(functools.partial(run_job, db, job.id))
    return job


def _move(
    db: Store, job_id: int, phase: str, *, list_id: int | None = None, message: str | None = None
) -> None:
    with db.begin() as conn:
        set_phase(conn, job_id, phase, _now(), list_id=list_id, message=message)


Compute = Callable[..., ComputedList]


def run_job(db: Store, job_id: int, *, compute: Compute = compute_list) -> RatingJob:
    """Compute the list of job `job_id` (queued) as its requester, recording each phase; the
    job as it ended (``done`` with its list, or ``failed`` with the reason). Never raises for
    a failed computation: the job says why.

    Raises:
        NotFoundError: no such job.
        StoreError: the database could not be read or written.
    """
    job = rating_job(db, job_id)
    actor = Actor.parse(job.requested_by)
    try:
        done = compute(db, job.as_of, actor=actor, progress=lambda phase: _move(db, job_id, phase))
    except RatinglistError as exc:
        _move(db, job_id, "failed", message=str(exc))
    except Exception:  # the page must end; the log keeps the traceback
        log.exception("rating job %s failed", job_id)
        _move(db, job_id, "failed", message="an unexpected error (the server's log has it)")
    else:
        _move(db, job_id, "done", list_id=done.info.id)
    return rating_job(db, job_id)


def rating_job(db: Store, job_id: int) -> RatingJob:
    """Job `job_id` as it stands.

    Raises:
        NotFoundError: no such job.
    """
    with db.connect() as conn:
        row = job_row(conn, job_id)
    if row is None:
        raise NotFoundError(N_("expected a rating job number, got %(job_id)s"), job_id=job_id)
    return _job(row, _now())


def recent_jobs(db: Store, limit: int = 5) -> tuple[RatingJob, ...]:
    """The newest jobs first, at most `limit`."""
    now = _now()
    with db.connect() as conn:
        return tuple(_job(r, now) for r in job_rows(conn, limit=limit))

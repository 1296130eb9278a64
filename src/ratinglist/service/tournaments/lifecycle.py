"""A tournament's life around its rounds: shown on the public live pages or not, submitted
and reopened (with the rating officer's consent once the officer accepted its results),
deleted while still a draft, and its assistants listed and revoked.

The rules (docs/decisions.md, "Issue 22: the tournament's life"):

- a tournament is on the public ``/live`` pages only when its director shows it there (a
  `ShownOnLive` event; none in a log means hidden, so every tournament created before this
  rule is hidden until its director shows it);
- a submitted tournament whose results file is queued or was rejected is reopened by its
  director (a queued file is withdrawn from the queue in the same transaction); once the
  rating officer accepted the file, the director asks (`request_reopen`) and the officer
  reopens it (`reopen` with `officer=True`);
- a draft (no round paired, never submitted) can be deleted; a tournament with a round
  paired cannot: its games were played, it is submitted or left unsubmitted.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ratinglist.errors import (
    N_,
    ConflictError,
    NotAllowedNow,
    NotFoundError,
    PermissionDenied,
    TournamentInputError,
)
from ratinglist.model.account import Grant, Role
from ratinglist.service.accounts import forget_sessions
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.log import after, loaded, write
from ratinglist.store import Store
from ratinglist.store.intake import ACCEPTED, QUEUED, REJECTED, decide_on, list_items
from ratinglist.store.tournament_events import (
    RUNNING,
    SUBMITTED,
    delete_tournament_on,
    list_directed,
    log_writer,
    set_status_on,
)
from ratinglist.tournament import events as ev

WITHDRAWN_NOTE = "withdrawn: the director reopened the tournament"
"""The message of a queued file withdrawn by a reopening (the submitter sees it)."""


@dataclass(frozen=True, slots=True)
class SubmissionState:
    """Where a tournament's latest submitted results file is: `status` ``queued``,
    ``accepted`` or ``rejected`` (the intake queue's), the queue item, when it was submitted
    and decided, the rating officer's message, and the director's pending request to
    reopen (None: none)."""

    item: int
    status: str
    submitted_at: dt.datetime
    decided_by: str | None
    decided_at: dt.datetime | None
    message: str | None
    reopen_request: str | None

    @property
    def withdrawn(self) -> bool:
        """Whether the file left the queue because the tournament was reopened (by its
        director, or the officer), not because the rating officer rejected it."""
        return self.status == REJECTED and (self.message or "").startswith(WITHDRAWN_NOTE)

    @property
    def decider(self) -> str | None:
        """Who decided (accepted, rejected or withdrew it), as a user name."""
        return None if self.decided_by is None else Actor.parse(self.decided_by).name

    @property
    def reason(self) -> str | None:
        """The reason a withdrawn file was reopened for (None: not withdrawn)."""
        if not self.withdrawn or self.message is None:
            return None
        return self.message.removeprefix(WITHDRAWN_NOTE).removeprefix(":").strip() or None


@dataclass(frozen=True, slots=True)
class Lifecycle:
    """What the director's page shows of a tournament's life: shown on ``/live`` or not,
    closed (submitted), the latest submission (None: never queued), whether the director
    may reopen it alone, whether it is a draft that may be deleted, its assistants, and the
    log's event number the page was drawn at."""

    tournament: int
    public: bool
    closed: bool
    submission: SubmissionState | None
    may_reopen: bool
    needs_consent: bool
    draft: bool
    assistants: tuple[str, ...]
    seq: int


def _submission(db: Store, tournament: int, request: str | None) -> SubmissionState | None:
    items = list_items(db, td_tournament_id=tournament)
    if not items:
        return None
    last = items[-1]
    return SubmissionState(
        last.id,
        last.status,
        last.submitted_at,
        last.decided_by,
        last.decided_at,
        last.message,
        request,
    )


def submission_state(db: Store, tournament: int) -> SubmissionState | None:
    """The state of the tournament's latest results file in the intake queue (None: none).

    Raises:
        NotFoundError: no such tournament.
    """
    base = loaded(db, tournament)
    return _submission(db, base.info.id, base.folded.reopen_request)


def lifecycle(db: Store, tournament: int) -> Lifecycle:
    """What the director's page shows of the tournament's life (read only).

    Raises:
        NotFoundError: no such tournament.
    """
    base = loaded(db, tournament)
    d = base.folded
    sent = _submission(db, base.info.id, d.reopen_request)
    accepted = sent is not None and sent.status == ACCEPTED
    return Lifecycle(
        tournament=base.info.id,
        public=d.public,
        closed=d.closed,
        submission=sent,
        may_reopen=d.closed and not accepted,
        needs_consent=d.closed and accepted,
        draft=_is_draft(base.info.status, d.paired, d.closed, sent is not None),
        assistants=assistants(db, tournament),
        seq=base.seq,
    )


def _is_draft(status: str, paired: int, closed: bool, submitted: bool) -> bool:
    return status == RUNNING and paired == 0 and not closed and not submitted


def show_on_live(
    db: Store, tournament: int, public: bool, actor: Actor, based_on: int | None = None
) -> bool:
    """Show the tournament on the public live pages (`public` True) or hide it there; True
    when this changed something (False: it already was so, nothing written).

    Raises:
        NotFoundError: no such tournament.
        ConflictError: the log moved since `based_on` and someone else changed it.
    """
    base = loaded(db, tournament)
    if base.folded.public == public:
        return False
    write(db, base, [ev.ShownOnLive(public)], actor, based_on)
    return True


def is_shown(db: Store, tournament: int) -> bool:
    """Whether anyone may see the tournament on the public live pages.

    Raises:
        NotFoundError: no such tournament.
    """
    return loaded(db, tournament).folded.public


def require_shown(db: Store, tournament: int) -> None:
    """Refuse (as not found) a tournament its director does not show on ``/live``.

    Raises:
        NotFoundError: no such tournament, or not shown on the live pages.
    """
    if not is_shown(db, tournament):
        raise NotFoundError(
            N_("expected a tournament shown on /live, got tournament %(tournament)s"),
            tournament=tournament,
        )


def reopen(db: Store, tournament: int, reason: str, actor: Actor, *, officer: bool = False) -> int:
    """Reopen a closed (submitted) tournament; the event number of the reopening.

    A results file still queued is withdrawn from the queue (rejected with `WITHDRAWN_NOTE`)
    in the same transaction; a rejected one stays as it is. Once the rating officer accepted
    the file, only the officer reopens (`officer` True: the caller checked the role).

    Raises:
        NotFoundError: no such tournament.
        NotAllowedNow: the tournament is open.
        TournamentInputError: no reason was given.
        PermissionDenied: the file was accepted and `officer` is False.
    """
    text = reason.strip()
    if not text:
        raise TournamentInputError(
            N_("expected a reason to reopen (what is to be corrected), got none")
        )
    base = loaded(db, tournament)
    if not base.folded.closed:
        raise NotAllowedNow(
            N_("expected a submitted tournament to reopen, got %(name)r still open"),
            name=base.folded.settings.name,
        )
    sent = _submission(db, base.info.id, base.folded.reopen_request)
    if sent is not None and sent.status == ACCEPTED and not officer:
        if sent.decided_at is not None:
            raise PermissionDenied(
                N_(
                    "expected the rating officer's consent: the results were accepted "
                    "(%(date)s); ask the rating officer to reopen the tournament"
                ),
                date=f"{sent.decided_at:%Y-%m-%d}",
            )
        raise PermissionDenied(
            N_(
                "expected the rating officer's consent: the results were accepted; "
                "ask the rating officer to reopen the tournament"
            )
        )
    event = ev.Reopened(text)
    with log_writer(db, base.info.id, base.seq, actor=actor.label) as writer:
        after(writer, base, [event])
        if sent is not None and sent.status == QUEUED:
            decide_on(
                writer.conn,
                sent.item,
                REJECTED,
                by=actor.label,
                at=dt.datetime.now(dt.UTC),
                message=f"{WITHDRAWN_NOTE}: {text}",
            )
        seq = writer.append(event)
        set_status_on(writer.conn, base.info.id, RUNNING)
    return seq


def request_reopen(db: Store, tournament: int, reason: str, actor: Actor) -> int:
    """Ask the rating officer to reopen a tournament whose results the officer accepted;
    the event number of the request (the officer sees it on the queue item's page).

    Raises:
        NotFoundError: no such tournament.
        TournamentError: no reason, the tournament is open, or its file was not accepted
            (then the director reopens it alone).
    """
    text = reason.strip()
    if not text:
        raise TournamentInputError(
            N_("expected a reason to reopen (what is to be corrected), got none")
        )
    base = loaded(db, tournament)
    sent = _submission(db, base.info.id, base.folded.reopen_request)
    if base.folded.closed and (sent is None or sent.status != ACCEPTED):
        raise NotAllowedNow(
            N_(
                "expected results accepted by the rating officer, got none: reopen the "
                "tournament yourself"
            )
        )
    event = ev.ReopenRequested(text)
    with log_writer(db, base.info.id, base.seq, actor=actor.label) as writer:
        after(writer, base, [event])
        return writer.append(event)


@dataclass(frozen=True, slots=True)
class ReopenRequest:
    """A director's pending request to reopen: the tournament, its name, the reason, and
    the queue item of its accepted file."""

    tournament: int
    name: str
    reason: str
    item: int


def reopen_requests(db: Store) -> tuple[ReopenRequest, ...]:
    """The pending requests to reopen, newest tournament first (the rating officer's list)."""
    out = []
    for info in list_directed(db):
        if info.status != SUBMITTED:
            continue
        d = loaded(db, info.id).folded
        sent = _submission(db, info.id, d.reopen_request)
        if d.reopen_request is not None and sent is not None:
            out.append(ReopenRequest(info.id, d.settings.name, d.reopen_request, sent.item))
    return tuple(out)


def reopen_request_of(db: Store, tournament: int) -> str | None:
    """The reason of the pending request to reopen the tournament (None: none pending).

    Raises:
        NotFoundError: no such tournament.
    """
    return loaded(db, tournament).folded.reopen_request


def delete_draft(db: Store, tournament: int, actor: Actor, based_on: int | None = None) -> str:
    """Delete a draft for good (no round paired, never submitted); its name.

    Raises:
        NotFoundError: no such tournament.
        NotAllowedNow: not a draft (a round was paired, or it was submitted).
        ConflictError: the log moved since `based_on`; nothing deleted.
    """
    base = loaded(db, tournament)
    d = base.folded
    name = d.settings.name
    with log_writer(db, base.info.id, base.seq, actor=actor.label) as writer:
        if writer.newer or (based_on is not None and based_on != base.seq):
            raise ConflictError(
                N_(
                    "expected the tournament at event %(value)s, got %(last)s: nothing "
                    "deleted, look at it again"
                ),
                value=based_on or base.seq,
                last=writer.last,
            )
        sent = bool(list_items(db, td_tournament_id=base.info.id))
        if not _is_draft(base.info.status, d.paired, d.closed, sent):
            raise NotAllowedNow(
                N_(
                    "expected a draft to delete (no round paired, never submitted), got "
                    "%(name)r with %(paired)s rounds paired%(submitted)s"
                ),
                name=name,
                paired=d.paired,
                submitted=N_(", submitted") if sent or d.closed else "",
            )
        delete_tournament_on(writer.conn, base.info.id)
    forget_sessions(db)
    return name


def assistants(db: Store, tournament: int) -> tuple[str, ...]:
    """The user names of the tournament's assistants, by name."""
    from ratinglist.store.accounts import holders_of

    with db.connect() as conn:
        return holders_of(conn, Grant(Role.ASSISTANT, str(tournament)))


def revoke_assistant(db: Store, tournament: int, user: str, actor: Actor) -> str:
    """Take the ``assistant`` role of the tournament from `user`; the name (at once in this
    process, within `service.accounts.SESSION_CHECK_S` in the others).

    Raises:
        NotFoundError: no such tournament, or `user` is not one of its assistants.
    """
    from ratinglist.service.accounts import revoke

    loaded(db, tournament)
    name = user.strip()
    given = Grant(Role.ASSISTANT, str(tournament))
    if name not in assistants(db, tournament) or not revoke(db, name, given, actor):
        raise NotFoundError(
            N_("expected an assistant of tournament %(tournament)s, got %(user)r"),
            tournament=tournament,
            user=name or N_("no name"),
        )
    return name

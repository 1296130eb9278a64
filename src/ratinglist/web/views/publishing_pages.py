"""The rating officer's publication desk (``/publishing``): the stored lists not yet
published and the published ones; publishing one list or a range of month ends shows first
the dry run (the diff against the last list published before it, as ``/diff`` shows it),
then asks to confirm; unpublishing asks to confirm. The same service calls answer the API
(``/api/v1/publishing``) and the CLI (``ratinglist publish``, ``unpublish``).

Computing a list (``/publishing/compute``) records a job and runs it in the background of
this process (`service.rating_jobs`, through `compute_list` as ``ratinglist rate``); its page
``/publishing/jobs/{id}`` refreshes itself every few seconds and shows the phase until the
list is stored, then links the list's dry run.

Only the rating officer (and admins) may use them, as the intake's decisions. Publishing a
list twice changes nothing, so a form from a stale page is harmless; every write answers
with a redirect to the desk (post/redirect/get). After a publication this process asks the
database for the data version at once (`Site.refresh`): the site's pages show the new list
at the next request here, within `service.site.VERSION_TTL` in the other processes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Annotated

from fastapi import BackgroundTasks, Form, Query, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, Field

from ratinglist.i18n import N_, _
from ratinglist.service.accounts import SignedIn
from ratinglist.service.actor import Actor
from ratinglist.service.databases import Store
from ratinglist.service.publication_desk import (
    STEPS,
    Desk,
    PublishPreview,
    RangePreview,
    desk,
    parse_month,
    preview_publish,
    preview_range,
)
from ratinglist.service.publishing import (
    PublicationChange,
    RangePublication,
    publish_list,
    publish_range,
    unpublish_list,
)
from ratinglist.service.rating_jobs import RatingJob, rating_job, recent_jobs, request_list
from ratinglist.web import flash
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import NO_STORE, site_of, store_of
from ratinglist.web.views.intake_common import Officer

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/v1/publishing", tags=["rating officer"])

Month = Annotated[str, Query(pattern=r"^\d{4}-\d{2}$")]
Every = Annotated[str, Query(pattern="^(month|quarter|year)$")]


REFRESH_SECONDS = 2
"""How often a job's page reloads itself while the list is being computed."""


@router.get("/publishing")
def desk_page(request: Request, who: Officer) -> Response:
    """The lists not yet published and the published ones, the form that computes a list
    and the recent computations, with the range form."""
    db = store_of(request)
    context = {
        "d": desk(db),
        "csrf": who.csrf,
        "steps": tuple(STEPS),
        "jobs": recent_jobs(db),
        "today": dt.date.today(),
    }
    return flash.page(request, "publishing.html", context)


@router.post("/publishing/compute")
def compute_page(
    request: Request,
    who: Officer,
    background: BackgroundTasks,
    as_of: Annotated[dt.date, Form()],
) -> Response:
    """Start computing the list as of `as_of` in the background; to the job's page."""
    job = request_list(store_of(request), as_of, who.actor, start=background.add_task)
    message = _("Computing the list as of %(date)s.", date=as_of.isoformat())
    return flash.redirect(request, f"/publishing/jobs/{job.id}", message)


@router.get("/publishing/jobs/{n}")
def job_page(request: Request, n: int, who: Officer) -> Response:
    """A computation's progress (the page reloads itself until it ends), then its list."""
    job = rating_job(store_of(request), n)
    context = {"j": job, "refresh": REFRESH_SECONDS if job.running else None}
    return flash.page(request, "publishing_job.html", context)


@router.get("/publishing/range")
def range_page(
    request: Request, who: Officer, first: Month, last: Month, every: Every = "month"
) -> Response:
    """The dry run of publishing every month end of a range, and the form to confirm."""
    preview = preview_range(store_of(request), first, last, every)
    context = {"r": preview, "p": preview.newest, "csrf": who.csrf, "first": first,
               "last": last, "every": every}  # fmt: skip
    return templates.TemplateResponse(request, "publishing_range.html", context, headers=NO_STORE)


@router.post("/publishing/range")
def publish_range_page(
    request: Request,
    who: Officer,
    first: Annotated[str, Form(pattern=r"^\d{4}-\d{2}$")],
    last: Annotated[str, Form(pattern=r"^\d{4}-\d{2}$")],
    every: Annotated[str, Form(pattern="^(month|quarter|year)$")] = "month",
    published: Annotated[str, Form(pattern="^(yes|no)$")] = "yes",
) -> Response:
    """Publish (or withdraw) every month end of the range that has a stored list."""
    done = publish_range(
        store_of(request),
        parse_month(first, N_("the first month")),
        parse_month(last, N_("the last month")),
        STEPS[every],
        who.actor,
        published=published == "yes",
        skip_missing=True,
    )
    return _published(request, _range_message(done, published == "yes"))


def _range_message(done: RangePublication, published: bool) -> str:
    """What a range publication did, in words."""
    changed = [c for c in done.changes if c.changed]
    if not done.changes:
        if published:
            return _("No stored list in the range; nothing published.")
        return _("No stored list in the range; nothing unpublished.")
    first, last = done.changes[0].as_of.isoformat(), done.changes[-1].as_of.isoformat()
    said = (
        N_("%(n)s lists published from %(first)s to %(last)s (%(already)s already published).")
        if published
        else N_(
            "%(n)s lists unpublished from %(first)s to %(last)s (%(already)s already unpublished)."
        )
    )
    return _(said, n=len(changed), first=first, last=last, already=len(done.changes) - len(changed))


def _change_message(c: PublicationChange) -> str:
    """What publishing or withdrawing one list did, in words."""
    date = c.as_of.isoformat()
    if c.published:
        if not c.changed:
            return _("The list of %(date)s was already published; nothing changed.", date=date)
        return _("The list of %(date)s is published.", date=date)
    if not c.changed:
        return _("The list of %(date)s was already unpublished; nothing changed.", date=date)
    return _("The list of %(date)s is unpublished.", date=date)


def _published(request: Request, message: str) -> Response:
    """The site shows the lists as published now; back to ``/publishing``, saying what
    was done."""
    site_of(request).refresh()
    return flash.redirect(request, "/publishing", message)


def _list_page(request: Request, n: int, who: SignedIn, **shown: bool) -> Response:
    """List `n`'s dry run (the diff against the last list published before), with the
    form that confirms publishing it or, `withdraw`, withdrawing it."""
    context = {"p": preview_publish(store_of(request), n), "csrf": who.csrf, **shown}
    return templates.TemplateResponse(request, "publishing_list.html", context, headers=NO_STORE)


def _confirmed(
    request: Request,
    n: int,
    who: SignedIn,
    confirm: str,
    change: Callable[[Store, str, Actor], PublicationChange],
    asked: str,
) -> Response:
    """Publish or withdraw list `n` when its page confirmed it, else back to that page."""
    if confirm != "yes":
        return RedirectResponse(asked, status_code=303)
    done = change(store_of(request), str(n), who.actor)
    return _published(request, _change_message(done))


@router.get("/publishing/{n}")
def preview_page(request: Request, n: int, who: Officer) -> Response:
    """The dry run of publishing list `n`: the diff against the last list published before."""
    return _list_page(request, n, who)


@router.post("/publishing/{n}")
def publish_page(
    request: Request, n: int, who: Officer, confirm: Annotated[str, Form(max_length=3)] = ""
) -> Response:
    """Publish list `n` (after its dry run)."""
    return _confirmed(request, n, who, confirm, publish_list, f"/publishing/{n}")


@router.get("/publishing/{n}/unpublish")
def confirm_unpublish(request: Request, n: int, who: Officer) -> Response:
    """Ask to confirm withdrawing list `n` from the site."""
    return _list_page(request, n, who, withdraw=True)


@router.post("/publishing/{n}/unpublish")
def unpublish_page(
    request: Request, n: int, who: Officer, confirm: Annotated[str, Form(max_length=3)] = ""
) -> Response:
    """Withdraw list `n` from the site (after the confirmation)."""
    return _confirmed(request, n, who, confirm, unpublish_list, f"/publishing/{n}/unpublish")


class Change(BaseModel):
    """A list's publication now, and whether the request changed it."""

    list: int
    as_of: dt.date
    published: bool
    changed: bool


class RangeIn(BaseModel):
    """Every `every` month end from `first` to `last` (YYYY-MM); `published` False withdraws."""

    first: str = Field(pattern=r"^\d{4}-\d{2}$")
    last: str = Field(pattern=r"^\d{4}-\d{2}$")
    every: str = Field(default="month", pattern="^(month|quarter|year)$")
    published: bool = True


class RangeOut(BaseModel):
    """One change per month end that has a stored list, and the month ends without one."""

    changes: list[Change]
    missing: list[dt.date]


@api.get("")
def api_desk(request: Request, who: Officer) -> Desk:
    """The stored lists not yet published and the published ones, newest first."""
    return desk(store_of(request))


@api.get("/range")
def api_range(
    request: Request, who: Officer, first: Month, last: Month, every: Every = "month"
) -> RangePreview:
    """The dry run of publishing the month ends of a range."""
    return preview_range(store_of(request), first, last, every)


@api.post("/range")
def api_publish_range(request: Request, body: RangeIn, who: Officer) -> RangeOut:
    """Publish (or withdraw) every month end of a range that has a stored list, at once."""
    done = publish_range(
        store_of(request),
        parse_month(body.first, N_("the first month")),
        parse_month(body.last, N_("the last month")),
        STEPS[body.every],
        who.actor,
        published=body.published,
        skip_missing=True,
    )
    site_of(request).refresh()
    changes = [Change(list=c.list_id, as_of=c.as_of, published=c.published, changed=c.changed)
               for c in done.changes]  # fmt: skip
    return RangeOut(changes=changes, missing=list(done.missing))


class ComputeIn(BaseModel):
    """The as-of date of the list to compute."""

    as_of: dt.date


@api.post("/compute", status_code=202)
def api_compute(
    request: Request, body: ComputeIn, who: Officer, background: BackgroundTasks
) -> RatingJob:
    """Start computing the list as of `as_of` in the background; follow it at
    ``/api/v1/publishing/jobs/{id}`` (``phase`` ends ``done`` with ``list_id``, or
    ``failed`` with ``message``)."""
    return request_list(store_of(request), body.as_of, who.actor, start=background.add_task)


@api.get("/jobs/{n}")
def api_job(request: Request, n: int, who: Officer) -> RatingJob:
    """A computation as it stands."""
    return rating_job(store_of(request), n)


@api.get("/{n}")
def api_preview(request: Request, n: int, who: Officer) -> PublishPreview:
    """The dry run of publishing list `n`: the diff against the last list published before."""
    return preview_publish(store_of(request), n)


@api.post("/{n}")
def api_publish(request: Request, n: int, who: Officer) -> Change:
    """Publish list `n`."""
    c = publish_list(store_of(request), str(n), who.actor)
    site_of(request).refresh()
    return Change(list=c.list_id, as_of=c.as_of, published=c.published, changed=c.changed)


@api.delete("/{n}")
def api_unpublish(request: Request, n: int, who: Officer) -> Change:
    """Withdraw list `n` from the site."""
    c = unpublish_list(store_of(request), str(n), who.actor)
    site_of(request).refresh()
    return Change(list=c.list_id, as_of=c.as_of, published=c.published, changed=c.changed)

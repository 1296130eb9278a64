"""What the intake pages and API share: who may see or decide a queue item, bounded uploads.

Roles (`model.account`): accepting and rejecting is the rating officer's (or an admin's);
fixing IDs also the ID officer's of the item's country; uploading any signed-in user's with a
role. A user sees the items they may decide or fix, and the ones they submitted themselves
(with the officer's message). A request body is never read beyond the upload bound: the
declared length is checked before the form is parsed, and a raw upload is read in chunks up
to the bound plus one byte.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated

from fastapi import Depends, Request

from ratinglist.errors import N_, IntakeError, PermissionDenied
from ratinglist.model.account import (
    Account,
    Role,
    has_any_role,
    may_assign_ids,
    may_officiate,
)
from ratinglist.service.accounts import SignedIn
from ratinglist.service.intake import MAX_BYTES, IntakeSummary, country_key, item
from ratinglist.web.auth import permit
from ratinglist.web.limits import FORM_OVERHEAD
from ratinglist.web.views.common import store_of


def _web_label(account: Account) -> str:
    return f"web:{account.name}"


def may_fix(account: Account, country: str) -> bool:
    """Officers, and the ID officers of `country` (a registry code; grants written with
    another spelling of the country, ``NED`` for ``NLD``, count too)."""
    return may_assign_ids(account, country) or any(
        g.role is Role.ID_OFFICER and country_key(g.scope) == country for g in account.grants
    )


def may_see(account: Account, found: IntakeSummary) -> bool:
    """Officers, the ID officers of the item's country, and the item's submitter."""
    return found.submitted_by == _web_label(account) or may_fix(account, found.country)


def visible(account: Account, items: Iterable[IntakeSummary]) -> list[IntakeSummary]:
    """The items `account` may see, in the given order."""
    return [i for i in items if may_see(account, i)]


def _number(request: Request) -> int:
    try:
        return int(request.path_params["n"])
    except ValueError as exc:
        raise IntakeError(
            N_("expected a queue item number, got %(path_params)r"),
            path_params=request.path_params["n"],
        ) from exc


def _may_fix_some_country(account: Account) -> bool:
    return may_officiate(account) or any(g.role is Role.ID_OFFICER for g in account.grants)


def _see(account: Account, request: Request) -> bool:
    if may_officiate(account):
        return True
    if not has_any_role(account):
        return False
    return may_see(account, item(store_of(request), _number(request)))


def _fix(account: Account, request: Request) -> bool:
    if may_officiate(account):
        return True
    if not _may_fix_some_country(account):
        return False
    return may_fix(account, item(store_of(request), _number(request)).country)


def _decide(account: Account, _request: Request) -> bool:
    return may_officiate(account)


def _upload(account: Account, _request: Request) -> bool:
    return has_any_role(account)


def _signed(_account: Account, _request: Request) -> bool:
    return True


async def bounded_request(request: Request) -> None:
    """Refuse a write whose declared body is larger than an upload may be (before reading it).

    Raises:
        IntakeError: no Content-Length, or more than `MAX_BYTES` + `FORM_OVERHEAD`.
    """
    declared = request.headers.get("content-length")
    limit = MAX_BYTES + FORM_OVERHEAD
    if declared is None or not declared.isdigit():
        raise IntakeError(
            N_("expected a request with a Content-Length, got %(declared)r"), declared=declared
        )
    if int(declared) > limit:
        raise IntakeError(
            N_("expected a request of at most %(limit)s bytes, got %(declared)s bytes"),
            limit=format(limit, ","),
            declared=format(int(declared), ","),
        )


async def read_bounded(request: Request, limit: int) -> bytes:
    """The request body, read only up to `limit` + 1 bytes (more means: too large)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            break
    return b"".join(chunks)[: limit + 1]


Bounded = Annotated[None, Depends(bounded_request)]
Viewer = Annotated[SignedIn, Depends(permit(_see, N_("see this queue item")))]
Fixer = Annotated[SignedIn, Depends(permit(_fix, N_("fix the IDs of this queue item")))]
Officer = Annotated[SignedIn, Depends(permit(_decide, N_("accept or reject results files")))]
Uploader = Annotated[SignedIn, Depends(permit(_upload, N_("upload results files")))]
Anyone = Annotated[SignedIn, Depends(permit(_signed, N_("see the queue")))]


def require_signed_in(who: SignedIn | None) -> SignedIn:
    """`who`, or a refusal (the gate lets no anonymous request reach intake routes)."""
    if who is None:
        raise PermissionDenied(N_("expected a signed-in user, got none"))
    return who

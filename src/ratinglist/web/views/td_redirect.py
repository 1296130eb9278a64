"""The director's forms' round trip (post/redirect/get), shared by every ``/td`` page.

Every form carries the session's CSRF token; every write form also carries the log's event
number the page was drawn at (`based_on`), and a result form names its game (round, table
and both players), so a result entered on a stale page is stored unless another device
changed the same game meanwhile, and never lands on another game: then the page answers
409 and shows the refusal above the current state.

Every POST answers with a redirect (post/redirect/get: reloading the page never repeats an
action), also when the action is refused. What the next page shows (the message, whether
it is a refusal, the lines typed into a refused registration) travels in a short-lived
cookie signed with the session's CSRF token, never in the address (a link cannot forge an
official notice). Withdrawing a player and undoing the latest action first show what they
will do and ask to confirm (a page, no script needed); an undo names the action it cancels
and who wrote it, and is refused when the log moved since the page was drawn.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request
from fastapi.responses import RedirectResponse, Response

from ratinglist.errors import (
    N_,
    ConflictError,
    NotAllowedNow,
    NotOffered,
    RatinglistError,
    TournamentInputError,
)
from ratinglist.i18n.messages import changed_meanwhile, translate_error
from ratinglist.model.account import may_direct
from ratinglist.model.player import NamesakeConflict
from ratinglist.service.accounts import SignedIn, same_secret
from ratinglist.service.tournaments.actions import (
    NotRegistered,
)
from ratinglist.service.tournaments.page import director_page
from ratinglist.service.tournaments.paging import RowFilter
from ratinglist.service.tournaments.temporary_ids import registered_namesakes
from ratinglist.web.templating import templates
from ratinglist.web.views.common import NO_STORE, db_url

FLASH_COOKIE = "rl_td_flash"
FLASH_SECONDS = 120
"""How long the message of an action waits for the page it redirects to."""
FLASH_BYTES = 3000
"""The largest flash cookie kept with the typed lines (browsers keep about 4 KB a cookie)."""
STATUS = {"notice": 200, "error": 400, "conflict": 409}
"""The status of the page that shows an action's outcome: a refusal is not a 200."""
HOME = 0
"""The "tournament number" of the director's home page (``/td``) in a flash."""


def _where(tid: int) -> str:
    return "/td" if tid == HOME else f"/td/{tid}"


@dataclass(frozen=True, slots=True)
class Flash:
    """The outcome of the last action, shown once: `kind` notice, error or conflict, the
    message, and the fields of a refused form to fill in again."""

    kind: str
    message: str
    kept: dict[str, str] = field(default_factory=dict)


def _signature(who: SignedIn, packed: str) -> str:
    return hmac.new(who.csrf.encode(), packed.encode(), hashlib.sha256).hexdigest()[:32]


def _back(
    request: Request,
    tid: int,
    who: SignedIn,
    message: str,
    kind: str = "notice",
    kept: dict[str, str] | None = None,
    where: str = "",
) -> RedirectResponse:
    """Redirect (303) to the tournament page (or `where` under it), which shows `message`."""

    def pack(fields: dict[str, str]) -> str:
        data = json.dumps({"t": tid, "k": kind, "m": message, "f": fields})
        return base64.urlsafe_b64encode(zlib.compress(data.encode())).decode().rstrip("=")

    packed = pack(kept or {})
    if len(packed) > FLASH_BYTES:
        message += " (the typed lines were too long to keep: type them again)"
        packed = pack({})
    response = RedirectResponse(f"{_where(tid)}{where}", status_code=303)
    response.set_cookie(
        FLASH_COOKIE,
        f"{packed}.{_signature(who, packed)}",
        max_age=FLASH_SECONDS,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
        path=_where(tid),
    )
    return response


def _flash(request: Request, tid: int, who: SignedIn) -> Flash | None:
    """The outcome left by the last action on this tournament, if signed for this session."""
    packed, _, signature = request.cookies.get(FLASH_COOKIE, "").partition(".")
    if not packed or not same_secret(signature, _signature(who, packed)):
        return None
    try:
        raw = zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)))
        data = json.loads(raw)
    except (ValueError, zlib.error):
        return None
    if data.get("t") != tid or data.get("k") not in STATUS:
        return None
    kept = {str(k): str(v) for k, v in dict(data.get("f") or {}).items()}
    return Flash(str(data["k"]), str(data.get("m", "")), kept)


def _shown(response: Response, tid: int) -> Response:
    response.delete_cookie(FLASH_COOKIE, path=_where(tid))
    return response


def _choice(request: Request, flash: Flash | None) -> dict[str, Any] | None:
    """The namesake choice of a refused new player (its typed fields kept in the flash)."""
    if flash is None or flash.kind != "conflict" or not flash.kept.get("namesake"):
        return None
    typed = {k: flash.kept.get(k, "") for k in ("surname", "firstname", "country")}
    found = registered_namesakes(db_url(request), typed["surname"], typed["firstname"])
    if not found:
        return None
    return {"name": flash.kept["namesake"], "namesakes": found, "typed": typed}


def _render(
    request: Request, tid: int, who: SignedIn, name: str, context: dict[str, Any]
) -> Response:
    """Template `name` with `context` and the outcome of the last action on tournament
    `tid` (the flash, cleared once shown): its message or its refusal, the fields of a
    refused form; the status says whether it was refused (400, 409)."""
    flash = _flash(request, tid, who)
    outcome = {
        "message": flash.message if flash is not None and flash.kind == "notice" else None,
        "error": flash.message if flash is not None and flash.kind != "notice" else None,
        "kept": flash.kept if flash is not None else {},
    }
    status = STATUS[flash.kind] if flash is not None else 200
    response = templates.TemplateResponse(
        request, name, context | outcome, status_code=status, headers=NO_STORE
    )
    return _shown(response, tid)


def _row_filter(request: Request, prefix: str = "") -> RowFilter | None:
    """The finder's choice of a long list from the address (``q``, ``show``, ``page`` with
    `prefix`); None when the address asks nothing (the page's default)."""
    args = request.query_params
    names = [prefix + n for n in ("q", "show", "page")]
    if not any(n in args for n in names):
        return None
    query, show, page = (args.get(n, "") for n in names)
    if show not in ("", "due", "all"):
        raise TournamentInputError(N_("expected show=due or show=all, got %(show)r"), show=show)
    if page and not (page.isdigit() and len(page) <= 6):
        raise TournamentInputError(N_("expected a page number, got %(page)r"), page=page)
    return RowFilter(query[:100], show == "due", int(page or 1))


def _page(request: Request, tid: int, who: SignedIn) -> Response:
    director = may_direct(who.account, tid)
    tables, entrants = _row_filter(request), _row_filter(request, "e")
    page = director_page(
        db_url(request), tid, director=director, tables=tables, entrants=entrants or RowFilter()
    )
    live = page.live
    context: dict[str, Any] = {
        "shown_tables": page.tables,
        "shown_entrants": page.entrants,
        "ratings": page.ratings,
        "choice": _choice(request, _flash(request, tid, who)),
        "v": live,
        "who": who,
        "csrf": who.csrf,
        "director": director,
        "specials": live.game.specials if live.game else (),
        "g": live.game,
        "pending": page.pending,
        "life": page.life,
        "offered": _offered,
    }
    return _render(request, tid, who, "td_tournament.html", context)


def _offer(typed: dict[str, str], query: str, offered: list[tuple[str, str]]) -> dict[str, str]:
    """The refused form's fields with the choice it offers for `query`: the candidates (key
    to enter, label) and the query as a new player's surname and first name (the last
    word), so that nothing is guessed."""
    words = query.split()
    surname, first = (" ".join(words[:-1]), words[-1]) if len(words) > 1 else (query, "")
    lines = "\n".join(f"{key}\t{label}" for key, label in offered)
    rest = [line for line in typed.get("players", "").splitlines() if line.strip() != query]
    kept = typed | {"unmatched": query, "offered": lines, "players": "\n".join(rest)}
    if not typed.get("surname", "").strip():
        kept |= {"surname": surname, "firstname": first}
    return kept


def _offered(kept: dict[str, str]) -> list[tuple[str, str]]:
    """The candidates a refused registration offers (`_offer`)."""
    lines = (line.partition("\t") for line in kept.get("offered", "").splitlines())
    return [(key, label) for key, _, label in lines if key]


def _act(
    request: Request,
    tid: int,
    who: SignedIn,
    action: Callable[[], str],
    kept: dict[str, str] | None = None,
    passes: tuple[type[Exception], ...] = (),
) -> Response:
    """Run a write, then redirect to the tournament page: with its message on success, with
    the reason when refused (shown with 409 for a conflict with another device or an action
    the tournament's state does not allow now, else 400; `kept` fills the refused form
    again); a capability the game lacks is raised (404), and so are the refusals of
    `passes` (a registration form that offers a choice)."""
    offering: tuple[type[Exception], ...] = (NamesakeConflict, NotRegistered, *passes)
    try:
        done = action()
    except offering:
        raise  # the registration form offers the choice
    except NotOffered:
        raise  # the error page: 404, the game has no such thing
    except NotAllowedNow as exc:
        return _back(request, tid, who, translate_error(exc), "conflict")
    except ConflictError as exc:
        return _back(request, tid, who, changed_meanwhile(exc), "conflict")
    except RatinglistError as exc:
        return _back(request, tid, who, translate_error(exc), "error", kept)
    return _back(request, tid, who, done)


def _act_at(
    request: Request,
    tid: int,
    who: SignedIn,
    where: str,
    action: Callable[[], str],
    kept: dict[str, str] | None = None,
) -> Response:
    """Run a write of a page under the tournament's (`where`, such as ``/setup``), then
    redirect back to it with its outcome: the message, or the reason when refused (409 for
    an action not allowed now or a conflict with another device, 404 raised for a
    capability the game lacks, else 400; `kept` fills the
    refused form again)."""
    try:
        done = action()
    except NotOffered:
        raise  # the error page: 404, the game has no such thing
    except NotAllowedNow as exc:
        return _back(request, tid, who, translate_error(exc), "conflict", where=where)
    except ConflictError as exc:
        message = changed_meanwhile(exc)
        return _back(request, tid, who, message, "conflict", where=where)
    except RatinglistError as exc:
        return _back(request, tid, who, translate_error(exc), "error", kept, where=where)
    return _back(request, tid, who, done, where=where)


def _confirm(
    request: Request,
    tid: int,
    who: SignedIn,
    *,
    question: str,
    action: str,
    fields: dict[str, str],
    button: str,
    status: int = 200,
    details: tuple[str, ...] = (),
    reason_label: str = "",
) -> Response:
    """The confirmation page of an action that ends or skips something: the question, what
    it leaves undone (`details`), a required reason when `reason_label` is given, and the
    form that does it (none when `action` is empty: the action is refused)."""
    context = {
        "tid": tid,
        "csrf": who.csrf,
        "question": question,
        "action": action,
        "fields": fields,
        "button": button,
        "refused": status != 200,
        "details": details,
        "reason_label": reason_label,
    }
    return templates.TemplateResponse(
        request, "td_confirm.html", context, status_code=status, headers=NO_STORE
    )

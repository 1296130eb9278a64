"""A tournament's language (issue 36): set by its director, spoken by its pages and printed
sheets to visitors who chose no language themselves (`web.language`)."""

from __future__ import annotations

from ratinglist.errors import N_, TournamentInputError
from ratinglist.i18n import LOCALES, NAMES, parse_locale
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.log import loaded, write
from ratinglist.store import Store
from ratinglist.store.tournament_events import kinds_with
from ratinglist.tournament import events as ev
from ratinglist.tournament.codec import from_json


def parse_language(text: str) -> str:
    """One of `i18n.LOCALES` from ``fr``, ``ja-JP``, ``Français``...

    Raises:
        TournamentInputError: not a language of the site.
    """
    code = parse_locale(text)
    if code is None:
        code = next((k for k, v in NAMES.items() if v.lower() == text.strip().lower()), None)
    if code is None:
        raise TournamentInputError(
            N_("expected a language among %(locales)s, got %(text)r"),
            locales=", ".join(LOCALES),
            text=text,
        )
    return code


def set_language(
    db: Store, tournament: int, language: str, actor: Actor, based_on: int | None = None
) -> str:
    """Set the tournament's language; the language now (nothing written when unchanged).

    Raises:
        TournamentInputError: not a language of the site.
        NotFoundError: no such tournament.
        ConflictError: the log moved since `based_on` and someone else changed it.
    """
    code = parse_language(language)
    base = loaded(db, tournament)
    if base.folded.language != code:
        write(db, base, [ev.LanguageSet(code)], actor, based_on)
    return code


def tournament_language(db: Store, tournament: int) -> str | None:
    """The language the tournament's director set (None: none set or no such tournament).

    Read from the log's kinds without folding it (the pages that ask fold it once
    themselves): the last `LanguageSet` still in force, each undo removing the latest
    action in force as `tournament.fold.effective` does.
    """
    stack: list[str | None] = []
    for kind, payload in kinds_with(db, tournament, ev.LanguageSet.kind):
        if kind == ev.Undone.kind:
            if len(stack) > 1:
                stack.pop()
        else:
            stack.append(payload)
    for payload in reversed(stack):
        if payload is not None:
            event = from_json(ev.LanguageSet.kind, payload)
            return event.language if isinstance(event, ev.LanguageSet) else None
    return None

"""The Jinja2 environment: templates folder, autoescape on, gettext in the request's language,
a few number filters and Babel's dates, numbers and country names per locale."""

from __future__ import annotations

from pathlib import Path

from fastapi.templating import Jinja2Templates

from ratinglist import i18n
from ratinglist.i18n.formatting import country_name, day, number
from ratinglist.i18n.messages import translate_message
from ratinglist.service.account_mail import account_language
from ratinglist.service.tournaments.language import tournament_language
from ratinglist.web.auth import shows_intake
from ratinglist.web.language import language_links
from ratinglist.web.views.common import offers

TEMPLATES = Path(__file__).resolve().parent / "templates"

templates = Jinja2Templates(directory=TEMPLATES)
templates.env.add_extension("jinja2.ext.i18n")
# Every user-visible text of a template goes through ``_()`` (newstyle gettext: ``{{ _("Round
# %(n)s", n=3) }}``), translated into the request's locale (`ratinglist.i18n.current_locale`,
# set by `web.language`): one environment, the catalogue looked up at each call (issue 36).
templates.env.install_gettext_callables(  # type: ignore[attr-defined]
    i18n.gettext, i18n.ngettext, newstyle=True
)


def signed(value: int | float | None, digits: int = 0) -> str:
    """``+12`` / ``−5`` (minus sign) / empty for None."""
    if value is None:
        return ""
    text = f"{abs(value):.{digits}f}"
    if round(value, digits) == 0:
        return text
    return ("+" if value > 0 else "\u2212") + text


def half(value: float | None) -> str:
    """A score or disc count: ``5``, ``5.5``, empty for None."""
    if value is None:
        return ""
    return f"{value:g}"


templates.env.filters["signed"] = signed
templates.env.filters["half"] = half
templates.env.filters["day"] = day
templates.env.filters["number"] = number
templates.env.filters["country"] = country_name
templates.env.filters["translated"] = translate_message
templates.env.filters["tr"] = i18n.gettext  # a value that is a catalogue entry ("Black")
templates.env.globals["shows_intake"] = shows_intake
templates.env.globals["language_links"] = language_links
templates.env.globals["languages"] = tuple(i18n.NAMES.items())
templates.env.globals["tournament_language"] = lambda request, tid: tournament_language(
    request.app.state.db, tid
)
templates.env.globals["mail_language"] = lambda request, user: account_language(
    request.app.state.db, user
)
templates.env.globals["locale"] = lambda: i18n.current_locale.get()
templates.env.globals["offers"] = offers
templates.env.trim_blocks = True
templates.env.lstrip_blocks = True

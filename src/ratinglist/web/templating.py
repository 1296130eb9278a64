"""The Jinja2 environment: templates folder, autoescape on, a few number filters."""

from __future__ import annotations

from pathlib import Path

from fastapi.templating import Jinja2Templates

from ratinglist.web.auth import shows_intake
from ratinglist.web.views.common import offers

TEMPLATES = Path(__file__).resolve().parent / "templates"

templates = Jinja2Templates(directory=TEMPLATES)
templates.env.add_extension("jinja2.ext.i18n")
# Every user-visible text of a template goes through ``_()`` (newstyle gettext: ``{{ _("Round
# %(n)s", n=3) }}``); the catalogues are installed per request by the i18n layer (issue 36).
templates.env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]


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
templates.env.globals["shows_intake"] = shows_intake
templates.env.globals["offers"] = offers
templates.env.trim_blocks = True
templates.env.lstrip_blocks = True

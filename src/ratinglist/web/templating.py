"""The Jinja2 environment: templates folder, autoescape on, gettext in the request's language,
a few number filters and Babel's dates, numbers and country names per locale."""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path

import jinja2
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemBytecodeCache
from jinja2.bccache import Bucket

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


class CompiledTemplates(FileSystemBytecodeCache):
    """Jinja2's compiled templates kept on disk (a private folder under the temporary
    directory by default), so a new process (a server worker, a test worker) loads them
    instead of compiling the 82 templates again (0.8 s of CPU). An entry is used only for
    the same template source (Jinja2 checks its checksum), the same Jinja2 and Python, and
    the same environment settings (`settings_key`, in the file names); a folder that cannot
    be read or written only means compiling as before."""

    def __init__(self, env: Environment, directory: str | None = None) -> None:
        super().__init__(directory, f"__ratinglist_{settings_key(env)}_%s.cache")

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except (OSError, EOFError, ValueError):
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        with contextlib.suppress(OSError):
            super().dump_bytecode(bucket)


def settings_key(env: Environment) -> str:
    """A digest of what a template compiles with besides its source: Jinja2's version, the
    extensions and the syntax and whitespace settings."""
    parts = (
        jinja2.__version__,
        sorted(env.extensions),
        env.block_start_string,
        env.block_end_string,
        env.variable_start_string,
        env.variable_end_string,
        env.comment_start_string,
        env.comment_end_string,
        env.line_statement_prefix,
        env.line_comment_prefix,
        env.trim_blocks,
        env.lstrip_blocks,
        env.newline_sequence,
        env.keep_trailing_newline,
        env.optimized,
        env.autoescape if isinstance(env.autoescape, bool) else env.autoescape.__qualname__,
    )
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


# After every setting above (they are part of the entries' names). Without a private
# temporary folder, each process compiles the templates as before.
with contextlib.suppress(OSError, RuntimeError):
    templates.env.bytecode_cache = CompiledTemplates(templates.env)

"""Find the visible text of templates that does not go through the catalogue.

``python -m ratinglist.i18n.untranslated`` prints ``file:line: text`` for each offender (the
test ``tests/i18n/test_templates_translated.py`` fails on any). Visible text is the text
between tags, the ``title``, ``alt``, ``placeholder``, ``aria-label``, ``label`` and
``data-confirm`` attributes,
and string constants a template prints (``{{ x or "none" }}``); Jinja2 tags and expressions,
``<code>``, ``<pre>``, ``<script>``, ``<style>`` and comments are not text. Allowed outside the
catalogue: text without letters (numbers, punctuation, ✓ ±), HTML entities, and the proper
names and codes in `ALLOWED`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from jinja2 import Environment, nodes

PACKAGE = Path(__file__).resolve().parents[1]

ALLOWED = frozenset(
    {
        "Ratinglist",  # the software's name
        "ABCDE-FGHJK",  # the shape of a player's code (a placeholder)
        "WOF",  # World Othello Federation, as its files write it
        "API",
        "JSON",
        "CSV",
        "ID",
        "IDs",
        "UTC",
        "SVG",
        "PDF",
        "A4",
        "ELO",  # the WOF results file (.ELO)
        "Papp",  # the Othello pairing program's name
        "Brightwell",  # the tie-break's name (Brightwell quotient)
        "McMahon",
        "EGF",
        "FFG",
        "SOS",
        "SODOS",
        "OpenGotha",
        "English",
        "Français",
        "日本語",
        "kyu",
        "dan",
        "x",  # 3 x 2
        "FIN",  # Go codes of the .h9 file
        "PRE",
        "LL",  # log-loss
    }
)
"""Words shown as they are in every language: names of things, formats and codes."""

VISIBLE_ATTRIBUTES = frozenset(
    {"title", "alt", "placeholder", "aria-label", "label", "data-confirm"}
)
HIDDEN_ELEMENTS = frozenset({"code", "pre", "script", "style", "kbd", "samp"})
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
ENTITY = re.compile(r"&[A-Za-z]+;|&#\d+;")
FILE_LIKE = re.compile(r"\S+\.(?:ELO|elo|txt|csv|zip|h9|svg|pdf|json)\b|%%\w+:")
"""File names and results-file syntax shown as examples (``20260516_EGP_Paris.ELO``)."""
ALLOWED_CONSTANTS = frozenset(
    {"asc", "desc", "conflict", "notice", "alert", "status", "stack", "inline"}
    | {"yes", "no", "disputed", "waiting"}  # hidden fields' values, row classes
    | {"whr-bayes"}  # a system's name, in a command line
)
"""Printed constants that are values, not text (a sort order in a hidden field)."""


@dataclass(frozen=True, slots=True)
class Untranslated:
    """Text shown outside the catalogue: where, and what."""

    path: Path
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r}"


def _blank(match: re.Match[str]) -> str:
    """A Jinja2 construct as a placeholder keeping its line breaks (so lines still match)."""
    text = match.group(0)
    return " " + "\n" * text.count("\n")


def _words(text: str) -> list[str]:
    plain = FILE_LIKE.sub(" ", ENTITY.sub(" ", text))
    return [w for w in WORD.findall(plain) if w not in ALLOWED]


class _Texts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.hidden = 0
        self.found: list[tuple[int, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in HIDDEN_ELEMENTS:
            self.hidden += 1
        for name, value in attrs:
            if name in VISIBLE_ATTRIBUTES and value and _words(value):
                self.found.append((self.getpos()[0], f"{name}={value.strip()}"))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in HIDDEN_ELEMENTS:
            self.hidden -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in HIDDEN_ELEMENTS and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden and _words(data):
            lead = data[: len(data) - len(data.lstrip())]
            self.found.append((self.getpos()[0] + lead.count("\n"), " ".join(data.split())))


def _printed_constants(source: str, env: Environment) -> Iterator[tuple[int, str]]:
    """String constants a template prints as they are (``{{ a or "none" }}``)."""
    tree = env.parse(source)
    for output in tree.find_all(nodes.Output):
        for child in output.nodes:
            if isinstance(child, nodes.TemplateData):
                continue
            yield from _constants(child)


def _constants(node: nodes.Node) -> Iterator[tuple[int, str]]:
    if isinstance(node, nodes.Const) and isinstance(node.value, str):
        if _words(node.value) and node.value not in ALLOWED_CONSTANTS:
            yield node.lineno, node.value
    elif isinstance(node, nodes.CondExpr):
        yield from _constants(node.expr1)
        if node.expr2 is not None:
            yield from _constants(node.expr2)
    elif isinstance(node, nodes.Or | nodes.And):
        yield from _constants(node.left)
        yield from _constants(node.right)
    elif isinstance(node, nodes.Concat):
        for inner in node.nodes:
            yield from _constants(inner)


def untranslated(path: Path, env: Environment | None = None) -> list[Untranslated]:
    """The visible text of the template at `path` outside the catalogue."""
    env = env or Environment(extensions=["jinja2.ext.i18n"])
    source = path.read_text(encoding="utf-8")
    parser = _Texts()
    parser.feed(JINJA.sub(_blank, source))
    parser.close()
    found = [Untranslated(path, line, text) for line, text in parser.found]
    found += [Untranslated(path, line, text) for line, text in _printed_constants(source, env)]
    return sorted(found, key=lambda u: u.line)


def templates(package: Path = PACKAGE) -> list[Path]:
    """Every template of the package (``**/templates/**/*.html``)."""
    return sorted(p for p in package.rglob("*.html") if "templates" in p.parts)


def main() -> int:
    """Print every offender as ``file:line: text``; exit 1 when there is one."""
    found = [u for path in templates() for u in untranslated(path)]
    for item in found:
        print(item)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

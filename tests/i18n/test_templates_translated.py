"""No template shows text outside the catalogue (issue 36): every visible text of every
template goes through ``_()``. On failure the offenders are listed as ``file:line: text``
(the same list as ``python -m ratinglist.i18n.untranslated``)."""

from __future__ import annotations

from pathlib import Path

from ratinglist.i18n.untranslated import templates, untranslated


def test_every_template_text_goes_through_the_catalogue() -> None:
    found = [str(u) for path in templates() for u in untranslated(path)]
    assert templates(), "no template found"
    assert not found, "text outside _():\n" + "\n".join(found)


def test_the_check_finds_text_attributes_and_printed_constants(tmp_path: Path) -> None:
    page = tmp_path / "templates" / "page.html"
    page.parent.mkdir()
    page.write_text(
        '<h1>{{ _("Standings") }}</h1>\n'
        "<p>Round {{ n }}</p>\n"
        '<img alt="a chart" src="x.svg">\n'
        '<td>{{ g.result or "not played" }}</td>\n'
        "<code>ratinglist check FILE</code> <small>12 · ✓ ±</small> WOF &amp; API\n"
        '<input placeholder="20260516_EGP_Paris.ELO">\n',
        encoding="utf-8",
    )
    found = [(u.line, u.text) for u in untranslated(page)]
    assert found == [(2, "Round"), (3, "alt=a chart"), (4, "not played")]
    assert str(untranslated(page)[0]).startswith(f"{page}:2: ")

"""Compiled templates kept on disk (`web.templating.CompiledTemplates`): a new process loads
them instead of compiling; other settings or another source compile again; a folder that
cannot be written changes nothing but the speed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from jinja2 import Environment, FileSystemLoader

from ratinglist.web.templating import CompiledTemplates, settings_key, templates

SOURCE = "{% for x in items %}\n  [{{ x }}]\n{% endfor %}\n"


def _env(folder: Path, cache: Path, **settings: Any) -> Environment:
    env = Environment(loader=FileSystemLoader(folder), **settings)
    env.bytecode_cache = CompiledTemplates(env, str(cache))
    return env


def _compiles(env: Environment, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates `env` compiles from now on."""
    compiled: list[str] = []
    real = env.compile

    def counting(source: Any, name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        compiled.append(str(name))
        return real(source, name, *args, **kwargs)

    monkeypatch.setattr(env, "compile", counting)
    return compiled


def test_a_second_environment_loads_what_the_first_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "t.html").write_text(SOURCE, encoding="utf-8")
    cache = tmp_path / "cache"
    cache.mkdir()
    first = _env(tmp_path, cache, trim_blocks=True, lstrip_blocks=True)
    made = first.get_template("t.html").render(items=[1, 2])
    assert made == "  [1]\n  [2]\n"  # trim_blocks: no line of the block tags' own
    assert len(list(cache.iterdir())) == 1

    second = _env(tmp_path, cache, trim_blocks=True, lstrip_blocks=True)
    compiled = _compiles(second, monkeypatch)
    assert second.get_template("t.html").render(items=[1, 2]) == made
    assert compiled == []  # loaded from the folder

    # other whitespace settings: another entry, compiled, rendered by its own settings
    plain = _env(tmp_path, cache)
    compiled = _compiles(plain, monkeypatch)
    # each line kept but the template's last newline (keep_trailing_newline is off)
    assert plain.get_template("t.html").render(items=[1]) == "\n  [1]\n"
    assert compiled == ["t.html"]
    assert settings_key(plain) != settings_key(first)

    # another source: compiled again
    (tmp_path / "t.html").write_text("{{ items|length }}", encoding="utf-8")
    again = _env(tmp_path, cache, trim_blocks=True, lstrip_blocks=True)
    compiled = _compiles(again, monkeypatch)
    assert again.get_template("t.html").render(items=[1, 2]) == "2"
    assert compiled == ["t.html"]


def test_a_folder_that_cannot_be_written_only_compiles(tmp_path: Path) -> None:
    (tmp_path / "t.html").write_text(SOURCE, encoding="utf-8")
    missing = tmp_path / "no-such-folder"
    env = _env(tmp_path, missing, trim_blocks=True, lstrip_blocks=True)
    assert env.get_template("t.html").render(items=[3]) == "  [3]\n"
    assert not missing.exists()


def test_the_site_templates_are_kept_compiled() -> None:
    cache = templates.env.bytecode_cache
    assert isinstance(cache, CompiledTemplates)
    assert settings_key(templates.env) in cache.pattern

"""Players-list use cases of the rating officer: plan or apply an import, undo one.

An import is a dry run unless asked to apply (`apply=True`): the plan says what would be
added, updated, renamed and split. Input that is not a players list (no ``pays =`` block, or
lines that are not player lines, e.g. a results file) is refused with its file and line.
Every applied import is recorded and can be undone as one step while it is the registry's
latest change.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from pathlib import Path

from ratinglist.errors import N_, PlayersListError, RegistryError
from ratinglist.formats.diagnostics import Severity
from ratinglist.formats.playerlist import PlayersList, read_players_list
from ratinglist.formats.playerlist_values import NameStyle
from ratinglist.model import Player
from ratinglist.registry.list_import import ListPlan, plan_list_import
from ratinglist.registry.names import parse_person, parse_program
from ratinglist.service.actor import Actor
from ratinglist.store import ListImport, Store, UndoneImport, apply_list_plan, player_registry
from ratinglist.store import undo_list_import as store_undo

__all__ = ["ListImportResult", "ListPlan", "UndoneImport", "import_players_list", "undo_import"]

REFUSED_CODES = frozenset({"P101", "P106"})
"""Players-list diagnostics that mean the file is not a players list: an unreadable line,
a player line before any ``pays =`` block."""


def check_is_players_list(players_list: PlayersList) -> None:
    """Refuse a file that is not a players list.

    Raises:
        PlayersListError: no ``pays = CODE`` block, or the first line that is neither a
            player, a ``pays`` nor a comment line (``file:line:col: ...``).
    """
    if not players_list.countries():
        raise PlayersListError(
            N_(
                "%(source)s: expected a players list with 'pays = CODE' blocks, got "
                "none (is it a results file?); nothing imported"
            ),
            source=players_list.source,
        )
    for d in players_list.diagnostics:
        if d.code in REFUSED_CODES or d.severity is Severity.ERROR:
            raise PlayersListError(N_("%(format)s; nothing imported"), format=d.format())


def spelled_players(players_list: PlayersList) -> tuple[Player, ...]:
    """The list's players with their names as the list writes them (`registry.names`:
    surnames in capitals, accents dropped); programs keep ``NAME (author)``.

    Raises:
        PlayersListError: every name that breaks the rule, one per line with file and line.
    """
    found: list[Player] = []
    problems: list[str] = []
    for entry in players_list.entries():
        try:
            if entry.style is NameStyle.PROGRAM:
                program, author = parse_program(entry.surname, entry.firstname)
                spelled = replace(entry, surname=program, firstname=author)
            else:
                surname, firstname = parse_person(entry.surname, entry.firstname)
                spelled = replace(entry, surname=surname, firstname=firstname)
        except RegistryError as exc:
            problems.append(f"{players_list.source}:{entry.line}: {exc}")
            continue
        found.append(spelled.to_player())
    if problems:
        raise PlayersListError("\n".join(problems) + "\nnothing imported")
    return tuple(found)


@dataclass(frozen=True, slots=True)
class ListImportResult:
    """The plan of a players-list import and, when applied, what was written."""

    plan: ListPlan
    applied: ListImport | None


def import_players_list(
    db: Store, path: Path, *, actor: Actor, on: dt.date | None = None, apply: bool = False
) -> ListImportResult:
    """Plan importing the players list at `path` dated `on` (default today); write it only
    with `apply` (one transaction, recorded for `undo_import`).

    Raises:
        PlayersListError: unreadable, not a players list, or names breaking the names rule
            (`spelled_players`).
        RegistryError: a rename or split the history refuses; nothing is imported.
    """
    players_list = read_players_list(path)
    check_is_players_list(players_list)
    listed = spelled_players(players_list)
    with db.begin() as conn:
        plan = plan_list_import(
            player_registry(conn),
            listed,
            on=on or dt.date.today(),
            source=players_list.source,
        )
        if not apply:
            return ListImportResult(plan, None)
        return ListImportResult(plan, apply_list_plan(conn, plan, actor=actor.label))


def undo_import(db: Store, *, actor: Actor, import_id: int | None = None) -> UndoneImport:
    """Undo a players-list import (default: the latest one not undone) as one step.

    `actor` is recorded on the import as who undid it.

    Raises:
        NotFoundError: no such import or none left.
        ConflictError: the registry changed after it.
    """
    with db.begin() as conn:
        return store_undo(conn, import_id, actor=actor.label)

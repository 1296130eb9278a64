"""Accounts and their roles: who may do what on a federation's server.

A `Grant` gives a role, with a scope where the role has one: an ID officer's country code, a
tournament director's or assistant's tournament id (a director grant with an empty scope may
create tournaments). The `may_*` functions are the whole permission policy, pure and in one
place; the web and the services ask them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Role(StrEnum):
    """The roles of issue 10: one word each (see docs/glossary.md)."""

    ADMIN = "admin"
    RATING_OFFICER = "rating_officer"
    ID_OFFICER = "id_officer"
    TD = "td"
    ASSISTANT = "assistant"


SCOPED = {Role.ID_OFFICER: "country", Role.ASSISTANT: "tournament"}
"""Roles that need a scope, and what the scope names (`td` may have one or none)."""


@dataclass(frozen=True, slots=True)
class Grant:
    """One role of one account, with its scope ('' for none)."""

    role: Role
    scope: str = ""

    @property
    def label(self) -> str:
        """``td:12``, ``id_officer:NED``, ``admin``."""
        return f"{self.role.value}:{self.scope}" if self.scope else self.role.value


@dataclass(frozen=True, slots=True)
class Account:
    """A signed-in user: name and grants (never the password hash)."""

    name: str
    grants: frozenset[Grant]

    def has(self, role: Role, scope: str = "") -> bool:
        """True when the account holds `role` for `scope` exactly."""
        return Grant(role, scope) in self.grants

    @property
    def is_admin(self) -> bool:
        """Admins may do everything."""
        return self.has(Role.ADMIN)


def may_create_tournament(account: Account) -> bool:
    """Admins and directors with an unscoped `td` grant create tournaments."""
    return account.is_admin or account.has(Role.TD)


def may_direct(account: Account, tournament: int) -> bool:
    """Pair, register, withdraw, undo, finals, export, submit, invite: the tournament's TD."""
    return account.is_admin or account.has(Role.TD, str(tournament))


def may_enter_results(account: Account, tournament: int) -> bool:
    """Enter and correct results: the TD and the tournament's assistant TDs."""
    return may_direct(account, tournament) or account.has(Role.ASSISTANT, str(tournament))


def may_officiate(account: Account) -> bool:
    """Accept or reject submitted results: the rating officer."""
    return account.is_admin or account.has(Role.RATING_OFFICER)


def may_assign_ids(account: Account, country: str) -> bool:
    """Assign new IDs and fix IDs of a country: the rating officer or that country's ID officer."""
    return may_officiate(account) or account.has(Role.ID_OFFICER, country.upper())


def may_assign_some_ids(account: Account) -> bool:
    """Open the ID officer's page: the rating officer, or an ID officer of any country."""
    return may_officiate(account) or any(g.role is Role.ID_OFFICER for g in account.grants)


def may_manage_accounts(account: Account) -> bool:
    """Add users and change grants: admins."""
    return account.is_admin


def has_any_role(account: Account) -> bool:
    """True when the account holds at least one grant (uploads need one)."""
    return bool(account.grants)

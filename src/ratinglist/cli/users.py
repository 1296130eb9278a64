"""`ratinglist users add|passwd|email|grant|revoke|list`: accounts of a served app.

The first admin is made here (`users add` then `users grant NAME admin`); later ones too, or
by an admin. Passwords are read without echo from the terminal, or from standard input with
`--password-stdin` (scripts).
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from ratinglist.cli.common import DbOption, cli_actor, open_db, user_errors

app = typer.Typer(
    help="Users of a served app and their roles: add, passwd, email, grant, revoke, list.",
    no_args_is_help=True,
)

NameArgument = Annotated[str, typer.Argument(help="The user name (no spaces).")]
RoleArgument = Annotated[
    str, typer.Argument(help="admin, rating_officer, id_officer, td or assistant.")
]
ScopeArgument = Annotated[
    str | None,
    typer.Argument(help="id_officer: the country; td/assistant: the tournament number."),
]
StdinOption = Annotated[
    bool, typer.Option("--password-stdin", help="Read the password from standard input.")
]


def _password(from_stdin: bool) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    try:
        first = typer.prompt("password", hide_input=True)
        again = typer.prompt("password again", hide_input=True)
    except typer.Abort:  # no terminal to type it at (stdin ended)
        typer.echo(
            "error: expected a password typed twice (or --password-stdin), got none", err=True
        )
        raise typer.Exit(1) from None
    if first != again:
        typer.echo("error: expected the same password twice, got two different", err=True)
        raise typer.Exit(1)
    return str(first)


@app.command("add")
def add(name: NameArgument, password_stdin: StdinOption = False, db: str | None = DbOption) -> None:
    """Add a user (no role yet: give one with `users grant`).

    Example: ratinglist users add alice --db ratinglist.db
    """
    from ratinglist.service.accounts import add_user

    password = _password(password_stdin)
    with user_errors():
        add_user(open_db(db, create=True), name, password, cli_actor())
    typer.echo(f"user {name} added")


@app.command("passwd")
def passwd(
    name: NameArgument, password_stdin: StdinOption = False, db: str | None = DbOption
) -> None:
    """Set a user's password (their sessions end).

    Example: ratinglist users passwd alice
    """
    from ratinglist.service.accounts import set_password

    password = _password(password_stdin)
    with user_errors():
        set_password(open_db(db), name, password, cli_actor())
    typer.echo(f"password of {name} changed")


def _change_role(name: str, role: str, scope: str | None, db: str | None, *, give: bool) -> None:
    """Grant (`give`) or revoke the role and say whether anything changed."""
    from ratinglist.service.accounts import grant, parse_grant, revoke

    with user_errors():
        role_grant = parse_grant(role, scope)
        changed = (grant if give else revoke)(open_db(db), name, role_grant, cli_actor())
    if give:
        said = "now has" if changed else "already had"
    else:
        said = "no longer has" if changed else "did not have"
    typer.echo(f"{name} {said} {role_grant.label}")


@app.command("grant")
def grant_command(
    name: NameArgument,
    role: RoleArgument,
    scope: ScopeArgument = None,
    db: str | None = DbOption,
) -> None:
    """Give a user a role (with its country or tournament where the role has one).

    Example: ratinglist users grant bob id_officer NED
    """
    _change_role(name, role, scope, db, give=True)


@app.command("revoke")
def revoke_command(
    name: NameArgument,
    role: RoleArgument,
    scope: ScopeArgument = None,
    db: str | None = DbOption,
) -> None:
    """Take a role away from a user.

    Example: ratinglist users revoke bob id_officer NED
    """
    _change_role(name, role, scope, db, give=False)


@app.command("email")
def email_command(
    name: NameArgument,
    address: Annotated[str, typer.Argument(help='The e-mail address; empty ("") removes it.')],
    db: str | None = DbOption,
) -> None:
    """Set a user's e-mail address (for a forgotten password and intake decisions).

    Example: ratinglist users email alice alice@example.org
    """
    from ratinglist.service.account_mail import set_account_email

    with user_errors():
        saved = set_account_email(open_db(db), name, address, cli_actor())
    typer.echo(f"e-mail of {name}: {saved}" if saved else f"e-mail of {name} removed")


@app.command("list")
def list_users(db: str | None = DbOption) -> None:
    """List the users and their roles.

    Example: ratinglist users list
    """
    from ratinglist.service.accounts import users

    with user_errors():
        found = users(open_db(db))
    for account in found:
        roles = ", ".join(sorted(g.label for g in account.grants)) or "(no role)"
        typer.echo(f"{account.name}\t{roles}")

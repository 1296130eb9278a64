"""The `ratinglist` Typer application; each command group lives in its own module.

Commands catch only `RatinglistError`, print it and exit 1; a traceback means a bug.
"""

from __future__ import annotations

import typer

from ratinglist import __version__
from ratinglist.cli.help_style import plain_help

plain_help()

app = typer.Typer(
    name="ratinglist",
    help="Othello tournaments, WOF results files and the world rating list.",
    no_args_is_help=True,
    add_completion=False,
)


@app.command()
def version() -> None:
    """Print the version.

    Example: ratinglist version
    """
    typer.echo(__version__)


# Command groups register themselves here (one line each, keep sorted).
from ratinglist.cli.archive import HELP as ARCHIVE_HELP  # noqa: E402
from ratinglist.cli.archive import app as archive_app  # noqa: E402
from ratinglist.cli.check import check  # noqa: E402
from ratinglist.cli.demo import demo  # noqa: E402
from ratinglist.cli.evaluate import evaluate_command  # noqa: E402
from ratinglist.cli.go_costs import costs as go_costs_command  # noqa: E402
from ratinglist.cli.go_files import app as go_file_app  # noqa: E402
from ratinglist.cli.go_lists import app as go_list_app  # noqa: E402
from ratinglist.cli.importing import import_command  # noqa: E402
from ratinglist.cli.players import app as players_app  # noqa: E402
from ratinglist.cli.publishing import publish_command, unpublish_command  # noqa: E402
from ratinglist.cli.rating import (  # noqa: E402
    diff_command,
    explain_command,
    list_command,
    rate_command,
)
from ratinglist.cli.serve import serve  # noqa: E402
from ratinglist.cli.tournament import app as tournament_app  # noqa: E402
from ratinglist.cli.users import app as users_app  # noqa: E402

app.command("check")(check)
app.command("demo")(demo)
app.command("evaluate")(evaluate_command)
app.add_typer(go_file_app, name="go-file")
app.add_typer(go_list_app, name="go-list")
app.command("import")(import_command)
app.add_typer(players_app, name="players")
tournament_app.command("costs")(go_costs_command)
app.add_typer(tournament_app, name="tournament")
app.command("rate")(rate_command)
app.command("list")(list_command)
app.command("diff")(diff_command)
app.command("explain")(explain_command)
app.add_typer(archive_app, name="archive")
app.add_typer(
    archive_app,
    name="tournaments",
    hidden=True,
    help=f"{ARCHIVE_HELP} Deprecated: use `ratinglist archive`.",
    deprecated=True,
)
app.command("publish")(publish_command)
app.command("unpublish")(unpublish_command)
app.command("serve")(serve)
app.add_typer(users_app, name="users")


def main() -> None:
    """Console-script entry point."""
    app()

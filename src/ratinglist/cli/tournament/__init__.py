"""`ratinglist tournament ...`: direct a tournament stored in the database as an event log.

Each command parses its arguments, calls one function of `ratinglist.service.tournaments.actions`
(or `tournament_results`, `tournament_views`) and renders what it returns; the services
load the log, check the action and append it in one transaction. Modules: `setup`
(create, enter players, withdraw, ...), `play` (pair, results, undo, finals), `views`
(standings, show, explain, exports, submit, replay), `rounds` (preview, swap, colours,
reinstate, end date, flags), `lifecycle` (shown on /live, the submission's state, delete a
draft, assistants), `report` (a round's pairing report, the sheets to print), `teams` (a Go
team tournament's teams: ``tournament team ...``), `edits` (editing a Go tournament after
the fact: ``tournament edit ...``), `settings` (a tournament's settings), `forecast`
(chances and expected scores), `render` (tables and numbers).
"""

from __future__ import annotations

import typer

from ratinglist.cli.tournament import (
    edits,
    forecast,
    lifecycle,
    play,
    report,
    rounds,
    settings,
    setup,
    teams,
    views,
)

app = typer.Typer(
    help="Direct a tournament: players, pairings, results, standings, finals, exports.",
    no_args_is_help=True,
)

for name, command in (
    ("new", setup.new),
    ("settings", settings.settings),
    ("register", setup.register),
    ("withdraw", setup.withdraw_command),
    ("absent", setup.absent_command),
    ("forbid", setup.forbid_command),
    ("force", setup.force_command),
    ("pair", play.pair),
    ("preview", rounds.preview),
    ("swap", rounds.swap),
    ("colours", rounds.colours),
    ("reinstate", rounds.reinstate),
    ("end-date", rounds.end_date),
    ("flags", rounds.flags),
    ("result", play.result_command),
    ("results", play.results_command),
    ("correct", play.correct_command),
    ("undo", play.undo),
    ("finals", play.finals),
    ("slips", views.slips),
    ("standings", views.standings),
    ("forecast", forecast.forecast_command),
    ("explain", views.explain),
    ("report", report.report),
    ("print", report.print_command),
    ("export", views.export),
    ("submit", views.submit),
    ("reopen", setup.reopen),
    ("live", lifecycle.live_command),
    ("state", lifecycle.state_command),
    ("delete", lifecycle.delete_command),
    ("assistants", lifecycle.assistants_command),
    ("invite", lifecycle.invite_command),
    ("revoke", lifecycle.revoke_command),
    ("replay", views.replay),
    ("import", views.import_command),
    ("list", setup.list_command),
    ("show", views.show),
):
    app.command(name)(command)

app.add_typer(teams.app, name="team")
app.add_typer(edits.app, name="edit")

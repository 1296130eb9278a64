"""The ``tournament`` command group: every command of this folder, then each game's."""

from __future__ import annotations

import typer

from ratinglist.cli.tournament import (
    forecast,
    language,
    lifecycle,
    play,
    registration,
    report,
    rounds,
    setup,
    views,
)
from ratinglist.cli.tournament.games import register_commands

app = typer.Typer(
    help="Direct a tournament: players, pairings, results, standings, finals, exports.",
    no_args_is_help=True,
)

for name, command in (
    ("new", setup.new),
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
    ("language", language.language_command),
    ("state", lifecycle.state_command),
    ("delete", lifecycle.delete_command),
    ("assistants", lifecycle.assistants_command),
    ("invite", lifecycle.invite_command),
    ("revoke", lifecycle.revoke_command),
    ("replay", views.replay),
    ("list", setup.list_command),
    ("show", views.show),
    ("registration", registration.registration_command),
    ("codes", registration.codes_command),
    ("checkin", registration.checkin_command),
    ("reporting", registration.reporting_command),
):
    app.command(name)(command)

register_commands(app)

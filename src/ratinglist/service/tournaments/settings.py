"""The settings of a directed Go tournament: shown, and changed as one logged action.

A change is a `GoSettingsChanged` event (OpenGotha's parameter names and XML spellings,
`tournament.games.go.options`): undone like any action, refused with the reason when it
touches what may no longer change once round 1 is paired, and refused (409) when the log
moved since the page or call it was decided on (`based_on`).
"""

from __future__ import annotations

from ratinglist.model.directed import GoOptions, GoSettingsView
from ratinglist.model.go.results import adjusted_time
from ratinglist.model.go.tournament import COMPAT_GROUP_MAX
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.log import loaded, write
from ratinglist.store import Store
from ratinglist.tournament import events as ev
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.go.exports import results_header
from ratinglist.tournament.games.go.options import (
    FIXED_ONCE_PAIRED,
    SET_AT_CREATION,
    format_time,
    option_pairs,
    setting_lines,
)
from ratinglist.tournament.games.go.state import go_play


def _view(d: FoldedTournament, seq: int) -> GoSettingsView:
    s = go_play(d)
    parameters = s.parameters
    header = results_header(s.tournament())
    fixed = set(SET_AT_CREATION)
    if s.paired:
        fixed |= FIXED_ONCE_PAIRED
    return GoSettingsView(
        tournament=d.settings.name,
        paired=s.paired,
        time=format_time(parameters),
        egf_class=header.tournament_class,
        egf_class_chosen=bool(parameters.general.egf_class),
        adjusted_minutes=adjusted_time(header.time),
        group_max=COMPAT_GROUP_MAX if parameters.pairing.compat == "opengotha" else None,
        values=setting_lines(parameters),
        fixed=tuple(sorted(fixed)),
        based_on=seq,
    )


def go_settings_view(db: Store, tournament: int) -> GoSettingsView:
    """Every setting of Go tournament number `tournament`, with what may no longer change.

    Raises:
        TournamentError: not a Go tournament.
    """
    base = loaded(db, tournament)
    return _view(base.folded, base.seq)


def change_go_settings(
    db: Store,
    tournament: int,
    options: GoOptions,
    actor: Actor,
    based_on: int | None = None,
) -> GoSettingsView:
    """Change settings of Go tournament number `tournament` (one event, one transaction).

    Raises:
        TournamentError: no setting given, an unknown name or bad value, or a setting that
            may no longer change (the reason is in the message); nothing written.
        ConflictError: the log moved since `based_on`.
    """
    from ratinglist.errors import TournamentError

    base = loaded(db, tournament)
    go_play(base.folded)
    pairs = option_pairs(options)
    if not pairs:
        raise TournamentError("expected at least one setting to change, got none")
    write(db, base, [ev.GoSettingsChanged(pairs)], actor, based_on)
    return go_settings_view(db, tournament)

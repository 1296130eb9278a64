"""The settings of a directed Go tournament: shown, and changed as one logged action.

A change is a `GoSettingsChanged` event (OpenGotha's parameter names and XML spellings,
`tournament.games.go.options`): undone like any action, refused with the reason when it
touches what may no longer change once round 1 is paired, and refused (409) when the log
moved since the page or call it was decided on (`based_on`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from ratinglist.errors import N_, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.directed import GoOptions, GoSettingsView
from ratinglist.model.go.results import adjusted_time
from ratinglist.model.go.tournament import COMPAT_GROUP_MAX
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.log import loaded, write
from ratinglist.store import Store
from ratinglist.tournament.events import EndDateSet, Event
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.go import events as go_events
from ratinglist.tournament.games.go.exports import results_header
from ratinglist.tournament.games.go.options import (
    FIXED_ONCE_PAIRED,
    SET_AT_CREATION,
    canonical_name,
    format_time,
    option_pairs,
    setting_lines,
)
from ratinglist.tournament.games.go.state import go_play

END_DATE = "endDate"
"""The last day: a setting here, stored as the engine's `EndDateSet` like ``tournament
end-date`` (one last day for every game, its pages and its files)."""
SMMS = "smmsCorrection"
"""The players' SMMS corrections (OpenGotha's Player attribute), fixed once round 1 is paired."""


def _view(d: FoldedTournament, seq: int) -> GoSettingsView:
    s = go_play(d)
    parameters = s.parameters
    header = results_header(s.tournament())
    fixed = set(SET_AT_CREATION) - {END_DATE}
    if s.paired:
        fixed |= FIXED_ONCE_PAIRED | {SMMS}
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
        smms=tuple(
            (int(pid), s.name(pid), p.smms_correction)
            for pid, p in zip(s.ids, s.players, strict=True)
            if p.smms_correction
        ),
    )


def _iso_day(text: str) -> str:
    try:
        dt.date.fromisoformat(text)
    except ValueError as exc:
        raise TournamentInputError(
            N_("expected endDate as YYYY-MM-DD (the last day), got %(text)r"), text=text
        ) from exc
    return text


def smms_items(items: Sequence[str]) -> tuple[tuple[int, int], ...]:
    """SMMS corrections typed as ``NUMBER=CORRECTION`` items (``3=+1``: player 3 in the
    super group, ``7=-1``, ``3=0`` back to the rank's group).

    Raises:
        TournamentInputError: an item not of that form.
    """

    out = []
    for item in items:
        number, equals, correction = item.partition("=")
        try:
            if not equals:
                raise ValueError(item)
            out.append((int(number), int(correction)))
        except ValueError:
            raise TournamentInputError(
                N_("expected SMMS corrections as NUMBER=CORRECTION such as 3=+1, got %(item)r"),
                item=item,
            ) from None
    return tuple(out)


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

    base = loaded(db, tournament)
    go_play(base.folded)
    pairs = option_pairs(options)
    ends = [text.strip() for name, text in pairs if canonical_name(name) == END_DATE]
    pairs = tuple((name, text) for name, text in pairs if canonical_name(name) != END_DATE)
    smms = tuple((PlayerId(pid), correction) for pid, correction in options.smms)
    if not pairs and not smms and not ends:
        raise TournamentInputError(N_("expected at least one setting to change, got none"))
    actions: list[Event] = [EndDateSet(_iso_day(text)) for text in ends[-1:]]
    if pairs or smms:
        actions.append(go_events.GoSettingsChanged(pairs, smms))
    write(db, base, actions, actor, based_on)
    return go_settings_view(db, tournament)

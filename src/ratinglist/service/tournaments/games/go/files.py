"""Go tournament files and the store: import an OpenGotha file as a directed tournament,
export a directed Go tournament as OpenGotha XML, EGF ``.h9``, FFG ``.tou`` or AGA results,
and replay an OpenGotha file through the engine to recompute its standings.
"""

from __future__ import annotations

from pathlib import Path

from ratinglist.errors import N_, TournamentError, TournamentInputError
from ratinglist.model.directed import GoImported, GoStandingsView
from ratinglist.service.actor import Actor
from ratinglist.service.go.files import read_go_file
from ratinglist.store import Store
from ratinglist.tournament.events import Created, Event
from ratinglist.tournament.fold import fold
from ratinglist.tournament.games.go.director import file_date, go_standings_view
from ratinglist.tournament.games.go.log import opengotha_log
from ratinglist.tournament.games.go.state import go_play


def file_log(path: Path, seed: int = 0) -> tuple[list[Event], tuple[str, ...]]:
    """The event log of the Go tournament file at `path`, and the file's diagnostics.

    Raises:
        FormatError: the file cannot be read.
        TournamentError: the file's tournament does not fit the engine (a player in two
            games of one round, two games at one table).
    """
    read = read_go_file(path)
    t = read.tournament
    g = t.parameters.general
    name = (g.name or g.short_name or path.stem).strip() or path.stem
    start = file_date(g.begin_date)
    end = file_date(g.end_date)
    log = opengotha_log(
        t,
        name=name,
        start=start,
        end=end,
        seed=seed,
        teams=read.document.teams,
        team_parameters=read.document.team_parameters,
    )
    try:
        fold(log)
    except TournamentError as exc:
        raise TournamentInputError(N_("%(name)s: %(exc)s"), name=path.name, exc=exc) from exc
    return log, tuple(d.format() for d in read.diagnostics)


def import_opengotha(
    db: Store, path: Path, actor: Actor, *, director: str | None = None
) -> GoImported:
    """Store the tournament of an OpenGotha file as a directed tournament (its whole log in
    one transaction); the tournament becomes the default one. `director` names the account
    that directs it (web), granted in the same transaction."""
    from ratinglist.store.tournament_events import create_tournament, log_writer
    from ratinglist.store.tournament_snapshots import write_snapshot

    log, diagnostics = file_log(path)
    first = log[0]
    assert isinstance(first, Created)
    tid = create_tournament(db, first, actor=actor.label, director=director)
    with log_writer(db, tid, 1, actor=actor.label) as writer:
        for event in log[1:]:
            writer.append(event)
    folded = fold(log)
    write_snapshot(db, tid, len(log), folded)  # the first read starts here, not at event 1
    s = go_play(folded)
    return GoImported(
        id=tid,
        name=first.settings.name,
        players=len(s.players),
        rounds=s.paired,
        games=sum(len(r.games) for r in s.rounds),
        events=len(log),
        diagnostics=diagnostics,
    )


def replay_opengotha(path: Path, criteria: str | None = None) -> GoStandingsView:
    """The standings of an OpenGotha file recomputed through the engine (its log folded)."""
    log, _ = file_log(path)
    d = fold(log)
    return go_standings_view(go_play(d), d.settings.name, criteria)

"""Tournament views and files: rounds, standings, cost explanations, exports, submit.

Everything here reads, except `submit`, which closes the tournament (a `Submitted` event)
and, for a game rated by this federation (Othello: the WOF), puts the results file in the
rating officer's queue (or, with `import_now`, imports it), in one transaction. What differs
between games is the tournament's `Game` (`tournament.game`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ratinglist.errors import N_, NotAllowedNow, NotOffered, TournamentInputError
from ratinglist.model.directed import (
    ExplainView,
    RoundView,
    ShownTable,
    Standings,
    SubmittedFile,
    Written,
)
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.log import after, loaded
from ratinglist.store import Store
from ratinglist.store.intake import TOURNAMENT
from ratinglist.store.tournament_events import SUBMITTED, log_writer, set_status_on
from ratinglist.tournament.events import Submitted
from ratinglist.tournament.fold import require_open
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import ExportFile, Unfinished, game_of


def round_view(d: FoldedTournament, number: int, seq: int) -> RoundView:
    """Round `number`'s tables in board order (table 1 = top board), byes and absentees."""
    return game_of(d).round_view(d, number, seq)


def _round_number(d: FoldedTournament, number: int | None) -> int:
    k = d.paired if number is None else number
    if not 1 <= k <= d.paired:
        raise TournamentInputError(
            N_("expected a paired round (1-%(paired)s), got %(k)s"), paired=d.paired, k=k
        )
    return k


def show_round(db: Store, tournament: int, number: int | None = None) -> RoundView:
    """The pairings and results of a round (default: the last paired)."""
    base = loaded(db, tournament)
    d = base.folded
    return round_view(d, _round_number(d, number), base.seq)


def result_slips(db: Store, tournament: int, number: int | None = None) -> str:
    """Blank result slips of a round (default: the last paired), one per table, as text."""
    d = loaded(db, tournament).folded
    return game_of(d).slips(d, _round_number(d, number))


def rounds_with_results(d: FoldedTournament) -> int:
    """The rounds with at least one result entered (the "after N rounds" of the standings)."""
    return game_of(d).rounds_with_results(d)


def standings_progress(d: FoldedTournament) -> tuple[int, str]:
    """The complete rounds the standings count, and the label saying so: ``before round 1``,
    ``after round 3``, or ``after round 2; round 3: 4 of 8 results in`` while a round is
    being played (its results count once the round is complete, as the pairing of the next
    round needs); ``, finals under way`` or ``, finals played`` once they started."""
    return game_of(d).progress(d)


def standings(
    db: Store, tournament: int, class_name: str | None = None, criteria: str | None = None
) -> Standings:
    """The standings: an Othello tournament's (finals places first once decided), of one
    class if named; a Go tournament's on its placement criteria or `criteria` (comma
    separated OpenGotha names)."""
    d = loaded(db, tournament).folded
    return game_of(d).standings(d, class_name, criteria)


def shown_standings(
    db: Store, tournament: int, class_name: str | None = None, criteria: str | None = None
) -> tuple[Standings, ShownTable]:
    """The standings (of one class if named; Go: on `criteria` if given) and the table the
    game shows of them, from one load."""
    d = loaded(db, tournament).folded
    game = game_of(d)
    view = game.standings(d, class_name, criteria)
    return view, game.shown_standings(view)


def explain(
    db: Store, tournament: int, number: int, asked: Sequence[tuple[int, int]] = ()
) -> ExplainView:
    """Each pair's cost by criterion in a published Swiss round, and the forced pairs' extra.

    For a Go round: OpenGotha's cost parts of each published pair, and of the `asked` pairs
    (player numbers) the director wants to compare.
    """
    d = loaded(db, tournament).folded
    return game_of(d).explain(d, number, asked)


def export_files(
    db: Store, tournament: int, options: frozenset[str] = frozenset()
) -> tuple[ExportFile, ...]:
    """The files the tournament's game exports (the downloads of its pages)."""
    d = loaded(db, tournament).folded
    return game_of(d).exports(d, options)


@dataclass(frozen=True, slots=True)
class Download:
    """One exported file: name, media type and bytes."""

    file_name: str
    media_type: str
    data: bytes


def download(
    db: Store, tournament: int, kind: str, options: frozenset[str] = frozenset()
) -> Download:
    """The exported file of `kind` (``elo``, ``h9``, ``sheet3``, ...).

    Raises:
        NotOffered: the tournament's game exports no such file.
    """
    d = loaded(db, tournament).folded
    game = game_of(d)
    files = game.exports(d, options)
    for f in files:
        if f.kind == kind:
            return Download(f.file_name, f.media_type, f.data())
    kinds = ", ".join(f.kind for f in files)
    raise NotOffered(
        N_("expected an export kind among %(kinds)s for this %(label)s tournament, got %(kind)r"),
        kinds=kinds,
        label=game.label,
        kind=kind,
    )


def export_kinds(files: Sequence[ExportFile]) -> tuple[str, ...]:
    """The export kinds `files` offer, in the game's order: each group once (``sheets``: a
    folder of files), the other files by their kind."""
    return tuple(dict.fromkeys(f.group for f in files))


def export(
    db: Store,
    tournament: int,
    wanted: Mapping[str, Path],
    options: frozenset[str] = frozenset(),
) -> Written:
    """Write the files `wanted` names: export kind (``elo``, ``html``, ``csv``, ``xml``,
    ``h9``, ``tou``, ``aga``) -> file; a group (``sheets``) -> a folder for its files.

    Raises:
        TournamentInputError: nothing wanted, or a file could not be written.
        NotOffered: a kind the tournament's game does not export.
    """
    d = loaded(db, tournament).folded
    game = game_of(d)
    files = game.exports(d, options)
    offered = export_kinds(files)
    known = set(offered) | {f.kind for f in files}
    unknown = [kind for kind in wanted if kind not in known]
    if unknown or not wanted:
        got = ", ".join(repr(kind) for kind in unknown) if unknown else N_("none")
        message = N_(
            "expected an export kind among %(offered)s for this %(game)s tournament, got %(got)s"
        )
        params = {"offered": ", ".join(offered), "game": game.label, "got": got}
        if unknown:
            raise NotOffered(message, **params)
        raise TournamentInputError(message, **params)
    written: list[str] = []
    try:
        for f in files:
            if f.kind in wanted:
                target = wanted[f.kind]
            elif f.group in wanted:
                wanted[f.group].mkdir(parents=True, exist_ok=True)
                target = wanted[f.group] / f.file_name
            else:
                continue
            target.write_bytes(f.data())
            written.append(str(target))
    except OSError as exc:
        raise TournamentInputError(N_("could not write an export: %(exc)s"), exc=exc) from exc
    return Written(tuple(written))


def unfinished(db: Store, tournament: int) -> Unfinished:
    """What the tournament leaves undone if submitted now (read only): what the submission
    page names before the director confirms.

    Raises:
        NotFoundError: no such tournament.
    """
    d = loaded(db, tournament).folded
    return game_of(d).unfinished(d)


def checked_reason(d: FoldedTournament, reason: str | None) -> str:
    """The director's reason for submitting `d` now: empty for a finished tournament.

    Raises:
        TournamentError: no result at all, or gaps (games without a result, rounds not
            played) and no reason given.
    """
    left = game_of(d).unfinished(d)
    name = d.settings.name
    if left.results == 0:
        raise NotAllowedNow(
            N_(
                "expected at least one game with a result to submit %(name)r, got none:"
                " an empty tournament is not sent to the rating officer"
            ),
            name=name,
        )
    text = " ".join((reason or "").split())
    if left.gaps and not text:
        raise TournamentInputError(
            N_(
                "expected a reason to submit %(name)r unfinished, got none: %(gaps)s "
                "(give the reason, e.g. --reason 'the hall closed early')"
            ),
            name=name,
            gaps="; ".join(left.gaps),
        )
    return text if left.gaps else ""


def submit(
    db: Store,
    tournament: int,
    actor: Actor,
    keep: Path | None = None,
    *,
    import_now: bool = False,
    reason: str | None = None,
) -> SubmittedFile:
    """Close the tournament and hand over its results file: for a game this federation rates
    (Othello), to the rating officer's queue, or with `import_now` (one person on one
    laptop) imported into the rating db at once; for another (Go), the file to send to
    the game's rating body (EGF .h9), kept in `keep` when given (status ``to send``).

    The queue item (or the import) and the `Submitted` event are one transaction; no file is
    written unless `keep` names a folder for a copy.

    A tournament with no result is refused; one with paired games without a result or
    planned rounds not played is refused unless `reason` says why (it travels in the
    file's comments where the format allows, and in the `Submitted` event).

    Raises:
        TournamentError: the tournament is closed, empty, unfinished without a reason, or
            (`import_now`) its file cannot be imported.
    """
    # The intake and the importer (with rapidfuzz, the .ELO reader, multiprocessing) only
    # here: `tournament standings` and `show`, which import this module, do not load them.
    from ratinglist.service.intake import queue_on
    from ratinglist.store.importer import import_text_on

    base = loaded(db, tournament)
    d = base.folded
    require_open(d, Submitted.action)
    sent = game_of(d).submission(d, reason)  # refuses what no reason excuses first
    why = checked_reason(d, reason)
    name, data = sent.file_name, sent.data
    if import_now and not sent.to_intake:
        raise NotOffered(
            N_(
                "expected a tournament rated here for --import-now, got a %(game)s "
                "tournament (send %(name)s to its rating body)"
            ),
            game=d.settings.game,
            name=name,
        )
    item = None
    status, games = "to send", sent.games
    with log_writer(db, base.info.id, base.seq, actor=actor.label) as writer:
        after(writer, base, [Submitted(why)])
        if import_now:
            outcome = import_text_on(writer.conn, db, name, data)
            if outcome.first_error is not None and outcome.games == 0:
                raise NotAllowedNow(
                    N_("expected an importable file, got %(first_error)s"),
                    first_error=outcome.first_error,
                )
            status, games = outcome.status.value, outcome.games
        elif sent.to_intake:
            item = queue_on(
                writer.conn,
                origin=TOURNAMENT,
                name=name,
                data=data,
                actor=actor,
                td_tournament_id=base.info.id,
            )
            status = "queued"
        else:  # a game rated elsewhere (Go) keeps its own rating archive here too (issue 37)
            from ratinglist.service.tournaments.games import game_module

            feed = game_module(d.settings.game, "archive")
            if feed is not None:
                feed.archive_exports_on(writer.conn, game_of(d).exports(d))
        writer.append(Submitted(why))
        set_status_on(writer.conn, base.info.id, SUBMITTED)
    kept = None
    if keep is not None:
        try:
            keep.mkdir(parents=True, exist_ok=True)
            (keep / name).write_bytes(data)
        except OSError as exc:
            raise TournamentInputError(
                N_("could not keep the results file in %(keep)s: %(exc)s"), keep=keep, exc=exc
            ) from exc
        kept = str(keep / name)
    return SubmittedFile(name, status, games, kept, item)

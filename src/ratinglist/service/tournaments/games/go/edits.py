"""Editing a Go tournament after the fact: one use case per OpenGotha editing action.

Each write is one transaction on the tournament's log (`service.tournaments.log.write`)
appending an edit event (`tournament.events`: `GoPlayerModified`, `GoByeChosen`,
`GoUnpaired`, `GoGamesAdded`, `GoColoursExchanged`, `GoHandicapSet`, `GoTablesSet`,
`GoRoundsSet`), which undo cancels like any action. `based_on` is the log position the
caller's decision rests on: these edits touch the whole round, so a newer event of any
kind refuses them (`ConflictError`, nothing written). A game is named by its round and
table; an edit of a game with a result is refused until the result is removed (a
correction to ``?``). Every write answers with the round as it is after it
(`GoRoundEdit`), the view the CLI, the director's page and the API show.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ratinglist.errors import N_, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.directed import EnteredResult, Person, ResultSpec
from ratinglist.model.go import format_rank
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.actions import confirm_pairing
from ratinglist.service.tournaments.log import loaded, write
from ratinglist.service.tournaments.results import enter_result
from ratinglist.store import Store
from ratinglist.tournament import events as ev
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.go import events as go_events
from ratinglist.tournament.games.go.director import REMOVED, go_person, result_text
from ratinglist.tournament.games.go.edits import busy_keys, unpaired_keys
from ratinglist.tournament.games.go.manual import (
    check_fixes,
    game_at,
    hand_pair,
    move_table,
    pair_rest,
    quick_check,
    renumber,
)
from ratinglist.tournament.games.go.state import GoState, go_play


@dataclass(frozen=True, slots=True)
class EditedGame:
    """A game of the round: table, White, Black, handicap, result (blank: none yet)."""

    table: int
    white: Person
    black: Person
    handicap: int
    result: str


@dataclass(frozen=True, slots=True)
class GoRoundEdit:
    """A round as the director edits it: its games by table, its bye (chosen in advance
    when the round is not paired yet), the players still unpaired in it (OpenGotha's
    "pairable players"), those not playing it; the number of rounds, and the log position
    (`seq`) to send back as `based_on`; `done` says what the write did."""

    tournament: str
    round: int
    paired: bool
    rounds: int
    seq: int
    games: tuple[EditedGame, ...]
    bye: Person | None
    unpaired: tuple[Person, ...]
    not_playing: tuple[Person, ...]
    done: str = ""


@dataclass(frozen=True, slots=True)
class GoPlayerLine:
    """A Go player's data as the director may change it."""

    player: Person
    rank: str
    rating: int
    club: str
    country: str
    final: bool
    not_playing: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CheckLine:
    """A finding of the quick check (`kind`: rank, above-bar, below-floor, preliminary)."""

    player: Person
    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class QuickCheckView:
    """OpenGotha's quick check of the registrations, and the log position; `done` says
    what a fix changed."""

    tournament: str
    players: int
    seq: int
    findings: tuple[CheckLine, ...]
    done: str = ""


def _round_edit(d: FoldedTournament, seq: int, k: int, done: str = "") -> GoRoundEdit:
    s = go_play(d)
    if not 1 <= k <= s.number_of_rounds:
        raise TournamentInputError(
            N_("expected a round 1-%(number_of_rounds)s, got round %(k)s"),
            number_of_rounds=s.number_of_rounds,
            k=k,
        )
    numbers = s.numbers()
    paired = k <= s.paired
    games: tuple[EditedGame, ...] = ()
    bye = None
    busy: set[str] = set()
    if paired:
        rnd = s.rounds[k - 1]
        busy = busy_keys(rnd)
        games = tuple(
            EditedGame(
                g.table,
                go_person(s, numbers[g.white]),
                go_person(s, numbers[g.black]),
                g.handicap,
                result_text(g.result),
            )
            for g in sorted(rnd.games, key=lambda g: g.table)
        )
        bye = go_person(s, numbers[rnd.byes[0]]) if rnd.byes else None
    else:
        chosen = s.chosen_bye(k)
        bye = None if chosen is None else go_person(s, chosen)
    free = [numbers[key] for key in unpaired_keys(s, k)]
    if bye is not None:
        free = [pid for pid in free if pid != bye.id]
    out = tuple(
        go_person(s, pid)
        for pid, p in zip(s.ids, s.players, strict=True)
        if p.key not in busy and not (p.final and p.plays(k - 1))
    )
    return GoRoundEdit(
        d.settings.name,
        k,
        paired,
        s.number_of_rounds,
        seq,
        games,
        bye,
        tuple(go_person(s, pid) for pid in free),
        out,
        done,
    )


def go_round_edit(db: Store, tournament: int, round_number: int | None = None) -> GoRoundEdit:
    """Round `round_number` (default: the last paired, else the first) as the director
    edits it."""
    base = loaded(db, tournament)
    s = go_play(base.folded)
    k = max(s.paired, 1) if round_number is None else round_number
    return _round_edit(base.folded, base.seq, k)


Decision = tuple[ev.Event, str]
"""An edit decided on the tournament as it is: the event to append and what it does."""


def _edit_round(
    db: Store,
    tournament: int,
    round_number: int | None,
    actor: Actor,
    based_on: int | None,
    decide: Callable[[GoState], Decision],
    check: Callable[[FoldedTournament], None] | None = None,
) -> GoRoundEdit:
    """The common use case of a round edit: open the log, decide the event on the
    tournament as it is (then `check` it may still refuse), append it in one transaction, and answer
    round `round_number` (None: the last paired, else the first) as it is after it."""
    base = loaded(db, tournament)
    s = go_play(base.folded)
    k = max(s.paired, 1) if round_number is None else round_number
    event, done = decide(s)
    if check is not None:
        check(base.folded)
    d = write(db, base, [event], actor, based_on=based_on)
    return _round_edit(d, base.seq + 1, k, done)


def _edit_game(
    db: Store,
    tournament: int,
    round_number: int,
    table: int,
    actor: Actor,
    based_on: int | None,
    decide: Callable[[GoState, PlayerId, PlayerId], Decision],
) -> GoRoundEdit:
    """A round edit of the game at `table`: `decide` gets its White and Black."""

    def on_game(s: GoState) -> Decision:
        g = game_at(s, round_number, table)
        return decide(s, s.number(g.white), s.number(g.black))

    return _edit_round(db, tournament, round_number, actor, based_on, on_game)


def _names(s: GoState, *players: PlayerId) -> str:
    return " - ".join(s.name(p) for p in players)


def choose_go_bye(
    db: Store,
    tournament: int,
    round_number: int,
    player: int,
    actor: Actor,
    based_on: int | None = None,
) -> GoRoundEdit:
    """Choose the bye of a round (player 0: none): of the next pairing, or in a paired
    round in place of its bye (the player must not be in a game of it)."""

    def decide(s: GoState) -> Decision:
        who = s.name(PlayerId(player)) if player else "no bye"
        return go_events.GoByeChosen(
            round_number, PlayerId(player)
        ), f"bye of round {round_number}: {who}"

    return _edit_round(db, tournament, round_number, actor, based_on, decide)


def unpair_go_game(
    db: Store,
    tournament: int,
    round_number: int,
    table: int,
    actor: Actor,
    based_on: int | None = None,
) -> GoRoundEdit:
    """Unpair the game at `table`: both players become unpaired in the round."""

    def decide(s: GoState, w: PlayerId, b: PlayerId) -> Decision:
        return go_events.GoUnpaired(
            round_number, w, b
        ), f"table {table} unpaired: {_names(s, w, b)}"

    return _edit_game(db, tournament, round_number, table, actor, based_on, decide)


def pair_go_players(
    db: Store,
    tournament: int,
    round_number: int,
    actor: Actor,
    players: tuple[int, int] | None = None,
    based_on: int | None = None,
    group_max: int | None = None,
    *,
    confirmed: bool = False,
) -> GoRoundEdit:
    """Pair two unpaired players of a paired round by hand (OpenGotha's colours and
    handicap, the lowest free table), or, without `players`, pair every unpaired player
    of it (OpenGotha's pairing of the pairable players; the other games stay).

    Raises:
        NeedsConfirmation: the two players already played each other or are a forbidden
            pair, and `confirmed` is false (OpenGotha asks); nothing written.
    """

    def check(d: FoldedTournament) -> None:
        if players is not None:
            confirm_pairing(d, players[0], players[1], confirmed)

    def decide(s: GoState) -> Decision:
        if players is None:
            event = pair_rest(s, round_number, group_max)
        else:
            event = hand_pair(s, round_number, PlayerId(players[0]), PlayerId(players[1]))
        games = ", ".join(f"table {t}: {_names(s, w, b)}" for w, b, _, t in event.games)
        bye = f"; bye {s.name(PlayerId(event.bye))}" if event.bye else ""
        return event, f"paired {games}{bye}"

    return _edit_round(db, tournament, round_number, actor, based_on, decide, check)


def exchange_go_colours(
    db: Store,
    tournament: int,
    round_number: int,
    table: int,
    actor: Actor,
    based_on: int | None = None,
) -> GoRoundEdit:
    """Exchange White and Black of the game at `table`."""

    def decide(s: GoState, w: PlayerId, b: PlayerId) -> Decision:
        return go_events.GoColoursExchanged(
            round_number, w, b
        ), f"table {table}: White is now {s.name(b)}"

    return _edit_game(db, tournament, round_number, table, actor, based_on, decide)


def set_go_handicap(
    db: Store,
    tournament: int,
    round_number: int,
    table: int,
    handicap: int,
    actor: Actor,
    based_on: int | None = None,
) -> GoRoundEdit:
    """Set the handicap of the game at `table` (0-9)."""

    def decide(s: GoState, w: PlayerId, b: PlayerId) -> Decision:
        return go_events.GoHandicapSet(
            round_number, w, b, handicap
        ), f"table {table}: handicap {handicap}"

    return _edit_game(db, tournament, round_number, table, actor, based_on, decide)


def change_go_table(
    db: Store,
    tournament: int,
    round_number: int,
    table: int,
    new_table: int,
    actor: Actor,
    based_on: int | None = None,
) -> GoRoundEdit:
    """Move the game at `table` to `new_table`; a game already there takes `table`."""

    def decide(s: GoState) -> Decision:
        event = move_table(s, round_number, table, new_table)
        done = f"table {table} is now table {new_table}"
        if len(event.tables) > 1:
            done += f" (its game moved to table {table})"
        return event, done

    return _edit_round(db, tournament, round_number, actor, based_on, decide)


def renumber_go_tables(
    db: Store,
    tournament: int,
    round_number: int,
    actor: Actor,
    based_on: int | None = None,
) -> GoRoundEdit:
    """Renumber the tables of a round in OpenGotha's order (best placed games first)."""

    def decide(s: GoState) -> Decision:
        event = renumber(s, round_number)
        return event, f"round {round_number} renumbered: {len(event.tables)} games moved"

    return _edit_round(db, tournament, round_number, actor, based_on, decide)


def set_go_rounds(
    db: Store, tournament: int, rounds: int, actor: Actor, based_on: int | None = None
) -> GoRoundEdit:
    """Set the number of rounds (raised at any time; lowered to no fewer than the paired)."""
    return _edit_round(
        db,
        tournament,
        None,
        actor,
        based_on,
        lambda s: (go_events.GoRoundsSet(rounds), f"{rounds} rounds"),
    )


def go_player_line(d: FoldedTournament, player: PlayerId) -> GoPlayerLine:
    """A Go player's data."""
    s = go_play(d)
    p = s.player(player)
    return GoPlayerLine(
        go_person(s, player),
        format_rank(p.rank),
        p.rating,
        p.club,
        p.country,
        p.final,
        tuple(r + 1 for r in range(s.number_of_rounds) if not p.plays(r)),
    )


def go_players(db: Store, tournament: int) -> tuple[GoPlayerLine, ...]:
    """Every player's data, in entry order."""
    d = loaded(db, tournament).folded
    return tuple(go_player_line(d, pid) for pid in go_play(d).ids)


def go_player(db: Store, tournament: int, player: int) -> GoPlayerLine:
    """Player number `player`'s data."""
    return go_player_line(loaded(db, tournament).folded, PlayerId(player))


def parse_round_numbers(text: str) -> list[int]:
    """The round numbers of a text such as ``2,3`` (blank: none), as the CLI and the
    director's form take the rounds a player does not play.

    Raises:
        TournamentInputError: a word is not a number.
    """
    out = []
    for word in text.replace(" ", "").split(","):
        if not word:
            continue
        if not word.isdigit():
            raise TournamentInputError(
                N_("expected round numbers such as 2,3 (or none), got %(text)r"), text=text
            )
        out.append(int(word))
    return out


def modify_go_player(
    db: Store,
    tournament: int,
    player: int,
    actor: Actor,
    *,
    rank: str | None = None,
    rating: int | None = None,
    club: str | None = None,
    country: str | None = None,
    not_playing: Sequence[int] | None = None,
    final: bool | None = None,
    based_on: int | None = None,
) -> GoPlayerLine:
    """Change a player's rank, rating, club, country, participation (the rounds not
    played, all of them) or status (final: FIN, else PRE); None leaves a field as it is."""
    base = loaded(db, tournament)
    event = go_events.GoPlayerModified(
        PlayerId(player),
        rank=None if rank is None else rank.strip(),
        rating=rating,
        club=club,
        country=country,
        not_playing=None if not_playing is None else tuple(sorted(set(not_playing))),
        final=final,
    )
    d = write(db, base, [event], actor, based_on=based_on)
    return go_player_line(d, PlayerId(player))


def _check_view(d: FoldedTournament, seq: int, done: str = "") -> QuickCheckView:
    s = go_play(d)
    findings = tuple(CheckLine(go_person(s, f.player), f.kind, f.text) for f in quick_check(s))
    return QuickCheckView(d.settings.name, len(s.players), seq, findings, done)


def go_quick_check(db: Store, tournament: int) -> QuickCheckView:
    """OpenGotha's quick check: ranks other than the rating's, McMahon ranks outside the
    bar and floor, preliminary registrations."""
    base = loaded(db, tournament)
    return _check_view(base.folded, base.seq)


def fix_go_registrations(
    db: Store,
    tournament: int,
    actor: Actor,
    *,
    ranks_from_ratings: bool,
    final: bool,
    based_on: int | None = None,
) -> QuickCheckView:
    """Set every rank from the rating (OpenGotha's "Set ranks according to ratings")
    and/or make every preliminary registration final, in one transaction."""
    if not ranks_from_ratings and not final:
        raise TournamentInputError(
            N_("expected a fix: ranks from ratings and/or final registrations")
        )
    base = loaded(db, tournament)
    actions = check_fixes(go_play(base.folded), ranks_from_ratings, final)
    if not actions:
        return _check_view(base.folded, base.seq, "nothing to change")
    d = write(db, base, actions, actor, based_on=based_on)
    return _check_view(d, base.seq + len(actions), f"{len(actions)} players changed")


def remove_go_result(
    db: Store,
    tournament: int,
    round_number: int,
    table: int,
    players: tuple[int, int],
    actor: Actor,
    based_on: int | None = None,
) -> EnteredResult:
    """Remove the result of the game of `players` (White, Black numbers, as the page
    showed them) at `table` of round `round_number`: the correction to ``?`` (OpenGotha: a
    click on the table cancels its result), after which the game can be edited again.

    Raises:
        ConflictError: the table holds another game now, or that game changed since
            `based_on`; nothing written.
        TournamentError: no such game, or it has no result.
    """
    white, black = players
    spec = ResultSpec(round=str(round_number), table=table, white=white, black=black, score=REMOVED)
    return enter_result(db, tournament, spec, actor, correction=True, based_on=based_on)

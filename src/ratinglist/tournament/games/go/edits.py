"""Editing a Go tournament after the fact: the fold of the director's edit events.

OpenGotha lets the director change everything during the tournament (its user's guide,
"Players Manager", "Games .. Pair"): modify a player (rank, rating, club, country,
participation, PRE/FIN status), choose the bye, unpair games, pair players by hand,
exchange colours, modify a handicap, change or renumber table numbers, and raise the
number of rounds. Each is an event here (`tournament.events`), checked and folded into a
new `GoState` by `apply_edit`; undo cancels any of them like any other action. An edit
of a game that has a result is refused: the result is removed first (a correction to
``?``), as the result would otherwise stand for another game than the one played.
"""

from __future__ import annotations

from dataclasses import replace

from ratinglist.errors import (
    N_,
    GoRankError,
    NotAllowedNow,
    NotOffered,
    TournamentInputError,
)
from ratinglist.model import PlayerId
from ratinglist.model.go import RATING_MAX, RATING_MIN, parse_rank
from ratinglist.model.go.tournament import MAX_ROUNDS, GoGame, GoSystem, Outcome
from ratinglist.tournament.events import Event
from ratinglist.tournament.games.go.events import (
    GoByeChosen,
    GoColoursExchanged,
    GoGamesAdded,
    GoHandicapSet,
    GoPlayerModified,
    GoRoundsSet,
    GoTablesSet,
    GoUnpaired,
)
from ratinglist.tournament.games.go.state import GoRound, GoState

EDIT_EVENTS = (
    GoPlayerModified,
    GoByeChosen,
    GoUnpaired,
    GoGamesAdded,
    GoColoursExchanged,
    GoHandicapSet,
    GoTablesSet,
    GoRoundsSet,
)
"""The edit events (`apply_edit` folds them)."""
MAX_TABLE = 600
"""OpenGotha keeps table numbers within 1..600."""


def is_edit(event: Event) -> bool:
    """Whether `event` is one of the edit events."""
    return isinstance(event, EDIT_EVENTS)


def busy_keys(rnd: GoRound) -> set[str]:
    """The players of a round's games and its bye."""
    return {k for g in rnd.games for k in (g.white, g.black)} | set(rnd.byes)


def unpaired_keys(s: GoState, k: int) -> list[str]:
    """The players pairable in (1-based) round `k` not yet in one of its games nor its bye
    (OpenGotha's "pairable players" of a paired round): final registrations taking part
    in the round, in registration order."""
    busy = busy_keys(s.rounds[k - 1]) if k <= s.paired else set()
    return [p.key for p in s.players if p.final and p.plays(k - 1) and p.key not in busy]


def _paired_round(s: GoState, k: int) -> GoRound:
    if not 1 <= k <= s.paired:
        raise TournamentInputError(
            N_("expected a paired round (1-%(paired)s), got round %(k)s"), paired=s.paired, k=k
        )
    return s.rounds[k - 1]


def _game(s: GoState, rnd: GoRound, white: PlayerId, black: PlayerId) -> GoGame:
    w, b = s.key(white), s.key(black)
    for g in rnd.games:
        if (g.white, g.black) == (w, b):
            return g
    raise TournamentInputError(
        N_("expected a game of round %(number)s, got %(white)s (White) - %(black)s"),
        number=rnd.number,
        white=int(white),
        black=int(black),
    )


def _without_result(s: GoState, g: GoGame, k: int, what: str) -> None:
    if g.result.outcome is not Outcome.UNKNOWN:
        raise NotAllowedNow(
            N_(
                "expected a game without result to %(what)s, got %(white)s - %(black)s "
                "of round %(k)s with a result: remove the result first (a correction to"
                " '?' at table %(table)s of round %(k)s)"
            ),
            what=what,
            white=s.name(s.number(g.white)),
            black=s.name(s.number(g.black)),
            k=k,
            table=g.table,
        )


def _with_round(s: GoState, rnd: GoRound) -> GoState:
    rounds = list(s.rounds)
    rounds[rnd.number - 1] = rnd
    return replace(s, rounds=tuple(rounds))


def _new_games(s: GoState, rnd: GoRound, games: tuple[GoGame, ...]) -> GoState:
    return _with_round(s, replace(rnd, games=games))


def _swap(rnd: GoRound, old: GoGame, new: GoGame) -> tuple[GoGame, ...]:
    return tuple(new if g is old else g for g in rnd.games)


def modify_player(s: GoState, e: GoPlayerModified) -> GoState:
    """Change a player's rank, rating, club, country, participation or status."""
    p = s.player(e.player)
    i = s.ids.index(e.player)
    changes: dict[str, object] = {}
    if e.rank is not None:
        try:
            changes["rank"] = parse_rank(e.rank)
        except GoRankError as exc:
            raise TournamentInputError(
                N_("expected a rank such as 5k or 2d, got %(rank)r"), rank=e.rank
            ) from exc
    if e.rating is not None:
        if not RATING_MIN <= e.rating <= RATING_MAX:
            raise TournamentInputError(
                N_("expected a rating %(rating_min)s..%(rating_max)s (EGF scale), got %(rating)s"),
                rating_min=RATING_MIN,
                rating_max=RATING_MAX,
                rating=e.rating,
            )
        changes["rating"] = e.rating
    if e.club is not None:
        changes["club"] = e.club.strip()
    if e.country is not None:
        changes["country"] = e.country.strip()
    in_play = [r.number for r in s.rounds if p.key in busy_keys(r)]
    if e.not_playing is not None:
        wrong = [k for k in e.not_playing if not 1 <= k <= MAX_ROUNDS]
        if wrong:
            raise TournamentInputError(
                N_("expected rounds 1-%(max_rounds)s, got %(wrong)s"),
                max_rounds=MAX_ROUNDS,
                wrong=wrong,
            )
        clash = sorted(set(e.not_playing) & set(in_play))
        if clash:
            raise NotAllowedNow(
                N_(
                    "expected rounds where %(player)s has no game nor bye, got round "
                    "%(clash)s (unpair the game first)"
                ),
                player=s.name(e.player),
                clash=clash[0],
            )
        changes["participating"] = tuple(r + 1 not in e.not_playing for r in range(MAX_ROUNDS))
    if e.final is not None:
        if not e.final and in_play:
            raise NotAllowedNow(
                N_(
                    "expected a player without games to make preliminary, got %(player)s "
                    "playing round %(in_play)s (only final registrations are paired)"
                ),
                player=s.name(e.player),
                in_play=in_play[0],
            )
        changes["final"] = e.final
    if not changes:
        raise TournamentInputError(
            N_("expected a change of player %(player)s, got none"), player=int(e.player)
        )
    changed = replace(p, **changes)  # type: ignore[arg-type]
    if changed == p:
        raise TournamentInputError(
            N_("expected a change of player %(player)s, got the same data"), player=int(e.player)
        )
    return replace(s, players=(*s.players[:i], changed, *s.players[i + 1 :]))


def choose_bye(s: GoState, e: GoByeChosen) -> GoState:
    """The bye of a round: before its pairing (the pairing gives it to that player), or in a
    paired round (the player must not be in one of its games). Player 0: no bye."""
    k = e.round
    if not 1 <= k <= s.number_of_rounds:
        raise TournamentInputError(
            N_("expected a round 1-%(number_of_rounds)s, got round %(k)s"),
            number_of_rounds=s.number_of_rounds,
            k=k,
        )
    if s.system is GoSystem.ROUND_ROBIN:
        raise NotOffered(
            N_(
                "expected a McMahon, Swiss or Cup tournament, got a round robin (Berger"
                " tables give its byes)"
            )
        )
    key = None
    if int(e.player) != 0:
        p = s.player(e.player)
        if not p.final:
            raise TournamentInputError(
                N_("expected a final registration for the bye, got %(player)s preliminary"),
                player=s.name(e.player),
            )
        if not p.plays(k - 1):
            raise TournamentInputError(
                N_("expected a player taking part in round %(k)s, got %(player)s not playing"),
                k=k,
                player=s.name(e.player),
            )
        key = p.key
    if k > s.paired:
        kept = tuple(c for c in s.chosen_byes if c[0] != k)
        chosen = kept if key is None else (*kept, (k, e.player))
        if chosen == s.chosen_byes:
            raise NotAllowedNow(
                N_("expected a bye to choose for round %(k)s, got none chosen yet"), k=k
            )
        return replace(s, chosen_byes=chosen)
    rnd = s.rounds[k - 1]
    if key is not None and rnd.game_of(key) is not None:
        raise NotAllowedNow(
            N_(
                "expected a player without a game in round %(k)s, got %(player)s paired"
                " (unpair the game first)"
            ),
            k=k,
            player=s.name(e.player),
        )
    byes = () if key is None else (key,)
    if byes == rnd.byes:
        raise TournamentInputError(N_("expected another bye for round %(k)s, got the same"), k=k)
    return _with_round(s, replace(rnd, byes=byes))


def unpair(s: GoState, e: GoUnpaired) -> GoState:
    """Remove a game without result; the round's last game takes the bye with it."""
    rnd = _paired_round(s, e.round)
    g = _game(s, rnd, e.white, e.black)
    _without_result(s, g, e.round, N_("unpair"))
    games = tuple(x for x in rnd.games if x is not g)
    return _with_round(s, replace(rnd, games=games, byes=rnd.byes if games else ()))


def add_games(s: GoState, e: GoGamesAdded) -> GoState:
    """Add games (and a bye) among the unpaired players of a paired round."""
    rnd = _paired_round(s, e.round)
    free = set(unpaired_keys(s, e.round))
    tables = {g.table for g in rnd.games}
    if not e.games and int(e.bye) == 0:
        raise TournamentInputError(N_("expected games to add, got none"))
    games = list(rnd.games)
    for white, black, handicap, table in e.games:
        if white == black:
            raise TournamentInputError(
                N_("expected two different players, got %(white)s twice"), white=int(white)
            )
        for pid in (white, black):
            if s.key(pid) not in free:
                raise NotAllowedNow(
                    N_("expected players unpaired in round %(round)s, got %(pid)s"),
                    round=e.round,
                    pid=s.name(pid),
                )
            free.discard(s.key(pid))
        if not 0 <= handicap <= 9:
            raise TournamentInputError(
                N_("expected a handicap 0-9, got %(handicap)s"), handicap=handicap
            )
        if not 1 <= table <= MAX_TABLE or table in tables:
            raise TournamentInputError(
                N_("expected a free table 1-%(max_table)s, got table %(table)s"),
                max_table=MAX_TABLE,
                table=table,
            )
        tables.add(table)
        games.append(GoGame(e.round - 1, table, s.key(white), s.key(black), handicap))
    byes = rnd.byes
    if int(e.bye) != 0:
        if rnd.byes:
            raise TournamentInputError(
                N_("expected a round without a bye, got round %(round)s's bye"), round=e.round
            )
        if s.key(PlayerId(e.bye)) not in free:
            raise NotAllowedNow(
                N_("expected an unpaired player for the bye, got %(bye)s"),
                bye=s.name(PlayerId(e.bye)),
            )
        byes = (s.key(PlayerId(e.bye)),)
    return _with_round(s, replace(rnd, games=tuple(games), byes=byes))


def exchange_colours(s: GoState, e: GoColoursExchanged) -> GoState:
    """Exchange White and Black of a game without result."""
    rnd = _paired_round(s, e.round)
    g = _game(s, rnd, e.white, e.black)
    _without_result(s, g, e.round, N_("exchange colours"))
    exchanged = replace(g, white=g.black, black=g.white, known_colour=True)
    return _new_games(s, rnd, _swap(rnd, g, exchanged))


def set_handicap(s: GoState, e: GoHandicapSet) -> GoState:
    """Set the handicap of a game without result."""
    rnd = _paired_round(s, e.round)
    g = _game(s, rnd, e.white, e.black)
    _without_result(s, g, e.round, N_("change the handicap"))
    if not 0 <= e.handicap <= 9:
        raise TournamentInputError(
            N_("expected a handicap 0-9, got %(handicap)s"), handicap=e.handicap
        )
    if e.handicap == g.handicap:
        raise NotAllowedNow(
            N_("expected another handicap, got %(handicap)s already"), handicap=e.handicap
        )
    return _new_games(s, rnd, _swap(rnd, g, replace(g, handicap=e.handicap)))


def set_tables(s: GoState, e: GoTablesSet) -> GoState:
    """Give games of a round new table numbers (distinct, 1-600)."""
    rnd = _paired_round(s, e.round)
    if not e.tables:
        raise TournamentInputError(N_("expected table numbers to change, got none"))
    moved: dict[str, int] = {}
    for white, table in e.tables:
        key = s.key(white)
        g = rnd.game_of(key)
        if g is None or g.white != key:
            raise TournamentInputError(
                N_("expected White of a game of round %(round)s, got %(white)s"),
                round=e.round,
                white=int(white),
            )
        if not 1 <= table <= MAX_TABLE:
            raise TournamentInputError(
                N_("expected a table 1-%(max_table)s, got %(table)s"),
                max_table=MAX_TABLE,
                table=table,
            )
        if g.table != table:
            _without_result(s, g, e.round, N_("change its table"))
        moved[key] = table
    games = tuple(replace(g, table=moved.get(g.white, g.table)) for g in rnd.games)
    numbers = [g.table for g in games]
    if len(set(numbers)) != len(numbers):
        twice = sorted({t for t in numbers if numbers.count(t) > 1})
        raise TournamentInputError(
            N_("expected distinct table numbers, got table %(twice)s twice"), twice=twice[0]
        )
    return _new_games(s, rnd, games)


def set_rounds(s: GoState, e: GoRoundsSet) -> GoState:
    """The number of rounds: raised at any time; lowered only over rounds without games."""
    if not 1 <= e.rounds <= MAX_ROUNDS:
        raise TournamentInputError(
            N_("expected 1 to %(max_rounds)s rounds, got %(rounds)s"),
            max_rounds=MAX_ROUNDS,
            rounds=e.rounds,
        )
    if e.rounds < s.paired:
        raise NotAllowedNow(
            N_("expected at least the %(paired)s rounds already paired, got %(rounds)s"),
            paired=s.paired,
            rounds=e.rounds,
        )
    if e.rounds == s.number_of_rounds:
        raise NotAllowedNow(
            N_("expected another number of rounds, got %(rounds)s already"), rounds=e.rounds
        )
    general = replace(s.parameters.general, number_of_rounds=e.rounds)
    chosen = tuple(c for c in s.chosen_byes if c[0] <= e.rounds)
    return replace(s, parameters=replace(s.parameters, general=general), chosen_byes=chosen)


def apply_edit(s: GoState, event: Event) -> GoState:
    """The Go state after one edit event."""
    match event:
        case GoPlayerModified():
            return modify_player(s, event)
        case GoByeChosen():
            return choose_bye(s, event)
        case GoUnpaired():
            return unpair(s, event)
        case GoGamesAdded():
            return add_games(s, event)
        case GoColoursExchanged():
            return exchange_colours(s, event)
        case GoHandicapSet():
            return set_handicap(s, event)
        case GoTablesSet():
            return set_tables(s, event)
        case GoRoundsSet():
            return set_rounds(s, event)
    raise NotOffered(
        N_("expected an edit of a Go tournament, got a %(kind)r event"), kind=event.kind
    )

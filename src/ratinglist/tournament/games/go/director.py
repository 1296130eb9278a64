"""Go's rules as the tournament director meets them: settings, registration, results, views.

The Go game (`tournament.games.go.GAME`, the `Game` seam) is made of these functions; the
log, its concurrency rules, undo, the services and the pages are the same as Othello's.

A Go result is typed for the two players in the order they are named (by players, the
first named; by table, White, as a round view shows it): ``1-0`` the first wins, ``0-1``
the second, ``=`` jigo, ``0-0`` both lose, ``1-1`` both win; ``!`` after it (``1-0!``)
means by default (not played over the board); a correction to ``?`` removes the result.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import replace

from ratinglist.errors import (
    N_,
    ConflictError,
    GoRankError,
    NotAllowedNow,
    TournamentInputError,
)
from ratinglist.model import PlayerId
from ratinglist.model.directed import (
    CostLine,
    ExplainView,
    GoEntry,
    GoOptions,
    GoStandingLine,
    GoStandingsView,
    Person,
    RoundView,
    TableLine,
)
from ratinglist.model.go import format_rank, parse_rank
from ratinglist.model.go.team import (
    DEFAULT_TEAM_CRITERIA,
    MAX_TEAM_SIZE,
    MIN_TEAM_SIZE,
    TeamCriterion,
    TeamParameters,
)
from ratinglist.model.go.tournament import (
    GoResult,
    GoSystem,
    Outcome,
    default_parameters,
)
from ratinglist.tournament import events as ev
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.go import events as go_events
from ratinglist.tournament.games.go.options import option_pairs, parse_criteria, with_options
from ratinglist.tournament.games.go.settings import go_settings
from ratinglist.tournament.games.go.state import GoState, go_play

GO_SYSTEMS = {
    "mcmahon": GoSystem.MCMAHON,
    "macmahon": GoSystem.MCMAHON,
    "swiss": GoSystem.SWISS,
    "swisscat": GoSystem.SWISSCAT,
    "cup": GoSystem.CUP,
    "round-robin": GoSystem.ROUND_ROBIN,
    "rr": GoSystem.ROUND_ROBIN,
}
DEFAULT_GO_ROUNDS = 5
"""OpenGotha's default number of rounds."""


def parse_go_system(text: str | None) -> GoSystem:
    """A Go system by name (default McMahon)."""
    if text is None:
        return GoSystem.MCMAHON
    found = GO_SYSTEMS.get(text.strip().lower())
    if found is None:
        raise TournamentInputError(
            N_("expected a Go system among %(go_systems)s, got %(text)r"),
            go_systems=", ".join(sorted(GO_SYSTEMS)),
            text=text,
        )
    return found


def _rank(text: str, what: str) -> str:
    try:
        return format_rank(parse_rank(text))
    except GoRankError as exc:
        raise TournamentInputError(
            N_("expected %(what)s as a rank such as 20k or 4d, got %(text)r"), what=what, text=text
        ) from exc


def go_created_settings(
    *,
    name: str,
    country: str,
    start: str,
    end: str | None,
    system: str | None,
    rounds: int | None,
    bar: str | None,
    floor: str | None,
    criteria: str | None,
    sender: str,
    seed: int,
    teams: TeamParameters | None = None,
    options: GoOptions | None = None,
) -> ev.Settings:
    """The settings of a new Go tournament: OpenGotha's defaults for the system, overridden;
    `teams`: the team parameters of a team tournament; `options`: any other setting
    (`tournament.games.go.options`)."""
    chosen = parse_go_system(system)
    count = DEFAULT_GO_ROUNDS if rounds is None else rounds
    if not 1 <= count <= 20:
        raise TournamentInputError(
            N_("expected 1 to 20 rounds for a Go tournament, got %(count)s"), count=count
        )
    general: dict[str, object] = {
        "name": name,
        "short_name": name,
        "location": country,
        "begin_date": start,
        "end_date": end or start,
        "number_of_rounds": count,
    }
    if bar is not None:
        general["bar"] = parse_rank(_rank(bar, N_("the McMahon bar")))
    if floor is not None:
        general["floor"] = parse_rank(_rank(floor, N_("the McMahon floor")))
    parameters = default_parameters(chosen, **general)
    if parameters.general.floor.value > parameters.general.bar.value:
        raise TournamentInputError(
            N_("expected a floor at or below the bar, got floor %(floor)s above bar %(bar)s"),
            floor=format_rank(parameters.general.floor),
            bar=format_rank(parameters.general.bar),
        )
    if criteria is not None:
        parameters = replace(parameters, placement=parse_criteria(criteria))
    if options is not None:
        if options.smms:
            raise NotAllowedNow(
                N_(
                    "expected SMMS corrections once the players are entered (tournament "
                    "settings' SMMS corrections), got them on a new tournament"
                )
            )
        parameters = with_options(parameters, option_pairs(options))
        count = parameters.general.number_of_rounds
    return ev.Settings(
        name=name,
        country=country,
        start=start,
        end=end,
        sender=sender,
        system=chosen.value,
        rounds=count,
        seed=seed,
        game=ev.GO,
        go=go_settings(chosen, parameters, teams=teams),
    )


def go_person(s: GoState, pid: PlayerId) -> Person:
    """Player number `pid` as number and name."""
    return Person(pid, s.name(pid))


RESULT_WORDS = {
    "1-0": (True, False),
    "0-1": (False, True),
    "=": (None, None),
    "½-½": (None, None),
    "0-0": (False, False),
    "1-1": (True, True),
}
"""A typed result: whether the first named and the second named win (None, None: jigo)."""


def parse_go_score(text: str) -> tuple[bool | None, bool | None, bool]:
    """``1-0``, ``0-1``, ``=``, ``0-0``, ``1-1``, each with an optional ``!`` (by default)."""
    word = text.strip()
    by_default = word.endswith("!")
    found = RESULT_WORDS.get(word.rstrip("!").strip())
    if found is None:
        raise TournamentInputError(
            N_("expected a Go result 1-0, 0-1, =, 0-0 or 1-1 (! for by default), got %(text)r"),
            text=text,
        )
    return found[0], found[1], by_default


def outcome_of(white_wins: bool | None, black_wins: bool | None) -> Outcome:
    """The outcome for White and Black winning or not (None, None: jigo)."""
    if white_wins is None:
        return Outcome.JIGO
    return {
        (True, False): Outcome.WHITE_WINS,
        (False, True): Outcome.BLACK_WINS,
        (False, False): Outcome.BOTH_LOSE,
        (True, True): Outcome.BOTH_WIN,
    }[(white_wins, bool(black_wins))]


def result_text(result: GoResult) -> str:
    """A result for White - Black as a round view shows it (``1-0``, ``0-1!``; blank if unknown)."""
    text = {
        Outcome.WHITE_WINS: "1-0",
        Outcome.BLACK_WINS: "0-1",
        Outcome.JIGO: "½-½",
        Outcome.BOTH_LOSE: "0-0",
        Outcome.BOTH_WIN: "1-1",
    }.get(result.outcome, "")
    return text + ("!" if text and result.by_default else "")


REMOVED = "?"
"""The result typed in a correction that removes an entered result (OpenGotha: a click on
the table number cancels its result), e.g. before editing the game."""


def go_result_event(
    s: GoState,
    round_label: str | None,
    first: int | None,
    second: int | None,
    table: int | None,
    score: str | None,
    correction: bool,
) -> tuple[go_events.GoResultEntered | go_events.GoResultCorrected, int]:
    """The Go result event of a typed result, and the game's table."""
    label = str(s.paired) if round_label is None else round_label.strip()
    if not label.isdigit() or not 1 <= int(label) <= s.paired:
        raise TournamentInputError(
            N_("expected a paired round (1-%(paired)s), got %(label)r"),
            paired=s.paired,
            label=label,
        )
    k = int(label)
    rnd = s.rounds[k - 1]
    if score is None:
        raise TournamentInputError(N_("expected a Go result such as 1-0, 0-1 or =, got none"))
    removed = score.strip() == REMOVED
    if removed and not correction:
        raise TournamentInputError(
            N_(
                "expected a Go result such as 1-0 to enter, got %(score)r (a correction"
                " to %(removed)r removes an entered result)"
            ),
            score=score,
            removed=REMOVED,
        )
    a_wins, b_wins, by_default = (None, None, False) if removed else parse_go_score(score)
    if table is not None:
        game = next((g for g in rnd.games if g.table == table), None)
        if game is None:
            tables = sorted(g.table for g in rnd.games)
            raise TournamentInputError(
                N_("expected a table of round %(k)s among %(tables)s, got %(table)s"),
                k=k,
                tables=tables,
                table=table,
            )
        if first is not None or second is not None:
            # a page names the game it showed at the table: refuse it when the table holds
            # another game now (the score is still for White - Black, the table's order)
            named = {s.key(PlayerId(p)) for p in (first, second) if p is not None and p > 0}
            if named != {game.white, game.black}:
                raise ConflictError(
                    N_(
                        "expected table %(table)s of round %(k)s to hold the game you saw, got "
                        "%(white)s v %(black)s there now; nothing written, look at round %(k)s "
                        "again"
                    ),
                    table=table,
                    k=k,
                    white=s.name(s.number(game.white)),
                    black=s.name(s.number(game.black)),
                )
        white_wins, black_wins = a_wins, b_wins
    else:
        if first is None or second is None:
            raise TournamentInputError(N_("expected two player numbers or --table, got neither"))
        a, b = s.key(PlayerId(first)), s.key(PlayerId(second))
        game = rnd.game_of(a)
        if game is None or b not in (game.white, game.black):
            raise TournamentInputError(
                N_("expected a game of round %(k)s, got %(first)s - %(second)s"),
                k=k,
                first=first,
                second=second,
            )
        white_first = game.white == a
        white_wins, black_wins = (a_wins, b_wins) if white_first else (b_wins, a_wins)
    numbers = s.numbers()
    cls = go_events.GoResultCorrected if correction else go_events.GoResultEntered
    outcome = Outcome.UNKNOWN if removed else outcome_of(white_wins, black_wins)
    event = cls(k, numbers[game.white], numbers[game.black], outcome.value, by_default)
    return event, game.table


def go_round_view(d: FoldedTournament, number: int, seq: int) -> RoundView:
    """Round `number` of a Go tournament: games by table (handicap, main score before it)."""
    from ratinglist.standings.go.scores import GoScores

    s = go_play(d)
    t = s.tournament()
    scores = GoScores(t.before_round(number - 1))
    main = t.parameters.main_criterion
    numbers = s.numbers()
    rnd = s.rounds[number - 1]

    def points(key: str) -> float:
        return scores.main_x2(main, key, number - 2) / 2

    tables = tuple(
        TableLine(
            table=g.table,
            black=go_person(s, numbers[g.black]),
            black_points=points(g.black),
            white=go_person(s, numbers[g.white]),
            white_points=points(g.white),
            result=result_text(g.result),
            handicap=g.handicap,
            black_rank=format_rank(s.player(numbers[g.black]).rank),
            white_rank=format_rank(s.player(numbers[g.white]).rank),
        )
        for g in sorted(rnd.games, key=lambda g: g.table)
    )
    byes = tuple((go_person(s, numbers[k]), points(k)) for k in rnd.byes)
    busy = {k for g in rnd.games for k in (g.white, g.black)} | set(rnd.byes)
    absent = tuple(
        go_person(s, pid)
        for pid, p in zip(s.ids, s.players, strict=True)
        if p.final and p.key not in busy and not p.plays(number - 1)
    )
    return RoundView(
        d.settings.name, number, seq, tables, byes, absent, game=ev.GO, white_first=True
    )


def go_standings_view(
    s: GoState, name: str, criteria: str | None = None, through: int | None = None
) -> GoStandingsView:
    """The standings after round `through` (default: the last with a result) on the
    tournament's placement criteria or `criteria`."""
    from ratinglist.standings.go.standings import format_value, go_standings

    t = s.tournament()
    crits = t.parameters.criteria if criteria is None else parse_criteria(criteria)
    played = [g.round for g in t.games if g.result.outcome is not Outcome.UNKNOWN]
    last = (max(played) + 1 if played else 0) if through is None else through
    numbers = s.numbers()
    keys = [p.key for p in t.players if p.final]
    rows = go_standings(t, last - 1, criteria=crits, keys=keys) if last else ()
    by_key = {p.key: p for p in t.players}
    lines = tuple(
        GoStandingLine(
            place=row.place,
            tied=row.tied_with_previous,
            player=go_person(s, numbers[row.key]),
            rank=format_rank(by_key[row.key].rank),
            country=by_key[row.key].country,
            club=by_key[row.key].club,
            values=tuple(format_value(c, v) for c, v in zip(crits, row.values, strict=True)),
            rounds=row.rounds,
        )
        for row in rows
    )
    return GoStandingsView(name, last, tuple(c.value for c in crits), lines)


def go_explain_view(
    d: FoldedTournament, number: int, asked: Sequence[tuple[int, int]] = ()
) -> ExplainView:
    """OpenGotha's cost parts of each pair of published round `number`, and of `asked` pairs."""
    from ratinglist.tournament.games.go.play import GoPairExplained, explain_go_round

    s = go_play(d)
    chosen, others = explain_go_round(
        s, number, tuple((PlayerId(a), PlayerId(b)) for a, b in asked)
    )

    def line(p: GoPairExplained) -> CostLine:
        return CostLine(
            black=go_person(s, p.black),
            white=go_person(s, p.white),
            forced=p.forced,
            parts=p.parts,
            cost=p.total,
        )

    pairs = tuple(line(p) for p in chosen)
    total = sum(p.cost for p in pairs)
    return ExplainView(number, "opengotha", pairs, total, None, tuple(line(p) for p in others))


def file_date(text: str) -> str:
    """An OpenGotha date as YYYY-MM-DD, 1970-01-01 when the file's text is not a date."""
    try:
        return dt.date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        return "1970-01-01"


def go_registered(s: GoState, entry: GoEntry, number: int) -> go_events.GoRegistered:
    """The registration event of `entry` as player number `number`."""
    from ratinglist.model.go import rating_from_rank

    surname, _, firstname = entry.name.partition(",")
    try:
        rank = parse_rank(entry.rank)
    except GoRankError as exc:
        raise TournamentInputError(
            N_("expected a rank such as 5k, 1d or 2p, got %(rank)r"), rank=entry.rank
        ) from exc
    return go_events.GoRegistered(
        PlayerId(number),
        surname.strip(),
        firstname.strip(),
        format_rank(rank),
        rating_from_rank(rank) if entry.rating is None else entry.rating,
        country=entry.country.strip(),
        club=entry.club.strip(),
        egf_pin=entry.egf_pin.strip(),
        ffg_licence=entry.ffg_licence.strip(),
        aga_id=entry.aga_id.strip(),
        first_round=s.paired + 1 if entry.first_round is None else entry.first_round,
    )


PLACEMENT_SLOTS = 6
"""OpenGotha's team placement criteria slots."""


def parse_team_criteria(text: str) -> tuple[TeamCriterion, ...]:
    """Team criteria as OpenGotha names them, comma separated (``TEAMP,BDW,BDW1U``)."""
    out = []
    for word in (w.strip().upper() for w in text.split(",")):
        if not word:
            continue
        try:
            out.append(TeamCriterion(word))
        except ValueError as exc:
            known = ", ".join(c.value for c in TeamCriterion if c is not TeamCriterion.NULL)
            raise TournamentInputError(
                N_("expected team criteria among %(known)s, got %(word)r"), known=known, word=word
            ) from exc
    if not out or len(out) > PLACEMENT_SLOTS:
        raise TournamentInputError(
            N_("expected 1 to %(placement_slots)s team criteria, got %(text)r"),
            placement_slots=PLACEMENT_SLOTS,
            text=text,
        )
    return tuple(out)


def team_parameters(size: int | None, criteria: str | None) -> TeamParameters | None:
    """The team parameters `tournament new` sets (None: neither option given)."""
    if size is None and criteria is None:
        return None
    chosen = TeamParameters().team_size if size is None else size
    if not MIN_TEAM_SIZE <= chosen <= MAX_TEAM_SIZE:
        raise TournamentInputError(
            N_("expected a team size %(min_team_size)s-%(max_team_size)s, got %(chosen)s"),
            min_team_size=MIN_TEAM_SIZE,
            max_team_size=MAX_TEAM_SIZE,
            chosen=chosen,
        )
    placement = DEFAULT_TEAM_CRITERIA if criteria is None else parse_team_criteria(criteria)
    placement += (TeamCriterion.NULL,) * (PLACEMENT_SLOTS - len(placement))
    return TeamParameters(chosen, placement)

"""The director's hand on a paired Go round, as OpenGotha's "Games .. Pair" frame offers it.

Each function reads the state and returns the edit event that does what the director asked
(`tournament.games.go.edits` folds it): a pair made by hand gets OpenGotha's colours and
handicap for the two players (`game_between`) and the lowest free table; pairing the rest
pairs the unpaired players of the round with OpenGotha's costs, the games already there
kept; renumbering orders the tables by OpenGotha's rule (GO.md §d.T: each game by its
lower-placed player, best first); a table number changed to one in use swaps the two
games. `quick_check` lists what OpenGotha's "Players Quick check" frame shows before round
1: ranks that differ from the rank of the rating, ranks outside the McMahon bar and
floor, and preliminary registrations.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ratinglist.errors import N_, NotAllowedNow, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.go import format_rank, rank_from_rating
from ratinglist.model.go.tournament import GoGame, GoSystem
from ratinglist.pairing.go.costs import CostModel
from ratinglist.pairing.go.pair import NewGame, game_between, number_tables
from ratinglist.standings.go.scores import GoScores
from ratinglist.tournament.games.go.edits import MAX_TABLE, unpaired_keys
from ratinglist.tournament.games.go.events import GoGamesAdded, GoPlayerModified, GoTablesSet
from ratinglist.tournament.games.go.pairing import (
    choose_bye,
    gotha_round,
    pair_go_round,
    table_placement,
)
from ratinglist.tournament.games.go.state import GoRound, GoState


def paired_round(s: GoState, k: int | None) -> GoRound:
    """Paired round `k` (default: the last paired)."""
    number = s.paired if k is None else k
    if not 1 <= number <= s.paired:
        raise TournamentInputError(
            N_("expected a paired round (1-%(paired)s), got round %(number)s"),
            paired=s.paired,
            number=number,
        )
    return s.rounds[number - 1]


def game_at(s: GoState, k: int, table: int) -> GoGame:
    """The game at `table` of paired round `k`."""
    rnd = paired_round(s, k)
    for g in rnd.games:
        if g.table == table:
            return g
    tables = sorted(g.table for g in rnd.games)
    raise TournamentInputError(
        N_("expected a table of round %(k)s among %(tables)s, got %(table)s"),
        k=k,
        tables=tables,
        table=table,
    )


def _free_table(rnd: GoRound) -> int:
    used = {g.table for g in rnd.games}
    table = next(t for t in range(1, MAX_TABLE + 2) if t not in used)
    if table > MAX_TABLE:
        raise TournamentInputError(
            N_("expected a free table 1-%(max_table)s, got every table used"), max_table=MAX_TABLE
        )
    return table


def hand_pair(s: GoState, k: int, a: PlayerId, b: PlayerId) -> GoGamesAdded:
    """Pair two unpaired players of round `k` by hand: OpenGotha's colours and handicap for
    them, at the lowest free table."""
    rnd = paired_round(s, k)
    if a == b:
        raise TournamentInputError(N_("expected two different players, got %(a)s twice"), a=int(a))
    free = set(unpaired_keys(s, k))
    for pid in (a, b):
        if s.key(pid) not in free:
            raise NotAllowedNow(
                N_("expected players unpaired in round %(k)s, got %(pid)s"), k=k, pid=s.name(pid)
            )
    t = s.tournament()
    bye = rnd.byes[0] if rnd.byes else None
    # the bye is the round's own (or none): never one chosen among the two players
    gotha = replace(gotha_round(t, k - 1, bye=bye or s.key(a)), bye=bye)
    g = game_between(gotha, CostModel(gotha), s.key(a), s.key(b))
    number = s.numbers()
    return GoGamesAdded(k, ((number[g.white], number[g.black], g.handicap, _free_table(rnd)),))


def pair_rest(s: GoState, k: int, group_max: int | None = None) -> GoGamesAdded:
    """Pair every unpaired player of round `k` with OpenGotha's costs (its "Pair" button
    over the pairable players); the games already there stay. When the round has no bye
    and the unpaired players are odd in number, OpenGotha's bye rule chooses one of them."""
    rnd = paired_round(s, k)
    free = unpaired_keys(s, k)
    if not free:
        raise NotAllowedNow(N_("expected unpaired players in round %(k)s, got none"), k=k)
    t = s.tournament()
    r = k - 1
    bye = rnd.byes[0] if rnd.byes else None
    new_bye = None
    if bye is not None and len(free) % 2:
        raise NotAllowedNow(
            N_(
                "expected an even number of unpaired players in round %(k)s (it has its"
                " bye), got %(count)s: pair two of them by hand, or change the bye"
            ),
            k=k,
            count=len(free),
        )
    if bye is None and len(free) % 2:
        new_bye = choose_bye(t, GoScores(t.before_round(r)), r, free)
        bye = new_bye
    rest = {key for key in free if key != new_bye}
    if len(rest) == 1:
        raise NotAllowedNow(
            N_("expected two unpaired players or more in round %(k)s, got one"), k=k
        )
    forced = [
        (s.key(f.black), s.key(f.white))
        for f in s.forced
        if f.round == k and {s.key(f.black), s.key(f.white)} <= rest
    ]
    never = [tuple(s.key(p) for p in sorted(pair)) for pair in s.never]
    games: tuple[NewGame, ...] = ()
    if rest:
        games = pair_go_round(
            t, r, bye=bye, forced=forced, never=[(x, y) for x, y in never], group_max=group_max
        ).games
    number = s.numbers()
    return GoGamesAdded(
        k,
        tuple((number[g.white], number[g.black], g.handicap, g.table) for g in games),
        0 if new_bye is None else int(number[new_bye]),
    )


def renumber(s: GoState, k: int) -> GoTablesSet:
    """Tables 1, 2, ... of round `k` in OpenGotha's order (GO.md §d.T, "Renumber tables by
    MMS"): the games that move."""
    rnd = paired_round(s, k)
    if not rnd.games:
        raise TournamentInputError(N_("expected games to renumber in round %(k)s, got none"), k=k)
    t = s.tournament()
    placement = table_placement(t, k - 1, rnd.byes[0] if rnd.byes else None)
    rating = {p.key: p.rating for p in t.players}
    games = [NewGame(g.white, g.black, g.handicap) for g in rnd.games]
    ordered = number_tables(games, placement, rating)
    old = {g.white: g.table for g in rnd.games}
    number = s.numbers()
    moved = tuple((number[g.white], g.table) for g in ordered if old[g.white] != g.table)
    if not moved:
        raise NotAllowedNow(
            N_("expected tables to renumber, got round %(k)s already in order"), k=k
        )
    return GoTablesSet(k, moved)


def move_table(s: GoState, k: int, table: int, new: int) -> GoTablesSet:
    """Table `table` of round `k` becomes `new`; a game already at `new` takes `table`."""
    g = game_at(s, k, table)
    if new == table:
        raise TournamentInputError(N_("expected another table than %(table)s"), table=table)
    if not 1 <= new <= MAX_TABLE:
        raise TournamentInputError(
            N_("expected a table 1-%(max_table)s, got %(new)s"), max_table=MAX_TABLE, new=new
        )
    number = s.numbers()
    moved = [(number[g.white], new)]
    other = next((x for x in paired_round(s, k).games if x.table == new), None)
    if other is not None:
        moved.append((number[other.white], table))
    return GoTablesSet(k, tuple(moved))


@dataclass(frozen=True, slots=True)
class Finding:
    """A finding of the quick check: the player, what (``rank``: the rank differs from the
    rating's; ``above-bar``/``below-floor``: a McMahon rank outside the bar and floor;
    ``preliminary``), and in words."""

    player: PlayerId
    kind: str
    text: str


def quick_check(s: GoState) -> tuple[Finding, ...]:
    """What OpenGotha's quick check shows before round 1, player by player."""
    general = s.parameters.general
    mcmahon = s.system is GoSystem.MCMAHON
    out: list[Finding] = []
    for pid, p in zip(s.ids, s.players, strict=True):
        from_rating = rank_from_rating(p.rating)
        if from_rating != p.rank:
            out.append(
                Finding(
                    pid,
                    "rank",
                    f"rank {format_rank(p.rank)}, but rating {p.rating} gives "
                    f"{format_rank(from_rating)}",
                )
            )
        if mcmahon and p.rank.value > general.bar.value:
            out.append(
                Finding(
                    pid,
                    "above-bar",
                    f"rank {format_rank(p.rank)} above the bar {format_rank(general.bar)} "
                    f"(starts at the bar)",
                )
            )
        if mcmahon and p.rank.value < general.floor.value:
            out.append(
                Finding(
                    pid,
                    "below-floor",
                    f"rank {format_rank(p.rank)} below the floor {format_rank(general.floor)} "
                    f"(starts at the floor)",
                )
            )
        if not p.final:
            out.append(Finding(pid, "preliminary", "preliminary registration (PRE): not paired"))
    return tuple(out)


def check_fixes(s: GoState, ranks_from_ratings: bool, final: bool) -> tuple[GoPlayerModified, ...]:
    """The edits OpenGotha's quick check makes on every player: "Set ranks according to
    ratings" and "Set registration status to Final"."""
    out = []
    for pid, p in zip(s.ids, s.players, strict=True):
        rank = rank_from_rating(p.rating)
        new_rank = format_rank(rank) if ranks_from_ratings and rank != p.rank else None
        make_final = True if final and not p.final else None
        if new_rank is not None or make_final is not None:
            out.append(GoPlayerModified(pid, rank=new_rank, final=make_final))
    return tuple(out)

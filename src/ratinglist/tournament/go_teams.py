"""Pair two teams of a Go team tournament for a round (OpenGotha's manual team pairing).

GO.md section h: the match's colours come from the board-1 players' White/Black balance
(games without handicap); when it is equal the first team takes White on board 1. Boards 3,
5, ... have board 1's colours, boards 2, 4, ... the others, except a board with a handicap,
whose stronger player is White. Each board's handicap is that of a one-game pairing of its
two players (`game_between`). Tables are the first free ones of the round, in board order.
On OpenGotha's team files this gives every match's colours and handicaps, up to the choice of
the first team and the colour flips a TD makes by hand (see `docs/decisions.md`).
"""

from __future__ import annotations

from ratinglist.errors import TournamentError
from ratinglist.model.go_team import GoTeam
from ratinglist.model.go_tournament import GoGame, GoTournament
from ratinglist.pairing.go.costs import CostModel
from ratinglist.pairing.go.pair import game_between
from ratinglist.tournament.games.go import gotha_round


def pair_teams(
    t: GoTournament, first: GoTeam, second: GoTeam, team_size: int, round_: int
) -> tuple[GoGame, ...]:
    """The games of the match `first` - `second` in (0-based) `round_`.

    Raises:
        TournamentError: a board has no member, a member cannot play the round, or
            already has a game in it.
    """
    rnd = gotha_round(t, round_)
    model = CostModel(rnd)
    busy = {k for g in t.games if g.round == round_ for k in (g.white, g.black)}
    used = {g.table for g in t.games if g.round == round_}
    games: list[GoGame] = []
    first_white = True
    table = 0
    for board in range(team_size):
        a, b = first.member(round_, board), second.member(round_, board)
        if a is None or b is None:
            missing = first.name if a is None else second.name
            raise TournamentError(
                f"expected a player on board {board + 1} of {missing!r} in round {round_ + 1}"
            )
        for key in (a, b):
            if key not in model.index:
                raise TournamentError(f"{key!r} cannot play round {round_ + 1}")
            if key in busy:
                raise TournamentError(f"{key!r} already has a game in round {round_ + 1}")
        game = game_between(rnd, model, a, b)
        if board == 0:
            first_white = int(model.wb[model.index[a]]) <= int(model.wb[model.index[b]])
        white, black = game.white, game.black
        if game.handicap == 0:
            a_white = first_white if board % 2 == 0 else not first_white
            white, black = (a, b) if a_white else (b, a)
        table += 1
        while table in used:
            table += 1
        games.append(GoGame(round_, table, white, black, game.handicap))
    return tuple(games)

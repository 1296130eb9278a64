"""Go pairing use cases on OpenGotha files: the cost of every pair of a round, and its pairing."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ratinglist.errors import N_, TournamentInputError
from ratinglist.formats.go.opengotha_xml import read_opengotha
from ratinglist.model.go.tournament import GoBye, GoTournament, player_key
from ratinglist.pairing.go.costs import PART_NAMES
from ratinglist.tournament.games.go.pairing import round_costs as compute_round_costs
from ratinglist.tournament.games.go.pairing import round_players


@dataclass(frozen=True, slots=True)
class PairCostRow:
    """The cost parts of one pair, OpenGotha's field names and their values."""

    player1: str
    player2: str
    parts: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        """OpenGotha's ``totalCost``."""
        return 1 + sum(v for _, v in self.parts)


@dataclass(frozen=True, slots=True)
class RoundCosts:
    """Round `round` (1-based) of a file: every pairable pair's costs, our pairing, its weight."""

    round: int
    costs: tuple[PairCostRow, ...]
    pairs: tuple[tuple[str, str], ...]
    bye: str | None
    weight: int


def opengotha_round_costs(
    path: Path, round_number: int, bye: str | None = None, group_max: int | None = None
) -> RoundCosts:
    """The costs of round `round_number` of the OpenGotha file at `path`, and our pairing.

    The rounds before it are kept as the file has them, and the bye of the round itself;
    `bye` (a player's number in the file's order, 1-based as `tournament import` numbers
    them, or a player key such as ``DUPONTJEAN``) replaces that bye: the director's choice
    made by hand, so that such a round can be replayed. `group_max` pairs a larger field
    in groups as OpenGotha does (``PAIRING_GROUP_MAX_SIZE``, 600).

    Raises:
        OpenGothaError: the file cannot be read.
        TournamentError: the round is not a round of the tournament, or `bye` is not a
            player who plays that round with an odd number of players.
    """
    t = read_opengotha(path)
    rounds = t.parameters.general.number_of_rounds
    if not 1 <= round_number <= rounds:
        raise TournamentInputError(
            N_("expected a round in 1..%(rounds)s, got %(round_number)s"),
            rounds=rounds,
            round_number=round_number,
        )
    if bye is not None:
        t = with_bye(t, round_number - 1, bye)
    if group_max is not None and group_max < 2:
        raise TournamentInputError(
            N_("expected a group size of at least 2, got %(group_max)s"), group_max=group_max
        )
    result = compute_round_costs(t, round_number - 1, group_max)
    names = {p.key: p.full_name for p in t.players}
    rows = tuple(
        PairCostRow(names[a], names[b], tuple(zip(PART_NAMES, parts, strict=True)))
        for a, b, parts in result.costs
    )
    pairs = tuple((names[g.white], names[g.black]) for g in result.pairing.games)
    bye = names[result.pairing.bye] if result.pairing.bye else None
    return RoundCosts(round_number, rows, pairs, bye, result.pairing.weight)


def with_bye(t: GoTournament, r: int, chosen: str) -> GoTournament:
    """`t` with `chosen` (a 1-based player number or a key) as the bye of round r (0-based).

    Raises:
        TournamentError: no such player, the player does not play round r, or the round
            has an even number of players (OpenGotha gives a bye only to an odd field).
    """
    text = chosen.strip()
    if text.isdigit():
        if not 1 <= int(text) <= len(t.players):
            raise TournamentInputError(
                N_("expected a bye player number in 1..%(count)s, got %(chosen)r"),
                count=len(t.players),
                chosen=chosen,
            )
        key = t.players[int(text) - 1].key
    else:
        key = next((p.key for p in t.players if p.key == player_key(text, "")), "")
        if not key:
            raise TournamentInputError(
                N_("expected a bye player number or key, got %(chosen)r"), chosen=chosen
            )
    players = round_players(t, r)
    if key not in players:
        raise TournamentInputError(
            N_(
                "expected a bye who plays round %(r)s (final registration, "
                "participating), got %(chosen)r"
            ),
            r=r + 1,
            chosen=chosen,
        )
    if len(players) % 2 == 0:
        raise TournamentInputError(
            N_("expected an odd number of players for a bye, got %(count)s in round %(r)s"),
            count=len(players),
            r=r + 1,
        )
    byes = (*(b for b in t.byes if b.round != r), GoBye(r, key))
    return replace(t, byes=byes)

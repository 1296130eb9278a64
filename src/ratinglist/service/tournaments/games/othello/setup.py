"""An Othello tournament's set-up as the director's set-up page shows it: the class flags, the
forbidden and forced pairs, the entrants with their first round, withdrawal and absence."""

from __future__ import annotations

from ratinglist.model import PlayerId
from ratinglist.model.directed import Person
from ratinglist.service.tournaments.actions import person
from ratinglist.service.tournaments.rounds import PairRule, PlayerFlags, SetupEntrant
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.play import othello


def player_flags(d: FoldedTournament) -> tuple[PlayerFlags, ...]:
    """Every entrant's class flags, in entry order."""
    return tuple(
        PlayerFlags(Person(e.id, e.name), e.female, e.youth, e.birth_year)
        for e in othello(d).state.entrants
    )


def pair_rules(d: FoldedTournament) -> tuple[PairRule, ...]:
    """The forbidden pairs, then the pairs forced in the rounds not yet stored."""
    o = othello(d)
    forbidden = []
    for pair in o.state.never_pair:
        a, b = sorted(pair)
        forbidden.append(PairRule(None, person(d, a), person(d, b)))
    forced = tuple(
        PairRule(f.round, person(d, f.black), person(d, f.white))
        for f in o.forced
        if f.round > d.paired
    )
    return (*forbidden, *forced)


def setup_entrants(d: FoldedTournament) -> tuple[SetupEntrant, ...]:
    """The entrants with their flags, first round, withdrawal and absence from the next round."""
    o = othello(d)
    following = d.paired + 1
    absent: frozenset[PlayerId] = frozenset()
    if following <= len(o.state.rounds):
        absent = o.state.rounds[following - 1].absent
    return tuple(
        SetupEntrant(
            PlayerFlags(Person(e.id, e.name), e.female, e.youth, e.birth_year),
            e.first_round,
            o.state.withdrawn_from(e.id),
            e.id in absent,
        )
        for e in o.state.entrants
    )

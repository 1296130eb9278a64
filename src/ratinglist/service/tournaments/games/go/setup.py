"""A Go tournament's set-up as the director's set-up page shows it: the forbidden and forced
pairs, the players with their first round, withdrawal and absence from the next round (Go
players carry no class flags: their flags are left empty)."""

from __future__ import annotations

from ratinglist.model.directed import Person
from ratinglist.service.tournaments.rounds import PairRule, PlayerFlags, SetupEntrant
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.go.state import go_play


def pair_rules(d: FoldedTournament) -> tuple[PairRule, ...]:
    """The forbidden pairs, then the pairs forced in the rounds not yet paired."""
    s = go_play(d)
    forbidden = []
    for pair in s.never:
        a, b = sorted(pair)
        forbidden.append(PairRule(None, Person(a, s.name(a)), Person(b, s.name(b))))
    forced = tuple(
        PairRule(f.round, Person(f.black, s.name(f.black)), Person(f.white, s.name(f.white)))
        for f in s.forced
        if f.round > s.paired
    )
    return (*forbidden, *forced)


def setup_entrants(d: FoldedTournament) -> tuple[SetupEntrant, ...]:
    """The players in entry order: first round played, withdrawal, absence from the next
    round (a player neither withdrawn nor playing it)."""
    s = go_play(d)
    following = s.paired  # the next round, 0-based
    out = []
    for pid, p in zip(s.ids, s.players, strict=True):
        first = next((r + 1 for r, on in enumerate(p.participating) if on), s.paired + 1)
        gone = s.withdrawn_from(pid)
        out.append(
            SetupEntrant(
                PlayerFlags(Person(pid, s.name(pid)), False, False, None),
                first,
                gone,
                gone is None and not p.plays(following),
            )
        )
    return tuple(out)

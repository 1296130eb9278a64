"""The forecast of a Go tournament: Black's expected result of each game by the score model
(the GoR with the game's handicap and komi, each entrant's strength from `entrant_facts`),
the log-loss of the played games' forecasts, and each entrant's chances from a seeded
simulation of what is left.

Each run completes the tournament with the engine's own rules, from the folded state: the
missing results of the published rounds, then each round still to play paired by the
tournament's system (`play.next_go_pairing`, as the director's "pair" does) and its results
drawn; the places are the engine's standings (`standings.go_standings_view`, the
tournament's placement criteria). A result is drawn from Black's expected result ``p``:
Black wins with chance ``p`` (no jigo: komi 7.5 or 0.5, the usual ones, leave none). A team
tournament's rounds pair teams, and a field above `SIMULATED_FIELD` players costs a worker
seconds a run: their chances are not simulated (the games' forecasts and their log-loss are
given).
"""

from __future__ import annotations

import random

from ratinglist.errors import N_, PairingError, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.directed import Person
from ratinglist.model.forecast import (
    EntrantFacts,
    Forecast,
    ForecastScore,
    GameForecast,
    Handicap,
    PlayerForecast,
    ScoreModel,
    Strength,
    forecast_of,
    log_loss,
    require_runs,
    standard_error,
)
from ratinglist.model.go import rating_from_rank
from ratinglist.model.go.tournament import COMPAT_GROUP_MAX, GoGame, GoPlayer, Outcome
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.go.director import go_person, go_standings_view
from ratinglist.tournament.games.go.events import GoResultEntered
from ratinglist.tournament.games.go.state import GoState, apply_go, go_play

SIMULATED_FIELD = 32
"""The most players whose chances are simulated: a run costs about 15 ms of CPU at 16
players, 30 ms at 40 and 300 ms at 200 (McMahon, 4 rounds left), and a field above 16 gets
fewer runs (`service.tournaments.forecast.default_runs`, 50 from 32 players): a forecast of
up to 32 players costs a live page about a second after each result, as an Othello one."""

BLACK_POINTS = {Outcome.BLACK_WINS: 1.0, Outcome.WHITE_WINS: 0.0, Outcome.JIGO: 0.5}
"""Black's points of a result that scores a game (both-win and both-lose are not
forecasts' results)."""

SHOWN = {Outcome.BLACK_WINS: "B+", Outcome.WHITE_WINS: "W+", Outcome.JIGO: "jigo"}
"""A result as a forecast's table shows it."""


def entrant_facts(player: GoPlayer, number: PlayerId) -> EntrantFacts:
    """What the forecast knows of an entrant: the EGF's rating when the entry carries one
    (origin ``EGF``), else their declared rank's (1d = 2100), a newcomer to the EGF list."""
    established = player.rating_origin.split(":")[0].strip().upper()[:3] == "EGF"
    rating = player.rating if established else rating_from_rank(player.rank)
    return EntrantFacts(int(number), float(rating), established)


def komi_of(s: GoState) -> float:
    """The tournament's komi (7.5 when it is not a number)."""
    try:
        return float(s.parameters.general.komi.replace(",", "."))
    except ValueError:
        return 7.5


def game_terms(stones: int, komi: float) -> Handicap:
    """A game's handicap and komi: a handicap game (1 stone or more) is played with komi 0.5
    (the EGF's rules; the file's komi is the even games'), an even game with the
    tournament's."""
    return Handicap(stones, 0.5 if stones > 0 else komi)


class _Expected:
    """Black's expected result of each game, each entrant's strength computed once."""

    def __init__(self, s: GoState, model: ScoreModel) -> None:
        self.state = s
        self.model = model
        self.komi = komi_of(s)
        self.ids = {s.key(pid): pid for pid in s.ids}
        self.players = {s.key(pid): p for pid, p in zip(s.ids, s.players, strict=True)}
        self.strengths: dict[str, Strength] = {}
        self.known: dict[tuple[str, str, int], float] = {}

    def strength(self, key: str) -> Strength:
        found = self.strengths.get(key)
        if found is None:
            facts = entrant_facts(self.players[key], self.ids[key])
            found = self.strengths[key] = self.model.strength(facts)
        return found

    def __call__(self, black: str, white: str, handicap: int) -> float:
        index = (black, white, handicap)
        p = self.known.get(index)
        if p is None:
            terms = game_terms(handicap, self.komi)
            p = float(self.model.expected(self.strength(black), self.strength(white), terms))
            self.known[index] = p
        return p


def _person(e: _Expected, key: str) -> Person:
    return go_person(e.state, e.ids[key])


def _game(e: _Expected, number: int, g: GoGame) -> GameForecast:
    shown = "" if g.result.by_default else SHOWN.get(g.result.outcome, "")
    return GameForecast(
        str(number),
        _person(e, g.black),
        _person(e, g.white),
        e.players[g.black].rating,
        e.players[g.white].rating,
        e(g.black, g.white, g.handicap),
        shown,
    )


def played_games(s: GoState, e: _Expected) -> tuple[GameForecast, ...]:
    """Every game played on the board (not by default) with a result that scores it."""
    return tuple(
        _game(e, r.number, g)
        for r in s.rounds
        for g in r.games
        if not g.result.by_default and g.result.outcome in BLACK_POINTS
    )


def forecast_score(s: GoState, e: _Expected) -> ForecastScore | None:
    """The mean log-loss of the played games' forecasts (None: none played)."""
    losses = [
        log_loss(e(g.black, g.white, g.handicap), BLACK_POINTS[g.result.outcome])
        for r in s.rounds
        for g in r.games
        if not g.result.by_default and g.result.outcome in BLACK_POINTS
    ]
    return ForecastScore(len(losses), sum(losses) / len(losses)) if losses else None


def _draw(e: _Expected, rng: random.Random, g: GoGame) -> str:
    p = e(g.black, g.white, g.handicap)
    return str((Outcome.BLACK_WINS if rng.random() < p else Outcome.WHITE_WINS).value)


def _complete(s: GoState, e: _Expected, rng: random.Random) -> GoState:
    for r in s.rounds:
        for g in r.games:
            if g.result.outcome is Outcome.UNKNOWN:
                event = GoResultEntered(r.number, e.ids[g.white], e.ids[g.black], _draw(e, rng, g))
                s = apply_go(s, event)
    return s


def rounds_left(s: GoState) -> int:
    """The rounds not yet published."""
    return max(s.number_of_rounds - s.paired, 0)


def _open(d: FoldedTournament, s: GoState) -> bool:
    if d.closed:
        return False
    unplayed = any(g.result.outcome is Outcome.UNKNOWN for r in s.rounds for g in r.games)
    return bool(rounds_left(s)) or unplayed


def simulate_once(
    d: FoldedTournament, s: GoState, e: _Expected, rng: random.Random
) -> tuple[PlayerId, ...]:
    """One simulated end of the tournament: the players in the final standings' order."""
    # the pairing engine only when a forecast is simulated (numpy, scipy)
    from ratinglist.tournament.games.go.play import next_go_pairing

    group_max = COMPAT_GROUP_MAX if s.parameters.pairing.compat == "opengotha" else None
    s = _complete(s, e, rng)
    for _ in range(rounds_left(s)):
        try:
            paired = next_go_pairing(s, group_max)
        except PairingError as exc:
            raise TournamentInputError(
                N_("expected a simulated round to be paired, got: %(exc)s"), exc=exc
            ) from exc
        s = _complete(apply_go(s, paired), e, rng)
    view = go_standings_view(s, d.settings.name, None)
    return tuple(PlayerId(int(line.player.id)) for line in view.lines)


def go_forecast(
    d: FoldedTournament, model: ScoreModel, runs: int, seed: int, seq: int = 0
) -> Forecast:
    """The forecast of a Go tournament from `runs` simulated ends seeded by `seed`.

    Raises:
        TournamentError: `runs` below 1, or a simulated round cannot be paired.
    """
    require_runs(runs)
    s = go_play(d)
    e = _Expected(s, model)
    entrants = list(s.ids)
    open_ = _open(d, s) and len(entrants) >= 2
    simulated = not s.teams and 2 <= len(entrants) <= SIMULATED_FIELD
    first = dict.fromkeys(entrants, 0)
    top = dict.fromkeys(entrants, 0)
    done = 0
    if simulated:
        rng = random.Random(seed)
        done = runs if open_ else 1
        for _ in range(done):
            order = simulate_once(d, s, e, rng)
            first[order[0]] += 1
            for p in order[:4]:
                top[p] += 1
    shown_runs = runs if open_ and simulated else 0
    players = []
    if simulated:
        for pid in entrants:
            p1, p4 = first[pid] / done, top[pid] / done
            key = s.key(pid)
            players.append(
                PlayerForecast(
                    _person(e, key),
                    e.players[key].rating,
                    p1,
                    p4,
                    None,
                    standard_error(p1, shown_runs),
                    standard_error(p4, shown_runs),
                )
            )
    current = s.rounds[-1] if s.rounds else None
    games = () if current is None else tuple(_game(e, current.number, g) for g in current.games)
    return forecast_of(
        d.settings.name,
        model,
        seq=seq,
        seed=seed,
        runs=shown_runs,
        finals=False,
        finished=not open_,
        rounds_left=rounds_left(s),
        games=games,
        players=players,
        played=played_games(s, e),
        score=forecast_score(s, e),
        newcomers=sum(e.strength(s.key(pid)).newcomer for pid in entrants),
    )

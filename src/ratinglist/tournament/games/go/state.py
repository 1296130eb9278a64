"""The state of a directed Go tournament: the Go part of the fold of its event log.

A Go tournament's log holds the shared events (creation, withdrawals, absences, forbidden
and forced pairs, submission, undo) and the Go ones (`GoRegistered`, `GoPaired`,
`GoResultEntered`, `GoResultCorrected`, and for team tournaments `GoTeamEntered` and
`GoTeamBoards`); `tournament.fold` hands each action of a Go
tournament to the functions here, which check it and return a new `GoState`. Players are
numbered 1, 2, ... in order of registration (the number is their `PlayerId` in the log);
`GoState.tournament()` is the `GoTournament` the pairing, standings and files work on
(rounds 0-based there, 1-based in the log).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ratinglist.errors import (
    N_,
    GoRankError,
    NotAllowedNow,
    NotOffered,
    Phrase,
    TournamentInputError,
)
from ratinglist.formats.go.opengotha_document import OpenGothaDocument
from ratinglist.model import PlayerId
from ratinglist.model.go import parse_rank
from ratinglist.model.go.team import GoTeam, TeamParameters
from ratinglist.model.go.tournament import (
    MAX_ROUNDS,
    ClubsGroup,
    GoBye,
    GoGame,
    GoParameters,
    GoPlayer,
    GoResult,
    GoSystem,
    GoTournament,
    Outcome,
)
from ratinglist.tournament.events import Absent, Event, Forbidden, Forced, Settings, Withdrawn
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import described
from ratinglist.tournament.games.go.events import (
    GoPaired,
    GoRegistered,
    GoResultCorrected,
    GoResultEntered,
    GoSettingsChanged,
    GoTeamBoards,
    GoTeamEntered,
)
from ratinglist.tournament.games.go.options import with_options
from ratinglist.tournament.games.go.settings import go_parameters, go_system, go_team_parameters

DETAIL_FIELDS = ("ffg_licence_status", "aga_expiration", "rating_origin", "grade")
"""The `GoPlayer` fields a registration carries in `GoRegistered.details`."""


@dataclass(frozen=True, slots=True)
class GoRound:
    """A published round (1-based `number`): its games (players by key) and byes."""

    number: int
    games: tuple[GoGame, ...] = ()
    byes: tuple[str, ...] = ()

    def game_of(self, key: str) -> GoGame | None:
        """The game `key` plays in this round, or None."""
        at = self.game_index(key)
        return None if at < 0 else self.games[at]

    def game_index(self, key: str) -> int:
        """The index in `games` of the game `key` plays in this round, or -1."""
        for i, g in enumerate(self.games):
            if g.white == key or g.black == key:
                return i
        return -1

    @property
    def complete(self) -> bool:
        """Every game has a known result."""
        return all(g.result.outcome is not Outcome.UNKNOWN for g in self.games)


@dataclass(frozen=True, slots=True)
class GoState:
    """Parameters, players (by number), published rounds, forced and forbidden pairs, the
    teams of a team tournament (members by player key), and the byes the director chose
    for rounds not yet paired ((round, player), `tournament.games.go.edits`)."""

    system: GoSystem
    parameters: GoParameters
    clubs_groups: tuple[ClubsGroup, ...] = ()
    team_parameters: TeamParameters = field(default_factory=TeamParameters)
    teams: tuple[GoTeam, ...] = ()
    players: tuple[GoPlayer, ...] = ()
    ids: tuple[PlayerId, ...] = ()
    rounds: tuple[GoRound, ...] = ()
    forced: tuple[Forced, ...] = ()
    never: tuple[frozenset[PlayerId], ...] = ()
    withdrawn: tuple[tuple[PlayerId, int], ...] = ()
    chosen_byes: tuple[tuple[int, PlayerId], ...] = ()
    _keys: dict[PlayerId, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def paired(self) -> int:
        """The number of rounds published so far."""
        return len(self.rounds)

    @property
    def number_of_rounds(self) -> int:
        """The rounds the tournament plays."""
        return self.parameters.general.number_of_rounds

    def key(self, player: PlayerId) -> str:
        """The OpenGotha key of player number `player`."""
        found = self._keys.get(player)
        if found is None:
            raise TournamentInputError(
                N_("expected an entered player number, got %(player)s"), player=player
            )
        return found

    def number(self, key: str) -> PlayerId:
        """The number of the player whose key is `key`."""
        for pid, k in self._keys.items():
            if k == key:
                return pid
        raise TournamentInputError(N_("expected an entered player, got %(key)r"), key=key)

    def numbers(self) -> dict[str, PlayerId]:
        """Every player's number by key."""
        return {k: pid for pid, k in self._keys.items()}

    def player(self, player: PlayerId) -> GoPlayer:
        """The registration of player number `player`."""
        if player not in self._keys:
            raise TournamentInputError(
                N_("expected an entered player number, got %(player)s"), player=player
            )
        return self.players[self.ids.index(player)]

    def name(self, player: PlayerId) -> str:
        """``Surname, First name`` of player number `player`."""
        p = self.player(player)
        return f"{p.name}, {p.first_name}" if p.first_name else p.name

    def tournament(self) -> GoTournament:
        """The tournament as OpenGotha keeps it (rounds 0-based)."""
        return GoTournament(
            parameters=self.parameters,
            players=self.players,
            games=tuple(g for r in self.rounds for g in r.games),
            byes=tuple(GoBye(r.number - 1, k) for r in self.rounds for k in r.byes),
            clubs_groups=self.clubs_groups,
        )

    def document(self) -> OpenGothaDocument:
        """The tournament with its teams, as an OpenGotha file holds them."""
        return OpenGothaDocument(self.tournament(), self.teams, self.team_parameters)

    def team(self, number: int) -> GoTeam:
        """Team number `number`."""
        for team in self.teams:
            if team.number == number:
                return team
        known = ", ".join(str(t.number) for t in self.teams) or "none yet"
        raise TournamentInputError(
            N_("expected a team number (%(known)s), got %(number)s"), known=known, number=number
        )

    def chosen_bye(self, k: int) -> PlayerId | None:
        """The bye the director chose for round `k` before its pairing, or None."""
        return next((pid for r, pid in self.chosen_byes if r == k), None)

    def withdrawn_from(self, player: PlayerId) -> int | None:
        """The first round a withdrawn player does not play, or None."""
        return next((k for pid, k in self.withdrawn if pid == player), None)


def new_go_state(settings: Settings) -> GoState:
    """The state of a Go tournament just created with `settings`."""
    if settings.go is None:
        raise TournamentInputError(N_("expected the Go parameters of a Go tournament, got none"))
    parameters, groups = go_parameters(settings.go)
    teams = go_team_parameters(settings.go)
    return GoState(go_system(settings.go), parameters, groups, teams)


def _future_round(s: GoState, k: int, what: str) -> None:
    if k <= s.paired:
        raise NotAllowedNow(
            N_("expected %(what)s for a round not yet paired (> %(paired)s), got round %(k)s"),
            what=what,
            paired=s.paired,
            k=k,
        )
    if k > MAX_ROUNDS:
        raise TournamentInputError(
            N_("expected %(what)s for a round 1-%(max_rounds)s, got round %(k)s"),
            what=what,
            max_rounds=MAX_ROUNDS,
            k=k,
        )


def register(s: GoState, e: GoRegistered) -> GoState:
    """Enter a Go player."""
    if e.player in s._keys:
        raise NotAllowedNow(
            N_("expected a new player number, got %(player)s already entered"), player=e.player
        )
    if e.first_round < 1:
        raise TournamentInputError(
            N_("expected a first round >= 1, got %(first_round)s"), first_round=e.first_round
        )
    if e.first_round > 1:
        _future_round(s, e.first_round, N_("a late entry"))
    try:
        rank = parse_rank(e.rank, clamp=True)
    except GoRankError as exc:
        raise TournamentInputError(
            N_("expected a rank such as 5k or 2d, got %(rank)r"), rank=e.rank
        ) from exc
    if not e.surname.strip():
        raise TournamentInputError(N_("expected a surname, got an empty one"))
    details = dict(e.details)
    unknown = set(details) - set(DETAIL_FIELDS)
    if unknown:
        raise TournamentInputError(
            N_("expected details among %(detail_fields)s, got %(unknown)s"),
            detail_fields=DETAIL_FIELDS,
            unknown=sorted(unknown),
        )
    player = GoPlayer(
        name=e.surname,
        first_name=e.firstname,
        rank=rank,
        rating=e.rating,
        country=e.country,
        club=e.club,
        egf_pin=e.egf_pin,
        ffg_licence=e.ffg_licence,
        aga_id=e.aga_id,
        smms_correction=e.smms_correction,
        participating=tuple(
            r + 1 >= e.first_round and r + 1 not in e.not_playing for r in range(MAX_ROUNDS)
        ),
        final=e.final,
        **details,
    )
    if player.key in s._keys.values():
        raise NotAllowedNow(
            N_(
                "expected a player not yet entered, got %(surname)r %(firstname)r (same"
                " name as player %(key)s)"
            ),
            surname=e.surname,
            firstname=e.firstname,
            key=s.number(player.key),
        )
    return replace(
        s,
        players=(*s.players, player),
        ids=(*s.ids, e.player),
        _keys={**s._keys, e.player: player.key},
    )


def _set_playing(s: GoState, player: PlayerId, rounds: range) -> GoState:
    i = s.ids.index(player) if player in s._keys else -1
    if i < 0:
        raise TournamentInputError(
            N_("expected an entered player number, got %(player)s"), player=player
        )
    p = s.players[i]
    flags = tuple(False if r + 1 in rounds else f for r, f in enumerate(p.participating))
    players = (*s.players[:i], replace(p, participating=flags), *s.players[i + 1 :])
    return replace(s, players=players)


def absent(s: GoState, player: PlayerId, k: int) -> GoState:
    """Player `player` does not play round `k` (not paired, no bye)."""
    _future_round(s, k, N_("an absence"))
    if not s.player(player).plays(k - 1):
        raise TournamentInputError(
            N_("expected a player due to play round %(k)s, got %(player)s"), k=k, player=player
        )
    return _set_playing(s, player, range(k, k + 1))


def withdraw(s: GoState, player: PlayerId, k: int) -> GoState:
    """Player `player` plays no round from `k` on."""
    _future_round(s, k, N_("a withdrawal"))
    if s.withdrawn_from(player) is not None:
        raise NotAllowedNow(
            N_("expected a player still in the tournament, got %(player)s withdrawn"), player=player
        )
    state = _set_playing(s, player, range(k, MAX_ROUNDS + 1))
    return replace(state, withdrawn=(*s.withdrawn, (player, k)))


def forbid(s: GoState, a: PlayerId, b: PlayerId) -> GoState:
    """Never pair `a` and `b`."""
    s.key(a), s.key(b)
    if a == b:
        raise TournamentInputError(N_("expected two different players, got %(a)s twice"), a=a)
    return replace(s, never=(*s.never, frozenset((a, b))))


def force(s: GoState, e: Forced) -> GoState:
    """Pair `e.black` with `e.white` in the next round (colours by the handicap rules)."""
    e.check(s.paired, s.forced, lambda pid: s.player(pid).plays(e.round - 1))
    return replace(s, forced=(*s.forced, e))


def pair(s: GoState, e: GoPaired) -> GoState:
    """Publish the games and byes of the next round."""
    if e.round != s.paired + 1:
        raise NotAllowedNow(
            N_("expected the next round %(paired)s, got round %(round)s"),
            paired=s.paired + 1,
            round=e.round,
        )
    if e.round > s.number_of_rounds:
        raise TournamentInputError(
            N_("expected a round of the tournament (1-%(number_of_rounds)s), got round %(round)s"),
            number_of_rounds=s.number_of_rounds,
            round=e.round,
        )
    seen: set[PlayerId] = set()
    tables: set[int] = set()
    games = []
    for white, black, handicap, table in e.games:
        for pid in (white, black):
            if pid in seen:
                raise TournamentInputError(
                    N_("expected each player once in a round, got %(pid)s twice"), pid=pid
                )
            seen.add(pid)
        if table in tables or table < 1:
            raise TournamentInputError(
                N_("expected distinct table numbers >= 1, got table %(table)s"), table=table
            )
        tables.add(table)
        if not 0 <= handicap <= 9:
            raise TournamentInputError(
                N_("expected a handicap 0-9, got %(handicap)s"), handicap=handicap
            )
        known = table not in e.unknown_colour
        games.append(
            GoGame(e.round - 1, table, s.key(white), s.key(black), handicap, GoResult(), known)
        )
    for pid in e.byes:
        if pid in seen:
            raise TournamentInputError(
                N_("expected each player once in a round, got %(pid)s twice"), pid=pid
            )
        seen.add(pid)
    forced = [f for f in s.forced if f.round == e.round]
    pairs = {frozenset((w, b)) for w, b, _, _ in e.games} if forced else set()
    missing = [f for f in forced if frozenset((f.black, f.white)) not in pairs]
    if missing:
        left = [(int(f.black), int(f.white)) for f in missing]
        raise TournamentInputError(
            N_("expected the forced pairs in round %(round)s, got %(left)s left out"),
            round=e.round,
            left=left,
        )
    new = GoRound(e.round, tuple(games), tuple(s.key(p) for p in e.byes))
    return replace(s, rounds=(*s.rounds, new))


def go_result(e: GoResultEntered | GoResultCorrected) -> GoResult:
    """The result an entry or correction carries."""
    try:
        outcome = Outcome(e.outcome)
    except ValueError as exc:
        known = ", ".join(o.value for o in Outcome)
        raise TournamentInputError(
            N_("expected an outcome among %(known)s, got %(outcome)r"),
            known=known,
            outcome=e.outcome,
        ) from exc
    return GoResult(outcome, e.by_default)


def record(s: GoState, e: GoResultEntered | GoResultCorrected) -> GoState:
    """Enter (or correct) the result of a game of a published round."""
    if not 1 <= e.round <= s.paired:
        raise TournamentInputError(
            N_("expected a paired round (1-%(paired)s), got round %(round)s"),
            paired=s.paired,
            round=e.round,
        )
    result = go_result(e)
    if result.outcome is Outcome.UNKNOWN and isinstance(e, GoResultEntered):
        raise TournamentInputError(N_("expected a known result to enter, got unknown"))
    white, black = s.key(e.white), s.key(e.black)
    rnd = s.rounds[e.round - 1]
    at = rnd.game_index(white)
    game = None if at < 0 else rnd.games[at]
    if game is None or (game.white, game.black) != (white, black):
        hint: Phrase | str = ""
        if game is not None and (game.white, game.black) == (black, white):
            hint = Phrase(N_(" (White is %(white)s in that game)"), white=e.black)
        raise TournamentInputError(
            N_("expected a game of round %(round)s, got %(white)s (White) - %(black)s%(hint)s"),
            round=e.round,
            white=e.white,
            black=e.black,
            hint=hint,
        )
    entered = game.result.outcome is not Outcome.UNKNOWN
    if isinstance(e, GoResultCorrected) and not entered:
        raise NotAllowedNow(
            N_("expected an entered result to correct, got none in round %(round)s"), round=e.round
        )
    if isinstance(e, GoResultEntered) and entered:
        raise NotAllowedNow(
            N_(
                "expected a game without result, got %(white)s - %(black)s of round "
                "%(round)s already entered (use correct)"
            ),
            white=e.white,
            black=e.black,
            round=e.round,
        )
    games = (*rnd.games[:at], replace(game, result=result), *rnd.games[at + 1 :])
    rounds = list(s.rounds)
    rounds[e.round - 1] = replace(rnd, games=games)
    return replace(s, rounds=tuple(rounds))


def enter_team(s: GoState, e: GoTeamEntered) -> GoState:
    """Enter a team (a number of its own, 1 or more; a name of its own)."""
    if e.team < 1 or any(t.number == e.team for t in s.teams):
        used = ", ".join(str(t.number) for t in s.teams) or "none"
        raise TournamentInputError(
            N_("expected a new team number >= 1 (used: %(used)s), got %(team)s"),
            used=used,
            team=e.team,
        )
    name = e.name.strip()
    if not name:
        raise TournamentInputError(N_("expected a team name, got an empty one"))
    for team in s.teams:
        if team.name.casefold() == name.casefold():
            raise TournamentInputError(
                N_("expected a new team name, got %(name)r (team %(number)s)"),
                name=name,
                number=team.number,
            )
    return replace(s, teams=(*s.teams, GoTeam(e.team, name)))


def set_team_boards(s: GoState, e: GoTeamBoards) -> GoState:
    """Set the members of a team in a round not yet paired, board 1 first; each is copied
    to the later rounds whose board is empty. OpenGotha's files may have a player on two
    boards (see `board_clash`, which the team commands check first)."""
    team = s.team(e.team)
    _future_round(s, e.round, N_("team members"))
    size = s.team_parameters.team_size
    if not 1 <= len(e.players) <= size:
        raise TournamentInputError(
            N_("expected 1 to %(size)s players (the team size), got %(count)s"),
            size=size,
            count=len(e.players),
        )
    named = [p for p in e.players if int(p) != 0]
    r = e.round - 1
    keys = {pid: s.key(pid) for pid in named}
    changed = team
    for board, pid in enumerate(e.players):
        if int(pid) == 0:
            changed = changed.without_member(r, board)
        else:
            changed = changed.with_member(r, board, keys[pid], MAX_ROUNDS)
    teams = tuple(changed if t.number == team.number else t for t in s.teams)
    return replace(s, teams=teams)


def board_clash(s: GoState, e: GoTeamBoards) -> str | None:
    """Why a director's `e` would put a player on two boards of round `e.round` (of one
    team or of two), or None. OpenGotha allows it (real files have it), so `set_team_boards`
    does not refuse it; the team commands do."""
    named = [p for p in e.players if int(p) != 0]
    if len(set(named)) != len(named):
        return f"expected each player on one board, got {[int(p) for p in named]}"
    r = e.round - 1
    for other in s.teams:
        if other.number == e.team:
            continue
        taken = set(other.board_players(r).values())
        for pid in named:
            if s.key(pid) in taken:
                return (
                    f"expected players of no other team in round {e.round}, got {int(pid)} "
                    f"in team {other.number} {other.name!r}"
                )
    return None


SMMS_CORRECTIONS = range(-1, 3)
"""OpenGotha's McMahon groups frame: bar - 1 (-1), the top group (0), the super group (+1),
+2."""


def set_smms(s: GoState, corrections: Sequence[tuple[PlayerId, int]]) -> GoState:
    """Players' SMMS corrections (their McMahon group above or below their rank's).

    Raises:
        TournamentError: round 1 is paired (the corrections made its groups), an unknown
            player or a correction outside -1..2.
    """
    if s.paired:
        raise NotAllowedNow(
            N_(
                "expected SMMS corrections before round 1 is paired (they made the "
                "groups of the published rounds), got round 1 paired"
            )
        )
    players = list(s.players)
    for pid, correction in corrections:
        if correction not in SMMS_CORRECTIONS:
            raise TournamentInputError(
                N_("expected an SMMS correction -1 to 2 for player %(pid)s, got %(correction)s"),
                pid=pid,
                correction=correction,
            )
        s.key(pid)
        at = s.ids.index(pid)
        players[at] = replace(players[at], smms_correction=correction)
    return replace(s, players=tuple(players))


def apply_go(s: GoState, event: Event) -> GoState:
    """The Go state after one action of a Go tournament."""
    match event:
        case GoRegistered():
            return register(s, event)
        case Withdrawn(player=p, from_round=k):
            return withdraw(s, p, k)
        case Absent(player=p, round=k):
            return absent(s, p, k)
        case Forbidden(first=a, second=b):
            return forbid(s, a, b)
        case Forced():
            return force(s, event)
        case GoPaired():
            return pair(s, event)
        case GoResultEntered() | GoResultCorrected():
            return record(s, event)
        case GoTeamEntered():
            return enter_team(s, event)
        case GoTeamBoards():
            return set_team_boards(s, event)
        case GoSettingsChanged(options=pairs, smms=corrections):
            changed = replace(s, parameters=with_options(s.parameters, pairs, s.paired))
            return set_smms(changed, corrections) if corrections else changed
    raise NotOffered(
        N_("expected an action of a Go tournament, got a %(kind)r event"), kind=event.kind
    )


def go_play(d: FoldedTournament) -> GoState:
    """The Go state of a folded tournament.

    Raises:
        TournamentError: `d` is a tournament of another game.
    """
    if not isinstance(d.play, GoState):
        raise NotOffered(N_("expected a Go tournament, got %(d)s"), d=described(d))
    return d.play

"""The JSON API of every tournament-director action (``/api/v1/td/...``).

Each route is one service call, the same the TD pages and the CLI make. The gate
(`web.auth.AuthGate`) refuses anonymous requests before anything else; each route's
dependency then checks the role (director of the tournament; assistants may enter and
correct results only) and the CSRF token (header ``X-CSRF-Token``). A write based on an
older state that another device changed answers 409 with what changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from fastapi import Depends, Query, Request
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, Field

from ratinglist.model.account import (
    may_enter_results,
)
from ratinglist.model.directed import (
    Created,
    EnteredResult,
    FinalsView,
    NewSettings,
    PlayerAction,
    Registration,
    ResultSpec,
    RoundView,
    Standings,
    SubmittedFile,
    Undid,
)
from ratinglist.service.tournaments.actions import (
    Entry,
    absent,
    forbid,
    force,
    new_tournament,
    pair,
    register_players,
    start_finals,
    undo,
    undo_preview,
    withdraw,
)
from ratinglist.service.tournaments.results import enter_result
from ratinglist.service.tournaments.server import (
    Overview,
    invite_assistant,
    live_view,
    overview,
    overview_facts,
    running,
)
from ratinglist.service.tournaments.views import (
    Download,
    download,
    result_slips,
    show_round,
    standings,
    submit,
)
from ratinglist.web.auth import Creator, Director, Reporter, signed_in
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import db_url, game_offers
from ratinglist.web.views.games import new_options_of, with_new_options

router = APIRouter(prefix="/api/v1/td", tags=["tournament director"])


class _NewTournament(BaseModel):
    """A new tournament; `system` None: the EOC table by player count at the first pairing."""

    name: str = Field(min_length=1, max_length=200)
    country: str = Field(min_length=2, max_length=100)
    start_date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    end_date: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}-\d{2}$")
    rounds: int | None = Field(default=None, ge=1, le=30)
    system: str | None = Field(default=None, max_length=40)
    seed: int | None = None
    game: str = Field(default="othello", max_length=20, description="othello or go")
    bar: str | None = Field(default=None, max_length=4, description="Go: McMahon bar (rank)")
    floor: str | None = Field(default=None, max_length=4, description="Go: McMahon floor")
    criteria: str | None = Field(
        default=None, max_length=100, description="Go: placement criteria (MMS,SOSM,...)"
    )


if TYPE_CHECKING:
    NewTournament = _NewTournament
else:
    NewTournament = with_new_options(_NewTournament, "NewTournament")
    """A new tournament, with each game's own options (Go's ``go``)."""


class NewPlayer(BaseModel):
    """A player not in the registry: gets a temporary identifier (``NEW1``) until the host
    country's ID officer gives the real ID."""

    surname: str = Field(min_length=1, max_length=100)
    firstname: str = Field(default="", max_length=100)
    country: str = Field(min_length=2, max_length=100)


class Players(BaseModel):
    """Players to enter: registry IDs or names (fuzzy), and at most one new player; a new
    player with a registered namesake is refused (409) unless `anyway`."""

    players: list[str] = Field(default_factory=list, max_length=1000)
    new: NewPlayer | None = None
    anyway: bool = False
    first_round: int | None = Field(default=None, ge=1)
    female: bool = False
    youth: bool = False
    birth_year: int | None = Field(default=None, ge=1900, le=2100)


class ExportKind(BaseModel):
    """A file the tournament's game exports."""

    kind: str
    label: str


class ResultIn(BaseModel):
    """A result: the game by round and table, by round and players (`black`, `white`), or
    both (refused with 409 when the table holds another game now); Othello: a disc score
    (``40-24`` or ``40 24``) or a special result and winner; Go: ``1-0``, ``0-1``, ``=``
    (jigo), ``0-0``, ``1-1`` for White - Black (by table) or for the two players in the
    order named, ``!`` after it for by default (``1-0!``). The same result sent twice is stored once
    (`repeated` in the answer)."""

    round: int | str | None = None
    table: int | None = Field(default=None, ge=1)
    black: int | None = None
    white: int | None = None
    score: str | None = Field(default=None, max_length=10)
    special: str | None = Field(default=None, max_length=20)
    winner: int | None = None
    based_on: int | None = Field(default=None, ge=1)

    def spec(self) -> ResultSpec:
        """As the service takes it."""
        return ResultSpec(
            round=None if self.round is None else str(self.round),
            black=self.black,
            white=self.white,
            table=self.table,
            score=self.score,
            special=self.special,
            winner=self.winner,
        )


class SubmitIn(BaseModel):
    """Why an unfinished tournament is submitted (a game without a result, rounds not
    played): required then, and sent with the results file."""

    reason: str = Field(default="", max_length=500)


class Withdrawal(BaseModel):
    """Withdraw a player from a round on (default: the next round)."""

    player: int
    from_round: int | None = Field(default=None, ge=1)


class Absence(BaseModel):
    """A player absent from one round (default: the next round)."""

    player: int
    round: int | None = Field(default=None, ge=1)


class PlayerPair(BaseModel):
    """Two players: a pair never to be paired (`forbidden`) or imposed on the next round."""

    first: int
    second: int


class ForcedPair(PlayerPair):
    """Two players to pair by hand; `confirmed`: even if they already played each other or
    are a forbidden pair."""

    confirmed: bool = False


class PairOut(BaseModel):
    """A forbidden or forced pair, with the round it is forced in (None: forbidden)."""

    round: int | None
    first: str
    second: str


class Assistant(BaseModel):
    """An existing user who may enter results of the tournament."""

    user: str = Field(min_length=1, max_length=64)


class GrantOut(BaseModel):
    """A role given."""

    user: str
    role: str


@router.get("/tournaments")
def list_mine(request: Request) -> list[Overview]:
    """The running tournaments the signed-in user may direct or enter results of."""
    who = signed_in(request)
    if who is None:
        return []
    found = running(db_url(request))
    return [o for o in found if may_enter_results(who.account, o.id)]


@router.post("/tournaments", status_code=201)
def create(request: Request, body: NewTournament, who: Creator) -> Created:
    """Create a tournament; the signed-in user becomes its director."""
    settings = NewSettings(
        name=body.name,
        country=body.country,
        start=body.start_date,
        end=body.end_date,
        system=body.system,
        rounds=body.rounds,
        seed=body.seed,
        game=body.game,
        bar=body.bar,
        floor=body.floor,
        criteria=body.criteria,
        **new_options_of(body),
    )
    return new_tournament(db_url(request), settings, who.actor, director=who.account.name)


@router.get("/tournaments/{tid}")
def show(request: Request, tid: int, who: Director) -> Overview:
    """The overview (counts, current round, the log's event number)."""
    return overview(db_url(request), tid)


@router.post("/tournaments/{tid}/players", status_code=201)
def add_players(request: Request, tid: int, body: Players, who: Director) -> Registration:
    """Register players (late entries take part from `first_round`, default the next round)."""
    new = body.new
    return register_players(
        db_url(request),
        tid,
        body.players,
        who.actor,
        new_player=None if new is None else f"{new.surname}, {new.firstname}",
        new_country=None if new is None else new.country,
        entry=Entry(
            first_round=body.first_round,
            female=body.female,
            youth=body.youth,
            birth_year=body.birth_year,
        ),
        anyway=body.anyway,
    )


@router.post("/tournaments/{tid}/withdrawals", status_code=201)
def withdraw_player(request: Request, tid: int, body: Withdrawal, who: Director) -> PlayerAction:
    """Withdraw a player."""
    return withdraw(db_url(request), tid, body.player, who.actor, body.from_round)


@router.post("/tournaments/{tid}/absences", status_code=201)
def mark_absent(request: Request, tid: int, body: Absence, who: Director) -> PlayerAction:
    """Declare a player absent for one round (no game, no bye)."""
    return absent(db_url(request), tid, body.player, who.actor, body.round)


@router.post("/tournaments/{tid}/forbidden", status_code=201)
def forbid_pair(request: Request, tid: int, body: PlayerPair, who: Director) -> PairOut:
    """Never pair two players together (e.g. members of one family)."""
    first, second = forbid(db_url(request), tid, body.first, body.second, who.actor)
    return PairOut(round=None, first=first.name, second=second.name)


@router.post("/tournaments/{tid}/forced", status_code=201)
def force_pair(request: Request, tid: int, body: ForcedPair, who: Director) -> PairOut:
    """Impose a pair on the next round (`first` has Black); a pair that already played or
    is forbidden is refused (409, the concerns in the message) unless `confirmed`."""
    k, black, white = force(
        db_url(request), tid, body.first, body.second, who.actor, confirmed=body.confirmed
    )
    return PairOut(round=k, first=black.name, second=white.name)


@router.post("/tournaments/{tid}/rounds", status_code=201)
def pair_round(request: Request, tid: int, who: Director) -> RoundView:
    """Pair the next round and publish it."""
    return pair(db_url(request), tid, who.actor)


@router.get("/tournaments/{tid}/rounds/{number}")
def round_view(request: Request, tid: int, number: int, who: Reporter) -> RoundView:
    """A published round with its tables and results so far."""
    return show_round(db_url(request), tid, number)


@router.post("/tournaments/{tid}/results", status_code=201)
def add_result(request: Request, tid: int, body: ResultIn, who: Reporter) -> EnteredResult:
    """Enter a result (409 when the game already has one or changed since `based_on`)."""
    return enter_result(db_url(request), tid, body.spec(), who.actor, based_on=body.based_on)


@router.post("/tournaments/{tid}/corrections", status_code=201)
def correct_result(request: Request, tid: int, body: ResultIn, who: Reporter) -> EnteredResult:
    """Correct an entered result."""
    return enter_result(
        db_url(request),
        tid,
        body.spec(),
        who.actor,
        correction=True,
        based_on=body.based_on,
    )


class UndoIn(BaseModel):
    """The log's event number the undo was decided on (`GET .../undo` gives it with the
    action it cancels): when the log moved since, nothing is undone (409)."""

    based_on: int | None = Field(default=None, ge=1)


@router.get("/tournaments/{tid}/undo")
def undo_pending(request: Request, tid: int, who: Director) -> Undid:
    """What an undo would cancel now (the action in words, who wrote it) and the log's event
    number (`based_on`) to send with it."""
    return undo_preview(db_url(request), tid)


@router.post("/tournaments/{tid}/undo")
def undo_last(request: Request, tid: int, who: Director, body: UndoIn | None = None) -> Undid:
    """Cancel the latest action still in force; with `based_on`, only if the log has not
    moved since (409 otherwise: the latest action may be someone else's)."""
    based_on = None if body is None else body.based_on
    return undo(db_url(request), tid, who.actor, based_on=based_on)


@router.post(
    "/tournaments/{tid}/finals",
    status_code=201,
    dependencies=[Depends(game_offers("finals", "finals"))],
)
def finals(request: Request, tid: int, who: Director) -> FinalsView:
    """Start the finals stage (semi-finals or final by the entrant count)."""
    return start_finals(db_url(request), tid, who.actor)


@router.get("/tournaments/{tid}/standings", response_model=None)
def standings_view(request: Request, tid: int, who: Reporter, cls: str | None = None) -> Standings:
    """The standings now, of one class if `cls` names one (female, youth, 50+, 60+,
    debutants, rating:LOW-HIGH)."""
    return standings(db_url(request), tid, cls or None)


@router.get("/tournaments/{tid}/slips", response_class=PlainTextResponse)
def slips(request: Request, tid: int, who: Reporter) -> Response:
    """Result slips of the current round, to print."""
    return PlainTextResponse(result_slips(db_url(request), tid))


def _file(got: Download) -> Response:
    disposition = f'attachment; filename="{got.file_name}"'
    return Response(
        got.data, media_type=got.media_type, headers={"Content-Disposition": disposition}
    )


@router.get("/tournaments/{tid}/export", response_class=PlainTextResponse)
def export_main(request: Request, tid: int, who: Director) -> Response:
    """The game's results file of the games so far: the .ELO of an Othello tournament, the
    EGF .h9 of a Go tournament."""
    kind = overview_facts(db_url(request), tid).main_export
    return _file(download(db_url(request), tid, kind))


@router.get("/tournaments/{tid}/exports")
def export_kinds(request: Request, tid: int, who: Reporter) -> list[ExportKind]:
    """The files the tournament's game exports (`kind` for `.../export/{kind}`)."""
    return [ExportKind(kind=k, label=label) for k, label in live_view(db_url(request), tid).exports]


@router.get("/tournaments/{tid}/export/{kind}", response_class=PlainTextResponse)
def export_kind(
    request: Request,
    tid: int,
    kind: str,
    who: Director,
    option: Annotated[list[str] | None, Query(max_length=10)] = None,
) -> Response:
    """One file the tournament's game exports, by kind: Othello ``elo``, ``html``, ``csv``,
    ``sheet1``...; Go ``xml``, ``h9``, ``tou``, ``aga``; `option` (repeated): the game's
    export options (Go's ``.h9``: ``egd-pins``, ``drop-by-default``)."""
    return _file(download(db_url(request), tid, kind, frozenset(option or ())))


@router.post("/tournaments/{tid}/submit", status_code=201)
def submit_results(
    request: Request, tid: int, who: Director, body: SubmitIn | None = None
) -> SubmittedFile:
    """Close the tournament and send its results file to the rating officer; refused with
    no result, and when unfinished without a `reason`."""
    return submit(db_url(request), tid, who.actor, reason=None if body is None else body.reason)


@router.post("/tournaments/{tid}/assistants", status_code=201)
def add_assistant(request: Request, tid: int, body: Assistant, who: Director) -> GrantOut:
    """Let an existing user enter results of this tournament."""
    given = invite_assistant(db_url(request), tid, body.user, who.actor)
    return GrantOut(user=body.user, role=given.label)

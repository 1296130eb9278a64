"""Editing a Go tournament after the fact: the director's page ``/td/{tid}/edit`` and the
JSON API ``/api/v1/td/tournaments/{tid}/edit/...``.

The same service calls as ``ratinglist tournament edit ...`` (`service.tournaments.games.go.edits`):
modify a player, choose the bye, unpair a game, pair players by hand (or the rest of the
round), exchange colours, set a handicap, change or renumber tables, set the number of
rounds, and OpenGotha's quick check. Every form carries the CSRF token and the log position
its page was drawn at (`based_on`): an edit from a stale page is refused (409) and nothing
is written. Every POST redirects back to the page (post/redirect/get), with its outcome in
the director pages' flash cookie.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Annotated, Protocol

from fastapi import Depends, Form, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ratinglist.errors import N_, RatinglistError, TournamentInputError
from ratinglist.i18n import _
from ratinglist.i18n.messages import translate_error
from ratinglist.service.accounts import SignedIn
from ratinglist.service.databases import Store
from ratinglist.service.tournaments.games.go.edits import (
    GoPlayerLine,
    GoRoundEdit,
    QuickCheckView,
    change_go_table,
    choose_go_bye,
    exchange_go_colours,
    fix_go_registrations,
    go_player,
    go_players,
    go_quick_check,
    go_round_edit,
    modify_go_player,
    pair_go_players,
    parse_round_numbers,
    remove_go_result,
    renumber_go_tables,
    set_go_handicap,
    set_go_rounds,
    unpair_go_game,
)
from ratinglist.service.tournaments.paging import Row, RowFilter, page_rows
from ratinglist.web.auth import Director
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import db_url, game_offers
from ratinglist.web.views.td_redirect import _act_at, _back, _render, _row_filter
from ratinglist.web.views.td_setup import Confirmed, asked_first

OFFERED = Depends(game_offers("edits", "page of edits after the fact (/td/N/edit)"))
"""Only for a game that offers it: else 404."""
router = APIRouter(prefix="/td", include_in_schema=False, dependencies=[OFFERED])
api = APIRouter(prefix="/api/v1/td", tags=["tournament director"], dependencies=[OFFERED])

BasedOn = Annotated[int, Form(ge=1)]
Round = Annotated[int, Form(ge=1, le=20)]
Table = Annotated[int, Form(ge=1, le=600)]


class _Done(Protocol):
    """A service's answer to an edit, saying what it did."""

    @property
    def done(self) -> str: ...


def _act(
    request: Request,
    tid: int,
    who: SignedIn,
    round_number: int | None,
    action: Callable[[Store], str],
) -> Response:
    """Run an edit on the database, then back to the edit page (at `round_number`) with
    its outcome (409 page for a conflict)."""
    where = "/edit" if round_number is None else f"/edit?round={round_number}"
    return _act_at(request, tid, who, where, lambda: action(db_url(request)))


def _edit(
    request: Request,
    tid: int,
    who: SignedIn,
    round_number: int | None,
    based_on: int,
    edit: Callable[..., _Done],
    *args: int,
) -> Response:
    """`_act` for the service call ``edit(db, tid, *args, actor=..., based_on=...)``."""
    return _act(
        request,
        tid,
        who,
        round_number,
        lambda db: edit(db, tid, *args, actor=who.actor, based_on=based_on).done,
    )


@router.get("/{tid}/edit")
def edit_page(request: Request, tid: int, who: Director, round: int | None = None) -> Response:
    """A round's games with their edit forms, its bye and unpaired players, the players'
    data, the number of rounds and the quick check."""
    db = db_url(request)
    try:
        view = go_round_edit(db, tid, round)
        players = go_players(db, tid)
        check = go_quick_check(db, tid)
    except RatinglistError as exc:
        return _back(request, tid, who, translate_error(exc), "error")
    rows = [Row(g.table, f"{g.white.name} {g.black.name}", not g.result) for g in view.games]
    games = page_rows(rows, _row_filter(request) or RowFilter())
    found = page_rows(
        [Row(int(p.player.id), p.player.name) for p in players],
        _row_filter(request, "e") or RowFilter(),
    )
    view = replace(view, games=tuple(view.games[i] for i in games.indices))
    players = tuple(players[i] for i in found.indices)
    context = {"tid": tid, "r": view, "players": players, "check": check, "csrf": who.csrf,
               "shown_games": games, "shown_players": found}  # fmt: skip
    return _render(request, tid, who, "games/go/edit.html", context)


@router.post("/{tid}/edit/bye")
def bye_form(
    request: Request,
    tid: int,
    who: Director,
    round: Round,
    player: Annotated[int, Form(ge=0)],
    based_on: BasedOn,
) -> Response:
    """Choose the bye of a round (0: no bye)."""
    return _edit(request, tid, who, round, based_on, choose_go_bye, round, player)


@router.post("/{tid}/edit/unpair")
def unpair_form(
    request: Request, tid: int, who: Director, round: Round, table: Table, based_on: BasedOn
) -> Response:
    """Unpair the game at a table."""
    return _edit(request, tid, who, round, based_on, unpair_go_game, round, table)


@router.post("/{tid}/edit/remove-result")
def remove_result_form(
    request: Request,
    tid: int,
    who: Director,
    round: Round,
    table: Table,
    based_on: BasedOn,
    white: Annotated[int, Form(ge=1)],
    black: Annotated[int, Form(ge=1)],
) -> Response:
    """Remove the result of the game the page showed at a table (the correction to
    ``?``, as ``tournament correct ... ?``): refused when the table holds another game now
    or that game changed since the page (the result log's rules), so that the game can be
    edited again."""

    def action(db: Store) -> str:
        done = remove_go_result(db, tid, round, table, (white, black), who.actor, based_on)
        game = {"n": round, "table": table, "white": done.white.name, "black": done.black.name}
        if done.repeated:
            return _(
                "round %(n)s table %(table)s: %(white)s - %(black)s has no result: nothing changed",
                **game,
            )
        return _("round %(n)s table %(table)s: %(white)s - %(black)s: the result removed", **game)

    return _act(request, tid, who, round, action)


@router.post("/{tid}/edit/pair")
def pair_form(
    request: Request,
    tid: int,
    who: Director,
    round: Round,
    based_on: BasedOn,
    first: Annotated[int | None, Form(ge=1)] = None,
    second: Annotated[int | None, Form(ge=1)] = None,
    confirmed: Confirmed = False,
) -> Response:
    """Pair two unpaired players by hand, or (neither given) every unpaired player; two
    who already played each other or are a forbidden pair are confirmed first."""

    def action(sure: bool) -> str:
        if (first is None) != (second is None):
            raise TournamentInputError(N_("expected two players to pair, or none to pair them all"))
        chosen = None if first is None or second is None else (first, second)
        db = db_url(request)
        return pair_go_players(db, tid, round, who.actor, chosen, based_on, confirmed=sure).done

    fields = {"round": str(round), "based_on": str(based_on), "first": str(first or ""),
              "second": str(second or "")}  # fmt: skip
    ask = (f"/td/{tid}/edit/pair", fields)
    where = f"/edit?round={round}"
    return asked_first(request, tid, who, where, action, confirmed=confirmed, ask=ask)


@router.post("/{tid}/edit/colours")
def colours_form(
    request: Request, tid: int, who: Director, round: Round, table: Table, based_on: BasedOn
) -> Response:
    """Exchange the colours of the game at a table."""
    return _edit(request, tid, who, round, based_on, exchange_go_colours, round, table)


@router.post("/{tid}/edit/handicap")
def handicap_form(
    request: Request,
    tid: int,
    who: Director,
    round: Round,
    table: Table,
    handicap: Annotated[int, Form(ge=0, le=9)],
    based_on: BasedOn,
) -> Response:
    """Set the handicap of the game at a table."""
    return _edit(request, tid, who, round, based_on, set_go_handicap, round, table, handicap)


@router.post("/{tid}/edit/table")
def table_form(
    request: Request,
    tid: int,
    who: Director,
    round: Round,
    table: Table,
    new_table: Table,
    based_on: BasedOn,
) -> Response:
    """Give the game at a table a new table number (a game there takes the old one)."""
    return _edit(request, tid, who, round, based_on, change_go_table, round, table, new_table)


@router.post("/{tid}/edit/renumber")
def renumber_form(
    request: Request, tid: int, who: Director, round: Round, based_on: BasedOn
) -> Response:
    """Renumber a round's tables in OpenGotha's order."""
    return _edit(request, tid, who, round, based_on, renumber_go_tables, round)


@router.post("/{tid}/edit/rounds")
def rounds_form(
    request: Request, tid: int, who: Director, rounds: Round, based_on: BasedOn
) -> Response:
    """Set the number of rounds."""
    return _edit(request, tid, who, None, based_on, set_go_rounds, rounds)


@router.post("/{tid}/edit/player")
def player_form(
    request: Request,
    tid: int,
    who: Director,
    player: Annotated[int, Form(ge=1)],
    based_on: BasedOn,
    rank: Annotated[str, Form(min_length=2, max_length=4)],
    rating: Annotated[int, Form(ge=-900, le=2949)],
    club: Annotated[str, Form(max_length=20)] = "",
    country: Annotated[str, Form(max_length=100)] = "",
    not_playing: Annotated[str, Form(max_length=80)] = "",
    status: Annotated[str, Form(pattern=r"^(FIN|PRE)$")] = "FIN",
) -> Response:
    """Change a player's data as the form shows it (rank, rating, club, country, the rounds
    not played, FIN or PRE)."""

    def action(db: Store) -> str:
        line = modify_go_player(
            db,
            tid,
            player,
            who.actor,
            rank=rank,
            rating=rating,
            club=club,
            country=country,
            not_playing=parse_round_numbers(not_playing),
            final=status == "FIN",
            based_on=based_on,
        )
        return f"{line.player.name}: {line.rank}, rating {line.rating}, {status}"

    return _act(request, tid, who, None, action)


@router.post("/{tid}/edit/check")
def check_form(
    request: Request,
    tid: int,
    who: Director,
    based_on: BasedOn,
    ranks_from_ratings: Annotated[bool, Form()] = False,
    final: Annotated[bool, Form()] = False,
) -> Response:
    """Set ranks from ratings and/or make preliminary registrations final."""

    def action(db: Store) -> str:
        fix = fix_go_registrations(
            db,
            tid,
            who.actor,
            ranks_from_ratings=ranks_from_ratings,
            final=final,
            based_on=based_on,
        )
        return fix.done

    return _act(request, tid, who, None, action)


class EditIn(BaseModel):
    """The log's event number the edit was decided on: when the log moved since in a way
    that touches it, nothing is written (409)."""

    based_on: int | None = Field(default=None, ge=1)


class ByeIn(EditIn):
    """The bye of a round (player 0: no bye)."""

    round: int = Field(ge=1, le=20)
    player: int = Field(ge=0)


class GameIn(EditIn):
    """A game by round and table."""

    round: int = Field(ge=1, le=20)
    table: int = Field(ge=1, le=600)


class HandicapIn(GameIn):
    """A game's new handicap."""

    handicap: int = Field(ge=0, le=9)


class TableIn(GameIn):
    """A game's new table number."""

    new_table: int = Field(ge=1, le=600)


class PairIn(EditIn):
    """Two unpaired players to pair by hand, or none: pair every unpaired player."""

    round: int = Field(ge=1, le=20)
    players: list[int] | None = Field(default=None, min_length=2, max_length=2)
    confirmed: bool = False
    """Pair the two even if they already played each other or are a forbidden pair."""


class RoundIn(EditIn):
    """A round."""

    round: int = Field(ge=1, le=20)


class RoundsIn(EditIn):
    """The number of rounds."""

    rounds: int = Field(ge=1, le=20)


class PlayerIn(EditIn):
    """A player's new data; a field left out is unchanged. `not_playing`: every round the
    player does not play; `final`: FIN (true) or PRE (false)."""

    rank: str | None = Field(default=None, min_length=2, max_length=4)
    rating: int | None = Field(default=None, ge=-900, le=2949)
    club: str | None = Field(default=None, max_length=20)
    country: str | None = Field(default=None, max_length=100)
    not_playing: list[int] | None = Field(default=None, max_length=20)
    final: bool | None = None


class CheckIn(EditIn):
    """What the quick check fixes."""

    ranks_from_ratings: bool = False
    final: bool = False


@api.get("/tournaments/{tid}/edit/rounds/{number}")
def round_edit(request: Request, tid: int, number: int, who: Director) -> GoRoundEdit:
    """A round as the director edits it: games, bye, unpaired players, log position."""
    return go_round_edit(db_url(request), tid, number)


@api.post("/tournaments/{tid}/edit/byes", status_code=201)
def api_bye(request: Request, tid: int, body: ByeIn, who: Director) -> GoRoundEdit:
    """Choose the bye of a round (before its pairing, or in place of a paired round's)."""
    return choose_go_bye(db_url(request), tid, body.round, body.player, who.actor, body.based_on)


@api.post("/tournaments/{tid}/edit/unpair", status_code=201)
def api_unpair(request: Request, tid: int, body: GameIn, who: Director) -> GoRoundEdit:
    """Unpair a game without result."""
    return unpair_go_game(db_url(request), tid, body.round, body.table, who.actor, body.based_on)


@api.post("/tournaments/{tid}/edit/pair", status_code=201)
def api_pair(request: Request, tid: int, body: PairIn, who: Director) -> GoRoundEdit:
    """Pair two unpaired players by hand, or every unpaired player of the round."""
    chosen = None if body.players is None else (body.players[0], body.players[1])
    return pair_go_players(
        db_url(request), tid, body.round, who.actor, chosen, body.based_on, confirmed=body.confirmed
    )


@api.post("/tournaments/{tid}/edit/colours", status_code=201)
def api_colours(request: Request, tid: int, body: GameIn, who: Director) -> GoRoundEdit:
    """Exchange White and Black of a game without result."""
    return exchange_go_colours(
        db_url(request), tid, body.round, body.table, who.actor, body.based_on
    )


@api.post("/tournaments/{tid}/edit/handicap", status_code=201)
def api_handicap(request: Request, tid: int, body: HandicapIn, who: Director) -> GoRoundEdit:
    """Set the handicap of a game without result."""
    return set_go_handicap(
        db_url(request), tid, body.round, body.table, body.handicap, who.actor, body.based_on
    )


@api.post("/tournaments/{tid}/edit/tables", status_code=201)
def api_table(request: Request, tid: int, body: TableIn, who: Director) -> GoRoundEdit:
    """Give a game a new table number (a game already there takes the old one)."""
    return change_go_table(
        db_url(request), tid, body.round, body.table, body.new_table, who.actor, body.based_on
    )


@api.post("/tournaments/{tid}/edit/renumber", status_code=201)
def api_renumber(request: Request, tid: int, body: RoundIn, who: Director) -> GoRoundEdit:
    """Renumber a round's tables in OpenGotha's order."""
    return renumber_go_tables(db_url(request), tid, body.round, who.actor, body.based_on)


@api.post("/tournaments/{tid}/edit/rounds", status_code=201)
def api_rounds(request: Request, tid: int, body: RoundsIn, who: Director) -> GoRoundEdit:
    """Set the number of rounds (raised at any time; lowered to no fewer than paired)."""
    return set_go_rounds(db_url(request), tid, body.rounds, who.actor, body.based_on)


@api.get("/tournaments/{tid}/edit/players/{number}")
def api_player(request: Request, tid: int, number: int, who: Director) -> GoPlayerLine:
    """A player's data."""
    return go_player(db_url(request), tid, number)


@api.post("/tournaments/{tid}/edit/players/{number}", status_code=201)
def api_modify_player(
    request: Request, tid: int, number: int, body: PlayerIn, who: Director
) -> GoPlayerLine:
    """Change a player's rank, rating, club, country, participation or status."""
    return modify_go_player(
        db_url(request),
        tid,
        number,
        who.actor,
        rank=body.rank,
        rating=body.rating,
        club=body.club,
        country=body.country,
        not_playing=body.not_playing,
        final=body.final,
        based_on=body.based_on,
    )


@api.get("/tournaments/{tid}/edit/check")
def api_check(request: Request, tid: int, who: Director) -> QuickCheckView:
    """OpenGotha's quick check of the registrations."""
    return go_quick_check(db_url(request), tid)


@api.post("/tournaments/{tid}/edit/check", status_code=201)
def api_fix(request: Request, tid: int, body: CheckIn, who: Director) -> QuickCheckView:
    """Set ranks from ratings and/or make preliminary registrations final."""
    return fix_go_registrations(
        db_url(request),
        tid,
        who.actor,
        ranks_from_ratings=body.ranks_from_ratings,
        final=body.final,
        based_on=body.based_on,
    )

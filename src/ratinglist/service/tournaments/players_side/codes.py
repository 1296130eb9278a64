"""Each entrant's personal code: ten characters of an alphabet without look-alikes, drawn by
`secrets` (31^10, about 50 bits), shown as ``ABCDE-FGHJK`` on the welcome sheet (text and QR
code) and in `ratinglist tournament codes`, mailed to players registered online.

Codes are stored as they are, not hashed: the director reprints welcome sheets and lists
codes at the desk, which a hash would forbid; a code only lets a player see their own page,
check in and report their own game (the opponent confirms), and guessing is throttled per
address and per code (docs/decisions.md, "Issue 35").
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from ratinglist.errors import N_, PermissionDenied
from ratinglist.model import PlayerId
from ratinglist.model.directed import Person
from ratinglist.service.tournaments.log import loaded
from ratinglist.service.tournaments.players_side.settings import now
from ratinglist.store import Store
from ratinglist.store.player_side import add_code, codes_of, player_of_code
from ratinglist.tournament.game import game_of

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""The code's characters: no 0/O, 1/I/L, which read alike on paper and on a phone."""
LENGTH = 10


def new_code() -> str:
    """A fresh random code (unformatted)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def format_code(code: str) -> str:
    """``ABCDEFGHJK`` as ``ABCDE-FGHJK``."""
    return f"{code[:5]}-{code[5:]}"


def parse_code(text: str) -> str:
    """A code as typed (any case, spaces or dashes) in its stored form; empty when it cannot
    be one (wrong length or characters)."""
    value = "".join(c for c in text.upper() if c not in " -")
    if len(value) != LENGTH or any(c not in ALPHABET for c in value):
        return ""
    return value


@dataclass(frozen=True, slots=True)
class PlayerCode:
    """An entrant and their code (formatted)."""

    player: Person
    code: str


def ensure_codes(db: Store, tournament: int) -> tuple[PlayerCode, ...]:
    """Every entrant's code, giving one to each entrant without; in entry order."""
    d = loaded(db, tournament).folded
    game = game_of(d)
    entrants = game.entrants(d)
    with db.begin() as conn:
        known = codes_of(conn, tournament)
        taken = set(known.values())
        for e in entrants:
            if int(e.player.id) not in known:
                code = new_code()
                while code in taken:
                    code = new_code()
                add_code(conn, tournament, int(e.player.id), code, now())
                known[int(e.player.id)] = code
                taken.add(code)
    return tuple(PlayerCode(e.player, format_code(known[int(e.player.id)])) for e in entrants)


def code_player(db: Store, tournament: int, code: str) -> PlayerId:
    """The entrant whose code `code` is.

    Raises:
        PermissionDenied: no entrant of this tournament has it (web 403).
    """
    value = parse_code(code)
    with db.connect() as conn:
        found = player_of_code(conn, tournament, value) if value else None
    if found is None:
        raise PermissionDenied(
            N_(
                "expected your personal code (10 characters, on your welcome sheet), "
                "got one that is no player's code in this tournament"
            )
        )
    return PlayerId(found)


def qr_svg(text: str) -> str:
    """`text` as an inline SVG QR code (no external assets)."""
    import segno

    svg: str = segno.make(text, error="m").svg_inline(scale=4, border=2)
    return svg

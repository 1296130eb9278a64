"""The AGA results file (GO.md section g): TAB-separated, ISO-8859-15, LF line ends.

::

    Tourney<TAB><name>, <location>
    location='<location>'
    <TAB>start=yyyy-MM-dd
    <TAB>finish=yyyy-MM-dd
    PLAYERS
    <id><TAB><Surname>, <First><TAB><rank>        all players, by AGA id

    GAMES 1
    <white id><TAB><black id><TAB><W|B|?><TAB><handicap><TAB><komi>
    ...

    END

Players without an AGA id get 99999, 99998, ... (skipping ids in use). Komi follows the
handicap, not the tournament: 7 without handicap, 0 with; a handicap of 1 is written as
handicap 0, komi 0.
"""

from __future__ import annotations

from ratinglist.model.go.results import AgaGame, AgaResults

ENCODING = "iso-8859-15"
FIRST_DUMMY_ID = 99999


def aga_ids(results: AgaResults) -> dict[str, int]:
    """Each player's AGA id, dummies from 99999 down for players without one."""
    used = {int(p.aga_id) for p in results.players if p.aga_id.strip().isdigit()}
    ids: dict[str, int] = {}
    dummy = FIRST_DUMMY_ID
    for player in results.players:
        if player.aga_id.strip().isdigit():
            ids[player.key] = int(player.aga_id)
            continue
        while dummy in used:
            dummy -= 1
        ids[player.key] = dummy
        used.add(dummy)
    return ids


def game_line(game: AgaGame, ids: dict[str, int]) -> str:
    """``white<TAB>black<TAB>W|B|?<TAB>handicap<TAB>komi``."""
    handicap, komi = game.handicap, 7
    if handicap == 1:
        handicap, komi = 0, 0
    elif handicap >= 2:
        komi = 0
    winner = game.winner if game.winner in ("W", "B") else "?"
    return f"{ids[game.white]}\t{ids[game.black]}\t{winner}\t{handicap}\t{komi}"


def write_aga(results: AgaResults) -> bytes:
    """The AGA results file of `results`."""
    ids = aga_ids(results)
    text = (
        f"Tourney\t{results.name}, {results.location}\n"
        f"location='{results.location}'\n"
        f"\tstart={results.begin.isoformat()}\n"
        f"\tfinish={results.end.isoformat()}\n"
        "PLAYERS\n"
    )
    for player in sorted(results.players, key=lambda p: ids[p.key]):
        text += f"{ids[player.key]}\t{player.surname}, {player.first_name}\t{player.rank}\n"
    for number, games in enumerate(results.rounds, start=1):
        text += f"\nGAMES {number}\n"
        text += "".join(game_line(game, ids) + "\n" for game in games)
    text += "\n\nEND\n"
    return text.encode(ENCODING, errors="replace")

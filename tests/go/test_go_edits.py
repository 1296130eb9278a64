"""Editing a Go tournament after the fact (`ratinglist tournament edit ...`), issue 21 item 2.

The expectations come from OpenGotha's user's guide (seed 003: "Games .. Pair": players in
a game are in the games list, the others in the pairable list; "Table numbers are chosen by
OpenGotha according to availability"; changing a table number to one in use renumbers the
game that was there; "Number of rounds ... can be increased at any moment ... decreased
provided that no game has been defined for abandoned rounds"; the quick check sets ranks
from ratings, 50..149 = 20k and 2050..2149 = 1d) and from GO.md (b: only FIN players are
paired, rating from rank 100k + 2100; c: handicap = MMS difference - 1, at most 9, the
stronger White, pseudo rank capped at the no-handicap threshold 1d; d.T: tables ordered by
each game's lower-placed player, best first; manual operations: removing all games also
clears the bye), never from the code under test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ratinglist.formats.go.egf_h9 import read_h9
from ratinglist.formats.go.ffg_tou import read_tou
from ratinglist.formats.go.opengotha_document import read_opengotha_document
from ratinglist.model.go import parse_rank
from tests.cli.tournament_cli import fail, run

PLAYERS = {
    "Dupont": "5d",
    "Martin": "3d",
    "Bernard": "1k",
    "Petit": "5k",
    "Durand": "12k",
    "Leroy": "25k",
    "Moreau": "2d",
}
"""Surname -> rank, entered in this order (player numbers 1-7), first name A."""


def _start(rank: str) -> int:
    """McMahon starting score with bar 4d and floor 20k (GO.md): rank clamped, plus 30."""
    return max(-20, min(3, parse_rank(rank).value)) + 30


def _handicap(strong: str, weak: str) -> int:
    """GO.md c: pseudo rank = MMS - 30 capped at 1d (0); handicap = difference - 1, <= 9."""
    a, b = (min(0, _start(PLAYERS[n]) - 30) for n in (strong, weak))
    return max(0, min(9, abs(a - b) - 1))


def _new(db: Path, rounds: int = 3) -> None:
    options = ["--system", "mcmahon", "--bar", "4d", "--floor", "20k", "--rounds", str(rounds)]
    run(db, "new", "Paris Go", "--game", "go", "--country", "FRA", "--date", "2026-04-04", *options)
    for name, rank in PLAYERS.items():
        run(db, "register", "--new", f"{name},A", "--rank", rank, "--country", "FR")


def _show(db: Path, k: int) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(run(db, "edit", "show", str(k), "--json"))
    return out


def _surname(person: dict[str, Any]) -> str:
    return str(person["name"]).split(",")[0]


def _games(view: dict[str, Any]) -> dict[int, tuple[str, str, int]]:
    return {
        g["table"]: (_surname(g["white"]), _surname(g["black"]), g["handicap"])
        for g in view["games"]
    }


def _number(name: str) -> str:
    return str(list(PLAYERS).index(name) + 1)


def test_unpaired_players_are_listed_and_the_next_pairing_pairs_them(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _new(db)
    run(db, "pair")
    before = _show(db, 1)
    assert before["unpaired"] == [] and len(before["games"]) == 3
    white, black, _ = _games(before)[2]
    after = json.loads(run(db, "edit", "unpair", "1", "2", "--json"))
    # the two players leave the games list for the pairable list
    assert sorted(_surname(p) for p in after["unpaired"]) == sorted((white, black))
    assert 2 not in _games(after) and after["bye"] == before["bye"]
    # pairing the round's pairable players pairs these two, at the lowest free table
    again = json.loads(run(db, "edit", "pair", "1", "--json"))
    assert again["unpaired"] == []
    assert {frozenset(g[:2]) for g in _games(again).values()} == {
        frozenset(g[:2]) for g in _games(before).values()
    }
    assert sorted(_games(again)) == [1, 2, 3]
    # removing every game of a round also clears its bye (GO.md, manual operations)
    for table in (1, 2, 3):
        run(db, "edit", "unpair", "1", str(table))
    emptied = _show(db, 1)
    assert emptied["games"] == [] and emptied["bye"] is None and len(emptied["unpaired"]) == 7


def test_a_player_back_in_a_paired_round_is_unpaired_and_may_get_the_bye(
    tmp_path: Path,
) -> None:
    db = tmp_path / "go.db"
    _new(db)
    run(db, "register", "--new", "Extra,A", "--rank", "10k", "--country", "FR")
    run(db, "edit", "player", "8", "--not-playing", "1")
    run(db, "pair")
    old_bye = _show(db, 1)["bye"]
    assert old_bye is not None  # 7 playing: OpenGotha gives a bye
    run(db, "edit", "player", "8", "--not-playing", "")
    view = _show(db, 1)
    assert [_surname(p) for p in view["unpaired"]] == ["Extra"]
    # the round has its bye: one unpaired player more cannot be paired
    assert "it has its bye" in fail(db, "edit", "pair", "1")
    run(db, "edit", "bye", "1", "0")
    assert sorted(_surname(p) for p in _show(db, 1)["unpaired"]) == sorted(
        ("Extra", _surname(old_bye))
    )
    paired = json.loads(run(db, "edit", "pair", "1", "--json"))
    assert paired["unpaired"] == [] and paired["bye"] is None
    assert {"Extra", _surname(old_bye)} in [set(g[:2]) for g in _games(paired).values()]
    # a round without a bye and one unpaired player: OpenGotha's bye goes to them
    table = next(t for t, g in _games(paired).items() if "Extra" in g[:2])
    run(db, "edit", "unpair", "1", str(table))
    run(db, "edit", "player", _number(_surname(old_bye)), "--not-playing", "1")
    alone = json.loads(run(db, "edit", "pair", "1", "--json"))
    assert _surname(alone["bye"]) == "Extra" and alone["unpaired"] == []


def test_a_pair_made_by_hand_gets_colours_handicap_and_the_first_free_table(
    tmp_path: Path,
) -> None:
    db = tmp_path / "go.db"
    _new(db)
    run(db, "pair")
    games = _games(_show(db, 1))
    table_of = {name: t for t, g in games.items() for name in g[:2]}
    for name in ("Dupont", "Leroy"):
        if name in table_of and table_of[name] in games:
            run(db, "edit", "unpair", "1", str(table_of[name]))
            del games[table_of[name]]
    free = min(t for t in range(1, 10) if t not in games)
    bye = _show(db, 1)["bye"]
    if bye is not None and _surname(bye) in ("Dupont", "Leroy"):
        run(db, "edit", "bye", "1", "0")
    view = json.loads(run(db, "edit", "pair", "1", _number("Leroy"), _number("Dupont"), "--json"))
    made = next(g for g in _games(view).items() if "Dupont" in g[1][:2])
    table, (white, black, handicap) = made
    assert table == free
    assert (white, black, handicap) == ("Dupont", "Leroy", _handicap("Dupont", "Leroy"))
    assert "expected players unpaired in round 1" in fail(
        db, "edit", "pair", "1", _number("Leroy"), _number("Dupont")
    )


def test_colours_handicap_and_a_game_with_a_result(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _new(db)
    run(db, "pair")
    white, black, _ = _games(_show(db, 1))[1]
    swapped = json.loads(run(db, "edit", "colours", "1", "1", "--json"))
    assert _games(swapped)[1][:2] == (black, white)
    set_to = json.loads(run(db, "edit", "handicap", "1", "1", "4", "--json"))
    assert _games(set_to)[1] == (black, white, 4)
    assert "expected a handicap 0-9" in fail(db, "edit", "handicap", "1", "1", "12")
    run(db, "result", "1", "--table", "1", "1-0")
    # an edit of a game with a result is refused, and says how to remove the result
    for args in (("colours", "1", "1"), ("unpair", "1", "1"), ("handicap", "1", "1", "2")):
        assert "remove the result first" in fail(db, "edit", *args)
    run(db, "correct", "1", "--table", "1", "?")
    assert _games(_show(db, 1))[1] == (black, white, 4)
    assert next(g for g in _show(db, 1)["games"] if g["table"] == 1)["result"] == ""
    run(db, "edit", "colours", "1", "1")
    assert _games(_show(db, 1))[1][:2] == (white, black)
    # the exports carry the edited game
    run(db, "result", "1", "--table", "1", "1-0")
    out = tmp_path / "t.xml"
    h9 = tmp_path / "t.h9"
    run(db, "export", "--xml", str(out), "--h9", str(h9))
    doc = read_opengotha_document(out.read_text(encoding="utf-8"))
    game = next(g for g in doc.document.tournament.games if g.round == 0 and g.table == 1)
    names = {p.key: p.name for p in doc.document.tournament.players}
    assert (names[game.white], names[game.black], game.handicap) == (white, black, 4)
    tou = tmp_path / "t.tou"
    run(db, "export", "--tou", str(tou))
    for rows in (
        {r.surname: r for r in read_h9(h9.read_bytes(), "t.h9").rows},
        {r.surname: r for r in read_tou(tou.read_bytes(), "t.tou").rows},
    ):
        first = rows[white].rounds[0]
        assert (first.colour, first.handicap, first.mark) == ("w", 4, "+")
        assert first.opponent == rows[black].place


def _lower_placed(game: tuple[str, str, int]) -> tuple[int, int]:
    """GO.md d.T: a game's representative is its lower-placed player (round 1: placed by
    the starting MMS), ties to the higher rating (100 x rank + 2100, GO.md b)."""
    w, b = game[:2]
    return min((_start(PLAYERS[n]), 100 * parse_rank(PLAYERS[n]).value + 2100) for n in (w, b))


def test_a_table_change_swaps_and_renumbering_orders_the_games(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _new(db)
    run(db, "pair")
    games = _games(_show(db, 1))
    moved = json.loads(run(db, "edit", "table", "1", "1", "3", "--json"))
    # the game that held table 3 takes the freed number
    assert _games(moved) == {1: games[3], 3: games[1], 2: games[2]}
    run(db, "edit", "table", "1", "2", "9")
    assert sorted(_games(_show(db, 1))) == [1, 3, 9]
    renumbered = _games(json.loads(run(db, "edit", "renumber", "1", "--json")))
    expected = sorted(games.values(), key=_lower_placed, reverse=True)
    assert [renumbered[t] for t in sorted(renumbered)] == expected
    assert sorted(renumbered) == [1, 2, 3]
    assert "already in order" in fail(db, "edit", "renumber", "1")
    h9 = tmp_path / "t.h9"
    run(db, "export", "--h9", str(h9))
    assert h9.read_text(encoding="utf-8")


def test_the_bye_chosen_before_pairing_and_in_a_paired_round(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _new(db)
    run(db, "edit", "bye", "1", _number("Dupont"))
    assert _surname(_show(db, 1)["bye"]) == "Dupont"
    run(db, "pair")
    view = _show(db, 1)
    assert _surname(view["bye"]) == "Dupont"
    assert all("Dupont" not in g[:2] for g in _games(view).values())
    # a paired round: the new bye must be unpaired; the old bye becomes unpaired
    table, game = next(iter(_games(view).items()))
    assert "expected a player without a game" in fail(db, "edit", "bye", "1", _number(game[0]))
    run(db, "edit", "unpair", "1", str(table))
    after = json.loads(run(db, "edit", "bye", "1", _number(game[0]), "--json"))
    assert _surname(after["bye"]) == game[0]
    assert sorted(_surname(p) for p in after["unpaired"]) == sorted(("Dupont", game[1]))
    xml = tmp_path / "t.xml"
    run(db, "export", "--xml", str(xml))
    doc = read_opengotha_document(xml.read_text(encoding="utf-8")).document.tournament
    names = {p.key: p.name for p in doc.players}
    assert [names[b.player] for b in doc.byes if b.round == 0] == [game[0]]
    # an even field: a chosen bye is refused at pairing, with the way out
    db2 = tmp_path / "even.db"
    _new(db2)
    run(db2, "register", "--new", "Extra,A", "--rank", "10k", "--country", "FR")
    run(db2, "edit", "bye", "1", "1")
    assert "odd number of players" in fail(db2, "pair")
    run(db2, "edit", "bye", "1", "0")
    run(db2, "pair")
    assert _show(db2, 1)["bye"] is None


def test_modify_a_player(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _new(db, rounds=2)
    n = _number("Petit")
    line = json.loads(run(db, "edit", "player", n, "--json"))
    assert (line["rank"], line["final"], line["not_playing"]) == ("5k", True, [])
    edit = ["--rank", "2k", "--club", "Lyon", "--country", "DE", "--rating", "1850"]
    changed = json.loads(run(db, "edit", "player", n, *edit, "--not-playing", "2", "--json"))
    assert (changed["rank"], changed["club"], changed["country"], changed["rating"]) == (
        "2k",
        "Lyon",
        "DE",
        1850,
    )
    assert changed["not_playing"] == [2]
    # preliminary players are not paired (GO.md b); not playing players neither
    run(db, "edit", "player", _number("Leroy"), "--preliminary")
    run(db, "pair")
    assert "expected rounds where" in fail(db, "edit", "player", n, "--not-playing", "1")
    assert "only final registrations are paired" in fail(db, "edit", "player", n, "--preliminary")
    r1 = _show(db, 1)
    assert "Leroy" not in {name for g in _games(r1).values() for name in g[:2]}
    assert r1["bye"] is None and [_surname(p) for p in r1["not_playing"]] == ["Leroy"]
    for g in r1["games"]:
        run(db, "result", "1", "--table", str(g["table"]), "1-0")
    standings = {r["name"]: r for r in json.loads(run(db, "standings", "--json"))}
    # the McMahon starting score follows the new rank (2k: -2 + 30 = 28), plus a win
    # (White won every game) or the bye's point
    won = any(white == "Petit" for white, _, _ in _games(r1).values())
    assert standings["Petit, A"]["MMS"] == str(_start("2k") + won)
    run(db, "pair")
    r2 = _show(db, 2)
    playing = {name for g in _games(r2).values() for name in g[:2]}
    assert "Leroy" not in playing and "Petit" not in playing
    assert {_surname(p) for p in r2["not_playing"]} == {"Leroy", "Petit"}


def test_rounds_are_added_to_a_running_tournament(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _new(db, rounds=1)
    run(db, "pair")
    for t in (1, 2, 3):
        run(db, "result", "1", "--table", str(t), "1-0")
    assert "already paired" in fail(db, "pair")
    assert json.loads(run(db, "edit", "rounds", "2", "--json"))["rounds"] == 2
    run(db, "pair")
    assert len(_show(db, 2)["games"]) == 3
    # decreased only while the rounds dropped have no game
    assert "at least the 2 rounds already paired" in fail(db, "edit", "rounds", "1")
    run(db, "edit", "rounds", "5")
    xml = tmp_path / "t.xml"
    run(db, "export", "--xml", str(xml))
    doc = read_opengotha_document(xml.read_text(encoding="utf-8")).document
    assert doc.tournament.parameters.general.number_of_rounds == 5
    assert (
        "5 rounds" in run(db, "show")
        or json.loads(run(db, "edit", "show", "--json"))["rounds"] == 5
    )


def test_quick_check_ranks_from_ratings_and_preliminary_players(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _new(db)
    # the guide's examples: an EGF rating of 50..149 gives 20k, 2050..2149 gives 1d
    run(db, "register", "--new", "Low,A", "--rank", "3k", "--rating", "100", "--country", "FR")
    run(db, "register", "--new", "Mid,A", "--rank", "2k", "--rating", "2149", "--country", "FR")
    run(db, "edit", "player", _number("Bernard"), "--preliminary")
    found = json.loads(run(db, "edit", "check", "--json"))["findings"]
    kinds = {(_surname(f["player"]), f["kind"]) for f in found}
    assert {("Low", "rank"), ("Mid", "rank"), ("Bernard", "preliminary")} <= kinds
    # McMahon ranks outside the bar (4d) and floor (20k)
    assert {("Dupont", "above-bar"), ("Leroy", "below-floor")} <= kinds
    assert not any(kind == "rank" for name, kind in kinds if name in PLAYERS)
    fixed = json.loads(run(db, "edit", "check", "--ranks-from-ratings", "--final", "--json"))
    assert "3 players changed" in fixed["done"]
    ranks = {_surname(f["player"]): f["kind"] for f in fixed["findings"]}
    assert "rank" not in ranks.values() and "preliminary" not in ranks.values()
    assert json.loads(run(db, "edit", "player", "8", "--json"))["rank"] == "20k"
    assert json.loads(run(db, "edit", "player", "9", "--json"))["rank"] == "1d"


def _state(db: Path) -> list[dict[str, Any]]:
    return [_show(db, 1), json.loads(run(db, "edit", "player", "4", "--json"))]


def _strip(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in view.items() if k not in ("seq", "done")} for view in views]


def test_undo_cancels_each_edit(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _new(db)
    run(db, "pair")
    edits = [
        ("edit", "player", "4", "--rank", "1k"),
        ("edit", "player", "4", "--not-playing", "3"),
        ("edit", "colours", "1", "1"),
        ("edit", "handicap", "1", "2", "1"),
        ("edit", "table", "1", "1", "7"),
        ("edit", "unpair", "1", "3"),
        ("edit", "bye", "1", "0"),
        ("edit", "pair", "1"),
        ("edit", "renumber", "1"),
        ("edit", "rounds", "6"),
    ]
    for args in edits:
        before = _strip(_state(db))
        run(db, *args)
        assert _strip(_state(db)) != before, args
        run(db, "undo")
        assert _strip(_state(db)) == before, args
        run(db, *args)  # keep it, so that the next edit starts from it


def test_an_edit_based_on_an_older_log_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _new(db)
    run(db, "pair")
    seq = _show(db, 1)["seq"]
    run(db, "result", "1", "--table", "3", "1-0")
    for args in (("colours", "1", "1"), ("table", "1", "1", "5"), ("unpair", "1", "2")):
        assert "nothing written" in fail(db, "edit", *args, "--based-on", str(seq))
    assert _show(db, 1)["seq"] == seq + 1
    run(db, "edit", "colours", "1", "1", "--based-on", str(seq + 1))

"""Exact lookups and typed-part suggestions of the registry and Go list indexes (issue 31)."""

from __future__ import annotations

from ratinglist.model import Player, PlayerId
from ratinglist.model.go.lists import GoListPlayer, ListOrigin
from ratinglist.registry.go.search import GoListIndex
from ratinglist.registry.search import PlayerIndex


def _go(number: str, surname: str, first: str) -> GoListPlayer:
    return GoListPlayer(ListOrigin.FFG, number, surname, first, "FR", "75Pa", 1000, "-1050")


LIST = GoListIndex(
    [
        _go("0612345", "WALCH", "John"),
        _go("9725054", "DUPUIS", "Jean"),
        _go("9331103", "DUPUIS", "Jérôme"),
        _go("-------", "VAN DER BERG", "Jan"),
        _go("04A0009", "ABAQUE", "Léa"),
    ]
)


def test_a_go_list_player_is_found_exactly_by_number_or_whole_name() -> None:
    assert [p.surname for p in LIST.exact("04a0009")] == ["ABAQUE"]
    assert [p.surname for p in LIST.exact("abaque lea")] == ["ABAQUE"]
    assert [p.surname for p in LIST.exact("Jan van der Berg")] == ["VAN DER BERG"]
    assert LIST.exact("Smith John") == ()
    assert LIST.exact("Dupond Jean") == ()
    assert LIST.exact("Dupuis") == ()  # a surname alone names nobody exactly
    assert LIST.exact("-------") == ()  # no licence is no number


def test_go_suggestions_start_with_the_typed_parts_then_the_nearest() -> None:
    found = [p.number for p in LIST.suggest("dupuis je")]
    assert found[:2] == ["9725054", "9331103"]  # both start with the typed parts
    assert set(found[2:]) <= {"0612345", "04A0009", "-------"}  # then the nearest, if near
    assert LIST.suggest("972")[0].number == "9725054"
    assert len(LIST.suggest("dupuis", limit=1)) == 1
    assert LIST.suggest("  ") == ()


def test_a_registered_player_is_found_exactly_by_whole_name() -> None:
    index = PlayerIndex(
        [
            Player(PlayerId(50001), "DUPUIS", "Jean", "FRA"),
            Player(PlayerId(50002), "LÉGER", "Anaïs", "FRA"),
            Player(PlayerId(50003), "DUPUIS", "Jean", "BEL"),
        ]
    )
    assert [int(p.id) for p in index.exact("anais leger")] == [50002]
    assert [int(p.id) for p in index.exact("Jean Dupuis")] == [50001, 50003]
    assert index.exact("Dupond Jean") == ()

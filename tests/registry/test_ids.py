"""New IDs: lowest unused ID of the host country's range, temporary-ID replacement."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratinglist.errors import RegistryError
from ratinglist.registry.countries import get_country
from ratinglist.registry.ids import assign_temporary_ids, lowest_unused_id


def test_lowest_unused_id_takes_the_first_gap() -> None:
    used = {50000, 50001, 50003, 11, 280000}
    assert lowest_unused_id("FRA", used) == 50002
    assert lowest_unused_id("France", []) == 50000
    assert lowest_unused_id(get_country("SRB"), [235000]) == 235001


def test_host_country_not_nationality() -> None:
    # A Japanese player at a French tournament gets a French ID.
    assert lowest_unused_id("F", {50000}) == 50001


def test_exhausted_range_raises_or_falls_back_to_other() -> None:
    used = set(range(9000, 9100)) | set(range(3200, 3350))
    with pytest.raises(RegistryError, match=r"expected a free ID in PG's range 3200-3349"):
        lowest_unused_id("PG", used)
    assert lowest_unused_id("PG", used, fallback_to_other=True) == 9100


def test_country_without_range() -> None:
    with pytest.raises(RegistryError, match=r"got KEN \(Kenya\) which has none"):
        lowest_unused_id("KEN", set())
    assert lowest_unused_id("KEN", {9000}, fallback_to_other=True) == 9001


def test_other_exhausted_too() -> None:
    with pytest.raises(RegistryError, match="or in OTHER 9000-9500, got all used"):
        lowest_unused_id("IRL", set(range(9000, 9501)), fallback_to_other=True)


def test_unknown_country() -> None:
    with pytest.raises(RegistryError, match="'Narnia'"):
        lowest_unused_id("Narnia", set())


def test_assign_temporary_ids_in_order_of_appearance() -> None:
    used = frozenset({50000, 50002})
    mapping = assign_temporary_ids(["NEW1", "OTH2", "NEW1", "X9Z8"], "FRA", used)
    assert mapping == {"NEW1": 50001, "OTH2": 50003, "X9Z8": 50004}
    assert used == {50000, 50002}


def test_assign_temporary_ids_rejects_real_ids() -> None:
    with pytest.raises(RegistryError, match=r"expected a 4-character temporary ID.*'1234'"):
        assign_temporary_ids(["NEW1", "1234"], "FRA", set())


@given(
    code=st.sampled_from(["FRA", "SRB", "PG", "OTHER", "HRV"]),
    used=st.sets(st.integers(0, 300_000), max_size=300),
    dense=st.integers(0, 160),
)
def test_lowest_unused_id_is_free_and_in_range(code: str, used: set[int], dense: int) -> None:
    country = get_country(code)
    assert country.id_range is not None
    used |= set(range(country.id_range.first, country.id_range.first + dense))
    if all(q in used for q in range(country.id_range.first, country.id_range.last + 1)):
        with pytest.raises(RegistryError, match="got all"):
            lowest_unused_id(country, used)
        return
    pid = lowest_unused_id(country, used)
    assert pid not in used
    assert pid in country.id_range
    assert all(q in used for q in range(country.id_range.first, pid))

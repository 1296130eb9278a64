"""Go ranks and ratings: the examples and conversions of GO.md section b."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratinglist.errors import GoRankError
from ratinglist.model.go import (
    GoRank,
    aga_from_rating,
    clamp_rating,
    ffg_from_rating,
    format_aga,
    format_rank,
    parse_rank,
    rank_from_rating,
    rating_from_aga,
    rating_from_ffg,
    rating_from_rank,
)


@pytest.mark.parametrize(
    ("text", "value", "shown"),
    [
        ("30k", -30, "30k"),
        ("30K", -30, "30k"),
        ("1k", -1, "1k"),
        ("1d", 0, "1d"),
        ("1D", 0, "1d"),
        ("9d", 8, "9d"),
        ("5", -5, "5k"),  # a bare number is kyu (convertKDPToInt)
        ("12K", -12, "12k"),
    ],
)
def test_parse_rank_values(text: str, value: int, shown: str) -> None:
    rank = parse_rank(text)
    assert rank.value == value
    assert format_rank(rank) == shown
    assert parse_rank(format_rank(rank)) == rank


@pytest.mark.parametrize(
    ("text", "value"),
    [("1p", 6), ("3p", 6), ("4p", 7), ("6P", 7), ("7p", 8), ("9p", 8)],
)
def test_professional_ranks_count_as_7d_8d_9d(text: str, value: int) -> None:
    rank = parse_rank(text)
    assert rank.value == value
    assert rank.professional == int(text[0])
    assert format_rank(rank) == text.lower()
    assert rank.amateur() == GoRank(value)


def test_upper_case_format_as_opengotha_writes_it() -> None:
    assert format_rank(parse_rank("5k"), upper=True) == "5K"
    assert format_rank(parse_rank("3d"), upper=True) == "3D"


@pytest.mark.parametrize("text", ["", "k", "0k", "d5", "31k", "10d", "10p", "5x", "1.5k"])
def test_parse_rank_refuses(text: str) -> None:
    with pytest.raises(GoRankError, match="expected"):
        parse_rank(text)


def test_parse_rank_clamps_on_request() -> None:
    assert parse_rank("35k", clamp=True) == parse_rank("30k")
    assert parse_rank("12d", clamp=True) == parse_rank("9d")


def test_ranks_order_by_strength() -> None:
    # a professional rank counts as the amateur dan OpenGotha equates it with (2p = 7d)
    ranks = [parse_rank(t) for t in ("1d", "30k", "2p", "9d", "1k", "5k")]
    assert [format_rank(r) for r in sorted(ranks)] == ["30k", "5k", "1k", "1d", "2p", "9d"]


def test_constructors_and_shift() -> None:
    assert GoRank.kyu(20) == parse_rank("20k")
    assert GoRank.dan(4) == parse_rank("4d")
    assert GoRank.dan(1).shifted(-1) == GoRank.kyu(1)
    assert GoRank.kyu(29).shifted(-5) == GoRank.kyu(30)
    with pytest.raises(GoRankError):
        GoRank(9)
    with pytest.raises(GoRankError):
        GoRank.kyu(0)


@pytest.mark.parametrize(
    ("rating", "rank"),
    [
        (50, "20k"),
        (149, "20k"),
        (2050, "1d"),
        (2149, "1d"),
        (2049, "1k"),
        (2850, "9d"),
        (2949, "9d"),
        (5000, "9d"),
        (-900, "30k"),
        (-851, "30k"),
        (-850, "29k"),
        (-5000, "30k"),
    ],
)
def test_rank_from_rating_buckets(rating: int, rank: str) -> None:
    assert rank_from_rating(rating) == parse_rank(rank)


@pytest.mark.parametrize(("rank", "rating"), [("1d", 2100), ("20k", 100), ("9d", 2900)])
def test_rating_from_rank_is_bucket_centre(rank: str, rating: int) -> None:
    assert rating_from_rank(parse_rank(rank)) == rating


@given(st.integers(min_value=-30, max_value=8))
def test_rank_rating_round_trip(value: int) -> None:
    rank = GoRank(value)
    assert rank_from_rating(rating_from_rank(rank)) == rank


@pytest.mark.parametrize(
    ("raw", "rank"),
    [(0, "1d"), (99, "1d"), (-1, "1k"), (-2901, "30k"), (-2900, "29k"), (800, "9d")],
)
def test_ffg_list_ratings(raw: int, rank: str) -> None:
    assert rank_from_rating(rating_from_ffg(raw)) == parse_rank(rank)


def test_ffg_unrated_clamps_and_display_inverts() -> None:
    assert rating_from_ffg(-9999) == -900
    assert ffg_from_rating(rating_from_ffg(243)) == 243
    assert ffg_from_rating(rating_from_ffg(-1400)) == -1400


@pytest.mark.parametrize(
    ("aga", "rank"),
    [
        (1.00, "1d"),
        (1.99, "1d"),
        (-1.01, "1k"),
        (-2.00, "1k"),
        (-30.01, "30k"),
        (9.00, "9d"),
        (-13.66602, "13k"),
    ],
)
def test_aga_list_ratings(aga: float, rank: str) -> None:
    assert rank_from_rating(rating_from_aga(aga)) == parse_rank(rank)


def test_aga_between_minus_one_and_one_is_1d_start() -> None:
    assert rating_from_aga(0.5) == 2050
    assert rating_from_aga(-0.99) == 2050


@pytest.mark.parametrize(
    ("rating", "shown"), [(2050, "1.00"), (2049, "-1.01"), (2149, "1.99"), (1950, "-2.00")]
)
def test_aga_display(rating: int, shown: str) -> None:
    assert format_aga(rating) == shown
    assert rating_from_aga(aga_from_rating(rating)) == rating


def test_clamp_rating() -> None:
    assert clamp_rating(3000) == 2949
    assert clamp_rating(-1000) == -900
    assert clamp_rating(1234) == 1234

"""A request FastAPI refuses while reading it gets a message in our words, through the
catalogue: the field, what was expected, the value sent cut short."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

import pytest
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from ratinglist.i18n import using
from ratinglist.web.validation import SHOWN_INPUT, problem, shown, validation_message


class Sent(BaseModel):
    rounds: Annotated[int, Field(ge=1, le=30)] = 1
    name: Annotated[str, Field(min_length=2, max_length=5)] = "ab"
    sort: Annotated[str, Field(pattern=r"^(date|name|country)$")] = "date"
    day: dt.date = dt.date(2026, 1, 1)
    players: list[str] = []
    public: bool = False


def _problems(sent: Any) -> list[str]:
    with pytest.raises(ValidationError) as refused:
        TypeAdapter(Sent).validate_python(sent)
    return [problem(error) for error in refused.value.errors()]


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        ({"rounds": "abc"}, "rounds: expected a whole number, got 'abc'"),
        ({"rounds": 31}, "rounds: expected at most 30, got 31"),
        ({"rounds": 0}, "rounds: expected at least 1, got 0"),
        ({"name": "x" * 9}, "name: expected at most 5 characters, got more"),
        ({"name": "x"}, "name: expected at least 2 characters, got 'x'"),
        ({"name": 7}, "name: expected a text, got 7"),
        ({"sort": "size"}, "sort: expected one of date, name, country, got 'size'"),
        ({"day": "2026-13-01"}, "day: expected a date (YYYY-MM-DD), got '2026-13-01'"),
        ({"players": "500001"}, "players: expected a list, got '500001'"),
        ({"public": "maybe"}, "public: expected true or false, got 'maybe'"),
        ([], "body: expected an object of fields, got []"),
    ],
)
def test_each_kind_is_said_in_our_words(sent: Any, said: str) -> None:
    assert _problems(sent) == [said]


def test_a_long_value_is_quoted_cut_short() -> None:
    assert shown("x" * 10) == "'xxxxxxxxxx'"
    cut = shown("x" * 5000)
    assert len(cut) == SHOWN_INPUT and cut.endswith("…")


def test_an_unknown_kind_or_context_keeps_pydantics_words() -> None:
    unknown = {"type": "uuid_parsing", "loc": ("query", "id"), "msg": "Bad UUID", "input": "z"}
    assert problem(unknown) == "id: Bad UUID (got 'z')"
    without = {"type": "less_than_equal", "loc": ("body", "n"), "msg": "Too big", "input": 9}
    assert problem(without) == "n: Too big (got 9)"


def test_the_message_is_in_the_readers_language() -> None:
    missing = {"type": "missing", "loc": ("body", "password"), "msg": "Field required"}
    refused = RequestValidationError([missing, {**missing, "loc": ("body", "username")}])
    assert validation_message(refused) == (
        "expected valid parameters, got password: missing; username: missing"
    )
    with using("fr"):  # the catalogue's French (each kind's words once the lead adds them)
        assert validation_message(refused).startswith("paramètres valides attendus, reçu ")

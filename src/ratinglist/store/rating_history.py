"""Storing many rating lists at once (a rating history) and finding which already exist.

Persistence only: a list arrives as a `ListRecord` of plain columns (the service converts the
engine's result). `save_list_records` writes a batch of lists in one transaction with one
bulk insert for all their entries; `stored_inputs` tells which ``(as_of, inputs)`` lists
exist, so a re-run skips them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, select

from ratinglist.store.bulk import bulk_insert, insert_one
from ratinglist.store.database import Store, translate_errors
from ratinglist.store.rating_lists import ENTRY_COLUMNS
from ratinglist.store.schema import rating_entries, rating_lists


@dataclass(frozen=True, slots=True)
class ListRecord:
    """One list to store: the ``rating_lists`` row and its entries as parallel columns.

    `parameters` is the parameters' JSON text; `inputs` the digest of everything the list
    depends on; `computed_by` the actor's label. The entry columns (`players` ... `last_played`)
    have one value per rated player.
    """

    as_of: dt.date
    label: str | None
    parameters: str
    exclude_sender: str | None
    inputs: str
    computed_by: str
    game_count: int
    unrated: int
    iterations: int
    max_residual: float
    players: Sequence[int]
    ratings: Sequence[float]
    margins: Sequence[float]
    official: Sequence[bool]
    listed: Sequence[bool]
    games: Sequence[int]
    last_played: Sequence[dt.date]

    def row(self, computed_at: dt.datetime) -> dict[str, Any]:
        """The ``rating_lists`` values (counts of rated, listed and listed official players)."""
        listed = sum(1 for flag in self.listed if flag)
        official = sum(1 for o, li in zip(self.official, self.listed, strict=True) if o and li)
        return {
            "as_of": self.as_of,
            "computed_at": computed_at,
            "label": self.label,
            "parameters": self.parameters,
            "exclude_sender": self.exclude_sender,
            "game_count": self.game_count,
            "rated": len(self.players),
            "listed": listed,
            "official": official,
            "unrated": self.unrated,
            "iterations": self.iterations,
            "max_residual": self.max_residual,
            "inputs": self.inputs,
            "computed_by": self.computed_by,
        }


def save_list_records(
    store: Store, records: Sequence[ListRecord], *, computed_at: dt.datetime | None = None
) -> tuple[int, ...]:
    """Store `records` as new lists in one transaction; their ids in the same order.

    Raises:
        StoreError: the database could not be written.
    """
    when = (computed_at or dt.datetime.now(dt.UTC)).astimezone(dt.UTC)
    ids: list[int] = []
    with translate_errors("store rating lists"), store.begin() as conn:
        rows: list[tuple[Any, ...]] = []
        for record in records:
            list_id = insert_one(conn, rating_lists, record.row(when))
            ids.append(list_id)
            rows.extend(
                zip(
                    [list_id] * len(record.players),
                    record.players,
                    record.ratings,
                    record.margins,
                    record.official,
                    record.listed,
                    record.games,
                    record.last_played,
                    strict=True,
                )
            )
        bulk_insert(conn, rating_entries, ENTRY_COLUMNS, rows)
    return tuple(ids)


def stored_inputs(store: Store, first: dt.date, last: dt.date) -> frozenset[tuple[dt.date, str]]:
    """The ``(as_of, inputs)`` of every stored list dated `first` to `last` that has an
    inputs digest (lists of `ratinglist rate` alone have none).

    Raises:
        StoreError: the database could not be read.
    """
    c = rating_lists.c
    query = select(c.as_of, c.inputs).where(
        and_(c.as_of >= first, c.as_of <= last, c.inputs.is_not(None))
    )
    with translate_errors("read the stored rating lists"), store.connect() as conn:
        return frozenset((as_of, str(inputs)) for as_of, inputs in conn.execute(query))

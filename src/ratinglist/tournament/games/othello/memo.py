"""Cache keys for values folded round by round: a step is kept for the same previous value
and the same round object (compared by identity), so states that share their earlier rounds
(the simulated ends of a forecast) fold only their new rounds."""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")


class Same(Generic[T]):
    """A cache key standing for one object: equal only to a key of that very object, which
    it holds while cached (so its identity cannot be reused)."""

    __slots__ = ("value",)

    def __init__(self, value: T) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.value is self.value

"""OpenGotha's deterministic "random" numbers from players' names (``Pairing.detRandom``).

For two names a <= b (Java ``String.compareTo``: UTF-16 code units), s = a + b and
v = ((sum of code(s[i]) * (i + 1)) * 1234567) mod (max + 1). OpenGotha 3.52 and Pairgoth use
this symmetric form; the sum splits as hash(a) + hash(b) + len(a) * codesum(b), so it is
computed for many pairs at once.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

I64 = NDArray[np.int64]
_MASK = (1 << 64) - 1


def utf16_units(text: str) -> list[int]:
    """The UTF-16 code units of `text` (Java's ``char`` values)."""
    data = text.encode("utf-16-be")
    return [int.from_bytes(data[k : k + 2], "big") for k in range(0, len(data), 2)]


def _java_long(v: int) -> int:
    v &= _MASK
    return v - (1 << 64) if v >= 1 << 63 else v


class NameHashes:
    """Per-name sums for `det_random` over pairs of indices into `names`."""

    def __init__(self, names: list[str]) -> None:
        units = [utf16_units(s) for s in names]
        self.weighted = np.array(
            [sum(c * (k + 1) for k, c in enumerate(u)) for u in units], dtype=np.int64
        )
        self.codesum = np.array([sum(u) for u in units], dtype=np.int64)
        self.length = np.array([len(u) for u in units], dtype=np.int64)
        order = sorted(range(len(names)), key=lambda k: units[k])
        self.position = np.empty(len(names), dtype=np.int64)
        self.position[order] = np.arange(len(names), dtype=np.int64)

    def first(self, i: I64, j: I64) -> NDArray[np.bool_]:
        """True where the name of i sorts first (or equal)."""
        return np.asarray(self.position[i] <= self.position[j])

    def det_random(self, maximum: int, i: I64, j: I64) -> I64:
        """detRandom(maximum, i, j) for each pair: a number in 0..maximum."""
        first = self.first(i, j)
        a = np.where(first, i, j)
        b = np.where(first, j, i)
        total = self.weighted[a] + self.weighted[b] + self.length[a] * self.codesum[b]
        if int(total.max(initial=0)) < (1 << 63) // 1234567:
            return np.asarray((total * 1234567) % (maximum + 1), dtype=np.int64)
        out = [_java_long(int(t) * 1234567) % (maximum + 1) for t in total]
        return np.array(out, dtype=np.int64)

"""A shipped word table searched without a Python object per line: its lines (``key TAB
field TAB ...``, sorted by key) kept as one bytes object and found by binary search over
their starts. A 60,000-line table costs its own size in memory (2-3 MB) instead of some 20
MB as a dict of str, and a 400,000-line one loads in a tenth of the time its lines take to
split into a dict.

The search first bisects a list of every :data:`STRIDE`-th key (bytes, compared in C), then
the few lines between two of them (each key cut out of the data as it is compared)."""

from __future__ import annotations

import bisect
import gzip
from array import array
from pathlib import Path
from typing import TypeVar

import numpy as np

_Table = TypeVar("_Table", bound="SortedTable")

# Every this many lines, a key is kept in the list the search bisects first: a search then
# cuts at most log2(STRIDE) + 1 keys out of the data, and the list holds 1/STRIDE of them.
STRIDE = 16


class SortedTable:
    """The lines of a table sorted by their keys (bytes order of UTF-8), read-only."""

    def __init__(self, data: bytes) -> None:
        self._data = data if not data or data.endswith(b"\n") else data + b"\n"
        ends = np.flatnonzero(np.frombuffer(self._data, dtype=np.uint8) == ord("\n"))
        # arrays of C ints, which index to Python ints faster than numpy's scalars do
        self._starts = array("I", np.concatenate(([0], ends[:-1] + 1))[: len(ends)].astype(np.uint32).tobytes())
        self._ends = array("I", ends.astype(np.uint32).tobytes())
        self._every = [self._key(i) for i in range(0, len(self._starts), STRIDE)]

    @classmethod
    def load(cls: type[_Table], path: Path) -> _Table:
        """The table in the gzip file at ``path``."""
        with gzip.open(path, "rb") as f:
            return cls(f.read())

    def __len__(self) -> int:
        return len(self._starts)

    def _key(self, i: int) -> bytes:
        start, end = self._starts[i], self._ends[i]
        tab = self._data.find(b"\t", start, end)
        return self._data[start : end if tab < 0 else tab]

    def row(self, key: str) -> tuple[str, ...] | None:
        """The fields after ``key`` on its line (() for a line of the key alone); None when
        no line has that key."""
        wanted = key.encode("utf-8", "surrogatepass")
        lo = max(0, bisect.bisect_right(self._every, wanted) - 1) * STRIDE
        i = bisect.bisect_left(range(len(self)), wanted, lo, min(lo + STRIDE, len(self)), key=self._key)
        if i == len(self) or self._key(i) != wanted:
            return None
        return tuple(self._data[self._starts[i] : self._ends[i]].decode("utf-8").split("\t")[1:])

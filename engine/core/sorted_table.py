"""A shipped word table searched without a Python object per line: its lines (``key TAB
field TAB ...``, sorted by key) kept as one bytes object and found by binary search over
their starts. A 60,000-line table costs its own size in memory (2-3 MB) instead of some 20
MB as a dict of str."""

from __future__ import annotations

import bisect
import gzip
from pathlib import Path
from typing import TypeVar

import numpy as np

_Table = TypeVar("_Table", bound="SortedTable")


class SortedTable:
    """The lines of a table sorted by their keys (bytes order of UTF-8), read-only."""

    def __init__(self, data: bytes) -> None:
        self._data = data if not data or data.endswith(b"\n") else data + b"\n"
        ends = np.flatnonzero(np.frombuffer(self._data, dtype=np.uint8) == ord("\n"))
        self._starts = np.concatenate(([0], ends[:-1] + 1)).astype(np.uint32)
        self._ends = ends.astype(np.uint32)

    @classmethod
    def load(cls: type[_Table], path: Path) -> _Table:
        """The table in the gzip file at ``path``."""
        with gzip.open(path, "rb") as f:
            return cls(f.read())

    def __len__(self) -> int:
        return len(self._starts)

    def _key(self, i: int) -> bytes:
        start, end = int(self._starts[i]), int(self._ends[i])
        tab = self._data.find(b"\t", start, end)
        return self._data[start : end if tab < 0 else tab]

    def row(self, key: str) -> tuple[str, ...] | None:
        """The fields after ``key`` on its line (() for a line of the key alone); None when
        no line has that key."""
        wanted = key.encode("utf-8", "surrogatepass")
        i = bisect.bisect_left(range(len(self)), wanted, key=self._key)
        if i == len(self) or self._key(i) != wanted:
            return None
        return tuple(self._data[int(self._starts[i]) : int(self._ends[i])].decode("utf-8").split("\t")[1:])

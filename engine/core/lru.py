"""A bounded mapping that forgets the least recently used entry first (the checker's caches)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Lru(Generic[K, V]):
    """At most ``capacity`` entries (none when ``capacity <= 0``), and with ``weigh`` at most
    ``budget`` in their keys' weights all told; reading or writing an entry makes it the most
    recently used."""

    def __init__(self, capacity: int, budget: int = 0, weigh: Callable[[K], int] | None = None) -> None:
        self.capacity = capacity
        self.budget = budget
        self._weigh = weigh or _weightless
        self._weight = 0  # of the keys held
        self._entries: OrderedDict[K, V] = OrderedDict()

    def __contains__(self, key: K) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: K) -> V | None:
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def peek(self, key: K) -> V | None:
        """The entry for ``key`` (None when absent), leaving the order as it is."""
        return self._entries.get(key)

    def put(self, key: K, value: V) -> None:
        if self.capacity <= 0:
            return
        if key not in self._entries:
            self._weight += self._weigh(key)
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.capacity or (self._weight > self.budget and len(self._entries) > 1):
            old, _ = self._entries.popitem(last=False)
            self._weight -= self._weigh(old)

    def retain(self, wanted: Callable[[K], bool], newest_by: Callable[[K], Hashable] | None = None) -> None:
        """Drop every entry whose key is not ``wanted``, and with ``newest_by``, every entry
        but the most recently used of those whose keys give equal values of it (older
        variants of a memo for one sentence: made with other document terms, say)."""
        kept: list[tuple[K, V]] = []
        seen: set[Hashable] = set()
        for key, value in reversed(self._entries.items()):
            if not wanted(key):
                continue
            if newest_by is not None:
                group = newest_by(key)
                if group in seen:
                    continue
                seen.add(group)
            kept.append((key, value))
        self._entries = OrderedDict(reversed(kept))
        self._weight = sum(self._weigh(key) for key in self._entries)

    def clear(self) -> None:
        self._entries.clear()
        self._weight = 0

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The entry for ``key``, made (and kept) when missing."""
        value = self.get(key)
        if value is None:
            value = make()
            self.put(key, value)
        return value


def _weightless(key: object) -> int:
    return 0


def first_len(key: tuple) -> int:
    """The length of a tuple key's first item (a memo keyed by a sentence and more): its weight."""
    return len(key[0])

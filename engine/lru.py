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

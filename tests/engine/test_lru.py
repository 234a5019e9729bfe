"""edgegram.engine.lru: bounded, least recently used entry forgotten first, nothing kept at capacity 0."""

from edgegram.engine.lru import Lru


def test_the_least_recently_used_entry_goes_first():
    cache: Lru[str, int] = Lru(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "b" is now the least recently used
    cache.put("c", 3)
    assert "b" not in cache and cache.get("a") == 1 and cache.get("c") == 3
    assert len(cache) == 2


def test_get_or_make_makes_once():
    made = []
    cache: Lru[str, str] = Lru(4)
    for _ in range(3):
        assert cache.get_or_make("k", lambda: made.append(1) or "v") == "v"
    assert made == [1]


def test_capacity_zero_keeps_nothing():
    cache: Lru[str, int] = Lru(0)
    cache.put("a", 1)
    assert "a" not in cache and cache.get("a") is None and len(cache) == 0

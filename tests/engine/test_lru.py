"""edgegram.engine.core.lru: bounded, least recently used entry forgotten first, nothing kept at capacity 0."""

from edgegram.engine.core.lru import Lru


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


def test_a_budget_caps_the_keys_weight_and_forgets_the_oldest_first():
    cache: Lru[str, int] = Lru(100, budget=10, weigh=len)
    for key in ("aaaa", "bbbb", "cc"):
        cache.put(key, len(key))
    assert len(cache) == 3  # 10 characters
    cache.put("bbbb", 0)  # rewriting does not weigh twice
    assert len(cache) == 3
    cache.put("ddd", 3)  # 13: "aaaa", the least recently used, goes
    assert "aaaa" not in cache and all(k in cache for k in ("bbbb", "cc", "ddd"))
    cache.put("e" * 50, 1)  # heavier than the budget alone: kept, and alone
    assert len(cache) == 1 and cache.get("e" * 50) == 1


def test_the_checker_memos_are_capped_by_characters(monkeypatch):
    from stand_ins import make_checker

    from edgegram.engine import checker as checker_module

    monkeypatch.setattr(checker_module, "MEMO_CHARS", 2000)
    checker, _ = make_checker({})
    text = " ".join(f"Sentence number {i} is written here." for i in range(200))  # ~7,000 characters
    first = checker.check(text)
    assert sum(map(len, checker._views._entries)) <= 2000 and len(checker._views) < 200
    assert len(checker._cache) == 200  # the results are capped by sentences alone
    assert checker.check(text) == first


def test_retain_keeps_the_wanted_keys_and_their_weight():
    cache: Lru[str, int] = Lru(100, budget=100, weigh=len)
    for key in ("aa", "bbb", "cccc"):
        cache.put(key, len(key))
    cache.retain(lambda key: key != "bbb")
    assert "bbb" not in cache and cache.get("aa") == 2 and cache.get("cccc") == 4
    cache.put("d" * 94, 0)  # 2 + 4 + 94: within the budget only if "bbb" no longer weighs
    assert len(cache) == 3


def test_retain_newest_by_keeps_the_most_recently_used_variant_in_order():
    cache: Lru[tuple[str, int], str] = Lru(10)
    cache.put(("s", 1), "old")
    cache.put(("t", 1), "t")
    cache.put(("s", 2), "new")
    cache.get(("t", 1))
    cache.retain(lambda key: True, newest_by=lambda key: key[0])
    assert list(cache._entries) == [("s", 2), ("t", 1)]  # least recently used first, as before
    assert cache.peek(("s", 1)) is None and cache.peek(("s", 2)) == "new"

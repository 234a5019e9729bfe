"""SymSpell's index for the speller, held compactly.

symspellpy keeps its frequency dictionary (82,765 words) and its delete index as Python dicts
of str and lists: 29 MB in a process, for lookups that only ever keep candidates counted at
least :data:`edgegram.engine.finders.spelling.MIN_CANDIDATE_COUNT` times. :func:`compact_symspell`
gives a ``SymSpell`` whose word counts are sorted ``hash()`` values beside their counts
(every word, as :class:`edgegram.engine.sentences.lexicon.Lexicon` keeps its lists) and whose delete
index holds only the common words, in numpy arrays: a few MB. ``lookup`` is symspellpy's
own; the index lists the common words in the order symspellpy would (the dictionary file's),
so the suggestions that pass the count threshold, and their order, are the same.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from pathlib import Path

import numpy as np


class HashedCounts:
    """A read-only ``{word: count}`` kept as sorted ``hash()`` values and their counts (made
    and read within one process; two words share a hash with odds of about 1e-14)."""

    def __init__(self, counts: dict[str, int]) -> None:
        self._keys, self._counts = self._sorted(list(counts), np.fromiter(counts.values(), dtype=np.int64, count=len(counts)))

    @staticmethod
    def _sorted(words: list[str], counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        keys = np.fromiter(map(hash, words), dtype=np.int64, count=len(words))
        order = np.argsort(keys, kind="stable")
        return keys[order], counts[order]

    def _index(self, word: str) -> int | None:
        h = hash(word)
        i = int(np.searchsorted(self._keys, h))
        return i if i < len(self._keys) and int(self._keys[i]) == h else None

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self._index(word) is not None

    def __getitem__(self, word: str) -> int:
        i = self._index(word)
        if i is None:
            raise KeyError(word)
        return int(self._counts[i])

    def get(self, word: str, default: int = 0) -> int:
        i = self._index(word)
        return default if i is None else int(self._counts[i])

    def __len__(self) -> int:
        return len(self._keys)


class DeleteIndex:
    """SymSpell's ``{delete: [words]}`` for ``words`` (whose deletes ``deletes_of`` gives),
    each list in the order of ``words``: the words in one string, and (hash of delete, word
    number) pairs sorted."""

    def __init__(self, words: list[str], deletes_of, prefix_length: int | None = None) -> None:
        """``prefix_length``: ``deletes_of(word)`` depends on ``word[:prefix_length]`` only (as
        SymSpell's do), so the words that share a prefix share its deletes, hashed once (the 54,000
        common words have about a third as many prefixes)."""
        self._text = "".join(words)
        self._starts = np.cumsum([0] + [len(w) for w in words], dtype=np.int64).astype(np.uint32)
        hashes, counts = array("q"), array("I")  # built compactly: a list of pairs took 40 MB at its peak
        by_prefix: dict[str, array] = {}
        for word in words:
            prefix = word if prefix_length is None else word[:prefix_length]
            hashed = by_prefix.get(prefix)
            if hashed is None:
                hashed = by_prefix[prefix] = array("q", [hash(delete) for delete in deletes_of(word)])
            hashes.extend(hashed)
            counts.append(len(hashed))
        del by_prefix
        keys = np.frombuffer(hashes, dtype=np.int64)
        word_numbers = np.repeat(np.arange(len(words), dtype=np.uint32), np.frombuffer(counts, dtype=np.uint32))
        order = np.lexsort((word_numbers, keys))
        self._keys, self._numbers = keys[order], word_numbers[order]

    def _range(self, delete: str) -> tuple[int, int]:
        h = hash(delete)
        return int(np.searchsorted(self._keys, h, "left")), int(np.searchsorted(self._keys, h, "right"))

    def __contains__(self, delete: object) -> bool:
        if not isinstance(delete, str):
            return False
        start, end = self._range(delete)
        return end > start

    def __getitem__(self, delete: str) -> list[str]:
        start, end = self._range(delete)
        return [self._word(int(n)) for n in self._numbers[start:end]]

    def words(self) -> list[str]:
        """The words indexed, in their order."""
        return [self._word(n) for n in range(len(self._starts) - 1)]

    def _word(self, n: int) -> str:
        return self._text[int(self._starts[n]) : int(self._starts[n + 1])]


class BucketedWords:
    """Words kept by first letter and length, each group in one string (a list of 96,000 str
    objects took 10 MB): for finding the few words a letter or two from another, rarely."""

    def __init__(self, words: Iterable[str]) -> None:
        groups: dict[tuple[str, int], list[str]] = {}
        for word in dict.fromkeys(words):
            if word:
                groups.setdefault((word[0], len(word)), []).append(word)
        self._groups = {key: " ".join(group) for key, group in groups.items()}

    def near(self, word: str, letters: int) -> list[str]:
        """The words that start with ``word``'s first letter and are at most ``letters`` longer
        or shorter than it."""
        found: list[str] = []
        for length in range(len(word) - letters, len(word) + letters + 1):
            group = self._groups.get((word[:1], length))
            if group:
                found += group.split(" ")
        return found


def read_counts(lines: Iterable[str]) -> dict[str, int]:
    """``word count`` lines as symspellpy's ``load_dictionary`` reads them (a count of 0 or
    less, or not a 64-bit integer, is skipped; a word listed twice has the sum), in the order
    of their first line."""
    from symspellpy.helpers import increment_count, try_parse_int64

    counts: dict[str, int] = {}
    for line in lines:
        parts = line.rstrip().split(" ")
        count = try_parse_int64(parts[1]) if len(parts) >= 2 else None
        if count is not None and count > 0:
            counts[parts[0]] = increment_count(count, counts[parts[0]]) if parts[0] in counts else count
    return counts


def compact_symspell(path: Path, min_count: int, max_distance: int, prefix_length: int):
    """A ``symspellpy.SymSpell`` over the dictionary at ``path`` whose delete index holds only
    the words counted at least ``min_count`` times, and all its words' counts."""
    with open(path, encoding="utf-8") as f:
        return symspell_of(read_counts(f), min_count, max_distance, prefix_length)


def symspell_of(counts: dict[str, int], min_count: int, max_distance: int, prefix_length: int):
    """A ``symspellpy.SymSpell`` over ``counts`` (word -> count) whose delete index holds only
    the words counted at least ``min_count`` times, and all their counts."""
    from symspellpy import SymSpell

    symspell = SymSpell(max_dictionary_edit_distance=max_distance, prefix_length=prefix_length)
    common = [word for word, count in counts.items() if count >= min_count]
    # symspellpy's lookup reads these three attributes (symspellpy 6.7 to 6.10)
    symspell._deletes = DeleteIndex(common, symspell._edits_prefix, prefix_length)
    symspell._words = HashedCounts(counts)
    symspell._max_length = max(map(len, counts), default=0)
    return symspell


__all__ = ["BucketedWords", "DeleteIndex", "HashedCounts", "compact_symspell", "read_counts", "symspell_of"]

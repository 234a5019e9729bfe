"""How often two words stand side by side in English: Google's web counts of word pairs
(symspellpy's bigram dictionary, 242,342 pairs counted 6.4 million times or more), and those of
technical writing on the same scale ("commit log", which the web's dictionary does not count),
both in one shipped table (:data:`PAIR_TABLE`), to judge a word by its neighbours. The speller
adds it to how it ranks a misspelling's candidates ("does not provice complex queries":
"provide", not "province"), and the real-word slips are found with it
(:mod:`edgegram.engine.finders.word_slips`)."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from typing import Protocol

from edgegram.engine.core.paths import WORDS_DIR
from edgegram.engine.core.sorted_table import SortedTable

# The pairs and their counts, one a line sorted by pair (bytes of UTF-8), ``first second<TAB>web<TAB>
# trade``: the web's count (symspellpy's bigram dictionary) and technical writing's on the same
# scale (other projects' docs), 0 where one does not count the pair. Written by python -m
# edge_model.data.trade_pairs; read by binary search, so that a process starts without splitting
# 400,000 lines into a dict (a third of a second).
PAIR_TABLE = WORDS_DIR / "pairs.txt.gz"
WEB, TRADE = 0, 1  # the table's columns of counts
# A pair the dictionary does not count is counted this often (its least count is 6.4 million).
UNCOUNTED = 1_000_000
# The most an uncounted pair adds after a word (a log): that a common word's pair is not counted
# says the next word seldom follows it, that a rare word's is not says little ("some incling of":
# uncounted after "incline" and after "inching", a word 60 times rarer, which the uncapped
# estimate, 1,000,000 over its count, made the likelier). See CONTEXT_WEIGHT in
# edgegram.engine.finders.spelling for how it was chosen.
UNCOUNTED_AFTER_MOST = -6.0
_BEFORE_RE = re.compile(r"([A-Za-z]+) $")
_AFTER_RE = re.compile(r" ([A-Za-z]+)")


class Counts(Protocol):
    """A read-only ``{"first second": count}``."""

    def get(self, pair: str, default: int = 0) -> int: ...

    def __contains__(self, pair: object) -> bool: ...


class TableColumn:
    """One column of counts of a pair table (:data:`PAIR_TABLE`'s format) as :class:`Counts`:
    the pairs whose count there is not 0."""

    def __init__(self, table: SortedTable, column: int) -> None:
        self._table, self._column = table, column

    def get(self, pair: str, default: int = 0) -> int:
        row = self._table.row(pair)
        count = int(row[self._column]) if row else 0
        return count if count else default

    def __contains__(self, pair: object) -> bool:
        return isinstance(pair, str) and self.get(pair) > 0


class WordPairs:
    """The pairs' counts, by ``"first second"`` in lower case, from one or more tables (the
    greatest count where several list a pair)."""

    def __init__(self, *tables: Counts) -> None:
        self._tables = tables

    def counted(self, first: str, second: str) -> bool:
        """Whether a table counts ``first second``."""
        pair = f"{first} {second}"
        return any(pair in table for table in self._tables)

    def count(self, first: str, second: str) -> int:
        """The count of ``first second``, :data:`UNCOUNTED` if no table has it."""
        pair = f"{first} {second}"
        return max((table.get(pair, UNCOUNTED) for table in self._tables), default=UNCOUNTED)

    def fit(self, before: str | None, words: str, after: str | None, count: Callable[[str], int]) -> float:
        """How likely ``words`` (one, or a few: "a lot") are between their neighbours by the pairs,
        a log on a scale of its own that only compares words in one place: that of the first word
        after ``before`` and of ``after`` after the last, ``log c(before first) + log c(last
        after) - log c(last)`` (``count``: a word's count alone), the second term at most
        :data:`UNCOUNTED_AFTER_MOST` where the pair is not counted; a missing neighbour adds nothing."""
        first, last = words.split(" ")[0], words.split(" ")[-1]
        score = 0.0
        if before is not None:
            score += math.log(self.count(before, first))
        if after is not None:
            following = math.log(self.count(last, after)) - math.log(max(count(last), 1))
            score += following if self.counted(last, after) else min(following, UNCOUNTED_AFTER_MOST)
        return score


def fit_in_place(sentence: str, start: int, end: int, count: Callable[[str], int]) -> Callable[[str], float]:
    """``fit(words)``: how likely ``words`` (in any case) are in the place of ``sentence[start:end]``
    between its :func:`neighbours`, by :meth:`WordPairs.fit` on the web's pairs and technical
    writing's (``count``: a word's count alone)."""
    before, after = neighbours(sentence, start, end)
    pairs = shipped_pairs(trade=True)

    def fit(words: str) -> float:
        return pairs.fit(before, words.lower(), after, count)

    return fit


def neighbours(sentence: str, start: int, end: int) -> tuple[str | None, str | None]:
    """The words right before and after ``sentence[start:end]`` in lower case, each where one
    space alone separates it (None else: a mark, a placeholder's brackets, the sentence's end)."""
    before = _BEFORE_RE.search(sentence, 0, start)
    after = _AFTER_RE.match(sentence, end)
    return (before.group(1).lower() if before else None, after.group(1).lower() if after else None)


@functools.cache
def shipped_pairs(trade: bool = False) -> WordPairs:
    """The web's pairs, and with ``trade`` those of technical writing too (the greater count where
    both list a pair), from :data:`PAIR_TABLE`, read once per process. The real-word slips and
    the split of a word in two read the web's alone: the docs the trade pairs were counted in have
    slips of their own ("the either"), and a word split in two needs a pair common in English at
    large."""
    table = _pair_table()
    return WordPairs(TableColumn(table, WEB), TableColumn(table, TRADE)) if trade else WordPairs(TableColumn(table, WEB))


@functools.cache
def _pair_table() -> SortedTable:
    return SortedTable.load(PAIR_TABLE)


__all__ = [
    "PAIR_TABLE",
    "TRADE",
    "UNCOUNTED",
    "WEB",
    "Counts",
    "TableColumn",
    "WordPairs",
    "fit_in_place",
    "neighbours",
    "shipped_pairs",
]

"""Which words are English words: the shipped word list (``engine/words/en.txt.gz``).

The model knows no dictionary: it can "correct" a rare word into a string that is not a word
at all ("sorority" -> "sority", "decisis" -> "decis"), and it fixes real typos ("whcih" ->
"which"). :class:`Lexicon` tells the two apart for the safety rules (an edit never makes a
non-word) and for :mod:`edgegram.engine.mechanics` (a non-word made into a word is a typo
fixed). The list is SCOWL's British English "large" list plus the words the training corpus
uses at least five times (American spellings, common names), built by
``python -m edge_model.data.lexicon``; the writer's dictionary words count as known too.
"""

from __future__ import annotations

import functools
import gzip
from collections.abc import Iterable
from pathlib import Path

import numpy as np

WORD_LIST = Path(__file__).resolve().parent / "words" / "en.txt.gz"


def normalise(word: str) -> str:
    """The form words are listed in: case-folded, with straight apostrophes."""
    return word.casefold().replace("’", "'")


def is_lettered(word: str) -> bool:
    """Whether ``word`` is made of letters (and apostrophes): the words the list judges."""
    return word.replace("'", "").replace("’", "").isalpha()


class Lexicon:
    """A set of known words; ``knows`` is case- and apostrophe-insensitive. The list is kept
    as the sorted ``hash()`` values of its words (1.4 MB instead of some 20 MB of str objects;
    they are made and compared within one process, and two words share one with odds of
    about 1e-14), the writer's extra words as a set."""

    def __init__(self, keys: np.ndarray, extra: frozenset[str] = frozenset()):
        self._keys = keys  # sorted, unique hash() values of the listed (normalised) words
        self._extra = extra  # normalised

    @classmethod
    def load(cls, path: Path = WORD_LIST) -> Lexicon:
        """The word list at ``path`` (gzip, one normalised word a line)."""
        with gzip.open(path, "rt", encoding="utf-8") as f:
            keys = np.fromiter((hash(line.rstrip("\n")) for line in f if line.strip()), dtype=np.int64)
        return cls(np.unique(keys))

    def knows(self, word: str) -> bool:
        key = normalise(word)
        return key in self._extra or self._listed(key)

    def with_words(self, words: Iterable[str]) -> Lexicon:
        """This lexicon plus ``words`` (the writer's dictionary); the big list is shared, not copied."""
        extra = self._extra | {normalise(w) for w in words if w}
        return self if extra == self._extra else Lexicon(self._keys, extra)

    def __len__(self) -> int:
        return len(self._keys) + sum(1 for w in self._extra if not self._listed(w))

    def _listed(self, key: str) -> bool:
        """Whether the normalised ``key`` is on the list itself (not among the extra words)."""
        h = hash(key)
        i = int(np.searchsorted(self._keys, h))
        return i < len(self._keys) and int(self._keys[i]) == h


@functools.cache
def shipped_lexicon() -> Lexicon:
    """The shipped word list, read once per process (it is read-only)."""
    return Lexicon.load()


__all__ = ["WORD_LIST", "Lexicon", "is_lettered", "normalise", "shipped_lexicon"]

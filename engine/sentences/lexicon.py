"""Which words are English words: the shipped word list (``engine/words/en.txt.gz``).

The model knows no dictionary: it can "correct" a rare word into a string that is not a word
at all ("sorority" -> "sority", "decisis" -> "decis"), and it fixes real typos ("whcih" ->
"which"). :class:`Lexicon` tells the two apart for the safety rules (an edit never makes a
non-word) and for :mod:`edgegram.engine.analysis.mechanics` (a non-word made into a word is a typo
fixed). The list is SCOWL's British English "large" list plus the words the training corpus
uses at least five times (American spellings, common names), built by
``python -m edge_model.data.lexicon``; the writer's dictionary words count as known too.
"""

from __future__ import annotations

import functools
import gzip
import unicodedata
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from edgegram.engine.core.paths import WORDS_DIR
from edgegram.engine.core.sorted_table import SortedTable

WORD_LIST = WORDS_DIR / "en.txt.gz"
# Technical words of other projects' docs and code (rustc, kubectl, struct, yaml...), built by
# ``python -m edge_model.data.tech_vocab``: known words too, so spelling leaves them alone.
TECH_LIST = WORD_LIST.with_name("tech.txt.gz")
# Words common on the web that neither list has ("rebar", "terroir", "thanx"), built by
# ``python -m edge_model.data.web_words``: not judged by the spelling check, nothing more.
WEB_LIST = WORD_LIST.with_name("web.txt.gz")
# Words spelt differently in British and American English ("theatre" / "theater"), one pair a
# line, built by ``python -m edge_model.data.dialect_spellings``: no edit swaps one for the other.
DIALECT_LIST = WORD_LIST.with_name("dialects.txt.gz")
# Misspellings codespell records, with their corrections ("atleast" -> "at least", "occuring" ->
# "occurring"), one a line (``misspelling TAB correction...``), built by
# ``python -m edge_model.data.recorded_misspellings``: suspects whatever the other lists say.
MISSPELLING_LIST = WORD_LIST.with_name("misspellings.txt.gz")


def normalise(word: str) -> str:
    """The form words are listed in: case-folded, with straight apostrophes."""
    return word.casefold().replace("’", "'")


def is_lettered(word: str) -> bool:
    """Whether ``word`` is made of letters (and apostrophes): the words the list judges."""
    return word.replace("'", "").replace("’", "").isalpha()


def without_accents(word: str) -> str:
    """``word`` without its letters' diacritics ("décor" -> "decor", "naïve" -> "naive")."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


class Lexicon:
    """A set of known words; ``knows`` is case- and apostrophe-insensitive, and knows a word
    written with accents its list has without them ("décor", "café", "résumé"). The lists are kept
    as the sorted ``hash()`` values of their words (1.4 MB instead of some 20 MB of str objects;
    they are made and compared within one process, and two words share one with odds of
    about 1e-14), the writer's extra words as a set. The technical list counts as known, but
    not as English (:meth:`is_english`)."""

    def __init__(self, keys: np.ndarray, extra: frozenset[str] = frozenset(), technical: np.ndarray | None = None):
        self._keys = keys  # sorted, unique hash() values of the listed (normalised) words
        self._extra = extra  # normalised
        self._technical = technical if technical is not None else np.zeros(0, dtype=np.int64)

    @classmethod
    def load(cls, path: Path = WORD_LIST, technical: Path | None = None) -> Lexicon:
        """The word list at ``path`` (gzip, one normalised word a line), and the technical
        list at ``technical`` if given."""
        return cls(_read_keys(path), technical=_read_keys(technical) if technical is not None else None)

    def knows(self, word: str) -> bool:
        key = normalise(word)
        if key in self._extra or _listed(self._keys, key) or _listed(self._technical, key):
            return True
        return not key.isascii() and (plain := without_accents(key)) != key and self.knows(plain)

    def is_writers(self, word: str) -> bool:
        """Whether ``word`` is one of the writer's words (their dictionary)."""
        return normalise(word) in self._extra

    def is_english(self, word: str) -> bool:
        """Whether ``word`` is on the English list (not only a technical term or the writer's)."""
        return _listed(self._keys, normalise(word))

    def with_words(self, words: Iterable[str]) -> Lexicon:
        """This lexicon plus ``words`` (the writer's dictionary); the big lists are shared, not copied."""
        extra = self._extra | {normalise(w) for w in words if w}
        return self if extra == self._extra else Lexicon(self._keys, extra, self._technical)

    def __len__(self) -> int:
        listed = len(self._keys) + sum(1 for k in self._technical if not _listed_key(self._keys, int(k)))
        return listed + sum(1 for w in self._extra if not (_listed(self._keys, w) or _listed(self._technical, w)))


def _read_keys(path: Path) -> np.ndarray:
    with gzip.open(path, "rb") as f:
        words = f.read().decode("utf-8").split("\n")
    # map() over the builtin hash: half the time of a generator expression (0.14 vs 0.29 s for en.txt.gz)
    keys = np.sort(np.fromiter(map(hash, filter(None, words)), dtype=np.int64))
    # unique by hand: np.unique imports numpy.ma (1.3 MB of resident memory) to ask if keys are masked
    return keys[np.concatenate(([True], keys[1:] != keys[:-1]))] if len(keys) else keys


def _listed(keys: np.ndarray, word: str) -> bool:
    """Whether the normalised ``word`` is among the sorted hash ``keys``."""
    return _listed_key(keys, hash(word))


def _listed_key(keys: np.ndarray, h: int) -> bool:
    i = int(np.searchsorted(keys, h))
    return i < len(keys) and int(keys[i]) == h


@functools.cache
def shipped_lexicon() -> Lexicon:
    """The shipped English and technical word lists, read once per process (read-only)."""
    return Lexicon.load(WORD_LIST, TECH_LIST)


@functools.cache
def technical_words() -> tuple[str, ...]:
    """The words of the technical list (:data:`TECH_LIST`) themselves, read once per process:
    the speller's candidates for a slip of a term ("filesytem" -> "filesystem")."""
    with gzip.open(TECH_LIST, "rt", encoding="utf-8") as f:
        return tuple(word for word in f.read().split("\n") if word)


@functools.cache
def shipped_web_words() -> Lexicon:
    """The shipped list of words common on the web (:data:`WEB_LIST`), read once per process."""
    return Lexicon.load(WEB_LIST)


_MISSPELLING_MEMO = 1 << 15  # words whose lookup a Misspellings remembers


class Misspellings:
    """The recorded misspellings (:data:`MISSPELLING_LIST`) and their corrections."""

    def __init__(self, table: SortedTable):
        self._table = table
        # the speller asks of every word (a bisection of the table, ~10 µs), and a document's words repeat
        self._looked_up = functools.lru_cache(maxsize=_MISSPELLING_MEMO)(self._look_up)

    def corrections(self, word: str) -> tuple[str, ...]:
        """The recorded corrections of ``word`` (any case), () when it is no recorded misspelling."""
        return self._looked_up(normalise(word))

    def _look_up(self, key: str) -> tuple[str, ...]:
        return self._table.row(key) or ()


@functools.cache
def shipped_misspellings() -> Misspellings:
    """The shipped recorded misspellings, read once per process."""
    return Misspellings(SortedTable.load(MISSPELLING_LIST))


@functools.cache
def dialect_pairs() -> frozenset[tuple[str, str]]:
    """The words of :data:`DIALECT_LIST` paired with their spellings in the other dialect, in
    both orders (("theater", "theatre") and ("theatre", "theater"); a word may have several:
    "anesthetize" / "anaesthetise", "anaesthetize"), read once per process."""
    with gzip.open(DIALECT_LIST, "rt", encoding="utf-8") as f:
        pairs = [tuple(line.rstrip("\n").split("\t")) for line in f if line.strip()]
    return frozenset((a, b) for uk, us in pairs for a, b in ((uk, us), (us, uk)))


@functools.cache
def _dialect_partners() -> dict[str, tuple[str, ...]]:
    partners: dict[str, list[str]] = {}
    for a, b in sorted(dialect_pairs()):
        partners.setdefault(a, []).append(b)
    return {word: tuple(others) for word, others in partners.items()}


def dialect_partners(word: str) -> tuple[str, ...]:
    """The spellings of the lower-case ``word`` in the other dialect ("theater" -> "theatre"), ()
    when it has none."""
    return _dialect_partners().get(word, ())


__all__ = [
    "DIALECT_LIST",
    "MISSPELLING_LIST",
    "Misspellings",
    "TECH_LIST",
    "WEB_LIST",
    "WORD_LIST",
    "Lexicon",
    "dialect_pairs",
    "dialect_partners",
    "is_lettered",
    "normalise",
    "without_accents",
    "shipped_lexicon",
    "shipped_misspellings",
    "shipped_web_words",
    "technical_words",
]

"""Parts of speech for a sentence: a small tagger of our own, trained on MASC and Brown.

:func:`tag` splits a sentence the Penn Treebank way (words, punctuation, the clitics "n't",
"'s", "'re"...) and gives every token one of :data:`TAGS`: Penn Treebank's tags, a little
coarser where the rules need no more (a verb's bare form and its present other than the third
person singular are both ``VB``; comparatives are ``JJ`` and ``RB``; punctuation is ``.``).

The tagger is a linear classifier over hashed features of each token and its neighbours (the
word, its suffixes and shape, the words around it and what lemminflect says they can be:
:mod:`edgegram.engine.analysis.word_classes`), with no tag history, so a sentence is tagged in one
matrix product: ``engine/words/tagger.npz`` holds int8 weights of :data:`BUCKETS` feature
buckets by tag and their scale. It is trained by ``python -m edge_model.pos_tagger`` (averaged
perceptron); accuracy, speed and size are in that module's docstring and ``docs/``.
"""

from __future__ import annotations

import functools
import re
import threading
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from edgegram.engine.analysis.word_classes import ADJ, ADV, NOUN, VERB, classes
from edgegram.engine.core.paths import WORDS_DIR

TAGGER_FILE = WORDS_DIR / "tagger.npz"
TAGS = (
    "NN", "NNS", "NNP", "VB", "VBZ", "VBD", "VBN", "VBG", "MD", "JJ", "RB", "DT", "IN", "TO", "CC",
    "PRP", "PRP$", "WDT", "WP", "WRB", "CD", "POS", "RP", "EX", "UH", "FW", "SYM", ".",
)  # fmt: skip
TAG_INDEX = {tag: index for index, tag in enumerate(TAGS)}
FINITE_TAGS = frozenset({"VB", "VBZ", "VBD", "MD"})  # the tags of a finite verb (the tagger has no VBP)
BUCKETS = 1 << 18

# Penn Treebank tokens: clitics split off ("do" "n't", "it" "'s"), words with inner hyphens,
# dots, underscores, apostrophes and digits kept whole ("x86-64", "O'Brien", "e.g"), other marks
# one each. A letter is any script's ([^\W\d_]), so "Zoë" and "naïve" are one token each.
_CLITIC = r"['’](?:s|re|ve|ll|d|m)\b"
_ALNUM, _LETTER = r"[^\W_]", r"[^\W\d_]"
_TOKEN_RE = re.compile(
    rf"{_ALNUM}+(?=n['’]t\b)"  # "do" of "don't", "ca" of "can't"
    r"|n['’]t\b"
    rf"|{_CLITIC}"
    r"|\d+(?:[.,]\d+)*"  # a number, "5,000" and "3.14" whole
    rf"|{_ALNUM}(?:[\w-]|\.(?={_ALNUM})|(?!{_CLITIC})['’](?={_LETTER}))*"
    r"|\S"
)
_CLASS_CODES = ((NOUN, "n"), (VERB, "v"), (ADJ, "a"), (ADV, "r"))


@dataclass(frozen=True)
class Token:
    """A token of a sentence: ``sentence[start:end]`` is ``text``; ``tag`` one of :data:`TAGS`."""

    text: str
    start: int
    end: int
    tag: str


def tokenize(sentence: str) -> list[tuple[str, int, int]]:
    """(text, start, end) of each Penn Treebank token of ``sentence``."""
    return [(m.group(), m.start(), m.end()) for m in _TOKEN_RE.finditer(sentence)]


@functools.lru_cache(maxsize=65536)
def _word_features(word: str) -> tuple[str, ...]:
    """What a token says on its own: its lower-case form, suffixes, prefix, shape and classes."""
    lower = word.lower()
    shape = (
        "X"
        if word.isupper() and len(word) > 1
        else "Xx"
        if word[:1].isupper()
        else "x"
        if word[:1].isalpha()
        else "d"
        if word[:1].isdigit()
        else "p"
    )
    found = [f"w={lower}", f"s1={lower[-1:]}", f"s2={lower[-2:]}", f"s3={lower[-3:]}", f"p1={lower[:1]}", f"shape={shape}"]
    if any(c.isdigit() for c in word):
        found.append("digit")
    if "-" in word:
        found.append("hyphen")
    if len(word) > 3:
        found.append(f"s4={lower[-4:]}")
    found.append("c=" + _classes_code(lower))
    return tuple(found)


@functools.lru_cache(maxsize=65536)
def _classes_code(lower: str) -> str:
    """What lemminflect says the word can be, as letters ("nv": a noun or a verb; "-": nothing)."""
    found = classes(lower) if lower.isalpha() else frozenset()
    return "".join(code for name, code in _CLASS_CODES if name in found) or "-"


def features(words: list[str]) -> list[list[str]]:
    """The feature strings of each token of a sentence (``words``: its tokens' texts)."""
    lowers, codes = _lowers_and_codes(words)
    return [["bias", *_word_features(word), *_context(lowers, codes, i)] for i, word in enumerate(words)]


def feature_ids(words: list[str]) -> np.ndarray:
    """The hashed feature buckets of each token (those of :func:`features`), an array [tokens,
    features] (padded with -1). A word's own buckets and each feature string's are remembered,
    so a string is hashed once per process; the buckets are those of hashing :func:`features`'
    strings."""
    lowers, codes = _lowers_and_codes(words)
    rows = [[_BIAS, *_word_ids(word), *map(_bucket, _context(lowers, codes, i))] for i, word in enumerate(words)]
    width = max((len(r) for r in rows), default=0)
    ids = np.full((len(rows), width), -1, dtype=np.int64)
    for i, row in enumerate(rows):
        ids[i, : len(row)] = row
    return ids


def _lowers_and_codes(words: list[str]) -> tuple[list[str], list[str]]:
    """The tokens in lower case, and what lemminflect says each can be (:func:`_classes_code`)."""
    lowers = [w.lower() for w in words]
    return lowers, [_classes_code(w) for w in lowers]


def _context(lowers: list[str], codes: list[str], i: int) -> list[str]:
    """The features of token ``i`` that its neighbours make: the words around it, their
    endings and classes, and pairs of them."""
    p1, p2 = (lowers[i - 1] if i > 0 else "<s>"), (lowers[i - 2] if i > 1 else "<s>")
    n1 = lowers[i + 1] if i + 1 < len(lowers) else "</s>"
    n2 = lowers[i + 2] if i + 2 < len(lowers) else "</s>"
    c_p1 = codes[i - 1] if i > 0 else "<s>"
    c_n1 = codes[i + 1] if i + 1 < len(lowers) else "</s>"
    word, code = lowers[i], codes[i]
    found = [
        "p1=" + p1,
        "p2=" + p2,
        "n1=" + n1,
        "n2=" + n2,
        "p1s3=" + p1[-3:],
        "n1s3=" + n1[-3:],
        "cp1=" + c_p1,
        "cn1=" + c_n1,
        f"cp1c={c_p1}|{code}",
        f"c|cn1={code}|{c_n1}",
        f"p1w={p1}|{word}",
        f"wn1={word}|{n1}",
    ]
    if i == 0:
        found.append("first")
    return found


@functools.lru_cache(maxsize=1 << 18)
def _bucket(feature: str) -> int:
    """The bucket a feature string hashes to."""
    return zlib.crc32(feature.encode("utf-8")) & (BUCKETS - 1)


@functools.lru_cache(maxsize=65536)
def _word_ids(word: str) -> tuple[int, ...]:
    """The buckets of :func:`_word_features`."""
    return tuple(map(_bucket, _word_features(word)))


_BIAS = zlib.crc32(b"bias") & (BUCKETS - 1)


# Words the corpora never taught, read as one they did: Penn Treebank splits "cannot" into "can"
# and "not", Brown tags it "md*" (which the training leaves out), so the weights read it as a noun
# and the verb after it as another ("A token cannot use write methods": "cannot use" a noun phrase).
_READ_AS = {"cannot": "can"}


class Tagger:
    """The shipped weights (:data:`TAGGER_FILE`), or any of the same form; thread-safe."""

    def __init__(self, weights: np.ndarray, scale: float):
        if weights.shape != (BUCKETS + 1, len(TAGS)):
            raise ValueError(f"tagger weights of shape {weights.shape}, expected {(BUCKETS + 1, len(TAGS))}")
        self._weights = weights  # the last row: zeros, for padding
        self._scale = scale
        self._lock = threading.Lock()

    @classmethod
    def load(cls, path: Path = TAGGER_FILE) -> Tagger:
        with np.load(path) as data:
            weights = np.vstack([data["weights"], np.zeros((1, len(TAGS)), dtype=data["weights"].dtype)])
            return cls(weights, float(data["scale"]))

    def tag_words(self, words: list[str]) -> list[str]:
        """The tag of each of a sentence's token texts."""
        if not words:
            return []
        ids = feature_ids([_READ_AS.get(word.lower(), word) for word in words])
        scores = self._weights[ids].sum(axis=1, dtype=np.int32)
        return [TAGS[i] for i in scores.argmax(axis=1)]

    def tag(self, sentence: str) -> list[Token]:
        """The tokens of ``sentence`` with their tags."""
        spans = tokenize(sentence)
        tags = self.tag_words([text for text, _, _ in spans])
        return [Token(text, start, end, tag) for (text, start, end), tag in zip(spans, tags)]


@functools.cache
def shipped_tagger() -> Tagger:
    """The shipped tagger, read once per process."""
    return Tagger.load()


@functools.lru_cache(maxsize=4096)
def tag(sentence: str) -> tuple[Token, ...]:
    """:meth:`Tagger.tag` with the shipped tagger, remembered: every rule of a sentence reads it."""
    return tuple(shipped_tagger().tag(sentence))


def tags_by_start(sentence: str) -> dict[int, str]:
    """The sentence's tags by where each token starts: a rule that walks its own words (not the
    tagger's tokens) looks a word's tag up by its offset."""
    return {token.start: token.tag for token in tag(sentence)}


__all__ = [
    "BUCKETS",
    "FINITE_TAGS",
    "TAGGER_FILE",
    "TAGS",
    "TAG_INDEX",
    "Tagger",
    "Token",
    "feature_ids",
    "features",
    "shipped_tagger",
    "tag",
    "tags_by_start",
    "tokenize",
]

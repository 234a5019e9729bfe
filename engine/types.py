"""Typed results and settings shared by the engine, the CLI and the language server."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path


class EditKind(str, Enum):
    """What kind of problem an edit fixes; the value is the diagnostic code."""

    SPELLING = "spelling"
    AGREEMENT = "agreement"
    VERB_FORM = "verb_form"
    ARTICLE = "article"
    PREPOSITION = "preposition"
    NOUN_NUMBER = "noun_number"
    PUNCTUATION = "punctuation"
    CAPITALISATION = "capitalisation"
    WORD_ORDER = "word_order"
    MISSING_WORD = "missing_word"
    UNNECESSARY_WORD = "unnecessary_word"
    OTHER = "other"


@dataclass(frozen=True)
class Edit:
    """One suggested change: replace ``text[start:end]`` (``original``) by ``replacement``.

    Offsets are Python ``str`` indices (code points) into the text given to the checker;
    ``start == end`` is an insertion.
    """

    start: int
    end: int
    replacement: str
    original: str
    kind: EditKind
    message: str
    confidence: float  # probability of the model's output tokens for this edit (min over them)
    # How much more probable the output token was than the runner-up (min over the edit's
    # tokens): near 0 when the model hesitated, usually between the edit and keeping the source.
    margin: float = 1.0


# Chosen on the first 1,000 BEA-19 dev sentences with the shipped model
# (python -m edge_model.evaluate --sets bea19 --limit 1000 --min-confidence 0 0.3 0.4 0.5 0.6):
# it drops the least certain edits, trading a little recall for much precision.
DEFAULT_MIN_CONFIDENCE = 0.3  # F0.5 37.91 there (0: 35.64, 0.4: 37.46, 0.5: 34.75, 0.6: 31.05)


@dataclass(frozen=True)
class CheckerConfig:
    """Settings of :class:`engine.Checker`."""

    model_dir: Path | None = None  # None: $EDGEGRAM_MODEL, else the shipped engine/model
    threads: int | None = None  # None: physical cores
    decoder: str = "iad"  # "iad" | "greedy"; both give identical output
    min_confidence: float = DEFAULT_MIN_CONFIDENCE  # edits below are dropped after decoding
    cache_size: int = 10_000  # sentences whose result is remembered
    # Drop edits that alter protected tokens, rewrite more than three words, delete meaning or
    # add repetitions (engine.safety). Off only to measure the raw model.
    safety: bool = True

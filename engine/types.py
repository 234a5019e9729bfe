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


@dataclass(frozen=True)
class DocumentPrior:
    """How the sentences around an edit change its reported confidence
    (:func:`edgegram.engine.confidence.calibrate`)."""

    # Chosen with python scripts/prior_sweep.py on the shipped model (docs/confidence.md): the
    # widest neighbourhood that keeps BEA-19 and CoNLL-2013 recall while CWEB false alarms
    # fall, and a penalty small enough that an edit of raw confidence 0.7 still shows in a
    # short note (which has too few neighbours to look like learner text).
    window: int = 20  # sentences either side
    confident: float = 0.5  # raw confidence of an edit that marks its sentence as having an error
    dense: int = 5  # neighbours with such an edit that make a neighbourhood "learner-like"
    penalty: float = 0.45  # taken off an edit in sparse surroundings

    @classmethod
    def off(cls) -> DocumentPrior:
        """No prior: the reported confidence is the model's own (to measure it)."""
        return cls(penalty=0.0)


# Applies to the calibrated confidence (edgegram.engine.confidence: an edit in well-edited surroundings
# loses DocumentPrior.penalty, so it needs 0.7 there). Chosen with the prior by
# python scripts/prior_sweep.py over the full dev sets (docs/confidence.md).
DEFAULT_MIN_CONFIDENCE = 0.25


@dataclass(frozen=True)
class CheckerConfig:
    """Settings of :class:`edgegram.engine.Checker`."""

    model_dir: Path | None = None  # None: $EDGEGRAM_MODEL, else the shipped engine/model
    threads: int | None = None  # None: physical cores
    decoder: str = "iad"  # "iad" | "greedy"; both give identical output
    min_confidence: float = DEFAULT_MIN_CONFIDENCE  # edits below are dropped after decoding
    prior: DocumentPrior = DocumentPrior()  # what the surrounding sentences do to a confidence
    cache_size: int = 10_000  # sentences whose result is remembered
    # Drop edits that alter protected tokens, rewrite more than three words, delete meaning or
    # add repetitions (edgegram.engine.safety). Off only to measure the raw model.
    safety: bool = True

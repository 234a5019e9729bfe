"""Telling paragraphs that are not English, so they are left alone.

A cheap first test keeps paragraphs full of English function words (most of them, and
no model is loaded for an English document); the rest go to py3langid (a small offline
n-gram model shipped in its wheel, loaded on first need). Short paragraphs are always
kept: identification is unreliable on a few words.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from .masking import MaskedText, Masker

# Frequent English words that are not also frequent words of the languages most often
# mixed into English documents (French, German, Spanish, Italian, Portuguese, Dutch).
_ENGLISH_WORDS = frozenset(
    "the and of to that it for with this be are you not have from or which but they can if "
    "has would there their what about when your been were more these should into could than "
    "them then only other some such how its our we he she his her my do does did who why where "
    "just like will been being any each those very after before because between through".split()
)
_WORD = re.compile(r"[^\W\d_]+")
_PLACEHOLDER = re.compile(r"Xx*")  # masked code (edgegram.engine.prose.masking.placeholder_word)
# Runs of lines that are not blank (a regular expression: the whole file is scanned fast).
_PARAGRAPH = re.compile(r"(?:^[ \t]*[^\s][^\r\n]*(?:\r\n|\r|\n|\Z))+", re.MULTILINE)


class LanguageFilter(Protocol):
    """What :func:`hide_other_languages` asks of a detector (an :class:`EnglishFilter`, or one
    that remembers its answers: ``edgegram.engine.prose.incremental``)."""

    def is_other_language(self, paragraph: str) -> bool: ...


@dataclass
class EnglishFilter:
    """Whether a paragraph is clearly in another language than English."""

    min_letters: int = 30  # shorter paragraphs are always checked
    min_english_share: float = 0.12  # of words from _ENGLISH_WORDS: English without asking the model
    max_english_probability: float = 0.02  # the model's P(English) under which a paragraph is skipped

    def __post_init__(self) -> None:
        self._identifier = None
        self._lock = threading.Lock()

    def is_other_language(self, paragraph: str) -> bool:
        words = [word for word in _WORD.findall(paragraph) if not _PLACEHOLDER.fullmatch(word)]
        if sum(map(len, words)) < self.min_letters:
            return False
        english = sum(word.lower() in _ENGLISH_WORDS for word in words)
        if english >= 2 and english >= self.min_english_share * len(words):
            return False
        if english and paragraph.isascii():
            return False  # one English function word and no accented letter
        model = self._model()
        if model.classify(paragraph)[0] == "en":
            return False
        return dict(model.rank(paragraph)).get("en", 0.0) < self.max_english_probability

    def _model(self):
        with self._lock:
            if self._identifier is None:
                from py3langid.langid import MODEL_FILE, LanguageIdentifier

                self._identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
            return self._identifier


@lru_cache(maxsize=1)
def english_filter() -> EnglishFilter:
    """The process's filter (its model is loaded once, on first need)."""
    return EnglishFilter()


def hide_other_languages(masked: MaskedText, detector: LanguageFilter | None = None) -> MaskedText:
    """``masked`` with the paragraphs that are not English hidden."""
    detector = detector or english_filter()
    other = [m.span() for m in _PARAGRAPH.finditer(masked.text) if detector.is_other_language(m.group())]
    if not other:
        return masked
    masker = Masker.of(masked)
    for start, end in other:
        masker.blank(start, end)
    return masker.result()

"""Telling paragraphs that are not English, so they are left alone.

A cheap first test keeps paragraphs full of English function words (most of them, and
no model is loaded for an English document); the rest go to py3langid (an offline n-gram
model shipped in its wheel). Short paragraphs are always kept: identification is
unreliable on a few words.

py3langid's model is 4.5 MB compressed but 67 MB of arrays (and about 76 MB in a process)
once loaded. It is unpacked once into the user's cache folder and read from there as it is
used (:mod:`edgegram.engine.core.stored_npz`): a paragraph reads the automaton's transitions it
takes and the weights of the n-grams it has, and only the small arrays (1 MB) are held in
memory, until the process is idle (:func:`edgegram.engine.core.memory.release_free_memory`).
Scores are py3langid's own, from the same arrays by the same code. Where the cache folder
cannot be written, the model is loaded into memory as py3langid does.
"""

from __future__ import annotations

import logging
import lzma
import re
import threading
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np

from edgegram.engine.core.memory import on_release
from edgegram.engine.core.stored_npz import int_view, stored_arrays, unpacked

from .masking import MaskedText, Masker

log = logging.getLogger(__name__)

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
    cache_dir: Path | None = None  # where the model is unpacked (None: the user's cache folder)

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
                self._identifier = _identifier(self.cache_dir or _default_cache_dir())
            return self._identifier

    def release(self) -> None:
        """Drop the model (it is mapped or loaded again on the next paragraph that needs it)."""
        with self._lock:
            self._identifier = None


def _default_cache_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("edgegram")) / "langid"


def _identifier(folder: Path):
    """py3langid's identifier over its model read from ``folder``, else loaded into memory."""
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    try:
        return _stored_identifier(folder)
    except (OSError, ValueError, EOFError, lzma.LZMAError, zipfile.BadZipFile) as error:
        log.info("language identification model loaded into memory (%s)", error)
        return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def _stored_identifier(folder: Path):
    """What py3langid's loader makes of its model, with the n-gram weights and the automaton's
    transitions (28 and 39 MB) read from the unpacked model in ``folder`` as they are used,
    and the rest as arrays whose items are Python ints (py3langid's lists of each state's
    output and row start take some 8 MB)."""
    from py3langid.langid import MODEL_DIR, MODEL_FILE, LanguageIdentifier

    arrays = stored_arrays(unpacked(MODEL_DIR / MODEL_FILE, folder))
    rows = arrays["nextmove_row"].load()
    identifier = LanguageIdentifier(
        arrays["ptc"],
        arrays["pc"].load(),
        arrays["classes"].load().tolist(),
        arrays["nextmove"],
        _ints(arrays["out_feat"].load()),
        norm_probs=True,
        tk_row=(),
    )
    identifier.tk_row = _ints(rows)
    identifier._rowbase = _ints(rows.astype(np.uint32) << 8)
    return identifier


def _ints(array: np.ndarray) -> memoryview:
    return int_view(array.tobytes(), array.dtype)


@lru_cache(maxsize=1)
def english_filter() -> EnglishFilter:
    """The process's filter (its model is mapped on first need and dropped when the process is idle)."""
    detector = EnglishFilter()
    on_release(detector.release)
    return detector


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

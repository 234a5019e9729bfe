"""Which edits fix the mechanics of writing, and are right on any text.

A typo made into a word ("whcih" -> "which", "didnt" -> "didn't"), a doubled word removed
("to to"), a sentence's missing final full stop, a sentence's first letter or the pronoun "i"
capitalised: such fixes are as reliable on a well-edited web page as in a learner's essay.
The model's grammar rewrites (articles, prepositions, agreement, commas) are not: measured on
CWEB dev (web pages) with the shipped model (``python scripts/confidence_study.py``), 67%
(CWEB-G) and 62% (CWEB-S) of its mechanical candidate edits of raw confidence 0.7+ match a
gold edit, against 22% and 5% of the others (on BEA-19 dev, learner essays: 77% and 57%).
The document prior (:func:`edgegram.engine.judge.confidence.calibrate`) therefore offers only
mechanical fixes where the surroundings look well edited; the edit judge
(:mod:`edgegram.engine.judge.edit_judge`) reads the flag as one of its features.
"""

from __future__ import annotations

from edgegram.engine.core.edits import WORD_RE, words_before_and_after
from edgegram.engine.sentences.lexicon import Lexicon

_FINAL_STOPS = (".", "!", "?")
_CLOSERS = "\"'”’)]} \t\n"  # what may follow a sentence's final stop
_OPENERS = "\"'“‘([{ \t\n"  # what may stand before a sentence's first word


def is_mechanical(sentence: str, start: int, end: int, replacement: str, lexicon: Lexicon) -> bool:
    """Whether replacing ``sentence[start:end]`` by ``replacement`` fixes mechanics (see the
    module docstring); ``lexicon`` tells words from typos."""
    original = sentence[start:end]
    return (
        _adds_final_stop(sentence, original, end, replacement)
        or _fixes_typo(sentence, start, end, replacement, lexicon)
        or _capitalises(sentence, start, original, replacement)
        or _removes_doubled_word(sentence, start, end, original, replacement)
    )


def _adds_final_stop(sentence: str, original: str, end: int, replacement: str) -> bool:
    return not original.strip() and replacement in _FINAL_STOPS and not sentence[end:].strip(_CLOSERS)


def _fixes_typo(sentence: str, start: int, end: int, replacement: str, lexicon: Lexicon) -> bool:
    """One word that is not English becomes one that is."""
    old, new = words_before_and_after(sentence, start, end, replacement)
    return len(old) == len(new) == 1 and old != new and not lexicon.knows(old[0]) and lexicon.knows(new[0])


def _capitalises(sentence: str, start: int, original: str, replacement: str) -> bool:
    """The first letter of the sentence, or the pronoun "i" (also in "i'm"), made a capital."""
    if original == replacement or original.casefold() != replacement.casefold() or replacement != replacement.capitalize():
        return False
    return replacement == "I" or replacement.startswith(("I'", "I’")) or not sentence[:start].strip(_OPENERS)


def _removes_doubled_word(sentence: str, start: int, end: int, original: str, replacement: str) -> bool:
    """A deleted word that repeats the word right before or after it ("to to")."""
    deleted = WORD_RE.findall(original)
    if replacement.strip() or len(deleted) != 1 or original.strip() != deleted[0]:
        return False
    before, after = WORD_RE.findall(sentence[:start])[-1:], WORD_RE.findall(sentence[end:])[:1]
    return deleted[0].casefold() in (w.casefold() for w in before + after)


__all__ = ["is_mechanical"]

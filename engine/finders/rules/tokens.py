"""The words of a sentence with their offsets, and what the rules ask of them (adjacent, opening
a clause, ending a phrase); the closed word classes they read are
:mod:`edgegram.engine.analysis.closed_class`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from edgegram.engine.analysis.closed_class import (
    CLAUSE_OPENERS,
    DO_SUPPORT,
    MODALS,
    PERFECT_HAVE,
    PREPOSITIONS,
)
from edgegram.engine.analysis.glue import GLUE_BEFORE, GLUED_AFTER, GLUED_IN_CALL, glued_at
from edgegram.engine.analysis.word_classes import is_bare_verb, is_third_person, past_tense, third_person
from edgegram.engine.core.edits import WORD_RE

# A word not glued to another (a part of an identifier: :mod:`edgegram.engine.analysis.glue`).
FREE_WORD_RE = re.compile(rf"(?<![\w{GLUE_BEFORE}])(?<!{GLUED_IN_CALL})([A-Za-z]+)(?!\w|{GLUED_AFTER})")


@dataclass(frozen=True)
class Word:
    """A word of a sentence: ``sentence[start:end]``; ``lower`` with straight apostrophes."""

    start: int
    end: int
    text: str
    lower: str


def perfect_have(ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]`` is a perfect's "have" ("I have know her"), not a main verb after "do"
    ("we don't have write", which wants "to")."""
    return ws[index].lower in PERFECT_HAVE and not (index > 0 and ws[index - 1].lower in DO_SUPPORT)


def words(sentence: str) -> list[Word]:
    """The words of ``sentence`` in order (a new list each call; the words themselves are shared)."""
    return list(_words(sentence))


# Every rule reads the words of the sentence it is given and the rules run one after another on
# the same sentence: split it once, not once per rule.
@lru_cache(maxsize=64)
def _words(sentence: str) -> tuple[Word, ...]:
    return tuple(Word(m.start(), m.end(), m.group(), m.group().lower().replace("’", "'")) for m in WORD_RE.finditer(sentence))


def glued(sentence: str, word: Word) -> bool:
    """Whether ``word`` is part of a longer token: one of the marks that :data:`FREE_WORD_RE` refuses
    joins it to another ("many-to-many", "node.js", "sys/types"), so it is no word of its own."""
    return glued_at(sentence, word.start, word.end)


def adjacent(sentence: str, first: Word, second: Word) -> bool:
    """Whether only spaces separate the two words (no punctuation, no markup)."""
    return first.end <= second.start and not sentence[first.end : second.start].strip()


def joined(sentence: str, ws: list[Word], first: int, last: int) -> bool:
    """Whether only spaces separate the words ``ws[first]`` to ``ws[last]`` (as many of them as
    the sentence has)."""
    return all(adjacent(sentence, ws[k], ws[k + 1]) for k in range(first, min(last, len(ws) - 1)))


def opens_clause(sentence: str, index: int, ws: list[Word]) -> bool:
    """Whether ``ws[index]`` begins the sentence or a clause: first word, after a comma,
    colon, semicolon, dash or bracket, or after a conjunction or subordinator."""
    if index == 0:
        return True
    gap = sentence[ws[index - 1].end : ws[index].start]
    return any(mark in gap for mark in ',;:(—"“') or ws[index - 1].lower in CLAUSE_OPENERS


def followed(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether another word follows ``ws[index]`` with only spaces between."""
    return index + 1 < len(ws) and adjacent(sentence, ws[index], ws[index + 1])


def followed_by(sentence: str, ws: list[Word], index: int, vocabulary: frozenset[str]) -> bool:
    """Whether the word right after ``ws[index]`` (only spaces between) is in ``vocabulary``."""
    return followed(sentence, ws, index) and ws[index + 1].lower in vocabulary


def singular_verb_follows(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether the word right after ``ws[index]`` (only spaces between) is a verb agreeing with a
    singular subject ("performs", "is", "has") or a modal ("each requests may fetch": a verb's -s
    form has no modal after it)."""
    return followed(sentence, ws, index) and (is_third_person(ws[index + 1].lower) or ws[index + 1].lower in MODALS)


def ends_phrase(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether the noun phrase surely ends with ``ws[index]``: the sentence ends, a
    punctuation mark that ends phrases follows it (not a hyphen or a quote: "virus-host",
    'two price "tipping points"'; nor a dot or colon inside a name: "node.js"), a preposition, or
    a subject pronoun that opens a clause."""
    if index + 1 == len(ws):
        return True
    end = ws[index].end
    if sentence[end : end + 1] in ".:" and sentence[end + 1 : end + 2].isalnum():
        return False  # a dotted name goes on: "node.js", "std::io" (but "use node.js." ends)
    after = sentence[ws[index].end : ws[index + 1].start].strip()
    if after:
        return after[:1] in (",", ".", ";", ":", "!", "?", ")")
    return ws[index + 1].lower in PREPOSITIONS or ws[index + 1].lower in _CLAUSE_SUBJECTS


# Pronouns that begin a clause of their own after a noun ("many operation we ask").
_CLAUSE_SUBJECTS = frozenset("i we they he she".split())


def in_case_of(original: str, replacement: str) -> str:
    """``replacement`` with ``original``'s first-letter case."""
    return replacement[:1].upper() + replacement[1:] if original[:1].isupper() else replacement


# Words that tell a sentence in the past, where a bare form that is a participle too was meant as
# the past ("after it become known that a minor was killed" -> "became").
_PAST_AUXILIARIES = frozenset("was were had did".split())


def singular_form(word: str, lowers: Iterable[str]) -> str | None:
    """The form a singular subject wants of the verb's present ``word``: its -s form, or, for a
    bare form that is its participle too ("become", "come", "run"), its past where "was", "were",
    "had" or "did" among the sentence's lower-case words ``lowers`` tells the sentence in the past."""
    if not is_bare_verb(word) and not _PAST_AUXILIARIES.isdisjoint(lowers):
        return past_tense(word)
    return third_person(word)


__all__ = [
    "FREE_WORD_RE",
    "Word",
    "adjacent",
    "ends_phrase",
    "followed",
    "followed_by",
    "in_case_of",
    "joined",
    "opens_clause",
    "perfect_have",
    "singular_form",
    "words",
]

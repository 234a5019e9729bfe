"""What a word can be (noun, verb, adjective...) and its inflections, from lemminflect's
lemma and inflection tables (PyPI ``lemminflect``, data from the Specialist Lexicon, no
model): the grammar rules ask it "is 'declare' a verb's bare form and nothing else?", "what
is the plural of 'approach'?". A word can be several things ("work", "change"); the rules
decide with the words around it. Words lemminflect does not list (function words, names)
have no readings.
"""

from __future__ import annotations

import functools
import sys
from types import ModuleType

NOUN, VERB, ADJ, ADV, AUX = "NOUN", "VERB", "ADJ", "ADV", "AUX"


class _WithoutSpacy:
    """An import finder that makes ``import spacy`` fail, as where spaCy is not installed."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> None:
        if name == "spacy" or name.startswith("spacy."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


@functools.cache
def _lemminflect() -> ModuleType:
    """lemminflect, imported without its spaCy hook: where spaCy is installed but not yet
    imported, ``import lemminflect`` imports it (to add token extensions we never use), and
    with it thinc and torch, about 230 MB the checker would carry for nothing."""
    if "lemminflect" in sys.modules or "spacy" in sys.modules:
        import lemminflect

        return lemminflect
    finder = _WithoutSpacy()
    sys.meta_path.insert(0, finder)
    try:
        import lemminflect
    finally:
        sys.meta_path.remove(finder)
    return lemminflect


@functools.lru_cache(maxsize=65536)
def readings(word: str) -> dict[str, tuple[str, ...]]:
    """``{word class: lemmas}`` of the lower-case ``word`` ({} when not listed)."""
    return dict(_lemminflect().getAllLemmas(word.lower()))


def classes(word: str) -> frozenset[str]:
    """The word classes ``word`` can belong to (NOUN, VERB, AUX, ADJ, ADV)."""
    return frozenset(readings(word))


@functools.lru_cache(maxsize=65536)
def _inflections(lemma: str, tag: str) -> tuple[str, ...]:
    return tuple(_lemminflect().getAllInflections(lemma).get(tag, ()))


def is_bare_verb(word: str) -> bool:
    """Whether ``word`` is a verb's bare form ("declare", "work") and not also the past tense
    or participle of a verb ("put", "found", "become", "saw")."""
    lower = word.lower()
    verbs = readings(lower).get(VERB, ()) + readings(lower).get(AUX, ())
    if lower not in verbs:
        return False
    return not any(lower in _inflections(lemma, "VBD") + _inflections(lemma, "VBN") for lemma in verbs)


def third_person(verb: str) -> str | None:
    """The -s form of the bare ``verb`` ("ensure" -> "ensures")."""
    forms = _inflections(verb.lower(), "VBZ")
    return forms[0] if forms else None


def past_tense(verb: str) -> str | None:
    """The simple past of the bare ``verb`` ("go" -> "went")."""
    forms = _inflections(verb.lower(), "VBD")
    return forms[0] if forms else None


def participle_of_past(word: str) -> str | None:
    """The past participle of the verb whose simple past ``word`` is, where the two differ
    ("knew" -> "known", "wrote" -> "written"; None for "found", which is both)."""
    lower = word.lower()
    for lemma in readings(lower).get(VERB, ()):
        participles = _inflections(lemma, "VBN")
        if lower in _inflections(lemma, "VBD") and participles and lower not in participles and lower != lemma:
            return participles[0]
    return None


def is_singular_noun(word: str) -> bool:
    """Whether ``word`` is listed as a noun's singular form and its usual plural differs from
    it ("file", "approach"; not "series", "data")."""
    lower = word.lower()
    if lower not in readings(lower).get(NOUN, ()):
        return False
    plurals = _inflections(lower, "NNS")
    return bool(plurals) and plurals[0] != lower


def plural(noun: str) -> str | None:
    """The regular plural of the singular ``noun`` ("approach" -> "approaches")."""
    forms = [f for f in _inflections(noun.lower(), "NNS") if f != noun.lower()]
    return forms[0] if forms else None


def singular_of_plural(word: str) -> str | None:
    """The singular of the plural noun ``word`` ("traits" -> "trait"; None for a word that is
    not a plural, or is its own singular)."""
    lower = word.lower()
    for lemma in readings(lower).get(NOUN, ()):
        if lemma != lower and lower in _inflections(lemma, "NNS"):
            return lemma
    return None


def is_modifier(word: str) -> bool:
    """Whether ``word`` is an adjective or adverb in its plain form ("main", "wrong", "fast";
    not "number", listed only as the -er form of "numb")."""
    lower = word.lower()
    return any(lower in readings(lower).get(cls, ()) for cls in (ADJ, ADV))


__all__ = [
    "ADJ",
    "ADV",
    "AUX",
    "NOUN",
    "VERB",
    "classes",
    "is_bare_verb",
    "is_modifier",
    "is_singular_noun",
    "participle_of_past",
    "past_tense",
    "plural",
    "readings",
    "singular_of_plural",
    "third_person",
]

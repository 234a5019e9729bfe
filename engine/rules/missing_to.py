"""'to' left out or followed by the wrong form after words that take an infinitive: "we need
change the body" -> "need to change", "be able write" -> "able to write", "have declare" ->
"have to declare", "having to giving up" -> "to give".

The verb must be a verb's bare form (lemminflect) and, where it may also be a noun or an
adjective ("need help", "want more"), be followed by an object (a determiner or a
pronoun: "need change the closure")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon
from edgegram.engine.rules.tokens import CLOSED_CLASS, DETERMINERS, OBJECT_PRONOUNS, adjacent, followed_by, words
from edgegram.engine.word_classes import ADJ, ADV, NOUN, VERB, classes, is_bare_verb, readings

_TAKE_INFINITIVE = frozenset(
    "need needs needed want wants wanted able unable have has had having going trying tries tried".split()
)
_NOT_AFTER = frozenset("be".split())  # "if need be"
_HAVE_FORMS = frozenset("have has had having".split())
# What shows that a word that may be a noun is used as a verb: an object after it.
_OBJECT_STARTS = DETERMINERS | OBJECT_PRONOUNS


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i in range(len(ws) - 1):
        trigger, word = ws[i], ws[i + 1]
        if trigger.lower not in _TAKE_INFINITIVE or not adjacent(sentence, trigger, word) or not word.text.islower():
            continue
        if word.lower == "to" and i + 2 < len(ws) and adjacent(sentence, word, ws[i + 2]):
            gerund = ws[i + 2]
            bare = _bare_of_gerund(gerund.lower)
            if bare is not None and lexicon.is_english(bare):
                yield gerund.start, gerund.end, bare
            continue
        if word.lower == "have" and trigger.lower not in _HAVE_FORMS:
            yield word.start, word.end, "to " + word.text  # "they need have a Ruby installed"
            continue
        if word.lower in CLOSED_CLASS or word.lower in _NOT_AFTER or not is_bare_verb(word.lower):
            continue
        if trigger.lower in ("going", "trying", "tries", "tried") and classes(word.lower) != {VERB}:
            continue
        if classes(word.lower) & {NOUN, ADJ, ADV} and not followed_by(sentence, ws, i + 1, _OBJECT_STARTS):
            continue
        yield word.start, word.end, "to " + word.text


def _bare_of_gerund(word: str) -> str | None:
    """The bare verb of the -ing form ``word`` ("giving" -> "give", "working" -> "work")."""
    if not word.endswith("ing") or VERB not in readings(word):
        return None
    lemmas = readings(word)[VERB]
    return lemmas[0] if len(lemmas) == 1 and lemmas[0] != word else None


__all__ = ["find"]

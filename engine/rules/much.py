"""'many' before a noun that is not counted: "How many money do you have?" -> "much", "too
many homework." -> "much", "so many information that" -> "much".

The noun is one mostly uncounted (:func:`~edgegram.engine.word_classes.is_mass_noun`:
"money", "advice", "furniture"; not "time" or "work", which are counted too, nor a noun that
is its own plural, "offspring", "cod") and ends its phrase: the sentence, a mark, a
preposition or its clause's verb follows it ("many software developers" counts developers),
and it is no verb of which "many" is the subject ("with many bleeding", "many fail to")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon
from edgegram.engine.rules.tokens import (
    COLLECTIVE_NOUNS,
    INVARIANT_PLURALS,
    adjacent,
    ends_phrase,
    followed_by,
    in_case_of,
    words,
)
from edgegram.engine.word_classes import gerund_lemmas, is_bare_verb, is_mass_noun

_TO = frozenset(("to",))
# Verbs (and relative pronouns) that end the noun phrase before them ("many money is", "many
# information that").
_AFTER_PHRASE = frozenset(
    "is are was were do does did have has had will would can could should must may might that which".split()
)


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i, (many, noun) in enumerate(zip(ws, ws[1:])):
        if many.lower != "many" or not adjacent(sentence, many, noun) or not noun.text.islower():
            continue
        if not is_mass_noun(noun.lower) or noun.lower in COLLECTIVE_NOUNS or noun.lower in INVARIANT_PLURALS:
            continue
        if gerund_lemmas(noun.lower) or (is_bare_verb(noun.lower) and followed_by(sentence, ws, i + 1, _TO)):
            continue  # "many" a pronoun, the subject of a verb: "with many bleeding", "many fail to"
        if ends_phrase(sentence, ws, i + 1) or followed_by(sentence, ws, i + 1, _AFTER_PHRASE):
            yield many.start, many.end, in_case_of(many.text, "much")


__all__ = ["find"]

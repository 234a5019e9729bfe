"""Sound-alike words where the next word settles which one was meant: "its a" -> "it's a",
"their are" -> "there are", "too the" -> "to the", "too find" -> "to find", "more then" ->
"more than", "faster then" -> "faster than", "you're code" -> "your code"."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon
from edgegram.engine.rules.tokens import CLOSED_CLASS, PREPOSITIONS, adjacent, words
from edgegram.engine.word_classes import ADJ, ADV, NOUN, VERB, classes, is_bare_verb, is_singular_noun

_DETERMINERS = "a|an|the|my|your|our|their|his|her|its|this|these|those|every|each"
_PATTERNS = [
    # (pattern whose group 1 is the wrong word, replacement)
    (re.compile(r"(?<![\w'’-])([Ii]ts)\s+(?:a|an|the|not|been|going|also|my|your|our|their|his|her)(?![\w'’-])"), "it's"),
    (re.compile(r"(?<![\w'’-])([Tt]heir)\s+(?:is|are|was|were)(?![\w'’-])"), "there"),
    (re.compile(rf"(?<![\w'’-])([Tt]oo)\s+(?:{_DETERMINERS})(?![\w'’-])"), "to"),
    (
        re.compile(
            r"(?<![\w'’-])(?:more|less|fewer|rather|other|better|worse|greater|larger|smaller|faster|slower)\s+(then)(?![\w'’-])"
        ),
        "than",
    ),
]


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for pattern, right in _PATTERNS:
        for m in pattern.finditer(sentence):
            wrong = m.group(1)
            yield m.start(1), m.end(1), right.capitalize() if wrong[0].isupper() else right
    ws = words(sentence)
    for index, (first, second) in enumerate(zip(ws, ws[1:])):
        if not adjacent(sentence, first, second) or not second.text.islower() or second.lower in CLOSED_CLASS:
            continue
        word_classes = classes(second.lower)
        if first.lower == "too" and is_bare_verb(second.lower) and not word_classes & {ADJ, ADV}:
            yield first.start, first.end, "To" if first.text[0].isupper() else "to"  # "too find"
        elif first.lower == "you're" and (_noun_only(second.lower, word_classes) or _after_preposition(ws, index, second)):
            yield first.start, first.end, "Your" if first.text[0].isupper() else "your"  # "you're code"
    for first, second, third in zip(ws, ws[1:], ws[2:]):
        if first.lower in ("more", "less") and third.lower == "then" and ADJ in classes(second.lower):
            if adjacent(sentence, first, second) and adjacent(sentence, second, third):
                yield third.start, third.end, "than"  # "more verbose then"


def _after_preposition(ws, index: int, second) -> bool:
    """ "of you're tasks" (``ws[index]`` is "you're"): no clause starts after a preposition, so
    this is the possessive."""
    return index > 0 and ws[index - 1].lower in PREPOSITIONS and NOUN in classes(second.lower)


def _noun_only(word: str, word_classes: frozenset[str]) -> bool:
    """A singular noun that cannot follow "you are" ("code", "computer's"; not "right", "done",
    "friends")."""
    stem = word[:-2] if word.endswith("'s") else word
    return is_singular_noun(stem) and classes(stem) <= {NOUN, VERB} and not word.endswith("ing")


__all__ = ["find"]

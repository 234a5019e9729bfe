"""'less' before a plural noun that is counted: "less people" -> "fewer people", "less cars
than" -> "fewer cars than".

Only a plural that is nothing else (not also a singular or a mass noun: "less news", "less
means", "less data", "less physics"), and only where 'less' begins the phrase ("much less
people" may be "much less, people"; "no less", "more or less" go on otherwise)."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.word_classes import ADJ, NOUN, classes, readings, singular_of_plural
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import adjacent, words
from edgegram.engine.sentences.lexicon import Lexicon

# Plurals in use that the word list also has as a singular ("a people").
_COUNTED = frozenset({"people"})
# Words before 'less' that make it part of another phrase ("much less", "no less", "more or less").
_NOT_AFTER = frozenset("much no or even far still any nothing none very".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i, (less, noun) in enumerate(zip(ws, ws[1:])):
        if less.lower != "less" or not adjacent(sentence, less, noun) or not noun.text.islower():
            continue
        if i > 0 and ws[i - 1].lower in _NOT_AFTER:
            continue
        if noun.lower not in _COUNTED and (
            NOUN not in classes(noun.lower) or ADJ in classes(noun.lower) or noun.lower in readings(noun.lower)[NOUN]
        ):
            continue  # no noun, also an adjective, or also a singular ("less news", "less means")
        singular = singular_of_plural(noun.lower)
        if noun.lower in _COUNTED or (singular is not None and lexicon.is_english(singular)):
            yield less.start, less.end, "Fewer" if less.text[0].isupper() else "fewer"


RULE = Rule(
    id="rules.fewer",
    kind=EditKind.OTHER,
    find=find,
    message="'{after}' is counted: write '{replacement}' ('less' is for amounts).",
    description=__doc__ or "",
    fires=(
        "[Less→Fewer] people came, with [less→fewer] cars.",
        "There are [less→fewer] bugs now.",
        "We have [less→fewer] errors than before.",
        "[Less→Fewer] users means less load.",
    ),
    leaves=(
        "Much less news and less means, no less data; more or less people.",
        "It uses less memory.",
        "There is less news today.",
        "No less than five people came.",
    ),
)


__all__ = ["find", "RULE"]

"""An article left before another determiner, two where the noun phrase has room for one: "Listen
on an a specific address" -> "a specific", "you do not want the a component" -> "a component",
"specify the this crate's name" -> "this crate's", "by the their value" -> "their", "on a another
container" -> "another container". The article
goes: it is the one a writer left when rewording.

The word after the second determiner must be one a noun phrase goes on with (a noun, an adjective
or an adverb before one, or a word no list knows); after "a", not a verb's form ("the a stands
for Ascending": the letter). Not "a" or "the" twice (:mod:`.doubled`'s), nor a name or a quoted
letter ("the A team", "the 'a' key"), nor "a priori"."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import ARTICLES
from edgegram.engine.analysis.word_classes import ADJ, ADV, NOUN, VERB, classes
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import adjacent, words
from edgegram.engine.sentences.lexicon import Lexicon

_SECOND = ARTICLES | frozenset("this these those my your his its our their another".split())
_LATIN = frozenset("priori posteriori fortiori la".split())  # "a priori", "à la" written "a la"


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i in range(len(ws) - 2):
        first, second, third = ws[i], ws[i + 1], ws[i + 2]
        if first.lower not in ARTICLES or second.text not in _SECOND or first.lower == second.lower:
            continue
        if not (adjacent(sentence, first, second) and adjacent(sentence, second, third)) or not third.text.islower():
            continue
        noun = third.lower.removesuffix("'s")  # "the this crate's name"
        if noun in _LATIN or not _goes_on(noun, after_a=second.lower == "a"):
            continue
        yield first.start, second.start, ""


def _goes_on(word: str, after_a: bool) -> bool:
    """Whether ``word`` may follow a determiner inside a noun phrase: a noun, an adjective or an
    adverb (or a word no list knows); after "a", not a verb's form ("a stands": the letter)."""
    found = classes(word)
    if not found:
        return word.isalpha()
    if after_a and VERB in found:
        return False
    return bool(found & {NOUN, ADJ, ADV})


RULE = Rule(
    id="rules.two_determiners",
    kind=EditKind.UNNECESSARY_WORD,
    find=find,
    message="Remove '{original}': '{after}' is the phrase's determiner.",
    description=__doc__ or "",
    fires=(
        "Listen on [an →]a specific IP address.",
        "Making [an →]a previously unsafe function safe is fine.",
        "If you do not want [the →]a component to inherit it, specify [the →]this crate's name.",
        "It exposes the socket on [a →]another container, or on [an →]another host.",
        "It counts the numbers by [the →]their value.",
    ),
    leaves=(
        "The d and the a stand for the two orders.",
        "It holds a priori knowledge; the A team won; press the 'a' key.",
        "He took a the.",
    ),
)


__all__ = ["find", "RULE"]

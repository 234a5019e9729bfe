"""A comparative or superlative made twice: "more taller" -> "taller", "the most easiest" ->
"the easiest", "more better" -> "better".

Only where "more" begins its phrase ("one more older sibling", "the more older people vote" are
English: "more" counts there), before a comparative and not a compound ("more lower-case
letters"), and "most" before a superlative only ("most older voters" is a majority of them)."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import DETERMINERS, NUMBER_WORDS
from edgegram.engine.analysis.word_classes import COMPARATIVE, NOUN, SUPERLATIVE, classes, degree_of
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Fix, Rule
from edgegram.engine.finders.rules.tokens import adjacent, words
from edgegram.engine.sentences.lexicon import Lexicon

_MADE_WITH = {"more": COMPARATIVE, "most": SUPERLATIVE}
_IRREGULAR = frozenset("better best worse worst".split())  # nouns too, but never after "more" / "most"
# Words before "more" that make it a count ("one more", "any more", "the more ... the").
_COUNTING = DETERMINERS | NUMBER_WORDS | frozenset("one any some no many much few several lot far even".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i, (first, second) in enumerate(zip(ws, ws[1:])):
        made = _MADE_WITH.get(first.lower)
        if made is None or not adjacent(sentence, first, second) or not second.text.islower():
            continue
        if degree_of(second.lower) != made or sentence[second.end : second.end + 1] == "-":
            continue
        if NOUN in classes(second.lower) and second.lower not in _IRREGULAR:
            continue  # "more number of": a noun the word list also reads as "numb" + "-er"
        if made == COMPARATIVE and i > 0 and ws[i - 1].lower in _COUNTING:
            continue
        if first.text[0].isupper():
            yield first.start, second.end, second.text.capitalize()  # "More taller" -> "Taller"
        else:
            yield first.start, second.start, ""


def _message(fix: Fix) -> str:
    compared = fix.replacement or fix.after
    extra = fix.original.split()[0]
    return f"'{compared}' already compares: leave out '{extra}'."


RULE = Rule(
    id="rules.double_comparative",
    kind=EditKind.UNNECESSARY_WORD,
    find=find,
    message=_message,
    description=__doc__ or "",
    fires=(
        "He is [more →]taller than me, and this is the [most →]easiest way.",
        "[More better→Better] tools exist.",
        "This is [more →]faster than that.",
        "It is the [most →]biggest one.",
    ),
    leaves=(
        "One more older sibling; the more older people vote, the better; most older voters; more lower-case letters.",
        "It is more useful.",
        "It is the easiest way.",
        "The most common case is this.",
    ),
)


__all__ = ["find", "RULE"]

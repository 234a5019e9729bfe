"""A noun whose number contradicts the word before it: "another traits" -> "trait", "each
steps" -> "step", "two file" -> "files", "many case" -> "cases", "these workflow" ->
"workflows", "these property only come" -> "properties", "each lines ends" -> "line", "each
pieces of text" -> "piece", "two brother and one sister" -> "brothers", "examine each steps
in" -> "step".

Only where the noun surely heads its phrase: punctuation, a preposition, a closed-class word
that cannot go on with a noun phrase ("only", "is", "that") or the sentence's end follows it
("two main reasons" and "both parent and child" are left alone), or, after "another", "each"
or "every", a verb that agrees with one ("another cores performs"); and where a noun that can
also be a verb is not being used as one ("these help you", "each runs in a thread"; but
"each" after a verb or a preposition opens its object, not a clause)."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon
from edgegram.engine.rules.tokens import (
    CLAUSE_OPENERS,
    CLOSED_CLASS,
    COLLECTIVE_NOUNS,
    DETERMINERS,
    NUMBER_WORDS,
    PREPOSITIONS,
    adjacent,
    ends_phrase,
    followed,
    words,
)
from edgegram.engine.word_classes import (
    NOUN,
    VERB,
    classes,
    is_modifier,
    is_singular_noun,
    is_third_person,
    plural,
    readings,
    singular_of_plural,
)

_BEFORE_SINGULAR = frozenset("another each every".split())
_BEFORE_PLURAL = frozenset("many several few these those both multiple various numerous".split()) | NUMBER_WORDS
# Counted without a plural ("two hundred", "five percent"), plural in meaning ("many thanks"),
# or a multiplier written apart ("ten fold").
_INVARIANT = frozenset("hundred thousand million billion trillion dozen percent per cent score fold".split())
# Closed-class words that go on with a noun phrase rather than end it ("both parent and child").
_JOINING = frozenset("and or nor".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i in range(len(ws) - 1):
        before, noun = ws[i], ws[i + 1]
        if not adjacent(sentence, before, noun) or not noun.text.islower() or noun.lower in CLOSED_CLASS:
            continue
        if noun.lower in _INVARIANT or noun.lower in NUMBER_WORDS:
            continue
        if _of_follows(ws, i + 1) and before.lower not in _BEFORE_SINGULAR:
            continue  # "many denial of service attacks"; but "each pieces of text" -> "piece"
        word_classes = classes(noun.lower)
        if NOUN not in word_classes or is_modifier(noun.lower):
            continue
        verb_too = VERB in word_classes
        if before.lower in _BEFORE_SINGULAR:
            agrees = _singular_verb_follows(sentence, ws, i + 1)  # "another cores performs"
            if not (agrees or ends_phrase(sentence, ws, i + 1)):
                continue
            singular = singular_of_plural(noun.lower)
            if singular is None or singular in _INVARIANT or noun.lower in readings(noun.lower)[NOUN]:
                continue  # not a plural, or also a singular: "every means", "each glasses case"
            if verb_too and before.lower == "each" and not agrees and not _of_follows(ws, i + 1):
                if not _object_of(sentence, ws, i):
                    continue  # "each runs in its own thread", "the time each takes."
            if lexicon.is_english(singular):
                yield noun.start, noun.end, singular
        elif before.lower in _BEFORE_PLURAL and is_singular_noun(noun.lower):
            if not (
                ends_phrase(sentence, ws, i + 1)
                or _closes_after_determiner(sentence, ws, i + 1)
                or _another_phrase_joined(sentence, ws, i + 1)
            ):
                continue
            if (
                verb_too
                and followed(sentence, ws, i + 1)
                and before.lower in ("these", "those", "many", "few", "several", "both")
            ):
                continue  # "these help you", "many use it"
            many = plural(noun.lower)
            if many is not None and lexicon.is_english(many):
                yield noun.start, noun.end, many


def _closes_after_determiner(sentence: str, ws, index: int) -> bool:
    """Whether the noun ``ws[index]``, after a determiner that wants a plural ("these",
    "many"; not a number, which also names things: "category five cyclone when", "two fish
    are"), is followed by a closed-class word that cannot go on with its phrase ("these
    property only come", "many case are", "those communication will"); "other" is no such
    noun ("these other ones")."""
    before, noun = ws[index - 1], ws[index]
    if before.lower in NUMBER_WORDS or noun.lower == "other":
        return False
    if before.lower == "multiple":
        return False  # an adjective too: "multiple sclerosis is", "a multiple thing"
    return followed(sentence, ws, index) and ws[index + 1].lower in CLOSED_CLASS - _JOINING


def _another_phrase_joined(sentence: str, ws, index: int) -> bool:
    """Whether "and" or "or", a determiner or number and a noun that ends its phrase follow the
    noun ``ws[index]``: a new noun phrase starts there, so the noun ended its own ("two brother
    and one sister.", "three apple or a pear,"; but "both parent and child processes" and "nine
    gold and three silver medals" go on)."""
    return (
        followed(sentence, ws, index)
        and ws[index].lower not in COLLECTIVE_NOUNS  # "twelve crew and two officers"
        and ws[index - 1].lower != "both"  # "both society and the environment"
        and ws[index + 1].lower in _JOINING
        and index + 2 < len(ws)
        and adjacent(sentence, ws[index + 1], ws[index + 2])
        and (ws[index + 2].lower in DETERMINERS or ws[index + 2].lower in NUMBER_WORDS or ws[index + 2].lower == "one")
        and index + 3 < len(ws)
        and ends_phrase(sentence, ws, index + 3)
    )


def _object_of(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` follows a preposition or a word that can only be a verb, so it
    opens that word's object, not a clause ("examine each steps", "through each steps"; but
    "the time each takes", "and each runs")."""
    if index == 0 or not adjacent(sentence, ws[index - 1], ws[index]):
        return False
    before = ws[index - 1].lower
    if before in PREPOSITIONS:
        return before not in CLAUSE_OPENERS and before != "for"  # "after each runs", "for each tries to"
    return before not in CLOSED_CLASS and classes(before) == frozenset({VERB})


def _singular_verb_follows(sentence: str, ws, index: int) -> bool:
    """Whether the word right after ``ws[index]`` is a verb agreeing with a singular subject
    ("performs", "is", "has"), the phrase's end."""
    return followed(sentence, ws, index) and is_third_person(ws[index + 1].lower)


def _of_follows(ws, index: int) -> bool:
    """Whether 'of' follows: "denial of service" may be a compound, not the phrase's end."""
    return index + 1 < len(ws) and ws[index + 1].lower == "of"


__all__ = ["find"]

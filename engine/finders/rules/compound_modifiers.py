"""A compound modifier written open before the noun it describes, where many projects' docs
hyphenate it there (:func:`edgegram.engine.analysis.trade_words.compounds`, its ``hyphen``
rows): "read only access" -> "read-only access", "a non blocking call" -> "non-blocking",
"top level keys" -> "top-level", "a self signed certificate" -> "self-signed".

Only before a noun in lower case that is no function word and that the sentence's parts of
speech do not read as a verb's -s form or past ("The file is read only once", "at the top
level." and "the front end dies in" stay); the pair in lower case, or opening the sentence ("Top
level items"), not a name ("the New Zealand Non Default party"); the pairs are the corpus's,
which hyphenates each before a noun at least nine times in ten and in several projects, and
never a pair with a preposition ("a drop in prices", "put in place laws")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import CLOSED_CLASS
from edgegram.engine.analysis.pos_tagger import tag
from edgegram.engine.analysis.trade_words import compounds
from edgegram.engine.analysis.word_classes import NOUN, classes
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import FREE_WORD_RE
from edgegram.engine.sentences.lexicon import Lexicon

# What may stand before a sentence's first word: quotes, a bracket, emphasis.
_OPENING_MARKS = " \t\"'“‘(*_"


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    words = list(FREE_WORD_RE.finditer(sentence))
    for first, second in zip(words, words[1:]):
        if not _spaced(sentence, first, second):
            continue
        opens = first.group(1).islower() or not sentence[: first.start()].strip(_OPENING_MARKS)
        hyphened = before_its_noun(sentence, f"{first.group(1).lower()} {second.group(1)}", second.end())
        if opens and hyphened is not None:
            yield first.start(), second.end(), hyphened if first.group(1).islower() else hyphened.capitalize()


def before_its_noun(sentence: str, pair: str, end: int) -> str | None:
    """``pair`` hyphenated as the corpus writes it before a noun ("top level" -> "top-level"),
    where the word one space after ``end`` is such a noun (:func:`is_modified_noun`) that the
    sentence's parts of speech do not read as a verb; None otherwise."""
    hyphened = compounds().hyphen.get(pair)
    noun = FREE_WORD_RE.match(sentence, end + 1) if sentence[end : end + 1] == " " else None
    if hyphened is None or noun is None:
        return None
    return hyphened if is_modified_noun(noun.group(1)) and not _read_as_finite_verb(sentence, noun.start()) else None


def _spaced(sentence: str, first: re.Match[str], second: re.Match[str]) -> bool:
    return sentence[first.end() : second.start()] == " "


def _read_as_finite_verb(sentence: str, start: int) -> bool:
    """Whether the sentence's parts of speech read the word at ``start`` as a verb's -s form or past:
    the verb of a pair that is a noun itself ("the front end dies in", "at run time causes the")."""
    return any(token.start == start and token.tag in ("VBZ", "VBD") for token in tag(sentence))


def is_modified_noun(word: str) -> bool:
    """Whether ``word`` may be the noun a compound modifier describes: in lower case, no function
    word, and lemminflect knows it as a noun. The corpus counts the pairs before such a word
    (:func:`edge_model.data.tech_terms.hyphened`), and the rule fires before one."""
    return word.islower() and word not in CLOSED_CLASS and NOUN in classes(word)


RULE = Rule(
    id="rules.compound_modifiers",
    kind=EditKind.PUNCTUATION,
    find=find,
    message="Before a noun, '{replacement}' is hyphenated.",
    description=__doc__ or "",
    fires=(
        "It gives [read only→read-only] access through a [non blocking→non-blocking] call.",
        "[Top level→Top-level] items are listed first.",
        "It creates a [self signed→self-signed] certificate for [cross platform→cross-platform] modules.",
    ),
    leaves=(
        "The file is read only once, at the top level.",
        "It keeps a read-only copy; a non blocking.",
        "Winston Peters, the New Zealand Non Default party leader, spoke.",
        "There was a drop in prices, and a built in two phases line; use foo-read only.",
        "If the front end dies in mid-operation, using it at run time causes the value to run.",
    ),
)


__all__ = ["find", "is_modified_noun", "RULE"]

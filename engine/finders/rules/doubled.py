"""A small word written twice ("the the", "to to"): the second one goes.

Only words that are never right twice in a row; "that that" and "had had" can be, and so can
"is is" or "was was" after a clause that "what" opens ("What it is is a bug")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.sentences.lexicon import Lexicon

NEVER_TWICE = frozenset(
    "a an the to of in on at by for from with into onto about and or but nor is are was were be been "
    "it its this these those their our your my his her can will would should could may might must "
    "not as if than then when which who whose".split()
)
# "is" or "was" twice: the first ends a clause that "what" opens, the second is the main verb.
_CLEFT_VERBS = frozenset({"is", "was"})
_WHAT_RE = re.compile(r"\bwhat\b(?!['’])", re.IGNORECASE)  # not "what's": its verb is there
_DOUBLED_RE = re.compile(r"(?<![\w'’-])(\w+)([ \t]+)(\w+)(?![\w'’-])")


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    """The second of two equal neighbouring words from :data:`NEVER_TWICE`, with the space before it."""
    position = 0
    while (m := _DOUBLED_RE.search(sentence, position)) is not None:
        first, second = m.group(1), m.group(3)
        word = first.casefold()
        if word == second.casefold() and word in NEVER_TWICE and not _cleft(word, sentence[: m.start()]):
            yield m.end(1), m.end(3), ""
        position = m.start(3)


def _cleft(word: str, before: str) -> bool:
    """Whether ``word`` twice may close a clause that "what" opened in ``before`` and go on."""
    return word in _CLEFT_VERBS and _WHAT_RE.search(before) is not None


RULE = Rule(
    id="rules.doubled",
    kind=EditKind.UNNECESSARY_WORD,
    find=find,
    message="'{original}' is written twice: remove one.",
    description=__doc__ or "",
    fires=(
        "What's important here is[ is→] that it works.",
        "It goes to[ to→] the park.",
        "To find a[ a→] place, look.",
        "The[ the→] cat sat.",
    ),
    leaves=(
        "He had had enough, and that that was it.",
        "What it is is a bug.",
        "She said that that was all.",
        "He had had enough of it.",
        "Bora Bora is far away.",
    ),
)


__all__ = ["NEVER_TWICE", "find", "RULE"]

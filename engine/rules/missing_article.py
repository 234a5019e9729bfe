"""An article left out of a fixed phrase: "in same scope" -> "in the same", "any of
following:" -> "of the following:", "is bit tedious" -> "is a bit tedious"."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon
from edgegram.engine.rules.record import Rule
from edgegram.engine.types import EditKind
from edgegram.engine.word_classes import ADJ, ADV, classes

_WORD = r"(?<![\w'’-]){}(?![\w'’-])"
_SAME_RE = re.compile(_WORD.format(r"(?:in|of|at|on|is|are|was|were|be|by|for|with|from|to)\s+(same)"))
_FOLLOWING_RE = re.compile(_WORD.format(r"(?:of|all|is|are)\s+(following)") + r"\s*:")
_BIT_RE = re.compile(_WORD.format(r"(?:is|was|be|are|were|it's|that's|it’s|that’s)\s+(bit)\s+([a-z]+)"))


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _SAME_RE.finditer(sentence):
        yield m.start(1), m.end(1), "the same"
    for m in _FOLLOWING_RE.finditer(sentence):
        yield m.start(1), m.end(1), "the following"
    for m in _BIT_RE.finditer(sentence):
        if m.group(2) in ("more", "less", "of", "too") or classes(m.group(2)) & {ADJ, ADV}:
            yield m.start(1), m.end(1), "a bit"


RULE = Rule(
    id="rules.missing_article",
    kind=EditKind.ARTICLE,
    find=find,
    message="The phrase needs its article: '{replacement}'.",
    description=__doc__ or "",
    fires=(
        "Both are in [same→the same] scope.",
        "It can do any of [following→the following]: move or copy.",
        "It is [bit→a bit] tedious.",
    ),
    leaves=(
        "Both are in the same scope.",
        "It can do any of the following: move or copy.",
        "It is a bit tedious.",
        "The bit is set.",
    ),
)


__all__ = ["find", "RULE"]

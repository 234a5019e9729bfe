"""Sound-alike words where the next word settles which one was meant: "its a" -> "it's a",
"their are" -> "there are", "too the" -> "to the", "more then" -> "more than"."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon

_DETERMINERS = "a|an|the|my|your|our|their|his|her|its|this|these|those|every|each"
_PATTERNS = [
    # (pattern whose group 1 is the wrong word, replacement)
    (re.compile(r"(?<![\w'’-])([Ii]ts)\s+(?:a|an|the|not|been|going|also)(?![\w'’-])"), "it's"),
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


__all__ = ["find"]

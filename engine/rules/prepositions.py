"""Fixed phrases with the wrong preposition: "instead from" -> "instead of", "depending of"
-> "depending on", "similar with" -> "similar to", "referred at" -> "referred to"."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon

# (pattern whose group 1 is the wrong preposition, the right one)
_PHRASES = [
    (re.compile(r"(?<![\w'’-])[Ii]nstead\s+(from)(?![\w'’-])"), "of"),
    (re.compile(r"(?<![\w'’-])[Dd]epending\s+(of|from)(?![\w'’-])"), "on"),
    (re.compile(r"(?<![\w'’-])[Ss]imilar\s+(with)(?![\w'’-])"), "to"),
    (re.compile(r"(?<![\w'’-])(?:refer|refers|referred|referring)\s+(at)(?![\w'’-])"), "to"),
]


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for pattern, right in _PHRASES:
        for m in pattern.finditer(sentence):
            yield m.start(1), m.end(1), right


__all__ = ["find"]

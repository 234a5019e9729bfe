"""A small word written twice ("the the", "to to"): the second one goes.

Only words that are never right twice in a row; "that that" and "had had" can be."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon

NEVER_TWICE = frozenset(
    "a an the to of in on at by for from with into onto about and or but nor is are was were be been "
    "it its this these those their our your my his her can will would should could may might must "
    "not as if than then when which who whose".split()
)
_DOUBLED_RE = re.compile(r"(?<![\w'’-])(\w+)([ \t]+)(\w+)(?![\w'’-])")


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    """The second of two equal neighbouring words from :data:`NEVER_TWICE`, with the space before it."""
    position = 0
    while (m := _DOUBLED_RE.search(sentence, position)) is not None:
        first, second = m.group(1), m.group(3)
        if first.casefold() == second.casefold() and first.casefold() in NEVER_TWICE:
            yield m.end(1), m.end(3), ""
        position = m.start(3)


__all__ = ["NEVER_TWICE", "find"]

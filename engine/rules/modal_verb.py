"""A modal followed by a verb that is not in its bare form: "can implementing" -> "can
implement", "should works" -> "should work", "will being" -> "will be"."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon

_MODAL_VERB_RE = re.compile(r"(?<![\w'’-])(?:can|could|should|would|might|must|will)\s+([a-z]{3,})(?![\w'’-])")
# Words ending like a verb form that are not verbs ("can always", "will sometimes").
_NOT_VERBS = frozenset(
    "always perhaps thus sometimes afterwards towards besides nowadays unless across "
    "nothing something anything everything".split()
)


def _bare(word: str, lexicon: Lexicon) -> str | None:
    """The bare form of a verb's -ing or -s form, if the list knows it."""
    if word == "being":
        return "be"
    if word.endswith("ing"):
        stem = word[:-3]
        options = [stem, stem + "e"] + ([stem[:-1]] if len(stem) > 2 and stem[-1] == stem[-2] else [])
    elif word.endswith("s") and not word.endswith("ss"):
        options = [word[:-1]] + ([word[:-2]] if word.endswith("es") else []) + ([word[:-3] + "y"] if word.endswith("ies") else [])
    else:
        return None
    return next((o for o in options if len(o) >= 3 and lexicon.is_english(o)), None)


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _MODAL_VERB_RE.finditer(sentence):
        word = m.group(1)
        if word in _NOT_VERBS:
            continue
        bare = _bare(word, lexicon)
        if bare is not None:
            yield m.start(1), m.end(1), bare


__all__ = ["find"]

"""A modal followed by a verb that is not in its bare form: "can implementing" -> "can
implement", "should works" -> "should work", "will being" -> "will be", "would is" ->
"would be"."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.edits import WORD_RE
from edgegram.engine.lexicon import Lexicon
from edgegram.engine.rules.tokens import CLOSED_CLASS

_MODAL_VERB_RE = re.compile(r"(?<![\w'’-])(?:can|could|should|would|might|must|will)\s+([a-z]{3,})(?![\w'’-])")
# Words ending like a verb form that are not verbs ("can always", "will sometimes").
_NOT_VERBS = frozenset(
    "always perhaps thus sometimes afterwards towards besides nowadays unless across "
    "nothing something anything everything".split()
)
_MODAL_AUXILIARY_RE = re.compile(
    r"(?<![\w'’-])(?<!the\s)(?<!a\s)(?:can|could|should|would|might|must|will)\s+(is|are|was|were|am|has|does|did)(?![\w'’-])"
)
_BARE_AUXILIARY = {"is": "be", "are": "be", "was": "be", "were": "be", "am": "be", "has": "have", "does": "do", "did": "do"}
# Before a modal, words that invert it with its subject: "How can laws uphold", "as will adding hay".
_INVERTING = frozenset("how what where why when who which whom whose as than so nor".split())


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


def _inverts(before: list[str]) -> bool:
    """Whether the words ``before`` a modal end with one that inverts it with its subject;
    "which" and "who" inside a sentence open a relative clause instead, and are its subject
    ("the tool, which will helping you")."""
    last = before[-1].lower()
    return last in _INVERTING and not (last in ("which", "who") and len(before) > 1)


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _MODAL_AUXILIARY_RE.finditer(sentence):
        yield m.start(1), m.end(1), _BARE_AUXILIARY[m.group(1)]
    for m in _MODAL_VERB_RE.finditer(sentence):
        word = m.group(1)
        before = WORD_RE.findall(sentence[: m.start()])
        if word in _NOT_VERBS or (word in CLOSED_CLASS and word != "being") or not before or _inverts(before):
            continue  # a question or an inversion: the word after the modal is its subject
        bare = _bare(word, lexicon)
        if bare is not None:
            yield m.start(1), m.end(1), bare


__all__ = ["find"]

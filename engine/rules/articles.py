"""'a' or 'an' by the sound of the next word, as the CMU Pronouncing Dictionary has it.

"an method" -> "a method", "a hour" -> "an hour"; "a user", "a one-off", "an SQL" and "a SQL"
are all left alone (a word pronounced both ways is on both lists). The word lists
(``engine/words/an.txt.gz``, ``a.txt.gz``) are built by ``python -m
edge_model.data.pronunciations``; a word on neither list is not judged. An all-capitals
word also counts as read letter by letter ("an HTTP request", "a URL"): either reading is
accepted.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path

from edgegram.engine.lexicon import Lexicon

AN_LIST = Path(__file__).resolve().parents[1] / "words" / "an.txt.gz"
A_LIST = AN_LIST.with_name("a.txt.gz")
_ARTICLE_RE = re.compile(r"(?<![\w'’-])(a|an|A|An)([ \t]+)([A-Za-z][\w'’-]*)")
_VOWEL_LETTER_NAMES = set("AEFHILMNORSX")  # letters whose name starts with a vowel sound


_ARTICLES = frozenset(("a", "an", "the"))


@functools.cache
def _lists() -> tuple[Lexicon, Lexicon]:
    return Lexicon.load(AN_LIST), Lexicon.load(A_LIST)


def allowed(word: str) -> set[str]:
    """The articles ("a", "an") that may stand before ``word``; empty when unknown."""
    an_words, a_words = _lists()
    head = word.split("-")[0].split("'")[0].split("’")[0]
    result = set()
    if an_words.knows(head):
        result.add("an")
    if a_words.knows(head):
        result.add("a")
    if head.isupper() and len(head) > 1:
        result.add("an" if head[0] in _VOWEL_LETTER_NAMES else "a")
    elif len(head) == 1 and head.isalpha() and not result:
        result.add("an" if head.upper() in _VOWEL_LETTER_NAMES else "a")
    return result


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    """'a' / 'an' that the next word's sound does not take."""
    for m in _ARTICLE_RE.finditer(sentence):
        article, word = m.group(1), m.group(3)
        if word.lower() in _ARTICLES:
            continue  # "a a place": a doubled word (edgegram.engine.rules.doubled), not a sound
        choices = allowed(word)
        if choices and article.lower() not in choices:
            right = "an" if article.lower() == "a" else "a"
            yield m.start(1), m.end(1), right.capitalize() if article[0].isupper() else right


__all__ = ["AN_LIST", "A_LIST", "allowed", "find"]

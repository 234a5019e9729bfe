"""Fixed phrases with the wrong preposition: the phrases are data
(``phrasebook/prepositions.rules``: "instead from" -> "instead of", "relies of" -> "relies on"...);
this module adds what is procedural: "since" before a length of time ("since five years." ->
"for"; not "since five years ago", "since ten minutes after twelve", or "since three hours were",
where "since" is "because")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import NUMBER_WORDS
from edgegram.engine.finders.rules.phrases import phrase_rule
from edgegram.engine.sentences.lexicon import Lexicon

# "since" and a length of time that ends its phrase: a mark, the end, or a preposition that is not
# a point in time's ("since two years in England"; not "since five years ago", "... after twelve").
_SINCE_LENGTH_RE = re.compile(
    rf"(?<![\w'’-])([Ss]ince)\s+(?:\d+|{'|'.join(sorted(NUMBER_WORDS))}|many|several|a\s+few)\s+"
    r"(?:years|months|weeks|days|hours|minutes|decades|centuries)(?![\w'’-])"
    r"(?=\s*(?:[.,;:!?)]|$|\s(?:in|at|on|with|and|now|already|but)\b))"
)


def since_length(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _SINCE_LENGTH_RE.finditer(sentence):
        yield m.start(1), m.end(1), "For" if m.group(1)[0] == "S" else "for"


RULE = phrase_rule("prepositions", extra=(since_length,))

__all__ = ["RULE"]

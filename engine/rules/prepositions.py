"""Fixed phrases with the wrong preposition: "instead from" -> "instead of", "depending of"
-> "depending on", "similar with" -> "similar to", "referred at" -> "referred to", "relies of"
-> "relies on", "consists on" -> "consists of", "responsible of" -> "responsible for",
"interested on" -> "interested in", "different of" -> "different from", "due of" -> "due to",
"based in how" -> "based on how" (a place may follow "based in": "based in Oslo"), and "since"
before a length of time ("since five years." -> "for"; not "since five years ago", "since ten
minutes after twelve", or "since three hours were", where "since" is "because")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon
from edgegram.engine.rules.record import Rule
from edgegram.engine.rules.tokens import NUMBER_WORDS
from edgegram.engine.types import EditKind

# (pattern whose group 1 is the wrong preposition, the right one)
_PHRASES = [
    (re.compile(r"(?<![\w'’-])[Ii]nstead\s+(from)(?![\w'’-])"), "of"),
    (re.compile(r"(?<![\w'’-])[Dd]epending\s+(of|from)(?![\w'’-])"), "on"),
    (re.compile(r"(?<![\w'’-])[Ss]imilar\s+(with)(?![\w'’-])"), "to"),
    (re.compile(r"(?<![\w'’-])(?:refer|refers|referred|referring)\s+(at)(?![\w'’-])"), "to"),
    (re.compile(r"(?<![\w'’-])(?:depend|depends|depended)\s+(of)(?![\w'’-])"), "on"),
    (re.compile(r"(?<![\w'’-])(?:rely|relies|relied|relying)\s+(of)(?![\w'’-])"), "on"),
    (re.compile(r"(?<![\w'’-])(?:consist|consists|consisted|consisting)\s+(on)(?![\w'’-])"), "of"),
    (re.compile(r"(?<![\w'’-])[Rr]esponsible\s+(of)(?![\w'’-])"), "for"),
    (re.compile(r"(?<![\w'’-])[Ii]nterested\s+(on)(?![\w'’-])(?!\s+\w+ing\b)"), "in"),  # not "on glancing down"
    (re.compile(r"(?<![\w'’-])[Dd]ifferent\s+(of)(?![\w'’-])"), "from"),
    (re.compile(r"(?<![\w'’-])(?<!the\s)(?<!his\s)(?<!her\s)(?<!their\s)[Dd]ue\s+(of)(?![\w'’-])"), "to"),  # not "the due of"
    (re.compile(r"(?<![\w'’-])[Bb]ased\s+(in|of)\s+(?:how|what|whether|which|who|whom|whose|the\s+fact)(?![\w'’-])"), "on"),
]


# "since" and a length of time that ends its phrase: a mark, the end, or a preposition that is not
# a point in time's ("since two years in England"; not "since five years ago", "... after twelve").
_SINCE_LENGTH_RE = re.compile(
    rf"(?<![\w'’-])([Ss]ince)\s+(?:\d+|{'|'.join(sorted(NUMBER_WORDS))}|many|several|a\s+few)\s+"
    r"(?:years|months|weeks|days|hours|minutes|decades|centuries)(?![\w'’-])"
    r"(?=\s*(?:[.,;:!?)]|$|\s(?:in|at|on|with|and|now|already|but)\b))"
)


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for pattern, right in _PHRASES:
        for m in pattern.finditer(sentence):
            yield m.start(1), m.end(1), right
    for m in _SINCE_LENGTH_RE.finditer(sentence):
        yield m.start(1), m.end(1), "For" if m.group(1)[0] == "S" else "for"


RULE = Rule(
    id="rules.prepositions",
    kind=EditKind.PREPOSITION,
    find=find,
    message="'{before}' takes '{replacement}', not '{original}'.",
    description=__doc__ or "",
    fires=(
        "Instead [from→of] adding a semicolon, return.",
        "Depending [of→on] the size, it varies.",
        "It is similar [with→to] the other one.",
        "It relies [of→on] the kernel and depends [of→on] the driver.",
        "It consists [on→of] two parts, and we are responsible [of→for] both.",
        "She is interested [on→in] music, which is different [of→from] jazz.",
        "It failed due [of→to] the cache, based [in→on] what we saw.",
        "I am living here [since→for] five years, and I lived [since→for] two years in England.",
    ),
    leaves=(
        "He was interested on glancing down, and it became the due of those who served.",
        "The company is based in Oslo and based in part on sales.",
        "He has been here since five years ago; since three hours were lost, we met since ten minutes after twelve.",
        "He prefers walking to running; they asked the team to cooking classes.",
        "The word 'its' is a pronoun; I gave advice to them; we moved to here from London.",
    ),
)


__all__ = ["find", "RULE"]

"""How the writer felt, said with the -ing adjective that describes what caused it: "I was so
exciting" -> "excited", "I am interesting in music" -> "interested", "I felt disappointing"
-> "disappointed".

Only after "I" with "am", "was", "feel" or "felt" (and "so", "very", "really" or "quite"),
and only for the feelings whose -ing form a writer hardly says of themselves as a verb's
progressive or as what they are like (not "I was worrying about", "I'm confusing two", "I
felt amazing"), and where no object follows it ("I was disappointing a friend", "I am boring
to my friends" describe the writer): at the clause's end, or before "and", "because", "about",
"in", "with", "when", "that", "of", "for", "at", "today" or "now"."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.word_classes import gerund_lemmas, participle_form
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.sentences.lexicon import Lexicon

# The feelings whose -ing form a learner writes for the participle meant (word_classes gives the participle).
_FEELINGS = ("boring", "interesting", "exciting", "tiring", "disappointing", "embarrassing", "exhausting", "frustrating")
_FEELING_RE = re.compile(
    r"(?<![\w'’-])I(?:\s+(?:am|was|feel|felt)|['’]m)\s+(?:(?:so|very|really|quite)\s+)?"
    rf"({'|'.join(_FEELINGS)})"
    r"(?=\s*(?:[.,;:!?)]|$|\s(?:and|because|about|in|with|when|that|of|for|at|today|now)\b))"
)


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _FEELING_RE.finditer(sentence):
        participle = participle_form(gerund_lemmas(m.group(1))[0])
        if participle:
            yield m.start(1), m.end(1), participle


RULE = Rule(
    id="rules.feeling",
    kind=EditKind.VERB_FORM,
    find=find,
    message="To say how you felt, write '{replacement}'; '{original}' says what caused the feeling.",
    description=__doc__ or "",
    fires=(
        "I was so [exciting→excited] and I'm very [tiring→tired] now.",
        "I am [interesting→interested] in music; I felt [disappointing→disappointed].",
        "I felt so [boring→bored] in class.",
        "I felt really [embarrassing→embarrassed].",
        "I am really [disappointing→disappointed] with it.",
    ),
    leaves=(
        "I was disappointing a friend; I am boring to them; I was worrying.",
        "All was quiet again, the room was quiet enough, and the children were quiet and calm.",
        "The film was exciting.",
        "It was a tiring day.",
        "This book is interesting.",
    ),
)


__all__ = ["find", "RULE"]

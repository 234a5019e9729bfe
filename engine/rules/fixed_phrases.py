"""Learners' slips in fixed phrases, each a word too many, missing or in the wrong form:
"despite of the rain" -> "despite the rain", "we discussed about it" -> "we discussed it",
"went to shopping" -> "went shopping", "explain me" -> "explain to me", "looking forward to
hear from you" -> "hearing".

Each phrase was counted before it was added (the counts are in the commit that added it): in
600,000 clean and restraint training sentences it is rare and mostly a slip itself, and in the
learner training pairs the annotators changed nearly every one."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon
from edgegram.engine.word_classes import ADJ, ADV, classes, is_bare_verb, present_participle

# A word too many: group 1 (with the space before it) goes.
_EXTRA_WORD = (
    re.compile(r"(?<![\w'’-])(?<!\b[Ii]n\s)[Dd]espite(\s+of)(?![\w'’-])"),  # not the old "in despite of"
    re.compile(r"(?<![\w'’-])(?:discuss|discusses|discussed|discussing)(\s+about)(?![\w'’-])"),
    re.compile(
        r"(?<![\w'’-])(?:go|goes|went|going|gone)(\s+to)\s+(?:shopping|swimming|fishing|camping|skiing|hiking|"
        r"dancing|sightseeing|jogging|sailing|surfing|skating|climbing|bowling)(?![\w'’-])"
        r"(?=\s*(?:[.,;:!?)]|$|\s(?:with|in|at|on|for|and|or|every|last|this|yesterday|today|tomorrow|together|again)\b))"
    ),  # not "go to shopping malls"
)
# "explain" with the person it is explained to and no "to": " to" goes in right after the verb,
# where the model writes the same insertion (one edit, not two: "explain to to me").
_EXPLAIN_TO_RE = re.compile(r"(?<![\w'’-])(explain|explains|explained|explaining)\s+(?:me|us)(?![\w'’-])")
# "look forward to" and a verb's bare form, which wants its -ing form.
_FORWARD_TO_RE = re.compile(r"(?<![\w'’-])(?:look|looks|looked|looking)\s+forward\s+to\s+([a-z]+)(?![\w'’-])")


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for pattern in _EXTRA_WORD:
        for m in pattern.finditer(sentence):
            yield m.start(1), m.end(1), ""
    for m in _EXPLAIN_TO_RE.finditer(sentence):
        yield m.end(1), m.end(1), " to"
    for m in _FORWARD_TO_RE.finditer(sentence):
        verb = m.group(1)
        ing = present_participle(verb) if is_bare_verb(verb) and not classes(verb) & {ADJ, ADV} else None  # not "to further work"
        if ing:
            yield m.start(1), m.end(1), ing


__all__ = ["find"]

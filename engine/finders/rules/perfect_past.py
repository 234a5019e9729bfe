"""The present perfect with a finished time: "I have visited London last year" -> "I visited",
"she has gone there two days ago" -> "she went", "I have been in London last summer" -> "I was",
"we have been to Rome last year" -> "we went".

Only "have" or "has" right before a participle whose past tense is known ("been" is "was" or
"were" by its subject, and "went" before "to"), and a time that is over ("yesterday", "last week",
"two days ago") later in the same clause (no clause word, comma or other verb of time between:
"I have told you what happened last week" is left alone) and at most four words after the
participle, after a personal pronoun ("may have left a week ago", "to have sailed last night" and
a headline's "the council has said last week" are left alone), in a sentence that does not also
reach up to now ("since last year", "in the last week", "for the past year")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import CLAUSE_OPENERS, FINISHED_TIME, SUBJECT_PRONOUNS
from edgegram.engine.analysis.word_classes import VERB, participle_form, past_tense, readings
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import adjacent, words
from edgegram.engine.sentences.lexicon import Lexicon

_FINISHED_TIME_RE = re.compile(rf"\b{FINISHED_TIME}", re.IGNORECASE)
# Words that tie a time to now, so that the perfect may be right ("since last year", "in the last week").
_UP_TO_NOW_RE = re.compile(
    r"\b(?:since|until|till|so far|in the (?:last|past)|for the (?:last|past)|over the (?:last|past))\b", re.IGNORECASE
)
_PERFECT = frozenset("have has".split())
_SINGULAR_SUBJECTS = frozenset("i he she it".split())  # "was"; the others "were"
_INVERTING = frozenset("would could should will can may might must shall do does did".split())
# A finished time is this many words after the participle at most ("visited London last year").
_TIME_WITHIN = 4
# Words right before a time that make it something else than when it happened ("from last year").
_NOT_WHEN = frozenset("from since than until till over during before after by in of".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    if _UP_TO_NOW_RE.search(sentence):
        return
    ws = words(sentence)
    for i, (have, participle) in enumerate(zip(ws, ws[1:])):
        if have.lower not in _PERFECT or not adjacent(sentence, have, participle) or not participle.text.islower():
            continue
        if i == 0 or ws[i - 1].lower not in SUBJECT_PRONOUNS or not adjacent(sentence, ws[i - 1], have):
            continue  # a pronoun's own perfect, not "may have left", "to have sailed", a headline's "X has said"
        if i > 1 and ws[i - 2].lower in _INVERTING:
            continue  # a question: "Would you have expected it yesterday?"
        past = _past_of(participle.lower) or _past_of_been(ws, i)
        if past is None or not lexicon.is_english(past):
            continue
        time = _FINISHED_TIME_RE.search(sentence, participle.end)
        if time is None or _clause_between(sentence, ws, i + 2, time.start()):
            continue
        before_time = [w for w in ws[i + 2 :] if w.start < time.start()]
        if len(before_time) > _TIME_WITHIN or (before_time and before_time[-1].lower in _NOT_WHEN):
            continue
        yield have.start, participle.end, past[0].upper() + past[1:] if have.text[0].isupper() else past


def _past_of(word: str) -> str | None:
    """The past tense of the verb whose participle ``word`` is ("visited" -> "visited", "gone"
    -> "went"), if one verb's; not "been"."""
    if word == "been":
        return None
    pasts = {past_tense(lemma) for lemma in readings(word).get(VERB, ()) if word != lemma and participle_form(lemma) == word}
    pasts.discard(None)
    return pasts.pop() if len(pasts) == 1 else None


def _past_of_been(ws, index: int) -> str | None:
    """The past of "been" after ``ws[index]`` ("have") and its pronoun subject: "went" before "to"
    ("have been to Rome"), else "was" or "were" by the subject."""
    if ws[index + 1].lower != "been":
        return None
    if index + 2 < len(ws) and ws[index + 2].lower == "to":
        return "went"
    return "was" if ws[index - 1].lower in _SINGULAR_SUBJECTS else "were"


def _clause_between(sentence: str, ws, index: int, end: int) -> bool:
    """Whether a clause word or a mark that ends a phrase stands between ``ws[index]`` and
    ``end`` ("what happened last week", "it, and last year")."""
    for word in ws[index:]:
        if word.start >= end:
            break
        if word.lower in CLAUSE_OPENERS or word.lower in ("who", "whom", "whose"):
            return True
    between = sentence[ws[index - 1].end : end]
    return any(mark in between for mark in ",;:()—")


RULE = Rule(
    id="rules.perfect_past",
    kind=EditKind.VERB_FORM,
    find=find,
    message="With a time that is over, use the simple past: '{replacement}', not '{original}'.",
    description=__doc__ or "",
    fires=(
        "I [have visited→visited] London last year, and she [has gone→went] home two days ago.",
        "I [have been→was] in London last summer.",
        "We [have been→went] to Rome last year.",
    ),
    leaves=(
        "I have lived here since last year; I have told you what happened last week; he has been ill yesterday.",
        "We have seen it in the last week, and have you seen him yesterday?",
        "I have been here since last year.",
    ),
)


__all__ = ["find", "RULE"]

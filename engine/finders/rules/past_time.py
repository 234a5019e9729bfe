"""A sentence that opens with a time that is over, and whose subject pronoun's verb is in the
present: "Yesterday I go to the market" -> "went", "Last night we watch a film" -> "watched",
"Two days ago, they are late" -> "were", "Yesterday I am tired" -> "was", "Last week I don't
go" -> "didn't", "Last year I have a dog" -> "had".

Only the verb right after the pronoun that follows the opening time (and its comma), where it is
a verb's bare form that is not its past too ("put", "cut"), nor a word that may be an adverb or
adjective ("Yesterday I still", "Last week we only"); "am", "are" and "is" become the past of
"be" that agrees with the pronoun. "He" / "she" / "it" with a bare verb ("Yesterday she go")
is :mod:`.subject_verb`'s, which makes it past here too."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import CLOSED_CLASS, DETERMINERS, FINISHED_TIME, NUMBER_WORDS
from edgegram.engine.analysis.word_classes import ADJ, ADV, classes, is_bare_verb, past_tense
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import adjacent, words
from edgegram.engine.sentences.lexicon import Lexicon

# The opening time, a part of the day after it ("Yesterday morning"), and a comma.
_OPENING_RE = re.compile(rf"^{FINISHED_TIME}(?:\s+(?:morning|afternoon|evening|night))?\s*,?\s+", re.IGNORECASE)
_PRONOUNS = frozenset("i you we they".split())
_PAST_OF_BE = {("i", "am"): "was", ("you", "are"): "were", ("we", "are"): "were", ("they", "are"): "were"}
# Auxiliaries whose past the time wants whatever the subject ("Yesterday I don't go" -> "didn't"; not
# "can't", which may be now: "Three months ago, I can't forget").
_PAST_OF_AUXILIARY = {"don't": "didn't"}
# Words after which "have" is the main verb, whose past is "had" ("Last year I have a dog", "have to go");
# before a participle it is a perfect, :mod:`.perfect_past`'s.
_AFTER_MAIN_HAVE = (DETERMINERS - {"that"}) | NUMBER_WORDS | frozenset({"to"})


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    opening = _OPENING_RE.match(sentence)
    if opening is None:
        return
    ws = [w for w in words(sentence) if w.start >= opening.end()]
    if len(ws) < 2 or ws[0].start != opening.end() or ws[0].lower not in _PRONOUNS or not adjacent(sentence, ws[0], ws[1]):
        return
    subject, verb = ws[0].lower, ws[1]
    if not verb.text.islower():
        return
    if (subject, verb.lower) in _PAST_OF_BE:
        yield verb.start, verb.end, _PAST_OF_BE[subject, verb.lower]
        return
    if verb.lower in _PAST_OF_AUXILIARY:
        yield verb.start, verb.end, _PAST_OF_AUXILIARY[verb.lower].replace("'", verb.text[-2])
        return
    if verb.lower == "have" and len(ws) > 2 and ws[2].lower in _AFTER_MAIN_HAVE:
        yield verb.start, verb.end, "had"
        return
    if verb.lower in CLOSED_CLASS or not is_bare_verb(verb.lower) or classes(verb.lower) & {ADJ, ADV}:
        return
    past = past_tense(verb.lower)
    if past and past != verb.lower and lexicon.is_english(past):
        yield verb.start, verb.end, past


RULE = Rule(
    id="rules.past_time",
    kind=EditKind.VERB_FORM,
    find=find,
    message="The sentence opens with a time that is over: use the past, '{replacement}'.",
    description=__doc__ or "",
    fires=(
        "Last week I [go→went] to Paris.",
        "Yesterday morning, we [meet→met] him.",
        "Two days ago they [are→were] late and I am tired.",
        "Last year I [have→had] a dog; I don't go.",
        "Yesterday I [don’t→didn’t] go out.",
    ),
    leaves=(
        "Yesterday I still go, I put it there.",
        "I go there every day, unlike last year.",
        "Yesterday I went to the market.",
        "Last week we met him.",
        "Last year's release still works.",
    ),
)


__all__ = ["find", "RULE"]

"""A form of 'be' before a verb that can only be a verb, after a subject pronoun: "I am agree"
-> "I agree", "It is depend on" -> "It depends on", "they are belong" -> "they belong".

Only the present "am", "is", "are" (the fix keeps the tense), only right after "I", "you",
"he", "she", "it", "we" or "they" opening a clause, and only before a bare verb that the
forms table lists as nothing else: no noun, adjective or adverb ("it is work", "we are
free"), no participle or past ("it is become", "they are put"), and with a word after it in
the clause that is no verb ("it is complete." is an adjective the table does not know; "it is
know thought that" another slip). "It is believe that" is a passive short of its "-d", left to
the model. The fix is one edit from the 'be' to the verb, so it is shown whole or not at all."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.word_classes import VERB, classes, is_bare_verb, third_person
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Fix, Rule
from edgegram.engine.finders.rules.tokens import adjacent, opens_clause, words
from edgegram.engine.sentences.lexicon import Lexicon

_SINGULAR_SUBJECTS = frozenset("he she it".split())
# The present forms of 'be' and the subject pronouns each agrees with.
_PRESENT_BE = {"am": frozenset({"i"}), "is": _SINGULAR_SUBJECTS, "are": frozenset("you we they".split())}


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i in range(len(ws) - 2):
        subject, be, verb = ws[i], ws[i + 1], ws[i + 2]
        if subject.lower not in _PRESENT_BE.get(be.lower, ()) or not opens_clause(sentence, i, ws):
            continue  # "I is agree" is another slip, for the agreement rule
        if not (adjacent(sentence, subject, be) and adjacent(sentence, be, verb) and verb.text.islower()):
            continue
        if classes(verb.lower) != frozenset({VERB}) or not is_bare_verb(verb.lower) or verb.lower.endswith("ing"):
            continue
        if i + 3 == len(ws) or not adjacent(sentence, verb, ws[i + 3]):
            continue  # "it is complete.": an adjective the forms table lists as a verb only
        if VERB in classes(ws[i + 3].lower):
            continue  # "it is know thought that": another slip than a 'be' too many
        if subject.lower == "it" and ws[i + 3].lower in ("that", "to"):
            continue  # "It is believe that": a passive short of its -d ("believed")
        form = third_person(verb.lower) if subject.lower in _SINGULAR_SUBJECTS else verb.lower
        if form is not None and lexicon.is_english(form):
            yield be.start, verb.end, form


def _message(fix: Fix) -> str:
    be = fix.original.split()[0]
    return f"'{fix.replacement}' is a verb, not a state '{be}' describes: leave out '{be}'."


RULE = Rule(
    id="rules.be_verb",
    kind=EditKind.VERB_FORM,
    find=find,
    message=_message,
    description=__doc__ or "",
    fires=(
        "I [am agree→agree] with you, and it [is depend→depends] on the weather.",
        "I [am agree→agree] with you.",
        "It [is depend→depends] on the weather.",
        "They [are belong→belong] to us.",
    ),
    leaves=(
        "It is complete, we are free, I am bungling it and they are put off; it is work.",
        "I am ready.",
        "It is done.",
        "They are open to ideas.",
    ),
)


__all__ = ["find", "RULE"]

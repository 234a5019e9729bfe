"""Object pronouns as a sentence's subject: "Me and him went home" -> "He and I went home",
"Him and me are friends" -> "He and I", "Me and John went" -> "John and I".

Only two people opening the sentence, one of them the writer ("me" or "I") and the other a
pronoun or a capitalised name, right before a verb of theirs ("went", "are", "have"): the
pair becomes subject pronouns with the writer last. Not "Me and him, we..." (a mark between),
"Me and John's car" (an owner), nor a pair that is an object ("between you and me")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import CLOSED_CLASS, SUBJECT_OF_OBJECT
from edgegram.engine.analysis.word_classes import AUX, NOUN, VERB, classes
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import adjacent, words
from edgegram.engine.sentences.lexicon import Lexicon

# An object pronoun's subject form, and the subject pronouns themselves ("Me and he went").
_SUBJECT_OF = {**SUBJECT_OF_OBJECT, **{subject: subject for subject in SUBJECT_OF_OBJECT.values()}}
_WRITER = frozenset(("me", "i"))
# Verbs of a plural subject that are closed-class words ("are", "were", "have", "will").
_CLOSED_VERBS = frozenset("are were have had will would can could should must might do did don't didn't aren't weren't".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    if len(ws) < 4 or sentence[: ws[0].start].strip(" \"'“‘(") or ws[1].lower != "and":
        return
    first, _, second, verb = ws[:4]
    if not (adjacent(sentence, first, ws[1]) and adjacent(sentence, ws[1], second) and adjacent(sentence, second, verb)):
        return
    pair = {first.lower, second.lower}
    if not pair & _WRITER or pair <= _WRITER or not _a_verb(verb.lower):
        return
    other = second if first.lower in _WRITER else first
    if other.lower in _SUBJECT_OF:
        named = _SUBJECT_OF[other.lower]
    elif other.text[:1].isupper() and other.text[1:].islower() and other.lower not in CLOSED_CLASS and "'" not in other.lower:
        named = other.text  # a name: "Me and John went"
    else:
        return
    if first.lower == named.lower() and second.lower == "i":
        return  # "He and I went": right already
    yield first.start, second.end, f"{named[:1].upper()}{named[1:]} and I"


def _a_verb(word: str) -> bool:
    """Whether ``word`` is a verb that may follow a plural subject: a closed-class one or a
    word that is only a verb ("went", "played"), not a noun too ("Me and John walks")."""
    if word in _CLOSED_VERBS:
        return True
    found = classes(word)
    return bool(found & {VERB, AUX}) and NOUN not in found and not word.endswith("s")


RULE = Rule(
    id="rules.pronoun_case",
    kind=EditKind.OTHER,
    find=find,
    message="As the subject, write '{replacement}': subject pronouns, with yourself last.",
    description=__doc__ or "",
    fires=(
        "[Me and him→He and I] went home.",
        "[Him and me→He and I] are brothers.",
        "[Me and John→John and I] played chess.",
    ),
    leaves=(
        "Between you and me, it works. Me and him, we go. Me and John's car broke.",
        "The singular they is accepted, and the royal we is rare.",
        "He and I went home.",
        "John and I played chess.",
        "They saw me and him at the park.",
    ),
)


__all__ = ["find", "RULE"]

"""A form of "be" before a verb's bare form or simple past, where its participle belongs: "the
files are write to disk" -> "written", "it is generate by the macros" -> "generated", "this is
expect to" -> "expected", "can be build by" -> "built", "are show in reverse order" -> "shown", "It is
not recommend to" -> "recommended".
Left alone: a bare form that is a noun too, unless "by" follows or it is a countable noun with
an irregular participle before a preposition of place or means ("is part of", "is access to",
"there is lead in it"), and an "-ed" past ("will be showed").

The word after "be" is read with the sentence's parts of speech (:mod:`edgegram.engine.analysis.pos_tagger`):
not an adjective's, adverb's or particle's place ("is fine", "is up to", "is complete" unless "by"
follows), and a preposition, "to", an adverb, a conjunction or the sentence's end must follow it
(a passive's place; "is build tools" is a noun phrase), or, after a word that is nothing but a
verb, an adjective (a passive's complement: "is consider incoherent" -> "considered"). A simple
past in "-ed" is no slip for a participle ("was spoiled", not "spoilt")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.pos_tagger import Token, tag
from edgegram.engine.analysis.word_classes import (
    ADJ,
    NOUN,
    VERB,
    is_bare_verb,
    is_mass_noun,
    participle_form,
    participle_of_past,
    readings,
)
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.sentences.lexicon import Lexicon

_BE = frozenset("is are was were be been being".split())
_BE_OR_HAVE = _BE | frozenset("am has have had do does did".split())
_AFTER_PARTICIPLE = frozenset({"IN", "TO", ".", "RB", "CC"})
# Prepositions of place or means after which a bare form that is a noun too reads as a passive's
# participle ("are show in reverse order", "can be build with cargo").
_PASSIVE_PREPOSITIONS = frozenset("in with on at from into using via as under inside through".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    tokens = tag(sentence)
    for index, token in enumerate(tokens):
        participle = _after_be(tokens, index)
        if participle is not None:
            yield token.start, token.end, participle


def _after_be(tokens: tuple[Token, ...], index: int) -> str | None:
    """The participle that belongs at ``tokens[index]`` after a form of "be" (and "not": "It is not
    recommend to" -> "recommended"), or None."""
    be = index - 2 if index >= 2 and tokens[index - 1].text.lower() == "not" else index - 1
    if be < 0 or index + 1 >= len(tokens) or tokens[be].text.lower() not in _BE:
        return None
    token = tokens[index]
    word = token.text.lower()
    if not token.text.isalpha() or not token.text.islower() or token.tag in ("RB", "RP", "IN") or word in _BE_OR_HAVE:
        return None  # "is fine", "is up", "is over", "is Write" (a value's name), "is was"
    complement = tokens[index + 1].tag == "JJ" and set(readings(word)) == {VERB}  # "is consider harmful"
    if tokens[index + 1].tag not in _AFTER_PARTICIPLE and not complement or ADJ in readings(word):
        return None  # "is live", "is stale": adjectives too
    if token.tag == "JJ" and tokens[index + 1].text.lower() != "by":
        return None  # "is complete", "was third": an adjective's place, unless an agent follows
    past = participle_of_past(word)
    if past is not None:
        return None if word.endswith("ed") or past.endswith("ed") else past  # "was spoiled", "is burnt"
    if not is_bare_verb(word):
        return None
    participle = participle_form(word)
    if NOUN in readings(word) and tokens[index + 1].text.lower() != "by" and not _passive_of(tokens, index, participle):
        return None  # "is part of", "is access to"
    return participle if participle and participle != word else None


def _passive_of(tokens: tuple[Token, ...], index: int, participle: str | None) -> bool:
    """Whether the bare form at ``tokens[index]``, a noun too, stands where a passive's participle
    does: an irregular participle ("shown", "built"), a countable noun (a predicate's singular
    noun would need an article: "are show in" is no noun phrase; "is part of", "is access to" are),
    and a preposition of place or means after it; not after "there" ("there is lead in it")."""
    word = tokens[index].text.lower()
    if participle is None or participle == word or participle.endswith("ed") or is_mass_noun(word):
        return False
    if any(t.text.lower() == "there" for t in tokens[max(0, index - 3) : index - 1]):
        return False
    return tokens[index + 1].text.lower() in _PASSIVE_PREPOSITIONS


RULE = Rule(
    id="rules.be_participle",
    kind=EditKind.VERB_FORM,
    find=find,
    message="After a form of 'be', use the participle '{replacement}', not '{original}'.",
    description=__doc__ or "",
    fires=(
        "The entries are [show→shown] in reverse order and can be [build→built] with make.",
        "This is [knew→known] as a double free.",
        "I am agree with you, and it is [depend→depended] on the weather.",
        "The files are [write→written] to disk.",
        "The struct is [generate→generated] by the macros here.",
        "The team will be [lead→led] by her.",
        "This is [expect→expected] to result in changes, and it is not [recommend→recommended] to return them.",
        "A trait implementation is [consider→considered] incoherent if either holds.",
    ),
    leaves=(
        "Why is war in the region unlikely?",
        "There is lead in the paint, it is not part of it, and the show is run in the hall.",
        "It is part of the build and is home to the code.",
        "It is fine, the war is over, and the site is live.",
        "The problem is access to data.",
        "Very little oil is burnt and the fish was spoiled.",
        "The default mode is Write here.",
        "The commits are shown in reverse order.",
        "The system call very often fails, and a stress test in which it walks.",
    ),
)


__all__ = ["find", "RULE"]

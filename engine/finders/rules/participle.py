"""A simple past where the past participle belongs, after 'be' or 'have': "is knew" -> "is known",
"has wrote" -> "has written" (never a regular past in -ed: lemminflect lists "relaid", "spelt" and
"leant" as the participles of "relay", "spell" and "lean"; nor a participle in -ed for a past that
is one too: "was burnt", "has learnt"; "have saw" -> "seen", though "saw" is a verb's bare form
too: :data:`~edgegram.engine.analysis.word_classes.PASTS_OVER_BARE`); a bare verb that is nothing else after
"have", or its -s form: "I have know her" -> "known", "it has not arise" -> "arisen", "has allows the
reuse" -> "allowed", read as a verb before its object (not "has logs,", "has retries remaining"),
or a noun too after a modal's
"have" and before an object pronoun: "I should have call you" -> "called" (not "you should have
time for"; never a word a hyphen joins to the next: "be bit-for-bit identical", "has tell-tale
shadows"); and a past participle with no 'be' or 'have', right after a subject pronoun opening a
clause: "I seen it" -> "saw", "she done it" -> "did", "he been there" -> "has been" (lemminflect's
inflections; only verbs whose two forms differ)."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import (
    ADVERBS_AFTER_AUXILIARY,
    AUXILIARIES,
    CLOSED_CLASS,
    OBJECT_PRONOUNS,
    SUBJECT_PRONOUNS,
)
from edgegram.engine.analysis.pos_tagger import tags_by_start
from edgegram.engine.analysis.word_classes import (
    NOUN,
    PASTS_OVER_BARE,
    VERB,
    classes,
    is_bare_verb,
    is_third_person,
    participle_form,
    participle_of_past,
    past_of_participle,
    past_participle,
    readings,
)
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Fix, Rule
from edgegram.engine.finders.rules.tokens import Word, adjacent, opens_clause, perfect_have, words
from edgegram.engine.sentences.lexicon import Lexicon

# Simple pasts that are also participles in use ("have got", "was lit"), where lemminflect lists another.
_ALSO_PARTICIPLES = frozenset("got lit proved shone dove woke".split())
_MODALS = frozenset("should could would must might may will shall shouldn't couldn't wouldn't mustn't mightn't won't".split())
_OBJECTS = OBJECT_PRONOUNS - {"it"}  # persons after "should have call"
_DEMONSTRATIVES = frozenset("that this these those".split())
# Regular-looking pasts of irregular verbs that are slips in every sense but a rare one ("payed out the rope").
_REGULAR_BY_MISTAKE = frozenset({"payed"})


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i, aux in enumerate(ws):
        if aux.lower not in AUXILIARIES:
            continue
        j = i + 1
        if j < len(ws) and ws[j].lower in ADVERBS_AFTER_AUXILIARY and adjacent(sentence, ws[i], ws[j]):
            j += 1
        if j >= len(ws) or not adjacent(sentence, ws[j - 1], ws[j]) or not ws[j].text.islower():
            continue
        word = ws[j]
        if sentence[word.end : word.end + 1] in ("-", "‐"):
            continue  # part of a compound: "has tell-tale shadows", "will not be bit-for-bit identical"
        if perfect_have(ws, i) and classes(word.lower) == {VERB} and is_bare_verb(word.lower):
            participle = past_participle(word.lower)  # "I have know her", "it has change a lot"
            if participle and participle != word.lower and lexicon.is_english(participle):
                yield word.start, word.end, participle
            continue
        if perfect_have(ws, i) and _third_person_before_object(sentence, ws, j):
            lemma = next(iter(readings(word.lower).get(VERB, ())), None)  # "has allows the reuse" -> "allowed"
            participle = participle_form(lemma) if lemma else None
            if participle and participle != word.lower and lexicon.is_english(participle):
                yield word.start, word.end, participle
            continue
        if _modal_have(ws, i) and word.lower not in CLOSED_CLASS and classes(word.lower) == {VERB, NOUN} and _object_after(ws, j):
            participle = participle_form(word.lower) if is_bare_verb(word.lower) else None  # "should have call you"
            if participle and participle != word.lower and lexicon.is_english(participle):
                yield word.start, word.end, participle
            continue
        if perfect_have(ws, i) and word.lower in PASTS_OVER_BARE and (seen := participle_of_past(word.lower)):
            yield word.start, word.end, seen  # "I have saw it" -> "seen"
            continue
        if word.lower in readings(word.lower).get(VERB, ()) or word.lower in _ALSO_PARTICIPLES:
            continue  # also a verb's bare form ("lay")
        if word.lower.endswith("ed") and word.lower not in _REGULAR_BY_MISTAKE:
            continue  # a regular past is its verb's participle too ("was relayed", "is spelled", "has leaned")
        participle = participle_of_past(word.lower)
        if participle is not None and not participle.endswith("ed") and lexicon.is_english(participle):
            yield word.start, word.end, participle  # not "was burnt" -> "burned": both are participles
    for i, (subject, word) in enumerate(zip(ws, ws[1:])):
        if subject.lower in SUBJECT_PRONOUNS and opens_clause(sentence, i, ws) and adjacent(sentence, subject, word):
            if word.lower == "been" and word.text.islower():
                have = "has" if subject.lower in ("he", "she", "it") else "have"
                yield word.start, word.end, f"{have} been"  # "I been there" -> "I have been there"
                continue
            regular = word.lower.endswith("ed")  # "they fitted": a past too in British English
            past = past_of_participle(word.lower) if word.text.islower() and not regular else None
            if past is not None and lexicon.is_english(past):
                yield word.start, word.end, past  # "I seen it"


def _third_person_before_object(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]`` is a verb's -s form that the sentence's parts of speech read as one,
    before a determiner or a pronoun that opens its object ("has allows the reuse"; not "has logs,",
    "has retries remaining", "has lectures in": plurals)."""
    word = ws[index]
    if not is_third_person(word.lower) or word.lower in CLOSED_CLASS or index + 1 >= len(ws):
        return False  # not "have is": "One gauge we have is a question"
    following = ws[index + 1]
    if not adjacent(sentence, word, following) or following.lower in _DEMONSTRATIVES:
        return False  # "must have rows that line up": a noun and its relative clause
    if index >= 2 and ws[index - 2].lower in _MODALS:
        return False  # "must have": a possession as often
    tags = tags_by_start(sentence)
    return tags.get(word.start) == "VBZ" and tags.get(following.start) in ("DT", "PRP", "PRP$")


def _modal_have(ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]`` is "have" right after a modal ("should have"), a perfect's."""
    return ws[index].lower == "have" and index > 0 and ws[index - 1].lower in _MODALS


def _object_after(ws: list[Word], index: int) -> bool:
    """Whether an object pronoun follows ``ws[index]``."""
    return index + 1 < len(ws) and ws[index + 1].lower in _OBJECTS


def _message(fix: Fix) -> str:
    if " " in fix.replacement:
        return f"'{fix.original}' is a participle: it needs its 'have', '{fix.replacement}'."
    return (
        f"Use '{fix.replacement}' here, not '{fix.original}': a participle follows 'be' and 'have', a simple past stands alone."
    )


RULE = Rule(
    id="rules.participle",
    kind=EditKind.VERB_FORM,
    find=find,
    message=_message,
    description=__doc__ or "",
    fires=(
        "I [seen→saw] him, and she [done→did] it.",
        "All of it has been [payed→paid], and she has [wrote→written] twice.",
        "I have [know→known] her for years, and it has not [arise→arisen] since.",
        "The split has [allows→allowed] the reuse of code, and it has [gives→given] us a way.",
        "I [been→have been] there, and he [been→has been] here.",
        "This is [knew→known] as a double free.",
        "Rust code is [wrote→written] this way.",
        "It is [bit→bitten] tedious.",
        "I have [saw→seen] that movie, and it has [fell→fallen].",
        "I should have [call→called] you, and she must have [help→helped] him.",
    ),
    leaves=(
        "Government employees have got benefits, and the lamp was lit.",
        "It has logs, events and metrics, the key has retries remaining, and the effect it has includes:",
        "One gauge we have is a question, and the tables must have rows that line up.",
        "The message was relayed, the word is spelled so, we have leaned on it, and he was hanged.",
        "The bread was burnt, the lesson has been learnt, and the milk was spilt.",
        "The builds will not be bit-for-bit identical, and it has tell-tale shadows.",
    ),
)


__all__ = ["find", "RULE"]

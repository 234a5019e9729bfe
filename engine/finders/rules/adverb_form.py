"""An adjective where its adverb belongs, between an auxiliary and the verb it describes: "need
to be explicit declared" -> "explicitly", "may need to explicit declare" -> "explicitly", "is
automatic generated" -> "automatically", "can be dynamic loaded" -> "dynamically", "can possible
cause" -> "possibly".

After a form of "be" the verb is a past participle (not an -ing form: "is comfortable working",
"can be different depending on" are predicates, and nor is "compared": "is negligible compared
to"); after "to" or a modal, a verb's bare form (after
a modal that opens no question, one that is a noun too).
The adjective is nothing but an adjective (or a noun too: "manual"), never a verb or an adverb
already ("to clean install", "to separate compile", "is first released", "will fast forward"),
its adverb one lemminflect lists, no word of a quantity ("there are several built-in"); the verb is
nothing but a verb (or, after an adjective made from another word, "successful", "automatic",
an adjective too at its clause's end: "is successful attached."; not "is hard coded"), a
participle not before a noun it describes ("is valid formatted YAML"), a bare verb with more of
its clause after it ("falls back to plain pip,")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import CLOSED_CLASS, PREPOSITIONS
from edgegram.engine.analysis.word_classes import ADJ, ADV, NOUN, VERB, classes, is_bare_verb, readings
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import adjacent, followed, in_case_of, words
from edgegram.engine.sentences.lexicon import Lexicon

_BE = frozenset("is are was were be been being am".split())
_BARE_BEFORE = frozenset("to can could will would should must may might shall".split())
# Endings of adjectives made from other words, whose adverb describes how a thing is done
# ("successful" -> "is successfully attached"); before a participle that is an adjective too only
# these: "is hard coded", "is fine grained", "is dark colored" are compound adjectives.
_DERIVED = ("ful", "ic", "al", "ive", "ous", "ent", "ant", "ble")
_QUANTITIES = frozenset("several many few much more most less least enough various numerous".split())
# Participles that open a phrase of their own after a predicate: "is negligible compared to".
_PHRASE_PARTICIPLES = frozenset({"compared"})


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i in range(1, len(ws) - 1):
        before, word, verb = ws[i - 1], ws[i], ws[i + 1]
        if not (adjacent(sentence, before, word) and adjacent(sentence, word, verb)) or not word.text.islower():
            continue
        if before.lower in _BE:
            # not before a word of its own, which the participle describes: "is valid formatted YAML"
            # an adjective too only at its clause's end: "may be different based on" is two phrases
            wanted = (
                _participle(verb.lower)
                or (
                    _participle(verb.lower, adjective_too=True)
                    and word.lower.endswith(_DERIVED)
                    and _ends_clause(sentence, ws, i + 1)
                )
                or _grades_adjective(sentence, ws, i)
            ) and not (followed(sentence, ws, i + 1) and ws[i + 2].lower not in CLOSED_CLASS)
        elif before.lower in _BARE_BEFORE:
            # with more of its clause after it: "falls back to plain pip," is a noun phrase; after a
            # modal that opens no question a verb that is a noun too ("can possible cause trouble")
            after_modal = before.lower != "to" and i > 1 and adjacent(sentence, ws[i - 2], before)
            verb_only = classes(verb.lower) == {VERB} or (after_modal and VERB in classes(verb.lower))
            wanted = is_bare_verb(verb.lower) and verb_only and followed(sentence, ws, i + 1)
        else:
            continue
        if not wanted or word.lower in CLOSED_CLASS or word.lower in _QUANTITIES or verb.lower in _PHRASE_PARTICIPLES:
            continue
        if not classes(word.lower) <= {ADJ, NOUN} or ADJ not in classes(word.lower):
            continue
        adverb = adverb_of(word.lower)
        if adverb is not None and lexicon.is_english(adverb) and ADV in classes(adverb):
            yield word.start, word.end, in_case_of(word.text, adverb)


def _grades_adjective(sentence: str, ws, index: int) -> bool:
    """Whether the adjective ``ws[index]`` after a form of "be" grades the adjective after it, where
    its adverb belongs ("are mutual exclusive" -> "mutually", "is incredible slow"): the first
    nothing but an adjective (not "human readable", "dark blue", "dead simple": a noun or an adverb
    too), the second an adjective and no verb or adverb, ending its clause or before a preposition
    ("mutual exclusive with"); not after "there is", where a noun phrase follows ("there is huge
    potential for")."""
    word, after = ws[index].lower, ws[index + 1].lower
    if index >= 2 and ws[index - 2].lower in ("there", "here"):
        return False
    if classes(word) != {ADJ} or ADJ not in classes(after) or not classes(after) <= {ADJ, NOUN}:
        return False
    return _ends_clause(sentence, ws, index + 1) or (followed(sentence, ws, index + 1) and ws[index + 2].lower in PREPOSITIONS)


def _ends_clause(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` is the last word of the sentence or a mark of a clause's end follows it."""
    if index + 1 == len(ws):
        return True
    return sentence[ws[index].end : ws[index + 1].start].strip()[:1] in (",", ".", ";", ":", "!", "?", ")")


def _participle(word: str, adjective_too: bool = False) -> bool:
    """Whether ``word`` is a verb's past participle and nothing else (lemminflect), or with
    ``adjective_too`` an adjective too ("attached", "signed")."""
    found = readings(word)
    allowed = {VERB, ADJ} if adjective_too else {VERB}
    return (
        VERB in found
        and set(found) <= allowed
        and any(word != lemma for lemma in found[VERB])
        and word.endswith(("ed", "en", "wn", "t"))
    )


def adverb_of(adjective: str) -> str | None:
    """The adverb spelt from ``adjective`` by the regular rules ("explicit" -> "explicitly",
    "automatic" -> "automatically", "simple" -> "simply", "easy" -> "easily", "true" -> "truly")."""
    if len(adjective) < 3:
        return None
    if adjective.endswith("ic"):
        return adjective + "ally"
    if adjective.endswith("le") and adjective[-3] not in "aeiou":
        return adjective[:-1] + "y"
    if adjective.endswith("y"):
        return adjective[:-1] + "ily"
    if adjective.endswith("ue"):
        return adjective[:-1] + "ly"
    return adjective + "ly"


RULE = Rule(
    id="rules.adverb_form",
    kind=EditKind.OTHER,
    find=find,
    message="'{original}' describes the verb '{after}': use the adverb '{replacement}'.",
    description=__doc__ or "",
    fires=(
        "In Vue, all component props need to be [explicit→explicitly] declared.",
        "Your package may need to [explicit→explicitly] declare a minimum version.",
        "The file is [automatic→automatically] generated and can be [dynamic→dynamically] loaded.",
        "It shows that the volume is [successful→successfully] attached.",
        "The two flags are [mutual→mutually] exclusive, and the build is [incredible→incredibly] expensive.",
        "Other unsafe code can [possible→possibly] cause trouble, and onlookers can [simple→simply] look at it.",
    ),
    leaves=(
        "You need to clean install it, or to separate compile the parts.",
        "It is first released today, and the tool is full featured.",
        "The path is hard coded, the grain is fine grained, and the box is dark colored.",
        "The content type may be different based on the method.",
        "The answer is explicit, and it will fast forward to the end.",
        "The output is human readable, the box is dark blue, and the setup is dead simple.",
        "There is huge potential for misuse, and there is new material to translate.",
        "It is real and is automatic; there are several built-in ones.",
        "The path can be different depending on the system; it is comfortable working here, and was peaceful according to them.",
        "The light it scatters will be negligible compared to the light of the sun.",
        "Could simple process work? Will manual review help, and can the manual process run?",
        "The file should be valid formatted YAML, or it falls back to plain pip, since there is huge vested interest.",
    ),
)


__all__ = ["adverb_of", "find", "RULE"]

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
from edgegram.engine.analysis.pos_tagger import tags_by_start
from edgegram.engine.analysis.word_classes import ADJ, ADV, NOUN, VERB, classes, is_bare_verb, readings
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import adjacent, followed, in_case_of, words
from edgegram.engine.finders.word_pairs import shipped_pairs
from edgegram.engine.sentences.lexicon import Lexicon

_BE = frozenset("is are was were be been being am".split())
_BARE_BEFORE = frozenset("to can could will would should must may might shall".split())
# Endings of adjectives made from other words, whose adverb describes how a thing is done
# ("successful" -> "is successfully attached"); before a participle that is an adjective too only
# these: "is hard coded", "is fine grained", "is dark colored" are compound adjectives.
_DERIVED = ("ful", "ic", "al", "ive", "ous", "ent", "ant", "ble")
_QUANTITIES = frozenset("several many few much more most less least enough various numerous".split())
# How many times as often the word pairs must count an adverb beside a participle or a verb as its
# adjective there for the adjective to be a slip for it ("fully supported", "works nicely").
ADVERB_PAIR_RATIO = 20
# Adjectives that pick the thing out among others rather than say how it was done, which a
# participle after them does not change: "the previous failed attempt", "the final merged
# configuration" (an attempt that failed, the configuration merged).
_IDENTIFYING = frozenset(
    "previous final last next first former latter original initial same other only main correct incorrect right wrong".split()
)
# Verbs whose object an adjective after it may describe ("make the rule set explicit").
_COMPLEMENT_TAKERS = frozenset("make keep leave render consider find set get".split())
# Words that may stand between a verb and the adjective meant as its adverb ("works really nice").
_INTENSIFIERS = frozenset("really very so quite pretty too".split())
# Verbs an adjective after which describes their subject, not them ("seems fine", "plays nice").
_LINKING = frozenset("be seem appear become remain stay look sound feel prove grow turn get keep play taste smell".split())
# The tagger's tags of a verb an adverb may describe.
_VERB_TAGS = frozenset({"VB", "VBZ", "VBD", "VBN"})
# Words after which a phrase has ended: prepositions, conjunctions, subordinators.
_PHRASE_ENDERS = PREPOSITIONS | frozenset("and or but because when if while than as since unless so".split())
# Participles that open a phrase of their own after a predicate: "is negligible compared to".
_PHRASE_PARTICIPLES = frozenset({"compared"})


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    yield from _after_verb(sentence, ws, lexicon)
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
        elif _before_described_participle(sentence, ws, i):
            adverb = adverb_of(word.lower)
            if adverb is not None and lexicon.is_english(adverb) and _adverb_usual_before(word.lower, adverb, verb.lower):
                yield word.start, word.end, in_case_of(word.text, adverb)
            continue
        else:
            continue
        if not wanted or word.lower in CLOSED_CLASS or word.lower in _QUANTITIES or verb.lower in _PHRASE_PARTICIPLES:
            continue
        if not classes(word.lower) <= {ADJ, NOUN} or ADJ not in classes(word.lower):
            continue
        adverb = adverb_of(word.lower)
        if adverb is not None and lexicon.is_english(adverb) and ADV in classes(adverb):
            yield word.start, word.end, in_case_of(word.text, adverb)


def _after_verb(sentence: str, ws, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    """An adjective that ends its phrase right after a verb the tagger reads as one (an intensifier
    may stand between), where the word pairs count the verb before the adverb and seldom before the
    adjective: "it works really nice because" -> "nicely", "they are handled different from" ->
    "differently" (not "looks nice", "becomes clear", "works great": counted; not "handled
    different cases": the adjective describes a noun)."""
    tags = None
    for i in range(1, len(ws)):
        word = ws[i]
        if not word.text.islower() or word.lower in CLOSED_CLASS or word.lower in _QUANTITIES or ADJ not in classes(word.lower):
            continue
        verb = i - 1 if ws[i - 1].lower not in _INTENSIFIERS else i - 2
        if verb < 0 or not all(adjacent(sentence, ws[k], ws[k + 1]) for k in range(verb, i)) or not _ends_phrase(sentence, ws, i):
            continue
        tags = tags if tags is not None else tags_by_start(sentence)
        if tags.get(ws[verb].start) not in _VERB_TAGS or _links(ws[verb].lower):
            continue  # "is deliberate", "seems fine": the adjective describes the subject
        if any(_lemmas(w.lower) & _COMPLEMENT_TAKERS for w in ws[max(0, verb - 4) : verb]):
            continue  # "make your rule set explicit", "keeps the hook run independent": the object's
        adverb = adverb_of(word.lower)
        if adverb is None or not _adverb_usual_before(word.lower, adverb, ws[verb].lower, after=True):
            continue
        if lexicon.is_english(adverb):
            yield word.start, word.end, in_case_of(word.text, adverb)


def _lemmas(word: str) -> set[str]:
    """The bare verbs ``word`` is a form of (lemminflect)."""
    return set(readings(word).get(VERB, ()))


def _links(verb: str) -> bool:
    """Whether ``verb`` is a form of "be" or of another linking verb (:data:`_LINKING`)."""
    return verb in _BE or bool(_lemmas(verb) & _LINKING)


def _ends_phrase(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` ends its phrase: the clause ends after it, or a preposition, a
    conjunction or a subordinator follows it."""
    return _ends_clause(sentence, ws, index) or (followed(sentence, ws, index) and ws[index + 1].lower in _PHRASE_ENDERS)


def _before_described_participle(sentence: str, ws, index: int) -> bool:
    """Whether the adjective ``ws[index]`` stands before a past participle that describes the noun
    after it ("the full supported syntax", "a clear defined interface"): the adjective no
    closed-class or quantity word, the participle nothing but a verb's (or an adjective too),
    the noun a noun in lower case with no mark between."""
    word, participle = ws[index].lower, ws[index + 1].lower
    if word in CLOSED_CLASS or word in _QUANTITIES or word in _IDENTIFYING or ADJ not in classes(word):
        return False
    if not followed(sentence, ws, index + 1):
        return False
    noun = ws[index + 2]
    return (
        _participle(participle, adjective_too=True)
        and noun.text.islower()
        and noun.lower not in CLOSED_CLASS
        and NOUN in classes(noun.lower)
    )


def _adverb_usual_before(adjective: str, adverb: str, verb: str, after: bool = False) -> bool:
    """Whether the word pairs (the web's and technical writing's) count ``adverb`` before ``verb``
    (with ``after``, after it) at least :data:`ADVERB_PAIR_RATIO` times as often as ``adjective``
    ("fully supported", never "full supported"; "works nicely", never "works nice"; not "single
    shared", "open sourced", "looks nice", which they count)."""
    pairs = shipped_pairs(trade=True)

    def pair(word: str) -> tuple[str, str]:
        return (verb, word) if after else (word, verb)

    if not pairs.counted(*pair(adverb)):
        return False
    return not pairs.counted(*pair(adjective)) or pairs.count(*pair(adverb)) >= ADVERB_PAIR_RATIO * pairs.count(*pair(adjective))


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
    "automatic" -> "automatically", "simple" -> "simply", "easy" -> "easily", "true" -> "truly",
    "full" -> "fully")."""
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
    if adjective.endswith("ll"):
        return adjective + "y"  # "full" -> "fully"
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
        "Currently the [full→fully] supported syntax is small; it uses a [static→statically] linked binary.",
        "In general this works really [nice→nicely] because they are handled [different→differently] from the others.",
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
        "It is a single shared library, an open sourced tool and a large distributed system with the old compiled binary.",
        "It restarts where it was before the previous failed attempt; view the final merged configuration.",
        "It looks nice and becomes clear; it works great, and they are handled different ways.",
        "This is deliberate, since it was automatic; everyone plays nice, and it seems fine.",
        "Make your rule set explicit, keep the hook run independent of it, and retrieve the correct mapped property.",
    ),
)


__all__ = ["adverb_of", "find", "RULE"]

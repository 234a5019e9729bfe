"""'to' left out or followed by the wrong form after words that take an infinitive: "we need change the
body" -> "need to change", "are allowed have" -> "allowed to have", "be able write" -> "able to
write", "having to giving up" -> "to give", "try to compiling it" -> "to compile", "try assign each"
-> "try to assign", "needs be mutated" -> "needs to be", "can be used pass flags" -> "used to pass",
"relatively easy design your own" -> "easy to design", "in order to making" -> "to make", "how
define" -> "how to define", "how to working" -> "to work", "the chance to became famous" -> "to
become" (a simple past that is no participle, noun or adjective too; not after a passive's stranded
"to": "he was submitted to showed"), "allow users to executed code" -> "execute" (a participle where
"to" is surely the infinitive's, before a closed-class word or the phrase's end: not "It appears to
trained observers"); after a word of what must be done ("need", "has", "ought"), such a participle
with no object after it is a passive's, which lacks "be": "changes need to made for it" -> "to be
made".

The verb must be a verb's bare form (lemminflect), not spelt like a past unless an object follows
it after "want", "need", "able" or "try" ("want let a function"; "have let" is a perfect, "how
much they want put into" a participle), and, where it may also be a noun or an adjective ("need
help", "want more"), be followed by an object (a determiner or a pronoun: "need change the
closure"; an object in lower case, and not "that": "we have proof that"). Not after "have",
"has" or "had", where a bare verb wants its participle ("had lead" -> "led") or is a noun ("have
hope that"), unless "do" makes "have" a main verb ("we don't have write" -> "have to write"),
nor after "need" as a noun ("should the need arise", "critical needs remain", "the project's
needs carry"). After
"able" that follows a form of "be" ("is even
able run", "are no longer able work") any verb that is no adjective or adverb takes "to".

"How" takes "to" before a verb that is nothing else (not "how come") where a verb or a preposition
governs it ("look at how define", "learn how write"; not a question or an exclamation of its own:
"But how explain it?", "and how complete their plans"; nor before a verb's -s form, whose subject
it is: "how pip responds").

An -ing form after "to" is corrected only after a word whose "to" is always the infinitive's
(never "look forward to", "key to", "used to", "object to", which take a gerund). After "need",
"want", "able", "have" and "trying" that is enough; after the others ("try", "hope", "going",
"in order") the word must be used as a verb or an adjective (not after a determiner or a
preposition: "with hope to increasing"), and the -ing form must not be describing a noun after
it ("going to nursing school", "plans to changing situations"): what follows it, if anything,
is a closed-class word (an object's determiner or pronoun, a preposition) or a word that cannot
be a noun ("working together"). The same holds after a short object of a verb that takes one
and an infinitive ("require implementors to specifying", "modify our server to accepting"; the
object headed by a noun or a pronoun, not "require attention prior to landing"), after
"love", "hate" or "wish" right after their subject ("would love to helping"), and after a
word that the training corpus's clean text follows with "to" and a bare verb often and with
"to" and an -ing form never ("a chance to working", "I'd like to swimming";
:func:`~edgegram.engine.analysis.word_classes.takes_infinitive`)."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import (
    CLOSED_CLASS,
    DETERMINERS,
    OBJECT_PRONOUNS,
    PREPOSITIONS,
    SUBJECT_PRONOUNS,
    WORD_CLASS_PREPOSITIONS,
)
from edgegram.engine.analysis.trade_words import nouns
from edgegram.engine.analysis.word_classes import (
    ADJ,
    ADV,
    NOUN,
    VERB,
    classes,
    gerund_lemmas,
    is_bare_verb,
    is_participle_only,
    is_third_person,
    past_lemmas,
    readings,
    simple_past_only,
    takes_infinitive,
)
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Fix, Rule
from edgegram.engine.finders.rules.tokens import Word, adjacent, ends_phrase, followed, followed_by, perfect_have, words
from edgegram.engine.sentences.lexicon import Lexicon

_TAKE_INFINITIVE = frozenset(
    "need needs needed want wants wanted able unable have has had having going trying tries tried".split()
)
# Passives that take an infinitive after a form of "be" ("can be used pass flags" -> "used to pass",
# "are allowed have" -> "allowed to have"; not the adjective: "the maximum allowed value").
_PASSIVE_INFINITIVE = frozenset("used allowed required supposed encouraged".split())
# Words whose "to" is the infinitive's, so that an -ing form after it is wrong ("try to
# compiling") unless it describes a noun after it ("going to nursing school", "plans to changing
# situations"): "going" and verbs, participles and adjectives that take an infinitive and never a
# gerund after "to" (not "agree", "admit", "commit", "tend", "used", "key", "important", "close":
# "agree to paying", "important to understanding" are English). After the others of
# _TAKE_INFINITIVE the -ing form is wrong whatever follows ("need to washing dishes").
_TO_INFINITIVE = frozenset(
    "going try decide decides decided deciding plan plans planned planning attempt attempts attempted "
    "attempting learn learns learned learnt learning hope hopes hoped hoping expect expects expected "
    "expecting refuse refuses refused refusing manage manages managed managing fail fails failed "
    "failing promise promises promised seem seems seemed appear appears appeared choose chooses "
    "chose chosen choosing intend intends intended intending begin begins began begun beginning "
    "start starts started starting continue continues continued continuing forget forgets forgot "
    "forgotten forgetting remember remembers remembered remembering allowed supposed required "
    "designed meant forced asked told encouraged likely unlikely willing easy hard difficult "
    "possible impossible enough modified".split()
)
# Words whose "to" is always the infinitive's, whatever stands before them ("how to working", "the
# ability to specifying").
_ALWAYS_INFINITIVE = frozenset("how ability abilities".split())
# Words of a question whose "to" is the infinitive's ("whether to enable", "what to do").
_WH_TO = frozenset("whether what how where when which".split())
# "how" before a bare verb that is nothing else wants "to" ("how define functions"); not "how come".
_NOT_AFTER_HOW = frozenset("come dare".split())
# Words after which "to" is surely the infinitive's (an -s form after it wants its bare form).
_INFINITIVE_TO = _TAKE_INFINITIVE | _TO_INFINITIVE | _WH_TO
# Verbs of liking, whose "to" is the infinitive's only after their subject ("would love to help";
# not "there was love to overflowing").
_FEELING = frozenset("love loves loved hate hates hated wish wishes wished".split())
_FEELER = SUBJECT_PRONOUNS | frozenset("would i'd we'd you'd they'd he'd she'd".split())
# Verbs whose object an infinitive follows ("require implementors to specify", "modify our server
# to accept"): an -ing form after that "to" is wrong as after _TO_INFINITIVE.
_OBJECT_TO_INFINITIVE = frozenset(
    "require requires required requiring allow allows allowing enable enables enabling permit permits "
    "permitting force forces forcing ask asks asking tell tells telling expect expects expecting want "
    "wants wanted wanting instruct instructs instructed encourage encourages teach teaches taught "
    "cause causes caused causing modify modifies modifying configure configures configured persuade "
    "persuades persuaded convince convinces convinced remind reminds reminded urge urges urged".split()
)
_OBJECT_WORDS = 3  # at most this many words of an object between such a verb and "to"
# Verbs whose object a "to" and a gerund follow ("dedicate more time to maintaining", "limit the
# access to reading"): an -ing form after the object's "to" is theirs, whatever the object's word
# takes; looked for this many words back.
_OBJECT_TO_GERUND = frozenset(
    "dedicate dedicates dedicated dedicating devote devotes devoted devoting commit commits committed committing "
    "contribute contributes contributed contributing limit limits limited limiting restrict restricts restricted "
    "restricting attribute attributes attributed prefer prefers preferred".split()
)
_GERUND_VERB_REACH = 6
_NOT_AFTER = frozenset("be".split())  # "if need be"
_BE_FORMS = frozenset("be is are was were been being am i'm you're we're they're he's she's it's".split())
_ADVERBS_BEFORE_ABLE = frozenset(
    "not no longer even still also never always now already more less better really just only then finally usually "
    "often sometimes once again".split()
)
_HAVE_FORMS = frozenset("have has had having".split())
# Adjectives that take an infinitive as a predicate ("it is easy to design"; see _takes_infinitive_here).
# (Not "simple", "hard": "simple use the name" wants "simply", "hard code the value" is a compound.)
_PREDICATE_INFINITIVE = frozenset("easy difficult".split())
# Words that take an infinitive and never a participle ("have let" is a perfect; "going put",
# "what is needed put" are left alone).
_WANTING = _TAKE_INFINITIVE - _HAVE_FORMS - {"going", "needed"}
# Words an -ing form can only take as its object, never describe ("letting other programs").
_OTHER = frozenset(("other", "others"))
# What shows that a word that may be a noun is used as a verb: an object after it (not "that",
# which opens a clause as often: "we have proof that").
_OBJECT_STARTS = (DETERMINERS - {"that"}) | OBJECT_PRONOUNS


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i in range(len(ws) - 1):
        trigger, word = ws[i], ws[i + 1]
        if not adjacent(sentence, trigger, word) or not word.text.islower():
            continue
        if word.lower == "to":
            if i + 2 < len(ws) and adjacent(sentence, word, ws[i + 2]):
                gerund = ws[i + 2]
                bare = _bare_of_gerund(gerund.lower)
                if bare is not None and lexicon.is_english(bare) and _gerund_after_infinitive_to(sentence, ws, i):
                    yield gerund.start, gerund.end, bare
                elif (bare := _bare_after_to(sentence, ws, i)) is not None and lexicon.is_english(bare):
                    if _passive_wanted(sentence, ws, i):
                        yield gerund.start, gerund.end, "be " + gerund.text  # "changes need to made for"
                    else:
                        yield gerund.start, gerund.end, bare  # "the chance to became famous", "to assumes"
            continue
        if trigger.lower == "how":
            if _how_verb(sentence, ws, i):
                yield word.start, word.end, "to " + word.text  # "how define functions"
            continue
        if trigger.lower == "needs" and word.lower == "be" and not _a_noun(ws, i):
            yield word.start, word.end, "to be"  # "a type needs be mutated" ("if need be", "must needs be" are old idioms)
            continue
        if _used_before_verb(sentence, ws, i):
            yield word.start, word.end, "to " + word.text  # "can be used pass flags", "are allowed have"
            continue
        if trigger.lower not in _TAKE_INFINITIVE and not _takes_infinitive_here(sentence, ws, i):
            continue
        if word.lower == "have" and trigger.lower not in _HAVE_FORMS:
            yield word.start, word.end, "to " + word.text  # "they need have a Ruby installed"
            continue
        if word.lower in CLOSED_CLASS or word.lower in _NOT_AFTER:
            continue
        if perfect_have(ws, i):
            continue  # a perfect ("had lead" -> "led") or a noun ("have hope that"); but "don't have write"
        if trigger.lower in ("need", "needs") and _a_noun(ws, i):
            continue  # "should the need arise", "critical needs remain"
        if (
            trigger.lower == "able"
            and _after_be(sentence, ws, i)
            and word.lower in readings(word.lower).get(VERB, ())
            and not classes(word.lower) & {ADJ, ADV}
        ):
            # "is even able run": only an infinitive can follow a predicate "able" (but not
            # "able last night to")
            yield word.start, word.end, "to " + word.text
            continue
        if not is_bare_verb(word.lower):
            if not (_bare_past_after_wanting(trigger.lower, word.lower) and _object_follows(sentence, ws, i + 1)):
                continue  # "want let a function"; not "how much they want put into the fund"
        if trigger.lower == "going" and classes(word.lower) != {VERB}:
            continue  # "going home the next day"
        if classes(word.lower) & {NOUN, ADJ, ADV} and not _object_follows(sentence, ws, i + 1):
            continue
        yield word.start, word.end, "to " + word.text


def _takes_infinitive_here(sentence: str, ws: list[Word], i: int) -> bool:
    """Whether ``ws[i]`` takes an infinitive with "to" where it stands, before a bare verb with
    its object (``ws[i + 1]``, ``ws[i + 2]``): "try" as a verb (not "a try"), and "easy" or
    "difficult" as a predicate (not "an easy design")."""
    trigger = ws[i].lower
    before = ws[i - 1].lower if i > 0 and adjacent(sentence, ws[i - 1], ws[i]) else ""
    return (
        (trigger == "try" or trigger in _PREDICATE_INFINITIVE)
        and before not in DETERMINERS
        and _object_follows(sentence, ws, i + 1)
    )


def _used_before_verb(sentence: str, ws: list[Word], i: int) -> bool:
    """Whether ``ws[i]`` is a passive "used", "allowed", "required" (:data:`_PASSIVE_INFINITIVE`,
    after a form of "be") with a bare verb after it that
    is no adjective or adverb and has a word after it ("can be used pass flags" -> "used to pass";
    not "it is used often", "it was used up")."""
    if (
        ws[i].lower not in _PASSIVE_INFINITIVE
        or i == 0
        or ws[i - 1].lower not in _BE_FORMS
        or not adjacent(sentence, ws[i - 1], ws[i])
    ):
        return False
    word = ws[i + 1].lower
    return (
        (word not in CLOSED_CLASS or word == "have")  # "are allowed have differences"
        and word not in WORD_CLASS_PREPOSITIONS  # "should not be used except for"
        and (is_bare_verb(word) or word in readings(word).get(VERB, ()))  # "run", its own participle too
        and VERB in classes(word)
        and not classes(word) & {ADJ, ADV}
        and followed(sentence, ws, i + 1)
    )


def _bare_after_to(sentence: str, ws: list[Word], i: int) -> str | None:
    """The bare form of the simple past or the -s form ``ws[i + 2]`` after "to" (``ws[i + 1]``),
    where it is no participle, noun or adjective too ("to became" -> "become", "to chose" ->
    "choose", "whether to enables" -> "enable"; not "to used cars", "to saw", "to uses"), and "to"
    is no preposition a clause strands: after a passive ("the test he was submitted to showed")
    or a verb that takes no infinitive ("everyone I talked to knew")."""
    word = ws[i + 2]
    if not word.text.islower() or word.lower in CLOSED_CLASS or classes(word.lower) & {NOUN, ADJ}:
        return None
    s_form = word.lower.endswith("s") and is_third_person(word.lower) and _infinitive_to(sentence, ws, i)
    if s_form and (word.lower[:-1] in nouns() or word.lower[:-2] in nouns()):
        s_form = False  # "dereference to commits", "access to logs": nouns of the trade lemminflect lacks
    # a participle only where "to" is surely the infinitive's ("allow users to executed code"; not
    # "applies to signed tags", "refer to written instructions")
    participle = (
        is_participle_only(word.lower)
        and classes(word.lower) == {VERB}
        and _infinitive_to(sentence, ws, i)
        and (ends_phrase(sentence, ws, i + 2) or followed_by(sentence, ws, i + 2, CLOSED_CLASS))
    )  # not before a noun it describes: "It appears to trained observers", "access to selected sessions"
    if not (s_form or participle or simple_past_only(word.lower)):
        return None
    if i >= 1 and ws[i - 1].lower in _BE_FORMS and ws[i].lower not in _TAKE_INFINITIVE | _TO_INFINITIVE:
        return None  # "he was submitted to showed" (but "it can be forced to built it")
    before = ws[i].lower
    if before not in _TAKE_INFINITIVE | _TO_INFINITIVE and not takes_infinitive(before) and classes(before) == {VERB}:
        return None  # a verb's own "to", stranded: "everyone I had talked to knew"
    lemmas = readings(word.lower).get(VERB, ()) if s_form or participle else past_lemmas(word.lower)
    return lemmas[0] if len(lemmas) == 1 else None


_WH_DETERMINERS = frozenset("which what whichever whatever".split())
# Words of what must be done, whose "to" and a participle with no object after it left out "be"
# ("changes need to made for this", "the backslash needs to escaped with").
_OBLIGED = frozenset("need needs needed has have had ought".split())
_PERSONS = SUBJECT_PRONOUNS - {"it"}  # subjects that do what they must themselves


def _passive_wanted(sentence: str, ws: list[Word], i: int) -> bool:
    """Whether the participle after "to" (``ws[i + 2]``) wants "be" before it, not its bare
    form: after a word of what must be done (:data:`_OBLIGED`), before a preposition or the
    phrase's end, where no object follows it and no person is the subject ("need to made for" ->
    "need to be made"; but "need to made the change" -> "make", "I have to returned to" -> "return")."""
    word = ws[i + 2].lower
    if ws[i].lower not in _OBLIGED or not is_participle_only(word):
        return False
    if any(w.lower in _PERSONS for w in ws[max(0, i - 3) : i]):
        return False  # "I have to returned to my university": a person does it, "return"
    return ends_phrase(sentence, ws, i + 2) or followed_by(sentence, ws, i + 2, PREPOSITIONS - {"to"})


def _infinitive_to(sentence: str, ws: list[Word], i: int) -> bool:
    """Whether the "to" after ``ws[i]`` is surely the infinitive's: after a word that takes one
    ("tries to", "decided to", "whether to"), after a verb's object that an infinitive follows
    ("allows the build script to") or after "which" or "what" and a noun ("which revisions to")."""
    before = ws[i].lower
    if i >= 1 and ws[i - 1].lower in _WH_DETERMINERS and NOUN in classes(before) and adjacent(sentence, ws[i - 1], ws[i]):
        return True  # an infinitive's question: "which revisions to show", "what value to use"
    return before in _INFINITIVE_TO or takes_infinitive(before) or _after_verb_and_object(sentence, ws, i)


def _object_follows(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether an object's first word, in lower case, follows ``ws[index]`` ("need change the
    closure"; not "need full US support")."""
    return followed_by(sentence, ws, index, _OBJECT_STARTS) and ws[index + 1].text.islower()


def _a_noun(ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]`` ("need", "needs") is no verb: a noun after a determiner or an adjective
    ("the need arise", "critical needs remain", "greatest need reduce"), "needs" opening a clause
    ("as needs arise", "if needs be"), after a possessive ("the project's needs carry"), or the old
    adverb ("must needs wait")."""
    if index == 0:
        return ws[index].lower == "needs"  # "Needs grow": a plural
    before = ws[index - 1].lower
    if ws[index].lower == "needs" and before in _BEFORE_NEEDS_NOUN:
        return True
    if before.endswith(("'s", "’s", "s'", "s’")):
        return True  # a possessive's noun: "the wider project's needs carry more weight"
    return before in DETERMINERS or (before not in CLOSED_CLASS and ADJ in classes(before) and VERB not in classes(before))


def _bare_past_after_wanting(trigger: str, word: str) -> bool:
    """Whether ``word`` is a verb's bare form spelt like its past ("let", "put", "set") after a
    trigger that no participle follows but for an object moved before it ("want let a function";
    "have let", "had put" are perfects, "going put" is left alone)."""
    return trigger in _WANTING and word in readings(word).get(VERB, ())


# Words after which "needs" is no verb: a conjunction opening a clause it is the subject of, or
# "must" ("must needs wait").
_BEFORE_NEEDS_NOUN = frozenset("as if when where while until unless must".split())


def _how_verb(sentence: str, ws: list[Word], i: int) -> bool:
    """Whether ``ws[i]`` "how", in a clause that a verb or a preposition before it governs ("look
    at how", "learn how"; not a question or an exclamation of its own: "But how explain it?", "and
    how complete their preparations"), is followed by a bare verb that is nothing else."""
    word = ws[i + 1].lower
    if classes(word) != {VERB} or not is_bare_verb(word) or word in _NOT_AFTER_HOW:
        return False
    if i + 2 < len(ws) and adjacent(sentence, ws[i + 1], ws[i + 2]) and _finite_verb_only(ws[i + 2].lower):
        return False  # the subject of a verb's -s form, a name most likely: "how pip responds"
    if i == 0 or not adjacent(sentence, ws[i - 1], ws[i]):
        return False
    previous = ws[i - 1].lower
    return previous in PREPOSITIONS or (previous not in CLOSED_CLASS and VERB in classes(previous))


def _finite_verb_only(word: str) -> bool:
    """Whether ``word`` is a verb's -s form and no plural noun ("responds", "is"; not "functions")."""
    return is_third_person(word) and NOUN not in readings(word)


def _after_be(sentence: str, ws: list[Word], i: int) -> bool:
    """Whether ``ws[i]`` ("able") follows a form of "be", perhaps with adverbs between ("are no
    longer able", "is even able")."""
    j = i - 1
    while j >= 0 and i - j <= 4 and adjacent(sentence, ws[j], ws[j + 1]):
        if ws[j].lower in _BE_FORMS:
            return True
        if ws[j].lower not in _ADVERBS_BEFORE_ABLE:
            return False
        j -= 1
    return False


def _gerund_after_infinitive_to(sentence: str, ws: list[Word], i: int) -> bool:
    """Whether ``ws[i + 2]``, an -ing form after ``ws[i]`` "to", is a verb where an
    infinitive belongs (see the module docstring)."""
    trigger = ws[i].lower
    if trigger in _ALWAYS_INFINITIVE or (trigger in _TAKE_INFINITIVE and trigger not in _TO_INFINITIVE):
        return True  # "need to washing dishes", "able to having confidence"
    if trigger == "order":  # "in order to", nothing else
        if i == 0 or ws[i - 1].lower != "in" or not adjacent(sentence, ws[i - 1], ws[i]):
            return False
    elif trigger in _TO_INFINITIVE:
        if i > 0 and adjacent(sentence, ws[i - 1], ws[i]) and ws[i - 1].lower in DETERMINERS | PREPOSITIONS:
            return False  # a noun: "with hope to", "the plan to"
    elif trigger in _FEELING:
        if i == 0 or not adjacent(sentence, ws[i - 1], ws[i]) or ws[i - 1].lower not in _FEELER:
            return False
    elif not (takes_infinitive(trigger) or _after_verb_and_object(sentence, ws, i)):
        return False
    elif any(w.lower in _OBJECT_TO_GERUND for w in ws[max(0, i - _GERUND_VERB_REACH) : i]):
        return False  # "dedicate more time and resources to maintaining": the verb's "to"
    if not followed(sentence, ws, i + 2):
        return True
    after = ws[i + 3].lower
    # not "to nursing school"; but "to letting other programs": a participle describes no "other"
    return after in CLOSED_CLASS or after in _OTHER or NOUN not in classes(after)


def _after_verb_and_object(sentence: str, ws: list[Word], i: int) -> bool:
    """Whether ``ws[i]``, the word before "to", ends a short object (determiners, pronouns,
    adjectives, nouns) of a verb of :data:`_OBJECT_TO_INFINITIVE` ("require implementors",
    "modify our server"), headed by a pronoun or a noun that is no adjective (not "require
    attention prior to landing")."""
    head = ws[i].lower
    if head not in OBJECT_PRONOUNS and (head in CLOSED_CLASS or classes(head) & {ADJ, ADV} or NOUN not in classes(head)):
        return False
    for j in range(i, max(i - _OBJECT_WORDS, 0), -1):
        word = ws[j].lower
        if not adjacent(sentence, ws[j - 1], ws[j]):
            return False
        if not (word in DETERMINERS or word in OBJECT_PRONOUNS or (word not in CLOSED_CLASS and classes(word) & {NOUN, ADJ})):
            return False
        if ws[j - 1].lower in _OBJECT_TO_INFINITIVE:
            return True
    return False


def _bare_of_gerund(word: str) -> str | None:
    """The bare verb of the -ing form ``word`` ("giving" -> "give", "working" -> "work"), if one verb's."""
    lemmas = gerund_lemmas(word)
    return lemmas[0] if len(lemmas) == 1 else None


def _message(fix: Fix) -> str:
    """The message of one fix: the form after "to", or the "to" a word takes."""
    if fix.before.lower() != "to":
        return f"'{fix.before}' takes 'to' and a verb's bare form: '{fix.replacement}'."
    if fix.replacement.startswith("be "):
        return f"With no object after it, '{fix.original}' here is a passive's participle: '{fix.replacement}'."
    return f"After 'to', use the verb's bare form: '{fix.replacement}', not '{fix.original}'."


RULE = Rule(
    id="rules.missing_to",
    kind=EditKind.VERB_FORM,
    find=find,
    message=_message,
    description=__doc__ or "",
    fires=(
        "The tool tries to [detects→detect] the encoding, and we decided to [enables→enable] it.",
        "We don't have [write→to write] code for it.",
        "We need [change→to change] the closure.",
        "Your index entries are allowed [have→to have] differences, and you are required [run→to run] the tests.",
        "Some changes need to [made→be made] for it, and the mark needs to [escaped→be escaped].",
        "I have to [returned→return] to my university by August.",
        "It is able [write→to write] data.",
        "Our code is even able [run→to run], but we are no longer able [work→to work].",
        "If you tried [compile→to compile] this code, it failed.",
        "What if we want [let→to let] a function use it? I need [put→to put] the book down.",
        "Traits require implementors to [specifying→specify] a part.",
        "It gave them the chance to [became→become] famous; I want to [forgot→forget] it.",
        "We modify our server to [accepting→accept] only two.",
        "They would love to [helping→help] you, often enough to [letting→let] you rest.",
        "They need [have→to have] Ruby installed.",
        "We are able to [working→work] together.",
        "If we try to [compiling→compile] this function, we get an error.",
        "In order to [making→make] it work, she started to [running→run].",
        "It is designed to [handling→handle] it and is likely to [failing→fail].",
        "Let's look at how [define→to define] functions.",
        "We show how to [working→work] with it and the ability to [specifying→specify] types.",
        "It was a chance to [working→work] abroad, and I would like to [swimming→swim].",
        "The system interrupts one program to [letting→let] other programs run.",
        "It will allow users to [executed→execute] the code, and it can be forced to [built→build] it.",
        "These options control which revisions to [shown→show], and what value to [chose→choose] here.",
        "We generally try [assign→to assign] each error a code, and a type sometimes needs [be→to be] mutated.",
        "The file can be used [pass→to pass] flags, and it makes it relatively easy [design→to design] your own.",
    ),
    leaves=(
        "Tags that dereference to commits go there, with access to logs.",
        "The allowed values are listed, the maximum allowed value is set, and it is allowed except here.",
        "We plan to extend it as needs arise, and it is pitiless if needs be.",
        "It shows how pip responds to commands.",
        "It applies to signed tags; refer to written instructions, and compare it to built binaries.",
        "It appears to trained observers that it works, with access to selected sessions and known to recorded history.",
        "Listen to news, go to stores, and compare it to reports.",
        "The scan he was submitted to showed damage, sold to used car dealers.",
        "We have proof that it works; they had lead the team, and he has complete control.",
        "She has tell-tale signs, they have log cabins, we will have support, and I have come home.",
        "Pakistan will need full US support, should the need arise, as critical needs remain.",
        "Keep in mind that the wider project's needs carry more weight, as the users' needs do.",
        "We need help and want more; if need be, we have run and have become.",
        "Give it a try; the try block runs, an easy design the team liked, and it is used mostly here.",
        "It was used up, it is used often, they were used last year, and it should not be used except for tests.",
        "The needs be damned; try harder and try it; simple use the name, and hard code the value.",
        "She is going to nursing school, and they are going to polling stations.",
        "They adapt decisions and plans to changing situations.",
        "We dedicate more time and resources to maintaining and improving these tools.",
        "He spoke with hope to increasing the trade, and the order to keeping it.",
        "We have let a function use it; how much they want put into the fund is unclear.",
        "He is to blame; life is to live; they were to part for ever; she had been to high school.",
        "Which will running improve? I was able last night to fish, and we are going home the next day.",
        "She further emphasized it, and the emergency vet, Jennifer, came.",
        "How come it works? But how explain it, and how complete their plans!",
    ),
)


__all__ = ["find", "RULE"]

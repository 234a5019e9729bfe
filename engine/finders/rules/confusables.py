"""Sound-alike words where the words around settle which one was meant: the patterns are data
(``phrasebook/confusables.rules``: "its a" -> "it's a", "more then" -> "more than"...); this module
holds what needs more than a pattern: possessives written with an apostrophe ("your's", "its'"),
and the choices that read the words' classes and the clause around them ("too find", "you're
code", "who name is", "if your using", "capture there environment", "it's own", "wether", "quiet
hard", "the change effects how", "I walk everyday")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import (
    CLAUSE_OPENERS,
    CLOSED_CLASS,
    COLLECTIVE_NOUNS,
    DETERMINERS,
    MODALS,
    OBJECT_PRONOUNS,
    PREPOSITIONS,
    SUBJECT_PRONOUNS,
)
from edgegram.engine.analysis.pos_tagger import FINITE_TAGS, tag
from edgegram.engine.analysis.trade_words import nouns, terms
from edgegram.engine.analysis.word_classes import (
    ADJ,
    ADV,
    COMPARATIVE,
    NOUN,
    VERB,
    classes,
    degree_of,
    gerund_lemmas,
    is_bare_verb,
    is_mass_noun,
    is_participle_only,
    is_singular_noun,
    is_third_person,
    participle_form,
    past_lemmas,
    past_participle,
    readings,
    singular_of_plural,
    verb_form_only,
)
from edgegram.engine.finders.rules.phrases import phrase_rule, phrase_sets
from edgegram.engine.finders.rules.record import Fix
from edgegram.engine.finders.rules.tokens import (
    Word,
    adjacent,
    ends_phrase,
    followed,
    followed_by,
    in_case_of,
    joined,
    opens_clause,
    words,
)
from edgegram.engine.sentences.lexicon import Lexicon

# A noun after "who" is the subject of one of these: "who name is" -> "whose name is".
_OWNED_SUBJECT_VERBS = frozenset("is was has isn't wasn't hasn't".split())
_INDEFINITE_ENDINGS = ("one", "body", "thing")  # "who everyone is", "who somebody was"
# Owners and "there" that are a subject's contraction before "going to" and a verb ("Your going to love it").
_GOING_TO_SUBJECTS = {"your": "you're", "their": "they're", "there": "they're"}
# Words that open an object after an -ing form ("using more than", "doing the work").
_OBJECT_STARTS = (DETERMINERS - {"that"}) | OBJECT_PRONOUNS | frozenset("more all".split())
# Before "than" where "then" was meant ("We'll than combine"): a modal's short form and modals
# that are no nouns ("will" is one: "more will than wallet").
_BEFORE_THEN = frozenset("can could would should must might shall".split())
_FORMS_OF_BE = frozenset("is are was were be been".split())
# "be" contracted or not, which "quiet" describes the subject after ("All was quiet again").
_BE_BEFORE_QUIET = _FORMS_OF_BE | frozenset("am being it's that's he's she's i'm you're we're they're".split())
_TO, _TO_OR_FOR, _THAT = frozenset({"to"}), frozenset({"to", "for"}), frozenset({"that"})
# Adjectives that may describe after "quiet" ("all was quiet enough on the beat", "quiet outside").
_AFTER_QUIET = frozenset("enough again now then too today tonight outside inside still".split())
# Finite verbs that make a noun after "it's" the subject of one ("it's buffer was too small" -> "its
# buffer"): "it is" and a noun cannot go on with a verb.
_OWNED_NOUN_VERBS = frozenset("is was has had are were can will would should must may might could does did".split())
# Words after "it's" and an adjective that "its" and an adjective never take ("its unlikely that").
_AFTER_ITS_ADJECTIVE = frozenset(("to", "that"))
# Prepositions that never open a clause ("for", "like", "since", "than", "before" may: "for
# you're wonderful", "like you're done").
_ONLY_PREPOSITIONS = frozenset("of in on at by from with about into onto upon within without through during among".split())
# Prepositions after which "there" is hardly the place ("to there profile", "of there fields";
# not "from there", "in there", "over there", "up there").
_OWNER_PREPOSITIONS = frozenset("of for to with about into by".split())
_AND_OR = frozenset(("and", "or"))  # joining two nouns "there" owns ("of there parameters and values")
# Prepositions after which "you" and a noun ending the phrase is "your" and the noun ("thanks for
# you help", "in you code"); nouns that stand beside "you" ("for you lot").
_OWNER_YOU_PREPOSITIONS = (_ONLY_PREPOSITIONS - {"of"}) | {"for"}  # not "some of you help?"
_YOU_APPOSITIVES = frozenset("lot sir madam ma'am mate dear".split())
# Verbs that take two objects, whose first may be "you" ("giving you access", "showing you code").
_TWO_OBJECTS = frozenset(
    "give send show tell offer bring buy get lend pass teach hand cost save owe grant allow deny promise wish leave "
    "find make build cook pay write serve charge ask award email mail feed sell fetch read order spare assign issue "
    "guarantee refund bet call name elect consider keep let thank see help remind warn bless mind get provide".split()
)
# Words that open a clause whose subject follows them ("If you query says").
_SUBORDINATORS = frozenset("if when because unless once while whenever although though since".split())
_QUOTES = frozenset("\"'“‘")
# Words before "everyday" that make it the adjective or a noun: "the everyday", "of everyday.", "more everyday."
_NOT_BEFORE_EVERY_DAY = DETERMINERS | PREPOSITIONS | frozenset("more most less least very so too quite rather pretty".split())
# Words that open what follows "whether" ("wether or not", "wether to", "wether the file exists").
_AFTER_WHETHER = (
    DETERMINERS
    | SUBJECT_PRONOUNS
    | frozenset("or to not there it everything anything something nothing everyone anyone someone nobody".split())
)
# "effect" as a verb before a clause that only "affect" takes ("how generics effect how code runs").
_EFFECTS = {"effect": "affect", "effects": "affects", "effected": "affected"}
# Subordinators after which a clause's subject and "if" for "is" may stand ("When a test if demoted").
_IF_CLAUSE_OPENERS = frozenset("when if once because while unless until after before whenever that".split())
_EFFECT_OBJECTS = frozenset(("how", "whether"))
_EFFECT_SUBJECTS = frozenset("it this he she".split())
_EFFECTED = frozenset("my your his her our their me him us them".split())
_NOT_BEFORE_VERB_EFFECT = frozenset("what which no any some much little big".split())
# Verbs that follow "there" in an inverted clause ("there remains a problem", "there lives a man").
_AFTER_THERE = frozenset("exists remains lives stands comes follows goes seems appears lies arises occurs rests sits".split())
# Spans of time a verb and "there" may come before ("stayed there weeks and weeks", "got there hours later").
_TIMES_AFTER_THERE = frozenset("seconds minutes hours days nights weeks months years decades times ages".split())
# comparatives the rule file's "then" pattern names, and those of time, which "then" may follow as a word
_COMPARATIVES_NAMED = phrase_sets("confusables")["THEN_AFTER"] | {"earlier", "later"}
# Possessive pronouns written with an apostrophe ("your's" -> "yours", "its' paw" -> "its"; not a
# quoted 'its').
_OWNERS_WITH_APOSTROPHE_RE = re.compile(
    r"(?<![\w'’‘\"“-])([Yy]our|[Tt]heir|[Oo]ur|[Hh]er)['’]s(?![\w'’-])|(?<![\w'’‘\"“-])([Ii]ts)['’](?![\w'’-])"
)


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _OWNERS_WITH_APOSTROPHE_RE.finditer(sentence):
        if m.group(2):
            yield m.start(), m.end(), m.group(2)  # "its' paw" -> "its"
        else:  # "is your's" -> "yours", "your's list" -> "your"
            yield m.start(), m.end(), m.group(1) if _noun_follows(sentence, m.end()) else m.group(1) + "s"
    ws = words(sentence)
    for index, (first, second) in enumerate(zip(ws, ws[1:])):
        if not adjacent(sentence, first, second) or not second.text.islower() or second.lower in CLOSED_CLASS:
            continue
        word_classes = classes(second.lower)
        if first.lower == "too" and _infinitive_after_too(sentence, ws, index, second, word_classes):
            yield first.start, first.end, "To" if first.text[0].isupper() else "to"  # "too find"
        elif first.lower == "your" and _clause_after_your(sentence, ws, index):
            yield first.start, first.end, "You're" if first.text[0].isupper() else "you're"
        elif first.lower == "you're" and (
            _noun_only(second.lower, word_classes) or _after_preposition(sentence, ws, index, second)
        ):
            yield first.start, first.end, in_case_of(first.text, "your")  # "you're code"
        elif first.lower == "they're" and _owned_subject(sentence, ws, index):
            yield first.start, first.end, in_case_of(first.text, "their")  # "They're house is big."
        elif first.lower in _GOING_TO_SUBJECTS and _going_to(sentence, ws, index):
            yield first.start, first.end, in_case_of(first.text, _GOING_TO_SUBJECTS[first.lower])  # "Your going to love it"
        elif first.text == "Whose" and index == 0 and gerund_lemmas(second.lower) and sentence.rstrip().endswith("?"):
            yield first.start, first.end, "Who's"  # "Whose coming to dinner?"
        elif first.text == "you" and (
            _owner_you(sentence, ws, index, second, word_classes)
            or _owner_you_after_gerund(sentence, ws, index)
            or _owner_you_as_subject(sentence, ws, index)
        ):
            yield first.start, first.end, "your"  # "thanks for you help.", "preserving you data", "if you query says"
        elif first.lower in ("who's", "who") and _owned(sentence, ws, index, first, second, word_classes):
            yield first.start, first.end, "Whose" if first.text[0].isupper() else "whose"  # "who's book", "who name is"
    for index, word in enumerate(ws):
        if word.lower in _NEAR_BE and _be_after_modal(sentence, ws, index):
            yield word.start, word.end, "be"  # "can also by dynamic", "might me required"
        if word.lower == "lets" and _lets_us(sentence, ws, index):
            yield word.start, word.end, in_case_of(word.text, "let's")  # "Lets go home.", "For now, lets first see"
        if word.lower == "everyday" and _every_day(sentence, ws, index):
            yield word.start, word.end, in_case_of(word.text, "every day")  # "I travel by bus everyday."
        if word.lower == "there" and _owner_opening_clause(sentence, ws, index):
            yield word.start, word.end, in_case_of(word.text, "their")  # ", there values are merged"
        if word.lower == "then" and word.text.islower() and _than_after_compared(sentence, ws, index):
            yield word.start, word.end, "than"  # "more requests then it can handle"
        if word.lower == "wether" and _whether(sentence, ws, index):
            yield word.start, word.end, in_case_of(word.text, "whether")  # "check wether the file exists"
        if word.lower == "its" and (_clause_of_its(sentence, ws, index) or _its_before_passive(sentence, ws, index)):
            yield word.start, word.end, in_case_of(word.text, "it's")  # "in this way, its conservative."
        elif word.lower == "it's" and (
            _owner_its(sentence, ws, index)
            or _its_after_preposition(sentence, ws, index)
            or _its_after_past(sentence, ws, index)
            or _its_before_bare_count_noun(sentence, ws, index)
            or _its_before_bare_plural(sentence, ws, index)
        ):
            yield word.start, word.end, in_case_of(word.text, "its")  # "it's own", "it's buffer was"
    for index, (first, second, third) in enumerate(zip(ws, ws[1:], ws[2:])):
        if second.lower == "there" and second.text.islower() and _owner_before_noun(sentence, ws, index + 1):
            yield second.start, second.end, "their"  # "capture there environment", "of there parameters."
        if second.lower == "than" and (
            (_before_then(first.lower) and _verb_after_modal(third.lower))
            or (first.lower in _FORMS_OF_BE and is_participle_only(third.lower))
        ):
            if adjacent(sentence, first, second) and adjacent(sentence, second, third):
                yield second.start, second.end, "then"  # "We'll than combine", "are than allowed"
        if second.lower == "to" and first.lower in _BE_BEFORE_QUIET and _too_before_adjective(sentence, ws, index + 1):
            yield second.start, second.end, "too"  # "It was to hot to go", "are to expensive."
        if second.lower == "quiet" and first.lower in _BE_BEFORE_QUIET and _degree_after_quiet(sentence, ws, index + 1):
            yield second.start, second.end, in_case_of(second.text, "quite")  # "It was quiet hard"
        if first.lower in ("more", "less") and third.lower == "then" and ADJ in classes(second.lower):
            if adjacent(sentence, first, second) and adjacent(sentence, second, third):
                yield third.start, third.end, "than"  # "more verbose then"
    for index, (first, second) in enumerate(zip(ws, ws[1:])):
        if second.lower == "then" and first.text.islower() and _comparative(first.lower) and adjacent(sentence, first, second):
            if followed(sentence, ws, index + 1):  # not "you were younger then--"
                yield second.start, second.end, "than"  # "taller then me"
        if second.lower in _EFFECTS and _verb_effect(sentence, ws, index):
            yield second.start, second.end, _EFFECTS[second.lower]  # "generics effect how", "it effects whether"
    if " if " in sentence:
        yield from _if_for_is(sentence)


def _if_for_is(sentence: str) -> Iterator[tuple[int, int, str]]:
    """ "if" where "is" belongs, a letter off: the verb of a clause that has no other ("The
    identifier if the name of the item." -> "is", "When a test if demoted, it goes" -> "is"). The
    "if" follows the clause's subject, a noun phrase that opens the sentence or follows a
    subordinator or "that" ("find that the system if still hitting" -> "is"), wherever that
    clause stands, and no finite verb (nor a verb's -s form) follows it in the clause; after a subordinator any predicate
    may follow it, at the sentence's start only a determiner's or "of" phrase ("Port if enabled",
    "Default value if unset" are a list's or a table's fragments, "if" their condition)."""
    tokens = tag(sentence)
    for index, token in enumerate(tokens):
        if token.text != "if" or index == 0 or index + 1 >= len(tokens):
            continue
        if tokens[index - 1].tag not in ("NN", "NNS") or not tokens[index - 1].text.islower():
            continue
        start = index - 1
        while start > 0 and tokens[start - 1].tag in ("DT", "PRP$", "JJ", "NN", "NNS", "CD"):
            start -= 1
        opener = tokens[start - 1].text.lower() if start > 0 else ""
        if start > 0 and opener not in _IF_CLAUSE_OPENERS:
            continue
        after = tokens[index + 1]
        if not (after.text.lower() in ("a", "an", "the", "of") or (opener and after.tag in ("VBN", "JJ", "RB", "IN"))):
            continue
        clause = tokens[index + 1 :]
        end = next((k for k, t in enumerate(clause) if t.text in (",", ";", ":", ".", "!", "?")), len(clause))
        if any(t.tag in FINITE_TAGS or (t.tag == "NNS" and VERB in classes(t.text.lower())) for t in clause[:end]):
            continue  # a verb there, or a verb's -s form: "if" opens a condition ("the tests if the build
            # passes", "that the flag if present overrides it")
        yield token.start, token.end, "is"


def _too_before_adjective(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]``, "to" after a form of "be", is the degree "too" of the adjective
    after it ("are to expensive.", "is to early for", "was to shy to speak"; not "is to live.",
    "were to part for ever", "been to high school", "were to express to you"): an adjective that
    is no noun or verb before the clause's end, "for" or "to", or one that is also a verb (not an
    -ed form) before "to" and a bare verb ("to hot to go"). In 600,000 clean and restraint
    training sentences three, each a slip ("proved to be to strong for"); in the learner pairs
    ten, all corrected so."""
    if index + 1 >= len(ws) or not adjacent(sentence, ws[index], ws[index + 1]) or not ws[index + 1].text.islower():
        return False
    word = ws[index + 1].lower
    word_classes = classes(word)
    if ADJ not in word_classes or word in CLOSED_CLASS or NOUN in word_classes or word.endswith("ed"):
        return False
    after = sentence[ws[index + 1].end :].lstrip()
    if VERB in word_classes:
        return followed_by(sentence, ws, index + 1, _TO) and index + 3 < len(ws) and is_bare_verb(ws[index + 3].lower)
    return not after or after[0] in ".,;:!?)" or followed_by(sentence, ws, index + 1, _TO_OR_FOR)


def _degree_after_quiet(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]``, "quiet" after a form of "be", is the degree "quite" of the
    adjective right after it, one that is no noun ("It was quiet scary", "is quiet hard"; not
    "all was quiet again", "quiet enough", "the children were quiet and"): in 600,000 clean and
    restraint training sentences none, in the learner pairs four, each "quite"."""
    if index + 1 >= len(ws) or not adjacent(sentence, ws[index], ws[index + 1]):
        return False
    after = ws[index + 1].lower
    return (
        ws[index + 1].text.islower()
        and after not in CLOSED_CLASS
        and after not in _AFTER_QUIET
        and ADJ in classes(after)
        and NOUN not in classes(after)
    )


def _noun_follows(sentence: str, end: int) -> bool:
    """Whether a noun (or a name) follows ``sentence[:end]`` after a space ("your's list")."""
    m = re.match(r"\s+([A-Za-z][\w'’-]*)", sentence[end:])
    if m is None:
        return False
    word = m.group(1)
    return word[0].isupper() or (word not in CLOSED_CLASS and NOUN in classes(word))


def _verb_effect(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index + 1]``, "effect", "effects" or "effected", is a verb before "how" or
    "whether", which only "affect" takes: after a word that makes it no noun (not "what effect
    how we vote has", "the effect whether"); or "effects" or "effected" after a pronoun subject
    and before a person or what they own ("It effects my mood", "this effected them")."""
    first = ws[index].lower
    if not adjacent(sentence, ws[index], ws[index + 1]):
        return False
    if first in _EFFECT_SUBJECTS and ws[index + 1].lower != "effect" and followed_by(sentence, ws, index + 1, _EFFECTED):
        return True  # "It effects my mood", "this effected their lives"
    if not followed_by(sentence, ws, index + 1, _EFFECT_OBJECTS):
        return False
    return first not in DETERMINERS and first not in _NOT_BEFORE_VERB_EFFECT and ADJ not in classes(first)


def _owner_before_noun(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "there", after a verb or a preposition, stands before a word that
    can only be a noun and ends its phrase (after a preposition that is no place's, also a noun
    that can be a verb, or one joined to another by "and" / "or"), so it owns the noun ("capture
    there environment in", "data in there variants.", "for each of there parameters and", "add it
    to there profile."; not "over there people are", "in there minutes ago", "down there
    myself")."""
    if index + 1 >= len(ws) or not adjacent(sentence, ws[index - 1], ws[index]):
        return False
    if not adjacent(sentence, ws[index], ws[index + 1]):
        return False
    before, noun = ws[index - 1].lower, ws[index + 1].lower
    if not (before in PREPOSITIONS or (before not in CLOSED_CLASS and VERB in classes(before))):
        return False
    if noun in CLOSED_CLASS or noun.endswith(("self", "selves")):
        return False  # "going down there myself"
    owner_preposition, noun_classes = before in _OWNER_PREPOSITIONS, classes(noun)
    # a plural that is also a verb's -s form, after a verb ("exited there loops and"), unless
    # "there" opens an inverted clause ("there remains", "there lives")
    owned_plural = (
        noun_classes == {NOUN, VERB} and singular_of_plural(noun) is not None and noun not in _AFTER_THERE | _TIMES_AFTER_THERE
    )
    if noun_classes != {NOUN} and not (owned_plural or (owner_preposition and noun_classes == {NOUN, VERB})):
        return False
    if owned_plural and not owner_preposition:
        if NOUN in classes(before):
            return False  # "the panels there talks": a noun before, not a verb
        # only before a mark or "and" / "or": a verb goes on ("said there needs to be", "goes there meets with")
        return not followed(sentence, ws, index + 1) or followed_by(sentence, ws, index + 1, _AND_OR)
    if ends_phrase(sentence, ws, index + 1):
        return True
    return owner_preposition and followed_by(sentence, ws, index + 1, _AND_OR)  # not "to say there years and years"


def _owner_opening_clause(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "there", opening the sentence or a clause (not "here and there"), stands
    before a regular plural noun (no adjective or adverb) and a verb that agrees with it ("If options
    are given, there values are merged", "There files are kept"): "there" without a form of "be"
    after it introduces nothing, so it owns the noun."""
    if index + 2 >= len(ws) or not opens_clause(sentence, index, ws) or not joined(sentence, ws, index, index + 2):
        return False
    if index >= 2 and ws[index - 1].lower == "and" and ws[index - 2].lower == "here":
        return False
    noun = ws[index + 1]
    found = classes(noun.lower)
    if not noun.text.islower() or NOUN not in found or found & {ADJ, ADV} or is_singular_noun(noun.lower):
        return False  # (a verb's -s form too is the noun here: "there" is no subject of "values")
    return singular_of_plural(noun.lower) is not None and ws[index + 2].lower in _PLURAL_VERBS_AFTER_OWNED


_JOINING = frozenset("and or".split())  # "its needed and want": a second verb, or a second modifier
# Words after which "its being" opens a clause of its own ("why its being pulled in").
_BEING_OPENERS = CLAUSE_OPENERS - frozenset("and but or so then".split())


def _clause_of_its(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "its", opening a clause, stands before a word that can only be an
    adjective (not "own", nor a superlative: "at its largest") with "to" or "that" after it ("Its
    unlikely that", "because its useful to"), or before an adjective (that may be a noun too
    after a punctuation mark) that ends the sentence or clause, "its" opening the sentence or
    following a punctuation mark ("in this way, its conservative."; not "and its consequent.",
    which a learner may mean as a noun), or before a past participle with "that" after it ("but its
    recommended that")."""
    if not followed(sentence, ws, index) or not opens_clause(sentence, index, ws):
        return False
    adjective = ws[index + 1].lower
    word_classes = classes(adjective)
    if is_participle_only(adjective) and followed_by(sentence, ws, index + 1, _THAT):
        return True  # "but its recommended that", "its required that": a clause, not a possessive
    if adjective in CLOSED_CLASS or adjective == "own" or adjective.endswith("est") or ADJ not in word_classes:
        return False
    if word_classes == {ADJ} and followed_by(sentence, ws, index + 1, _AFTER_ITS_ADJECTIVE):
        return True
    if index + 2 < len(ws) and not _ends_clause(sentence, ws, index + 1):
        return False
    # an adjective that may be a noun too ("conservative") only after a punctuation mark
    if index == 0:
        return word_classes == {ADJ}
    return word_classes <= {ADJ, NOUN} and bool(sentence[ws[index - 1].end : ws[index].start].strip())


def _its_before_passive(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "its" stands before a past participle that is no noun, with no noun
    after it but a preposition, the clause's end, or "and" or "or" before a word that describes no
    noun: a passive whose "it is" lost its apostrophe ("don't think its needed and want", "its used
    for testing", "before its executed.", "why its being pulled in"; not "its compiled form", "its
    given name", "its distributed, parallel nature", "its published and broadcast reports")."""
    if not followed(sentence, ws, index):
        return False
    if ws[index + 1].lower == "being":
        if not (followed(sentence, ws, index + 1) and index > 0 and ws[index - 1].lower in _BEING_OPENERS):
            return False  # "the instant between its being written and its being moved": a gerund's owner
        index += 1  # "why its being pulled in": a passive in the present
    word = ws[index + 1].lower
    if not is_participle_only(word) or NOUN in classes(word) or word in CLOSED_CLASS:
        return False
    if followed_by(sentence, ws, index + 1, PREPOSITIONS):
        return True
    if followed_by(sentence, ws, index + 1, _JOINING) and followed(sentence, ws, index + 2):
        after = ws[index + 3]
        return after.text.islower() and not (ADJ in classes(after.lower) or is_participle_only(after.lower))
    return _ends_clause(sentence, ws, index + 1)


_CLAUSE_MARKS = (".", ";", "!", "?")


def _ends_clause(sentence: str, ws, index: int) -> bool:
    """Whether a clause ends right after ``ws[index]``: a full stop, semicolon, exclamation or
    question mark follows it, or nothing but spaces and the sentence's end."""
    after = sentence[ws[index].end : ws[index + 1].start] if index + 1 < len(ws) else sentence[ws[index].end :]
    mark = after.strip()[:1]
    return mark in _CLAUSE_MARKS or (index + 1 == len(ws) and not mark)


def _before_then(word: str) -> bool:
    """Whether ``word`` is a modal that "then" may follow and "than" may not ("we'll", "can")."""
    return word in _BEFORE_THEN or word.endswith("'ll")


def _verb_after_modal(word: str) -> bool:
    """Whether ``word`` is a verb's bare form, not a closed-class word ("combine"; not "mine")."""
    return is_bare_verb(word) and word not in CLOSED_CLASS


def _infinitive_after_too(sentence: str, ws, index: int, second, word_classes: frozenset[str]) -> bool:
    """Whether ``second``, after ``ws[index]`` "too", is a verb that wants "to": a bare verb that
    is no adjective or adverb ("too find"), or one whose past is spelt the same ("too let", "too
    read") after a verb or an adjective ("want too let", "hard too read"; not "we too read")."""
    if word_classes & {ADJ, ADV} or second.lower not in readings(second.lower).get(VERB, ()):
        return False
    if is_bare_verb(second.lower):
        return True
    if index == 0 or not adjacent(sentence, ws[index - 1], ws[index]):
        return False
    previous = ws[index - 1].lower
    return bool(classes(previous) & {VERB, ADJ}) and previous not in SUBJECT_PRONOUNS and previous not in CLOSED_CLASS


def _clause_after_your(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "your" is "you're" opening a clause: right after a subordinator,
    before an -ing form with an object ("If your using more than one word"; not "I appreciate
    your taking the time", where "your" owns the -ing form)."""
    if index == 0 or index + 2 >= len(ws) or ws[index - 1].lower not in _SUBORDINATORS:
        return False
    verb, after = ws[index + 1], ws[index + 2]
    if not (
        adjacent(sentence, ws[index - 1], ws[index]) and adjacent(sentence, ws[index], verb) and adjacent(sentence, verb, after)
    ):
        return False
    lemmas = readings(verb.lower).get(VERB, ())
    return verb.lower.endswith("ing") and bool(lemmas) and verb.lower not in lemmas and after.lower in _OBJECT_STARTS


def _going_to(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` ("your", "their", "there") is the subject's contraction before "going
    to" and a verb, opening the sentence or a clause after a subordinator ("Your going to love
    it", "because their going to win"; not "your going to London", "There going to be", "is
    there going to be")."""
    if index + 3 >= len(ws) or [w.lower for w in ws[index + 1 : index + 3]] != ["going", "to"]:
        return False
    if not joined(sentence, ws, index, index + 3):
        return False
    if index and not (ws[index - 1].lower in _SUBORDINATORS and adjacent(sentence, ws[index - 1], ws[index])):
        return False
    verb = ws[index + 3].lower
    if not is_bare_verb(verb) or verb in CLOSED_CLASS:
        return False
    return not (ws[index].lower == "there" and verb == "be")


def _owned_subject(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` ("they're") owns the singular noun after it, a subject with its verb
    right after it ("They're house is big"; not "they're asylum seekers", "they're good")."""
    noun = ws[index + 1].lower
    return is_singular_noun(noun) and not noun.endswith("ing") and followed_by(sentence, ws, index + 1, _OWNED_NOUN_VERBS)


def _comparative(word: str) -> bool:
    """A comparative and nothing else ("taller", "easier"; not "number", "lower", which are
    also a noun or a verb), not one the patterns above name, nor one of time ("earlier then"
    may be "earlier; then")."""
    return degree_of(word) == COMPARATIVE and set(readings(word)) <= {ADJ, ADV} and word not in _COMPARATIVES_NAMED


def _after_preposition(sentence: str, ws, index: int, second) -> bool:
    """ "of you're tasks" (``ws[index]`` is "you're"): no clause starts after a preposition, so
    this is the possessive; after one that is never a conjunction, whatever follows ("in you're
    neatly organized code"; not "for you're wonderful", "like you're done")."""
    if index == 0 or not adjacent(sentence, ws[index - 1], ws[index]):
        return False  # not 'replies with, "You're asking'
    before = ws[index - 1].lower
    return before in _ONLY_PREPOSITIONS or (before in PREPOSITIONS and NOUN in classes(second.lower))


def _every_day(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "everyday" (the adjective: "everyday life") stands where only the
    adverb "every day" can: before a punctuation mark or the sentence's end, not quoted, after no
    determiner or preposition ("things of everyday." may be a noun) and no adverb of degree
    ("more everyday.")."""
    after = sentence[ws[index].end :].lstrip()
    if (after and after[0] not in ".,;:!?)") or sentence[ws[index].start - 1 : ws[index].start] in _QUOTES:
        return False  # and not a word quoted: 'more "everyday."'
    return index == 0 or ws[index - 1].lower not in _NOT_BEFORE_EVERY_DAY


def _than_after_compared(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "then" follows "more", "less" or "fewer" and the noun it counts (an
    adjective may stand between) and stands before a subject or what is compared ("more requests
    then it can handle", "more manual work then necessary"), in a sentence no "if", "when" or
    "once" opens a clause of, whose "then" the consequent's would be ("If you need more
    flexibility then you can"), nor before a verb ("type more characters then press Enter")."""
    if index < 2 or not followed_by(sentence, ws, index, _COMPARED_AFTER_THAN):
        return False
    noun = index - 1
    if ws[noun].lower in CLOSED_CLASS or NOUN not in classes(ws[noun].lower) or not joined(sentence, ws, noun, index):
        return False
    start = noun - 1 if noun >= 2 and ADJ in classes(ws[noun - 1].lower) and ws[noun - 1].lower not in _MORE else noun
    if ws[start - 1].lower not in _MORE or not joined(sentence, ws, start - 1, index):
        return False
    return not any(w.lower in _CONDITIONS for w in ws[:index])


def _whether(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "wether" (a castrated ram) is "whether": before "or", "to", "not", a
    pronoun or a determiner that opens a clause or an infinitive, and after no determiner or
    adjective, which would make it the noun ("the old wether the farmer sold")."""
    if not followed_by(sentence, ws, index, _AFTER_WHETHER):
        return False
    return index == 0 or (ws[index - 1].lower not in DETERMINERS and ADJ not in classes(ws[index - 1].lower))


def _owner_you(sentence: str, ws, index: int, second, word_classes: frozenset[str]) -> bool:
    """Whether ``ws[index]`` "you", right after a preposition, owns the noun after it: a singular
    noun that can be nothing but a noun or a verb and ends its phrase, before a preposition one
    that is no verb ("thanks for you help.", "in you code.", "for you pizza with"; not "for you
    guys", "with you today", "for you to help", "for you lot", "for you dream of")."""
    if index == 0 or not adjacent(sentence, ws[index - 1], ws[index]) or ws[index - 1].lower not in _OWNER_YOU_PREPOSITIONS:
        return False
    noun = second.lower
    if noun in _YOU_APPOSITIVES or not _noun_only(noun, word_classes) or not ends_phrase(sentence, ws, index + 1):
        return False
    # before a preposition, a verb may go on with it ("for you dream of", "with you till")
    return not (followed(sentence, ws, index + 1) and (VERB in word_classes or noun in PREPOSITIONS))


def _owner_you_after_gerund(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "you", the object of a verb's -ing form that takes one object, owns
    the noun after it: a noun and nothing else, singular, ending its phrase or with one more such
    noun or any noun after it ("preserving you data.", "containing you configuration file"; not "giving you access",
    "showing you code", "thanking you kindly": a verb that takes two objects)."""
    if index == 0 or not adjacent(sentence, ws[index - 1], ws[index]) or index + 1 >= len(ws):
        return False
    verb = ws[index - 1].lower
    lemmas = readings(verb).get(VERB, ())
    if not verb.endswith("ing") or not lemmas or any(lemma in _TWO_OBJECTS for lemma in lemmas):
        return False
    noun = ws[index + 1]
    if not _noun_and_nothing_else(noun.lower) or not adjacent(sentence, ws[index], noun):
        return False
    if ends_phrase(sentence, ws, index + 1):
        return True
    second = ws[index + 2]
    return NOUN in classes(second.lower) and adjacent(sentence, noun, second) and ends_phrase(sentence, ws, index + 2)


def _owner_you_as_subject(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "you", right after a subordinator, owns the singular noun after it,
    which a verb's -s form follows: that noun is the clause's subject ("If you query says" ->
    "your query"; not "what you need is", "the thing you want is": a clause's object left out)."""
    if index == 0 or ws[index - 1].lower not in _SUBORDINATORS or index + 2 >= len(ws):
        return False
    noun, verb = ws[index + 1], ws[index + 2]
    return (
        adjacent(sentence, ws[index], noun)
        and adjacent(sentence, noun, verb)
        and noun.text.islower()
        and verb.text.islower()
        and is_singular_noun(noun.lower)
        and NOUN in classes(noun.lower)
        and not classes(noun.lower) & {ADJ, ADV}
        and is_third_person(verb.lower)
        and classes(verb.lower) == {VERB}  # not a plural noun, the object: "When you import commands"
        and verb.lower[:-1] not in nouns()
    )


def _noun_and_nothing_else(word: str) -> bool:
    """A noun in its base form that is no verb, adjective or adverb ("data", "configuration")."""
    return classes(word) == {NOUN} and word in readings(word)[NOUN]


def _owned(sentence: str, ws, index: int, first, second, word_classes: frozenset[str]) -> bool:
    """ "who's fault is it" (``first`` "who's", ``second`` the word after it): a noun no "who
    is" or "who has" could stand before, with more of the clause after it ("who's boss." may be
    "who is boss"; "who's read it" is "who has read it"), and not the WHO's acronym. "A dog who
    name is Max" (``first`` "who"): a singular noun, no verb's past or "-s" form ("who drove
    was"), that is the subject of the "is", "was" or "has" after it ("who cares", "who else is",
    "who everyone is" are left alone)."""
    if first.lower == "who":
        return (
            first.text in ("who", "Who")
            and is_singular_noun(second.lower)
            and not word_classes & {ADJ, ADV}
            and not second.lower.endswith(_INDEFINITE_ENDINGS)
            and all(lemma == second.lower for lemma in readings(second.lower).get(VERB, ()))  # not "who drove was"
            and followed_by(sentence, ws, index + 1, _OWNED_SUBJECT_VERBS)
        )
    participle = any(past_participle(lemma) == second.lower for lemma in readings(second.lower).get(VERB, ()))
    return (
        not first.text[:3].isupper()
        and _noun_only(second.lower, word_classes)
        and not participle
        and followed(sentence, ws, index + 1)
    )


def _its_after_preposition(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "it's" follows a preposition that never opens a clause and stands
    before a word that is no closed-class word and cannot be an adverb ("of it's citizens", "in it's wake",
    "from it's current value"; not "of it's an", "of it's poorly"): no "it is" goes there."""
    if index == 0 or not followed(sentence, ws, index) or not adjacent(sentence, ws[index - 1], ws[index]):
        return False
    after = ws[index + 1]
    if ws[index - 1].lower not in _ONLY_PREPOSITIONS or not after.text.islower() or after.lower in CLOSED_CLASS:
        return False
    return ADV not in classes(after.lower)


def _its_after_past(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "it's" is the object's owner after a verb's simple past, or its bare
    or -s form where that verb takes no clause, before a noun that ends its phrase ("The dog
    wagged it's tail.", "demonstrated it's faith in", "would increase it's size by",
    "borrows it's operands:", "increase it's cardinality by", a technical term lemminflect lacks,
    "receive it's packfile data", such a word before the noun; not "decided it's time to", "make
    sure it's done", "check it's documentation", where "it's" opens a clause)."""
    if index == 0 or index + 1 >= len(ws) or not adjacent(sentence, ws[index - 1], ws[index]):
        return False
    verb, noun = ws[index - 1].lower, ws[index + 1]
    present = ws[index - 1].text.islower() and VERB in classes(verb) and (is_bare_verb(verb) or is_third_person(verb))
    if present and (verb in _CLAUSE_VERBS or set(readings(verb).get(VERB, ())) & _CLAUSE_VERBS):
        present = False
    if verb in CLOSED_CLASS or not (past_lemmas(verb) or present) or not adjacent(sentence, ws[index], noun):
        return False
    head = index + 1
    unknown = noun.text.isalpha() and noun.text.islower() and not classes(noun.lower)
    if unknown and head + 1 < len(ws) and adjacent(sentence, noun, ws[head + 1]) and _owned_noun(ws[head + 1]):
        head += 1  # a word lemminflect lacks before the head noun: "receive it's packfile data"
    elif not (_owned_noun(noun) or unknown and noun.lower in terms()):
        return False  # a term lemminflect lacks may be the head: "increase it's cardinality by"
    return ends_phrase(sentence, ws, head) and not followed_by(sentence, ws, head, _TO)


def _its_after_owner_place(sentence: str, ws, index: int, also: frozenset[str] = frozenset()) -> bool:
    """Whether ``ws[index]`` "it's" has a word right before it where no clause opens, an owner
    may stand (a preposition, a name or capitalised word, a word that is only a noun, or one of
    ``also``), and a word right after it."""
    if index == 0 or not followed(sentence, ws, index) or not adjacent(sentence, ws[index], ws[index + 1]):
        return False
    before = ws[index - 1]
    owner_place = (
        before.lower in PREPOSITIONS
        or before.lower in also
        or (index > 1 and before.text[:1].isupper())
        or classes(before.lower) == {NOUN}
    )
    return owner_place and adjacent(sentence, before, ws[index])


def _its_before_bare_count_noun(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "it's", after a name, a noun or a preposition (where no clause opens),
    stands before a singular noun that is counted, never used without a determiner after "it is",
    and ends its phrase ("give Promtail it's name)", "after it's release."; not "it's time to",
    "it's fun.", "Then it's code."): "it is name" is no English, "its name" is."""
    if not _its_after_owner_place(sentence, ws, index):
        return False  # "It's code.", "he said it's value": "it's" may open a clause there
    noun = ws[index + 1]
    if not _owned_noun(noun) or not is_singular_noun(noun.lower) or is_mass_noun(noun.lower):
        return False
    if participle_form(noun.lower) == noun.lower:
        return False  # a participle: "before it's run"
    if noun.lower in _BARE_AFTER_IT_IS or noun.lower in COLLECTIVE_NOUNS:
        return False
    return ends_phrase(sentence, ws, index + 1) and not followed_by(sentence, ws, index + 1, _TO)


def _its_before_bare_plural(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "it's", after a preposition, a noun, a name or "or", stands before a
    regular plural that can only be a noun (no verb's -s form, no span of time) and ends its phrase
    before a comma, a preposition or the sentence's end ("about Cargo or it's internals, feel",
    "to clone in it's submodules."; not "it's days until", "it's options that matter", a cleft):
    "it is" and a plural with no determiner is no English, "its" and one is."""
    if not _its_after_owner_place(sentence, ws, index, also=_OR):
        return False
    noun = ws[index + 1]
    if not _owned_noun(noun):
        return False
    if classes(noun.lower) != {NOUN} or noun.lower in _SPANS_OF_TIME or is_singular_noun(noun.lower):
        return False
    if singular_of_plural(noun.lower) is None:
        return False
    return ends_phrase(sentence, ws, index + 1) and not followed_by(sentence, ws, index + 1, _CLEFT)


def _owner_its(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` "it's" owns what follows it: "own", or a noun (no closed-class
    word, adjective, adverb, participle or name) with a finite verb after it ("it's buffer was",
    "It's visitor uses"), also after "one" or an adjective ("It's formal definition will", "It's one
    value is"; not "it's fine was", "it's what is", "it's done is", "it's easy work that")."""
    if not followed(sentence, ws, index):
        return False
    noun = ws[index + 1]
    if noun.lower == "own":
        return True
    if _describing_word(noun) and followed(sentence, ws, index + 1):
        after = index + 2  # "It's formal definition will follow", "It's one value is": an owned noun phrase
        return _owned_noun(ws[after]) and followed_by(sentence, ws, after, _OWNED_NOUN_VERBS - {"does", "did"})
    if not _owned_noun(noun) or participle_form(noun.lower) == noun.lower:
        return False
    if followed_by(sentence, ws, index + 1, _OWNED_NOUN_VERBS):
        return True
    return _verb_after_owned(sentence, ws, index + 1)


def _describing_word(word) -> bool:
    """Whether ``word`` is "one" or an adjective and nothing else ("formal", "main"), in lower case."""
    return word.text.islower() and (word.lower == "one" or classes(word.lower) == {ADJ})


def _verb_after_owned(sentence: str, ws, index: int) -> bool:
    """Whether a verb's -s form follows the noun ``ws[index]``, another noun allowed between, as
    the sentence's parts of speech read it ("It's visitor uses", "it's exit status determines":
    a noun phrase that "it is" cannot go on with)."""
    verb = index + 1
    if (
        verb < len(ws)
        and adjacent(sentence, ws[index], ws[verb])
        and _owned_noun(ws[verb])
        and not is_third_person(ws[verb].lower)
    ):
        verb += 1  # "exit status"
    if verb >= len(ws) or not adjacent(sentence, ws[verb - 1], ws[verb]) or not is_third_person(ws[verb].lower):
        return False
    return any(token.start == ws[verb].start and token.tag == "VBZ" for token in tag(sentence))


def _owned_noun(word) -> bool:
    """Whether ``word`` (a :class:`~edgegram.engine.finders.rules.tokens.Word`) can only be a noun an owner
    comes before: a lower-case noun that is no closed-class word, adjective, adverb, -ing or -ed
    form ("buffer", "tail"; not "fine", "done", "working")."""
    word_classes = classes(word.lower)
    return (
        word.text.islower()
        and word.lower not in CLOSED_CLASS
        and NOUN in word_classes
        and not word_classes & {ADJ, ADV}
        and not word.lower.endswith(("ing", "ed"))
    )


# Verbs that take a clause, which "it's" may open after them ("make sure it's done", "check it's
# there", "note it's slow").
_CLAUSE_VERBS = frozenset(
    "think say know believe hope guess mean ensure check make see find assume suppose feel show verify confirm "
    "prove note notice expect seem hear remember understand decide agree admit argue claim doubt wish bet tell "
    "realize realise suggest imply indicate state declare insist predict require demand recommend promise warn "
    "explain learn read guarantee pretend figure reckon sense swear trust worry fear".split()
)
# Singular nouns that "it's" stands before with no determiner: a time, a turn, a judgement ("it's
# time", "it's noon", "it's your turn"... "it's nonsense", "it's magic": uncounted, or a name of a kind).
_BARE_AFTER_IT_IS = frozenset(
    "time noon midnight morning evening night bedtime lunchtime dinnertime fun magic nonsense rubbish fact "
    "true ok okay worth enough case home school work business war".split()
)
_NEAR_BE = frozenset({"by", "me"})  # a letter off "be"
_MORE = frozenset("more less fewer".split())  # comparatives that count a noun before "than"
# What follows "than" after a counted noun: a subject, or what the count is compared with.
_COMPARED_AFTER_THAN = frozenset("i you we they it he she the a an what necessary needed expected required usual ever".split())
_CONDITIONS = frozenset("if when once whenever".split())  # clauses a "then" may answer
# Verbs that agree with a plural subject, after "there" and a noun it owns ("there values are").
_PLURAL_VERBS_AFTER_OWNED = frozenset("are were have can will must should may might could would do don't aren't".split())
# Plurals "it's" may stand before as "it is": spans of time ("it's days until the release").
_SPANS_OF_TIME = frozenset("seconds minutes hours days weeks months years ages decades centuries".split())
_OR = frozenset({"or"})  # before "it's" and a plural it owns ("about Cargo or it's internals")
# Words after which "it's" and a plural is a cleft, "it is" ("it's options that matter").
_CLEFT = frozenset("that which who and".split())
_MODAL_ADVERBS = frozenset("also not still only always never easily".split())


def _be_after_modal(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether "by" or "me" at ``ws[index]`` stands for "be": after a modal (an adverb between
    allowed) and before an adjective that is nothing else or a past participle in "-ed" or "-en"
    that is nothing else ("can also by dynamic", "might me required"; not "can by default", "will
    by then", "can by passing")."""
    before = index - 1
    if before >= 0 and ws[before].lower in _MODAL_ADVERBS:
        before -= 1
    if before < 0 or ws[before].lower not in MODALS or not followed(sentence, ws, index):
        return False
    if not joined(sentence, ws, before, index):
        return False
    after = ws[index + 1].lower
    return classes(after) == {ADJ} or verb_form_only(after, ("ed", "en"))


_LETS_ADVERBS = frozenset("first now just also quickly briefly again then".split())


def _lets_us(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether "lets" at ``ws[index]`` opens its clause (the sentence's start or a sentence's end
    before it, or a comma that follows a few words: "For simplicity, lets assume") before a bare verb, an adverb
    allowed between ("Lets first elaborate"): "let's", not "it lets you" or "lets users"."""
    gap = sentence[ws[index - 1].end : ws[index].start].strip() if index > 0 else "."
    if not (gap in (".", "!", "?", ";") or gap == "," and index <= 4):
        return False
    verb = index + 1
    if verb < len(ws) and ws[verb].lower in _LETS_ADVERBS and adjacent(sentence, ws[index], ws[verb]):
        verb += 1
    return (
        verb < len(ws) and adjacent(sentence, ws[verb - 1], ws[verb]) and ws[verb].text.islower() and is_bare_verb(ws[verb].lower)
    )


def _noun_only(word: str, word_classes: frozenset[str]) -> bool:
    """A singular noun that cannot follow "you are" ("code", "computer's"; not "right", "done",
    "friends")."""
    stem = word[:-2] if word.endswith("'s") else word
    return is_singular_noun(stem) and classes(stem) <= {NOUN, VERB} and not word.endswith("ing")


def _message(fix: Fix) -> str:
    if _without_apostrophes(fix.original) == _without_apostrophes(fix.replacement):
        return f"Write '{fix.replacement}' here: the apostrophe marks a missing letter, not an owner."
    return f"'{fix.original}' and '{fix.replacement}' sound alike; here the word is '{fix.replacement}'."


def _without_apostrophes(word: str) -> str:
    return word.replace("'", "").replace("’", "").lower()


RULE = phrase_rule("confusables", extra=(find,), message=_message)


__all__ = ["find", "RULE"]

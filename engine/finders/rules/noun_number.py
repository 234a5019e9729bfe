"""A noun whose number contradicts the word before it: "another traits" -> "trait", "each
steps" -> "step", "two file" -> "files", "takes 3 hour" -> "hours", "spend 1-3 hour per week" ->
"hours", "many case" -> "cases", "store many object in" -> "objects", "these workflow" ->
"workflows", "these property only come" -> "properties", "each lines ends" -> "line", "each
pieces of text" -> "piece", "more than one branches" -> "branch", "two brother and one sister" -> "brothers", "examine each steps
in" -> "step", "One of my friend is" -> "friends", "this problems are" -> "these problems";
not a pronoun's verb: "If none of those match".

Only where the noun surely heads its phrase: punctuation, a preposition, a closed-class word
that cannot go on with a noun phrase ("only", "is", "that") or the sentence's end follows it
("two main reasons" and "both parent and child" are left alone), or, after "another", "each"
or "every", a verb that agrees with one ("another cores performs"); and where a noun that can
also be a verb is not being used as one ("these help you", "each runs in a thread"; but
"each" after a verb or a preposition opens its object, not a clause). Not after "a" or "an"
before the count, which makes the count a modifier of one thing ("a multiple choice question",
"a multiple file field form"; but "a few location" -> "locations")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import (
    ARTICLES,
    BARE_AFTER_OBJECT,
    CLAUSE_OPENERS,
    CLAUSE_TAKERS,
    CLOSED_CLASS,
    COLLECTIVE_NOUNS,
    DETERMINERS,
    INVARIANT_PLURALS,
    MODALS,
    NEVER_COUNTED,
    NUMBER_WORDS,
    OBJECT_PRONOUNS,
    PLURAL_VERBS,
    PREPOSITIONS,
    RELATIVE_PRONOUNS,
)
from edgegram.engine.analysis.pos_tagger import tags_by_start
from edgegram.engine.analysis.word_classes import (
    ADJ,
    ADV,
    AUX,
    NOUN,
    VERB,
    classes,
    is_bare_verb,
    is_mass_noun,
    is_modifier,
    is_singular_noun,
    is_third_person,
    past_tense,
    plural,
    readings,
    singular_of_plural,
    verb_form_only,
)
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Fix, Rule
from edgegram.engine.finders.rules.tokens import (
    adjacent,
    ends_phrase,
    followed,
    followed_by,
    glued,
    in_case_of,
    joined,
    singular_verb_follows,
    words,
)
from edgegram.engine.sentences.lexicon import Lexicon

_BEFORE_SINGULAR = frozenset("another each every".split())
_BEFORE_PLURAL = frozenset("many several few these those both multiple various numerous".split()) | NUMBER_WORDS
# Counted without a plural ("two hundred", "five percent"), plural in meaning ("many thanks"),
# or a multiplier written apart ("ten fold").
_INVARIANT = frozenset("hundred thousand million billion trillion dozen percent per cent score fold".split())
# Closed-class words that go on with a noun phrase rather than end it ("both parent and child").
_JOINING = frozenset("and or nor".split())
# Verbs that agree with a plural subject only, and modals, which end the subject before them.
_PLURAL_VERBS = PLURAL_VERBS | MODALS
# Words before a noun that may be a pronoun themselves, the subject of a verb after them.
_PRONOUNS_TOO = frozenset("many few several both".split())
# ... and with "these" and "those", the words after which a noun that is a verb too may be that
# verb ("these help you", "many use it").
_PRONOUN_DETERMINERS = _PRONOUNS_TOO | {"these", "those"}
# Words before a number that make it a rank ("the top ten list", "a bottom three finish").
_RANKS = frozenset("top bottom".split())
# The articles that count one: before "multiple", "two" the whole phrase is one thing.
_ONE_ARTICLES = ARTICLES - {"the"}
# An adjective that stands for a noun where it ends its phrase: "a few other)" -> "others".
_STANDS_FOR_A_NOUN = frozenset({"other"})
# Words that count a group "of these" or "of those", the pronoun then a subject ("none of those match").
_QUANTIFIERS = frozenset("none any some all each one either neither most many several both few".split())
# Pronouns a number stands beside ("you two", "these three").
_COUNTED_PRONOUNS = frozenset("you we they us them these those".split())
# Words that measure a count of time (or distance) back or forth ("ten year ago", "two mile away").
_SINCE_WORDS = frozenset("ago later earlier afterwards older younger away".split())
# Nouns of a number that may stay singular after a count ("three pair of shoes", "twenty couple of").
_COUNTED_AS_ONE = frozenset("pair couple dozen score".split())
# Counts that only ever stand before a noun (not "those", "many": "those present will").
_COUNTS = NUMBER_WORDS | frozenset("multiple several various numerous".split())
# Nouns that count the plural after "a ... of" ("a number of reasons", "a list of items").
# (Not "handful", "plethora", "multitude": also of uncountables, "a handful of water".)
_COUNTS_OF = frozenset("number couple few dozen series list set".split())
# "one of" and an owner, with a singular noun and its verb after them ("One of my friend is" ->
# "friends"; not "one of the escort was", rare: two such in 600,000 clean and restraint training
# sentences, three in the learner pairs, each corrected so).
_ONE_OF_OWNERS = frozenset("the my your his her our their these those".split())
_ONE_VERBS = frozenset("is was has".split())
# Words that count among a plural after "of the" ("one of the", "each of the", "many of the").
_COUNTS_OF_PLURAL = frozenset("one each many several few both either neither".split())
_DEGREE = frozenset("most more least less very".split())  # "one of the most annoying ..."
# Ordinals and the like, which describe the noun after them though the word lists also have them as
# nouns ("one of the first thing that" -> "things", "one of the last step").
_RANK_WORDS = frozenset("first second third last next only main".split())
# Quantifiers of a plural whose verb after "of the" and the phrase agrees with the plural ("Many of
# the file are" -> "files"): the verbs that end the phrase there.
_PLURAL_COUNTS_OF = frozenset("many several few both".split())
# Determiners of a plural that open a longer phrase: not numbers, which also label ("the two config
# file"), nor "these", "those", "both", which stand for nouns as often ("those under investigation").
_PLURAL_DETERMINERS = frozenset("many several various multiple numerous".split())
# Words after "these" and a plural that end its phrase; plural counts that "this" may stand before.
_AFTER_THESE = PREPOSITIONS | frozenset("are were have".split())
_INVARIANT_COUNTS = frozenset("dozens hundreds thousands millions billions".split())
# Verbs of a singular subject after "this" and a plural that is a verb's -s form too: the noun is
# the one out of number ("this hooks is called" -> "hook").
_SINGULAR_AFTER_THIS = frozenset("is was has".split())
# Nouns that name a kind, counted before "of" ("two kind of items" -> "kinds", "of all kind." ->
# "kinds"), after these counts (not "these", "those": "these kind of things" is common speech).
_TIME_ADJECTIVES = frozenset("last next past coming".split())  # "from four last year"
_KIND_NOUNS = frozenset("kind sort type class variety category flavor flavour".split())
_KIND_COUNTS = NUMBER_WORDS | frozenset("many several various multiple all".split())  # not "a different kind of"
# A count of time back from now, which no label takes ("category two storm earlier", but "director three day ago").
_AGO = frozenset({"ago"})
# The word of a rate, which ends the counted phrase before it ("two hour per week", "100 request per second").
_RATE = frozenset({"per"})
# What joins the ends of a range of counts in digits: "1-3 hours", "2 to 4 days", "2 or 3 times".
_RANGE_MARKS = frozenset({"-", "–"})
_RANGE_WORDS = frozenset({"to", "or"})


_COMPARED = frozenset({"than", "to"})  # what follows a comparative ("closer to", "better than")


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    yield from _one_of(sentence, ws, lexicon)
    yield from _counted_phrase(sentence, ws, lexicon)
    yield from _this_plural(sentence, ws)
    yield from _kinds(sentence, ws, lexicon)
    yield from _more_than_one(sentence, ws, lexicon)
    for i in range(len(ws) - 1):
        before, noun = ws[i], ws[i + 1]
        if not adjacent(sentence, before, noun) or not noun.text.islower() or noun.lower in CLOSED_CLASS:
            continue
        if (glued(sentence, before) and not _digits_count(sentence, ws, i)) or glued(sentence, noun):
            continue  # part of a compound or a name: "many-to-many relationship", "those node.js presets"
        if noun.lower in _INVARIANT or noun.lower in NUMBER_WORDS or noun.lower in INVARIANT_PLURALS:
            continue
        if _of_follows(ws, i + 1) and before.lower not in _BEFORE_SINGULAR and not _counted_of(sentence, ws, i + 1):
            continue  # "many denial of service attacks"; but "each pieces of text" -> "piece", "two cup of tea"
        word_classes = classes(noun.lower)
        if NOUN not in word_classes or (is_modifier(noun.lower) and not _counted_before_verb(sentence, ws, i + 1)):
            if not (noun.lower in _STANDS_FOR_A_NOUN and _closes_phrase(sentence, noun.end)):
                continue
        verb_too = VERB in word_classes
        if before.lower in _BEFORE_SINGULAR:
            agrees = singular_verb_follows(sentence, ws, i + 1)  # "another cores performs"
            if not (agrees or ends_phrase(sentence, ws, i + 1) or _participle_follows(sentence, ws, i + 1)):
                continue
            singular = singular_of_plural(noun.lower)
            if singular is None or singular in _INVARIANT or noun.lower in readings(noun.lower)[NOUN]:
                continue  # not a plural, or also a singular: "every means", "each glasses case"
            if verb_too and before.lower == "each" and not agrees and not _of_follows(ws, i + 1):
                if not _object_of(sentence, ws, i):
                    continue  # "each runs in its own thread", "the time each takes."
            if lexicon.is_english(singular):
                yield noun.start, noun.end, singular
        elif (
            before.lower in _BEFORE_PLURAL or _counted_by_of(sentence, ws, i) or _digits_count(sentence, ws, i)
        ) and is_singular_noun(noun.lower):
            if (
                ADJ in word_classes
                and noun.lower not in readings(noun.lower).get(ADJ, (noun.lower,))
                and followed_by(sentence, ws, i + 1, _COMPARED)
            ):
                continue  # a comparative: "getting a few closer to done"
            if is_mass_noun(noun.lower):
                continue  # not counted: "many money" wants "much" (.much), "these advice" "this"
            if before.lower in NUMBER_WORDS and _names_a_thing(sentence, ws, i) and not followed_by(sentence, ws, i + 1, _AGO):
                continue  # "Category five cyclone", "Number Two hatch"
            if before.lower in NUMBER_WORDS and i > 0 and ws[i - 1].lower in _RANKS:
                continue  # "the top ten list": a rank, not a count
            if _modifies_one_thing(sentence, ws, i):
                continue  # "a multiple choice question"
            heads = _heads_a_clause(sentence, ws, i + 1, verb_too)
            # a noun surely, beside a plural noun, as a preposition's object in a list, or an object's
            # head before a preposition
            listed = (
                _listed_after_preposition(sentence, ws, i + 1)
                or _plural_joined(sentence, ws, i + 1)
                or _object_before_preposition(sentence, ws, i)
            )
            if not (
                ends_phrase(sentence, ws, i + 1)
                or heads
                or listed
                or _closes_after_determiner(sentence, ws, i + 1)
                or _another_phrase_joined(sentence, ws, i + 1)
                or _counts_time(sentence, ws, i + 1)
                or followed_by(sentence, ws, i + 1, _RATE)
            ):
                continue
            pronoun = before.lower in _PRONOUN_DETERMINERS or (before.lower in NUMBER_WORDS and _count_as_pronoun(ws, i))
            if verb_too and not (heads or listed or _imperatives_object(ws, i)) and followed(sentence, ws, i + 1) and pronoun:
                continue  # "these help you", "many use it", "the two meet"; but "of these rule and", "these file and directories"
            if verb_too and pronoun and i > 0 and set(readings(ws[i - 1].lower).get(VERB, ())) & BARE_AFTER_OBJECT:
                continue  # "make these work.", "let those go": the verb's object and its bare verb
            if verb_too and pronoun and i > 1 and ws[i - 1].lower == "of" and ws[i - 2].lower in _QUANTIFIERS:
                continue  # "If none of those match,": the pronoun's verb
            many = plural(noun.lower)
            if many is not None and lexicon.is_english(many):
                yield noun.start, noun.end, many


def _this_plural(sentence: str, ws) -> Iterator[tuple[int, int, str]]:
    """ "this" before a plural that is no verb's -s form and ends its phrase or is followed by
    "are", "were", "have" or a preposition: "these" ("this problems are", "all this things?";
    three in 600,000 clean and restraint training sentences, "succumbed to this injuries", "this
    observations", in the learner pairs 19, nearly all corrected so; not "this means", "this news",
    "this data", nor a verb's -s form too: "this works", "all of this matters"); such a word that "is",
    "was" or "has", or a verb's -s form that is nothing else, follows is a noun out of number with its
    verb ("When this hooks is called" -> "hook", "This fields specifies" -> "field"; not "What this
    means is", "This shows results")."""
    for i, (this, noun) in enumerate(zip(ws, ws[1:])):
        if (
            this.lower != "this"
            or not adjacent(sentence, this, noun)
            or not noun.text.islower()
            or noun.lower in _INVARIANT_COUNTS
        ):
            continue
        singular = singular_of_plural(noun.lower)
        if singular is None or singular in NEVER_COUNTED or is_singular_noun(noun.lower) or not noun.lower.endswith("s"):
            continue  # not "this data", "this algae", "this informations" ("information")
        if VERB in classes(noun.lower):
            cleft = i > 0 and ws[i - 1].lower in ("what", "all")  # "What this means is", "All this shows is"
            verb_after = followed(sentence, ws, i + 1) and verb_form_only(ws[i + 2].lower, ("s",))  # "This fields specifies"
            if (
                (followed_by(sentence, ws, i + 1, _SINGULAR_AFTER_THIS) or verb_after)
                and not is_singular_noun(noun.lower)
                and not cleft
            ):
                yield noun.start, noun.end, singular  # "When this hooks is called": a verb has no "is" after it
            continue  # "this works", "of this matters"
        if ends_phrase(sentence, ws, i + 1) or followed_by(sentence, ws, i + 1, _AFTER_THESE):
            yield this.start, this.end, in_case_of(this.text, "these")


def _kinds(sentence: str, ws, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    """A noun of :data:`_KIND_NOUNS` after a count of :data:`_KIND_COUNTS`, before "of" or at its
    phrase's end: its plural ("two class of such methods", "contributions of all kind.")."""
    for i, (count, noun) in enumerate(zip(ws, ws[1:])):
        if count.lower not in _KIND_COUNTS or noun.text != noun.lower or noun.lower not in _KIND_NOUNS:
            continue
        if not adjacent(sentence, count, noun) or not (_of_follows(ws, i + 1) or ends_phrase(sentence, ws, i + 1)):
            continue
        many = plural(noun.lower)
        if many is not None and lexicon.is_english(many):
            yield noun.start, noun.end, many


def _more_than_one(sentence: str, ws, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    """The plural head of the phrase "more than one" opens, past its adjectives and the nouns before
    it, where the phrase surely ends there: its singular ("merging more than one branches." ->
    "branch", "more than one hierarchies" -> "hierarchy", "more than one YAML documents in" ->
    "document"; not "more than one of the branches", nor a verb after a subject: "If more than one
    user reports it", "More than one `x` runs at once")."""
    for i in range(len(ws) - 3):
        more, than, one = ws[i : i + 3]
        if (more.lower, than.lower, one.lower) != ("more", "than", "one") or not adjacent(sentence, one, ws[i + 3]):
            continue
        if ws[i + 3].lower in _INVARIANT or ws[i + 3].lower in _JOINING:
            continue  # a number: "more than one million units", "more than one or two seats"
        head = i + 3
        # after a verb or a preposition the phrase is an object, and a verb's -s form in it a noun
        # ("put more than one YAML documents into"); as a subject, the clause's verb ("More than
        # one process runs at once")
        before = tags_by_start(sentence).get(ws[i - 1].start, "") if i > 0 else ""
        in_object = i > 0 and (ws[i - 1].lower in PREPOSITIONS or before.startswith("VB"))
        while head < len(ws) - 1 and ws[head].text.islower() and _describes(ws[head].lower, participles=False):
            head += 1
        while head < len(ws) - 1 and adjacent(sentence, ws[head], ws[head + 1]):
            if not (_plain_noun(ws[head + 1]) or (in_object and _plural_ends_phrase(sentence, ws, head + 1))):
                break
            head += 1  # nouns, names and code before the head ("more than one config files", "one YAML documents")
        if not ws[head].text.islower() or NOUN not in classes(ws[head].lower):
            continue
        if not (ends_phrase(sentence, ws, head) or followed_by(sentence, ws, head, PREPOSITIONS)):
            continue
        noun = ws[head].lower
        singular = singular_of_plural(noun)
        if singular is None or is_singular_noun(noun) or noun in INVARIANT_PLURALS or not lexicon.is_english(singular):
            continue
        yield ws[head].start, ws[head].end, in_case_of(ws[head].text, singular)


def _one_of(sentence: str, ws, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    """The singular head of the phrase after "one of" (or "each of", "many of", "both of"...) and an
    owner, past its adjectives and the nouns before it ("one of the most annoying error message for"
    -> "messages", "each of the remote." -> "remotes"), where the phrase
    surely ends there (a preposition, punctuation, "that", "which", "who", "is", "was", "has",
    after "many", "several", "few" or "both" a plural's verb: "Many of the file are" -> "files",
    or the sentence's end follows): a noun counted (not uncounted, collective, or an adjective too)
    that wants its plural."""
    for i in range(len(ws) - 3):
        one, of, owner = ws[i : i + 3]
        if one.lower not in _COUNTS_OF_PLURAL or of.lower != "of" or owner.lower not in _ONE_OF_OWNERS:
            continue
        if not joined(sentence, ws, i, i + 3):
            continue
        if i and adjacent(sentence, ws[i - 1], one) and ws[i - 1].lower not in CLOSED_CLASS and NOUN in classes(ws[i - 1].lower):
            continue  # a label: "phase one of the project is"
        enders = PLURAL_VERBS if one.lower in _PLURAL_COUNTS_OF else frozenset()
        head = _one_of_head(sentence, ws, i + 3, enders=enders)
        if head is None:
            continue
        noun = ws[head]
        many = _counted_plural(noun.lower, lexicon)
        if many is not None:
            yield noun.start, noun.end, many


def _counted_plural(noun: str, lexicon: Lexicon) -> str | None:
    """The plural that the singular head ``noun`` of a counted phrase wants, if it is counted (not
    uncounted, collective, invariant, or an adjective or adverb too) and its plural is English."""
    if not is_singular_noun(noun) or is_mass_noun(noun) or noun in COLLECTIVE_NOUNS:
        return None
    if classes(noun) & {ADJ, ADV} or noun in INVARIANT_PLURALS:
        return None
    many = plural(noun)
    return many if many is not None and lexicon.is_english(many) else None


def _describes(lower: str, participles: bool = True) -> bool:
    """An adjective that is no noun ("open"), a superlative ("best") or a participle ("annoying")."""
    found = classes(lower)
    if VERB in found and lower.endswith(("ing", "ed")):
        return participles and NOUN not in found
    return ADJ in found and (NOUN not in found or lower.endswith("est"))


def _plural_ends_phrase(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` is a plural noun in lower case, a verb's -s form too ("files",
    "documents"), that a mark, a preposition or the sentence's end follows, so that it is no verb
    with its object ("more than one user reports it")."""
    word = ws[index]
    if not word.text.islower() or NOUN not in classes(word.lower) or singular_of_plural(word.lower) is None:
        return False
    return not followed(sentence, ws, index) or followed_by(sentence, ws, index, PREPOSITIONS)


def _plain_noun(word) -> bool:
    """A word in lower case that is a noun and no verb's -ing form or past ("following", "spoke")."""
    lower = word.lower
    found = classes(lower)
    if not word.text.islower() or lower in CLOSED_CLASS or NOUN not in found or (lower.endswith("ing") and VERB in found):
        return False  # not "building", but "thing"
    return not any(lemma != lower for lemma in readings(lower).get(VERB, ()))


def _counted_phrase(sentence: str, ws, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    """The singular head of a longer phrase that a plural's determiner opens, past its adjectives
    (no participles: "many undergoing repair") and the nouns before it ("many different error
    message are", "several open source project that"), where the phrase surely ends there."""
    for i in range(len(ws) - 2):
        if not (ws[i].lower in _PLURAL_DETERMINERS or _counting_number(ws, i)) or not adjacent(sentence, ws[i], ws[i + 1]):
            continue
        if _modifies_one_thing(sentence, ws, i):
            continue  # "a multiple file field form"
        head = _one_of_head(sentence, ws, i + 1, participles=False)
        if head is None or head == i + 1:
            continue  # none, or right after the determiner: find's own
        if ws[i].lower in NUMBER_WORDS and not _counted_by_number(ws, i, head):
            continue
        noun = ws[head]
        many = None if noun.lower in _INVARIANT else _counted_plural(noun.lower, lexicon)
        if many is not None:
            yield noun.start, noun.end, many


def _closes_phrase(sentence: str, end: int) -> bool:
    """Whether a mark that ends a phrase, not a comma (which may join another adjective: "numerous
    other, less common checks"), or the sentence's end follows ``end``."""
    rest = sentence[end:].lstrip(" ")
    return not rest or rest[0] in ".;:)!?"


def _count_as_pronoun(ws, index: int) -> bool:
    """Whether the count ``ws[index]`` may be a pronoun, the word after it its verb: after "the"
    or "the other" ("the two meet", "the other two deal"), or after "only", "just" or "all" where
    "to", a determiner or an object pronoun follows that word ("only two need to be persisted",
    "all three use the cache"; but "accept only two request before" is a slip)."""
    before = ws[index - 1].lower if index > 0 else ""
    if before == "the":
        return True
    if before in _BEFORE_A_COUNTED_PRONOUN:
        return index + 2 < len(ws) and ws[index + 2].lower in _OPENS_AN_OBJECT
    return index > 1 and before == "other" and ws[index - 2].lower == "the"


_BEFORE_A_COUNTED_PRONOUN = frozenset("only just all".split())
_OPENS_AN_OBJECT = DETERMINERS | OBJECT_PRONOUNS | {"to"}


def _modifies_one_thing(sentence: str, ws, index: int) -> bool:
    """Whether the count ``ws[index]`` follows "a" or "an", which makes it a modifier of one
    thing ("a multiple choice question", "a two seat car"); "a few" counts ("a few location")."""
    return (
        index > 0
        and ws[index].lower != "few"
        and ws[index - 1].lower in _ONE_ARTICLES
        and adjacent(sentence, ws[index - 1], ws[index])
    )


def _counting_number(ws, index: int) -> bool:
    """Whether ``ws[index]`` is a number word that counts the phrase after it: after a verb, a
    preposition or "and" ("has two previous version:", "of three different file."), not after a determiner,
    a noun or an adjective, where it labels ("the two config file", "chapter two example")."""
    if ws[index].lower not in NUMBER_WORDS or index == 0:
        return False
    before = ws[index - 1].lower
    return before in PREPOSITIONS or before in _JOINING or (before not in DETERMINERS and VERB in classes(before) <= {VERB, AUX})


def _digits_count(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` is a count of 2 to 999 in digits, or the end of a range of them
    ("1-3", "2 to 4"), right after a verb, as the tagger reads it ("takes 3 hour to", "spend 1-3
    hour per week", "uses 4 core."); not a year, a version or a label ("the 2020 survey", "Python 3 module", "step 2 output")."""
    word = ws[index]
    if not word.text.isdigit() or word.text.startswith("0") or not 2 <= int(word.text) <= 999:
        return False
    first = index
    if index > 0 and ws[index - 1].text.isdigit() and sentence[ws[index - 1].end : word.start] in _RANGE_MARKS:
        first = index - 1  # "1-3 hours"
    elif index > 1 and ws[index - 1].lower in _RANGE_WORDS and ws[index - 2].text.isdigit():
        first = index - 2  # "2 to 4 days", "2 or 3 times"
    if first == 0 or not adjacent(sentence, ws[first - 1], ws[first]):
        return False
    # A verb (after a preposition the count may measure: "for 64 bit", "on 5 to 10 scale"), not a
    # participle that describes ("the installed 500 handler").
    before = ws[first - 1]
    if not tags_by_start(sentence).get(before.start, "").startswith("VB"):
        return False
    return first < 2 or ws[first - 2].lower not in DETERMINERS


def _counted_by_number(ws, number: int, head: int) -> bool:
    """Whether only adjectives stand between a number and the noun it counts, and no time word
    ("has two previous version"; not "a three volume history", "a five to six day flight", "two
    week extension": a measure before a noun; "from four last year"), and the noun is counted
    ("two very ambitious work")."""
    between = ws[number + 1 : head]
    if any(NOUN in classes(w.lower) or w.lower in _TIME_ADJECTIVES for w in between):
        return False
    return not is_mass_noun(ws[head].lower)


def _participle_follows(sentence: str, ws, index: int) -> bool:
    """Whether a past participle in "-ed" that is nothing else follows ``ws[index]`` ("every parsers
    defined in the file"): a reduced relative clause ends the noun's phrase."""
    if not followed(sentence, ws, index):
        return False
    return verb_form_only(ws[index + 1].lower, ("ed",))


def _one_of_head(sentence: str, ws, start: int, participles: bool = True, enders: frozenset[str] = frozenset()) -> int | None:
    """The last of the nouns that end the phrase opening at ``ws[start]`` (after "one of the"),
    past its adverbs of degree, ordinals (:data:`_RANK_WORDS`) and adjectives (and ``participles``:
    "the most annoying"), where a word that ends the phrase (or one of ``enders``) follows it."""
    j = start
    while j < len(ws) and ws[j].text.islower() and (ws[j].lower in _DEGREE | _RANK_WORDS or _describes(ws[j].lower, participles)):
        j += 1
    k = j
    while k < len(ws) and _plain_noun(ws[k]):
        if k > start and not adjacent(sentence, ws[k - 1], ws[k]):
            break  # a mark ends the phrase: "two previous version: one from HEAD"
        k += 1
        if not is_singular_noun(ws[k - 1].lower):
            break  # a plural heads the phrase: "one of those values match"
    if k == j or k - j > 3:
        return None
    head = k - 1
    if followed_by(sentence, ws, head, _ONE_VERBS | RELATIVE_PRONOUNS | enders) or ends_phrase(sentence, ws, head):
        return head
    return None


def _closes_after_determiner(sentence: str, ws, index: int) -> bool:
    """Whether the noun ``ws[index]``, after a determiner that wants a plural ("these",
    "many"), is followed by a closed-class word that cannot go on with its phrase ("these
    property only come", "many case are", "those communication will"); after a number, which
    also names things ("category five cyclone when"), only by a relative pronoun ("the same
    three file that you see"); "other" is no such noun ("these other ones")."""
    before, noun = ws[index - 1], ws[index]
    if noun.lower == "other":
        return False
    if before.lower in NUMBER_WORDS:
        return noun.lower not in COLLECTIVE_NOUNS and followed_by(sentence, ws, index, RELATIVE_PRONOUNS)  # "six staff who"
    if before.lower == "multiple":
        return False  # an adjective too: "multiple sclerosis is", "a multiple thing"
    return followed(sentence, ws, index) and ws[index + 1].lower in CLOSED_CLASS - _JOINING


def _names_a_thing(sentence: str, ws, index: int) -> bool:
    """Whether the number ``ws[index]`` labels the word before it or stands beside a pronoun,
    rather than counting the noun after it: a capitalised word or a word that is only a noun
    comes right before it ("Category five cyclone", "Number Two hatch", "the chapter two
    summary"), a hyphen ("coxed-eight team"), "or" ("a year or two break"), "a" or "an", which
    make the count part of a modifier ("a three day wait"), or a pronoun it counts ("you two
    meet", "these two play")."""
    if index == 0:
        return False
    before = ws[index - 1]
    if "-" in sentence[before.end : ws[index].start]:
        return True
    if not adjacent(sentence, before, ws[index]):
        return False
    if before.lower in _COUNTED_PRONOUNS or before.lower in ("or", "a", "an"):
        return True
    if before.lower in CLOSED_CLASS:
        return False
    if before.text[:1].isupper():
        return ws[index].text[:1].isupper() or index == 1  # "Number Two hatch"; not "in Paris two day"
    return classes(before.lower) == frozenset({NOUN})


def _heads_a_clause(sentence: str, ws, index: int, verb_too: bool) -> bool:
    """Whether the noun ``ws[index]`` (after a word that wants a plural) is followed by the verb
    of its clause, so it ends its phrase as the verb's subject: a form of "be", "have" or "do"
    that agrees with a plural, a modal ("three occupant were", "these letter would"), or, for a
    noun that is no verb itself, a word that is only a verb ("many analyst predicted"); the
    noun is then no verb either ("these help you" stays), and that verb is no -ing form, no
    verb agreeing with a singular and has a closed-class word, a mark or nothing after it, so
    it is no participle before a noun ("two other proposed sites", "three day waiting
    period")."""
    noun = ws[index].lower
    if not followed(sentence, ws, index) or noun in COLLECTIVE_NOUNS or noun == "other":
        return False
    after = ws[index + 1].lower
    if after in _PLURAL_VERBS:
        # "that many hope will": a pronoun and its verb before a modal; before "are", "were" or
        # "have" the word is a noun ("several file were", "both branch are")
        return not (verb_too and ws[index - 1].lower in _PRONOUNS_TOO and after in MODALS)
    if verb_too or after in CLOSED_CLASS or classes(after) != frozenset({VERB}):
        return False
    if after.endswith("ing") or is_third_person(after):
        return False
    return not followed(sentence, ws, index + 1) or ws[index + 2].lower in CLOSED_CLASS


def _listed_after_preposition(sentence: str, ws, index: int) -> bool:
    """Whether the noun ``ws[index]`` follows a preposition and "these", "those", "many",
    "several" or "few", and a mark or "and" and a word that can only be a verb follow it, so
    that word is its determiner, not a pronoun before a verb ("the details of these rule and
    demonstrate"; not "of these report a track", "of those hit by", "on many television and
    radio shows")."""
    if (
        index < 2
        or not adjacent(sentence, ws[index - 2], ws[index - 1])
        or ws[index - 1].lower not in _PRONOUN_DETERMINERS - {"both"}
    ):
        return False
    preposition, noun = ws[index - 2].lower, ws[index].lower
    if preposition not in PREPOSITIONS or preposition in CLAUSE_OPENERS or preposition == "to":
        return False
    if noun.endswith("ing") or past_tense(noun) == noun:
        return False
    if index + 1 == len(ws):
        return True
    after = sentence[ws[index].end : ws[index + 1].start].strip()
    if after:
        return after[:1] in (",", ".", ";", ":", "!", "?")
    return (
        ws[index + 1].lower in _JOINING
        and index + 2 < len(ws)
        and adjacent(sentence, ws[index + 1], ws[index + 2])
        and classes(ws[index + 2].lower) == frozenset({VERB})
    )


def _counted_before_verb(sentence: str, ws, index: int) -> bool:
    """Whether the noun ``ws[index]``, though an adjective too, stands between a count and a
    verb that agrees with a plural ("Multiple variable can", "two potential are"; not "those
    present will", where "those" is the pronoun)."""
    return ws[index - 1].lower in _COUNTS and followed_by(sentence, ws, index, _PLURAL_VERBS)


def _counted_by_of(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` is the "of" of "a number of", "a set of", "a list of" ..., which
    count the noun after them ("a set of rule that" -> "rules")."""
    return (
        index >= 2
        and ws[index].lower == "of"
        and ws[index - 1].lower in _COUNTS_OF
        and ws[index - 2].lower == "a"
        and adjacent(sentence, ws[index - 2], ws[index - 1])
        and adjacent(sentence, ws[index - 1], ws[index])
    )


def _counted_of(sentence: str, ws, index: int) -> bool:
    """Whether "of" after the noun ``ws[index]`` (after a number or a word like "several")
    opens a phrase that ends the noun phrase, so the noun is what is counted ("two cup of tea.",
    "several bucket of water from", "two group of teenagers met"), not part of a compound before
    another noun ("many denial of service attacks", "two state of the art systems")."""
    of_object = index + 2
    if of_object < len(ws) and ws[of_object].lower in DETERMINERS:
        of_object += 1
    return (
        ws[index - 1].lower in NUMBER_WORDS | _PRONOUNS_TOO
        and ws[index].lower not in _COUNTED_AS_ONE  # "two pair of shoes"
        and of_object < len(ws)
        and adjacent(sentence, ws[index], ws[index + 1])
        and adjacent(sentence, ws[index + 1], ws[index + 2])
        and (
            ends_phrase(sentence, ws, of_object)
            or followed_by(sentence, ws, of_object, CLOSED_CLASS)
            or (followed(sentence, ws, of_object) and classes(ws[of_object + 1].lower) == frozenset({VERB}))
        )
    )


# Counts of a plural that are never a noun phrase's adjective ("multiple inheritance" is a term).
_COUNTS_ONLY = frozenset("many several numerous".split())
_OBJECT_PREPOSITIONS = frozenset("in on at from with for into by across within".split())


def _object_before_preposition(sentence: str, ws, index: int) -> bool:
    """Whether the count ``ws[index]`` ("many", "several", "numerous") is an object's, after a
    preposition or a verb, with a preposition after its noun ("files that store many object in
    compressed form", "made several post on"; not "many to many", "with many heading for": an
    -ing form)."""
    if index < 1 or ws[index].lower not in _COUNTS_ONLY or not followed(sentence, ws, index + 1):
        return False
    before, noun = ws[index - 1].lower, ws[index + 1].lower
    if (
        noun.endswith("ing")
        or ws[index + 2].lower not in _OBJECT_PREPOSITIONS
        or not adjacent(sentence, ws[index - 1], ws[index])
    ):
        return False
    return before in PREPOSITIONS or (VERB in classes(before) and before not in CLOSED_CLASS)


def _counts_time(sentence: str, ws, index: int) -> bool:
    """Whether a word that measures a count of time or distance from now follows the noun
    ``ws[index]`` ("a few week ago", "three day later", "five year older")."""
    return followed(sentence, ws, index) and ws[index + 1].lower in _SINCE_WORDS


def _another_phrase_joined(sentence: str, ws, index: int) -> bool:
    """Whether "and" or "or", a determiner or number and a noun that ends its phrase follow the
    noun ``ws[index]``: a new noun phrase starts there, so the noun ended its own ("two brother
    and one sister.", "three apple or a pear,"; but "both parent and child processes" and "nine
    gold and three silver medals" go on)."""
    return (
        _joined(sentence, ws, index)
        and (ws[index + 2].lower in DETERMINERS or ws[index + 2].lower in NUMBER_WORDS or ws[index + 2].lower == "one")
        and index + 3 < len(ws)
        and ends_phrase(sentence, ws, index + 3)
    )


def _plural_joined(sentence: str, ws, index: int) -> bool:
    """Whether "and" or "or" and a plural noun that ends its phrase follow the noun ``ws[index]``
    (after a word that wants a plural), so both are nouns of that word ("these file and
    directories:"; not "these help and support")."""
    return _joined(sentence, ws, index) and _plural_only(ws[index + 2].lower) and ends_phrase(sentence, ws, index + 2)


def _joined(sentence: str, ws, index: int) -> bool:
    """Whether "and" or "or" and another word follow the noun ``ws[index]`` (only spaces between),
    joining it to what comes after, where a count may not reach: not a collective noun ("twelve
    crew and two officers") and not after "both" ("both society and the environment")."""
    return (
        followed_by(sentence, ws, index, _JOINING)
        and ws[index].lower not in COLLECTIVE_NOUNS
        and ws[index - 1].lower != "both"
        and index + 2 < len(ws)
        and adjacent(sentence, ws[index + 1], ws[index + 2])
    )


def _plural_only(word: str) -> bool:
    """Whether ``word`` is a noun's plural and nothing else ("directories"; not "works")."""
    return classes(word) == frozenset({NOUN}) and singular_of_plural(word) is not None and word not in readings(word)[NOUN]


def _imperatives_object(ws, index: int) -> bool:
    """Whether ``ws[index]`` ("these", "those") opens the object of a sentence's first word, an
    imperative ("Keep these rule in mind", "Use those tool"), not a clause after a verb that
    takes one ("Make these work", "Say these help", "Note these change")."""
    if index != 1 or ws[index].lower not in ("these", "those") or not ws[0].text.istitle():
        return False
    verb = ws[0].lower
    return is_bare_verb(verb) and verb not in BARE_AFTER_OBJECT and verb not in CLAUSE_TAKERS


def _object_of(sentence: str, ws, index: int) -> bool:
    """Whether ``ws[index]`` follows a preposition or a word that can only be a verb, so it
    opens that word's object, not a clause ("examine each steps", "through each steps"; but
    "the time each takes", "and each runs")."""
    if index == 0 or not adjacent(sentence, ws[index - 1], ws[index]):
        return False
    before = ws[index - 1].lower
    if before in PREPOSITIONS:
        return before not in CLAUSE_OPENERS and before != "for"  # "after each runs", "for each tries to"
    return before not in CLOSED_CLASS and classes(before) == frozenset({VERB})


def _of_follows(ws, index: int) -> bool:
    """Whether 'of' follows: "denial of service" may be a compound, not the phrase's end."""
    return index + 1 < len(ws) and ws[index + 1].lower == "of"


def _message(fix: Fix) -> str:
    if not fix.before or fix.original.lower() in _DETERMINERS:
        return f"'{fix.after}' calls for '{fix.replacement}', not '{fix.original}'."
    return f"After '{fix.before}', write '{fix.replacement}', not '{fix.original}': the words before it give its number."


_DETERMINERS = frozenset("this that these those a an another each every".split())


RULE = Rule(
    id="rules.noun_number",
    kind=EditKind.NOUN_NUMBER,
    find=find,
    message=_message,
    description=__doc__ or "",
    fires=(
        "Keep these [rule→rules] in mind.",
        "You will see two [file→files].",
        "We accept only two [request→requests] before shutting down, and all three [work→works] in it.",
        "It fails on this one (and a few [other→others]), and it takes the contents of two [other→others]: these.",
        "In many [case→cases], it works.",
        "Packs store many [object→objects] in compressed form; she wrote several [post→posts] on it.",
        "Many [operation→operations] we ask take time.",
        "Add another [traits→trait].",
        "Each [persons→person] on the team helps.",
        "Use a mix of the two [approach→approaches].",
        "But these [property→properties] only come from the literal.",
        "Several [problem→problems] are rare, and those [communication→communications] will fail.",
        "Several [file→files] were changed, and both [branch→branches] are merged.",
        "Another [cores→core] performs the task.",
        "Each [lines→line] ends in a semicolon.",
        "We keep a blob for each [pieces→piece] of text.",
        "She has two [brother→brothers] and one sister, and I ate three [apple→apples] or a pear.",
        "The three [occupant→occupants] were asleep, these [letter→letters] would help, and many [analyst→analysts] predicted it.",  # noqa: E501
        "A few [week→weeks] ago, two [group→groups] of teenagers met, the same three [file→files] that we saw.",
        "Multiple [variable→variables] can share, with these [file→files] and directories; see the details of these [rule→rules] and demonstrate it.",  # noqa: E501
        "Keep a set of [rule→rules] that govern it, for a number of [reason→reasons].",
        "The file has two previous [version→versions]: one from HEAD, and one of three different [file→files].",
        "Let’s examine each [steps→step] in the process.",
        "We work through each [steps→step], starting with lines.",
        "One of my [friend→friends] is a doctor.",
        "This is one of the most annoying error [message→messages] for users, one of the best [tool→tools] that I know.",
        "It shows many different error [message→messages] for users and several open source [project→projects] that we use.",
        "It supports multiple neighbor [prefix→prefixes] for the command.",
        "It calls every [parsers→parser] defined in the config.",
        "[This→These] problems are old. Who did all [this→these] things?",
        "One of the [problem→problems] was money, and each of the [file→files] has a name.",
        "One of the first [thing→things] that developers run into is this, and many of the [file→files] are large.",
        "This [fields→field] specifies the name of the package.",
        "Each [requests→request] may fetch ten objects.",
        "When this [hooks→hook] is called, it stops.",
        "There are two [class→classes] of such methods, and we welcome contributions of all [kind→kinds].",
        "A build takes 3 [hour→hours] to finish, and members spend 1-3 [hour→hours] per week on it.",
        "Use it when merging more than one [branches→branch], or more than one large [hierarchies→hierarchy] at once.",
        "Put more than one YAML [documents→document] into a file, or merge more than one config [files→file].",
    ),
    leaves=(
        "It reads the two config file, and chapter two example shows the top three result.",
        "The 2020 survey is out; install the Python 3 module, run step 2 command first, and read section 3 example.",
        "Instead of the installed 500 handler, it compiles for 64 bit on a 5 to 10 scale.",
        "If none of those match, it fails; if any of these work, keep them.",
        "It is a text box instead of a multiple choice question, with a multiple file field form.",
        "The first one tests most actions, while the other two deal with errors.",
        "Of the parameters only two need to be persisted, and all three use the old format.",
        "Mypy performs numerous other, less commonly failing checks.",
        "Many sub-Saharan states and two price-sensitive markets exist.",
        "It links many to many, with many heading for camps.",
        "Denial of service attacks of various denial of service kinds.",
        "We saw two main reasons and five percent.",
        "Even getting a few closer to done is good, and two better than none.",
        "These help you, and many use it.",
        "Multiple sclerosis is rare, and these other ones are too.",
        "Both parent and child are told, and the category five cyclone hit when two fish are here.",
        "She used every means at her disposal; each uses the same key and each runs alone.",
        "It was a category five storm, and Number Two hatch held; how did you two meet?",
        "Three crew were hurt, and two other proposed sites and a three day waiting period remain.",
        "Many hope will end it; it has many denial of service attacks and two fish are here.",
        "She took a year or two break, and a handful of water and a pair of mine came.",
        "Ask these help and support staff; many of those testing it and of these report a track.",
        "The children books are old, the algae produces oxygen, and the side effects my doctor named were mild.",
        "We still have a ways to go as a means to an end, at a crossroads, and built an innings of 70 in a sports car.",
        "Each means of transport works; many denial of service attacks.",
        "Both parent and child processes run, the two sister ships and a tug sail, and he won nine gold and three silver medals.",
        "The flux increased by ten fold, due to the cracks.",
        "It strains both society and the environment.",
        "Those present will vote, those hit by it left, and it has both television and radio shows.",
        "It is the sister project to Wikinews, and a sister shop in Albany opened.",
        "Each requests a lock, and these kind of things happen; all kinds of type are fine, and this works.",
        "What this means is that a different kind of fight is on; all this shows is a new type.",
        "Merge more than one of the branches, or more than one branch; more than one series is fine.",
        "If more than one user reports it, or more than one Xx runs at once, we fix it.",
        "It is used if you gain more than one or two seats in parliament.",
        "It was one of the first to ship, and many of the staff are new; both of the data sets are here.",
        "It sold more than one million units to more than one hundred students.",
        "Each of the team was there, and much of the code is old; all of the book is good.",
        "A many-to-many relationship maps those node.js-related presets to two sys/types header files.",
    ),
)


__all__ = ["find", "RULE"]

"""A verb that does not agree with the noun phrase before it, read with the sentence's parts of
speech (:mod:`edgegram.engine.analysis.pos_tagger`):

- a plural subject and a verb's -s form: "These rules makes it easy" -> "make", "the browsers
  uses" -> "use";
- a singular subject and a verb's bare form: "if the parser accept it" -> "accepts", "when a
  project get bigger" -> "gets", "an added file have lines" -> "has", "In this mode the receiver
  become a" -> "becomes" (a bare form that is its participle too; its past where the sentence is
  told in the past: :func:`~edgegram.engine.finders.rules.tokens.singular_form`) (not after "as", a preposition
  as often as a clause's opener: "As an example consider", "with a Server as their parent resource
  configure").

The subject is a noun phrase (determiners, numbers, adjectives, nouns, and participles right
after a determiner or an adjective: "the oldest supported branch") that opens the sentence or a
clause (after a clause's punctuation, a subordinator, a conjunction after a comma, or a short
phrase that opens the sentence: "In this case the receiver get" -> "gets"): not one after a preposition ("the number of users
grows"), a verb ("let the user know", "Running these tests gives you"), a conjunction that may
join nouns ("rockets" of "mortars and rockets was" is no subject alone) or in a subjunctive ("require that
the producer convert"); its head is a word in lower case (not a name: "Requests allows"), a
regular plural in "-s" (an irregular one, "children", "data", "dice", is :mod:`.agreement`'s)
or a singular that lemminflect lists as a noun, and no placeholder for code stands in it but
between a determiner and the head ("The `deepCopy` and `mustDeepCopy` functions takes" -> "take";
not "`git` commits changes"); or pieces of code joined by "and" that open the sentence, alone or
after "the", "only", "both" or "the" and a plural ("Only the `brokers` and `topics` is required" ->
"are", "`commit` and `tag` issues a warning" -> "issue"; not joined by "or"); or two subjects
joined by "and" that open the sentence, both quoted terms, plurals or noun phrases a determiner
opens ("'diff' and 'grep' has" -> "have", "The parser and the lexer is" -> "are", "Mortars and
rockets was" -> "were"; not two bare singular nouns or two names, which may name one thing:
"Trial and error is", "Bosnia and Herzegovina has"; nor after "every" or "each"). A
relative clause's verb agrees with the nouns its "that" or "who" may stand for, the one right
before it and those a chain of prepositions joins to it, where they all have one number ("Labels
that identifies" -> "identify", "a race with an operation that modify the index" -> "modifies",
'a "read-write" operation that modify', a quoted word in the phrase, and after "which" a bare
verb, which no clause "which" stands for takes: "a flag which specify", "a flag `--all` which specify"; not
"the list of files that changes", "a rule for public networks that allows": which noun the pronoun
stands for is a reader's guess; "a number of options that": the options), and not after a
conjunction or a comma or "one of"; a relative clause's own verb is no plural subject of the verb
after it ("The value that the function returns looks"). A verb that
is a noun too must be read as a verb by the tagger (or be a verb's -s form right after the pronoun,
before a preposition or an object: "entries that conflicts with"), and no pronoun may follow it ("the test merge
you resolved"). Adverbs may stand between a subject and its verb ("the flags further affects",
"the output obviously lack"); so between a personal pronoun and its verb: "We also provides" ->
"provide", "It now simply ignore" -> "ignores" (not in a question: "Does it also work?"). An
auxiliary agrees with its subject's head across an "of" phrase, or one of "for", "with", "in",
"on", "from", "to" (two or three of them in a chain: "Support for files in directories were" ->
"was"; "The answer to those questions are" -> "is"; "the number", one count: "If the number of
targets exceed" -> "exceeds"; a verb's -s form past adverbs: "the mechanics of
hybrid properties necessarily becomes" -> "become"; counted things a determiner opens: "The first
seven bits of the first octet determines" -> "determine", not an amount: "Four months of work is"),
and a participle before it ("Verification of signed tags were" -> "was", "the
versions of the blob is" -> "are", "Responsibilities for most roles is" -> "are", "objects packed
in the repository is" -> "are"; a name in the phrase, after a head in lower case that is no
name's: "Newer versions of Python breaks" -> "break"), and so does a verb the tagger read as a noun after the phrase's
plural ("multiple remotes map to" -> "maps"), past a noun it read as a verb ("Signature
verification for merge operations require" -> "requires"), unless the head takes its number from
the phrase ("a number of users are", "the rest of them were", "this kind of errors are")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import (
    CLAUSE_TAKERS,
    CLOSED_CLASS,
    COLLECTIVE_NOUNS,
    INVARIANT_PLURALS,
    PLURAL_AUXILIARY,
)
from edgegram.engine.analysis.pos_tagger import FINITE_TAGS, Token, tag
from edgegram.engine.analysis.trade_words import nouns
from edgegram.engine.analysis.word_classes import (
    NOUN,
    VERB,
    classes,
    is_bare_verb,
    is_mass_noun,
    is_participle_only,
    is_present_form,
    is_singular_noun,
    is_third_person,
    plural,
    readings,
    singular_of_plural,
    third_person,
)
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import in_case_of, singular_form
from edgegram.engine.sentences.lexicon import Lexicon

# Tags a noun phrase is made of before its head; participles only after a determiner or an adjective.
_PHRASE = frozenset({"DT", "PRP$", "CD", "JJ", "NN", "POS"})
_PARTICIPLES = frozenset({"VBN", "VBG"})
# Singular nouns that may take a plural verb: a group ("the crew have") or a share of a plural ("a
# number of them don't", "the majority have").
_PLURAL_SINGULARS = COLLECTIVE_NOUNS | frozenset(
    "number lot couple variety range bunch percentage portion rest half plenty quarter fraction proportion".split()
)
# Words of a quantity, which takes a singular verb as one amount ("Four months is", "a few
# million years is").
_QUANTITIES = frozenset("few several many million millions billion thousand hundred dozen".split())
_SINGULAR_AUXILIARIES = frozenset("is was has".split())
# Words after which a clause, and its subject, begins.
# Subordinators that are no prepositions too (tokens.CLAUSE_OPENERS has "as", "after", "since",
# "until", "before": "after the procedure indicate" is a preposition's object).
_PURE_SUBORDINATORS = frozenset("because when whenever while if although though where whereas once unless then".split())
_CONJUNCTIONS = frozenset("and but or".split())  # open a clause only after a comma
# Prepositions that open a sentence with a short phrase before its subject ("In this case the
# receiver", "By default the server"); not "of", "for", "with", whose phrase may be the subject's.
_FRONTING = frozenset("in on at by after before during".split())
# Words that open a clause whose subject follows them ("what the browsers use", "how the tests run").
_WH_OPENERS = frozenset("what how why whether whom".split())
# Verbs and adjectives after which "that" opens a clause in the subjunctive ("require that it go").
_MANDATIVE = frozenset(
    "require requires required request requests requested suggest suggests suggested recommend recommends "
    "recommended insist insists insisted demand demands demanded ask asks asked propose proposes proposed "
    "important essential necessary vital crucial imperative requiring requesting suggesting recommending insisting "
    "demanding asking proposing urge urges urged urging".split()
)
# Determiners of one thing, which disagree with a plural after them ("This examples gets").
_SINGLE_OPENERS = frozenset("this that a an each every another".split())
_SINGULAR_DETERMINERS = frozenset("a an the this that each every another its their our your my his her".split())


# Adverbs that stand between a subject and its verb ("the flags further affects", "We also provides").
_MID_ADVERBS = frozenset(
    "also further now then still always often never usually already just simply really actually currently "
    "automatically obviously only even again sometimes generally typically".split()
)
_PLURAL_PRONOUNS, _SINGULAR_PRONOUNS = frozenset("we they you We They You".split()), frozenset("he she it He She It".split())
_MODAL_LIKE = frozenset("need dare please".split())  # "it also need not", "you please"
_NAMED_PHRASE = _PHRASE | {"NNP", "POS", "."}  # with names (".NET", "JEA") and their possessives
# Auxiliaries by the number they agree with, and their other number's form.
_AUXILIARY_NUMBER = {
    "is": ("singular", "are"),
    "was": ("singular", "were"),
    "has": ("singular", "have"),
    "are": ("plural", "is"),
    "were": ("plural", "was"),
    "have": ("plural", "has"),
}
# Prepositions whose phrase stands between a subject's head and its auxiliary ("Verification of
# signed tags were", "Responsibilities for most roles is", "Props with a Boolean type has").
_ACROSS = frozenset("of for with in on from to".split())
# What an "of" phrase is made of (no -ing form: "cost of living adjustments" is a compound).
# A name may stand there too ("versions of Python").
_OF_OBJECT = frozenset({"DT", "PRP$", "JJ", "NN", "NNS", "NNP", "VBN", "POS"})
# Nouns that take their number from the "of" phrase after them ("the rest of them were", "this
# kind of errors are", "a handful of hooks are"), beside the collective and quantity ones
# (_PLURAL_SINGULARS).
_SHARES = frozenset(
    "kind kinds sort sorts type types rest majority minority percent percentage fraction proportion "
    "part portion half most none all some one each any either neither series set pair group list handful multiple "
    "barrage host lots plenty dozens hundreds thousands millions".split()
)
_OBJECT_OPENERS = frozenset({"DT", "WRB", "PRP", "PRP$"})  # what opens a verb's object or clause
_RELATIVES = frozenset({"that", "who"})  # "which" often stands for a whole clause ("labor costs which has helped")
# ... but a bare verb after it wants a plural, which no clause is: "a flag which specify" -> "specifies".
_SINGULAR_RELATIVES = _RELATIVES | {"which"}
_THAT_WHICH = frozenset(("that", "which"))  # a clause's relatives after a noun, "who" aside
# Quantities whose "of" phrase a relative clause after them is about ("a number of options that").
_QUANTITIES_OF = frozenset("number lot lots couple plenty dozens hundreds thousands".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    tokens = tag(sentence)
    for index, token in enumerate(tokens):
        noun = _singular_before_plural_auxiliary(tokens, index)
        if noun is not None:
            many = plural(tokens[noun].text)
            if many is not None and lexicon.is_english(many):
                yield tokens[noun].start, tokens[noun].end, many
                continue
        verb_number = _number_of_verb(tokens, index)
        if verb_number is not None:
            fix = _across_of(tokens, index, verb_number)
            if fix is not None:
                yield token.start, token.end, in_case_of(token.text, fix)
                continue
        if (
            token.tag == "VBZ"
            or token.text.lower() == "was"
            or _verb_read_as_plural(tokens, index)
            or _relative_verb(tokens, index)
            or _code_subjects_verb_read_as_plural(tokens, index)
        ):
            fix = (
                _plural_subject(tokens, index)
                or _plural_antecedent(tokens, index)
                or _pronoun_subject(tokens, index)
                or _joined_code_subject(tokens, index)
                or _joined_subject(tokens, index)
            )
        elif token.tag in ("VB", "NN"):
            fix = _singular_subject(tokens, index) or _singular_antecedent(tokens, index) or _pronoun_subject(tokens, index)
        else:
            fix = None
        if fix is not None:
            yield token.start, token.end, in_case_of(token.text, fix)


def _across_of(tokens: tuple[Token, ...], verb: int, verb_number: tuple[str, str]) -> str | None:
    """The auxiliary (``tokens[verb]``: "is", "are", "was", "were", "has", "have") that agrees with
    the head of its subject across an "of" phrase, where the auxiliary agrees with the phrase's
    last noun instead ("Verification of signed tags were" -> "was", "The original versions of the
    blobs is" -> "are"): the head a noun in lower case, its phrase opening the clause, not a word
    that takes its number from the "of" phrase ("a number of users are", "the rest of them were",
    "this kind of errors are"). ``verb_number``: the verb's number and its other form
    (:func:`_number_of_verb`)."""
    auxiliary = tokens[verb].text.lower() in _AUXILIARY_NUMBER
    near = verb - 1 if auxiliary else _before_adverbs(tokens, verb)  # "updates to branches always creates"
    if near < 2 or tokens[near].tag not in ("NN", "NNS", "NNP") or tokens[near].text == "Xx":
        return None
    of = near
    while (
        of > 0
        and (tokens[of - 1].tag in _OF_OBJECT or tokens[of - 1].text == "Xx" or _noun_modifier(tokens, of - 1))
        and tokens[of - 1].text.lower() not in _ACROSS
    ):
        of -= 1  # the "of" phrase's words: "of signed tags", "of the blobs", "with `Boolean` type"
        if tokens[of].tag in ("DT", "PRP$"):
            break  # a determiner opens the phrase: "Each morning of the tour the relics are" is two
    of -= 1
    if of < 1 or tokens[of].text.lower() not in _ACROSS:
        return None
    phrase = tokens[of + 1 : verb]
    # a name in the phrase ("versions of Python") may be one with the head: "Friends of the Earth
    # was" (code stands for a term: "with `Boolean` type")
    named_object = any(not t.text.islower() and t.text != "Xx" for t in phrase)
    if tokens[of - 1].tag == "VBN" and of > 1 and tokens[of - 1].text.islower():
        of -= 1  # a participle's phrase after the head: "objects packed in the repository is"
    if any(a.tag == b.tag == "NNS" for a, b in zip(phrase, phrase[1:])):
        return None  # a clause's subject after its noun: "The use of the means humans have developed"
    if any(a.tag == "NNS" and b.tag == "NN" for a, b in zip(phrase, phrase[1:])):
        return None  # a compound whose head is the last noun: "The boobs on bikes parade happens"
    head = _outer_head(tokens, of - 1)
    if named_object and (head == 0 or not tokens[head].text.islower() or not (auxiliary or tokens[verb].tag == "VBZ")):
        # the head in lower case past the sentence's first word is no name's ("Newer versions of
        # Python breaks"); a bare form there may be a noun of a compound with the name ("the
        # chairman of the Estonian foreign relations commission in")
        return None
    text = tokens[head].text.lower()
    named = not tokens[head].text.islower() and not (head == 0 and tokens[head].text[1:].islower())
    counted = _the_number(tokens, head)  # "the number of targets exceeds": one number; "a number of users are"
    if tokens[head].tag not in ("NN", "NNS") or named or (text in _PLURAL_SINGULARS or text in _SHARES) and not counted:
        return None
    start = _phrase_start(tokens, head)
    if not _opens_clause(tokens, start) or (_an_amount(tokens, start, head) and (auxiliary or tokens[start].tag != "DT")):
        return None  # an amount is one ("Four months is"); "the first seven bits determine" are things
    if start > 0 and tokens[start - 1].tag in ("WDT", "WP") and tokens[start].tag not in ("DT", "PRP$"):
        return None  # a relative pronoun's verb and its object: "casts that cast values to objects is"
    singular_head = tokens[head].tag == "NN" and _singular_noun(text)
    plural_head = tokens[head].tag == "NNS" and text.endswith("s") and singular_of_plural(text) is not None
    number, other = verb_number
    # a plural near the verb misled it ("Verification of signed tags were"), or, for an auxiliary
    # after a phrase a determiner opens, every noun of the phrase is singular ("The log message
    # taken from the mail are" -> "is"; not "changes that do not conflict with our side are")
    all_singular = auxiliary and tokens[start].tag in ("DT", "PRP$") and all(t.tag != "NNS" for t in tokens[head:verb])
    misled = tokens[near].tag == "NNS" or all_singular
    if (singular_head and misled and number == "plural") or (plural_head and number == "singular"):
        return other
    return None


def _the_number(tokens: tuple[Token, ...], head: int) -> bool:
    """Whether ``tokens[head]`` is "number" after "the", "this" or "that": a count, one thing ("the
    number of files is"), where "a number of files" is many files."""
    return tokens[head].text.lower() == "number" and head > 0 and tokens[head - 1].text.lower() in ("the", "this", "that")


def _an_amount(tokens: tuple[Token, ...], start: int, head: int) -> bool:
    """Whether a number or a word of quantity counts the phrase from ``tokens[start]`` to its head."""
    return any(t.tag == "CD" or t.text.lower() in _QUANTITIES for t in tokens[start:head])


def _outer_head(tokens: tuple[Token, ...], head: int) -> int:
    """The head of the phrase that ``tokens[head]``'s phrase is the object of, where one of
    :data:`_ACROSS` joins it to a noun in lower case, and so on out, twice at most ("The parsing
    of commit objects with broken lines were": "parsing"); ``head`` where no such phrase holds it."""
    for _ in range(2):
        start = _phrase_start(tokens, head)
        joined = start - 1
        if joined < 1 or tokens[joined].text.lower() not in _ACROSS:
            break
        outer = tokens[joined - 1]
        lower = outer.text.islower() or (joined == 1 and outer.text[1:].islower())  # the sentence's capital
        if outer.tag not in ("NN", "NNS") or not lower or tokens[start].text == "Xx":
            break
        head = joined - 1
    return head


def _noun_modifier(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether ``tokens[index]``, read as a verb's bare form, is a noun before the noun after it,
    the two a compound: a noun too, or right after a preposition, where no verb's bare form stands
    ("for merge operations", "of build scripts")."""
    word = tokens[index].text
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    return (
        tokens[index].tag == "VB"
        and word.islower()
        and (NOUN in classes(word) or (index > 0 and tokens[index - 1].tag == "IN"))
        and following is not None
        and following.tag in ("NN", "NNS")
    )


# Determiners of either number, after which a singular before "are" lost its plural's "s".
_EITHER_NUMBER = frozenset("the no my your our their his her its some any all".split())
# Nouns of a group that British writing gives a plural verb, beside the collective ones ("the
# military are", "the party are").
_GROUPS = frozenset("military youth party army navy department clergy media management opposition".split())


def _singular_before_plural_auxiliary(tokens: tuple[Token, ...], verb: int) -> int | None:
    """The index of a counted singular noun that heads a clause's subject right before "are" at
    ``verb``, after a determiner of either number ("the", "no", an owner): the writer dropped its
    plural's "s" before a participle, an adjective or an adverb ("in which the field are specified"
    -> "fields", "no task are run" -> "tasks", also after a verb that takes a clause: "implies no task
    are run"; not before a noun phrase: "The problem are arrays");
    not a group or a share ("the team are", "the military are", "the majority are"), a mass noun, a
    name or a compound's first noun, nor one "a", "this" or "each" counts ("this file are":
    :mod:`.agreement`'s or the model's), nor before "were" ("if the motion were": a subjunctive)."""
    if tokens[verb].text != "are" or verb < 1 or verb + 1 >= len(tokens):
        return None  # not "were": "if the motion were defeated" is a subjunctive
    after = tokens[verb + 1]
    if after.tag not in ("VBN", "VBG", "JJ", "RB") and after.text.lower() not in ("not", "n't"):
        return None  # a noun phrase after it: "The problem are arrays" wants "is"
    head = verb - 1
    noun = tokens[head]
    text = noun.text
    if noun.tag != "NN" or not text.isalpha() or not text.islower() or text in _PLURAL_SINGULARS or text in _SHARES:
        return None
    if text in INVARIANT_PLURALS or text in _GROUPS:
        return None
    if not is_singular_noun(text) or is_mass_noun(text) or text in CLOSED_CLASS:
        return None
    start = _phrase_start(tokens, head)
    if any(t.tag in ("NN", "NNS", "CD") or t.text == "Xx" for t in tokens[start:head]):
        return None  # a compound or a count ("the user data are", "two file are": noun_number's)
    if tokens[start].text.lower() not in _EITHER_NUMBER:
        return None  # a bare noun may be a verb ("the properties that match are")
    relative = start >= 2 and tokens[start - 1].text.lower() == "which" and tokens[start - 2].tag == "IN"  # "in which the"
    return head if relative or _opens_clause(tokens, start) or _after_clause_taker(tokens, start) else None


def _after_clause_taker(tokens: tuple[Token, ...], start: int) -> bool:
    """Whether ``tokens[start]`` follows a verb that takes a clause without "that" ("implies no
    task are run", "ensures the field are set"): a form of one of :data:`CLAUSE_TAKERS`."""
    if start < 1 or not tokens[start - 1].tag.startswith("VB"):
        return False
    before = tokens[start - 1].text.lower()
    return any(lemma in CLAUSE_TAKERS for lemma in readings(before).get(VERB, ()))


def _number_of_verb(tokens: tuple[Token, ...], index: int) -> tuple[str, str] | None:
    """The number the verb ``tokens[index]`` agrees with and its form for the other number: an
    auxiliary of :data:`_AUXILIARY_NUMBER`, a verb's -s form the tagger reads as one ("breaks" ->
    "break"), or a bare verb the tagger reads as a verb before its object ("contain the" ->
    "contains") or as a noun after a plural (:func:`_verb_read_as_noun`); None for other words."""
    token = tokens[index]
    word = token.text.lower()
    if word in _AUXILIARY_NUMBER:
        return _AUXILIARY_NUMBER[word]
    if not token.text.islower() or word in PLURAL_AUXILIARY or word in _MODAL_LIKE:
        return None
    after = tokens[index + 1] if index + 1 < len(tokens) else None
    if (token.tag == "VBZ" or _verb_read_as_singular_plural(tokens, index)) and is_third_person(word):
        plural = _plural_verb(word)
        return ("singular", plural) if plural is not None else None
    before_object = token.tag == "VB" and is_bare_verb(word) and after is not None and after.tag in ("DT", "PRP", "PRP$")
    if before_object or _verb_read_as_noun(tokens, index):
        singular = third_person(word)
        return ("plural", singular) if singular is not None else None
    return None


def _verb_read_as_singular_plural(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the tagger read a verb's -s form right after a singular noun as a plural, where it
    opens an object ("the first octet determines the size"): a singular noun seldom describes a
    plural that a determiner follows (not "that": "stub files that inherit")."""
    after = tokens[index + 1] if index + 1 < len(tokens) else None
    return tokens[index].tag == "NNS" and index > 0 and tokens[index - 1].tag == "NN" and after is not None and after.tag == "DT"


def _plural_in_s(word: str) -> bool:
    """A plural in "-s": one lemminflect knows, or a word in "-s" whose stem is a word ("remotes";
    not "cannabis", "process")."""
    if singular_of_plural(word) is not None:
        return True
    return word.endswith("s") and not word.endswith("ss") and bool(classes(word[:-1]))


# Prepositions a verb with no object goes on with ("start at", "map to"); not "of", "among",
# after which a noun is as likely ("subjects commission of", "cannabis use among").
_AFTER_INTRANSITIVE = frozenset("at to on in into from with".split())


def _verb_read_as_noun(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the tagger read a verb's bare form right after a plural as a noun ("a refspec for
    multiple remotes map to"): a plural seldom describes a noun after it, so a word that is a
    verb's bare form there, before a preposition or what opens an object, is the verb."""
    token = tokens[index]
    after = tokens[index + 1] if index + 1 < len(tokens) else None
    return (
        token.tag == "NN"
        and index > 0
        and tokens[index - 1].tag == "NNS"
        and _plural_in_s(tokens[index - 1].text.lower())
        and after is not None
        and (after.tag in ("TO", "DT", "PRP", "PRP$") or after.text.lower() in _AFTER_INTRANSITIVE)
        and is_bare_verb(token.text.lower())
        and VERB in classes(token.text.lower())
    )


def _verb_read_as_plural(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the tagger read a verb's -s form right after a plural head as one more plural ("These
    two options affects how"): a word that is a verb's -s form, after a plural noun and before what
    opens an object or a clause (a determiner, a pronoun, "how"), not a noun's plural that a
    preposition, a number, "that" or another noun follows ("the cost savings benefits of", "boys
    ages 16-20", "downloads files that")."""
    token = tokens[index]
    if token.tag != "NNS" or index == 0 or index + 1 >= len(tokens) or tokens[index - 1].tag != "NNS":
        return False
    word = token.text.lower()
    if word == "times":
        return False  # "10 jobs times the limit": a product
    return token.text.islower() and is_third_person(word) and tokens[index + 1].tag in _OBJECT_OPENERS


def _code_subjects_verb_read_as_plural(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the tagger read a verb's -s form after subjects joined by "and" (code, or those of
    :func:`_joined_subject`) as a plural ("`commit` and `tag` issues a warning", "'a' and 'b'
    issues"): before what opens an object or a clause, not the code's noun ("The `foo` and `bar`
    options were")."""
    token = tokens[index]
    if token.tag != "NNS" or not token.text.islower() or index + 1 >= len(tokens):
        return False
    joined = _joined_code_subject(tokens, index) or _joined_subject(tokens, index)
    return tokens[index + 1].tag in _OBJECT_OPENERS and joined is not None


def _relative_verb(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the tagger read a verb's -s form right after a relative pronoun as a plural
    ("entries that conflicts with the entry"): a word that is a verb's -s form after "that",
    "which" or "who" after a noun, before a preposition, "to" or what opens an object."""
    token = tokens[index]
    if token.tag != "NNS" or index < 2 or index + 1 >= len(tokens) or not token.text.islower():
        return False
    noun = tokens[index - 2]
    if tokens[index - 1].text.lower() not in _RELATIVES or noun.tag not in ("NN", "NNS"):
        return False
    if noun.tag == "NNS" and is_third_person(noun.text.lower()):
        return False  # a verb, and "that" opens its clause ("The Times reports that nurses at")
    return is_third_person(token.text.lower()) and tokens[index + 1].tag in ("IN", "TO", *_OBJECT_OPENERS)


# Quotation marks around a word that describes the head ('a "read-write" operation').
_QUOTES = frozenset('"“”')


def _phrase_start(tokens: tuple[Token, ...], head: int) -> int:
    """Where the noun phrase whose head is ``tokens[head]`` starts (quotation marks inside it: 'a
    "read-write" operation')."""
    start = head
    while start > 0 and tokens[start - 1].text != "Xx" and tokens[start].tag not in ("DT", "PRP$"):
        before = tokens[start - 1].tag  # a determiner opens a phrase: "The question the memo raises" is two
        if (
            before in _PHRASE
            or tokens[start - 1].text in _QUOTES
            or (_participle_in_phrase(tokens, start - 1) and tokens[start - 2].tag in ("DT", "PRP$", "JJ"))
        ):
            start -= 1
        elif start == 1 and before == "NNP" and tokens[1].tag in ("NN", "NNS") and is_singular_noun(tokens[0].text.lower()):
            start = 0  # a noun the sentence's capital made a name: "Signature verification for ... require"
        else:
            break
    return start


def _participle_in_phrase(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether ``tokens[index]``, inside a noun phrase after its determiner or an adjective, is a
    participle describing the noun ("the oldest supported branch"): tagged one, or a past tense in
    "-ed" that lemminflect knows as a participle too (the tagger, with no tag history, reads
    "supported" there as a past tense)."""
    if index < 1:
        return False
    token = tokens[index]
    if token.tag in _PARTICIPLES:
        return True
    word = token.text.lower()
    return token.tag == "VBD" and word.endswith("ed") and is_participle_only(word)


def _opens_clause(tokens: tuple[Token, ...], start: int) -> bool:
    """Whether a noun phrase starting at ``tokens[start]`` is a clause's subject by its place: the
    sentence's start, or after a clause's punctuation or opener ("to which", "in which" too), not
    in a subjunctive."""
    if start == 0:
        return True
    before = tokens[start - 1]
    lower = before.text.lower()
    if lower == "that":
        return start < 2 or tokens[start - 2].text.lower() not in _MANDATIVE
    if lower in _CONJUNCTIONS:  # ", and the browsers uses", not a list's "A, B, and the C exist"
        return start >= 2 and tokens[start - 2].text == "," and _has_verb(tokens, start - 2)
    if _fronted_phrase(tokens, start):
        return True  # "In this case the receiver become"
    if lower in ("which", "whom") and start >= 2 and tokens[start - 2].tag == "IN":
        return True  # a relative clause a preposition opens: "to which the contents of the register is"
    return before.text in (",", ";", ":", "(") or lower in _PURE_SUBORDINATORS or lower in _WH_OPENERS


def _fronted_phrase(tokens: tuple[Token, ...], start: int) -> bool:
    """Whether a short phrase of a preposition and its noun opens the sentence right before
    ``tokens[start]``, without a comma ("In this case the receiver", "By default the server")."""
    if start < 2 or start > 5 or tokens[0].tag != "IN" or tokens[0].text.lower() not in _FRONTING:
        return False
    return tokens[start - 1].tag in ("NN", "NNS") and all(t.tag in ("DT", "PRP$", "JJ", "NN", "NNS") for t in tokens[1:start])


def _has_verb(tokens: tuple[Token, ...], comma: int) -> bool:
    """Whether a verb stands between the sentence's start (or the clause's punctuation before)
    and the comma at ``comma``: the comma ends a clause, not a list's item."""
    for token in reversed(tokens[:comma]):
        if token.text in (";", ":", "(") or token.text.lower() in _PURE_SUBORDINATORS:
            return False
        if token.tag in FINITE_TAGS:
            return True  # a finite verb (not a participle: "the Required, Position, and Default")
    return False


def _before_adverbs(tokens: tuple[Token, ...], verb: int) -> int:
    """The index of the token before the adverbs that stand right before the verb at ``verb``
    ("the flags further affects", "the output obviously lack"): ``verb - 1`` where none do."""
    index = verb - 1
    while index > 0 and _between_adverb(tokens[index]):
        index -= 1
    return index


def _between_adverb(token: Token) -> bool:
    """An adverb that may stand between a subject and its verb: one of :data:`_MID_ADVERBS` or a
    word in "-ly" tagged as an adverb (not "not": "the user not knowing")."""
    lower = token.text.lower()
    return token.text.islower() and (lower in _MID_ADVERBS or (token.tag == "RB" and lower.endswith("ly")))


def _pronoun_subject(tokens: tuple[Token, ...], verb: int) -> str | None:
    """The form a personal pronoun that opens a clause wants of the verb after it, past adverbs
    ("We also provides" -> "provide", "It now simply ignore" -> "ignores"): "we", "they", "you" and
    a verb's -s form; "he", "she", "it" and a bare verb tagged as one, with an adverb between
    (rules.subject_verb reads "It accept")."""
    word = tokens[verb].text.lower()
    pronoun = _before_adverbs(tokens, verb)
    if pronoun < 0 or not _opens_clause(tokens, pronoun) or word in _MODAL_LIKE or not word.isalpha():
        return None
    subject = tokens[pronoun].text
    if subject in _PLURAL_PRONOUNS and tokens[verb].tag == "VBZ" and word not in PLURAL_AUXILIARY:
        return _plural_verb(word)
    if subject in _SINGULAR_PRONOUNS and pronoun < verb - 1 and tokens[verb].tag == "VB" and is_bare_verb(word):
        return third_person(word)
    return None


def _subject_head(tokens: tuple[Token, ...], verb: int) -> int | None:
    """The head of the subject right before the verb at ``verb``, past adverbs; None where no
    noun phrase that opens a clause stands there."""
    head = _before_adverbs(tokens, verb)
    if head < 0 or tokens[head].text == "Xx" or not tokens[head].text.islower():
        return None
    start = _phrase_start(tokens, head)
    opening = tokens[start].text
    if tokens[start].tag in _PARTICIPLES or (opening.endswith("ing") and opening[:1].isupper()):
        return None  # a gerund's or participle's object ("Running these tests gives", "Processing ... is")
    if any(t.text == "Xx" for t in tokens[start:head]):
        return None  # code
    if start > 0 and tokens[start - 1].text == "Xx":
        opened = _determiner_before_code(tokens, start)  # "The `deepCopy` and `mustDeepCopy` functions takes"
        if opened is None:
            return None
        start = opened
    return head if _opens_clause(tokens, start) else None


def _joined_code_subject(tokens: tuple[Token, ...], verb: int) -> str | None:
    """A verb's -s form or singular auxiliary after pieces of code joined by "and" (commas between
    more than two) that open the sentence, its subject: "`--merged` and `--no-merged` serves three"
    -> "serve", "`a`, `b` and `c` issues" -> "issue"; with only "the", "only", "both" or "the" and a
    plural noun before them ("Only the `brokers` and `topics` is required" -> "are", "The options
    `a`, `b` and `c` serves" -> "serve"). Not joined by "or", whose subject is one of them."""
    first = _joined_code_start(tokens, verb - 1)
    if first is None:
        return None
    lead = [t.text.lower() for t in tokens[:first]]
    plural_noun = len(lead) == 2 and lead[0] == "the" and tokens[1].tag == "NNS" and tokens[1].text.islower()
    if lead not in _BEFORE_JOINED_CODE and not plural_noun:
        return None
    return _plural_verb(tokens[verb].text.lower())


def _joined_subject(tokens: tuple[Token, ...], verb: int) -> str | None:
    """A verb's -s form or singular auxiliary after two subjects joined by "and" that open the
    sentence (alone or after "both"), both of one kind (:func:`_subject_piece`): quoted terms
    ("'git commit' and 'git commit-tree' issues" -> "issue"), plurals ("CRDs and CRs has" ->
    "have") or noun phrases a determiner opens ("The parser and the lexer is" -> "are"). Not two
    bare singular nouns, which may name one thing ("Trial and error is", "Research and
    development is"), nor after "each", "every", "no", "either" or "neither" ("Every user and
    group is")."""
    second = _subject_piece(tokens, verb - 1)
    if second is None or second[0] < 2 or tokens[second[0] - 1].text.lower() != "and":
        return None
    first = _subject_piece(tokens, second[0] - 2)
    if first is None or first[1] != second[1] or [t.text.lower() for t in tokens[: first[0]]] not in ([], ["both"]):
        return None  # two of a kind: "The parser and Xx" may be one thing
    if tokens[first[0]].text.lower() in _SINGLE_OUT or tokens[second[0]].text.lower() in _SINGLE_OUT:
        return None
    return _plural_verb(tokens[verb].text.lower())


# Determiners that take each of the nouns they join alone: "Every user and group is".
_SINGLE_OUT = frozenset("each every no either neither".split())
_OPENING_QUOTE = {"'": "'", '"': '"', "”": "“", "’": "‘"}  # a closing quote and its opening one
_QUOTED_MOST = 6  # tokens a quoted term may hold
_ACRONYM_PLURAL_RE = re.compile(r"[A-Z]{2,}s")


def _subject_piece(tokens: tuple[Token, ...], last: int) -> tuple[int, str] | None:
    """Where a subject of :func:`_joined_subject` that ends at ``tokens[last]`` starts, and its
    kind: a quoted term ("quoted"), a plural noun or an acronym's ("plural"), or a noun phrase a
    determiner or a possessive opens ("phrase"); None for anything else, names too: two joined
    may name one place or firm ("Bosnia and Herzegovina has", "Marks and Spencer is")."""
    if last < 0:
        return None
    token = tokens[last]
    opening = _OPENING_QUOTE.get(token.text)
    if opening is not None:
        for start in range(last - 1, max(-1, last - _QUOTED_MOST - 2), -1):
            if tokens[start].text == opening:
                return (start, "quoted") if start < last - 1 else None
        return None
    if _ACRONYM_PLURAL_RE.fullmatch(token.text):
        return last, "plural"  # "CRDs", "PRs": the tagger reads them as names or plurals
    if token.tag not in ("NN", "NNS") or token.text == "Xx":
        return None
    start = last
    while start > 0 and last - start < 3 and tokens[start - 1].tag in ("JJ", "NN") and tokens[start - 1].text != "Xx":
        start -= 1
    if start > 0 and tokens[start - 1].tag in ("DT", "PRP$"):
        return start - 1, "phrase"
    return (start, "plural") if token.tag == "NNS" and token.text.endswith("s") else None


# What may stand before code joined by "and" that is the sentence's subject.
_BEFORE_JOINED_CODE: tuple[list[str], ...] = ([], ["the"], ["only"], ["only", "the"], ["both"])


def _joined_code_start(tokens: tuple[Token, ...], last: int) -> int | None:
    """Where code joined by "and" that ends at ``tokens[last]`` starts ("`a` and `b`", "`a`, `b`,
    and `c`"); None if ``tokens[last]`` is no such code."""
    if last < 2 or tokens[last].text != "Xx":
        return None
    at = last - 1
    if tokens[at].text.lower() != "and":
        return None
    at -= 1
    if tokens[at].text == ",":
        at -= 1  # a serial comma
    if at < 0 or tokens[at].text != "Xx":
        return None
    while at >= 2 and tokens[at - 1].text == "," and tokens[at - 2].text == "Xx":
        at -= 2
    return at


def _determiner_before_code(tokens: tuple[Token, ...], start: int) -> int | None:
    """Where a noun phrase starts whose noun at ``tokens[start]`` follows code (placeholders,
    joined by "and" or "or") that a determiner opens ("The `a` and `b` functions", "these
    `x` options"): the code names the noun's kind, the noun is the head; None where no
    determiner opens it ("`git` commits changes": the code may be the subject)."""
    index = start - 1
    while index >= 0 and (
        tokens[index].text == "Xx"
        or (tokens[index].text.lower() in ("and", "or") and index > 0 and tokens[index - 1].text == "Xx")
    ):
        index -= 1
    if index >= 0 and tokens[index].tag in ("DT", "PRP$") and tokens[index].text.lower() not in ("that", "this"):
        return index
    return None


# Words lemminflect does not know that the tagger may read as nouns, and are none.
_NOT_NOUNS = frozenset("cannot".split())


def _singular_noun(word: str) -> bool:
    """A singular noun: one lemminflect lists, or a word of the trade it does not know at all,
    in letters and not in "-s", which the tagger reads as a singular noun ("the archiver backend",
    "the compactor")."""
    if is_singular_noun(word):
        return True
    unknown = word.isalpha() and word.islower() and not readings(word) and word not in CLOSED_CLASS
    return unknown and not word.endswith("s") and word not in _NOT_NOUNS


def _plural_subject(tokens: tuple[Token, ...], verb: int) -> str | None:
    word = tokens[verb].text.lower()
    head = _subject_head(tokens, verb)
    if head is None or tokens[head].tag != "NNS" or singular_of_plural(tokens[head].text) is None:
        return None
    if not tokens[head].text.endswith("s"):
        return None  # "children", "data", "the dice is cast": rules.agreement's
    start = _phrase_start(tokens, head)
    if word in _SINGULAR_AUXILIARIES and any(t.tag == "CD" or t.text.lower() in _QUANTITIES for t in tokens[start:head]):
        return None  # an amount
    if tokens[start].text.lower() in _SINGLE_OPENERS:
        return None  # "This examples gets": the determiner disagrees (rules.noun_number)
    if start > 0 and tokens[start - 1].text.lower() in _WH_OPENERS and not _wh_clause_subject(tokens, start, head, verb):
        return None
    if _relative_clauses_verb(tokens, start, head):
        return None
    return _plural_verb(word)


def _relative_clauses_verb(tokens: tuple[Token, ...], start: int, head: int) -> bool:
    """Whether the head at ``head`` is a verb's -s form closing a relative clause that "that" or
    "which" after a noun opens ("The value that the function returns looks fine": "returns" is
    the clause's verb and "looks" the value's, not "function returns" a plural subject)."""
    if start < 2 or tokens[start - 1].text.lower() not in _THAT_WHICH or not tokens[start - 2].tag.startswith("NN"):
        return False
    word = tokens[head].text.lower()
    return head > start and is_third_person(word) and bool(readings(word).get(VERB))


def _plural_verb(word: str) -> str | None:
    """The form a plural subject wants of the verb ``word``, a verb's -s form or an auxiliary
    ("makes" -> "make", "is" -> "are"); None for other words."""
    if word in PLURAL_AUXILIARY:
        return PLURAL_AUXILIARY[word]
    if not is_third_person(word):
        return None
    lemmas = readings(word).get(VERB, ())
    return lemmas[0] if lemmas else None


def _wh_clause_subject(tokens: tuple[Token, ...], start: int, head: int, verb: int) -> bool:
    """Whether the noun phrase after "what", "how"... is surely its clause's subject: opened by a
    determiner ("what matters is"), its head no verb's -s form before "is" ("what the hunger
    strike highlights is"), and no question's inverted auxiliary after it ("What platforms does Red Hat
    support?", "How many sets does it have?")."""
    if tokens[start].tag not in ("DT", "PRP$"):
        return False
    auxiliary = tokens[verb].text.lower() in ("does", "is", "was", "has", "doesn't", "isn't", "wasn't", "hasn't")
    if auxiliary and is_third_person(tokens[head].text.lower()):
        return False  # the head is the clause's verb, "is" the sentence's
    following = tokens[verb + 1] if verb + 1 < len(tokens) else None
    return not (auxiliary and following is not None and following.tag in ("DT", "PRP", "PRP$", "NNP", "NN", "NNS"))


def _antecedents(tokens: tuple[Token, ...], verb: int, relatives: frozenset[str] = _RELATIVES) -> list[int]:
    """The heads of the noun phrases that "that" or "who" right before the verb at ``verb`` (past
    adverbs: "that only works") may stand for: the noun in lower case right before it (or before the
    code that names it: "a flag `--all` which"), and where its phrase is a preposition's
    object, the noun that preposition follows, and so on back ("a race with an operation that":
    "operation" or "race"); none where a phrase follows a conjunction or a comma ("commit and tag
    that"), is "one of" a plural ("one of the tools that": one, or the tools), or is a lone noun
    after its clause's subject ("Europe reports that results": a verb, and "that" opens its clause)."""
    pronoun = _before_adverbs(tokens, verb)  # "attributes that only works with"
    if pronoun < 1 or tokens[pronoun].text.lower() not in relatives or not tokens[verb].text.islower():
        return []
    heads: list[int] = []
    head = pronoun - 1
    if head >= 1 and tokens[head].text == "Xx" and tokens[head - 1].tag in ("NN", "NNS") and tokens[head - 1].text.islower():
        head -= 1  # code that names the noun before it ("a flag `--all` which"): the noun is the head
    while head >= 0 and len(heads) < 4:
        text = tokens[head].text
        if tokens[head].tag not in ("NN", "NNS") or text == "Xx" or not (text.islower() or head == 0 and text[1:].islower()):
            return []  # a name, unless the sentence opens with it ("Labels that"), or no noun
        start = _phrase_start(tokens, head)
        if start == head and start > 0 and tokens[start - 1].tag in ("NN", "NNS", "NNP", "PRP"):
            return []  # a verb after its subject, and "that" opens its clause ("Europe reports that results")
        while start > 0 and tokens[start - 1].tag in _NAMED_PHRASE and tokens[start].tag not in ("DT", "PRP$"):
            start -= 1  # names inside the phrase ("the Ansible ecosystem projects", "all JEA sessions")
        if any(t.text == "Xx" for t in tokens[start:head]):
            return []
        if any(
            t.text.lower() == "one" and n.text.lower() == "of"
            for t, n in zip(tokens[max(0, start - 6) : start], tokens[max(1, start - 5) : start])
        ):
            return []
        heads.append(head)
        before = tokens[start - 1] if start > 0 else None
        if before is None or before.tag not in ("IN", "TO", "CC", "NN", "NNS", "NNP", "PRP") and before.text != ",":
            return heads
        if before.tag == "CC" or before.text in (",", "and", "or"):
            return []
        if before.tag in ("NN", "NNS", "NNP", "PRP"):
            return heads
        if start < 2 or tokens[start - 2].tag not in ("NN", "NNS", "VB", "VBZ", "VBD"):
            # a preposition after a participle, a pronoun, a number: "derived from sources that",
            # "those around the world who"
            return []
        if tokens[start - 2].tag not in ("NN", "NNS"):
            return heads  # after a finite verb ("come from a system that")
        if before.text.lower() == "of" and tokens[start - 2].text.lower() in _QUANTITIES_OF:
            return heads  # a quantity of them ("a number of options that")
        head = start - 2  # the noun the preposition follows
    return []


def _plural_antecedent(tokens: tuple[Token, ...], verb: int) -> str | None:
    """A verb's -s form in a relative clause on regular plurals ("Labels that identifies" -> "identify")."""
    heads = _antecedents(tokens, verb)
    for head in heads:
        text = tokens[head].text
        if tokens[head].tag != "NNS" or not text.endswith("s") or singular_of_plural(text) is None:
            return None
        if tokens[_phrase_start(tokens, head)].text.lower() in _SINGLE_OPENERS:
            return None  # the determiner disagrees (rules.noun_number)
    return _plural_verb(tokens[verb].text.lower()) if heads else None


def _singular_antecedent(tokens: tuple[Token, ...], verb: int) -> str | None:
    """A verb's bare form in a relative clause on singular nouns a singular determiner opens, before
    its object ("a race with an operation that modify the index" -> "modifies")."""
    word = tokens[verb].text.lower()
    heads = _antecedents(tokens, verb, _SINGULAR_RELATIVES)
    if not heads or not is_bare_verb(word) or verb + 1 >= len(tokens):
        return None
    for head in heads:
        noun = tokens[head].text
        if tokens[head].tag != "NN" or not _singular_noun(noun) or noun in _PLURAL_SINGULARS:
            return None
        if tokens[_phrase_start(tokens, head)].text.lower() not in _SINGULAR_DETERMINERS:
            return None
    after = tokens[verb + 1]
    perfect = word == "have" and after.tag in ("RB", "VBN")  # "an event that have already happened"
    # a word that is nothing but a verb needs no object to be read by ("an option which allow users")
    verb_only = _verb_only(word) and after.tag in ("NN", "NNS", "IN", "WRB", "RB") and after.text.isalpha()
    if tokens[verb].tag != "VB" or (after.tag not in ("DT", "PRP", "PRP$", "JJ", "CD", "TO") and not (perfect or verb_only)):
        return None  # a noun ("the file that change"), or no object to read it by
    return third_person(word)


def _verb_only(word: str) -> bool:
    """Whether lemminflect knows ``word`` as a verb and nothing else, and technical writing uses it
    as no noun either ("allow", "specify"; not "change", "commit")."""
    return classes(word) == {VERB} and word not in nouns()


def _singular_subject(tokens: tuple[Token, ...], verb: int) -> str | None:
    word = tokens[verb].text.lower()
    if not is_present_form(word) or verb + 1 >= len(tokens):
        return None
    head = _subject_head(tokens, verb)
    if head is None:
        return None
    start = _phrase_start(tokens, head)
    if (
        tokens[head].tag != "NN"
        or not _singular_noun(tokens[head].text)
        or tokens[start].text.lower() not in _SINGULAR_DETERMINERS
    ):
        return None
    if tokens[head].text in _PLURAL_SINGULARS:
        return None
    noun = NOUN in readings(word) or word in nouns()
    after = tokens[verb + 1]
    objects = ("NN", "NNS") if tokens[verb].tag == "VB" and not noun else ()  # "the command prompt changes": a compound
    ends = after.text in (".", "!", ";") and not noun  # "the archiver backend understand."
    if (
        after.tag not in ("DT", "PRP", "PRP$", "JJ", "NNP", "TO", "RB", "CD", *objects)
        and after.text.lower() not in ("that", "if")
        and not ends
    ):
        return None
    if verb + 2 < len(tokens) and after.tag == "PRP" and tokens[verb + 2].tag.startswith(("VB", "MD")):
        return None  # a relative clause without "that" ("the template you are using")
    if verb + 2 < len(tokens) and after.tag in ("NN", "NNS") and after.text.isalpha() and tokens[verb + 2].tag in FINITE_TAGS:
        return None  # a compound noun before the clause's verb ("The skip reconcile option is", "the type ignore comment must")
    if (
        noun
        and not _after_ly_adverb(tokens, head, verb)
        and (tokens[verb].tag != "VB" or after.tag in ("RB", "TO") or after.text.lower() == "that")
    ):
        return None  # a compound noun ("a cleanup command that", "the bottle commit to be tested")
    return singular_form(word, (t.text.lower() for t in tokens))


def _after_ly_adverb(tokens: tuple[Token, ...], head: int, verb: int) -> bool:
    """Whether an adverb in "-ly" stands between the subject's head and ``tokens[verb]``, a word
    that may be a noun too, which it makes a verb ("the output obviously lack": no adverb stands
    inside a compound noun)."""
    return verb - 1 > head and tokens[verb - 1].tag == "RB" and tokens[verb - 1].text.lower().endswith("ly")


RULE = Rule(
    id="rules.verb_number",
    kind=EditKind.AGREEMENT,
    find=find,
    message="Use '{replacement}' to agree with the subject before it, not '{original}'.",
    description=__doc__ or "",
    fires=(
        "It is what the users [expects→expect] from a tool, and how the tests [runs→run] it.",
        "We also [provides→provide] default values, and it now simply [ignore→ignores] such a commit.",
        "The following flags further [affects→affect] the output, and the output obviously [lack→lacks] a header.",
        "In addition, the report clearly [lack→lacks] enough information.",
        "Signature verification for merge operations [require→requires] a key with a trust level.",
        "A refspec for multiple remotes [map→maps] to the same ref.",
        "It is a place to which the contents of the register [is→are] written.",
        "The Xx and Xx functions [takes→take] a value (code as the model reads it).",
        "Xx and Xx [serves→serve] three related purposes (two pieces of code as the subject).",
        "Only the Xx and Xx [is→are] required (code joined by 'and' opening the sentence).",
        "Support for files in directories [were→was] added, and the size of the files in the folders [are→is] large.",
        "The answer to those questions [are→is] clear, and the mechanics of the tools necessarily [becomes→become] complex.",
        "The first seven bits of the first octet [determines→determine] the size of the data.",
        "The log message taken from the mail [are→is] re-coded into UTF-8.",
        "The conversion to a comparison expression [were→was] done at construction time.",
        "It stops if the number of rename targets [exceed→exceeds] the limit, or the number of files [are→is] large.",
        "The options Xx, Xx and Xx [serves→serve] three related but different purposes.",
        "Xx, Xx, and Xx [issues→issue] a warning (a verb the tagger reads as a plural noun).",
        "It has a flag Xx which [specify→specifies] whether to recurse (the code names the flag).",
        "These two options [affects→affect] how the objects are stored.",
        "Verification of signed tags [were→was] not done, and the original versions of the blobs [is→are] here.",
        "Responsibilities for most roles [is→are] scoped to these projects.",
        "Props with Xx type [has→have] special rules, and objects packed in the repository [is→are] stored.",
        "Newer versions of the tool [breaks→break] the detection, and the owner of the files [contain→contains] the keys.",
        "Newer versions of Python [breaks→break] the detection, and the identity of these IPs [are→is] not known.",
        "This rule [ensure→ensures] that it works.",
        "The data that the pointer [refer→refers] to is gone.",
        "My brother [play→plays] the guitar every day.",
        "These rules [makes→make] it easy for shell scripts.",
        "The browsers [uses→use] the protocol.",
        "If the parser [accept→accepts] it, it is fine.",
        "When a project [get→gets] bigger, it becomes hard.",
        "An added file [have→has] lines.",
        "The default values [is→are] 2.",
        "Labels that [identifies→identify] the group are dropped; the users who [wants→want] it ask.",
        "They are attributes that only [works→work] with models.",
        "Force trigger effects that [depends→depend] on a shallow ref.",
        "It is a race with an operation that [modify→modifies] the index.",
        'It could race with a "read-write" operation that [modify→modifies] the index.',
        "It has a flag which [specify→specifies] whether to recurse. It adds an option which [allow→allows] users in.",
        "Use the oldest supported branch that [require→requires] them.",
        "They come from a system that [generate→generates] secure HTML.",
        "The existing entries that [conflicts→conflict] with the entry are removed.",
        "It has a number of options that [enables→enable] it.",
        "It waits for an event that [have→has] already happened.",
        "In this case the receiver [get→gets] a shallow repository.",
        "It is the order in which the [field→fields] are given, and when no [task→tasks] are run.",
        "See that the archiver backend [understand→understands].",
        "Specifies the event logs that this cmdlet [get→gets] events from.",
        "In this mode the receiver [become→becomes] a shallow repository.",
        "The parser and the lexer [is→are] generated from one grammar.",
        "'git commit' and 'git commit-tree' [issues→issue] a warning.",
        "CRDs and CRs [has→have] to be kept within the same namespace.",
    ),
    leaves=(
        "Trial and error is the way; research and development is costly; bread and butter is enough.",
        "Every user and group is listed; Bosnia and Herzegovina has a coast, Marks and Spencer is a firm.",
        "Both the parser or the lexer is fine, and the sum and substance of it is clear.",
        "Changes that do not conflict with our side are reflected, and the tags, or when clause defined on it are different.",
        "The list of commits start at the client, and the jobs in the tools menu run in order.",
        "Defining custom casts that cast values to objects is simple; four months of work is enough.",
        "Checks for class definitions in stub files that inherit from it, and for default values that can't be set.",
        "The skip reconcile option is set, and the type ignore comment must come first.",
        "Xx commits changes, and the Xx option sets it.",
        "Xx or Xx runs the task again; Xx and Xx blocks are optional.",
        "The Xx and Xx options were removed, and the difference between Xx and Xx is small.",
        "Xx and Xx options are kept, and the Xx and Xx issues were fixed.",
        "What the report highlights is why it fails; what platforms does it support?",
        "Does it also work? We always use it, it now simply ignores it, and it is required that he also go.",
        "The cost savings benefits of it are clear, and the release notes list the changes.",
        "Four boys ages 16-20 came; it downloads files that exceed it (10 jobs times the limit).",
        "A number of users are here, the rest of them were not, this kind of errors are common, and two of the files are old.",
        "The list of files is shown; the members of the team are here; one of the tools is done.",
        "Each morning of the tour the relics are taken out, and a handful of example hooks are copied.",
        "Friends of the Earth was cheered, and the use of the means humans have developed is wise.",
        "Users of GitHub has it; the chairman of the Estonian foreign relations commission in a statement.",
        "The boobs on bikes parade happens in May, and a widget cannot receive focus.",
        "When cost of living adjustments are counted, and if multiple of the following conditions are met.",
        "It shows what the user expects and how the tests run.",
        "Running these tests gives you confidence.",
        "It reads the labor costs which has helped, the list of files which match, and a file which changes.",
        "Requests allows you to send requests.",
        "We require that the producer convert the data.",
        "The number of users grows every day.",
        "Let the user know about it.",
        "The question the memo raises is hard.",
        "Four months is a long time.",
        "Events, event subscriptions, and the event queue exist only here.",
        "The command prompt changes to show it.",
        "The crew have enough food, the team are here, the software are old, and the user data are kept.",
        "If the motion were defeated, the properties that match are kept, the military are here, and the fish are big.",
        "The problem are arrays at top level.",
        "The data helps us and the children play.",
        "They urged that he recreate it, requested that the court see it and were demanding that the viewer respond.",
        "That's why this act of vandalism is appalling, and his interrogation log documents it.",
        "A lightning storm this past Friday caused fires; the fifth trial a race open to all.",
        "He had Hepatitis A infection, and Pool A of round five is next.",
        "The top ten list was out when the two meet with him.",
        "This means a lot, this news is good, this works, all of this matters, and this data and this dozens of times.",
        "The list of files that contains it is long, and it is one of the problems that has plagued us.",
        "Commands such as commit and tag that lets you edit them, and the files, which contains it.",
        "It creates a firewall rule for public networks that allows access to the files which contains it.",
        "The Council reports that results vary; it is one of the Senate's most useful tools that guarantees it.",
        "The paper reports that nurses at the hospital quit, and a group of rodents that includes mice is here.",
        "We kept the positive results which is our aim, and a team of agents that was sent.",
        "It is a hormone produced by the cells that stabilizes sugar, an obligation to those around the world who continue.",
        "Use the repository template for Ansible ecosystem projects that contains the files.",
        "These are the values that tests expect, and the file that change often is big.",
        "The value that the function returns looks like this, and the node that the parser builds holds it.",
    ),
)


__all__ = ["find", "RULE"]

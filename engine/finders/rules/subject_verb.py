"""A verb's bare form after a singular subject that opens a clause: "It accept" ->
"accepts", "What make a good issue?" -> "makes", "the compiler know what" -> "knows", "This rule ensure that" -> "ensures",
"This make two" -> "makes", "My mother cook very well" -> "cooks", "the value it receive"
-> "receives", "Nobody know the answer" -> "knows", "My father work in a bank" -> "works".

The subject is "he", "she", "it" or "this", or a determiner and a singular noun ("the compiler";
or a noun of technical writing that lemminflect lists as a verb only: "This commit fix a crash"
-> "fixes", not "This commits"; "this template variable" is no subject and its verb), at the
start of the sentence or a clause, so it is not an object ("make it work", "let the user know");
or there an indefinite pronoun: "nothing", "everything" or "something" before any verb,
"nobody", "everyone" and the like only before a verb of a state ("Nobody know"), since before
others they may give an order ("Nobody move!", "Somebody call an ambulance"); or "he", "she",
"it" after a determiner and a noun, opening a relative clause without "that", before a word that
can only be a verb ("the value it receive"). The verb must be a bare form and not a past tense
(lemminflect: "she thought"; a participle that is its bare form too is one: "the receiver become
a" -> "becomes", or its past where "was", "were", "had" or "did" tells the sentence in the
past); where it may also be a noun ("this work") an object must follow it (code too: "if a type
implement `Copy`", but not code a verb follows, which names the noun: "the interface `eth0` goes
down"), or, after a noun subject, nothing but adverbs to the clause's end
("My mother cook very well") or, after one of the family or a friend, a preposition ("My sister
live in London"); otherwise, after a noun subject, it must be a verb only ("the emergency vet"
may be a compound). Not in a subjunctive ("requires that he go") or after a collective noun
("the team play"); not a word that a noun's place surely is: before "of" ("this act of"), before
a verb's -s form ("his interrogation log documents", "This template extends") or an auxiliary
("the search template will be", "this act is"), before a noun that one follows, or a noun and
its prepositional phrase ("This debug message is", "The skip reconcile option is", "the default
restore source for the working tree is": a compound), after an ordinal ("the fifth trial"),
before a relative clause without "that" ("the field name the instance is attached to", "Every
log line your Lambda function writes"; but a word that is only a verb takes the clause as its
object: "This check ensure the code is valid" -> "ensures"); nor a time after "this" ("this time
the index"); "IT" is not "it"."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import (
    AUXILIARIES,
    BARE_AFTER_OBJECT,
    CLAUSE_OPENERS,
    CLOSED_CLASS,
    COLLECTIVE_NOUNS,
    DETERMINERS,
    NUMBER_WORDS,
    PARTICLES,
    PAST_PERIODS,
    PREPOSITIONS,
    SUBJECT_DETERMINERS,
    SUBJECT_PRONOUNS,
)
from edgegram.engine.analysis.pos_tagger import tags_by_start
from edgegram.engine.analysis.word_classes import (
    ADJ,
    ADV,
    NOUN,
    VERB,
    classes,
    is_bare_verb,
    is_present_form,
    is_singular_noun,
    is_third_person,
    past_lemmas,
    past_tense,
    readings,
    third_person,
)
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import Word, adjacent, followed, followed_by, opens_clause, singular_form, words
from edgegram.engine.sentences.lexicon import Lexicon
from edgegram.engine.sentences.model_text import SHORT_PLACEHOLDER_WORD

# Words that put a sentence in the past, where the bare verb wants its past tense ("Yesterday she go").
_PAST_TIME_RE = re.compile(rf"\b(?:[Yy]esterday|ago|[Ll]ast (?:{PAST_PERIODS}))\b")
_PRONOUNS = frozenset("he she it this".split())
# The words a relative clause's subject may have after its determiner, before its verb ("your
# Lambda function writes").
_CLAUSE_SUBJECT_WORDS = 3
_PERSONAL_SUBJECTS = _PRONOUNS - {"this"}  # subjects of a relative clause without "that"
# Indefinite pronouns of things, singular subjects before any verb ("Nothing work").
_INDEFINITE_THINGS = frozenset("nothing everything something".split())
# Indefinite pronouns of people, singular subjects that may also give an order ("Nobody move!",
# "Somebody call the police"): subjects only before a verb of a state, which no one orders.
# (Not "anyone", "anybody": "Anyone want to join me?" drops a question's "does".)
_INDEFINITE_PEOPLE = frozenset("nobody everyone everybody someone somebody".split())
_STATES = frozenset("know want like love hate care believe understand seem prefer deserve mean own agree".split())
# Nouns of one's family and friends, which after "my", "his"... name a subject ("My father work
# in a bank") and rarely a noun's modifier ("the parent support for" is one, so not "parent"; after
# "a" or "the" they may be: "a sister shop in Albany").
_KIN = frozenset(
    "father mother dad mom mum sister brother son daughter wife husband uncle aunt cousin grandfather "
    "grandmother grandma grandpa friend boyfriend girlfriend boss neighbour neighbor roommate".split()
)
# Prepositions that are verbs too, surely verbs right after "he" or "she" ("she like the book").
_PERSONAL, _VERBS_TOO = frozenset("he she".split()), frozenset("like".split())
# Subjects that, like a noun, make a word that may be a noun a verb only before an object ("this
# work is", "nothing venture, nothing win").
_NOUN_LIKE = frozenset({"this"}) | _INDEFINITE_THINGS
_POSSESSIVES = frozenset("my your his her our their".split())
# "be it so", "it need not be"; "he cant swim" is "can't"; "Someone please help"
_NOT_CHECKED = frozenset("be need dare cant wont please except".split())
# Words after which 'that' opens a subjunctive clause ("it is important that he be").
_MANDATIVE = frozenset(
    "require requires required insist insists insisted suggest suggests suggested recommend recommends "
    "recommended demand demands demanded ask asks asked propose proposes proposed request requests requested "
    "urge urges urged requiring insisting suggesting recommending demanding asking proposing requesting urging "
    "important essential necessary vital crucial imperative "
    "proviso requirement recommendation demand insistence suggestion stipulation condition".split()
)
# Words between a mandative word and its "that" ("suggested to Karzai on Sunday that he consider").
_MANDATE_REACH = 6
# Clause openers that may also be prepositions ("as a faculty design", "the sun and the mist").
_NOT_BEFORE_NOUN_SUBJECT = frozenset("and or as after before since until like than".split())
# Words that, right after "this" and a word, make that word a noun ("This act is", "this test can").
_FINITE_AUXILIARIES = AUXILIARIES | frozenset("will would can could should may might must shall does did".split())
_CLAUSE_END = (".", "!", "?", ";", ",", ":")
# Words after which a subject pronoun is inverted or governed ("do he", "let he who", "lest he forget").
_GOVERNING = frozenset("do let lest than as dare dared need needs".split())
# Object-like words after a verb that may also be a noun ("This make two", "this change the").
_OBJECT_STARTS = (DETERMINERS - {"that"}) | NUMBER_WORDS | frozenset("me us them him".split())
# Words after which "this", "that", "last" or "next" is a time, not an object ("a storm this past Friday").
_TIMES = frozenset(f"past coming morning afternoon evening {PAST_PERIODS.replace('|', ' ')}".split())
# Words after which a word is a noun, not a bare verb: "of" ("this act of"), and -s verbs are handled apart.
_NOUN_FOLLOWERS = frozenset({"of"})
# Nouns of a time that "this" makes an adverb of ("this time the index", "this week we").
_TIME_NOUNS = frozenset(PAST_PERIODS.split("|"))
# Ordinals, which head a subject only as a noun's modifier ("The fifth trial a race", "the first step").
_ORDINALS = frozenset("first second third fourth fifth sixth seventh eighth ninth tenth last next".split())


# What opens the object of the verb after "What" as its subject ("What make a good issue").
# (not "you", "it", "this": subjects too, of a clause "what" is the object of: "What change you think")
_WHAT_OBJECTS = frozenset("a an the your its their our my his her them us him me".split())
# The words a prepositional phrase after a compound noun may run to before the clause's verb.
_PHRASE_WORDS = 5
# Words that end a phrase and open another clause ("that", "and"), after which a verb is that clause's.
_CLAUSE_BREAKS = frozenset("that which who and or but when if because".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    yield from _what_subject(sentence, ws, lexicon)
    for i, first in enumerate(ws):
        if _subjunctive(ws, i):
            continue
        if first.text in _PERSONAL_SUBJECTS and _after_determined_noun(sentence, ws, i) and _verb_only(ws, i + 1):
            fix = _fix(sentence, ws, i + 1, lexicon, pronoun=first.lower)  # "the value it receive"
            if fix:
                yield fix
                continue
        if not (opens_clause(sentence, i, ws) or _after_opening_adverb(ws, i)):
            if _subject_inside_clause(sentence, ws, i) and i + 1 < len(ws):
                fix = _fix(sentence, ws, i + 1, lexicon, pronoun=first.lower)  # "he says he agree"
                if fix:
                    yield fix
            continue
        if _pronoun_subject(sentence, first, ws, i):
            fix = _fix(sentence, ws, i + 1, lexicon, pronoun=first.lower)
            if fix:
                yield fix
                continue
        if (
            first.lower in SUBJECT_DETERMINERS
            and i + 2 < len(ws)
            and (i == 0 or ws[i - 1].lower not in _NOT_BEFORE_NOUN_SUBJECT)
            and _singular_subject(sentence, ws, i + 1, lexicon)
        ):
            fix = _fix(sentence, ws, i + 2, lexicon, pronoun=None, kin=first.lower in _POSSESSIVES and ws[i + 1].lower in _KIN)
            if fix:
                yield fix


def _what_subject(sentence: str, ws: list[Word], lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    """The verb after "What" opening the sentence, its subject, where the tagger reads it as a bare
    verb with an object after it ("What make a good issue?" -> "makes"; not "What do you", nor
    "What version" or "What make of car", where "what" is a determiner)."""
    if len(ws) < 3 or ws[0].lower != "what" or sentence[: ws[0].start].strip() or not adjacent(sentence, ws[0], ws[1]):
        return
    verb = ws[1]
    if not verb.text.islower() or verb.lower in CLOSED_CLASS or not is_bare_verb(verb.lower):
        return
    if not followed_by(sentence, ws, 1, _WHAT_OBJECTS):
        return
    if tags_by_start(sentence).get(verb.start) != "VB":
        return
    right = third_person(verb.lower)
    if right and lexicon.is_english(right):
        yield verb.start, verb.end, right


def _pronoun_subject(sentence: str, first: Word, ws: list[Word], index: int) -> bool:
    """Whether ``first``, opening a clause, is a pronoun subject whose verb follows: "he",
    "she", "it", "this" (not "IT sector"), an indefinite pronoun of things, or one of people
    before a verb of a state; not part of a word ("an all-or-nothing posture")."""
    if index + 1 >= len(ws) or first.text.isupper() or sentence[first.start - 1 : first.start] == "-":
        return False
    if first.lower in _INDEFINITE_PEOPLE:
        return ws[index + 1].lower in _STATES
    if first.lower in _INDEFINITE_THINGS:
        return ws[index + 1].lower != "save"  # "nothing save a formally worded desire"
    return first.lower in _PRONOUNS


def _fix(
    sentence: str, ws: list[Word], index: int, lexicon: Lexicon, pronoun: str | None, kin: bool = False
) -> tuple[int, int, str] | None:
    verb = ws[index]
    if not adjacent(sentence, ws[index - 1], verb) or not verb.text.islower():
        return None
    if verb.lower in _NOT_CHECKED or verb.lower in PARTICLES or not is_present_form(verb.lower):
        return None  # a particle: "virtual, that make up the pool" ("that make" is no subject)
    surely_verb = pronoun in _PERSONAL and verb.lower in _VERBS_TOO  # "he like to play" -> "likes"
    if verb.lower in CLOSED_CLASS and not surely_verb:
        return None
    other = classes(verb.lower) & {NOUN, ADJ, ADV}
    if followed_by(sentence, ws, index, _NOUN_FOLLOWERS) and (pronoun is None or pronoun in _NOUN_LIKE):
        return None  # "this act of vandalism", "the log documents it": the word is the subject's noun
    verb_like = (
        (followed_by(sentence, ws, index, _OBJECT_STARTS) and not _time_follows(ws, index) and not _no_longer(ws, index))
        or _verb_list_follows(sentence, ws, index)
        or _code_object_follows(sentence, ws, index)
        or (pronoun is None and not other - {NOUN} and _only_adverbs_follow(sentence, ws, index))
        or (kin and followed_by(sentence, ws, index, PREPOSITIONS))
    )
    if pronoun is None and not (verb_like or (not other and followed(sentence, ws, index))):
        return None  # "the emergency vet, Jennifer": a compound noun, not a verb
    if (
        (pronoun is None or pronoun in _NOUN_LIKE)
        and index + 1 < len(ws)
        and adjacent(sentence, verb, ws[index + 1])
        and _third_person_verb(ws[index + 1].lower)
    ):
        return None  # "His interrogation log documents that", "This template extends": the verb follows the noun
    if pronoun is not None and other & {ADJ, ADV} and not surely_verb:
        return None  # "she further emphasized"
    if pronoun in _NOUN_LIKE and other and not verb_like:
        return None  # "this work is"
    if followed_by(sentence, ws, index, _FINITE_AUXILIARIES):
        return None  # "this act is", "the search template will": a noun, whatever the word list says
    if (pronoun is None or pronoun in _NOUN_LIKE) and _noun_then_verb(sentence, ws, index + 1):
        return None  # "The skip reconcile option is", "This debug message is": a compound noun before the clause's verb
    if _relative_clause_follows(sentence, ws, index):
        return None  # "The field name the instance is attached to": a noun and a clause about it
    if pronoun == "this" and verb.lower in _TIME_NOUNS:
        return None  # "Although this time the index ...": a time, not a subject and its verb
    right = past_tense(verb.lower) if _PAST_TIME_RE.search(sentence) else singular_form(verb.lower, (w.lower for w in ws))
    return (verb.start, verb.end, right) if right and lexicon.is_english(right) else None


def _code_object_follows(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether code (the model's placeholder word) right after ``ws[index]`` is its object ("if a
    type implement `Copy`", "the function return `None`"): not when a verb follows the code, which
    then names the noun before it ("the network interface `eth0` goes down")."""
    if not followed(sentence, ws, index) or ws[index + 1].text != SHORT_PLACEHOLDER_WORD:
        return False
    after = index + 2
    if after >= len(ws) or not adjacent(sentence, ws[after - 1], ws[after]):
        return True
    following = ws[after].lower
    return following not in _FINITE_AUXILIARIES and not _third_person_verb(following) and not is_bare_verb(following)


def _no_longer(ws: list[Word], index: int) -> bool:
    """Whether "no longer" or "no more" follows ``ws[index]``: an adverb, not an object ("This page
    no longer has")."""
    return index + 2 < len(ws) and ws[index + 1].lower == "no" and ws[index + 2].lower in ("longer", "more")


def _noun_then_verb(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]`` may be a noun (no closed-class word) and a finite auxiliary or a verb's
    -s form follows it."""
    word = ws[index].lower
    if index + 1 >= len(ws) or not adjacent(sentence, ws[index], ws[index + 1]) or NOUN not in classes(word):
        return False
    if word in CLOSED_CLASS or word in NUMBER_WORDS:
        return False  # "This step assume you have", "This article provide more details", "This make two references"
    return (
        followed_by(sentence, ws, index, _FINITE_AUXILIARIES)
        or _third_person_verb(ws[index + 1].lower)
        or _phrase_then_auxiliary(sentence, ws, index)
    )


def _phrase_then_auxiliary(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether a prepositional phrase of a few words follows the noun ``ws[index]`` and a finite
    auxiliary after it, with only spaces between ("the default restore source for the working tree
    is": the clause's verb comes after the subject's phrase)."""
    if not followed_by(sentence, ws, index, PREPOSITIONS):
        return False
    for k in range(index + 2, min(index + 2 + _PHRASE_WORDS, len(ws))):
        if not adjacent(sentence, ws[k - 1], ws[k]) or ws[k].lower in _CLAUSE_BREAKS:
            return False
        if ws[k].lower in _FINITE_AUXILIARIES:
            return True
    return False


def _relative_clause_follows(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]``, a noun too, has a relative clause without "that" after it: a
    determiner, the rest of the clause's subject (at most :data:`_CLAUSE_SUBJECT_WORDS` nouns,
    adjectives or names) and its verb, a finite auxiliary or a verb's -s form ("the field name the
    instance is attached to", "Every log line your Lambda function writes"). A word that is only
    a verb keeps its clause as an object ("This rule ensure the code is valid" -> "ensures")."""
    if NOUN not in classes(ws[index].lower) or index + 2 >= len(ws) or ws[index + 1].lower not in SUBJECT_DETERMINERS:
        return False
    for after in range(index + 2, min(len(ws), index + 2 + _CLAUSE_SUBJECT_WORDS + 1)):
        word = ws[after]
        if not adjacent(sentence, ws[after - 1], word):
            return False
        if after > index + 2 and (word.lower in _FINITE_AUXILIARIES or _third_person_verb(word.lower)):
            return True
        if word.lower in CLOSED_CLASS or not (classes(word.lower) & {NOUN, ADJ} or word.text[:1].isupper()):
            return False
    return False


def _after_determined_noun(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]`` follows a determiner and a noun, so it opens a relative clause
    with no "that" ("the value it receive", "the things he say"; not "make it work")."""
    if index < 2 or not adjacent(sentence, ws[index - 1], ws[index]) or not adjacent(sentence, ws[index - 2], ws[index - 1]):
        return False
    noun = ws[index - 1].lower
    if ws[index - 2].lower not in SUBJECT_DETERMINERS - {"that"} or noun in CLOSED_CLASS:
        return False  # "a form that makes it seem": 'that' a relative pronoun
    return NOUN in classes(noun) and not is_third_person(noun) and past_tense(noun) != noun


def _verb_only(ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]`` exists and can be nothing but a verb ("receive"; not "work", "cat")."""
    return index < len(ws) and not classes(ws[index].lower) & {NOUN, ADJ, ADV}


def _subject_inside_clause(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]``, "he", "she" or "it", is the subject of a clause that opens with
    it right after a verb of saying or knowing ("he says he agree", "I believe it belong").
    The word before is only a verb, or, before "he" or "she", a subject pronoun's verb ("They
    say he agree"); it is in the present ("he arrived he ride on" wants a past), no auxiliary
    or contraction ("didn't he ask", "what's she want", "how dare she"), no verb that takes a
    subjunctive ("demanding he reduce"), and, before "it", none whose object a bare verb
    follows ("make it work", "saw it happen"). After "it" comes a word that can only be a verb
    and is neither a preposition nor "please" ("knows it except me", "decide it please send")."""
    if index == 0 or not adjacent(sentence, ws[index - 1], ws[index]):
        return False
    word, before = ws[index].lower, ws[index - 1].lower
    if word not in _PERSONAL_SUBJECTS or "'" in before or before in _FINITE_AUXILIARIES or before in _GOVERNING:
        return False
    lemmas = set(readings(before).get(VERB, ()))
    after_subject = index >= 2 and ws[index - 2].lower in SUBJECT_PRONOUNS and adjacent(sentence, ws[index - 2], ws[index - 1])
    if not lemmas or before in CLOSED_CLASS or before in _MANDATIVE:
        return False
    if classes(before) & {NOUN, ADJ, ADV} and not (after_subject and word in _PERSONAL):
        return False  # "bell he ring" (a noun, then a pronoun that repeats it); but "He say he agree"
    if past_lemmas(before):
        return False  # "he arrived he ride on": a past, which "rides" would not mend
    if word == "it":
        after = ws[index + 1].lower if index + 1 < len(ws) else ""
        return not lemmas & BARE_AFTER_OBJECT and _verb_only(ws, index + 1) and after not in PREPOSITIONS | {"except", "please"}
    return True


def _after_opening_adverb(ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]`` follows a sentence's first word, an adverb ("Yesterday she go")."""
    return index == 1 and ws[0].text[:1].isupper() and ADV in classes(ws[0].lower) and ws[0].lower not in CLOSED_CLASS


def _subjunctive(ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]`` opens a "that" clause after a word that asks for a subjunctive, at
    most ``_MANDATE_REACH`` words before it ("requires that he go", "suggested to Karzai on Sunday
    that he consider", "with the proviso that it go")."""
    if index < 2 or ws[index - 1].lower != "that":
        return False
    return any(w.lower in _MANDATIVE for w in ws[max(0, index - 1 - _MANDATE_REACH) : index - 1])


def _singular_subject(sentence: str, ws: list[Word], index: int, lexicon: Lexicon) -> bool:
    """A singular noun, or a misspelt word in a noun's place ("This funtion return")."""
    noun = ws[index]
    return (
        adjacent(sentence, ws[index - 1], noun)
        and noun.text.islower()
        and noun.lower not in CLOSED_CLASS
        and noun.lower not in COLLECTIVE_NOUNS
        and noun.lower not in _ORDINALS
        and (is_singular_noun(noun.lower) or (noun.text.isalpha() and len(noun.text) >= 4 and not lexicon.knows(noun.text)))
        and not classes(noun.lower) & {ADJ, ADV}
    )


def _only_adverbs_follow(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether adverbs and nothing else follow ``ws[index]`` to its clause's end, the first no
    noun or verb too, so it is the clause's verb ("My mother cook very well."; not "the system
    call very often fails", "a market research firm")."""
    end = index + 1
    while end < len(ws) and not sentence[ws[end - 1].end : ws[end].start].strip() and ws[end].lower not in CLAUSE_OPENERS:
        end += 1
    if end == index + 1:
        return False
    if end < len(ws) and ws[end].lower not in CLAUSE_OPENERS:
        if sentence[ws[end - 1].end : ws[end].start].strip()[:1] not in _CLAUSE_END:
            return False
    if classes(ws[index + 1].lower) & {NOUN, VERB}:
        return False  # "a market research firm", "the planet form first": a noun may end the phrase
    return all(ADV in classes(w.lower) and w.lower not in PREPOSITIONS for w in ws[index + 1 : end])


def _verb_list_follows(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether a comma and a verb's -s form follow ``ws[index]``, and the list goes on after it
    or ends there: a list of verbs ("This code compile, runs, and prints")."""
    if index + 1 >= len(ws) or sentence[ws[index].end : ws[index + 1].start].strip() != ",":
        return False
    if not _third_person_verb(ws[index + 1].lower):
        return False
    if index + 2 >= len(ws):
        return True
    after = sentence[ws[index + 1].end : ws[index + 2].start].strip()
    return after in (",", ".", ";") or ws[index + 2].lower in ("and", "or")  # not "This tape, says Michael"


def _third_person_verb(word: str) -> bool:
    """Whether ``word`` is a verb's -s form ("runs", "says")."""
    return any(third_person(lemma) == word for lemma in readings(word).get(VERB, ()))


def _time_follows(ws: list[Word], index: int) -> bool:
    """Whether "this", "that", "last" or "next" and a time follow ``ws[index]`` ("storm this past Friday")."""
    return index + 2 < len(ws) and ws[index + 1].lower in ("this", "that", "last", "next") and ws[index + 2].lower in _TIMES


RULE = Rule(
    id="rules.subject_verb",
    kind=EditKind.AGREEMENT,
    find=find,
    message="A singular subject takes '{replacement}', not '{original}'.",
    description=__doc__ or "",
    fires=(
        "It [accept→accepts] a string.",
        "What [make→makes] a good issue?",
        "This [make→makes] two references.",
        "I have a dog and he [like→likes] to play.",
        "This rule [ensure→ensures] that it works.",
        "This check [ensure→ensures] the code is valid.",
        "The data that the pointer [refer→refers] to is gone.",
        "My brother [play→plays] the guitar every day.",
        "He says he [agree→agrees] with me, and I believe it [belong→belongs] to her.",
        "They say he [agree→agrees], and I think she [know→knows] it.",
        "My mother [cook→cooks] very well; my father [work→works] hard.",
        "It stores the value it [receive→receives] in a field.",
        "Nobody [know→knows] the answer, and something [happen→happens] every day.",
        "Everyone [want→wants] to win.",
        "My father [work→works] in a bank.",
        "My sister [live→lives] in London.",
        "This commit [fix→fixes] a crash.",
        "This template [render→renders] the page.",
        "If a type [implement→implements] Xx, it can be copied (code as the model reads it).",
        "The state [become→becomes] unreachable; the server [come→comes] back up.",
        "After it [become→became] known that the key was lost, we rotated it.",
    ),
    leaves=(
        "What do you need? What version is it, and what make of car? What change you think needs making?",
        "The team play well, and the sun and the mist play too.",
        "If the network interface Xx goes down, the user interface Xx is shown.",
        "The search template will be built, and a child template may override it.",
        "This debug message is written first, and this build step takes long.",
        "If not specified, the default restore source for the working tree is the index.",
        "This page no longer has a translation; machines, physical or virtual, that make up the pool.",
        "Although this time the index we want is set, this week the tests run.",
        "It is important that he go now.",
        "They suggested to him on Sunday that he consider it, with the proviso that it go to charity.",
        "My team play well, and my home page loads.",
        "Didn't he ask? Doesn't she know? How dare she go! Does it work? We demand he resign.",
        "We make it work, let it go and saw it happen, and he arrived he said; decide it please.",
        "Nobody move! Somebody call an ambulance. Someone please help me. Anyone want to join?",
        "Does anyone know? Let everyone know. Somebody like you came, and nobody like him left.",
        "This tape, says Michael, is old; the immigration minister, replaces her; IT sector grows.",
        "Make these work. Say these help you, and let those go.",
        "Does he have it? Let it do the work.",
        "Variables that use it do not move.",
        "Keep it short.",
        "Most of the time each takes.",
        "This work is done, and this change also helps.",
        "This template extends the layout, and this patch fixes it.",
        "This commit message explains it, and this log is long.",
        "This template variable is set, and this override file must be located at the root.",
        "The make install phase should create them, and the shell install script appends a line.",
        "Every log line your Lambda function writes is kept, and the field name the instance uses is long.",
        "The field name the instance is attached to.",
        "He, like her, smiled; it looks like it, and this like that.",
        "Nothing save a note was left, nothing except moss grew, and an all-or-nothing posture won.",
        "The tool run by the admin deletes it, and the function set a flag.",
    ),
)


__all__ = ["find", "RULE"]

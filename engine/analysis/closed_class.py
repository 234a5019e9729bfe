"""Closed word classes: the small, fixed sets of function words (determiners, pronouns,
prepositions, auxiliaries...) that the rules, the edit kinds and the term lists read context
with; lemminflect (:mod:`edgegram.engine.analysis.word_classes`) lists only open classes. One home: a
word added here changes every reader, which is why the edit judge's vocabulary is its own
(:data:`edgegram.engine.judge.edit_judge.CONTEXT_WORDS`)."""

from __future__ import annotations

DETERMINERS = frozenset("a an the this that these those my your our their his her its every each another some any no".split())
OBJECT_PRONOUNS = frozenset("me us them him her it you".split())
SUBJECT_PRONOUNS = frozenset("i you he she it we they".split())
# The subject pronoun of an object pronoun whose form differs ("me" -> "I", "them" -> "they").
SUBJECT_OF_OBJECT = {"me": "I", "him": "he", "her": "she", "us": "we", "them": "they"}
PREPOSITIONS = frozenset(
    "of in on at to for from with by about into onto over under after before between through during without "
    "within across against among around above below behind beyond like near since than toward towards upon via".split()
)
# The particles of phrasal verbs ("set up", "check out", "fall back").
PARTICLES = frozenset("up down out in on off over back away through around".split())
# Words after which "have" is a main verb, not a perfect's auxiliary ("don't have write" wants "to").
DO_SUPPORT = frozenset("do does did don't doesn't didn't".split())
# The forms of "have" that make a perfect ("has gone"), unless "do" comes before them.
PERFECT_HAVE = frozenset("have has had".split())
# Forms of "be" and "have" a participle follows ("is known", "has written"), and the adverbs that
# may stand between ("has already written").
AUXILIARIES = frozenset("is are was were be been being am isn't aren't wasn't weren't have has had haven't hasn't hadn't".split())
ADVERBS_AFTER_AUXILIARY = frozenset("not also already often never always usually commonly sometimes rarely".split())
# Adverbs that stand between a subject or a modal and its verb ("can also bought", "they just has").
ADVERBS_BEFORE_VERB = frozenset("also already often never always usually sometimes rarely still just even only really".split())
# Nouns of groups, which British English treats as plural ("the team play") and a count may
# leave singular ("twelve crew and two officers").
COLLECTIVE_NOUNS = frozenset(
    "team duo trio group band government staff family couple crew committee council public police "
    "audience crowd company board jury majority minority pair faculty".split()
)
# Nouns whose plural is the same word ("two fish are", "three aircraft were", "many offspring").
INVARIANT_PLURALS = frozenset(
    "fish aircraft spacecraft craft offspring personnel salmon trout cod squid shrimp bison "
    "deer sheep moose elk swine buffalo yen yuan".split()
)
# Nouns never counted that learners count ("an advice", "many informations"; not "kindness",
# "satisfaction", whose plurals are English: "your many kindnesses", nor "knowledge", "evidence":
# "a thorough knowledge of", "as an evidence of").
NEVER_COUNTED = frozenset(
    "advice information furniture homework luggage baggage equipment software feedback news research documentation".split()
)
NUMBER_WORDS = frozenset("two three four five six seven eight nine ten twelve twenty".split())
# Words after which a new clause (and its subject) begins.
# Periods that "last" makes a finished time ("last week", "last night"), as a regular expression's alternatives.
PAST_PERIODS = "week|month|year|night|time|summer|winter|spring|autumn|weekend"
# A time that is over, as a regular expression: "yesterday", "last week", "two days ago" (not
# "the last week", "this last year", "a year ago's").
FINISHED_TIME = (
    rf"(?:yesterday|(?<!the )(?<!this )last (?:{PAST_PERIODS})|"
    r"(?:\w+ )(?:days?|weeks?|months?|years?|hours?|minutes?) ago)\b(?![’']s)"
)
# Verbs whose object a bare verb follows ("make it work", "saw it happen", "help it grow").
BARE_AFTER_OBJECT = frozenset("make let have help see watch hear feel notice bid get".split())
CLAUSE_OPENERS = frozenset(
    "and but or so because when whenever while if since although though as where then which that "
    "once until unless whether after before now how what why".split()
)
CLOSED_CLASS = (
    DETERMINERS
    | OBJECT_PRONOUNS
    | SUBJECT_PRONOUNS
    | PREPOSITIONS
    | CLAUSE_OPENERS
    | frozenset(
        "that not also only just even still already never always often is are was were be been being am "
        "do does did have has had will would can could should may might must shall many much more most few "
        "several both all such there here".split()
    )
)
# Every preposition of English grammar, for telling an edit's kind ("in" -> "on" is a
# preposition's); :data:`PREPOSITIONS` holds those the rules read a phrase's end or an owner's
# place by, without the words that are as often particles or adverbs ("up", "out", "past", "as").
WORD_CLASS_PREPOSITIONS = PREPOSITIONS | frozenset(
    "above along as below beneath beside besides despite down except inside off out outside past per "
    "throughout till under underneath until unto up".split()
)
ARTICLES = frozenset({"a", "an", "the"})
MODALS = frozenset("can could will would should must may might shall".split())  # the central modals
# Verbs a clause may follow without "that" ("Say these help", "it implies no task is run"); not
# "require", "ask", whose clause is a subjunctive ("require that the producer convert").
CLAUSE_TAKERS = frozenset(
    "say think believe suppose imagine guess know hope pretend assume note ensure remember find mean imply".split()
)
# A singular subject's auxiliary -> a plural subject's ("is" -> "are", "doesn't" -> "don't").
PLURAL_AUXILIARY = {
    "is": "are",
    "was": "were",
    "has": "have",
    "does": "do",
    "doesn't": "don't",
    "isn't": "aren't",
    "wasn't": "weren't",
}
# The auxiliaries only a plural subject takes ("are", "have", "don't").
PLURAL_VERBS = frozenset("are were have do don't aren't weren't haven't".split())
# Pronouns that open a relative clause after the noun they stand for ("the files that", "a user who").
RELATIVE_PRONOUNS = frozenset("that which who".split())
# Determiners that open a subject with its noun ("My father", "the compiler", "another file").
SUBJECT_DETERMINERS = frozenset("the this that a an each every another my your his her its our their".split())

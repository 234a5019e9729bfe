"""The words of a sentence with their offsets, and the closed word classes (determiners,
pronouns, prepositions...) the grammar rules read context with; lemminflect
(:mod:`edgegram.engine.word_classes`) lists only open classes."""

from __future__ import annotations

from dataclasses import dataclass

from edgegram.engine.edits import WORD_RE

DETERMINERS = frozenset("a an the this that these those my your our their his her its every each another some any no".split())
OBJECT_PRONOUNS = frozenset("me us them him her it you".split())
SUBJECT_PRONOUNS = frozenset("i you he she it we they".split())
# The subject pronoun of an object pronoun whose form differs ("me" -> "I", "them" -> "they").
SUBJECT_OF_OBJECT = {"me": "I", "him": "he", "her": "she", "us": "we", "them": "they"}
PREPOSITIONS = frozenset(
    "of in on at to for from with by about into onto over under after before between through during without "
    "within across against among around behind beyond like near since than toward towards upon via".split()
)
# Words after which "have" is a main verb, not a perfect's auxiliary ("don't have write" wants "to").
DO_SUPPORT = frozenset("do does did don't doesn't didn't".split())
# The forms of "have" that make a perfect ("has gone"), unless "do" comes before them.
PERFECT_HAVE = frozenset("have has had".split())
# Forms of "be" and "have" a participle follows ("is known", "has written"), and the adverbs that
# may stand between ("has already written").
AUXILIARIES = frozenset("is are was were be been being am isn't aren't wasn't weren't have has had haven't hasn't hadn't".split())
ADVERBS_AFTER_AUXILIARY = frozenset("not also already often never always usually commonly sometimes rarely".split())
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
    "advice information furniture homework luggage baggage equipment software feedback news research".split()
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


@dataclass(frozen=True)
class Word:
    """A word of a sentence: ``sentence[start:end]``; ``lower`` with straight apostrophes."""

    start: int
    end: int
    text: str
    lower: str


def perfect_have(ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]`` is a perfect's "have" ("I have know her"), not a main verb after "do"
    ("we don't have write", which wants "to")."""
    return ws[index].lower in PERFECT_HAVE and not (index > 0 and ws[index - 1].lower in DO_SUPPORT)


def words(sentence: str) -> list[Word]:
    """The words of ``sentence`` in order."""
    return [Word(m.start(), m.end(), m.group(), m.group().lower().replace("’", "'")) for m in WORD_RE.finditer(sentence)]


def adjacent(sentence: str, first: Word, second: Word) -> bool:
    """Whether only spaces separate the two words (no punctuation, no markup)."""
    return first.end <= second.start and not sentence[first.end : second.start].strip()


def opens_clause(sentence: str, index: int, ws: list[Word]) -> bool:
    """Whether ``ws[index]`` begins the sentence or a clause: first word, after a comma,
    colon, semicolon, dash or bracket, or after a conjunction or subordinator."""
    if index == 0:
        return True
    gap = sentence[ws[index - 1].end : ws[index].start]
    return any(mark in gap for mark in ',;:(—"“') or ws[index - 1].lower in CLAUSE_OPENERS


def followed(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether another word follows ``ws[index]`` with only spaces between."""
    return index + 1 < len(ws) and adjacent(sentence, ws[index], ws[index + 1])


def followed_by(sentence: str, ws: list[Word], index: int, vocabulary: frozenset[str]) -> bool:
    """Whether the word right after ``ws[index]`` (only spaces between) is in ``vocabulary``."""
    return followed(sentence, ws, index) and ws[index + 1].lower in vocabulary


def ends_phrase(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether the noun phrase surely ends with ``ws[index]``: the sentence ends, a
    punctuation mark that ends phrases follows it (not a hyphen or a quote: "virus-host",
    'two price "tipping points"'), a preposition, or a subject pronoun that opens a clause."""
    if index + 1 == len(ws):
        return True
    after = sentence[ws[index].end : ws[index + 1].start].strip()
    if after:
        return after[:1] in (",", ".", ";", ":", "!", "?", ")")
    return ws[index + 1].lower in PREPOSITIONS or ws[index + 1].lower in _CLAUSE_SUBJECTS


# Pronouns that begin a clause of their own after a noun ("many operation we ask").
_CLAUSE_SUBJECTS = frozenset("i we they he she".split())


def in_case_of(original: str, replacement: str) -> str:
    """``replacement`` with ``original``'s first-letter case."""
    return replacement[:1].upper() + replacement[1:] if original[:1].isupper() else replacement


__all__ = [
    "CLAUSE_OPENERS",
    "PAST_PERIODS",
    "FINISHED_TIME",
    "CLOSED_CLASS",
    "DETERMINERS",
    "INVARIANT_PLURALS",
    "NUMBER_WORDS",
    "OBJECT_PRONOUNS",
    "PREPOSITIONS",
    "SUBJECT_PRONOUNS",
    "Word",
    "adjacent",
    "ends_phrase",
    "followed",
    "followed_by",
    "in_case_of",
    "opens_clause",
    "words",
]

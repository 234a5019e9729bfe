"""An auxiliary left before another finite verb, two verbs where the clause has room for one: "if
it is does not fast-forward" -> "it does not", "which is happens when" -> "which happens", "any
receive is listens for" -> "receive listens", "this module is depends on" -> "module depends",
"a function that did could answer it" -> "that could answer". The first one goes: it is the one a
writer left when rewording.

The first is a form of "be" before a modal, a form of "do" or "have" (not "had": "it is had") or a
verb's -s form that is no noun's plural ("are templates" is a noun); or a form of "do" or "have"
right after a relative pronoun before a modal (not before "be": "those that do are born" leaves
a verb out). Not a form of "do" or "have" elsewhere, which ends a clause whose object is left out
as often ("the work we did could help", "the first thing to do is check", "the version we have
is old"), makes a perfect ("it has had") or stresses ("we do have"); not after an opening place
("At the center are edits by") or "there" ("There are adds in TV": the subject follows), nor
after a subordinator ("While is would be": the subject is
what is missing), nor where the first ends a clause that is the subject ("What it does is makes
it", "All it does is take", "whoever it is has": a wh-word or "all" before it), nor where the
second opens a question ("The question is does it matter")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import CLAUSE_OPENERS, MODALS
from edgegram.engine.analysis.pos_tagger import Token, tag
from edgegram.engine.analysis.trade_words import nouns
from edgegram.engine.analysis.word_classes import NOUN, is_third_person, readings, singular_of_plural
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.sentences.lexicon import Lexicon

_BE = frozenset("is are was were".split())  # not "am": "after 9:12 am is"
_DO_HAVE = frozenset("has have had do does did".split())
# What may follow a form of "be" as a second finite verb: a modal, a form of "do" or "have" (not
# "had", a perfect's participle: "it is had"), or a verb's -s form (below).
_AFTER_BE = MODALS | frozenset("do does did has have".split())
# Words before the first verb that make the clause it ends a subject ("What it does is", "All it
# does is", "whoever it is has").
_SUBJECT_CLAUSE = frozenset("what whatever who whoever whom how where why whether all".split())
_RELATIVES = frozenset("who that which".split())
# Tags of a word that cannot end the first verb's subject (a subordinator, a conjunction, a mark).
_NO_SUBJECT = frozenset({"IN", "CC", "RB", ".", "TO", "MD"})
_OPENERS = CLAUSE_OPENERS - _RELATIVES  # "While is would be" (the tagger may read "While" as a name)
# Prepositions that open a sentence whose subject may follow its verb ("At the center are edits").
_INVERTING_PREPOSITIONS = frozenset("at in on among under behind beside near inside outside above below".split())
# What follows a verb that opens a question ("is does it matter", "is do we need it").
_QUESTION_SUBJECTS = frozenset("i you he she it we they there this that these those the a an".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    tokens = tag(sentence)
    for index in range(1, len(tokens) - 1):
        first, second = tokens[index], tokens[index + 1]
        if sentence[first.end : second.start] != " " or first.text.lower() == second.text.lower():
            continue  # a word twice is rules.doubled's
        if tokens[index - 1].tag in _NO_SUBJECT or tokens[index - 1].text.lower() in _OPENERS | {"there"}:
            continue  # "While is would be": a subject left out; "There are adds": the subject after it
        if not _two_verbs(tokens, index):
            continue
        if any(t.text.lower() in _SUBJECT_CLAUSE for t in tokens[:index]):
            continue  # "What it does is makes it", "All it does is take", "whoever it is has"
        if tokens[0].text.lower() in _INVERTING_PREPOSITIONS and second.tag == "VBZ":
            continue  # the subject after its verb: "At the center of it are edits by"
        if second.text in _AFTER_BE and index + 2 < len(tokens) and tokens[index + 2].text.lower() in _QUESTION_SUBJECTS:
            continue  # a question after it: "The question is does it matter"
        yield first.start, second.start, ""


def _two_verbs(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether ``tokens[index]`` is an auxiliary with another finite verb right after it that
    leaves it no room: a form of "be" before a modal, a form of "do" or "have", or a verb's -s form
    that is no noun ("is happens", "is listens"); a form of "do" or "have" right after a relative
    pronoun before a modal or a form of "be" ("a function that did could answer"; not "the work
    we did could help", "the thing we do is", "it has had", "we do have": a clause's object left
    out, a perfect, an emphasis)."""
    word, second = tokens[index].text.lower(), tokens[index + 1]
    next_word = second.text
    if not next_word.islower():
        return False  # "was May 7", "are CAN$2"
    if word in _BE:
        if next_word in _AFTER_BE:
            return True
        return second.tag == "VBZ" and is_third_person(next_word) and not _plural_noun(next_word)
    return word in _DO_HAVE and tokens[index - 1].text.lower() in _RELATIVES and next_word in MODALS


def _plural_noun(word: str) -> bool:
    """Whether ``word`` may be a noun's plural ("templates", "edits")."""
    return NOUN in readings(word) or singular_of_plural(word) is not None or word[:-1] in nouns() or word[:-2] in nouns()


RULE = Rule(
    id="rules.extra_auxiliary",
    kind=EditKind.UNNECESSARY_WORD,
    find=find,
    message="Remove '{original}': '{after}' is the verb here.",
    description=__doc__ or "",
    fires=(
        "It is updated even if it [is →]does not fast-forward.",
        "This happens to the repository, which [is →]happens when a push runs.",
        "With such a configuration any receive [is →]listens for remote write requests.",
        "A list of modules that this module [is →]depends on.",
        "It is a handy function that [did →]could answer that question, and he [is →]believes it.",
        "The changes are not known, but they [are →]could be released, and two people [are →]have died.",
    ),
    leaves=(
        "What it does is makes the file smaller, and all it does is take time.",
        "The question is does it matter at all.",
        "Those who were are gone, and what it is has changed.",
        "It is done, it has been done, and it does work; it has had no effect, and we do have some.",
        "The first thing to do is check it, the work we did could help, and the version we have is old.",
        "Generated files are templates, and the code we have is fetching data.",
        "While is would be hard to document, it is not.",
        "Many of those that do are born deformed; it was May 7 at 9:12 am, and the poppies are CAN$2 apiece.",
        "At the center of the investigation are edits by the IP address, and there are kidnaps everywhere.",
        "He had had enough, and Is does a verb?",
    ),
)


__all__ = ["find", "RULE"]

"""A word or a pair of words written twice ("the the", "user user", "is a is a"): the second
goes.

Any word twice in a row is a slip, also across a line break, except the few that English
repeats on purpose: "that that" and "had had" ("She said that that was all"; but "that that"
after a noun that takes no clause and before a verb is a relative pronoun twice: "code that that
is triggered"), "is is" or "was was" after a clause that "what" opens ("What it is is a bug"),
"is is" after "as" ("caching the directory as is is slow": "as is", then the verb),
"do do" ("what we do do is"),
reduplications ("very very", "bye bye", "log log n") and a name whose second half is its first
("Bora Bora", "Walla Walla": the second word capitalised). An auxiliary written twice around an
adverb goes too ("are instead are implicitly added"; not after "what": "What it is not is"). A single letter other than "a" ("x
x"), numbers and words with digits are left alone. A pair twice ("of the of the") goes when
its words are not both ones that may repeat ("ha ha ha ha")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import PARTICLES, PREPOSITIONS
from edgegram.engine.analysis.pos_tagger import tag
from edgegram.engine.analysis.word_classes import ADV, NOUN, classes, is_third_person
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.sentences.lexicon import Lexicon

# Words that English writes twice on purpose: a clause and its complement ("that that", "had
# had", "do do") and reduplications, which intensify or imitate ("very very", "bye bye", "log log").
MAY_REPEAT = frozenset(
    "that had do did does very really so no yes bye ha haha ho hey la well now there tut tsk chop knock blah bla "
    "hip hush night tick tock ping pong boo yada choo many long far more much again log ya yeah oh ah wow "
    "go come win bang".split()
)
# Function words, never right twice in any case ("The the", "to the The Netherlands"); other words
# twice are a slip only in lower case: "the Parameter parameter", "Bora Bora" are a name and its kind.
FUNCTION_WORDS = frozenset(
    "a an the to of in on at by for from with into onto about and or but nor is are was were be been "
    "it its this these those their our your my his her can will would should could may might must "
    "not as if than then when which who whose".split()
)
# Pairs said twice on purpose ("same old same old"), and the joining words of a word repeated
# around one ("through and through and", "day after day after"), which a pair twice may be.
_PAIRS_MAY_REPEAT = frozenset({("same", "old")})
_REPEATED_AROUND = frozenset("and or after by upon".split())
_WH_WORDS = frozenset("which who what".split())
# Nouns that take a clause, which "that that" may open ("the fact that that is wrong").
_CLAUSE_NOUNS = frozenset(
    "fact idea claim notion belief hope news assumption possibility chance evidence sign point way reason view "
    "argument guarantee assurance proof rule requirement condition suggestion statement feeling sense impression "
    "thought risk danger worry fear concern doubt suspicion hint indication expectation".split()
)
# What may follow "it is" but no verb after "it" ("it it totally safe", "It it the set"): the
# tagger's determiners, adjectives, adverbs, participles, prepositions.
_NO_VERB_AFTER_IT = frozenset("DT JJ JJR JJS RB RBR RBS VBN VBG IN CD".split())
# Words after which a clause opens with no subject yet: "but is is possible" -> "but it is".
_CLAUSE_OPENERS = frozenset("but and or so which because since although though while if when".split())
_FINITE_VERBS = frozenset("is are was were has have can will would should may might must does did".split())
# "is" or "was" twice: the first ends a clause that "what" opens, the second is the main verb.
_CLEFT_VERBS = frozenset({"is", "was"})
_WHAT_RE = re.compile(r"\bwhat\b(?!['’])", re.IGNORECASE)  # not "what's": its verb is there
_GAP = r"(?:[ \t]+|[ \t]*\n[ \t]*)"  # spaces, or a line break with no blank line
_WORD = r"[^\W\d_]+(?:['’][^\W\d_]+)?"  # letters, with an apostrophe inside ("don't")
_DOUBLED_RE = re.compile(rf"(?<![\w'’.-])({_WORD}){_GAP}({_WORD})(?![\w'’-])")
_PAIR_TWICE_RE = re.compile(rf"(?<![\w'’.-])({_WORD})({_GAP})({_WORD}){_GAP}({_WORD}){_GAP}({_WORD})(?![\w'’-])")
_NEXT_WORD_RE = re.compile(rf"{_GAP}({_WORD})")
# An auxiliary, an adverb and the same auxiliary again ("are instead are", "is also is").
_AUXILIARY = "is|are|was|were|has|have|will|can|should|would|could|must"
_AUXILIARY_AROUND_ADVERB_RE = re.compile(rf"(?<![\w'’-])({_AUXILIARY}) ([a-z]+) ({_AUXILIARY})(?![\w'’-])", re.IGNORECASE)
_SENTENCE_START_RE = re.compile(r"[\W_]*\Z")  # nothing but marks before a word: it opens the sentence


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    """The second of two equal neighbouring words, with the space before it, and the second of
    two equal neighbouring pairs of words."""
    position = 0
    while (m := _DOUBLED_RE.search(sentence, position)) is not None:
        if _slip(m.group(1), m.group(2), sentence[: m.start()]):
            yield _it_is(sentence, m) or _across_lines(sentence, m) or (m.end(1), m.end(2), "")
        elif m.group(1).casefold() == "that" == m.group(2).casefold() and _relative_that_twice(sentence, m.start(), m.end()):
            yield m.end(1), m.end(2), ""
        position = m.start(2)
    position = 0
    while (m := _PAIR_TWICE_RE.search(sentence, position)) is not None:
        if _pair_slip(sentence, m):
            yield m.end(3), m.end(5), ""
        position = m.start(2)
    for m in _AUXILIARY_AROUND_ADVERB_RE.finditer(sentence):
        if (
            m.group(1).casefold() == m.group(3).casefold()
            and _adverb_only(m.group(2))
            and not _WHAT_RE.search(sentence[: m.start()])
        ):
            yield m.end(2), m.end(3), ""  # "are instead are implicitly added": the second goes


def _adverb_only(word: str) -> bool:
    """Whether ``word`` is an adverb and nothing else ("instead", "also", "otherwise"; not "to" of
    "have to have", "since": prepositions too)."""
    lower = word.lower()
    return classes(lower) == {ADV} and lower not in PREPOSITIONS and lower not in PARTICLES


def _across_lines(sentence: str, m: re.Match[str]) -> tuple[int, int, str] | None:
    """For a word written twice across a line break, the first one with the space before it (the
    fix keeps the line break: "the test[ test→]" then "test runner" on the next line), where the two
    are written alike and a space stands before the first."""
    if "\n" not in sentence[m.end(1) : m.start(2)] or m.group(1) != m.group(2):
        return None
    start = m.start(1)
    while start > 0 and sentence[start - 1] in " \t":
        start -= 1
    return (start, m.end(1), "") if start < m.start(1) else None


def _slip(first: str, second: str, before: str) -> bool:
    """Whether ``second`` right after ``first`` repeats it by mistake (``before``: the sentence
    up to ``first``)."""
    word = first.casefold()
    if word != second.casefold() or word in MAY_REPEAT:
        return False
    if word in FUNCTION_WORDS:
        as_is = word == "is" and re.search(r"\bas\s+$", before, re.IGNORECASE) is not None  # "caching it as is is slow"
        return not (word in _CLEFT_VERBS and _WHAT_RE.search(before)) and not as_is
    if len(word) == 1 or not second.islower():
        return False  # a letter named twice ("x x"), a name ("Bora Bora", code's placeholders)
    return first == second or (first == second.capitalize() and _SENTENCE_START_RE.match(before) is not None)


def _it_is(sentence: str, m: re.Match[str]) -> tuple[int, int, str] | None:
    """The fix of "it it" or "is is" (``m``) that is "it is" with a letter slipped: "it it" before
    no verb ("However, it it totally safe", "It it the set of commits") -> "it is"; "is is" with
    no subject before it, at the sentence's or a clause's start ("but is is possible", "In
    particular, is is breaking", "(Which is is, so") -> "it is". None for other doubled words, and
    where dropping one is the fix ("it it works", "The point is is that")."""
    word = m.group(1).casefold()
    if word == "it" and m.group(2) == "it":
        after = next((t for t in tag(sentence) if t.start >= m.end()), None)
        if after is not None and after.tag in _NO_VERB_AFTER_IT:
            return m.start(2), m.end(2), "is"
    elif word == "is" and m.group(2) == "is":
        before = re.search(rf"({_WORD})?([^\w]*)\Z", sentence[: m.start()])
        previous, gap = ((before.group(1) or "").casefold(), before.group(2)) if before else ("", "")
        if not previous or any(mark in gap for mark in ",;:(") or previous in _CLAUSE_OPENERS:
            return m.start(1), m.end(1), "It" if m.group(1)[0].isupper() else "it"
    return None


def _relative_that_twice(sentence: str, start: int, end: int) -> bool:
    """Whether "that that" (``sentence[start:end]``) after a noun and before a verb is a relative
    pronoun written twice ("code that that is triggered", "a function that that accepts"): the
    second "that" has no noun to stand before, and the noun no clause to take, unless it is one
    that takes a clause ("the fact that that is wrong", "the idea that that works"); read with the
    sentence's parts of speech ("we test that that works": a verb before it; "a name that that
    points": a verb's -s form that may be a plural too, read as the verb)."""
    tokens = tag(sentence)
    before = [t for t in tokens if t.end <= start]
    after = [t for t in tokens if t.start >= end]
    if not before or not after or before[-1].tag not in ("NN", "NNS") or before[-1].text.lower() in _CLAUSE_NOUNS:
        return False
    verb = after[0].text.lower()
    return verb in _FINITE_VERBS or (is_third_person(verb) and (NOUN not in classes(verb) or after[0].tag == "VBZ"))


def _pair_slip(sentence: str, m: re.Match[str]) -> bool:
    """Whether the match of :data:`_PAIR_TWICE_RE` is a pair of lower-case words written twice by
    mistake: not a chain ("more and more and more", "on and on and on") nor a pair with "and",
    "or", "after", "by" or "upon" ("a Yorkshireman through and through and", "years and more and
    more people"), nor a pair of words that may repeat ("ha ha ha ha")."""
    first, second = (m.group(1), m.group(3)), (m.group(4), m.group(5))
    lowered = tuple(w.casefold() for w in first)
    if lowered != tuple(w.casefold() for w in second) or lowered[0] == lowered[1]:
        return False
    if not (second[0].islower() and second[1].islower() and first[1].islower()):
        return False  # names and code's placeholders ("Xxx and Xxx and")
    if all(w in MAY_REPEAT for w in lowered) or lowered in _PAIRS_MAY_REPEAT or set(lowered) & _REPEATED_AROUND:
        return False
    if set(lowered) & _WH_WORDS and set(lowered) & _CLEFT_VERBS:
        return False  # "The question is which is which", "who is who"
    after = _NEXT_WORD_RE.match(sentence, m.end())
    before = re.search(rf"({_WORD}){_GAP}\Z", sentence[: m.start()])
    chained = (after is not None and after.group(1).casefold() == lowered[0]) or (
        before is not None and before.group(1).casefold() == lowered[1]
    )
    return not chained


RULE = Rule(
    id="rules.doubled",
    kind=EditKind.UNNECESSARY_WORD,
    find=find,
    message="'{original}' is written twice: remove one.",
    description=__doc__ or "",
    fires=(
        "What's important here is[ is→] that it works.",
        "It goes to[ to→] the park.",
        "To find a[ a→] place, look.",
        "The[ the→] cat sat.",
        "It spawned a pager even when the user[ user→] asked not to.",
        "The current project is termed[ termed→] the superproject.",
        "Do not add new[ new→] fields to the struct.",
        "If it is specified, it is a[ is a→] threshold on the similarity.",
        "The name of the[ of the→] object is fixed.",
        "In the[ The→] Netherlands it is banned.",
        "Please update[ update→] your playbooks.",
        "This is handy for code that[ that→] is triggered by a script, and a function that[ that→] accepts any.",
        "A name that[ that→] points to an object.",
        "It is handed off to the[ test→]\ntest runner.",
        "However, it [it→is] totally safe, and it [it→is] the set of commits.",
        "It works, but [is→it] is possible to break. In particular, [is→it] is breaking for users.",
        "It fails when it[ it→] works.",
        "The point is[ is→] that it works.",
        "They are not written but are instead[ are→] implicitly added, and it is also[ is→] fast.",
    ),
    leaves=(
        "He had had enough, and that that was it.",
        "What it is is a bug, and caching the entire directory as is is often slow.",
        "She said that that was all.",
        "He had had enough of it.",
        "Bora Bora is far away.",
        "It sorts in O(n log log n) time.",
        "The matrix x x y is square.",
        "Say bye bye to the old API, and ha ha ha ha.",
        "What we do do is check the input.",
        "Version 2 2 was skipped.",
        "Use the Parameter parameter of the cmdlet.",
        "It grew more and more and more, and went on and on and on.",
        "Use Xxxx and Xxxx and Xxxx here.",
        "It is the same old same old, and the question is which is which.",
        "Make sure that that directory is there: the fact that that is wrong, in a way that that site knows.",
        "We test that that works.",
        "He is a Yorkshireman through and through and a fan of the club.",
        "It grew over the past few years and more and more people try it.",
        "What it is not is a bug, and what it was then was a feature; we would have to have a summit.",
    ),
)


__all__ = ["FUNCTION_WORDS", "MAY_REPEAT", "find", "RULE"]

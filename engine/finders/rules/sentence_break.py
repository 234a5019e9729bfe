"""A capital after a comma, mid-sentence. After a main clause a sentence ended there, with a comma
instead of its period ("are all disabled by default, To enable one of them" -> "default. To",
"a list of commands, It may be" -> "commands. It"); after a clause that a
subordinator opens ("If you have questions, You can", "To test it, You must") the sentence goes
on, and the word takes its lower case ("you").

The word after the comma is a function word ("To", "The", "This", "If", "It", "You"; not "I",
a modal, nor a verb or a noun, which are as often names: "Google", "Fortify", "May") and the word
after it is in lower case ("The first route", not "The Rust Performance Book"). Before the comma
stands a clause: a finite verb, and four words or more since the sentence's start or its last
mark, the last one in lower case, most of them in lower case (not a title: "Update The Manifests
Using Your Tool, And Push"), and no quotation."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import CLOSED_CLASS, MODALS
from edgegram.engine.analysis.pos_tagger import FINITE_TAGS, tag
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Fix, Rule
from edgegram.engine.sentences.lexicon import Lexicon

# A comma, one space, a capitalised word in letters (not all capitals), and what follows it.
_COMMA_CAPITAL_RE = re.compile(r"(?<=[a-z)`'\"])(,) ([A-Z][a-z]+)\b")
_MIN_CLAUSE_WORDS = 4  # words of the clause before the comma
_MIN_WORDS_AFTER = 3  # words after the capitalised one
_WORD_RE = re.compile(r"[A-Za-z][\w'’-]*")
# Marks after which a clause starts (the clause before the comma is counted from the last).
_CLAUSE_MARKS = re.compile(r"[.;:!?(]")
_QUOTES = ('"', "“", "”")
# Words that open a clause that a main clause follows after its comma.
_SUBORDINATORS = frozenset(
    "if when whenever to as although though because since while once before after unless until whether where".split()
)


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _COMMA_CAPITAL_RE.finditer(sentence):
        word = m.group(2)
        after = _WORD_RE.findall(sentence[m.end(2) :])
        if not _function_word(word) or len(after) < _MIN_WORDS_AFTER or not (after[0].islower() or after[0] == "I"):
            continue
        if not re.match(r" [A-Za-z]", sentence[m.end(2) : m.end(2) + 2]):
            continue  # a label ("their What (application), Where (region)")
        before = sentence[: m.start(1)]
        clause = _CLAUSE_MARKS.split(before)[-1]
        clause_words = _WORD_RE.findall(clause)
        if len(clause_words) < _MIN_CLAUSE_WORDS or not clause_words[-1].islower() or any(q in before for q in _QUOTES):
            continue  # a short phrase, a name or code before the comma ("dict[Any, Any]"), a quotation
        if sum(w[0].isupper() for w in clause_words[1:]) * 2 > len(clause_words) - 1:
            continue  # a title in title case
        clause_start = len(before) - len(clause)
        if not any(t.tag in FINITE_TAGS and clause_start <= t.start < m.start(1) for t in tag(sentence)):
            continue  # no verb before it: a list or a title ("Red, Green and Blue", "In Python, The")
        if clause_words[0].lower() in _SUBORDINATORS:
            yield m.start(2), m.end(2), word.lower()  # "If you have questions, You can" -> "you"
        else:
            yield m.start(1), m.end(1), "."  # "disabled by default, To enable" -> "default. To"


def _function_word(word: str) -> bool:
    """Whether the capitalised ``word`` is a function word that may open a sentence: not "I", nor a
    modal or "May", "Will", which are names or months as often."""
    lower = word.lower()
    return lower in CLOSED_CLASS and lower != "i" and lower not in MODALS


def _message(fix: Fix) -> str:
    if fix.replacement == ".":
        return f"'{fix.after}' starts a new sentence: end the one before it with a period."
    return f"The sentence goes on after the comma: write '{fix.replacement}' in lower case."


RULE = Rule(
    id="rules.sentence_break",
    kind=EditKind.PUNCTUATION,
    find=find,
    message=_message,
    description=__doc__ or "",
    fires=(
        "The sample hooks are all disabled by default[,→.] To enable one of them, rename it.",
        "Enter the command to get a list of available commands[,→.] It may be a good idea to read them.",
        "The value is checked when the server starts[,→.] This means a change needs a restart.",
        "If you have questions, [You→you] can ask them in the forum.",
    ),
    leaves=(
        "In Python, The code runs; Red, Green and Blue are colours.",
        "Section 2, The Basics explains it, and I said, I will go.",
        'He said "it is done, The end" and left.',
        "It is done, NASA says, and Kubernetes, Docker and Linux all run it, Alice said.",
        "If the login attempt is successful, Fortify will redirect you, and it runs, Google said.",
        "There are a lot of profiling tools out there, The Rust Performance Book lists some.",
        "Update The Local Manifests Using Your Tool, And Push The Changes To Git now.",
        "It is not assignable to type dict[Any, Any] in this function, and it has warnings for Is, As and Unwrap.",
        "It groups devices by their What (application, stack or microservice), Where (region) and When (time).",
    ),
)


__all__ = ["find", "RULE"]

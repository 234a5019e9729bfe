"""Real-word slips: a function word typed as another a letter or two away, which no word list can
catch because both are words ("imperative commands can by run" -> "be", "If volume if of type"
-> "is", "will again prompt your for a message" -> "you", "data that where computed" -> "were").

Two tests, and both must agree. First the word pairs (:func:`suspects`): by Google's counts of
word pairs (:mod:`edgegram.engine.finders.word_pairs`), the word between its neighbours is at
least :data:`PAIR_MARGIN` (a log) less likely than a word it may have been meant to be
(:data:`MEANT`), and one of its own pairs is not counted at all. Then the model
(:class:`edgegram.engine.judge.mechanical_edits.MechanicalFinder`): with the meant word in its
place, it must copy the words around more readily by at least :data:`FIT_MARGIN` nats. The pairs
alone flag correct text ("ignore the error the there were"); the model alone, asked of every
function word, would cost a model run for each.

:data:`MEANT` holds the slips of writers' own fixes of their docs (the real-error dev pairs), less
those that flagged more correct words than slips there or in learners' essays: "of" for "one"
("COO of the CNCF"), "in" for "it" ("vulnerabilities in Go"), "to" for "go", "the" for "then"
("Detach the argv array"; the function-word slips rule reads it after a modal), "is" for "if",
"it" for "is", "of" for "or" and "on" for "of" (in essays the word was more often right, or a word
was missing: "because is hard" lacks "it", "it name's" is "its"); "an", "a" and "and" are the
articles rule's. Some places are never judged: a word right after an article, which names it ("an
if expression", "the or operator"); "is" after a form of "do" ("All the tag does is tell") or
before a word that is no verb ("because is hard"; "While is would be" is "it"); "the" as "they"
before a noun or an unknown word ("Detach the argv array", where the odd word made "they" read
better to the model).

A rare word typed for a function word is judged the same way (:data:`RARE_RULE`): a word that
English writes far more rarely than a function word a letter from it, which the speller passes as
one the lexicon knows or as too short to judge ("following thi link" -> "this", "code ahs been
corrected" -> "has"; where the speller flags the word, its edit stands). Its candidates are those
function words at least :data:`RARE_RATIO` times as common (:func:`rare_candidates`); a word the
document uses more than once is its term, not judged."""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from edgegram.engine.analysis.closed_class import CLOSED_CLASS
from edgegram.engine.analysis.glue import glued_at
from edgegram.engine.analysis.word_classes import AUX, NOUN, VERB, classes
from edgegram.engine.finders.rules.tokens import in_case_of
from edgegram.engine.finders.word_pairs import shipped_pairs

# What each function word may have been meant to be, when the words around it read so.
MEANT: dict[str, tuple[str, ...]] = {
    "if": ("is",),
    "is": ("it",),  # before a verb: _VERB_AFTER
    "in": ("is",),
    "your": ("you",),
    "you": ("your",),
    "the": ("they",),
    "they": ("the",),
    "then": ("the", "than"),
    "than": ("then",),
    "by": ("be",),
    "be": ("by",),
    "where": ("were",),
    "were": ("where",),
    "form": ("from",),
    "how": ("now",),
    "now": ("how",),
    "our": ("out",),
    "out": ("our",),
    "do": ("to",),
    "or": ("of",),
    "one": ("on", "once"),
    "once": ("one",),
    "as": ("at",),
    "at": ("as",),
}
# How much likelier the pairs must make the meant word than the typed one, a log (e^2 times): with
# 1.5 the pairs flagged a quarter more correct sentences, the model letting more of them through.
PAIR_MARGIN = 2.0
# Nats by which the model must copy the words around the meant word more readily than around the
# typed one. On the real-error dev pairs and 30,000 technical and 30,000 clean sentences, of the
# places the pairs flagged (with the first, longer MEANT, before the pairs left out above): at 3
# nats 6 slips no other check caught and 14 + 22 flags on the sentences (most of them slips of
# their writers: "workers, who where exposed"); at 2, 9 slips and 26 + 43; at 4, 5 and 10 + 13.
FIT_MARGIN = 3.0
# A known word counted fewer times than this (Google Books) may be a slip of a word at least
# RARE_RATIO times as common a letter away; RARE_MIN_LENGTH letters or more ("thi" -> "this").
RARE_COUNT = 500_000
RARE_RATIO = 100
RARE_MIN_LENGTH = 3
# The pairs count few of the words around a content word: a rare word's candidates need only read
# no worse by them, and the model decides among the likeliest few.
RARE_CANDIDATES = 3
RULE = "spelling.word_slip"
RARE_RULE = "spelling.rare_word_slip"
_TOKEN_RE = re.compile(r"[A-Za-z]+|\S")
_APOSTROPHES = frozenset("'’")  # after a contraction's stem ("doesn" of "doesn't")
_ARTICLES = frozenset({"a", "an", "the"})
_DO = frozenset({"do", "does", "did"})
_VERB_AFTER = frozenset({VERB, AUX})


@dataclass(frozen=True)
class WordSlip:
    """A word of a sentence that may be a slip of another: ``sentence[start:end]``, and the words
    it may have been meant to be, the likeliest by the word pairs first."""

    start: int
    end: int
    word: str
    candidates: tuple[str, ...]
    rule: str = RULE


def suspects(
    sentence: str,
    count: Callable[[str], int],
    close: Callable[[str], Sequence[str]] | None = None,
    term: Callable[[str], bool] = lambda word: False,
) -> list[WordSlip]:
    """The words of ``sentence`` (a model text) whose pairs read as another's (see the module
    docstring): lower-case function words of :data:`MEANT` between two words, a space either side,
    and, given ``close`` (a word's close common words, the speller's), rare words after a word, a
    space between, that are no part of a longer token (:func:`rare_candidates`); ``count``: a
    word's count alone (the speller's); ``term``: whether a word is the document's own term."""
    tokens = [(m.group(), m.start(), m.end()) for m in _TOKEN_RE.finditer(sentence)]
    found = []
    for (before, _, before_end), (word, start, end), (after, after_start, _) in zip(tokens, tokens[1:], tokens[2:]):
        if not before.isalpha() or sentence[before_end:start] != " " or _placeholder(before):
            continue
        spaced_word_after = after.isalpha() and sentence[end:after_start] == " " and not _placeholder(after)
        if word in MEANT:
            if not spaced_word_after or before.lower() in _ARTICLES:
                continue
            if word == "is" and (before.lower() in _DO or not _VERB_AFTER.intersection(classes(after.lower()))):
                continue
            meant = [
                m
                for m in _likelier(before.lower(), word, after.lower(), MEANT[word], count)
                if not (m == "they" and _may_be_named(after.lower()))
            ]
            rule = RULE
        elif (
            close is not None
            and not term(word)
            and not _part_of_a_token(sentence, start, end)
            and (candidates := rare_candidates(word, count, close))
        ):
            following = after.lower() if spaced_word_after else None
            meant = _likelier(before.lower(), word, following, candidates, count, margin=0.0)[:RARE_CANDIDATES]
            rule = RARE_RULE
        else:
            continue
        if meant:
            found.append(WordSlip(start, end, word, tuple(in_case_of(word, m) for m in meant), rule))
    return found


def rare_candidates(word: str, count: Callable[[str], int], close: Callable[[str], Sequence[str]]) -> list[str]:
    """The words a rare ``word`` may be a slip of: of ``close(word)``, the function words
    (:data:`~edgegram.engine.analysis.closed_class.CLOSED_CLASS`) :data:`RARE_RATIO` times as
    common, whose slips the model tells from the words as typed (it copies a rare content word as
    readily as the common one a letter away: "chian" / "chain"); none for a word with a capital
    or other than letters, of fewer than :data:`RARE_MIN_LENGTH` letters, or counted
    :data:`RARE_COUNT` times or more."""
    if not (word.isalpha() and word.islower() and word.isascii()) or len(word) < RARE_MIN_LENGTH:
        return []
    if word not in _near_function_words():
        return []  # no function word is a letter away: spare the count and the speller's lookup
    own = count(word)
    if own >= RARE_COUNT:
        return []
    return [c for c in close(word) if c in CLOSED_CLASS and count(c) >= RARE_RATIO * max(own, 1)]


def _part_of_a_token(sentence: str, start: int, end: int) -> bool:
    """Whether the word ``sentence[start:end]`` is a contraction's stem ("doesn" of "doesn't") or
    glued into a longer token ("thi" of "thi-party", "ahs" of "ahs.py")."""
    return sentence[end : end + 1] in _APOSTROPHES or glued_at(sentence, start, end)


@functools.cache
def _near_function_words() -> frozenset[str]:
    """Every string a letter from a function word: one left out, put in, replaced or two
    neighbours swapped (what the speller's lookup reaches), the function words themselves aside."""
    letters = string.ascii_lowercase
    near: set[str] = set()
    for word in CLOSED_CLASS:
        if not (word.isascii() and word.isalpha()):
            continue
        for i in range(len(word) + 1):
            left, right = word[:i], word[i:]
            near.update(left + c + right for c in letters)
            if right:
                near.add(left + right[1:])
                near.update(left + c + right[1:] for c in letters)
            if len(right) > 1:
                near.add(left + right[1] + right[0] + right[2:])
    return frozenset(near - CLOSED_CLASS)


def _may_be_named(word: str) -> bool:
    """Whether ``word`` may be a noun, or is one no list knows: an article may stand before it."""
    found = classes(word)
    return not found or NOUN in found


def _placeholder(word: str) -> bool:
    """Whether ``word`` stands for masked code or a URL (``Xx``): no pair counts it."""
    return word.startswith("X") and set(word[1:]) <= {"x"}


def _likelier(
    before: str, word: str, after: str | None, meant: Sequence[str], count: Callable[[str], int], margin: float = PAIR_MARGIN
) -> list[str]:
    """The words of ``meant`` that the pairs make ``margin`` likelier than ``word`` between
    ``before`` and ``after`` (None: the sentence's punctuation), the likeliest first (in the
    order of ``meant`` where as likely); none where each of the typed word's pairs is counted."""
    pairs = shipped_pairs()
    if pairs.counted(before, word) and (after is None or pairs.counted(word, after)):
        return []
    typed = pairs.fit(before, word, after, count)
    likelier = [(fit, m) for m in meant if (fit := pairs.fit(before, m, after, count)) >= typed + margin]
    return [m for _, m in sorted(likelier, key=lambda pair: -pair[0])]


def message(word: str, meant: str) -> str:
    """What a word slip's diagnostic says."""
    return f"'{word}' looks like a slip of '{meant}': the words around it read as '{meant}'."


__all__ = ["FIT_MARGIN", "MEANT", "PAIR_MARGIN", "RARE_RULE", "RULE", "WordSlip", "message", "rare_candidates", "suspects"]

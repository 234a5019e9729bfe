""" "is" left out after "this" or "it" opening a clause: "This equivalent to" -> "This is
equivalent to", "but this not a requirement" -> "this is not", "It possible to" -> "It is
possible to".

Only before "not" and what a negated predicate opens (an article, an adjective: not "this not
only", "it not working"), or before an adjective that is no verb or adverb (after "this", no noun
either unless "to" follows) with a preposition, "to", "that" or the clause's end after it (not
"this necessary step", "this kind of", "this afternoon": "this" is a determiner there). "this"
or "it" opens the sentence or a clause: after a comma, a semicolon or a conjunction, never after
a verb or a preposition ("makes it possible to", "of this important")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import ARTICLES, PREPOSITIONS
from edgegram.engine.analysis.word_classes import ADJ, ADV, NOUN, VERB, classes
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import Word, adjacent, ends_phrase, followed_by, words
from edgegram.engine.sentences.lexicon import Lexicon

_SUBJECTS = frozenset({"this", "it"})
_OPENERS = frozenset("but and so because since although though while if when whereas".split())
_TO = frozenset({"to"})
_AFTER_ADJECTIVE = PREPOSITIONS | _TO | frozenset({"that"})


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i in range(len(ws) - 2):
        subject, word = ws[i], ws[i + 1]
        if (
            subject.text not in _SUBJECTS | {"This", "It"}
            or not adjacent(sentence, subject, word)
            or not _opens_clause(sentence, ws, i)
        ):
            continue
        if word.lower == "not":
            after = ws[i + 2]
            if not (adjacent(sentence, word, after) and (after.lower in ARTICLES or classes(after.lower) == {ADJ})):
                continue  # "this not only", "it not working"
        elif not (word.text.islower() and _predicate(word.lower, subject.lower, followed_by(sentence, ws, i + 1, _TO))):
            continue  # "this kind of", "this afternoon": a determiner and its noun
        elif not (followed_by(sentence, ws, i + 1, _AFTER_ADJECTIVE) or ends_phrase(sentence, ws, i + 1)):
            continue  # "this necessary step": a determiner and its noun
        yield subject.end, subject.end, " is"


def _predicate(word: str, subject: str, to_follows: bool) -> bool:
    """Whether ``word`` after "this" or "it" can only be a predicate's adjective: an adjective and
    no verb or adverb; after "this", which may be a determiner, no noun either, unless "to" follows
    ("This equivalent to")."""
    found = classes(word)
    if ADJ not in found or found & {VERB, ADV}:
        return False
    return subject == "it" or NOUN not in found or to_follows


def _opens_clause(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]`` opens the sentence or a clause (after a comma, a semicolon or a
    conjunction)."""
    if index == 0:
        return not sentence[: ws[0].start].strip()
    gap = sentence[ws[index - 1].end : ws[index].start].strip()
    return gap in (",", ";", ":") or not gap and ws[index - 1].lower in _OPENERS


RULE = Rule(
    id="rules.missing_be",
    kind=EditKind.MISSING_WORD,
    find=find,
    message="Add 'is' after '{before}'.",
    description=__doc__ or "",
    fires=(
        "This[→ is] equivalent to the public item.",
        "Select it in the panel, but this[→ is] not a requirement.",
        "It[→ is] possible to run it twice.",
    ),
    leaves=(
        "This not only includes tests, but it not working is a problem.",
        "This necessary step makes it possible to run it, and the cost of this important change is low.",
        "This kind of shock is rare; this afternoon, the IT giant met, and this is so we can go.",
        "It is equivalent to this, and that not all of it works is clear.",
    ),
)


__all__ = ["find", "RULE"]

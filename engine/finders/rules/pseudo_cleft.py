"""The verb of a pseudo-cleft in its bare form: "What it does is disabling the check" -> "disable",
"all we had to do was moving it" -> "move".

A clause that ends in a plain "do", "does" or "did" before "is" or "was" ("What the hook does is",
"All you need to do is") leaves out the verb it stands for, and the verb after "is" takes its
place in the bare form (or with "to"). The "-ing" form belongs only after a progressive "doing":
"What I am doing is fixing the bug" stays. The word after "is" must be a verb's "-ing" form with
its object after it ("is moving it", "is caching the data"; not "What it does is interesting",
"is caching.": an adjective or a noun)."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import DETERMINERS, OBJECT_PRONOUNS
from edgegram.engine.analysis.word_classes import gerund_lemmas
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import adjacent, in_case_of, words
from edgegram.engine.sentences.lexicon import Lexicon

_DO = frozenset("do does did".split())
_BE = frozenset("is was".split())
# What opens the object of the verb after "is" ("is caching the data", "is moving it").
_OBJECT_OPENERS = DETERMINERS | OBJECT_PRONOUNS


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i in range(1, len(ws) - 1):
        do, be, verb = ws[i - 1], ws[i], ws[i + 1]
        if do.lower not in _DO or be.lower not in _BE or not verb.text.islower() or not verb.lower.endswith("ing"):
            continue
        if not (adjacent(sentence, do, be) and adjacent(sentence, be, verb)):
            continue
        lemmas = gerund_lemmas(verb.lower)
        has_object = i + 2 < len(ws) and adjacent(sentence, verb, ws[i + 2]) and ws[i + 2].lower in _OBJECT_OPENERS
        if not lemmas or not has_object:
            continue
        if lexicon.is_english(lemmas[0]):
            yield verb.start, verb.end, in_case_of(verb.text, lemmas[0])


RULE = Rule(
    id="rules.pseudo_cleft",
    kind=EditKind.VERB_FORM,
    find=find,
    message="After 'What it does {before}' and the like, the verb is bare: '{replacement}'.",
    description=__doc__ or "",
    fires=(
        "What it does is [disabling→disable] the error catching.",
        "Since all we had to do was [moving→move] it into an external function, it was easy.",
        "What the hook does is [caching→cache] the data for later.",
    ),
    leaves=(
        "What I am doing is fixing the bug, and what it does is interesting.",
        "What it does is caching.",
        "All you need to do is run the tests, and what they did was to move it.",
        "The thing it does is, broadly, moving data.",
    ),
)


__all__ = ["find", "RULE"]

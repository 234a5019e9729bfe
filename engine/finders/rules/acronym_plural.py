"""An acronym's plural written with an apostrophe, after a word that counts more than one: "the
number of CPU's" -> "CPUs", "many API's" -> "APIs", "all URL's" -> "URLs".

An apostrophe and "s" after an acronym is its possessive ("the CPU's cache", "MSVC's calling
convention", "a PV's node", "the list of NASA's priorities", "2004 MN4's risk"); only after a
count (a number word, "many", "several", "multiple", "various", "all", "both", "few", "these",
"those", "other", or "number of", "lots of", "couple of") and before what no possessive goes on
with (a mark, a function word or a word that is only a verb: "several MK's attacked"), is it the
plural."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import CLOSED_CLASS, NUMBER_WORDS
from edgegram.engine.analysis.word_classes import VERB, classes
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.sentences.lexicon import Lexicon

# Words after which what follows is more than one.
_COUNTS = NUMBER_WORDS - {"one"} | frozenset("many several multiple various numerous all both few these those other".split())
# Nouns of a quantity whose "of" a plural follows.
_QUANTITIES_OF = frozenset("number lots couple".split())
# An acronym: two capitals or more, digits after the first.
_ACRONYM = r"[A-Z][A-Z0-9]+"
# An acronym with an apostrophe and "s", the word before it, and the word after it (none before a
# mark or the sentence's end).
_ACRONYM_S_RE = re.compile(rf"\b([A-Za-z]+)( (?:of )?)({_ACRONYM})['’]s\b(?: ([A-Za-z]+))?")
_WITH_APOSTROPHE_RE = re.compile(rf"{_ACRONYM}['’]s")


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _ACRONYM_S_RE.finditer(sentence):
        before, joiner, acronym, after = m.group(1).lower(), m.group(2), m.group(3), m.group(4)
        counted = before in _QUANTITIES_OF if joiner == " of " else before in _COUNTS
        if counted and (after is None or _no_possession(after)):
            yield m.start(3), m.end(3) + 2, f"{acronym}s"


def drops_apostrophe(original: str, replacement: str) -> bool:
    """Whether an edit of ``original`` to ``replacement`` only takes the apostrophe out of an
    acronym's plural ("CPU's" -> "CPUs"), the acronym's letters kept: the one change of a
    protected acronym the safety net lets this rule make."""
    return _WITH_APOSTROPHE_RE.fullmatch(original) is not None and original.replace("'", "").replace("’", "") == replacement


def _no_possession(word: str) -> bool:
    """Whether ``word`` cannot be what a possessive before it owns: a function word or a verb
    and nothing else ("are", "on", "attacked")."""
    lower = word.lower()
    return lower in CLOSED_CLASS or classes(lower) == {VERB}


RULE = Rule(
    id="rules.acronym_plural",
    kind=EditKind.PUNCTUATION,
    find=find,
    message="An acronym's plural takes no apostrophe: '{replacement}', not '{original}'.",
    description=__doc__ or "",
    fires=(
        "Git detects the number of [CPU's→CPUs] and sets the threads.",
        "It calls many [API's→APIs] and checks all [URL's→URLs] in the list.",
        "Both [VM's→VMs] are restarted, and several [GPU's→GPUs] attacked it.",
    ),
    leaves=(
        "The CPU's cache is small, and it corresponds to MSVC's calling convention.",
        "The scheduler reads a PV's node constraint, and one CPU's load.",
        "The number of CPUs is shown, the list of NASA's priorities, and 2004 MN4's risk.",
        "Many CPU's caches are small.",
    ),
)


__all__ = ["drops_apostrophe", "find", "RULE"]

"""How technical writers write names and compounds, as many projects' documentation does it.

Five small lists, built from a corpus of other projects' docs by ``python -m
edge_model.data.tech_terms`` (nothing typed by hand):

- :func:`own_case_names`: names written in their own case ("github" -> "GitHub", "Javascript" ->
  "JavaScript", "linux" -> "Linux");
- :func:`lowercase_names`: names written in lower case even where a sentence starts ("npm",
  "pytest", "etcd"): no capital is owed there;
- :func:`compounds`: closed compounds writers spell open ("commandline" -> "command line"),
  nouns where their phrasal verb belongs ("to setup" -> "to set up") and the reverse ("the set
  up" -> "the setup"), and compound modifiers hyphenated before a noun ("read-only access");
- :func:`nouns`: nouns of technical writing that lemminflect lists as verbs only ("commit",
  "template");
- :func:`terms`: the words of technical writing, which it uses ten times as often as English
  at large ("histogram", "decrement", "parse", "cgroup"): the model may not replace one by
  another word (:mod:`edgegram.engine.judge.safety`).

Read once per process; :mod:`edgegram.engine.finders.rules.own_case`,
:mod:`edgegram.engine.finders.rules.compounds` and
:mod:`edgegram.engine.finders.rules.compound_modifiers` use them, and so does the check of a sentence's first
capital.
"""

from __future__ import annotations

import functools
import gzip
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from edgegram.engine.analysis.closed_class import CLOSED_CLASS
from edgegram.engine.analysis.glue import glued_at
from edgegram.engine.core.paths import WORDS_DIR

_WORDS = WORDS_DIR
NAMES_LIST = _WORDS / "names.txt.gz"
LOWERCASE_NAMES_LIST = _WORDS / "lowercase_names.txt.gz"
COMPOUNDS_LIST = _WORDS / "compounds.txt.gz"
TERMS_LIST = _WORDS / "terms.txt.gz"
NOUNS_LIST = _WORDS / "nouns.txt.gz"


def _rows(path: Path) -> list[list[str]]:
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [line.rstrip("\n").split("\t") for line in lines if line.strip()]


@functools.cache
def own_case_names() -> dict[str, str]:
    """A name's form, by its lower-case form ("github" -> "GitHub")."""
    return {lower: form for lower, form in _rows(NAMES_LIST)}


@functools.cache
def lowercase_names() -> frozenset[str]:
    """Names written in lower case at a sentence's start too."""
    return frozenset(row[0] for row in _rows(LOWERCASE_NAMES_LIST))


@functools.cache
def terms() -> frozenset[str]:
    """The words of technical writing, in lower case."""
    return frozenset(row[0] for row in _rows(TERMS_LIST))


@functools.cache
def nouns() -> frozenset[str]:
    """Nouns of technical writing that lemminflect knows as verbs only ("commit", "template")."""
    return frozenset(row[0] for row in _rows(NOUNS_LIST))


def is_trade_noun(word: str) -> bool:
    """Whether ``word`` is one of :func:`nouns` or its plural ("commits", "templates")."""
    found = nouns()
    return word in found or (word.endswith("s") and (word[:-1] in found or word[:-2] in found))


@dataclass(frozen=True)
class Compounds:
    """The compound tables, each by the form that is wrong where it stands."""

    split: dict[str, str]  # closed compound -> open ("commandline" -> "command line")
    verb: dict[str, str]  # noun -> its phrasal verb, where a verb belongs ("setup" -> "set up")
    noun: dict[str, str]  # phrasal verb -> its noun, where a noun belongs ("set up" -> "setup")
    hyphen: dict[str, str]  # open pair -> hyphenated, before a noun ("read only" -> "read-only")


@functools.cache
def compounds() -> Compounds:
    split: dict[str, str] = {}
    verb: dict[str, str] = {}
    noun: dict[str, str] = {}
    hyphen: dict[str, str] = {}
    for kind, joined, spaced in _rows(COMPOUNDS_LIST):
        if kind == "split":
            split[joined] = spaced
        elif kind == "verb":
            verb[joined] = spaced
        elif kind == "noun":
            noun[spaced] = joined
        elif kind == "hyphen":
            hyphen[spaced] = joined
    return Compounds(split, verb, noun, hyphen)


# The rest of a quoted literal and its closing quote (the opening one's partner), the sentence
# going on after it ('"git diff" had', '"git send-pack" (hence'; not a quoted sentence: '"the end
# is near," he said'), or past a comma after one or two words ('"git commit", after making';
# not '"the end is near", she said').
_QUOTES = (('"', '"'), ("'", "'"), ("“", "”"), ("‘", "’"), ("`", "`"))
_CLOSING_QUOTE = {
    opening: re.compile(
        rf"[^{closing}\n]{{0,60}}?(?<![,!?;:]){closing}(?=\s+[A-Za-z(])|(?:\s+[^\s{closing}]+)?{closing}(?=[,;]\s+[A-Za-z])"
    )
    for opening, closing in _QUOTES
}


# A word a document opens this many sentences with in lower case, and never writes with a capital,
# is a name its writer keeps so ("curl is a tool ...", "pip maintainers ...").
MIN_LOWER_OPENINGS = 2
_OPENING_WORD_RE = re.compile(r"^\W*?([a-z][a-z0-9]*)\b(?![-./_@])")
_CAPITALISED_RE = re.compile(r"\b[A-Z][a-z0-9]*\b")


def lower_case_names_of(sentences: Iterable[str]) -> frozenset[str]:
    """The names a document's writer keeps in lower case even where a sentence starts: words
    that open at least :data:`MIN_LOWER_OPENINGS` of its ``sentences`` in lower case and that
    it never writes with a capital, no function word (a writer who starts sentences with "the"
    has slipped, not named a thing). Like :func:`lowercase_names`, but the document's own:
    the projects whose names are common words ("curl", "pip", "hyper") are not on that list."""
    texts = list(sentences)
    openings = Counter(m.group(1) for text in texts if (m := _OPENING_WORD_RE.match(text)))
    wanted = {word for word, n in openings.items() if n >= MIN_LOWER_OPENINGS and word not in CLOSED_CLASS}
    if not wanted:
        return frozenset()
    capitalised = {m.group().lower() for text in texts for m in _CAPITALISED_RE.finditer(text)}
    return frozenset(wanted - capitalised)


def keeps_lower_case(sentence: str, start: int, end: int) -> bool:
    """Whether the lower-case word ``sentence[start:end]`` is a name its writer keeps in lower
    case even where a sentence starts: one of :func:`lowercase_names` ("npm", "uv's"), part of an
    identifier (:func:`~edgegram.engine.analysis.glue.glued_at`: "git-config", "setup.py"), or
    a literal in quotes that the sentence goes on after ('"git diff" had a weird case', '"git
    commit", after making a commit, did not')."""
    word = sentence[start:end]
    if re.sub(r"['’]s?$", "", word.lower()) in lowercase_names():
        return True  # also its possessive: "uv's resolver"
    if glued_at(sentence, start, end):
        return True
    closing = _CLOSING_QUOTE.get(sentence[start - 1]) if start > 0 else None
    return closing is not None and closing.match(sentence, end) is not None


__all__ = [
    "COMPOUNDS_LIST",
    "Compounds",
    "LOWERCASE_NAMES_LIST",
    "NAMES_LIST",
    "NOUNS_LIST",
    "TERMS_LIST",
    "compounds",
    "is_trade_noun",
    "keeps_lower_case",
    "lower_case_names_of",
    "lowercase_names",
    "nouns",
    "own_case_names",
    "terms",
]

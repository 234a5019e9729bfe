"""Compounds written as many projects' docs write them
(:func:`edgegram.engine.analysis.trade_words.compounds`):

- a closed compound that writers spell open: "commandline" -> "command line", "testsuite" ->
  "test suite"; hyphenated where it describes a noun and the docs hyphenate it there
  (:func:`~edgegram.engine.finders.rules.compound_modifiers.before_its_noun`: "toplevel array"
  -> "top-level array");
- a noun where its phrasal verb belongs, after "to", a modal, a pronoun subject or "please",
  or opening the sentence before its object, an imperative: "to setup the server" -> "to set
  up", "you can cleanup" -> "clean up", "Checkout the branch" -> "Check out";
- a phrasal verb where its noun belongs, after a determiner: "the set up is done" -> "the
  setup", "a work around" -> "a workaround"; not after "that" as a relative pronoun ("functions
  that set up the type"), nor a noun and a preposition opening a phrase of its own ("this log in
  stdout", "the work around the house": a determiner, a number, a name or an identifier follows).

Not a word glued to a hyphen, dot, slash, underscore, colon or "@" (an identifier: "setup.py",
"pytest-timeout", "branchname@nnn"), nor one with a capital ("InputObject", "propertyName", "Toolong": a name),
nor one that quotes or brackets enclose alone (a literal: '"branchname"@nnn').
The closed compounds are the corpus's: pairs it writes open far more often than closed, or
often and never closed ("unit testing", "text files")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import CLOSED_CLASS, DETERMINERS, OBJECT_PRONOUNS, PREPOSITIONS
from edgegram.engine.analysis.trade_words import compounds
from edgegram.engine.analysis.word_classes import NOUN, classes
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.compound_modifiers import before_its_noun
from edgegram.engine.finders.rules.record import Fix, Rule
from edgegram.engine.finders.rules.tokens import FREE_WORD_RE
from edgegram.engine.sentences.lexicon import Lexicon

_BEFORE_RE = re.compile(r"([A-Za-z']+)\s+$")
# Words after which a verb stands bare, and determiners after which a noun does (the contexts
# edge_model.data.tech_terms counted).
VERB_CONTEXT = frozenset(
    "to can could will would shall should must may might please you we they i don't doesn't didn't won't".split()
)
NOUN_CONTEXT = frozenset("the a an this that your our their my its his her each every any no same".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    table = compounds()
    for m in FREE_WORD_RE.finditer(sentence):
        word = m.group(1)
        lower = word.lower()
        if lower in table.split and word == lower and not _enclosed(sentence, m.start(), m.end()):
            split = table.split[lower]  # hyphenated where it describes a noun: "toplevel array" -> "top-level"
            yield m.start(), m.end(), _cased(word, before_its_noun(sentence, split, m.end()) or split)
        elif lower in table.verb and word == lower and _before(sentence, m.start()) in VERB_CONTEXT:
            yield m.start(), m.end(), table.verb[lower]
        elif lower in table.verb and word in (lower, lower.capitalize()) and _imperative(sentence, m.start(), m.end()):
            yield m.start(), m.end(), _cased(word, table.verb[lower])  # "Setup the server" -> "Set up"
    words = list(FREE_WORD_RE.finditer(sentence))
    for first, second in zip(words, words[1:]):
        if sentence[first.end() : second.start()] != " ":
            continue
        joined = table.noun.get(f"{first.group(1)} {second.group(1)}")
        if joined is None or _before(sentence, first.start()) not in NOUN_CONTEXT:
            continue
        if not _relative_that(sentence, first.start()) and not _noun_and_its_place(sentence, first, second):
            yield first.start(), second.end(), joined


_OPENERS, _CLOSERS = "\"'“‘(<[{", "\"'”’)>]}"


def _enclosed(sentence: str, start: int, end: int) -> bool:
    """Whether quotes or brackets enclose ``sentence[start:end]`` alone: a literal or a placeholder
    named ('"branchname"@nnn', '" (tagname)"'), not a word of the sentence."""
    return start > 0 and end < len(sentence) and sentence[start - 1] in _OPENERS and sentence[end] in _CLOSERS


def _before(sentence: str, start: int) -> str:
    """The word right before ``start``, in lower case ("" if none)."""
    m = _BEFORE_RE.search(sentence, 0, start)
    return m.group(1).lower().replace("’", "'") if m else ""


_OPENING_MARKS = " \t*-+#>\"'“‘(["  # what may stand before a sentence's first word: markup, quotes


def _imperative(sentence: str, start: int, end: int) -> bool:
    """Whether the word ``sentence[start:end]`` opens the sentence as an imperative: a determiner
    or an object pronoun follows it ("Setup the server", "Checkout a new branch", "Cleanup it";
    not "Setup for Docker", "Fallback to HTTP/1.1": a heading's noun; nor before "that" or "no",
    which a noun subject takes as well: "Setup no longer installs a plugin")."""
    before = sentence[:start].rstrip(_OPENING_MARKS)
    if before and before[-1] not in ".!?:":
        return False  # not after a sentence's end or a label's colon
    after = _NEXT_WORD_RE.match(sentence, end)
    return after is not None and after.group(1).lower() in (DETERMINERS | OBJECT_PRONOUNS) - {"that", "no"}


def _relative_that(sentence: str, start: int) -> bool:
    """Whether the word before ``start`` is "that" after a noun, a relative pronoun whose verb
    follows ("functions that set up the type", "imports that fall back to"), not a determiner
    ("with that set up")."""
    that = _BEFORE_RE.search(sentence, 0, start)
    if that is None or that.group(1).lower() != "that":
        return False
    noun = _before(sentence, that.start())
    return NOUN in classes(noun) and noun not in CLOSED_CLASS


_NEXT_WORD_RE = re.compile(r"\s+([A-Za-z0-9][\w'’]*)")


def _noun_and_its_place(sentence: str, first: re.Match[str], second: re.Match[str]) -> bool:
    """Whether the pair is a noun and a preposition that opens a phrase of its own after it ("this
    log in stdout", "the work around the house"), not a phrasal verb's noun written open ("the set
    up is done", "a work around for now"): ``first`` is a noun too, ``second`` a preposition, and a
    determiner, a number, a name or a word lemminflect does not know (an identifier) follows."""
    if NOUN not in classes(first.group(1).lower()) or second.group(1).lower() not in PREPOSITIONS:
        return False
    after = _NEXT_WORD_RE.match(sentence, second.end())
    if after is None:
        return False
    word = after.group(1)
    lower = word.lower()
    return lower in DETERMINERS or word[0].isdigit() or word[0].isupper() or not (classes(lower) or lower in CLOSED_CLASS)


def _cased(word: str, replacement: str) -> str:
    """``replacement`` with ``word``'s first capital."""
    return replacement[0].upper() + replacement[1:] if word[0].isupper() else replacement


def _message(fix: Fix) -> str:
    if "-" in fix.replacement and "-" not in fix.original:
        return f"Before a noun, '{fix.replacement}' is hyphenated."
    if " " in fix.replacement and fix.before.lower() in VERB_CONTEXT:
        return f"As a verb, '{fix.replacement}' is two words."
    if " " in fix.original and " " not in fix.replacement:
        return f"As a noun, '{fix.replacement}' is one word."
    return f"'{fix.replacement}' is written as two words."


RULE = Rule(
    id="rules.compounds",
    kind=EditKind.SPELLING,
    find=find,
    message=_message,
    description=__doc__ or "",
    fires=(
        "Run it from the [commandline→command line].",
        "You need to [setup→set up] the server first.",
        "We will [cleanup→clean up] the cache.",
        "[Checkout→Check out] the branch. [Setup→Set up] your environment.",
        "Steps: [Cleanup→Clean up] the code.",
        "- [cleanup→clean up] the build files",
        "The [set up→setup] is done in a minute, and with that [set up→setup] it runs.",
        "Use a [work around→workaround] for now.",
        "A good example for this is [unittesting→unit testing], for [textfiles→text files] too.",
        "Because [toplevel→top-level] array elements are allowed, it is at the [toplevel→top level].",
    ),
    leaves=(
        "The setup is done.",
        "Setup for Docker. Fallback to HTTP/1.1 is used. Checkout that works. Setup no longer installs it.",
        "Run setup.py to set up the tools.",
        "We set up the server and the lookup table.",
        "Functions that set up the type and imports that fall back to it stay, as requests that time out do.",
        "Use sizeof and typeof here.",
        "It sets up a pytest-timeout plugin.",
        "Use the InputObject parameter, and ForEach(string propertyName); Toolong opens a file.",
        'Branches have names of the form "branchname"@nnn, and "%d" expands to " (tagname)".',
        "Names of the form 'branchname@nnn' and @testsuite handles are kept.",
        'Everyday life is busy; it is the stuff of the everyday; the music is more "everyday."',
        "You find this log in stdout, and the work around the house is done.",
    ),
)


__all__ = ["FREE_WORD_RE", "NOUN_CONTEXT", "VERB_CONTEXT", "find", "RULE"]

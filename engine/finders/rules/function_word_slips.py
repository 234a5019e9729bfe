"""A function word mistyped as another a letter away, where the words around it leave room only
for the one meant, read with the sentence's parts of speech
(:mod:`edgegram.engine.analysis.pos_tagger`):

- "not" for "no" before a noun that is no adjective or adverb, after "there is" or "has" (there no
  past participle: "has not changed") ("there is not limit" -> "no limit", "Container bar has not
  resources specified" -> "no resources");
- "no" for "not" after an auxiliary, before a bare verb, an adverb in "-ly" between ("but do no
  actually prune them" -> "not"; not "can no longer", "will no doubt", "do no harm");
- "the" for "then" after a modal, before a verb that is nothing else ("Flask will the initialize
  the variable" -> "then");
- "then" for "the" after a preposition, before a noun that is no adjective or adverb ("available
  under then name foo" -> "the name"; not "from then on");
- "he" for "the" after a preposition, before a noun phrase ("the contents of he named file" ->
  "the"; not "later on he went", "for he who waits");
- "is" for "it" after "make" before an adjective ("to make is easy" -> "make it easy");
- "it" for "is" after a noun a determiner opens, before "to" and a verb ("Its main purpose it to
  allow" -> "is to allow"; not "worth it to", "Let's test it to", "and register it to"), or after
  "and" or "but", before an adjective that is no verb and a preposition ("has changed and it
  incompatible with" -> "is incompatible")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import CLOSED_CLASS, MODALS, PERFECT_HAVE
from edgegram.engine.analysis.pos_tagger import Token, tag
from edgegram.engine.analysis.word_classes import (
    ADJ,
    ADV,
    NOUN,
    VERB,
    classes,
    is_bare_verb,
    participle_form,
)
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import in_case_of
from edgegram.engine.sentences.lexicon import Lexicon

_BE_THERE = frozenset("is are was were".split())
_AUXILIARIES = MODALS | frozenset("do does did".split())
# Prepositions whose object "then" cannot be ("from then on", "until then", "by then" are times).
_OBJECT_PREPOSITIONS = frozenset("of in on at under into onto with within".split())
# Prepositions that "he", a subject, cannot follow as their object, nor as a clause's subject
# (not "as", "before", "since": "as he continued").
_HE_PREPOSITIONS = _OBJECT_PREPOSITIONS | frozenset("to from by for about through via".split())
_MAKE = frozenset("make makes making made".split())
_DETERMINERS_OF_MAKE = frozenset("the a an this that its their his her our your my".split())  # "the make is Ford"


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    tokens = tag(sentence)
    for index in range(1, len(tokens)):  # each slip is read by the word before it
        token = tokens[index]
        word, before = token.text.lower(), tokens[index - 1].text.lower()
        fix = None
        if word == "not" and _no_meant(tokens, index):
            fix = "no"
        elif word == "no" and before in _AUXILIARIES and _verb_after(tokens, index + 1):
            fix = "not"
        elif word == "the" and before in MODALS and _only_verb(tokens, index + 1):
            fix = "then"
        elif word == "then" and before in _OBJECT_PREPOSITIONS and _noun_after(tokens, index + 1):
            fix = "the"
        elif word == "is" and _it_meant(tokens, index):
            fix = "it"
        elif word == "it" and _is_meant(tokens, index):
            fix = "is"
        elif word == "he" and before in _HE_PREPOSITIONS and _noun_phrase_after(tokens, index + 1):
            fix = "the"
        if fix is not None and token.text.islower():
            yield token.start, token.end, in_case_of(token.text, fix)


def _no_meant(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether "not" at ``index`` stands for "no": after "there is" (or "are", "was", "were"), before
    a noun that is no adjective or adverb, or after "has" ("have", "had"), before such a noun the
    tagger reads as one that is no past participle too ("has not access"; not "has not hit", "has not
    changed")."""
    before = tokens[index - 1].text.lower()
    there = before in _BE_THERE and index > 1 and tokens[index - 2].text.lower() == "there"
    if not (there or before in PERFECT_HAVE) or index + 1 >= len(tokens) or not tokens[index + 1].text.islower():
        return False
    word = tokens[index + 1].text.lower()
    found = classes(word)
    if word in CLOSED_CLASS or NOUN not in found or found & {ADJ, ADV}:
        return False
    if there:
        return True
    return tokens[index + 1].tag in ("NN", "NNS") and participle_form(word) != word and not word.endswith(("ed", "en"))


def _verb_after(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether a bare verb the tagger reads as one stands at ``index``, or after an adverb in "-ly"
    there ("do no actually prune"; not "will no doubt", "do no harm")."""
    if index < len(tokens) and tokens[index].text.lower().endswith("ly") and ADV in classes(tokens[index].text.lower()):
        index += 1
    if index >= len(tokens) or not tokens[index].text.islower():
        return False
    return tokens[index].tag == "VB" and is_bare_verb(tokens[index].text.lower())


def _only_verb(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether ``tokens[index]`` is a verb's bare form in lower case and nothing else."""
    if index >= len(tokens) or not tokens[index].text.islower():
        return False
    word = tokens[index].text.lower()
    return classes(word) == {VERB} and is_bare_verb(word)


def _noun_after(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether ``tokens[index]`` is a noun the tagger reads as one, in lower case, that is no
    adjective or adverb ("under then name"; not "with then current", "from then on")."""
    if index >= len(tokens) or not tokens[index].text.islower() or tokens[index].tag not in ("NN", "NNS"):
        return False
    found = classes(tokens[index].text.lower())
    return NOUN in found and not found & {ADJ, ADV}


def _noun_phrase_after(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether a noun phrase opens at ``tokens[index]``: a noun that is no verb, or an adjective or
    a participle before a noun the tagger reads as one ("of he named file", "to he new user"; not
    "in he went", "on he knew", "by he and", a particle and its clause)."""
    if index >= len(tokens) or not tokens[index].text.islower():
        return False
    word, found = tokens[index].text.lower(), classes(tokens[index].text.lower())
    if tokens[index].tag in ("NN", "NNS") and NOUN in found and VERB not in found:
        return True
    describes = ADJ in found or (word.endswith("ed") and tokens[index].tag in ("VBN", "VBD", "JJ"))
    return describes and index + 1 < len(tokens) and _noun_after(tokens, index + 1)


def _it_meant(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether "is" at ``index`` stands for "it": after a form of "make" that is no noun (no
    determiner or noun before it), before an adjective that is no verb ("to make is easy")."""
    make = tokens[index - 1].text.lower()
    if make not in _MAKE:
        return False
    if index > 1 and (
        tokens[index - 2].text.lower() in _DETERMINERS_OF_MAKE or tokens[index - 2].tag in ("NN", "NNS", "NNP", "POS")
    ):
        return False  # the noun "make": "the make is Ford", "each car's make is"
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    if following is None or not following.text.islower() or following.tag != "JJ":
        return False
    found = classes(following.text.lower())
    return ADJ in found and VERB not in found


_NOT_NOUNS = frozenset({"worth"})  # "it's worth it to poke around"
_JOINING_CLAUSES = frozenset("and but".split())


def _is_meant(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether "it" at ``index`` stands for "is": after what the tagger reads as a noun, a
    determiner and at most one adjective before it, before "to" and a verb ("Its main purpose it
    to allow"; not "Let's test it to", where the tagger misreads the verb), or after "and" or
    "but", before what it reads as an adjective that is no verb, and a preposition ("and it
    incompatible with")."""
    before = tokens[index - 1]
    if index + 2 >= len(tokens) or not before.text.islower():
        return False
    following, after = tokens[index + 1], tokens[index + 2]
    if before.tag == "NN" and following.text == "to" and after.tag == "VB":
        opener = index - 2 if index >= 2 and tokens[index - 2].tag != "JJ" else index - 3
        determined = opener >= 0 and tokens[opener].tag in ("DT", "PRP$")  # a noun phrase, not a verb the tagger misread
        return determined and NOUN in classes(before.text.lower()) and before.text.lower() not in _NOT_NOUNS
    if before.text.lower() in _JOINING_CLAUSES and following.tag == "JJ" and after.tag in ("IN", "TO"):
        return VERB not in classes(following.text.lower())
    return False


RULE = Rule(
    id="rules.function_word_slips",
    kind=EditKind.OTHER,
    find=find,
    message="Here the word is '{replacement}', not '{original}'.",
    description=__doc__ or "",
    fires=(
        "There is [not→no] limit, and the container has [not→no] resources specified.",
        "It shows what would be pruned, but does [no→not] actually prune them.",
        "Flask will [the→then] initialize the variable.",
        "It is available under [then→the] name foo.",
        "It prints the contents of [he→the] named file, and gives a key to [he→the] new user.",
        "We want to make [is→it] easy for everyone.",
        "Its main purpose [it→is] to allow writes, and the library changed and [it→is] incompatible with the old one.",
    ),
    leaves=(
        "You can no longer do it, it will no doubt help, do no harm; there is not much to do, it has not hit.",
        "Where will the file go? From then on it was fine, the make is Ford, and each car's make is new.",
        "Later on he went in, in he rushed, it is for he who waits, and by he and his friend.",
        "Cats and dogs, red and orange apples.",
        "It is worth it to look, we want it to work, and it is fine; keep it simple and it runs.",
        "Let's test it to see, then change it to inherit, and register it to launch.",
    ),
)


__all__ = ["find", "RULE"]

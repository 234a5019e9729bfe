"""A verb's bare form after a singular subject that opens a clause: "It accept" ->
"accepts", "the compiler know what" -> "knows", "This rule ensure that" -> "ensures",
"This make two" -> "makes".

The subject is "he", "she", "it" or "this", or a determiner and a singular noun ("the
compiler"), at the start of the sentence or a clause, so it is not an object ("make it
work", "let the user know"). The verb must be a bare form and not a past tense (lemminflect:
"she thought"); where it may also be a noun ("this work") an object must follow it, and
after a noun subject it must be a verb only ("the emergency vet" may be a compound). Not in
a subjunctive ("requires that he go") or after a collective noun ("the team play")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon
from edgegram.engine.rules.tokens import (
    AUXILIARIES,
    CLOSED_CLASS,
    DETERMINERS,
    NUMBER_WORDS,
    PAST_PERIODS,
    Word,
    adjacent,
    followed,
    followed_by,
    opens_clause,
    words,
)
from edgegram.engine.word_classes import (
    ADJ,
    ADV,
    NOUN,
    VERB,
    classes,
    is_bare_verb,
    is_singular_noun,
    past_tense,
    readings,
    third_person,
)

# Words that put a sentence in the past, where the bare verb wants its past tense ("Yesterday she go").
_PAST_TIME_RE = re.compile(rf"\b(?:[Yy]esterday|ago|[Ll]ast (?:{PAST_PERIODS}))\b")
_PRONOUNS = frozenset("he she it this".split())
# Prepositions that are verbs too, surely verbs right after "he" or "she" ("she like the book").
_PERSONAL, _VERBS_TOO = frozenset("he she".split()), frozenset("like".split())
_SUBJECT_DETERMINERS = frozenset("the this that a an each every another my your his her its our their".split())
_NOT_CHECKED = frozenset("be need dare cant wont".split())  # "be it so", "it need not be"; "he cant swim" is "can't"
# Words after which 'that' opens a subjunctive clause ("it is important that he be").
_MANDATIVE = frozenset(
    "require requires required insist insists insisted suggest suggests suggested recommend recommends "
    "recommended demand demands demanded ask asks asked propose proposes proposed request requests requested "
    "urge urges urged requiring insisting suggesting recommending demanding asking proposing requesting urging "
    "important essential necessary vital crucial imperative".split()
)
# Clause openers that may also be prepositions ("as a faculty design", "the sun and the mist").
_NOT_BEFORE_NOUN_SUBJECT = frozenset("and or as after before since until like than".split())
# Nouns that British English treats as plural ("the team play").
_COLLECTIVE = frozenset(
    "team duo trio group band government staff family couple crew committee council public police "
    "audience crowd company board jury majority minority pair".split()
)
# Words that, right after "this" and a word, make that word a noun ("This act is", "this test can").
_FINITE_AUXILIARIES = AUXILIARIES | frozenset("will would can could should may might must shall does did".split())
# Object-like words after a verb that may also be a noun ("This make two", "this change the").
_OBJECT_STARTS = (DETERMINERS - {"that"}) | NUMBER_WORDS | frozenset("me us them him".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i, first in enumerate(ws):
        if not (opens_clause(sentence, i, ws) or _after_opening_adverb(ws, i)) or _subjunctive(ws, i):
            continue
        if first.lower in _PRONOUNS and i + 1 < len(ws):
            fix = _fix(sentence, ws, i + 1, lexicon, pronoun=first.lower)
            if fix:
                yield fix
                continue
        if (
            first.lower in _SUBJECT_DETERMINERS
            and i + 2 < len(ws)
            and (i == 0 or ws[i - 1].lower not in _NOT_BEFORE_NOUN_SUBJECT)
            and _singular_subject(sentence, ws, i + 1, lexicon)
        ):
            fix = _fix(sentence, ws, i + 2, lexicon, pronoun=None)
            if fix:
                yield fix


def _fix(sentence: str, ws: list[Word], index: int, lexicon: Lexicon, pronoun: str | None) -> tuple[int, int, str] | None:
    verb = ws[index]
    if not adjacent(sentence, ws[index - 1], verb) or not verb.text.islower():
        return None
    if verb.lower in _NOT_CHECKED or not is_bare_verb(verb.lower):
        return None
    surely_verb = pronoun in _PERSONAL and verb.lower in _VERBS_TOO  # "he like to play" -> "likes"
    if verb.lower in CLOSED_CLASS and not surely_verb:
        return None
    other = classes(verb.lower) & {NOUN, ADJ, ADV}
    verb_like = followed_by(sentence, ws, index, _OBJECT_STARTS) or _verb_list_follows(sentence, ws, index)
    if pronoun is None and not (verb_like or (not other and followed(sentence, ws, index))):
        return None  # "the emergency vet, Jennifer": a compound noun, not a verb
    if pronoun is not None and other & {ADJ, ADV} and not surely_verb:
        return None  # "she further emphasized"
    if pronoun == "this" and other and not verb_like:
        return None  # "this work is"
    if pronoun == "this" and followed_by(sentence, ws, index, _FINITE_AUXILIARIES):
        return None  # "this act is", "this act will": a noun, whatever the word list says
    right = past_tense(verb.lower) if _PAST_TIME_RE.search(sentence) else third_person(verb.lower)
    return (verb.start, verb.end, right) if right and lexicon.is_english(right) else None


def _after_opening_adverb(ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]`` follows a sentence's first word, an adverb ("Yesterday she go")."""
    return index == 1 and ws[0].text[:1].isupper() and ADV in classes(ws[0].lower) and ws[0].lower not in CLOSED_CLASS


def _subjunctive(ws: list[Word], index: int) -> bool:
    return index >= 2 and ws[index - 1].lower == "that" and ws[index - 2].lower in _MANDATIVE


def _singular_subject(sentence: str, ws: list[Word], index: int, lexicon: Lexicon) -> bool:
    """A singular noun, or a misspelt word in a noun's place ("This funtion return")."""
    noun = ws[index]
    return (
        adjacent(sentence, ws[index - 1], noun)
        and noun.text.islower()
        and noun.lower not in CLOSED_CLASS
        and noun.lower not in _COLLECTIVE
        and (is_singular_noun(noun.lower) or (noun.text.isalpha() and len(noun.text) >= 4 and not lexicon.knows(noun.text)))
        and not classes(noun.lower) & {ADJ, ADV}
    )


def _verb_list_follows(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether a comma and a verb's -s form follow ``ws[index]``: a list of verbs ("This code
    compile, runs, and prints")."""
    if index + 1 >= len(ws) or sentence[ws[index].end : ws[index + 1].start].strip() != ",":
        return False
    following = ws[index + 1].lower
    return any(third_person(lemma) == following for lemma in readings(following).get(VERB, ()))


__all__ = ["find"]

"""'many' before a noun that is not counted: "How many money do you have?" -> "much", "too
many homework." -> "much", "so many information that" -> "much"; with the noun made plural,
"much" and its singular where it is never counted: "I got many informations" -> "much
information" (not "many kindnesses").

The noun is one mostly uncounted (:func:`~edgegram.engine.analysis.word_classes.is_mass_noun`:
"money", "advice", "furniture"; not "time" or "work", which are counted too, nor a noun that
is its own plural, "offspring", "cod") and ends its phrase: the sentence, a mark, a
preposition or its clause's verb follows it ("many software developers" counts developers),
and it is no verb of which "many" is the subject ("with many bleeding", "many fail to")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import COLLECTIVE_NOUNS, INVARIANT_PLURALS, NEVER_COUNTED
from edgegram.engine.analysis.word_classes import gerund_lemmas, is_bare_verb, is_mass_noun, is_singular_noun, singular_of_plural
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Fix, Rule
from edgegram.engine.finders.rules.tokens import adjacent, ends_phrase, followed_by, in_case_of, words
from edgegram.engine.sentences.lexicon import Lexicon

_TO = frozenset(("to",))
# Verbs (and relative pronouns) that end the noun phrase before them ("many money is", "many
# information that").
_AFTER_PHRASE = frozenset(
    "is are was were do does did have has had will would can could should must may might that which".split()
)


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i, (many, noun) in enumerate(zip(ws, ws[1:])):
        if many.lower != "many" or not adjacent(sentence, many, noun) or not noun.text.islower():
            continue
        singular = never_counted_singular(noun.lower)
        if not (is_mass_noun(noun.lower) or singular) or noun.lower in COLLECTIVE_NOUNS or noun.lower in INVARIANT_PLURALS:
            continue
        if gerund_lemmas(noun.lower) or (is_bare_verb(noun.lower) and followed_by(sentence, ws, i + 1, _TO)):
            continue  # "many" a pronoun, the subject of a verb: "with many bleeding", "many fail to"
        if not (ends_phrase(sentence, ws, i + 1) or followed_by(sentence, ws, i + 1, _AFTER_PHRASE)):
            continue
        if singular:
            yield many.start, noun.end, in_case_of(many.text, "much") + " " + singular  # "many informations"
        else:
            yield many.start, many.end, in_case_of(many.text, "much")


def never_counted_singular(word: str) -> str | None:
    """The singular of ``word`` where it is the plural of a noun never counted ("informations",
    "homeworks", which the word list does not know; not "kindnesses"); else None."""
    if is_singular_noun(word) or not word.endswith("s"):
        return None
    singular = singular_of_plural(word) or (word[:-2] if word.endswith("es") and word[:-2] in NEVER_COUNTED else word[:-1])
    return singular if singular in NEVER_COUNTED else None


def _message(fix: Fix) -> str:
    noun = fix.replacement.split()[-1] if " " in fix.replacement else fix.after
    return f"'{noun}' is not counted: write 'much', not 'many'."


RULE = Rule(
    id="rules.much",
    kind=EditKind.OTHER,
    find=find,
    message=_message,
    description=__doc__ or "",
    fires=(
        "How [many→much] money do you have? We had so [many→much] information that we were lost.",
        "I have [many homeworks→much homework], and we got [many informations→much information].",
        "We had too [many→much] homework to finish.",
        "There is so [many→much] information that we were lost.",
    ),
    leaves=(
        "Many software developers agree; how many offspring did it have, and many staff were there.",
        "They helped with many bleeding in the head, and many fail to see it.",
        "These advice columns are old, and two equipment racks stand here.",
        "We had an equipment malfunction, a software company and a feedback loop.",
        "I need a little advice, we had a news conference, and it is a free software project.",
        "What do you think? I know what you mean, and I know what to do. We value your many kindnesses.",
    ),
)


__all__ = ["find", "never_counted_singular", "RULE"]

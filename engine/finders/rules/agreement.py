"""A subject pronoun right before a form of 'be', 'have' or 'do' that does not agree with it: "it are"
-> "is", "they is" -> "are", "he have" -> "has", "she do" -> "does", "we was" -> "were" (an adverb
may stand between: "they just has to" -> "have"), "these is" -> "are", "there is many", "there is
a number of" or "there is some" and a plural -> "are", "there are a" -> "is a", "; that are, if" -> "that is"; and "that are" /
"which were" after a noun that "a", "this" or "each" opens ("a feature which were added"); and the
verb of "each of" and a plural ("each of the threads have" -> "has", "each of us are" -> "is"); and
a plural no "-s" marks before a singular verb ("The children is" -> "are", "The children plays in"
-> "play"); and a part of "it" ("some of it were" -> "was").

Only where the pronoun is surely the subject: at the start of a sentence or clause (after
punctuation, a conjunction or a subordinator), not after a verb ("variables that use it do
not move", "does he have", "let it do"), and not in the subjunctive ("if it were"). "He",
"she", "we" and "they" can be nothing but a subject, so a form of "be" after one is wrong
wherever it stands ("the runtime we is using"), unless the pronoun is the word talked about
("singular they is", "the royal we is")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import (
    ADVERBS_BEFORE_VERB,
    CLAUSE_OPENERS,
    CLOSED_CLASS,
    COLLECTIVE_NOUNS,
    DETERMINERS,
    OBJECT_PRONOUNS,
    PLURAL_AUXILIARY,
    PREPOSITIONS,
    SUBJECT_PRONOUNS,
)
from edgegram.engine.analysis.word_classes import (
    NOUN,
    VERB,
    classes,
    is_mass_noun,
    is_modifier,
    is_singular_noun,
    is_third_person,
    readings,
    singular_of_plural,
)
from edgegram.engine.core.edits import WORD_RE
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import adjacent, followed_by, words
from edgegram.engine.sentences.lexicon import Lexicon

# subject -> {wrong form: right form}
_THIRD_SINGULAR = {"are": "is", "were": "was", "have": "has", "do": "does", "don't": "doesn't", "aren't": "isn't"}
_FIXES = {
    "he": _THIRD_SINGULAR,
    "she": _THIRD_SINGULAR,
    "it": _THIRD_SINGULAR,
    "this": _THIRD_SINGULAR,
    "that": _THIRD_SINGULAR,
    "they": PLURAL_AUXILIARY,
    "we": PLURAL_AUXILIARY,
    "these": PLURAL_AUXILIARY,
    "those": PLURAL_AUXILIARY,
    "you": PLURAL_AUXILIARY,
    "i": {"is": "am", "are": "am", "has": "have", "does": "do", "doesn't": "don't"},
}
_JOINING = frozenset("and or nor & plus".split())
_SINGULAR_DETERMINERS = frozenset("a an this each every another".split())
# Determiners a plural noun follows ("the paths that is known" -> "are").
_PLURAL_NOUN_DETERMINERS = frozenset("the these those all many several both my your our their its his her".split())
_RELATIVE_VERBS = frozenset({"is", "was", "has"})  # after a plural noun's "that" / "which"
_SUBJUNCTIVE_AFTER = frozenset("if as though wish unless whether than suppose imagine".split())
# Pronouns that are only ever a subject, and the forms of "be" that must agree with them anywhere.
_NOMINATIVE = frozenset("he she we they".split())
_BE_FORMS = frozenset("is are was were am isn't aren't wasn't weren't".split())
# ... not "were", which may be a subjunctive after anything ("wished he were", "if only she were").
_ANYWHERE = _BE_FORMS - {"were", "weren't"}
# Singular forms of "have" and "do", which "we" and "they" never take.
_SINGULAR_ONLY = frozenset("has does hasn't doesn't".split())
# Words before a pronoun that make it the word talked about: "singular they is", "the royal we is".
_MENTIONED_AFTER = frozenset("the a singular plural royal editorial generic inclusive exclusive word pronoun".split())
# Adverbs that may stand between a subject pronoun and its verb ("they just has to" -> "have"): those
# of a modal's verb, and the words in "-ly" that the modal rule tests by their classes.
_BETWEEN = "|".join(sorted(ADVERBS_BEFORE_VERB | {"simply", "actually"}))
_PAIR_RE = re.compile(
    rf"(?<![\w'’-])(he|she|it|this|that|these|those|they|we|you|i)\s+(?:(?:{_BETWEEN})\s+)?([a-z]+(?:n['’]t)?)(?![\w'’-])",
    re.IGNORECASE,
)
_THERE_ARE_A_RE = re.compile(
    r"(?<![\w'’-])([Tt]here)\s+(are)\s+(?:a|an|one)(?![\w'’-])"
    r"(?!\s+(?:lot|lots|few|number|couple|variety|bunch|range|total|series|dozen|handful|host|pair|set|"
    r"great|good|whole|wide|myriad|plethora|multitude|majority|minority|hundred|thousand|million)\b)"
)
# "each of" and a plural (a determiner, at most two words describing it, its noun; or a pronoun)
# opening a clause, right before a plural verb. Where "each of", a plural and a form of "be" or
# "have" meet in 1.1 million clean and restraint training sentences, 70 of 86 take the singular.
_EACH_OF_RE = re.compile(
    r"(?<![\w'’-])[Ee]ach\s+of\s+(?:(?:the|these|those|our|your|their|his|her|its|my)\s+((?:[a-z]+\s+){0,2}?)([a-z]+)"
    r"|them|us|you)\s+(have|are|were|do|don't|aren't|weren't|haven't)(?![\w'’-])"
)
_EACH_FIXES = {**_THIRD_SINGULAR, "weren't": "wasn't", "haven't": "hasn't"}
# A plural no "-s" marks after a determiner that opens a clause (not "many": "to contact that many
# people is"), before a singular verb ("The children is", "my feet was"): plural whatever follows.
_PLURAL_DETERMINER = r"(?<![\w'’-])(?:the|these|those|my|our|your|their|his|her|some|most|both)\s+([a-z]+)\s+"
_IRREGULAR_PLURAL_RE = re.compile(rf"{_PLURAL_DETERMINER}(is|was|has|isn't|wasn't|hasn't|doesn't)(?![\w'’-])", re.IGNORECASE)
_NOT_IRREGULAR_PLURALS = frozenset({"dice"})  # "the dice is cast"
# ... and before a verb's -s form ("The children plays in" -> "play"), group 2.
_IRREGULAR_PLURAL_VERB_RE = re.compile(rf"{_PLURAL_DETERMINER}([a-z]+s)(?![\w'’-])", re.IGNORECASE)
# Words after a verb's -s form that show it is no plural noun ("the children plays in", not "the
# children books are").
_AFTER_A_VERB = PREPOSITIONS | OBJECT_PRONOUNS | DETERMINERS | frozenset("very well together every".split())
# A part of "it", which is singular ("some of it were serial" -> "was", "most of it are" -> "is").
_PART_OF_IT_RE = re.compile(
    r"(?<![\w'’-])(?:some|all|most|part|much|none|half|little|any)\s+of\s+it\s+(are|were|have|aren't|weren't|haven't)(?![\w'’-])",
    re.IGNORECASE,
)
_OF_IT = {"are": "is", "were": "was", "have": "has", "aren't": "isn't", "weren't": "wasn't", "haven't": "hasn't"}
_THERE_IS_MANY_RE = re.compile(
    r"(?<![\w'’-])([Tt]here)\s+(is|was)\s+(?:many|several|various|numerous|multiple|two|three|four|five"
    r"|a\s+number\s+of|a\s+couple\s+of|a\s+few)"  # "there is a number of dependent components"
    r"(?![\w'’-])(?!\s+an?\s)"  # not "there is many a slip"; nor speech's "there's two of us"
)
# "there is" before a word that counts a plural or a mass ("some", "a lot of"): the noun after it
# decides ("there is some lines" -> "are"; "there is some code" stays).
_THERE_IS_SOME_RE = re.compile(
    r"(?<![\w'’-])([Tt]here)\s+(is|was)\s+(?:some|a\s+lot\s+of|lots\s+of|plenty\s+of)\s+([a-z]+)(?![\w'’-])"
)


def _plural_noun_only(word: str) -> bool:
    """Whether ``word`` is a noun's plural in "-s" and no singular or mass noun too ("lines", not
    "news", "means", "series", "data")."""
    return (
        word.endswith("s")
        and NOUN in classes(word)
        and singular_of_plural(word) is not None
        and word not in readings(word).get(NOUN, ())
        and not is_singular_noun(word)
        and not is_mass_noun(word)
    )


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _PAIR_RE.finditer(sentence):
        pronoun, verb = m.group(1).lower(), m.group(2).replace("’", "'")
        right = _FIXES[pronoun].get(verb.lower())
        if right is None or not verb.islower():
            continue
        previous = _previous_word(sentence, m.start())
        if previous in _SUBJUNCTIVE_AFTER and verb == "were":
            continue  # "if he were"; but "if we was" is wrong either way
        if not _opens_clause(sentence, m.start(), previous) and not _surely_subject(m.group(1), verb, previous):
            continue
        if pronoun in ("these", "those") and verb not in _BE_FORMS:
            continue  # "these has" may be "these (things) has"; only "these is" is sure
        if pronoun == "this" and verb not in ("are", "were"):
            continue  # "this have" may be "this (thing) have been..."; only "this are" is sure
        if pronoun == "that" and (verb not in ("are", "were") or not (m.start() == 0 or _that_is_aside(sentence, m))):
            continue  # "files that are": only a sentence's first "That are" and "; that are," are sure
        if pronoun == "you" and verb in ("was", "wasn't"):
            continue  # "you was" is dialect, and "you" may be singular: left to the model
        if pronoun == "it" and verb == "were":
            continue  # "it were" is mostly a subjunctive ("as it were", "were it not")
        yield m.start(2), m.end(2), right.replace("'", "’") if "’" in m.group(2) else right
    yield from _relative_after_singular(sentence)
    yield from _relative_after_plural(sentence)
    for m in _THERE_ARE_A_RE.finditer(sentence):
        yield m.start(2), m.end(2), "is"
    for m in _THERE_IS_MANY_RE.finditer(sentence):
        yield m.start(2), m.end(2), "are" if m.group(2) == "is" else "were"
    for m in _THERE_IS_SOME_RE.finditer(sentence):
        if _plural_noun_only(m.group(3)):
            yield m.start(2), m.end(2), "are" if m.group(2) == "is" else "were"
    for m in _IRREGULAR_PLURAL_RE.finditer(sentence):
        if _irregular_plural_subject(sentence, m):
            yield m.start(2), m.end(2), PLURAL_AUXILIARY[m.group(2).lower()]  # "The children is playing"
    for m in _PART_OF_IT_RE.finditer(sentence):
        yield m.start(1), m.end(1), _OF_IT[m.group(1).lower()]  # "some of it were serial"
    for m in _IRREGULAR_PLURAL_VERB_RE.finditer(sentence):
        if _irregular_plural_subject(sentence, m) and (bare := _bare_of_third_person(sentence, m)):
            yield m.start(2), m.end(2), bare  # "The children plays in the garden"
    for m in _EACH_OF_RE.finditer(sentence):
        previous = _previous_word(sentence, m.start())
        if not _opens_clause(sentence, m.start(), previous) or previous in PREPOSITIONS:
            continue  # "what we must each of us do", "at each of the sides were windows"
        if m.group(2) is None or _plural_phrase(m.group(1).split(), m.group(2)):
            yield m.start(3), m.end(3), _EACH_FIXES[m.group(3)]


def _bare_of_third_person(sentence: str, m: re.Match[str]) -> str | None:
    """The bare verb of the -s form ``m.group(2)`` after an irregular plural, where it is a verb:
    a verb's -s form that is no plural noun, or one that a preposition, an object or the
    sentence's end follows ("plays in", "makes me", "sings."; not "the children books are")."""
    word = m.group(2).lower()
    if word in CLOSED_CLASS or not is_third_person(word):
        return None
    if singular_of_plural(word) is not None:
        rest = sentence[m.end() :]
        after = WORD_RE.match(rest.lstrip())
        if not (
            rest.strip()[:1] in ("", ".", "!", "?") or (after and after.group().lower() in _AFTER_A_VERB and rest[:1] == " ")
        ):
            return None
    return next((lemma for lemma in readings(word).get(VERB, ()) if lemma != word), None)


def _irregular_plural_subject(sentence: str, m: re.Match[str]) -> bool:
    """Whether the determiner and noun ``m`` opens (:data:`_PLURAL_DETERMINER`, the noun group 1)
    are an irregular plural subject opening a clause, not a preposition's object."""
    previous = _previous_word(sentence, m.start())
    return _irregular_plural(m.group(1)) and _opens_clause(sentence, m.start(), previous) and previous not in PREPOSITIONS


def _irregular_plural(noun: str) -> bool:
    """Whether ``noun`` is a plural that no "-s" marks and no singular too ("children", "men",
    "feet"; not "data", "media", "criteria", "algae", which many write as singulars, nor "fish",
    "sheep")."""
    return (
        noun == "people"
        or (singular_of_plural(noun) is not None and not is_singular_noun(noun) and noun[-1] not in "sai" and noun[-2:] != "ae")
    ) and noun not in _NOT_IRREGULAR_PLURALS


def _plural_phrase(describing: list[str], noun: str) -> bool:
    """Whether ``noun`` is a plural noun and ``describing`` words that may stand before one
    (no closed-class word, no verb that is nothing else): "our ergonomic chairs", "the worker
    threads"; not "the four men" (a number is closed-class here)."""
    if noun in CLOSED_CLASS or singular_of_plural(noun) is None or is_singular_noun(noun):
        return False
    return all(w not in CLOSED_CLASS and classes(w) - {VERB} for w in describing)


def _relative_after_singular(sentence: str) -> Iterator[tuple[int, int, str]]:
    """ "that are" / "which were" right after a singular noun that a determiner of one thing
    opens ("a feature which were added" -> "was", "this rule that are"), so the relative
    pronoun stands for it and the noun is surely meant singular ("the thing that were" may want
    "things"); not after a noun in an "of" or other prepositional phrase ("the kinds of code
    that are", "things in war that are"), a collective noun ("the team that are"), a noun that
    is an adjective or a plural too ("data", "series"), or before an inverted subject ("an
    opinion that were it not for")."""
    ws = words(sentence)
    for i in range(2, len(ws) - 1):
        noun, pronoun, verb = ws[i - 1], ws[i], ws[i + 1]
        if pronoun.lower not in ("that", "which") or verb.lower not in ("are", "were") or not verb.text.islower():
            continue
        if not (adjacent(sentence, noun, pronoun) and adjacent(sentence, pronoun, verb)) or not noun.text.islower():
            continue
        if noun.lower in COLLECTIVE_NOUNS or not is_singular_noun(noun.lower) or is_modifier(noun.lower):
            continue
        if noun.lower in CLOSED_CLASS or any(w.lower in PREPOSITIONS | _JOINING for w in ws[max(0, i - 6) : i - 1]):
            continue  # "kinds of code that are", "things in war that are", "the cat and dog that are"
        if ws[i - 2].lower not in _SINGULAR_DETERMINERS or followed_by(sentence, ws, i + 1, SUBJECT_PRONOUNS | {"there"}):
            continue  # "the thing that were" may want "things"; "an opinion that were it not for"
        yield verb.start, verb.end, "is" if verb.lower == "are" else "was"


def _relative_after_plural(sentence: str) -> Iterator[tuple[int, int, str]]:
    """ "that is" / "which was" right after a plural noun that a determiner opens ("the paths
    that is known" -> "are"), the mirror of :func:`_relative_after_singular`, with its guards:
    not after a noun in a prepositional phrase or a list ("one of the files that is", "the
    list of paths that is"), a collective, uncounted or irregular plural ("the data that is"), or
    before an inverted subject."""
    ws = words(sentence)
    for i in range(2, len(ws) - 1):
        noun, pronoun, verb = ws[i - 1], ws[i], ws[i + 1]
        if pronoun.lower not in ("that", "which") or verb.lower not in _RELATIVE_VERBS or not verb.text.islower():
            continue
        if not (adjacent(sentence, noun, pronoun) and adjacent(sentence, pronoun, verb)) or not noun.text.islower():
            continue
        if (
            noun.lower in COLLECTIVE_NOUNS | CLOSED_CLASS
            or singular_of_plural(noun.lower) is None
            or not noun.lower.endswith("s")
        ):
            continue
        if is_singular_noun(noun.lower) or is_modifier(noun.lower) or is_mass_noun(noun.lower):
            continue  # "data", "series", "news": plurals that are singular too, or uncounted
        if any(w.lower in PREPOSITIONS | _JOINING for w in ws[max(0, i - 6) : i - 1]):
            continue  # "one of the files that is", "the list of paths that is"
        if ws[i - 2].lower not in _PLURAL_NOUN_DETERMINERS or followed_by(sentence, ws, i + 1, SUBJECT_PRONOUNS | {"there"}):
            continue
        yield verb.start, verb.end, PLURAL_AUXILIARY[verb.lower]


def _surely_subject(pronoun: str, verb: str, previous: str) -> bool:
    """Whether ``pronoun`` (as written) before the form of "be" ``verb`` is surely its subject
    wherever it stands: a pronoun that is only ever a subject, in lower case, not the word
    talked about; so "we" and "they" before a singular "have" or "do" ("there they just has to";
    not "he have", which a question inverts: "does he have")."""
    anywhere = verb in _ANYWHERE or (pronoun in ("we", "they") and verb in _SINGULAR_ONLY)
    return pronoun in _NOMINATIVE and anywhere and previous not in _MENTIONED_AFTER


def _that_is_aside(sentence: str, m: re.Match[str]) -> bool:
    """Whether the pair ``m`` ("that are") opens an aside, "that is," after a semicolon, a
    dash or a bracket ("it completed—that are, if it"), where "that" names what came before."""
    return sentence[: m.start()].rstrip().endswith((";", "—", "–", "(")) and sentence[m.end() :].startswith(",")


def _previous_word(sentence: str, start: int) -> str:
    """The word before ``start``, lower-cased with straight apostrophes ("" at the start)."""
    before = WORD_RE.findall(sentence[:start])
    return before[-1].lower().replace("’", "'") if before else ""


def _opens_clause(sentence: str, start: int, previous: str) -> bool:
    """Whether a word at ``start``, after the word ``previous``, begins a sentence or a clause."""
    gap = sentence[:start].rstrip()
    return not previous or gap.endswith((",", ";", ":", ".", "!", "?", "(", "—", '"', "“")) or previous in CLAUSE_OPENERS


RULE = Rule(
    id="rules.agreement",
    kind=EditKind.AGREEMENT,
    find=find,
    message="Use '{replacement}' to agree with its subject, not '{original}'.",
    description=__doc__ or "",
    fires=(
        "Only the paths that [is→are] known to Git count.",
        "The tests which [was→were] run passed.",
        "If we [does→do] it twice, it fails.",
        "To get there they just [has→have] to trick some users.",
        "They [is→are] here.",
        "It [are→is] fine, and he [have→has] one.",
        "There [is→are] many ways to do it.",
        "If there [is→are] some lines left, there [was→were] a lot of files.",
        "Since there [is→are] a number of dependent components, and there [was→were] a few reasons, it waits.",
        "The children [is→are] here and my feet [was→were] cold.",
        "There [are→is] a problem.",
        "That [are→is] the rules.",
        "It depends on the runtime we [is→are] using.",
        "These [is→are] all valid, and those [was→were] fine.",
        "It would be the same if we [was→were] using it.",
        "It waited until it completed—that [are→is], until it returned.",
        "Each of the threads [have→has] a stack, and each of us [are→is] busy.",
        "It is a feature which [were→was] added. We ship a release that [are→is] old.",
        "The children [plays→play] in the garden.",
        "Some of it [were→was] serial, and most of it [are→is] done.",
    ),
    leaves=(
        "It defines the data that is displayed and the criteria that is used.",
        "One of the files that is shown, the list of paths that is kept, and the news that is new.",
        "The data is ready, the dice is cast, and that many people is a lot.",
        "She wished he were here, if only she were older.",
        "One of these is enough; all of these make me happy, and each of those has one.",
        "There are a lot of ways and there are a few reasons.",
        "You're welcome, you're right, and you're friends.",
        "What must we each of us do? At each of the sides were windows; each of the threads has one.",
        "The things in war that are ugly, the kinds of code that are safe, an opinion that were it not for aid.",
        "There is many a slip, and there's two of us.",
        "There is some code, some news, some means and a lot of data, and there was some series of it.",
        "One of the children is ill, one of the staff was here, and one of the fish was red.",
        "As it were, if it were not so.",
        "Most of it's an act, and some of it's poorly done; what I think of it's December.",
        "Who cares? I know who else is there, who everyone is and who today is.",
        "Files that are, and files that are not; the time each takes, and each runs alone.",
    ),
)


__all__ = ["find", "RULE"]

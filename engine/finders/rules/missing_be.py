""" "is" left out after "this" or "it" opening a clause: "This equivalent to" -> "This is
equivalent to", "but this not a requirement" -> "this is not", "It possible to" -> "It is
possible to"; "be" left out after a modal: "will called with" -> "will be called", "can an
absolute path" -> "can be an absolute path" (:func:`_be_after_modal`); before a verb's -ing
form after a personal pronoun: "If you emitting a signal" -> "you are emitting"
(:func:`_be_before_gerund`); after "Here" before what it presents, where no verb follows: "Here an
example configuration file:" -> "Here is an example", "So here the contents of the file." -> "here
are the contents" (:func:`_be_after_here`).

Only before "not" and what a negated predicate opens (an article, an adjective: not "this not
only", "it not working"), or before an adjective that is no verb or adverb (after "this", no noun
either unless "to" follows) with a preposition, "to", "that" or the clause's end after it (not
"this necessary step", "this kind of", "this afternoon": "this" is a determiner there). "this"
or "it" opens the sentence or a clause: after a comma, a semicolon or a conjunction, never after
a verb or a preposition ("makes it possible to", "of this important")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import ARTICLES, CLOSED_CLASS, DETERMINERS, MODALS, PREPOSITIONS, SUBJECT_PRONOUNS
from edgegram.engine.analysis.pos_tagger import FINITE_TAGS, Token, tag
from edgegram.engine.analysis.word_classes import (
    ADJ,
    ADV,
    NOUN,
    VERB,
    classes,
    gerund_lemmas,
    is_bare_verb,
    is_participle_only,
)
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import Word, adjacent, ends_phrase, followed_by, words
from edgegram.engine.sentences.lexicon import Lexicon

_SUBJECTS = frozenset({"this", "it"})
_OPENERS = frozenset("but and so because since although though while if when whereas".split())
_TO = frozenset({"to"})
_AFTER_ADJECTIVE = PREPOSITIONS | _TO | frozenset({"that"})
# The form of "be" each personal pronoun takes, in the case it opens a clause with.
_BE_OF_PRONOUN = {"you": "are", "we": "are", "they": "are", "he": "is", "she": "is"}
_BE_OF = {"I": "am", **_BE_OF_PRONOUN, **{pronoun.capitalize(): form for pronoun, form in _BE_OF_PRONOUN.items()}}
_OWNERS = frozenset("my your our their his her its this these those".split())
_MODALS = MODALS | {"cannot"}
# Quantifiers besides the determiners ("some", "no") that open what "there" may be ("there can
# many reasons").
_THERE_QUANTIFIERS = frozenset("many several few more most much two three four five".split())
_MODAL_ADVERBS = frozenset("not also still only always never then now just already".split())
# Words before a modal that are no subject of it though nouns too ("what can a user", "it can").
_NOT_SUBJECTS = frozenset("what which who how where when why that way neither nor so account".split())
# Modals that open a condition or stand for a verb left out before an article ("should the need
# arise", "would a bone"): never the article case.
_INVERTING = frozenset("should shall would".split())
_WH_WORDS = frozenset("how what which who whom where when why".split())  # an embedded question inverts
_HERE_OPENERS = frozenset("so and but".split())  # words that may open a sentence before "Here"
# Determiners and numbers that open what "Here" presents (not "this", "that": "Here this means").
_PRESENTING = frozenset("a an the some two three four five several many all".split())
_PLURAL_PRESENTING = frozenset("some two three four five several many all".split())
_CLAUSE_MARKS = frozenset(".:;!?")  # not a comma: "Here the old value, there the new one, is kept"
_RELATIVE_WORDS = frozenset("that which who where whose".split())
_HERE_PHRASE_MAX = 4  # words of a phrase before its comma and "here" ("Long story short, here")


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
    yield from _be_after_modal(sentence, ws)
    yield from _be_before_gerund(sentence, ws)
    yield from _be_after_here(sentence)


def _be_after_here(sentence: str) -> Iterator[tuple[int, int, str]]:
    """ "is" or "are" left out after "Here" opening the sentence (after "So", "And", "But" that
    open it, or after a short phrase and its comma that hold no verb: "Long story short, here")
    before a noun phrase a determiner or a number opens, where no verb follows in the clause
    ("Here an example configuration file:" -> "Here is an example", "So here the contents of
    the file." -> "here are"; not "Here the function returns it", "Here a and b are numbers",
    "Here, the value"), unless a relative clause on the phrase holds it: one verb after "that",
    "which", "who" or "where" right after the phrase's noun, or after an "of how" ("Here a full
    example that showcases it", "here a simple example of how you can do it"; not "Here the
    user who wants it must ask", two verbs). The form agrees with the phrase's head ("the
    contents" -> "are")."""
    tokens = tag(sentence)
    start = _here_at(tokens)
    if start is None or len(tokens) < start + 3 or tokens[start + 1].tag not in ("DT", "CD"):
        return
    if tokens[start + 1].text.lower() not in _PRESENTING:
        return  # "Here this means", "Here that is"
    clause = start + 2
    while clause < len(tokens) and tokens[clause].text not in _CLAUSE_MARKS:
        clause += 1
    relative = _relative_clause_at(tokens, start + 2, clause)
    if relative is None:
        for token in tokens[start + 2 : clause]:
            if token.tag in FINITE_TAGS or token.text.lower() in _WH_WORDS or token.text == "Xx":
                return  # a verb, a clause of its own, or code that may be one
    elif _verb_groups(tokens[relative:clause]) != 1 or any(t.text == "Xx" for t in tokens[start + 2 : clause]):
        return  # the relative clause holds the sentence's verb too: "the user who wants it must ask"
    head = _phrase_head(tokens, start + 2)
    if head is None:
        return
    last = tokens[head]
    if (
        relative is None
        and head + 1 == clause
        and tokens[head - 1].tag == "NN"
        and last.tag == "NNS"
        and VERB in classes(last.text.lower())
    ):
        return  # "Here the value changes.": a noun and its verb as likely as a compound
    plural = last.tag == "NNS" or tokens[start + 1].text.lower() in _PLURAL_PRESENTING
    yield tokens[start].end, tokens[start].end, " are" if plural else " is"


def _here_at(tokens: tuple[Token, ...]) -> int | None:
    """The index of the "Here" that opens the sentence's clause: its first word, after one of
    :data:`_HERE_OPENERS`, or after a short phrase with no verb and its comma ("Long story
    short, here"); None where there is none."""
    if tokens and tokens[0].text.lower() == "here":
        return 0
    if len(tokens) > 1 and tokens[0].text.lower() in _HERE_OPENERS and tokens[1].text.lower() == "here":
        return 1
    for comma in range(1, min(len(tokens) - 1, _HERE_PHRASE_MAX + 1)):
        if tokens[comma].text == ",":
            before = tokens[:comma]
            if tokens[comma + 1].text.lower() == "here" and not any(
                t.tag in FINITE_TAGS or t.tag in ("VBN", "VBG") for t in before
            ):
                return comma + 1
            return None
    return None


def _relative_clause_at(tokens: tuple[Token, ...], start: int, end: int) -> int | None:
    """The index of the first word after a relative word that follows a noun between ``start``
    and ``end`` ("example that showcases", "situations where code fails"), or after "of" and a
    question word ("example of how you can"); None where none does."""
    for index in range(start + 1, end - 1):
        word = tokens[index].text.lower()
        if word in _RELATIVE_WORDS and tokens[index - 1].tag in ("NN", "NNS"):
            return index + 1
        if word in _WH_WORDS and tokens[index - 1].text.lower() == "of":
            return index + 1
        if tokens[index].tag in FINITE_TAGS:
            return None
    return None


def _verb_groups(tokens: tuple[Token, ...]) -> int:
    """How many finite verbs ``tokens`` hold, a modal and the bare verb after it one ("you can do it")."""
    groups, previous = 0, ""
    for token in tokens:
        if token.tag in FINITE_TAGS and not (token.tag == "VB" and previous in ("MD", "TO")):
            groups += 1
        if token.tag != "RB":
            previous = token.tag
    return groups


def _phrase_head(tokens: tuple[Token, ...], start: int) -> int | None:
    """The index of the last noun of the noun phrase that starts at ``tokens[start]`` (before a
    preposition, a mark or anything else; adjectives joined by "and" or "or" are the phrase's:
    "a nice and concise example"); None where no noun ends it."""
    head = None
    for index in range(start, len(tokens)):
        token = tokens[index]
        if token.tag in ("NN", "NNS", "NNP"):
            head = index
        elif token.tag == "CC" and tokens[index - 1].tag == "JJ" and index + 1 < len(tokens) and tokens[index + 1].tag == "JJ":
            continue
        elif token.tag not in ("JJ", "CD", "VBN", "VBG", "POS"):
            break
    return head


def _be_before_gerund(sentence: str, ws: list[Word]) -> Iterator[tuple[int, int, str]]:
    """The form of "be" left out between a personal pronoun that opens a clause and a verb's
    -ing form that is nothing else, before its object or a preposition ("If you emitting a signal"
    -> "you are emitting", "when we running tests" -> "we are"; not "Are you using it?", "I saw
    you running")."""
    for i in range(len(ws) - 2):
        subject, verb = ws[i], ws[i + 1]
        form = _BE_OF.get(subject.text)
        if form is None or not adjacent(sentence, subject, verb) or not _opens_clause(sentence, ws, i):
            continue
        if not verb.text.islower() or not gerund_lemmas(verb.lower) or classes(verb.lower) != {VERB}:
            continue
        after = ws[i + 2]
        if adjacent(sentence, verb, after) and (after.lower in ARTICLES or after.lower in PREPOSITIONS or after.lower in _OWNERS):
            yield subject.end, subject.end, f" {form}"


def _be_after_modal(sentence: str, ws: list[Word]) -> Iterator[tuple[int, int, str]]:
    """ "be" left out after a modal: before a past participle with no object after it, adverbs
    between allowed ("will called with", "can trivially dereferenced from", "cannot updated.", and
    "used" before "to": "can used to learn"),
    or, after the modal's subject, before an article ("The value can an absolute path"). Not after
    a determiner, where the modal is a noun ("the will signed by"; but "resources that can"), nor where the modal opens the
    sentence or a clause (a question: "Will a user see it?"); and after "there" opening a clause,
    before what there is (:func:`_what_there_is`: "There will breaking changes", "there can many
    reasons")."""
    for i in range(1, len(ws) - 1):
        modal = ws[i]
        if modal.lower not in _MODALS or not modal.text.islower() or _determined(ws, i):
            continue
        if not adjacent(sentence, ws[i - 1], modal):
            continue  # a clause's start before it: "so, will a user"
        j = i + 1
        while j < len(ws) - 1 and adjacent(sentence, ws[j - 1], ws[j]) and _between(ws[j].lower):
            j += 1
        word = ws[j]
        if not adjacent(sentence, ws[j - 1], word) or not word.text.islower():
            continue
        if (
            _participle_only(word.lower)
            and (ends_phrase(sentence, ws, j) or followed_by(sentence, ws, j, PREPOSITIONS))
            and (not followed_by(sentence, ws, j, _TO) or word.lower == "used")
        ):  # not "may decided to": "decide"; but "can used to learn" wants "be used"
            yield ws[j - 1].end, ws[j - 1].end, " be"
        elif (
            j == i + 1
            and modal.lower not in _INVERTING
            and not any(w.lower in _WH_WORDS for w in ws[max(0, i - 4) : i])  # "how many lives can the society afford"
            and word.lower in ARTICLES
            and _noun_subject(ws[i - 1])
            and not _verb_after_phrase(sentence, ws, j)
        ):
            yield modal.end, modal.end, " be"
        elif j == i + 1 and _existential_there(sentence, ws, i) and _what_there_is(word.lower):
            if not any(w.lower == "be" for w in ws[j + 1 : j + 4]):  # "there will no longer be"
                yield modal.end, modal.end, " be"  # "There will breaking changes", "there can many reasons"


def _existential_there(sentence: str, ws: list[Word], modal: int) -> bool:
    """Whether "there" opening the sentence or a clause stands right before ``ws[modal]``: the
    subject of "there will be", not a place ("put it there")."""
    return modal >= 1 and ws[modal - 1].lower == "there" and _opens_clause(sentence, ws, modal - 1)


def _what_there_is(word: str) -> bool:
    """Whether ``word``, right after "there" and a modal, opens what there is, so "be" is missing
    before it: a determiner or quantifier ("some", "many", "no"), a verb's -ing form ("breaking
    changes"), or a noun or adjective that is no verb, adverb or closed-class word ("there will
    problems"); not a bare verb ("there will come a day"), "be", "have", "not" or an adverb
    ("there will always be")."""
    if word in DETERMINERS or word in _THERE_QUANTIFIERS:
        return True
    if word in CLOSED_CLASS:
        return False
    found = classes(word)
    if word.endswith("ing") and VERB in found:
        return not is_bare_verb(word)
    return bool(found) and not found & {VERB, ADV}


def _determined(ws: list[Word], modal: int) -> bool:
    """Whether a determiner stands before ``ws[modal]``, which is then a noun ("the will signed
    by"); "that" after a noun is a relative pronoun, the modal's subject ("resources that can")."""
    before = ws[modal - 1].lower
    if before == "that" and modal >= 2 and NOUN in classes(ws[modal - 2].lower):
        return False
    return before in DETERMINERS


def _noun_subject(word: Word) -> bool:
    """Whether ``word`` before a modal may be its subject's noun: a noun in lower case, no pronoun
    ("like you would a normal object": the verb left out, not "be") and no word that inverts
    ("in no way can a monarchy", "neither would the US")."""
    lower = word.lower
    return word.text.islower() and NOUN in classes(lower) and lower not in _NOT_SUBJECTS and lower not in SUBJECT_PRONOUNS


def _verb_after_phrase(sentence: str, ws: list[Word], article: int) -> bool:
    """Whether a bare verb follows the noun phrase ``ws[article]`` opens: the modal and the phrase
    are inverted ("recourse should the officials choose", "shall the people allow")."""
    k = article + 1
    while (
        k < len(ws) and adjacent(sentence, ws[k - 1], ws[k]) and (classes(ws[k].lower) & {NOUN, ADJ} or ws[k].text[:1].isupper())
    ):
        if is_bare_verb(ws[k].lower) and k > article + 1:
            return True  # "the officials choose": a noun and a verb both
        k += 1
    return k < len(ws) and adjacent(sentence, ws[k - 1], ws[k]) and is_bare_verb(ws[k].lower)


def _between(word: str) -> bool:
    """An adverb that may stand between a modal and its verb ("will not", "can trivially")."""
    return word in _MODAL_ADVERBS or (word.endswith("ly") and ADV in classes(word))


def _participle_only(word: str) -> bool:
    """Whether ``word`` is a verb's past participle and not its bare form
    (:func:`~edgegram.engine.analysis.word_classes.is_participle_only`), in "-ed", "-en", "-wn" or
    "-t" ("called", "written"; not "need", "put", "working", nor "done", "made")."""
    return word.endswith(("ed", "en", "wn", "t")) and is_participle_only(word)


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
    message="Add '{replacement}' after '{before}'.",
    description=__doc__ or "",
    fires=(
        "This[→ is] equivalent to the public item.",
        "Select it in the panel, but this[→ is] not a requirement.",
        "It[→ is] possible to run it twice.",
        "The hook will[→ be] called with the refs, and it can trivially[→ be] removed.",
        "The value can[→ be] an absolute path, and it will[→ be] punished by a fine.",
        "These are resources that can[→ be] used to learn more.",
        "The value must[→ be] a URL path pointing to the folder.",
        "If you[→ are] emitting a signal from it, and when we[→ are] using the tests, stop.",
        "Here[→ is] an example configuration file:",
        "So here[→ are] the contents of the file.",
        "Here[→ is] a full example that showcases the factory.",
        "So here[→ is] a simple example of how you can do it.",
        "Here[→ are] some situations where perfectly valid code fails.",
        "Long story short, here[→ is] a nice and concise example:",
        "There will[→ be] breaking changes, and there can[→ be] many reasons for it.",
    ),
    leaves=(
        "This not only includes tests, but it not working is a problem.",
        "This necessary step makes it possible to run it, and the cost of this important change is low.",
        "This kind of shock is rare; this afternoon, the IT giant met, and this is so we can go.",
        "It is equivalent to this, and that not all of it works is clear.",
        "Will a user see it? The will signed by him is here, and you can put it there; we could have called.",
        "What can a user do? What will the user see? Use it like you would a normal object.",
        "Are you using it? I saw you running the tests, and they running is fine.",
        "It leaves little recourse should the officials choose to act; in no way can a monarchy limit it.",
        "The state may decided to write rules; it asks how many lives can the society and community afford.",
        "Here the function returns it; here x and y are numbers.",
        "Here, the value is set.",
        "Here the old value, there the new one, is kept.",
        "Here this means no.",
        "Here an example shows how it works.",
        "Here the user can choose.",
        "Here the user who wants it must ask for it.",
        "In short, here the value changes.",
        "When it fails, here the log is written.",
        "Here a key that is missing means the default is used.",
        "There will come a day, there may have been one, there will always be more, and there will no longer be any.",
    ),
)


__all__ = ["find", "RULE"]

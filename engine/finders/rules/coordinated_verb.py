"""The second of two verbs joined by "and" in the form the first one's subject wants: "The
compactor reads the file and process it" -> "processes", "It works as usual and import the
names" -> "imports", "The renderer walks the tree, compares it, and apply the updates" -> "applies".

Read with the sentence's parts of speech (:mod:`edgegram.engine.analysis.pos_tagger`). The first
verb is a verb's -s form (the tagger's VBZ, or a plural it misread: "The option updates the
file") whose subject, a singular noun in lower case or "it", "he", "she", opens the sentence or
follows a clause's punctuation, and it is the verb nearest before "and" (or the first of a series
it ends, or the auxiliary of a present passive: "it gets merged to the branch and wait" ->
"waits"): no other verb stands between them (not "It allows you to read the file and print it", "It makes the tests pass and
run", "Check whether the file exists and create it", "Find the file that contains it and delete
it"; a participle inside a noun phrase, "the compressed file", is no verb). The second verb comes
right after "and" (adverbs may stand between), is a bare verb the tagger reads as one (or as a noun
with a pronoun object after it: "and process it", or an "-ing" form: "errors out and asking you")
and has an object or a complement after it
(a determiner, a pronoun, "to", an adjective), so it cannot be a noun joined to the first verb's
object ("It reads the input and output files")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import OBJECT_PRONOUNS
from edgegram.engine.analysis.pos_tagger import Token, tag
from edgegram.engine.analysis.word_classes import (
    NOUN,
    VERB,
    gerund_lemmas,
    is_bare_verb,
    is_singular_noun,
    is_third_person,
    readings,
    third_person,
)
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import in_case_of
from edgegram.engine.sentences.lexicon import Lexicon
from edgegram.engine.sentences.model_text import SHORT_PLACEHOLDER_WORD

_SINGULAR_PRONOUNS = frozenset("it he she".split())
# What may open the second verb's object or complement.
_OBJECT_OPENERS = frozenset({"DT", "PRP", "PRP$", "TO"})
# Where a subject may open a clause: the sentence's start, or after these.
_CLAUSE_PUNCTUATION = frozenset({".", ",", ";", ":", "(", '"', "“"})
# Tags of the words a singular subject's noun phrase is made of before its head.
_SUBJECT_PHRASE = frozenset({"DT", "PRP$", "JJ", "NN", "VBN", "POS"})
# Verbs that say something of a clause or an infinitive after them, whose "and" may join that
# clause's verbs ("It seems the tests pass and run"); their own form is no guide.
_AUXILIARY_LIKE = frozenset("is was has does".split())
# What opens a noun phrase after "to" as a preposition ("merged to the main branch"); any other word
# may be an infinitive's verb ("to first call", "to master it").
_PREPOSITION_OBJECT = frozenset({"DT", "PRP$", "CD", "NNP", "PRP", "POS", "."})
# Auxiliaries of a present passive, whose participle the second verb joins ("it gets merged and waits").
_PASSIVE = frozenset("is gets".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    tokens = tag(sentence)
    for index, token in enumerate(tokens):
        if token.text.lower() != "and":
            continue
        second = index + 1
        while second < len(tokens) and tokens[second].tag == "RB" and tokens[second].text.islower():
            second += 1  # "and optionally validate"
        if second >= len(tokens) - 1:
            continue
        bare = _bare_verb(tokens, second)
        base = bare or _ing_form(tokens, second)
        if base is None:
            continue
        first = _first_verb(tokens, index)
        if first is None or not _singular_subject(tokens, first):
            continue
        between = tokens[first + 1 : index]
        if bare is None and (tokens[index - 1].text == "," or any(t.text.lower().endswith("ing") for t in between)):
            continue  # an "-ing" form joins another, or a list: "by disallowing it and using", "mentorship, and creating"
        form = third_person(base)
        if form is not None:
            yield tokens[second].start, tokens[second].end, in_case_of(tokens[second].text, form)


def _bare_verb(tokens: tuple[Token, ...], index: int) -> str | None:
    """``tokens[index]`` in lower case where it is a bare verb with an object or a complement
    after it; None otherwise."""
    token, after = tokens[index], tokens[index + 1]
    word = token.text.lower()
    if not token.text.islower() or not word.isalpha() or not is_bare_verb(word) or VERB not in readings(word):
        return None
    if token.tag == "NN":
        objected = after.text.lower() in OBJECT_PRONOUNS and after.text.lower() != "you"  # "and process it"
        return word if objected else None
    if token.tag != "VB":
        return None
    return word if after.tag in _OBJECT_OPENERS or (after.tag == "JJ" and NOUN not in readings(word)) else None


def _ing_form(tokens: tuple[Token, ...], index: int) -> str | None:
    """The bare verb of ``tokens[index]`` where it is a verb's "-ing" form the tagger reads as one,
    nothing but a verb's form (not "building", "setting": nouns too), with a pronoun or a
    determiner after it ("errors out and asking you to" -> "asks"); None otherwise."""
    token, after = tokens[index], tokens[index + 1]
    word = token.text.lower()
    if token.tag != "VBG" or not token.text.islower() or set(readings(word)) != {VERB} or after.tag not in ("DT", "PRP", "PRP$"):
        return None
    lemmas = gerund_lemmas(word)
    return lemmas[0] if lemmas else None


def _first_verb(tokens: tuple[Token, ...], conjunction: int) -> int | None:
    """The verb nearest before the "and" at ``conjunction`` where it is a verb's -s form; None
    where another verb, or none, stands there."""
    for index in range(conjunction - 1, -1, -1):
        token = tokens[index]
        if token.text in (";", ":", "(", ")"):
            return None
        if _adjectival(tokens, index):
            continue  # "the compressed file"
        if token.tag == "VBZ" or _misread_verb(tokens, index):
            return None if token.text.lower() in _AUXILIARY_LIKE else _series_head(tokens, index)
        if token.tag == "VBN" and index > 0 and tokens[index - 1].text.lower() in _PASSIVE:
            return index - 1  # "it gets merged to the branch and wait"
        if (
            token.tag.startswith("VB")
            or token.tag == "MD"
            or (token.tag == "TO" and tokens[index + 1].tag not in _PREPOSITION_OBJECT)
        ):
            return None  # another verb, or an infinitive's "to" ("to read the file and print it", "to first call")
    return None


def _series_head(tokens: tuple[Token, ...], verb: int) -> int:
    """The first verb of a series the verb at ``verb`` ends ("walks the tree, compares it with
    the old one, and apply"): the verb's -s form before each comma, while one stands there."""
    while verb > 1 and tokens[verb - 1].text == ",":
        for index in range(verb - 2, -1, -1):
            if tokens[index].tag == "VBZ" or _misread_verb(tokens, index):
                verb = index
                break
            if tokens[index].tag.startswith("VB") or tokens[index].tag in ("MD", "TO") or tokens[index].text in (";", ":", "("):
                return verb
        else:
            return verb
    return verb


def _adjectival(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the participle ``tokens[index]`` stands inside a noun phrase ("the compressed
    file", "an existing one")."""
    if tokens[index].tag not in ("VBN", "VBG") or index == 0:
        return False
    return (
        tokens[index - 1].tag in ("DT", "PRP$", "JJ") and index + 1 < len(tokens) and tokens[index + 1].tag in ("NN", "NNS", "JJ")
    )


def _misread_verb(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the tagger read a verb's -s form after a singular noun as a plural noun ("The
    component emits and", "The option updates the file", "The option updates `.git/shallow`")."""
    token = tokens[index]
    if token.tag != "NNS" or index == 0 or index + 1 >= len(tokens) or not token.text.islower():
        return False
    before, after = tokens[index - 1], tokens[index + 1]
    opened = index > 1 and tokens[index - 2].tag in ("DT", "PRP$")  # "The option updates", not "rehabilitation classes"
    object_opens = after.tag in ("DT", "PRP", "PRP$", "IN") or after.text == SHORT_PLACEHOLDER_WORD  # code: "updates `x`"
    return before.tag == "NN" and opened and is_third_person(token.text.lower()) and object_opens


def _singular_subject(tokens: tuple[Token, ...], verb: int) -> bool:
    """Whether the verb at ``verb`` has right before it (adverbs may stand between) a singular
    subject that opens the sentence or a clause: "it", "he", "she", or a noun phrase whose head is
    a singular noun in lower case."""
    head = verb - 1
    while head > 0 and tokens[head].tag == "RB" and tokens[head].text.islower():
        head -= 1
    if head < 0:
        return False
    text = tokens[head].text
    if text.lower() in _SINGULAR_PRONOUNS:
        start = head
    elif tokens[head].tag == "NN" and text.islower() and (is_singular_noun(text) or not text.endswith("s")):
        # a noun of the trade the word lists lack ("renderer", "compactor") reads as singular too
        start = head
        while start > 0 and tokens[start - 1].tag in _SUBJECT_PHRASE and tokens[start].tag != "DT":
            start -= 1
    else:
        return False
    return start == 0 or tokens[start - 1].text in _CLAUSE_PUNCTUATION


RULE = Rule(
    id="rules.coordinated_verb",
    kind=EditKind.AGREEMENT,
    find=find,
    message="Use '{replacement}' like the verb before 'and', which agrees with the same subject.",
    description=__doc__ or "",
    fires=(
        "The compactor reads the compressed file and [process→processes] it.",
        "It works as usual and [import→imports] the macro names into scope.",
        "The component emits events and optionally [validate→validates] them.",
        "The renderer walks the new tree, compares it with the old one, and [apply→applies] the updates.",
        "The attribute works as usual and [import→imports] the names.",
        "It gets merged to the main branch and [wait→waits] to ship.",
        "The option updates the file and [accept→accepts] such refs.",
        "This option updates Xx and [accept→accepts] such refs (code as the model reads it).",
        "It goes to the master branch and [wait→waits] to become part of it.",
        "It compares the new one with the old one, and [apply→applies] necessary updates to the DOM.",
        "It guesses a default, but errors out and [asking→asks] you to choose.",
    ),
    leaves=(
        "It allows you to read the file and print it, and it makes it a crime to knowingly and willfully leak it.",
        "It overrides the method to first call the base method and then add the artist.",
        "It makes the tests pass and run the rest.",
        "Check whether the file exists and create it if not.",
        "Find the file that contains it and delete it.",
        "It reads the input and output files.",
        "The user logs in and out, and the server keeps the session and the cookies.",
        "He has moved the file and update the index later.",
        "If the build fails and you see an error, it stops and we fix it.",
        "The tests pass, and run the linter then.",
        "It is enabled and used by default, and it does nothing and returns.",
        "It includes parsing and formatting the file, and it runs, starting and stopping the service.",
        "It avoids this by disallowing it in tasks and using a scheduler; it's about mentorship, and creating a community.",
    ),
)


__all__ = ["find", "RULE"]

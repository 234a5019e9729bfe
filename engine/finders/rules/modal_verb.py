"""A modal followed by a verb that is not in its bare form: "can implementing" -> "can implement",
"should works" -> "should work", "will being" -> "will be", "will never been" -> "be" (after
"will", "can", "may", "shall"; after "should" "have" may be missing), "would is" -> "would be", "will
went" -> "will go", "can't swims" -> "can't swim", "may also helps" -> "help", "can actually
making" -> "make"; "do" made
negative, asking of a pronoun or of emphasis after its subject too: "doesn't likes" -> "like",
"didn't went" -> "go", "Did you saw" -> "see", "the root does contains" -> "contain". After a
modal, a simple past where it is no past participle too; a form that is both ("limited",
"used") before what opens an object, where its bare form was meant ("will limited the size" ->
"limit"); elsewhere it may lack "be" ("will punished by a fine", "can used to learn":
:mod:`.missing_be`) or not be judged ("will finished"). Not where the modal is a noun
("God's will is", "military might is", "free will led") or opens its clause, inverted with its
subject ("Should rebels be convicted", "But can questions be asked"), nor an -ing form after
"there" and a modal, where "be" is missing ("There will breaking changes": `missing_be`), and
only a verb's form is made bare ("will residents know" is an inversion, not "resident")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import (
    ADVERBS_BEFORE_VERB,
    CLOSED_CLASS,
    DETERMINERS,
    OBJECT_PRONOUNS,
    SUBJECT_PRONOUNS,
)
from edgegram.engine.analysis.word_classes import (
    ADJ,
    ADV,
    NOUN,
    PASTS_OVER_BARE,
    VERB,
    classes,
    participle_form,
    past_lemmas,
    readings,
    simple_past_only,
    singular_of_plural,
)
from edgegram.engine.core.edits import WORD_RE
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.sentences.lexicon import Lexicon

# Adverbs a modal's verb may follow (ADVERBS_BEFORE_VERB: "can also bought" -> "buy", "will never
# goes" -> "go"); any other word in "-ly" only where it is nothing but an adverb ("can actually
# making" -> "make": :func:`_adverb`).
_ADVERB = rf"(?:\s+(?P<adverb>{'|'.join(sorted(ADVERBS_BEFORE_VERB))}|[a-z]+ly))?"
_MODAL_VERB_RE = re.compile(
    rf"(?<![\w'’-])(?:can|could|should|would|might|must|will|may|shall)(?:n['’]t|\s+not)?{_ADVERB}\s+(?P<verb>[a-z]{{3,}})(?![\w'’-])"
)
# Modals made negative in one word ("can't swims", "cannot goes", "won't went"), which never open a question's inversion alone.
_NEGATIVE_MODAL_RE = re.compile(
    rf"(?<![\w'’-])(?:cannot|can['’]t|won['’]t|shan['’]t){_ADVERB}\s+(?P<verb>[a-z]{{3,}})(?![\w'’-])", re.IGNORECASE
)
# "do" made negative, whose verb is bare ("doesn't likes" -> "like", "did not went" -> "go").
_DO_NOT_RE = re.compile(r"(?<![\w'’-])(?:do|does|did)(?:n['’]t|\s+not)\s+([a-z]{3,})(?![\w'’-])", re.IGNORECASE)
# "do" asking a question of a pronoun, whose verb is bare ("Did you went" -> "go", "Does he
# knows" -> "know", "What did she said" -> "say"): at the sentence's start or after a question word.
_DO_QUESTION_RE = re.compile(
    r"(?:^[\s\"'“‘(]*|(?<=[.!?]\s)|(?<![\w'’-])(?:[Ww]hat|[Ww]here|[Ww]hen|[Ww]hy|[Hh]ow|[Ww]ho|[Ww]hich)\s+)"
    r"(?:[Dd]o|[Dd]oes|[Dd]id)\s+(?:I|you|he|she|it|we|they)\s+([a-z]{3,})(?![\w'’-])"
)
# "does" or "did" of emphasis after its subject, whose verb is bare ("A hierarchy does provides
# value" -> "provide", "verify that Loki did received" -> "receive").
_EMPHATIC_DO_RE = re.compile(r"(?<![\w'’-])(?:does|did)\s+([a-z]{3,})(?![\w'’-])")
# Words before which "does" or "did" is the verb of a clause that is itself the subject ("What it
# does depends on", "whatever it does happens", "all it did was").
_SUBJECT_CLAUSE_OPENERS = frozenset("what whatever all everything anything how".split())
# Words ending like a verb form that are not verbs ("can always", "will sometimes").
_NOT_VERBS = frozenset(
    "always perhaps thus sometimes afterwards towards besides nowadays unless across "
    "nothing something anything everything".split()
)
_MODAL_AUXILIARY_RE = re.compile(
    r"(?<![\w'’-])(?:can|could|should|would|might|must|will)\s+(is|are|was|were|am|has|does|did)(?![\w'’-])"
)
# Modals after which "been" was meant as "be" ("there will never been a 2.0" -> "be"); after "would",
# "could", "should", "might" and "must", "have" is as often what is missing ("should never been done").
_BE_FOR_BEEN = frozenset("will can may shall".split())
_BARE_AUXILIARY = {"is": "be", "are": "be", "was": "be", "were": "be", "am": "be", "has": "have", "does": "do", "did": "do"}
# Before a modal, words that invert it with its subject: "How can laws uphold", "as will adding hay".
_INVERTING = frozenset("how what where why when who which whom whose as than so nor".split())
# Coordinators after which a modal opening the clause is inverted ("And should funds be seized").
_COORDINATORS = frozenset("and but or".split())
# Modals that are nouns too ("God's will", "military might", "a trash can"; "the may" a slip of another word).
_NOUN_MODALS = frozenset("will might can may".split())
# Determiners before such a noun ("the will", "their will"; "this will" is mostly a subject and its verb).
_NOUN_DETERMINERS = DETERMINERS - {"this", "that"}


def _adverb(word: str | None) -> bool:
    """Whether ``word``, what :data:`_ADVERB` matched between a modal and its verb, is an adverb
    there: none, a listed one, or a word in "-ly" that is nothing but an adverb ("actually",
    "easily"; not "apply" in "can apply sorting", nor "early")."""
    return word is None or word.lower() in ADVERBS_BEFORE_VERB or classes(word.lower()) == {ADV}


def _bare(word: str, lexicon: Lexicon) -> str | None:
    """The bare form of a verb's -ing or -s form (lemminflect's lemma of it), if the list knows it."""
    if word == "being":
        return "be"
    if word.endswith("ing"):
        stem = word[:-3]
        options = [stem, stem + "e"] + ([stem[:-1]] if len(stem) > 2 and stem[-1] == stem[-2] else [])
    elif word.endswith("s") and not word.endswith("ss"):
        options = [word[:-1]] + ([word[:-2]] if word.endswith("es") else []) + ([word[:-3] + "y"] if word.endswith("ies") else [])
    else:
        return None
    lemmas = readings(word).get(VERB, ())  # a verb's form only: not "residents" after "will" inverted
    return next((o for o in options if o in lemmas and lexicon.is_english(o)), None)


def _bare_of_past(word: str) -> str | None:
    """The bare form of a verb's simple past that is spelt otherwise ("went" -> "go", "knew" ->
    "know"; not "put", nor one that is a verb's bare form too, "ground", "rent", nor "used":
    "didn't used to" is a spelling of "didn't use to")."""
    if word in PASTS_OVER_BARE:
        return next(iter(past_lemmas(word)), None)  # "didn't saw him", "Did you saw"
    if word == "used" or word in readings(word).get(VERB, ()):
        return None  # a verb's bare form too: "don't ground them", "did not rent the home"
    return next(iter(past_lemmas(word)), None)


def _bare_after_do(word: str, lexicon: Lexicon) -> str | None:
    """The bare form "do" wants of the verb ``word`` after it, where ``word`` is another of its
    forms ("likes" -> "like", "went" -> "go"); None for a word that is no verb ("always")."""
    if word in _NOT_VERBS or word in CLOSED_CLASS:
        return None
    return _bare(word, lexicon) or _bare_of_past(word)


def _bare_of_simple_past(word: str) -> str | None:
    """The bare form of a simple past that is no past participle or bare form too
    (:func:`~edgegram.engine.analysis.word_classes.simple_past_only`: "will went" -> "go", "can't took" ->
    "take"): after a modal a participle more often lacks "be" or "have" than its verb's bare form
    ("will punished by a fine", "would appeared to have")."""
    return next(iter(past_lemmas(word)), None) if simple_past_only(word) else None


# What opens a verb's object: after a modal's past that is a participle too, its bare form was meant.
_OBJECT_OPENERS = (DETERMINERS - {"that"}) | (OBJECT_PRONOUNS - {"you"})
_NEXT_WORD_RE = re.compile(r"\s+([A-Za-z]+)")


def _by_what_follows(sentence: str, end: int, word: str) -> str | None:
    """After a modal, a verb's simple past that is its past participle too ("limited", "used"):
    its bare form before what opens an object ("will limited the size" -> "limit"); None otherwise,
    or for no such form."""
    lemmas = past_lemmas(word)
    if len(lemmas) != 1 or lemmas[0] == word or not word.endswith("ed") or participle_form(lemmas[0]) != word:
        return None
    m = _NEXT_WORD_RE.match(sentence, end)
    if m is None:
        return None
    return lemmas[0] if m.group(1) in _OBJECT_OPENERS else None


def _inverts(before: list[str]) -> bool:
    """Whether the words ``before`` a modal end with one that inverts it with its subject;
    "which" and "who" inside a sentence open a relative clause instead, and are its subject
    ("the tool, which will helping you")."""
    last = before[-1].lower()
    return last in _INVERTING and not (last in ("which", "who") and len(before) > 1)


def _opens_clause(sentence: str, start: int, before: list[str], modal: str) -> bool:
    """Whether the modal at ``start`` opens its sentence or clause, inverted with the subject
    after it: after a coordinator that opens one ("But can questions be asked", "And should funds
    be seized"), or "should" after a comma ("removed, should experts determine it")."""
    text = sentence[:start].rstrip()
    if text[-1:] in ",;:" and modal.lower() == "should":
        return True
    if before[-1].lower() not in _COORDINATORS:
        return False
    ahead = text[: len(text) - len(before[-1])].rstrip()
    return not ahead or ahead[-1:] in '.,;:!?("“'


def _a_noun(before: list[str], modal: str, adjective_too: bool) -> bool:
    """Whether ``modal`` is a noun here: after a determiner or a possessive ("the will
    describing", "God's will has"), and with ``adjective_too`` after an adjective ("free will is",
    "military might is") or, for "can", a noun ("a soda can was"): before "is" or "has", where
    "economy will is" is no sentence."""
    if modal.lower() not in _NOUN_MODALS:
        return False
    last = before[-1].lower()
    if last in _NOUN_DETERMINERS or last.endswith(("'s", "’s")):
        return True
    if not adjective_too or last in CLOSED_CLASS:
        return False
    return ADJ in classes(last) or (modal.lower() == "can" and NOUN in classes(last))  # "a soda can was"


def _emphatic(before: list[str]) -> bool:
    """Whether "does" or "did" after the words ``before`` is emphasis after its subject: a personal
    pronoun, a noun or a name right before it, no clause that is a subject opening before ("What
    it does depends"), and no pronoun after a noun ("the work we did received": a relative clause
    without "that", whose "did" is its own verb)."""
    if not before:
        return False
    last = before[-1]
    lower = last.lower()
    if any(w.lower() in _SUBJECT_CLAUSE_OPENERS for w in before):
        return False
    if lower in SUBJECT_PRONOUNS:
        return len(before) < 2 or not (before[-2].islower() and NOUN in classes(before[-2].lower()))
    if lower in CLOSED_CLASS:
        return False
    return last[:1].isupper() or NOUN in classes(lower)


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _MODAL_AUXILIARY_RE.finditer(sentence):
        before = WORD_RE.findall(sentence[: m.start()])
        if not (before and _a_noun(before, m.group().split()[0], adjective_too=True)):
            yield m.start(1), m.end(1), _BARE_AUXILIARY[m.group(1)]
    for m in _DO_NOT_RE.finditer(sentence):
        if bare := _bare_after_do(m.group(1), lexicon):
            yield m.start(1), m.end(1), bare  # "doesn't likes", "didn't went"
    for m in _EMPHATIC_DO_RE.finditer(sentence):
        word = m.group(1)
        if classes(word) == {VERB} and not word.endswith("ing") and _emphatic(WORD_RE.findall(sentence[: m.start()])):
            if bare := _bare_after_do(word, lexicon):
                yield m.start(1), m.end(1), bare  # "does provides", "did received"
    for m in _DO_QUESTION_RE.finditer(sentence):
        word = m.group(1)
        if singular_of_plural(word) or word.endswith("ing"):
            continue  # "Do you guys"; "What do they looking" wants "are" as often
        if bare := _bare_after_do(word, lexicon):
            yield m.start(1), m.end(1), bare  # "Did you went", "Does he knows"
    for m in _MODAL_VERB_RE.finditer(sentence):
        word = m.group("verb")
        if not _adverb(m.group("adverb")):
            continue
        before = WORD_RE.findall(sentence[: m.start()])
        if word in _NOT_VERBS or (word in CLOSED_CLASS and word not in ("being", "been")) or not before or _inverts(before):
            continue  # a question or an inversion: the word after the modal is its subject
        modal = m.group().split()[0]
        if word == "been" and modal.lower() not in _BE_FOR_BEEN:
            continue  # "should never been done" lacks "have" as often as it means "be"
        if _opens_clause(sentence, m.start(), before, modal) or _a_noun(before, modal, adjective_too=False):
            continue
        if before[-1].lower() == "there" and word.endswith("ing") and word != "being":
            continue  # "There will breaking changes": "be" is missing (missing_be), not a bare verb
        bare = "be" if word == "been" else _bare(word, lexicon)
        if bare is None and not _a_noun(before, modal, adjective_too=True):
            bare = _bare_of_simple_past(word) or _by_what_follows(sentence, m.end("verb"), word)  # "will went" -> "go"
        if bare is not None:
            yield m.start("verb"), m.end("verb"), bare
    for m in _NEGATIVE_MODAL_RE.finditer(sentence):
        word = m.group("verb")
        if not _adverb(m.group("adverb")):
            continue
        before = WORD_RE.findall(sentence[: m.start()])
        if word in _NOT_VERBS or word in CLOSED_CLASS or (before and _inverts(before)):
            continue  # "Why can't people see", "how won't things change"
        bare = _bare(word, lexicon) or _bare_of_simple_past(word) or _by_what_follows(sentence, m.end("verb"), word)
        if bare is not None:
            yield m.start("verb"), m.end("verb"), bare  # "He can't swims", "it cannot goes", "won't went"


RULE = Rule(
    id="rules.modal_verb",
    kind=EditKind.VERB_FORM,
    find=find,
    message="After '{before}', use the verb's bare form: '{replacement}', not '{original}'.",
    description=__doc__ or "",
    fires=(
        "We can [implementing→implement] a trait.",
        "The program should [works→work] now.",
        "The user will [being→be] asked, and there will never [been→be] a 2.0 release.",
        "She doesn't [likes→like] it; he didn't [went→go]; it does not [works→work].",
        "Tomorrow I will [went→go]; he can't [swims→swim], it cannot [goes→go].",
        "We should not [takes→take] it, and it might not [exists→exist].",
        "It will never [goes→go]; it may [helps→help]; we can even [doing→do] it.",
        "Inlining can actually [making→make] the program slower, and it will quickly [grows→grow].",
        "Use the tool, which will [helping→help] you.",
        "Journalists should [doing→do] it, and this will [helps→help].",
        "That would [is→be] a mistake.",
        "Did you [went→go] there? Does he [knows→know] it? What did she [said→say]?",
        "I didn't [saw→see] him.",
        "A class hierarchy does [provides→provide] value; verify that Loki did [received→receive] it.",
        "If your package root does [contains→contain] a build script, it runs.",
        "The code will [limited→limit] the size, and it could [used→use] them.",
    ),
    leaves=(
        "It should never been done, and it would been fine.",
        "We can also use the may stereotypes.",
        "His free will led him.",
        "Everyone I had talked to knew it.",
        "God's will has been done, free will is a gift, China's military might is growing, a soda can was seen.",
        "But can questions be asked? Only then will residents know, should users choose to update.",
        "How can laws uphold it, as will adding hay?",
        "You should have time for it, and you may have while you shop.",
        "It still works and it also runs; it can wait, and you can apply sorting to the rows.",
        "We will sometimes always know.",
        "You don't ground them, we did not rent it, they didn't used to, and we don't always agree.",
        "This act is law, and this act may pass.",
        "What it does depends on it; whatever it does happens later; the work we did received praise.",
        "You can do targeted pushes, libcurl does chunked decoding, and they did commuting.",
        "It will finished soon enough, and it will shed some light.",
    ),
)


__all__ = ["find", "RULE"]

"""What a word can be (noun, verb, adjective...) and its inflections, from lemminflect's
lemma and inflection tables (PyPI ``lemminflect``, data from the Specialist Lexicon, no
model): the grammar rules ask it "is 'declare' a verb's bare form and nothing else?", "what
is the plural of 'approach'?". A word can be several things ("work", "change"); the rules
decide with the words around it. Words lemminflect does not list (function words, names)
have no readings. A few nouns of technical writing that lemminflect knows only as verbs ("commit",
"template": :func:`edgegram.engine.analysis.trade_words.nouns`) are nouns too.

The engine does not load lemminflect (its tables take some 50 MB as Python dicts): it reads
what lemminflect answers to these questions from ``engine/words/forms.txt.gz``, written by
``python -m edge_model.data.word_forms``, kept as one bytes object (about 2 MB) and searched
by binary search; the answers are lemminflect's, word for word, with the adjectives and nouns it
lacks that the tagged corpora (Brown, MASC) give ("complete" an adjective, "bar" a noun).
"""

from __future__ import annotations

import functools
import gzip
from pathlib import Path

from edgegram.engine.analysis.trade_words import nouns
from edgegram.engine.core.paths import WORDS_DIR
from edgegram.engine.core.sorted_table import SortedTable
from edgegram.engine.sentences.lexicon import shipped_misspellings

NOUN, VERB, ADJ, ADV, AUX = "NOUN", "VERB", "ADJ", "ADV", "AUX"
FORMS_TABLE = WORDS_DIR / "forms.txt.gz"
# Words whose "to" is always the infinitive's ("able", "chance"), built by
# ``python -m edge_model.data.infinitive_words`` from the training corpus.
INFINITIVE_LIST = FORMS_TABLE.with_name("infinitive.txt.gz")
# Nouns mostly uncounted ("money", "advice"), built by ``python -m edge_model.data.mass_nouns``.
MASS_LIST = FORMS_TABLE.with_name("mass.txt.gz")
INFLECTION_TAGS = ("VBD", "VBN", "VBZ", "NNS")  # the inflections the rules read
COMPARATIVE, SUPERLATIVE = "comparative", "superlative"  # degree_of's answers
_CACHED_WORDS = 4096  # per lookup: parsed entries kept (a few hundred bytes each)


class FormsTable(SortedTable):
    """The forms table's lines (``word TAB readings TAB inflections``, sorted by word)."""

    @classmethod
    def load(cls, path: Path = FORMS_TABLE) -> FormsTable:
        return super().load(path)

    def fields(self, word: str) -> tuple[str, str]:
        """The readings and inflections fields of ``word`` ("" and "" when not listed)."""
        row = self.row(word)
        return (row[0], row[1]) if row else ("", "")


def _parse(field: str) -> dict[str, tuple[str, ...]]:
    return {key: tuple(forms.split(",")) for key, _, forms in (entry.partition("=") for entry in field.split(";") if entry)}


@functools.cache
def _table() -> FormsTable:
    return FormsTable.load()


@functools.lru_cache(maxsize=_CACHED_WORDS)
def readings(word: str) -> dict[str, tuple[str, ...]]:
    """``{word class: lemmas}`` of the lower-case ``word`` ({} when not listed):
    lemminflect's ``getAllLemmas(word.lower())``."""
    return _parse(_table().fields(word.lower())[0])


def number_forms(a: str, b: str) -> bool:
    """Whether the lower-case words differ only in number: a noun's singular and plural
    ("encoding", "encodings") or a verb's bare and -s forms ("parse", "parses")."""
    for x, y in ((a, b), (b, a)):
        if plural(x) == y or third_person(x) == y:
            return True
    return False


def classes(word: str) -> frozenset[str]:
    """The word classes ``word`` can belong to (NOUN, VERB, AUX, ADJ, ADV): its readings, and
    NOUN for a noun of technical writing that lemminflect lists as a verb only
    (:func:`~edgegram.engine.analysis.trade_words.nouns`: "commit", "log", "template")."""
    found = frozenset(readings(word))
    return found | {NOUN} if word.lower() in nouns() else found


@functools.lru_cache(maxsize=_CACHED_WORDS)
def _inflections(lemma: str, tag: str) -> tuple[str, ...]:
    """lemminflect's ``getAllInflections(lemma)[tag]`` (() when none), for a tag of
    :data:`INFLECTION_TAGS`."""
    if tag not in INFLECTION_TAGS:
        raise ValueError(f"the forms table holds no {tag} inflections")
    return _parse(_table().fields(lemma)[1]).get(tag, ())


@functools.cache
def _infinitive_words() -> frozenset[str]:
    with gzip.open(INFINITIVE_LIST, "rt", encoding="utf-8") as f:
        return frozenset(f.read().split())


def takes_infinitive(word: str) -> bool:
    """Whether the "to" after ``word`` is always the infinitive's, never a preposition before
    an -ing form ("able", "chance", "like"; not "forward", "key", "used"): read from how the
    training corpus's clean text uses the word (engine/words/README.md)."""
    return word.lower() in _infinitive_words()


@functools.cache
def _mass_nouns() -> frozenset[str]:
    with gzip.open(MASS_LIST, "rt", encoding="utf-8") as f:
        return frozenset(f.read().split())


def is_mass_noun(word: str) -> bool:
    """Whether ``word`` is a noun mostly uncounted, whose plural is rare ("money", "advice",
    "furniture"; not "time", "hair", "work", which are counted too): engine/words/README.md."""
    return word.lower() in _mass_nouns()


def is_bare_verb(word: str) -> bool:
    """Whether ``word`` is a verb's bare form ("declare", "work") and not also the past tense
    or participle of a verb ("put", "found", "become", "saw")."""
    lower = word.lower()
    verbs = readings(lower).get(VERB, ()) + readings(lower).get(AUX, ())
    if lower not in verbs:
        return False
    return not any(lower in _inflections(lemma, "VBD") + _inflections(lemma, "VBN") for lemma in verbs)


def is_present_form(word: str) -> bool:
    """Whether the lower-case ``word`` may be a verb's present: its bare form and no verb's simple
    past ("accept"; "become", "come", "run", though each is its verb's participle too; not "put",
    "set", "found")."""
    return is_bare_verb(word) or (word in readings(word).get(VERB, ()) and not past_lemmas(word))


def gerund_lemmas(word: str) -> tuple[str, ...]:
    """The verbs whose -ing form ``word`` is ("working" -> ("work",); () for "thing", "sing",
    which are no verb's -ing form, and for words that are not verbs)."""
    if not word.endswith("ing"):
        return ()
    lemmas = readings(word).get(VERB, ())
    return () if word in lemmas else lemmas


def present_participle(verb: str) -> str | None:
    """The -ing form of the bare ``verb`` ("hear" -> "hearing", "receive" -> "receiving", "get"
    -> "getting", "lie" -> "lying"): the spelling among the usual three that the word list reads
    as that verb's and no recorded misspelling (the list reads "controling" as "control"'s too:
    "controlling")."""
    lower = verb.lower()
    stem = lower[:-2] + "y" if lower.endswith("ie") else lower[:-1] if lower.endswith("e") else ""
    for form in (lower + "ing", stem + "ing" if stem else "", lower + lower[-1:] + "ing"):
        if form and lower in gerund_lemmas(form) and not shipped_misspellings().corrections(form):
            return form
    return None


def third_person(verb: str) -> str | None:
    """The -s form of the bare ``verb`` ("ensure" -> "ensures")."""
    forms = _inflections(verb.lower(), "VBZ")
    return forms[0] if forms else None


def is_third_person(word: str) -> bool:
    """Whether ``word`` is a verb form that agrees only with a singular subject: the -s form
    of a verb ("performs", "ends", "is", "has") or "was"."""
    lower = word.lower()
    if lower == "was":
        return True
    verbs = readings(lower).get(VERB, ()) + readings(lower).get(AUX, ())
    return any(lower != lemma and lower in _inflections(lemma, "VBZ") for lemma in verbs)


def past_tense(verb: str) -> str | None:
    """The simple past of the bare ``verb`` ("go" -> "went")."""
    forms = _inflections(verb.lower(), "VBD")
    return forms[0] if forms else None


def past_lemmas(word: str) -> tuple[str, ...]:
    """The verbs whose simple past the lower-case ``word`` is ("went" -> ("go",), "put" -> ("put",);
    () for "go" and for words that are not verbs)."""
    return tuple(lemma for lemma in readings(word).get(VERB, ()) if past_tense(lemma) == word)


def past_participle(verb: str) -> str | None:
    """The past participle of the bare ``verb`` ("go" -> "gone"), where the table lists one
    (None for most regular verbs: see :func:`participle_form`)."""
    forms = _inflections(verb.lower(), "VBN")
    return forms[0] if forms else None


def participle_form(verb: str) -> str | None:
    """The past participle of the bare ``verb``, or its past tense where the table lists no
    participle apart (the regular verbs: "allow" -> "allowed"; "go" -> "gone")."""
    return past_participle(verb) or past_tense(verb)


def is_participle_only(word: str) -> bool:
    """Whether the lower-case ``word`` is a verb's past participle (a regular verb's "-ed" form
    too) and not its bare form ("allowed", "written"; not "come", "put")."""
    lemmas = readings(word).get(VERB, ())
    return word not in lemmas and any(word == participle_form(lemma) for lemma in lemmas)


def participle_of_past(word: str) -> str | None:
    """The past participle of the verb whose simple past ``word`` is, where the two differ
    ("knew" -> "known", "wrote" -> "written"; None for "found", which is both)."""
    lower = word.lower()
    for lemma in readings(lower).get(VERB, ()):
        participles = _inflections(lemma, "VBN")
        if lower in _inflections(lemma, "VBD") and participles and lower not in participles and lower != lemma:
            return participles[0]
    return None


# Simple pasts spelt as another verb's bare form, that other verb rare where a past's verb is
# meant ("didn't saw him", "have saw it"; "saw" the tool, "fell" a tree); not "found", "ground",
# "wound", "lay", whose other verbs are common.
PASTS_OVER_BARE = frozenset(("saw", "fell"))


def simple_past_only(word: str) -> bool:
    """Whether the lower-case ``word`` is a verb's simple past and neither a past participle nor a
    verb's bare form ("went", "chose"; not "found", "put", "saw", "ground"), so that after a modal
    or "to" its verb's bare form is meant ("will went", "to chose")."""
    return participle_of_past(word) is not None and word not in readings(word).get(VERB, ())


def past_of_participle(word: str) -> str | None:
    """The simple past of the verb whose past participle ``word`` is, where the two differ and
    ``word`` is no simple past or bare form too ("seen" -> "saw", "done" -> "did"; None for
    "found", "come", "put")."""
    lower = word.lower()
    verbs = readings(lower).get(VERB, ())
    if any(lower == lemma or lower in _inflections(lemma, "VBD") for lemma in verbs):
        return None
    for lemma in verbs:
        pasts = _inflections(lemma, "VBD")
        if pasts and lower in _inflections(lemma, "VBN"):
            return pasts[0]
    return None


def verb_form_only(word: str, endings: tuple[str, ...]) -> bool:
    """Whether the lower-case ``word`` ends in one of ``endings`` and lemminflect lists it as a
    verb's form other than its bare one, and as nothing else ("defined", "required"; not "need",
    a bare form, nor "red", an adjective)."""
    found = readings(word)
    return word.endswith(endings) and set(found) == {VERB} and word not in found[VERB]


def is_singular_noun(word: str) -> bool:
    """Whether ``word`` is listed as a noun's singular form and its usual plural differs from
    it ("file", "approach"; not "series", "data"), or is a noun of technical writing ("commit")."""
    lower = word.lower()
    if lower in nouns():
        return True  # a noun of technical writing ("commit"), plural in -s
    if lower not in readings(lower).get(NOUN, ()):
        return False
    plurals = _inflections(lower, "NNS")
    return bool(plurals) and plurals[0] != lower


def plural(noun: str) -> str | None:
    """The regular plural of the singular ``noun`` ("approach" -> "approaches")."""
    forms = [f for f in _inflections(noun.lower(), "NNS") if f != noun.lower()]
    return forms[0] if forms else None


def singular_of_plural(word: str) -> str | None:
    """The singular of the plural noun ``word`` ("traits" -> "trait"; None for a word that is
    not a plural, or is its own singular)."""
    lower = word.lower()
    for lemma in readings(lower).get(NOUN, ()):
        if lemma != lower and lower in _inflections(lemma, "NNS"):
            return lemma
    return None


def degree_of(word: str) -> str | None:
    """:data:`COMPARATIVE` or :data:`SUPERLATIVE` where ``word`` is that form of an adjective
    or adverb and not a plain one itself ("taller", "better"; "easiest", "best"); else None
    ("honest", "eldest"). By the word list alone: "number" is "numb" + "-er" to it, so callers
    that meet nouns must ask about them."""
    lower = word.lower()
    found = readings(lower)
    lemmas = found.get(ADJ, ()) + found.get(ADV, ())
    if not lemmas or lower in lemmas:
        return None
    if lower.endswith("est") or lower in ("best", "worst", "least", "most"):
        return SUPERLATIVE
    if lower.endswith("er") or lower in ("worse", "less", "more"):
        return COMPARATIVE
    return None


def is_modifier(word: str) -> bool:
    """Whether ``word`` is an adjective or adverb in its plain form ("main", "wrong", "fast";
    not "number", listed only as the -er form of "numb")."""
    lower = word.lower()
    return any(lower in readings(lower).get(cls, ()) for cls in (ADJ, ADV))


__all__ = [
    "ADJ",
    "FORMS_TABLE",
    "INFINITIVE_LIST",
    "INFLECTION_TAGS",
    "MASS_LIST",
    "PASTS_OVER_BARE",
    "FormsTable",
    "ADV",
    "AUX",
    "NOUN",
    "VERB",
    "COMPARATIVE",
    "SUPERLATIVE",
    "classes",
    "number_forms",
    "degree_of",
    "gerund_lemmas",
    "is_bare_verb",
    "is_mass_noun",
    "is_participle_only",
    "is_present_form",
    "is_modifier",
    "is_singular_noun",
    "is_third_person",
    "participle_form",
    "participle_of_past",
    "past_lemmas",
    "simple_past_only",
    "past_participle",
    "past_tense",
    "present_participle",
    "plural",
    "readings",
    "singular_of_plural",
    "takes_infinitive",
    "third_person",
    "verb_form_only",
]

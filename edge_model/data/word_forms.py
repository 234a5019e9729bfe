"""Build the word-class table (``engine/words/forms.txt.gz``) that
:mod:`edgegram.engine.analysis.word_classes` reads instead of lemminflect.

    python -m edge_model.data.word_forms [--out PATH]

lemminflect (PyPI, the ``train`` extra) keeps its lemma and inflection tables as Python dicts
of dicts of tuples: some 50 MB in a process for the few lookups the rules make. This writes
exactly what those lookups return, once per word: for every lower-case word lemminflect
lists, ``getAllLemmas(word)`` (its word classes and lemmas), and for every lower-case lemma it
lists and every lemma those readings name, the inflections of ``getAllInflections(lemma)``
under the tags the rules read (:data:`edgegram.engine.analysis.word_classes.INFLECTION_TAGS`). One line a
word, sorted by its UTF-8 bytes: ``word TAB readings TAB inflections``, each field a
``;``-separated list of ``key=form,form``. gzip without a timestamp: the same lemminflect
gives the same file. The engine looks words up in it by binary search.

lemminflect misses many readings: it knows "complete" and "bar" only as verbs, "visible" and
"compatible" only as nouns, "feasible" and "website" not at all, so a rule that asks whether a
word may describe a noun reads "having complete traces" as "having to complete", and one that
asks whether it may be a noun reads "The menu bar at the top" as a verb wanting "bars". The
tagged corpora the engine's tagger learns from (Brown and MASC, ``../shared/data/text/nltk``:
:func:`edge_model.pos_tagger.corpora`) add an adjective's or a noun's reading, its own lemma, to
a lower-case English word they tag so at least :data:`MIN_TAGGED` times and in at least
:data:`TAGGED_SHARE` of its uses, unless lemminflect has it or the word is a function word
("such"). Without the corpora (``--no-tagged``) the table is lemminflect's alone.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

from edge_model.data.lexicon import write_word_list
from edge_model.pos_tagger import corpora
from edgegram.engine.analysis.closed_class import CLOSED_CLASS, MODALS
from edgegram.engine.analysis.word_classes import ADJ, FORMS_TABLE, INFLECTION_TAGS, NOUN
from edgegram.engine.core.errors import DataError
from edgegram.engine.core.shared_data import shared_root
from edgegram.engine.sentences.lexicon import Lexicon

_SEPARATORS = "\t\n;=,"
# The tags of the tagged corpora that complete lemminflect's word classes.
TAGGED_CLASSES = {"JJ": ADJ, "NN": NOUN}
# A word gets a class it is tagged so often, and in this share of its uses ("complete" an
# adjective: 163 of 182 uses in Brown and MASC; "bar" a noun: 98 of 102; "excess" an adjective
# 19 of 42: not).
MIN_TAGGED = 8
TAGGED_SHARE = 0.5


def _field(entries: Mapping[str, tuple[str, ...]]) -> str:
    for key, forms in entries.items():
        if any(c in _SEPARATORS for text in (key, *forms) for c in text):
            raise ValueError(f"a separator in {key!r}: {forms!r}")
    return ";".join(f"{key}={','.join(forms)}" for key, forms in entries.items())


def tagged_readings(sentences: Iterable[list[tuple[str, str]]], known: Lexicon) -> dict[str, set[str]]:
    """The word classes (:data:`TAGGED_CLASSES`) that ``sentences`` (word and engine tag) give
    the lower-case English words they tag so often enough (:data:`MIN_TAGGED`,
    :data:`TAGGED_SHARE`): three letters or more, no function word, no part of a contraction
    ("didn")."""
    uses: Counter[str] = Counter()
    tagged: Counter[tuple[str, str]] = Counter()
    for sentence in sentences:
        for word, tag in sentence:
            if word.isalpha() and word.islower():
                uses[word] += 1
                if tag in TAGGED_CLASSES:
                    tagged[(word, TAGGED_CLASSES[tag])] += 1
    found: dict[str, set[str]] = {}
    for (word, kind), n in tagged.items():
        if n >= MIN_TAGGED and n >= TAGGED_SHARE * uses[word] and len(word) >= 3 and word not in CLOSED_CLASS:
            if known.is_english(word) and not _cut_contraction(word, known):
                found.setdefault(word, set()).add(kind)
    return found


def _cut_contraction(word: str, known: Lexicon) -> bool:
    """Whether ``word`` is what a tokenizer leaves of a negative contraction ("didn", "isn") or
    of "cannot" ("can" + "not")."""
    return known.is_english(f"{word}'t") or (word.endswith("not") and word[:-3] in MODALS)


def with_tagged(readings: dict[str, dict[str, tuple[str, ...]]], tagged: dict[str, set[str]]) -> int:
    """Give each word of ``tagged`` the classes it lists that ``readings`` (lemminflect's, by
    word) has not, each with the word as its lemma; how many readings it gave."""
    given = 0
    for word, kinds in tagged.items():
        found = readings.setdefault(word, {})
        for kind in sorted(kinds):
            if kind not in found:
                found[kind] = (word,)
                given += 1
    return given


def table_lines(tagged: dict[str, set[str]] | None = None) -> list[str]:
    """The table's lines, sorted, from the installed lemminflect, with the readings of the
    tagged corpora it lacks (``tagged``: :func:`tagged_readings`, :func:`with_tagged`)."""
    import lemminflect
    from lemminflect.core.Inflections import Inflections
    from lemminflect.core.Lemmatizer import Lemmatizer

    lemmatizer, inflections = Lemmatizer(), Inflections()
    words = [*lemmatizer._getLemmaDict(), *lemmatizer._getOverridesDict()]
    readings = {w: dict(lemminflect.getAllLemmas(w)) for w in words if w == w.lower()}
    if tagged:
        print(f"the tagged corpora add {with_tagged(readings, tagged)} readings", file=sys.stderr)
    lemmas = [*inflections._getInflDict(), *inflections._getOverridesDict()]
    named = [lemma for found in readings.values() for forms in found.values() for lemma in forms]
    forms = {}
    for lemma in [w for w in lemmas if w == w.lower()] + named:
        found = lemminflect.getAllInflections(lemma)
        forms[lemma] = {tag: found[tag] for tag in INFLECTION_TAGS if tag in found}
    lines = [
        f"{word}\t{_field(readings.get(word, {}))}\t{_field(forms.get(word, {}))}"
        for word in set(readings) | set(forms)
        if readings.get(word) or forms.get(word)
    ]
    return sorted(lines, key=lambda line: line.split("\t", 1)[0].encode("utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=FORMS_TABLE)
    parser.add_argument("--shared", type=Path, default=None, help="the shared data folder (default ../shared)")
    parser.add_argument("--no-tagged", action="store_true", help="lemminflect's readings alone, no tagged corpora")
    a = parser.parse_args(argv)
    tagged: dict[str, set[str]] = {}
    if not a.no_tagged:
        try:
            root = shared_root(a.shared)
        except DataError as e:
            print(f"error: {e} (or --no-tagged for lemminflect's readings alone)", file=sys.stderr)
            return 2
        sentences = (s for train, held in corpora(root).values() for s in (*train, *held))
        tagged = tagged_readings(sentences, Lexicon.load())
    lines = table_lines(tagged)
    write_word_list(lines, a.out)  # one line per word, gzip as the other word lists
    print(f"{len(lines)} words -> {a.out} ({a.out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

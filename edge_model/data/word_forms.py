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
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from pathlib import Path

from edge_model.data.lexicon import write_word_list
from edgegram.engine.analysis.word_classes import FORMS_TABLE, INFLECTION_TAGS

_SEPARATORS = "\t\n;=,"


def _field(entries: Mapping[str, tuple[str, ...]]) -> str:
    for key, forms in entries.items():
        if any(c in _SEPARATORS for text in (key, *forms) for c in text):
            raise ValueError(f"a separator in {key!r}: {forms!r}")
    return ";".join(f"{key}={','.join(forms)}" for key, forms in entries.items())


def table_lines() -> list[str]:
    """The table's lines, sorted, from the installed lemminflect."""
    import lemminflect
    from lemminflect.core.Inflections import Inflections
    from lemminflect.core.Lemmatizer import Lemmatizer

    lemmatizer, inflections = Lemmatizer(), Inflections()
    words = [*lemmatizer._getLemmaDict(), *lemmatizer._getOverridesDict()]
    readings = {w: lemminflect.getAllLemmas(w) for w in words if w == w.lower()}
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
    a = parser.parse_args(argv)
    lines = table_lines()
    write_word_list(lines, a.out)  # one line per word, gzip as the other word lists
    print(f"{len(lines)} words -> {a.out} ({a.out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

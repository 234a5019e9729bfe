"""Build the list of nouns that are mostly uncounted (``engine/words/mass.txt.gz``), which the
rules read: "many money" wants "much money", not "many moneys"; "these advice" no "advices".

    python -m edge_model.data.mass_nouns [--corpus runs/corpus] [--max-ratio 0.02] [--min-zipf 3.0]

Three sources decide, none written by hand. lemminflect (the forms table,
``engine/words/forms.txt.gz``; its data the Specialist Lexicon's, which marks a noun
"uncount") lists such a noun among its own plurals ("money": "moneys", "monies", "money";
"file": "files" only). Many nouns are both ("time", "work", "experience", "hair"), and a
learner's "many time" wants "times"; so a noun qualifies only where wordfreq (PyPI
``wordfreq``, the ``train`` extra) finds its usual plural written at most ``--max-ratio``
as often as the singular ("moneys" 0.001 of "money", "advices" 0.008, "furnitures" 0.004;
"times" 0.19, "hairs" 0.05, "breads" 0.03) and the singular is common (a Zipf frequency of at
least ``--min-zipf``: once per million words). Nouns that are its own plural in use
("aircraft", "salmon") or name a group ("staff", "military") pass both tests, so a noun the
training corpus's clean sentences (``clean.txt``, ``python -m edge_model.data.corpus``) count
after "many", "several", "few", "these", "those", "both" or a number at least
:data:`MIN_COUNTED` times, and more than a quarter as often as after "much", "less" or
"little", is left off; so is a word that is an adjective too ("cold", "public", "former"),
whose use the words around it would have to tell. wordfreq's data is CC BY-SA 4.0, and so is
the list (engine/words/README.md).
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from edge_model.data.corpus import built_file
from edge_model.data.lexicon import write_word_list
from edgegram.engine.analysis.word_classes import ADJ, FORMS_TABLE, MASS_LIST, classes

MAX_RATIO = 0.02
MIN_ZIPF = 3.0
MIN_COUNTED = 2  # times a noun is counted (or has "a" before it) from which it may be a counted noun
_TOKEN = re.compile(r"[a-z]+|[^\sa-z]")  # words and marks
_COUNTING = frozenset("many several few these those both two three four five six ten".split())
_UNCOUNTED_BY = frozenset(("much", "less", "little"))
_ONE = frozenset(("a", "an"))
# Words after a noun that end its phrase, so a count before it counts the noun ("many money
# is"), not a noun after it ("many music lovers").
_PHRASE_ENDS = frozenset(
    "of in on at to for with from by and or but that which who is are was were have has had will would".split()
)
_JOINING = frozenset(("and", "or"))  # before a noun whose verb may be the whole list's ("bread and news were")


def uncountable_readings(forms_table: Path = FORMS_TABLE) -> dict[str, str]:
    """``{noun: its usual plural}`` for each lower-case noun the forms table lists among its
    own plurals."""
    found = {}
    with gzip.open(forms_table, "rt", encoding="utf-8") as f:
        for line in f:
            word, _, inflections = line.rstrip("\n").split("\t")
            for entry in inflections.split(";"):
                tag, _, forms = entry.partition("=")
                plurals = forms.split(",")
                if tag == "NNS" and word in plurals and word.isalpha():
                    found[word] = plurals[0]  # the word itself where it is its only plural ("furniture")
    return found


def rarely_plural(readings: dict[str, str], max_ratio: float = MAX_RATIO, min_zipf: float = MIN_ZIPF) -> set[str]:
    """The nouns of ``readings`` (``{noun: plural}``) whose plural wordfreq finds at most
    ``max_ratio`` as often as the noun, or that is its only plural, which is common, no
    adjective and no plural in "-s" itself ("belongings", "jeans"; but "news", "physics",
    "progress")."""
    from wordfreq import word_frequency, zipf_frequency

    return {
        noun
        for noun, plural in readings.items()
        if ADJ not in classes(noun)
        and (not noun.endswith("s") or noun.endswith(("ss", "ics", "news")))
        and zipf_frequency(noun, "en") >= min_zipf
        and (plural == noun or word_frequency(plural, "en") <= max_ratio * word_frequency(noun, "en"))
    }


def counted(nouns: set[str], sentences: Iterable[str]) -> set[str]:
    """The ``nouns`` that ``sentences`` use as counted: after a word that counts, ending its
    phrase ("many deer are", not "many music lovers"), at least :data:`MIN_COUNTED` times and
    more than a quarter as often as after "much", "less" or "little"; after "a" or "an" at least
    :data:`MIN_COUNTED` times and in a twentieth of their uses ("a deer", "an elk"; "an advice" is
    rare); or before "are" and "were" more often than before "is" and "was" ("the clergy were")."""
    by_count: Counter[str] = Counter()
    by_amount: Counter[str] = Counter()
    uses: Counter[str] = Counter()
    by_one: Counter[str] = Counter()
    plural_verbs: Counter[str] = Counter()
    singular_verbs: Counter[str] = Counter()
    for sentence in sentences:
        ws = _TOKEN.findall(sentence.lower())
        for i, word in enumerate(ws):
            if word not in nouns:
                continue
            uses[word] += 1
            before, after = (ws[i - 1] if i else ""), (ws[i + 1] if i + 1 < len(ws) else "")
            if after in ("are", "were") and before not in _JOINING:
                plural_verbs[word] += 1
            elif after in ("is", "was"):
                singular_verbs[word] += 1
            if after == "-" or (after.isalpha() and after not in _PHRASE_ENDS):
                continue  # a noun may follow: "many music lovers", "a news conference", "a music-room"
            if before in _ONE:
                by_one[word] += 1
            elif before in _COUNTING:
                by_count[word] += 1
            elif before in _UNCOUNTED_BY:
                by_amount[word] += 1
    return (
        {noun for noun, n in by_count.items() if n >= MIN_COUNTED and 4 * n > by_amount[noun]}
        | {noun for noun, n in by_one.items() if n >= MIN_COUNTED and 20 * n >= uses[noun]}
        | {noun for noun, n in plural_verbs.items() if n >= MIN_COUNTED and n > singular_verbs[noun]}
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=Path("runs/corpus"), help="built by edge_model.data.corpus")
    parser.add_argument("--max-ratio", type=float, default=MAX_RATIO)
    parser.add_argument("--min-zipf", type=float, default=MIN_ZIPF)
    parser.add_argument("--out", type=Path, default=MASS_LIST)
    a = parser.parse_args(argv)
    clean = built_file(a.corpus, "clean.txt")
    if clean is None:
        return 2
    nouns = rarely_plural(uncountable_readings())
    with open(clean, encoding="utf-8") as f:
        nouns -= counted(nouns, f)
    write_word_list(sorted(nouns), a.out)
    print(f"{len(nouns)} nouns -> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build the engine's counts of word pairs in technical writing, beside the web's, from the
technical-prose corpus (:mod:`edge_model.data.tech_prose`) of many projects' documentation.

    python -m edge_model.data.trade_pairs --corpus runs/techprose [--out engine/words]

The speller ranks a misspelling's candidates partly by how often each stands between the words
around it (:mod:`edgegram.engine.finders.word_pairs`), and the web's pair counts it reads
(symspellpy's bigram dictionary, from Google's) barely know the pairs of technical writing:
"the commig log message" read "coming" there, since "commit log" is not counted. This counts every
pair of adjacent lower-case words of the corpus's sentences (:func:`edge_model.data.tech_terms.count`),
puts each count on the web dictionary's scale (times the median, over :data:`CALIBRATION_PAIRS`,
of the web's count of a common pair over the corpus's), keeps the pairs whose count on that scale
reaches the web dictionary's least (so a pair kept is as surely "counted" as one the web lists)
and whose words the books count :data:`MIN_WORD_COUNT` times or more, and writes them beside the
web's pairs as the engine's pair table (:data:`edgegram.engine.finders.word_pairs.PAIR_TABLE`:
``first second<TAB>web<TAB>trade``, sorted by pair). Only counts are shipped, no text; the corpus
never holds the evaluation's sources (:mod:`edge_model.data.held_out`).
"""

from __future__ import annotations

import argparse
import importlib.resources
import statistics
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from edge_model.data.lexicon import write_word_list
from edge_model.data.tech_prose import add_corpus_argument, corpus_missing, read_sentences
from edge_model.data.tech_terms import count
from edgegram.engine.finders.spell_index import read_counts
from edgegram.engine.finders.spelling import frequency_dictionary
from edgegram.engine.finders.word_pairs import PAIR_TABLE

# Pairs common in any English, whose counts set the corpus's scale against the web's.
CALIBRATION_PAIRS = (
    ("of", "the"),
    ("in", "the"),
    ("to", "the"),
    ("on", "the"),
    ("for", "the"),
    ("and", "the"),
    ("from", "the"),
    ("with", "the"),
    ("is", "a"),
    ("to", "be"),
    ("it", "is"),
    ("can", "be"),
)
# The least count in the books of a pair's words (the speller's least for a candidate).
MIN_WORD_COUNT = 100_000


def web_pair_counts() -> dict[str, int]:
    """The web's pair counts (symspellpy's bigram dictionary, Google's), by ``"first second"``."""
    path = Path(str(importlib.resources.files("symspellpy") / "frequency_bigramdictionary_en_243_342.txt"))
    with open(path, encoding="utf-8") as lines:
        return {pair: int(number) for pair, _, number in (line.rstrip("\n").rpartition(" ") for line in lines)}


def table_lines(web: Mapping[str, int], trade: Mapping[str, int]) -> list[str]:
    """The lines of a pair table (:data:`PAIR_TABLE`'s format) of ``web``'s and ``trade``'s
    counts: every pair either counts, sorted by its bytes in UTF-8, 0 where one lacks it."""
    pairs = sorted(set(web) | set(trade), key=lambda pair: pair.encode("utf-8"))
    return [f"{pair}\t{web.get(pair, 0)}\t{trade.get(pair, 0)}" for pair in pairs]


def scale(pairs: Counter[tuple[str, str]], web: dict[str, int]) -> float:
    """How many of the web's counts (``web``: by ``"first second"``) one of the corpus's is worth:
    the median ratio over the :data:`CALIBRATION_PAIRS` both count."""
    ratios = [web[" ".join(pair)] / pairs[pair] for pair in CALIBRATION_PAIRS if pairs.get(pair) and " ".join(pair) in web]
    if not ratios:
        raise ValueError("the corpus counts none of the calibration pairs")
    return statistics.median(ratios)


def trade_pairs(pairs: Counter[tuple[str, str]], web: dict[str, int], words: dict[str, int]) -> list[tuple[str, int]]:
    """The corpus's pairs whose count on the web's scale reaches the web dictionary's least, of
    two words the books' counts (``words``) have at least :data:`MIN_WORD_COUNT` times, with
    that count, the commonest first. (A pair's fit divides by its first word's count in the
    books: a word they lack, "lints", would make any of its pairs look certain.)"""
    factor, least = scale(pairs, web), min(web.values())
    kept = [
        (f"{a} {b}", round(n * factor))
        for (a, b), n in pairs.items()
        if n * factor >= least and min(words.get(a, 0), words.get(b, 0)) >= MIN_WORD_COUNT
    ]
    return sorted(kept, key=lambda row: (-row[1], row[0]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_corpus_argument(parser)
    parser.add_argument("--out", type=Path, default=PAIR_TABLE.parent)
    a = parser.parse_args(argv)
    if corpus_missing(a.corpus):
        return 2
    web = web_pair_counts()
    counted = count(read_sentences(a.corpus)).pairs
    with open(frequency_dictionary(), encoding="utf-8") as lines:
        books = read_counts(lines)  # the books' word counts, as the speller reads them
    rows = trade_pairs(counted, web, books)
    write_word_list(table_lines(web, dict(rows)), a.out / PAIR_TABLE.name)
    new = sum(1 for pair, _ in rows if pair not in web)
    print(f"{len(rows)} pairs ({new} the web's dictionary lacks), scale {scale(counted, web):.0f} -> {a.out / PAIR_TABLE.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build the list of words whose "to" is always the infinitive's (``engine/words/infinitive.txt.gz``),
which the missing-"to" rule (:mod:`edgegram.engine.finders.rules.missing_to`) reads: after them an
-ing form in the verb's place is a slip ("a chance to working", "I'd like to swimming",
"the decision to living") where after others it is English ("look forward to seeing", "the
key to understanding", "agreed to paying").

    python -m edge_model.data.infinitive_words [--corpus runs/corpus] [--min-count 30]

Which words are which is read from the training corpus's clean sentences (``clean.txt``,
built by ``python -m edge_model.data.corpus``), not written by hand: a word qualifies when
"WORD to VERB" (a verb's bare form, lemminflect's forms table) follows it at least
``--min-count`` times and "WORD to VERBING" (an -ing form of a verb, whatever it is used
as: "to existing code" counts against the word) never, and it is not only an adverb (the
"to" after "again" or "always" is another word's: "look forward again to working"). The
corpus's restraint sentences are left out of the count, so the rule's false alarms can be
measured on them.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from edge_model.data.corpus import built_file
from edge_model.data.lexicon import write_word_list
from edgegram.engine.analysis.word_classes import ADV, INFINITIVE_LIST, classes, gerund_lemmas, is_bare_verb

MIN_COUNT = 30
_PAIR = re.compile(r"\b([a-z]+) to ([a-z]+)\b")


def infinitive_words(sentences: Iterable[str], min_count: int = MIN_COUNT) -> list[str]:
    """The words followed by "to" and a bare verb at least ``min_count`` times in ``sentences``
    and never by "to" and an -ing form, sorted."""
    bare: Counter[str] = Counter()
    gerund: Counter[str] = Counter()
    kinds: dict[str, str] = {}
    for sentence in sentences:
        for m in _PAIR.finditer(sentence.lower()):
            verb = m.group(2)
            kind = kinds.get(verb)
            if kind is None:
                kind = kinds[verb] = "ing" if gerund_lemmas(verb) else "bare" if is_bare_verb(verb) else ""
            if kind == "ing":
                gerund[m.group(1)] += 1
            elif kind == "bare":
                bare[m.group(1)] += 1
    return sorted(word for word, n in bare.items() if n >= min_count and not gerund[word] and classes(word) != {ADV})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=Path("runs/corpus"), help="built by edge_model.data.corpus")
    parser.add_argument("--min-count", type=int, default=MIN_COUNT)
    parser.add_argument("--out", type=Path, default=INFINITIVE_LIST)
    a = parser.parse_args(argv)
    clean = built_file(a.corpus, "clean.txt")
    if clean is None:
        return 2
    with open(clean, encoding="utf-8") as f:
        words = infinitive_words(f, a.min_count)
    write_word_list(words, a.out)
    print(f"{len(words)} words -> {a.out} ({a.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

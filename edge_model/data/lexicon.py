"""Build the engine's word list (``engine/words/en.txt.gz``, see :mod:`edgegram.engine.sentences.lexicon`).

    python -m edge_model.data.lexicon [--corpus runs/corpus] [--shared PATH] [--min-count 5]

The words of SCOWL's British English "large" list (``../shared/data/wordlists/errant``, the
list ERRANT uses) plus every alphabetic word (apostrophes allowed) that the training corpus
(``python -m edge_model.data.corpus``: clean sentences and the corrected side of the learner
pairs) uses at least ``--min-count`` times, which brings in American spellings ("color",
"center") and common names, but not a contraction without its apostrophe ("didnt") nor a
misspelling adults are recorded making (Mitton's collections from Wikipedia's corrections and
Aspell's tests, ``../shared/data/wordlists/misspellings_mitton``: "alot", "goverment",
"publically", "soliders"; not the schoolchildren's of Birkbeck and Holbrook, where "fide" and
"heme" are slips for "field" and "him") that lemminflect does not know as a word (it
knows "color", "traveled", "behavior") and that the corpus writes in lower case more often than
capitalised (a name: "Daly", "Frome", "Regan" stay). Case-folded, sorted, gzip without a
timestamp: the same inputs give the same file.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from edgegram.engine.analysis.word_classes import readings
from edgegram.engine.core.edits import WORD_RE
from edgegram.engine.core.errors import DataError
from edgegram.engine.core.shared_data import shared_root
from edgegram.engine.sentences.lexicon import WORD_LIST, is_lettered, normalise

SCOWL = "data/wordlists/errant/en_GB-large.txt"
MISSPELLINGS = "data/wordlists/misspellings_mitton"
ADULT_MISSPELLINGS = ("aspell.dat", "wikipedia.dat")  # the collections of adults' misspellings


def corpus_counts(lines: Iterable[str]) -> tuple[Counter[str], Counter[str]]:
    """How often each alphabetic word (normalised) occurs in ``lines``, and how often in lower case."""
    counts: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    for line in lines:
        for w in WORD_RE.findall(line):
            if is_lettered(w):
                word = normalise(w)
                counts[word] += 1
                if w[0].islower():
                    lower[word] += 1
    return counts, lower


def misspellings(folder: Path, names: Iterable[str] | None = None) -> set[str]:
    """Every misspelling in the ``*.dat`` files of Mitton's collections (a ``$correct`` line,
    then its misspellings, one a line, some followed by a count), normalised; only the files
    ``names`` where given."""
    found: set[str] = set()
    for path in sorted(folder.glob("*.dat")) if names is None else [folder / name for name in names]:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            parts = line.split()
            if parts and not line.startswith("$"):
                found.add(normalise(parts[0]))
    return found


def corpus_lines(corpus: Path) -> Iterable[str]:
    """The clean sentences and the learner pairs' corrected sides of a built corpus."""
    with open(corpus / "clean.txt", encoding="utf-8") as f:
        yield from f
    with open(corpus / "real_train.tsv", encoding="utf-8") as f:
        for line in f:
            yield line.rstrip("\n").split("\t")[-1]


def build_word_list(
    scowl: Iterable[str], counts: Counter[str], min_count: int, lower: Counter[str] | None = None, misspelt: Iterable[str] = ()
) -> list[str]:
    """SCOWL's words and the corpus words seen ``min_count`` times, except a contraction
    written without its apostrophe ("didnt", "thats": SCOWL has "didn't", "that's") and a word
    of ``misspelt`` that lemminflect does not know and that is in lower case (``lower``: how
    often it is) in more than half of its uses ("alot"; not the name "Daly")."""
    words = {normalise(w.strip()) for w in scowl if w.strip()}
    unmarked = {w.replace("'", "") for w in words if "'" in w} - words
    lower = lower if lower is not None else counts
    slips = {w for w in misspelt if 2 * lower[w] > counts[w] and not readings(w)}
    return sorted(words | {w for w, n in counts.items() if n >= min_count and w not in unmarked and w not in slips})


def write_word_list(words: list[str], out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0, filename="") as f:
        f.write(("\n".join(words) + "\n").encode("utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=Path("runs/corpus"), help="built by edge_model.data.corpus")
    parser.add_argument("--shared", type=Path, default=None)
    parser.add_argument("--min-count", type=int, default=5)
    parser.add_argument("--out", type=Path, default=WORD_LIST)
    a = parser.parse_args(argv)
    try:
        scowl_path, mitton = shared_root(a.shared) / SCOWL, shared_root(a.shared) / MISSPELLINGS
        if not (a.corpus / "clean.txt").is_file():
            raise DataError(f"no corpus at {a.corpus}: build it with python -m edge_model.data.corpus --out {a.corpus}")
        if not mitton.is_dir():
            raise DataError(f"{mitton} is missing (../shared/data/wordlists)")
        counts, lower = corpus_counts(corpus_lines(a.corpus))
        with open(scowl_path, encoding="utf-8") as f:
            words = build_word_list(f, counts, a.min_count, lower, misspellings(mitton, ADULT_MISSPELLINGS))
    except (DataError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    write_word_list(words, a.out)
    print(f"{len(words)} words -> {a.out} ({a.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

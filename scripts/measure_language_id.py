"""Measure language identification on short paragraphs: how many English paragraphs are
kept (learner English with errors included: skipping them loses real findings) and how
many French, German, Spanish and Italian ones are skipped, and microseconds a paragraph.

    PYTHONPATH=. python scripts/measure_language_id.py [--per-set 1000]

English: CWEB-G dev web sentences and BEA-19 dev learner sentences (../shared), and the
prose paragraphs of the Rust book chapters (../shared, masked by edgegram.engine.prose). Other
languages: paragraphs of the Debian manpages-fr/-de/-es/-it packages
(apt-get install manpages-fr manpages-de manpages-es manpages-it).
"""

from __future__ import annotations

import argparse
import gzip
import random
import re
import time
from pathlib import Path

from edgegram.engine.prose import mask
from edgegram.engine.prose.language_id import EnglishFilter

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
_ROFF_ESCAPE = re.compile(r"\\f[BIRP]|\\f\(..|\\\(..|\\[&|^%]|\\s[-+]?\d")


def _english(limit: int, rng: random.Random) -> dict[str, list[str]]:
    sets = {}
    cweb = (SHARED / "dev/cweb/raw/CWEB-G.dev.source").read_text(encoding="utf-8").splitlines()
    sets["en web (CWEB-G)"] = cweb
    bea = (SHARED / "dev/bea19/ABCN.dev.gold.bea19.src").read_text(encoding="utf-8").splitlines()
    sets["en learner (BEA-19)"] = [re.sub(r" ([.,!?;:'])", r"\1", line) for line in bea]
    book = []
    for chapter in sorted((SHARED / "dev/techdocs/rust-book").glob("*.md")):
        text = chapter.read_text(encoding="utf-8")
        masked = mask(text, "markdown").text
        book += [" ".join(p.split()) for p in re.split(r"\n[ \t]*\n", masked)]
    sets["en tech (Rust book)"] = book
    return {name: _sample(lines, limit, rng) for name, lines in sets.items()}


def _manpages(language: str, limit: int, rng: random.Random) -> list[str]:
    paragraphs = []
    for page in sorted(Path(f"/usr/share/man/{language}").glob("man*/*.gz")):
        text = gzip.open(page, "rt", encoding="utf-8", errors="replace").read()
        current: list[str] = []
        for line in text.splitlines() + [".PP"]:
            if line.startswith((".", "'")):
                if current:
                    paragraphs.append(" ".join(current))
                current = []
            else:
                current.append(_ROFF_ESCAPE.sub("", line).replace("\\-", "-").replace("\\", ""))
    return _sample(paragraphs, limit, rng)


def _sample(paragraphs: list[str], limit: int, rng: random.Random) -> list[str]:
    usable = [p.strip() for p in paragraphs if 4 <= len(p.split()) <= 60]
    rng.shuffle(usable)
    return usable[:limit]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-set", type=int, default=1000)
    args = parser.parse_args()
    rng = random.Random(17)
    sets = _english(args.per_set, rng)
    for language in ("fr", "de", "es", "it"):
        sets[f"{language} (man pages)"] = _manpages(language, args.per_set, rng)
    started = time.perf_counter()
    detector = EnglishFilter()
    detector.is_other_language("Ceci est un court paragraphe en français, pour charger le modèle.")
    print(f"model load: {(time.perf_counter() - started) * 1000:.0f} ms")
    for name, paragraphs in sets.items():
        started = time.perf_counter()
        skipped = sum(detector.is_other_language(p) for p in paragraphs)
        micros = (time.perf_counter() - started) * 1e6 / max(1, len(paragraphs))
        words = sum(len(p.split()) for p in paragraphs) / max(1, len(paragraphs))
        english = name.startswith("en")
        rate = (len(paragraphs) - skipped if english else skipped) / max(1, len(paragraphs))
        what = "kept as English" if english else "skipped as not English"
        line = f"{name}: {len(paragraphs)} paragraphs, {words:.1f} words avg: {rate:.1%} {what}, {micros:.0f} µs/paragraph"
        if not english:
            # Man pages hold untranslated English paragraphs and option lists: also report
            # the paragraphs with at most one English function word.
            clean = [p for p in paragraphs if _english_words(p) <= 1]
            clean_rate = sum(detector.is_other_language(p) for p in clean) / max(1, len(clean))
            line += f"; of the {len(clean)} with <= 1 English function word: {clean_rate:.1%} skipped"
        print(line)


def _english_words(paragraph: str) -> int:
    from edgegram.engine.prose.language_id import _ENGLISH_WORDS, _WORD

    return sum(word.lower() in _ENGLISH_WORDS for word in _WORD.findall(paragraph))


if __name__ == "__main__":
    main()

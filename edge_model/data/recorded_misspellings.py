"""Build the table of recorded misspellings (``engine/words/misspellings.txt.gz``, read by
:func:`edgegram.engine.sentences.lexicon.shipped_misspellings`).

    python -m edge_model.data.recorded_misspellings

Some of the commonest slips get past the spelling check's lists: "atleast" is a name in
other projects' code (the technical list), "occuring" and "refered" are spelling variants
lemminflect lists for "occur" and "refer", "eachother" and "thankyou" are common on the web,
"truely" reads as "true" + "-ly" and "soliders" as "solid" + "-ers", "Alot" and "Noone" open
a sentence like names. codespell (PyPI ``codespell``), the maintained checker of common
misspellings in code and docs, records them with their corrections in its main dictionary
(``codespell_lib/data/dictionary.txt``: "atleast->at least", "alot->a lot, allot,"). This
keeps its entries whose misspelling is made of letters (an apostrophe allowed), at least
:data:`MIN_LENGTH` long and not on the English word list (codespell also lists real words
that are usually slips: "wether", "loosing"; those are the rules' to judge) unless the list
took in another spelling of a word's form ("occured", "equipments": :func:`_slip_of_a_form`), each with the
corrections whose words the shipped lexicon knows; it leaves out eye dialect ("sittin" ->
"sitting": meant so in dialogue and lyrics) and spelling variants, misspellings the web uses
nearly as often as their correction (wordfreq: within :data:`VARIANT_GAP` on the Zipf scale:
"requestor", "homogenous", "vermillion"; names: "mata", "welp"). A line: ``misspelling TAB correction TAB
...``, sorted; gzip without a timestamp, so the same inputs give the same file.

codespell's dictionaries are derived from English Wikipedia's lists of common misspellings
and licensed CC BY-SA 3.0, and so is this table built from them (engine/words/README.md).
Training-time tool: needs ``codespell`` (the ``train`` extra).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from edge_model.data.lexicon import write_word_list
from edgegram.engine.analysis.word_classes import readings
from edgegram.engine.sentences.lexicon import MISSPELLING_LIST, Lexicon, is_lettered, normalise, shipped_lexicon

MIN_LENGTH = 3  # "teh", "ths"; two letters are too often abbreviations
# A misspelling the web writes within this much (Zipf scale, wordfreq) as often as its commonest
# correction is a variant or a name, not a slip: 19 of the table's entries ("requestor" 1.8 /
# "requester" 2.2, "homogenous" 2.8 / 3.2, "miniscule" 2.6 / 3.0, "welp", "mata"); within 1.0, 57,
# among them common slips ("knowledgable" 2.6 / 3.5, "millenia", "supercede").
VARIANT_GAP = 0.6
# A word on the English list that is another spelling of its correction's form is a slip when the
# web writes it this much less often (Zipf): "occured" 1.8 below "occurred", "equipments" 2.0
# below "equipment"; not "combatting", 0.7 below "combating".
FORM_SLIP_GAP = 1.5


def parse(lines: Iterable[str]) -> dict[str, list[str]]:
    """codespell's ``misspelling->correction, correction,`` lines as ``{misspelling:
    corrections}`` (a trailing comma only tells codespell not to fix it unasked)."""
    found: dict[str, list[str]] = {}
    for line in lines:
        word, arrow, fixes = line.strip().partition("->")
        if arrow and word:
            found.setdefault(word, []).extend(fix.strip() for fix in fixes.split(",") if fix.strip())
    return found


def select(
    recorded: dict[str, list[str]], lexicon: Lexicon, frequency: Callable[[str], float] | None = None, gap: float = VARIANT_GAP
) -> list[tuple[str, list[str]]]:
    """The entries to ship, sorted: a lettered misspelling of :data:`MIN_LENGTH` letters or
    more that the English list lacks, with its corrections made of known words (in their
    order, without repeats); entries left with none are dropped, and so are eye dialect
    ("sittin" -> "sitting") and, given ``frequency`` (a word's Zipf frequency), misspellings
    within ``gap`` of their commonest correction's."""
    table: dict[str, list[str]] = {}
    for word, fixes in recorded.items():
        key = normalise(word)
        if len(key) < MIN_LENGTH or not is_lettered(key):
            continue
        if lexicon.is_english(key) and not _slip_of_a_form(key, fixes, frequency):
            continue
        known = table.setdefault(key, [])
        for fix in fixes:
            if fix not in known and normalise(fix) != key and all(_known(part, lexicon) for part in fix.split(" ")):
                known.append(fix)
    return sorted(
        ((word, fixes) for word, fixes in table.items() if fixes and not _intended(word, fixes, frequency, gap)),
        key=lambda item: item[0].encode("utf-8"),
    )


def _slip_of_a_form(word: str, fixes: list[str], frequency: Callable[[str], float] | None) -> bool:
    """Whether ``word``, on the English list, is a slip for another spelling of the same form
    of the same word: lemminflect reads it and one of ``fixes`` as forms of one lemma
    ("occured" / "occurred": occur, "equipments" / "equipment") and the web writes it
    :data:`FORM_SLIP_GAP` or more less often on the Zipf scale (the English list takes in such
    variants; not "combatting" / "combating", a British doubling). codespell's other real words
    ("wether", "loosing": words of their own) stay the rules' to judge."""
    lemmas = _lemmas(word)
    if frequency is None or not lemmas:
        return False
    same = [fix for fix in fixes if " " not in fix and normalise(fix) != word and lemmas & _lemmas(normalise(fix))]
    return bool(same) and max(frequency(fix) for fix in same) - frequency(word) >= FORM_SLIP_GAP


def _lemmas(word: str) -> set[str]:
    return {lemma for lemmas in readings(word).values() for lemma in lemmas}


def _intended(word: str, fixes: list[str], frequency: Callable[[str], float] | None, gap: float) -> bool:
    """Whether ``word`` is more likely written so on purpose than a slip for one of ``fixes``:
    eye dialect, or a variant the web uses nearly as often."""
    if any(normalise(fix) == word + "g" for fix in fixes):
        return True
    if frequency is None:
        return False
    seen = frequency(word)  # 0: wordfreq has not seen it
    return seen > 0 and seen > max(frequency(fix) for fix in fixes) - gap


def _known(word: str, lexicon: Lexicon) -> bool:
    return is_lettered(word) and (lexicon.is_english(word) or bool(readings(word.lower())))


def write_table(entries: list[tuple[str, list[str]]], out: Path) -> None:
    write_word_list(["\t".join([word, *fixes]) for word, fixes in entries], out)


def codespell_dictionary() -> Path:
    """The installed codespell's main dictionary."""
    import importlib.resources

    return Path(str(importlib.resources.files("codespell_lib") / "data" / "dictionary.txt"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dictionary", type=Path, default=None, help="codespell's dictionary.txt (default: the installed one)")
    parser.add_argument("--variant-gap", type=float, default=VARIANT_GAP)
    parser.add_argument("--out", type=Path, default=MISSPELLING_LIST)
    a = parser.parse_args(argv)
    try:
        path = a.dictionary or codespell_dictionary()
        from wordfreq import zipf_frequency

        with open(path, encoding="utf-8") as f:
            entries = select(parse(f), shipped_lexicon(), lambda word: zipf_frequency(word, "en"), a.variant_gap)
    except ImportError:
        print("error: needs codespell and wordfreq (pip install -e '.[train]')", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    write_table(entries, a.out)
    print(f"{len(entries)} misspellings -> {a.out} ({a.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

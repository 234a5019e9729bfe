"""The speller's compact SymSpell index (edgegram.engine.finders.spell_index) finds what symspellpy's
own index finds, in the same order, and knows every word's count."""

import importlib.resources
import random
from pathlib import Path

import pytest
from symspellpy import SymSpell, Verbosity

from edgegram.engine.finders.spell_index import compact_symspell, read_counts
from edgegram.engine.finders.spelling import MIN_CANDIDATE_COUNT

DICTIONARY = Path(str(importlib.resources.files("symspellpy") / "frequency_dictionary_en_82_765.txt"))


@pytest.fixture(scope="module")
def indexes():
    full = SymSpell(max_dictionary_edit_distance=1, prefix_length=5)
    full.load_dictionary(str(DICTIONARY), term_index=0, count_index=1, encoding="utf-8")
    return full, compact_symspell(DICTIONARY, MIN_CANDIDATE_COUNT, 1, 5)


def common_hits(symspell: SymSpell, word: str) -> list[tuple[str, int, int]]:
    hits = symspell.lookup(word, Verbosity.CLOSEST, max_edit_distance=1)
    return [(h.term, h.distance, h.count) for h in hits if h.count >= MIN_CANDIDATE_COUNT]


def test_candidates_and_their_order_are_symspells(indexes):
    full, compact = indexes
    # "colur": "color" and "colour" have the same count, so only the index's order ranks them
    probes = ["colur", "centr", "behavour", "recieve", "thier", "teh", "wnat", "limts", "untl", "labls", "a", "zzzzqx"]
    rng = random.Random(7)
    for word in rng.sample(sorted(full.words), 1500):
        i = rng.randrange(len(word))
        head, tail = word[:i], word[i + 1 :]
        probes += [head + tail, head + "e" + tail, head + tail[:1] + word[i] + tail[1:]]
    found = {p: common_hits(full, p) for p in probes}
    assert [t for t, _, _ in found["colur"]] == [t for t, _, _ in common_hits(compact, "colur")] and len(found["colur"]) > 1
    assert {p: common_hits(compact, p) for p in probes} == found
    assert sum(bool(hits) for hits in found.values()) > 1000


def test_every_count_is_kept(indexes):
    full, compact = indexes
    assert len(compact.words) == len(full.words)
    assert all(compact.words[w] == c for w, c in full.words.items())
    assert compact.words.get("qwzxv", 0) == 0 and "qwzxv" not in compact.words


def test_counts_are_read_as_symspellpy_reads_them():
    lines = ["the 10\n", "bad x\n", "zero 0\n", "lonely\n", "the 5\n", "a 3 extra\n"]
    assert read_counts(lines) == {"the": 15, "a": 3}


def test_words_sharing_a_prefix_share_its_deletes():
    """The index built with the deletes hashed once per prefix is the one built word by word."""
    from edgegram.engine.finders.spell_index import DeleteIndex

    symspell = SymSpell(max_dictionary_edit_distance=1, prefix_length=5)
    words = [w for w, c in read_counts(DICTIONARY.open(encoding="utf-8")).items() if c >= MIN_CANDIDATE_COUNT][:5000]
    words += ["a", "i", "at", "ox"]
    by_word, by_prefix = DeleteIndex(words, symspell._edits_prefix), DeleteIndex(words, symspell._edits_prefix, 5)
    assert (by_word._keys == by_prefix._keys).all() and (by_word._numbers == by_prefix._numbers).all()
    assert len(by_prefix._keys) > 20000

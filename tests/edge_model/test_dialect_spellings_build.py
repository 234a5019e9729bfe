"""The shipped list of British and American spellings (engine/words/dialects.txt.gz) is breame's."""

import gzip

import pytest

from edgegram.engine.sentences.lexicon import DIALECT_LIST, dialect_pairs

pytest.importorskip("breame")


def test_shipped_list_is_built_from_the_installed_breame():
    from edge_model.data.dialect_spellings import pair_lines

    with gzip.open(DIALECT_LIST, "rt", encoding="utf-8") as f:
        assert f.read().splitlines() == pair_lines()


def test_the_pairs_hold_both_orders_and_every_spelling_of_a_word():
    pairs = dialect_pairs()
    assert ("theater", "theatre") in pairs and ("theatre", "theater") in pairs and ("colour", "color") in pairs
    assert ("anesthetize", "anaesthetise") in pairs and ("anesthetize", "anaesthetize") in pairs
    assert all((b, a) in pairs for a, b in pairs) and not any(a == "the" for a, _ in pairs)

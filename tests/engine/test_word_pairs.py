"""Word pairs (edgegram.engine.finders.word_pairs): how likely a word is between its neighbours,
and the speller's ranking that adds it."""

import math

import pytest

from edgegram.engine.core.sorted_table import SortedTable
from edgegram.engine.finders.spell_index import HashedCounts
from edgegram.engine.finders.spelling import rank
from edgegram.engine.finders.word_pairs import (
    TRADE,
    UNCOUNTED,
    UNCOUNTED_AFTER_MOST,
    WEB,
    TableColumn,
    WordPairs,
    neighbours,
    shipped_pairs,
)

COUNTS = {"not": 10**9, "provide": 10**8, "province": 10**7, "complex": 10**7, "lot": 10**8, "inching": 10**3}


def pairs() -> WordPairs:
    return WordPairs(HashedCounts({"not provide": 4 * 10**7, "provide complex": 8 * 10**6, "a lot": 10**8, "lot of": 5 * 10**7}))


def count(word: str) -> int:
    return COUNTS.get(word, 0)


def test_a_counted_pair_makes_a_word_likelier_between_its_neighbours():
    assert pairs().fit("not", "provide", "complex", count) > pairs().fit("not", "province", "complex", count)


def test_an_uncounted_pair_after_a_rare_word_adds_at_most_the_cap():
    assert pairs().fit(None, "inching", "of", count) == UNCOUNTED_AFTER_MOST
    assert pairs().fit(None, "province", "of", count) == UNCOUNTED_AFTER_MOST
    # a common word's uncounted pair says the next word seldom follows it: below the cap
    assert pairs().fit(None, "not", "of", count) == math.log(UNCOUNTED) - math.log(COUNTS["not"]) < UNCOUNTED_AFTER_MOST


def test_a_candidate_of_two_words_meets_its_neighbours_with_its_first_and_last():
    assert pairs().fit("and", "a lot", "of", count) == math.log(UNCOUNTED) + math.log(5 * 10**7) - math.log(10**8)


def test_a_word_without_neighbours_is_not_judged_by_the_pairs():
    assert pairs().fit(None, "provide", None, count) == 0.0


@pytest.mark.parametrize(
    "sentence, word, expected",
    [
        ("It does not provice complex queries.", "provice", ("not", "complex")),
        ("(provice) it", "provice", (None, None)),
        ("Not provice.", "provice", ("not", None)),
        ("not  provice Xx", "provice", (None, "xx")),
    ],
)
def test_neighbours_are_the_words_one_space_away(sentence, word, expected):
    start = sentence.index(word)
    assert neighbours(sentence, start, start + len(word)) == expected


def test_the_pairs_order_candidates_the_model_cannot_tell_apart():
    def context(candidate: str) -> float:
        return pairs().fit("not", candidate, "complex", count)

    def fit(candidate: str) -> float:
        return 0.0

    assert rank("provice", ["province", "provide"], fit, count)[0] == "province"  # more letters kept, by frequency alone
    assert rank("provice", ["province", "provide"], fit, count, context=context)[0] == "provide"


def test_the_shipped_pairs_count_common_pairs_and_not_misspelt_ones():
    shipped = shipped_pairs()
    assert shipped.counted("does", "not") and shipped.counted("not", "provide")
    assert not shipped.counted("not", "provice")


def test_the_pairs_of_technical_writing_add_to_the_webs_never_lowering_a_count():
    web, trade = shipped_pairs(), shipped_pairs(trade=True)
    assert trade.counted("commit", "log") and not web.counted("commit", "log")
    for first, second in (("of", "the"), ("can", "be"), ("in", "order")):
        assert trade.count(first, second) >= web.count(first, second) > UNCOUNTED


def test_a_pair_tables_columns_count_each_source_and_leave_out_its_zeros():
    table = SortedTable(b"commit log\t0\t7\nof the\t9\t12\n")
    web, trade = TableColumn(table, WEB), TableColumn(table, TRADE)
    assert "commit log" not in web and web.get("commit log", -1) == -1 and trade.get("commit log") == 7
    assert WordPairs(web, trade).count("of", "the") == 12 and WordPairs(web).count("of", "the") == 9
    assert WordPairs(web).counted("of", "the") and not WordPairs(web).counted("commit", "log")
    assert WordPairs(web, trade).count("no", "pair") == UNCOUNTED

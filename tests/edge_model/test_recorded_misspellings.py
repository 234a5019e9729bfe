"""The recorded misspellings' builder (edge_model.data.recorded_misspellings): codespell's lines
read, real words and unknown corrections left out, and the shipped table as the engine reads it."""

import gzip

from edge_model.data import recorded_misspellings as rm
from edgegram.engine.core.sorted_table import SortedTable
from edgegram.engine.sentences.lexicon import Misspellings, shipped_lexicon, shipped_misspellings


def test_codespells_lines_are_read_with_every_correction():
    clash = "disabled because of name clash in c++"
    lines = ["alot->a lot, allot,\n", "teh->the\n", f"clas->class, {clash}\n", "\n", "# note\n"]
    assert rm.parse(lines) == {"alot": ["a lot", "allot"], "teh": ["the"], "clas": ["class", clash]}


def test_real_words_short_ones_and_corrections_not_made_of_known_words_are_left_out():
    recorded = {
        "alot": ["a lot", "allot"],
        "wether": ["weather", "whether"],  # a real word: the rules' to judge
        "ws": ["was"],  # too short
        "clas": ["class", "disabled because of name clash in c++"],
        "xyzzq": ["qwzzy"],  # no known correction: dropped
        "Teh": ["the", "The"],
    }
    assert rm.select(recorded, shipped_lexicon()) == [("alot", ["a lot", "allot"]), ("clas", ["class"]), ("teh", ["the", "The"])]


def test_eye_dialect_and_variants_nearly_as_common_as_their_correction_are_left_out():
    recorded = {"sittin": ["sitting"], "requestor": ["requester"], "occuring": ["occurring"], "alot": ["a lot", "allot"]}
    zipf = {"requestor": 1.8, "requester": 2.2, "occuring": 2.0, "occurring": 3.5, "alot": 3.4, "a lot": 5.0, "allot": 2.0}
    assert rm.select(recorded, shipped_lexicon(), zipf.get) == [("alot", ["a lot", "allot"]), ("occuring", ["occurring"])]
    assert [word for word, _ in rm.select(recorded, shipped_lexicon(), zipf.get, gap=0.3)] == ["alot", "occuring", "requestor"]


def test_a_word_of_the_english_list_that_is_a_rare_spelling_of_its_corrections_form_is_kept():
    recorded = {"occured": ["occurred"], "combatting": ["combating"], "wether": ["weather", "whether"]}
    zipf = {"occured": 2.0, "occurred": 3.8, "combatting": 2.3, "combating": 3.0, "wether": 2.5, "weather": 4.5, "whether": 5.3}
    # "occured" and "occurred" are both forms of "occur", the first far rarer; "combatting" is a
    # British doubling nearly as common, "wether" a word of its own; without frequencies, none
    assert rm.select(recorded, shipped_lexicon(), zipf.get) == [("occured", ["occurred"])]
    assert rm.select(recorded, shipped_lexicon()) == []


def test_the_table_is_written_sorted_and_read_back_by_the_engine(tmp_path):
    out = tmp_path / "m.txt.gz"
    rm.write_table([("alot", ["a lot", "allot"]), ("teh", ["the"])], out)
    table = Misspellings(SortedTable.load(out))
    assert table.corrections("Alot") == ("a lot", "allot") and table.corrections("teh") == ("the",)
    assert table.corrections("the") == () and table.corrections("") == ()
    with gzip.open(out, "rt", encoding="utf-8") as f:
        assert f.read() == "alot\ta lot\tallot\nteh\tthe\n"


def test_the_shipped_table_has_the_common_slips_and_no_english_word_of_its_own():
    shipped = shipped_misspellings()
    assert shipped.corrections("atleast") == ("at least",) and shipped.corrections("occuring") == ("occurring",)
    assert shipped.corrections("occured") == ("occurred",)  # on the English list, a rare spelling of a form
    assert not any(shipped.corrections(w) for w in ("wether", "loosing", "the", "color", "colour", "sittin", "requestor"))

"""Building the engine's word list (edge_model.data.lexicon)."""

from edge_model.data.lexicon import build_word_list, corpus_counts, write_word_list
from edgegram.engine.sentences.lexicon import Lexicon


def test_the_word_list_joins_scowl_and_frequent_corpus_words_but_not_unmarked_contractions(tmp_path):
    counts, _ = corpus_counts(["The color of the center.", "I didnt go, the color!", "didnt didnt didnt x2 color"] * 2)
    assert counts["color"] == 6 and "x2" not in counts and counts["didnt"] == 8
    words = build_word_list(["Colour\n", "didn't\n", "The\n"], counts, min_count=3)
    assert words == ["color", "colour", "didn't", "the"]  # "center" is too rare, "didnt" is "didn't"
    path = tmp_path / "en.txt.gz"
    write_word_list(words, path)
    first = path.read_bytes()
    write_word_list(words, path)
    assert path.read_bytes() == first  # no timestamp: the same words give the same file
    assert Lexicon.load(path).knows("Colour") and not Lexicon.load(path).knows("center")


def test_a_recorded_misspelling_stays_off_unless_a_word_or_mostly_a_name():
    """ "alot" is frequent in the corpus and a recorded misspelling: left off. "color" is one too
    (in British collections) but lemminflect knows it; "Daly" is mostly capitalised: a name."""
    counts, lower = corpus_counts(["I like it alot, said Daly.", "Daly and the color; alot."] * 3)
    assert lower["alot"] == counts["alot"] == 6 and lower["daly"] == 0
    words = build_word_list(["the\n"], counts, 3, lower, misspelt={"alot", "color", "daly"})
    assert "alot" not in words and {"color", "daly"} <= set(words)
    assert "alot" in build_word_list(["the\n"], counts, 3, lower)

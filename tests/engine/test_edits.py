"""diff_edits: exact reconstruction (property test), word-level minimality, untouched whitespace."""

import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from edgegram.engine.core.edits import apostrophe_of, apply_edits, diff_edits, tokenize, with_apostrophe

# Small alphabets make shared words likely, so the alignment is really exercised.
_words = st.sampled_from(["a", "an", "the", "cat", "cats", "is", "are", "I", "😀", "你好", "don't", "3.14"])
_seps = st.sampled_from([" ", "  ", ", ", ". ", "\n", "\r\n", "\t", "!", ""])
_texts = st.lists(st.tuples(_words, _seps), max_size=12).map(lambda parts: "".join(w + s for w, s in parts))


def reconstruct(source: str, output: str) -> str:
    return apply_edits(source, diff_edits(source, output))


@seed(20260101)
@settings(max_examples=300, deadline=None)
@given(_texts, _texts)
def test_applying_edits_reproduces_output_for_word_like_texts(source, output):
    assert reconstruct(source, output) == output


@seed(20260102)
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40), st.text(max_size=40))
def test_applying_edits_reproduces_output_for_arbitrary_unicode(source, output):
    assert reconstruct(source, output) == output


@seed(20260103)
@settings(max_examples=200, deadline=None)
@given(_texts, _texts)
def test_edits_are_sorted_non_overlapping_and_match_the_texts(source, output):
    edits = diff_edits(source, output)
    assert all(a.end <= b.start for a, b in zip(edits, edits[1:]))
    for edit in edits:
        assert source[edit.start : edit.end] == edit.original
        assert output[edit.out_start : edit.out_end] == edit.replacement
        assert edit.original != edit.replacement


def test_tokenize_keeps_every_character():
    text = "It's 3.14 — naïve 😀  ok,\r\nyes"
    assert "".join(tokenize(text)) == text
    assert "It's" in tokenize(text)


def test_two_word_changes_give_two_small_edits():
    edits = diff_edits("I has a apple", "I have an apple")
    assert [(e.original, e.replacement, e.start) for e in edits] == [("has", "have", 2), ("a", "an", 6)]


@pytest.mark.parametrize(
    "source, output, edits",
    [
        ("go their again next", "go there next", [("their", "there"), (" again", "")]),
        ("go again their next", "go there next", [("again ", ""), ("their", "there")]),
        ("He go to to school.", "He goes to school.", [("go", "goes"), (" to", "")]),
        # one word made of the source words, or like none of them: one change
        ("I can not go.", "I cannot go.", [("can not", "cannot")]),
        ("He every one went", "He everyone went", [("every one", "everyone")]),
        ("a lot of people", "many people", [("a lot of", "many")]),
        ("It is alot of work.", "It is a lot of work.", [("alot", "a lot")]),
        # an auxiliary deleted that the verb's new form needs gone: one change ("It is depends" alone is wrong)
        ("It is depend on the weather.", "It depends on the weather.", [("is depend", "depends")]),
        # a word moved a short way is one change; further, a deleted word and an inserted one are two
        ("Do you know where is the station?", "Do you know where the station is?", [("is the station", "the station is")]),
        ("I went to the school and saw teacher.", "I went to school and saw the teacher.", [(" the", ""), ("", "the ")]),
    ],
)
def test_a_word_changed_beside_a_deleted_one_is_two_edits(source, output, edits):
    found = diff_edits(source, output)
    assert [(e.original, e.replacement) for e in found] == edits
    assert apply_edits(source, found) == output


def test_inserted_comma_is_a_pure_insertion():
    edits = diff_edits("Hello world", "Hello, world")
    assert [(e.start, e.end, e.replacement) for e in edits] == [(5, 5, ",")]


def test_deleted_word_takes_one_adjacent_space_only():
    source, output = "I like the the cat", "I like the cat"
    edits = diff_edits(source, output)
    assert len(edits) == 1
    assert edits[0].original.strip() == "the" and len(edits[0].original) == 4
    assert apply_edits(source, edits) == output


def test_whitespace_outside_edits_is_untouched():
    source = "He  go\tto   school.\r\nShe are here."
    output = "He  goes\tto   school.\r\nShe is here."
    edits = diff_edits(source, output)
    assert [(e.original, e.replacement) for e in edits] == [("go", "goes"), ("are", "is")]


def test_identical_texts_have_no_edits():
    assert diff_edits("Same text.", "Same text.") == []


def test_apply_edits_rejects_overlaps():
    edits = diff_edits("a b c", "x y z")
    overlapping = [edits[0], edits[0]]
    with pytest.raises(ValueError, match="overlapping"):
        apply_edits("a b c", overlapping)


def test_a_texts_apostrophe_is_the_one_it_writes_inside_words_more_often():
    assert apostrophe_of("Don’t stop, it’s late; the 'quoted' word's fine.") == "’"
    assert apostrophe_of("Don't stop, it’s late.") == "'"  # a tie: the straight one
    assert apostrophe_of("No apostrophes, 'quotes' only.") == "'"
    assert with_apostrophe("it's 'x' rock'n'roll", "’") == "it’s 'x' rock’n’roll"

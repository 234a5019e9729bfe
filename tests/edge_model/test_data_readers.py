"""Readers of the training data: M2, FCE JSON, NUCLE, clean text, detokenisation, errors."""

import json

import pytest

from edge_model.data.readers import (
    Pair,
    clean_sentences,
    is_clean_sentence,
    read_fce_json,
    read_m2,
    read_nucle,
    split_sentences,
    strip_gutenberg,
)
from edgegram.engine.core.detok import detokenize
from edgegram.engine.core.errors import DataError
from edgegram.engine.core.shared_data import require, shared_root

M2 = """S I has a apple .
A 1 2|||R:VERB:SVA|||have|||REQUIRED|||-NONE-|||0
A 2 3|||R:DET|||an|||REQUIRED|||-NONE-|||0
A 1 2|||R:VERB:SVA|||had|||REQUIRED|||-NONE-|||1

S This is fine .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S He do n't like it , he said .
A 1 2|||R:VERB:SVA|||does|||REQUIRED|||-NONE-|||0
A 4 5|||U:PRON||||||REQUIRED|||-NONE-|||0
"""


@pytest.mark.parametrize(
    "tokens, text",
    [
        ("I do n't like it , he said .", "I don't like it, he said."),
        ('He said " hello there " and left .', 'He said "hello there" and left.'),
        ("It costs $ 5 ( about 10 % ) .", "It costs $5 (about 10%)."),
        ("a well - known fact ...", "a well-known fact..."),
        ("-LRB- see above -RRB- .", "(see above)."),
        ("`` Yes , '' she said .", '"Yes," she said.'),
    ],
)
def test_detokenize(tokens, text):
    assert detokenize(tokens) == text


def test_m2_applies_annotator_zero_and_skips_noop(tmp_path):
    path = tmp_path / "x.m2"
    path.write_text(M2)
    assert list(read_m2(path)) == [
        Pair("I has a apple.", "I have an apple."),
        Pair("This is fine.", "This is fine."),
        Pair("He don't like it, he said.", "He does n't like, he said.".replace(" n't", "n't")),
    ]


def test_m2_malformed_edit_names_file_and_line(tmp_path):
    path = tmp_path / "bad.m2"
    path.write_text("S A b .\nA x y|||R:DET|||the\n")
    with pytest.raises(DataError, match=r"bad\.m2:2"):
        list(read_m2(path))


def test_m2_edit_outside_sentence_is_an_error(tmp_path):
    path = tmp_path / "span.m2"
    path.write_text("S A b .\nA 5 6|||R:DET|||the|||REQUIRED|||-NONE-|||0\n")
    with pytest.raises(DataError, match="outside"):
        list(read_m2(path))


def test_missing_and_empty_files_are_named(tmp_path):
    with pytest.raises(DataError, match="nothere.m2: file not found"):
        list(read_m2(tmp_path / "nothere.m2"))
    (tmp_path / "empty.m2").write_text("")
    with pytest.raises(DataError, match="empty.m2: file is empty"):
        require(tmp_path / "empty.m2")


def test_nucle_pairs_and_length_mismatch(tmp_path):
    (tmp_path / "a.src").write_text("He go home .\nFine .\n")
    (tmp_path / "a.trg").write_text("He goes home .\nFine .\n")
    assert list(read_nucle(tmp_path / "a.src", tmp_path / "a.trg"))[0] == Pair("He go home.", "He goes home.")
    (tmp_path / "b.trg").write_text("only one line .\n")
    with pytest.raises(DataError, match="line-aligned"):
        list(read_nucle(tmp_path / "a.src", tmp_path / "b.trg"))


def test_fce_sentence_pairs_from_character_edits(tmp_path):
    text = "I saws the show. It was very good.\n\nWe goes home."
    g = text.index("goes")
    edits = [[0, [[2, 6, "saw", "IV"], [g, g + 4, "go", "AGV"], [10, 10, None, "X"]]]]
    path = tmp_path / "fce.json"
    path.write_text(json.dumps({"text": text, "edits": edits}) + "\n")
    assert list(read_fce_json(path)) == [
        Pair("I saws the show.", "I saw the show."),
        Pair("It was very good.", "It was very good."),
        Pair("We goes home.", "We go home."),
    ]


def test_fce_bad_record_names_line(tmp_path):
    path = tmp_path / "fce.json"
    path.write_text('{"text": "x", "edits": []}\n{"oops": 1}\n')
    with pytest.raises(DataError, match=r"fce\.json:2"):
        list(read_fce_json(path))


def test_split_sentences_keeps_abbreviations_and_decimals():
    text = 'Dr. Smith went to the U.S. on Monday. He paid 3.50 dollars! "Really?" she asked. Yes.'
    assert split_sentences(text) == [
        "Dr. Smith went to the U.S. on Monday.",
        "He paid 3.50 dollars!",
        '"Really?" she asked.',
        "Yes.",
    ]


@pytest.mark.parametrize(
    "sentence, ok",
    [
        ("The council approved the new budget on Tuesday.", True),
        ("Officials said the of the city was closed.", False),  # Wikinews extractor damage
        ("Most of the people in the town went to the market for the day.", True),  # common pairs
        ("He sat on the bench with a friend and the dog .", False),  # space before a stop
        ("The mayor spoke to .", False),  # a preposition before a stop: a hole
        ("too short.", False),
        ("the sentence starts in lower case here.", False),
        ("THIS IS A HEADING IN CAPITALS.", False),
        ("No final punctuation in this one here", False),
    ],
)
def test_clean_filter(sentence, ok):
    assert is_clean_sentence(sentence) is ok


def test_strip_gutenberg_header_and_footer():
    text = (
        "licence blah\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\nBody text.\n"
        "*** END OF THE PROJECT GUTENBERG EBOOK X ***\nmore licence"
    )
    assert strip_gutenberg(text).strip() == "Body text."


def test_clean_sentences_reads_every_source_once(tmp_path):
    text = tmp_path / "data" / "text"
    (text / "wikinews" / "AA").mkdir(parents=True)
    article = "The mayor opened the new bridge on Monday. The mayor opened the new bridge on Monday."
    (text / "wikinews" / "AA" / "wiki_00").write_text(json.dumps({"id": 1, "title": "t", "text": article}) + "\n")
    (text / "gutenberg" / "author").mkdir(parents=True)
    (text / "gutenberg" / "author" / "book.txt").write_text(
        "header\n*** START OF X ***\nShe walked slowly\ndown the long road home.\n*** END OF X ***\n"
    )
    (text / "nltk" / "brown").mkdir(parents=True)
    (text / "nltk" / "brown" / "ca01").write_text("\tThe/at jury/nn said/vbd it/pps was/bedz fair/jj ./.\n")
    (text / "nltk" / "masc_tagged" / "written").mkdir(parents=True)
    (text / "nltk" / "masc_tagged" / "written" / "a.txt").write_text("We_PRP want_VBP you_PRP to_TO know_VB ._. \n")
    for name in ("inaugural", "state_union"):
        (text / "nltk" / name).mkdir(parents=True)
    assert list(clean_sentences(tmp_path)) == [
        "The mayor opened the new bridge on Monday.",
        "She walked slowly down the long road home.",
        "The jury said it was fair.",
        "We want you to know.",
    ]


def test_shared_root_missing_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv("EDGEGRAM_SHARED", str(tmp_path / "nowhere"))
    with pytest.raises(DataError, match="EDGEGRAM_SHARED"):
        shared_root()

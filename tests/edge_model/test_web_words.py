"""The web word list's builder (edge_model.data.web_words): misspellings read from Mitton's
format are left off, and only words the shipped lists lack are added."""

import gzip

from edge_model.data import web_words
from edgegram.engine.sentences.lexicon import WEB_LIST


def test_misspellings_are_read_from_mittons_format(tmp_path):
    (tmp_path / "wikipedia.dat").write_text("$receive\nrecieve\nRecieve\n$their\nthier\n", encoding="utf-8")
    (tmp_path / "holbrook-missp.dat").write_text("$sister\nsiter 2\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("$ignored\nignored\n", encoding="utf-8")
    assert web_words.misspellings(tmp_path) == {"recieve", "thier", "siter"}


def test_web_words_leave_out_known_and_excluded_words():
    words = web_words.web_words(excluded={"recieve"}, min_zipf=2.1)
    assert "thanx" in words and "terroir" in words  # common on the web, not in SCOWL nor the technical list
    assert "recieve" not in words  # excluded as a misspelling
    assert "house" not in words  # the English list has it
    assert words == sorted(words)


def test_the_shipped_list_has_web_words_and_no_recorded_misspelling():
    with gzip.open(WEB_LIST, "rt", encoding="utf-8") as f:
        shipped = set(f.read().split())
    assert {"rebar", "terroir", "upregulated", "thanx"} <= shipped
    assert not {"recieve", "thier", "definately", "seperate"} & shipped

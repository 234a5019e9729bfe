"""The builder of the nouns mostly uncounted (edge_model.data.mass_nouns), and the shipped list
the rules read."""

import gzip

import pytest

from edge_model.data.mass_nouns import counted, main, rarely_plural, uncountable_readings
from edgegram.engine.analysis.word_classes import is_mass_noun


def test_a_noun_lemminflect_lets_be_its_own_plural_is_a_candidate(tmp_path):
    forms = tmp_path / "forms.txt.gz"
    lines = [
        "file\tNOUN=file\tNNS=files",
        "furniture\tNOUN=furniture\tNNS=furniture",
        "money\tNOUN=money\tNNS=moneys,monies,money",
    ]
    with gzip.open(forms, "wt", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    assert uncountable_readings(forms) == {"furniture": "furniture", "money": "moneys"}


def test_a_candidate_qualifies_when_its_plural_is_rare_on_the_web():
    pytest.importorskip("wordfreq")
    found = rarely_plural(
        {"money": "moneys", "advice": "advices", "time": "times", "hair": "hairs", "cold": "colds", "jeans": "jeans"}
    )
    assert found == {"money", "advice"}  # "times" and "hairs" are common; "cold" is an adjective too; "jeans" a plural


def test_a_noun_the_corpus_counts_is_left_off():
    sentences = [
        "Many deer are in the park, and two deer were hit.",  # counted after a count
        "We saw an elk. Then an elk, and an elk with a calf.",  # after "an"
        "The clergy were there; the clergy were kind.",  # a plural verb
        "How much money is left? Much money is spent, and many money lovers are rich.",  # "lovers" is counted
    ]
    assert counted({"deer", "elk", "clergy", "money"}, sentences) == {"deer", "elk", "clergy"}


def test_the_builder_says_what_is_missing(tmp_path, capsys):
    assert main(["--corpus", str(tmp_path), "--out", str(tmp_path / "out.txt.gz")]) == 2
    assert "clean.txt is missing" in capsys.readouterr().err


def test_the_shipped_list_knows_uncounted_nouns_and_not_counted_ones():
    assert all(is_mass_noun(w) for w in ("money", "advice", "information", "furniture", "homework", "Luggage"))
    assert not any(is_mass_noun(w) for w in ("time", "work", "hair", "file", "aircraft", "deer", "cold"))

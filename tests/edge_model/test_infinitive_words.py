"""The builder of the words whose "to" is always the infinitive's (edge_model.data.infinitive_words),
and the shipped list the missing-"to" rule reads."""

import gzip

from edge_model.data.infinitive_words import infinitive_words, main
from edgegram.engine.analysis.word_classes import gerund_lemmas, takes_infinitive


def test_a_word_qualifies_by_its_bare_verbs_and_no_gerund_after_to():
    sentences = [
        "We were able to go.",
        "They were able to leave early.",
        "I look forward to seeing you.",
        "We look forward to go there.",  # a slip in the corpus still counts once
        "It was a chance to win.",
        "Then, again to win.",  # an adverb never qualifies
        "Again to go.",
    ]
    assert infinitive_words(sentences, min_count=2) == ["able"]  # "chance" is seen once
    assert infinitive_words(sentences, min_count=1) == ["able", "chance"]  # "forward" had a gerund


def test_gerunds_are_verbs_ing_forms():
    assert gerund_lemmas("working") == ("work",) and gerund_lemmas("swimming") == ("swim",)
    assert not gerund_lemmas("thing") and not gerund_lemmas("sing") and not gerund_lemmas("king")


def test_the_shipped_list_takes_infinitive_words_and_not_prepositional_to():
    assert takes_infinitive("able") and takes_infinitive("chance") and takes_infinitive("Like")
    assert not any(takes_infinitive(w) for w in ("forward", "key", "used", "addition", "committed", "again"))


def test_the_builder_says_what_is_missing(tmp_path, capsys):
    assert main(["--corpus", str(tmp_path), "--out", str(tmp_path / "out.txt.gz")]) == 2
    assert "clean.txt is missing" in capsys.readouterr().err


def test_the_builder_writes_a_list(tmp_path):
    (tmp_path / "clean.txt").write_text("We are able to go.\nThey were able to stay.\n", encoding="utf-8")
    out = tmp_path / "out.txt.gz"
    assert main(["--corpus", str(tmp_path), "--min-count", "2", "--out", str(out)]) == 0
    assert gzip.open(out, "rt", encoding="utf-8").read().split() == ["able"]

"""Parts of speech (edgegram.engine.analysis.pos_tagger) and the rules that read them, by rule id:
rules.verb_number (a verb that disagrees with the noun phrase before it) and
rules.be_participle (a bare form or simple past after "be" where its participle belongs)."""

import numpy as np
import pytest

from edgegram.engine.analysis.pos_tagger import BUCKETS, TAGS, Tagger, feature_ids, features, tag, tokenize


def test_tokens_follow_the_penn_treebank():
    words = [text for text, _, _ in tokenize("I don't think it's O'Brien's 5,000 x86-64 files, isn't it?")]
    assert words == [
        "I",
        "do",
        "n't",
        "think",
        "it",
        "'s",
        "O'Brien",
        "'s",
        "5,000",
        "x86-64",
        "files",
        ",",
        "is",
        "n't",
        "it",
        "?",
    ]
    for text, start, end in tokenize("It’s a re-run."):
        assert "It’s a re-run."[start:end] == text


def test_a_word_with_letters_outside_ascii_is_one_token():
    """'Zoë' was 'Zo' and 'ë', tagged apart, so a rule read two words where the writer wrote one."""
    assert [text for text, _, _ in tokenize("Zoë's naïve café doesn't close")] == [
        "Zoë",
        "'s",
        "naïve",
        "café",
        "does",
        "n't",
        "close",
    ]
    assert [(t.text, t.tag) for t in tag("Zoë and Chloë are friends.")][:3] == [("Zoë", "NNP"), ("and", "CC"), ("Chloë", "NNP")]


def test_the_shipped_tagger_reads_plain_sentences():
    tags = [t.tag for t in tag("These rules make the output easy to read.")]
    assert tags == ["DT", "NNS", "VB", "DT", "NN", "JJ", "TO", "VB", "."]
    assert [t.tag for t in tag("She has written two letters.")] == ["PRP", "VBZ", "VBN", "CD", "NNS", "."]
    assert set(t.tag for t in tag("Running these tests gives you confidence.")) <= set(TAGS)


def test_cannot_is_a_modal_whatever_the_weights_say():
    """The corpora never taught "cannot" (Penn Treebank splits it, Brown's "md*" is left out)."""
    assert [t.tag for t in tag("A token cannot use write methods.")][2:5] == ["MD", "VB", "VB"]


def test_a_tagger_is_a_product_of_its_weights():
    weights = np.zeros((BUCKETS + 1, len(TAGS)), dtype=np.int8)
    weights[:, TAGS.index("NN")] = 1  # every feature votes for NN
    tagger = Tagger(weights, 1.0)
    assert tagger.tag_words(["any", "words"]) == ["NN", "NN"]
    assert feature_ids(["a", "b"]).shape[0] == 2
    with pytest.raises(ValueError):
        Tagger(np.zeros((3, len(TAGS)), dtype=np.int8), 1.0)


def test_feature_ids_are_the_buckets_of_the_feature_strings():
    """The remembered buckets are those of hashing each string of features(): the weights were
    trained on the latter."""
    import zlib

    words = [text for text, _, _ in tokenize("The `Config` class's x86-64 build, 3.14 times faster, isn't it?")]
    expected = [sorted(zlib.crc32(f.encode("utf-8")) & (BUCKETS - 1) for f in token) for token in features(words)]
    got = [sorted(int(i) for i in row if i >= 0) for row in feature_ids(words)]
    assert got == expected
    assert "first" in features(words)[0] and "first" not in features(words)[1]

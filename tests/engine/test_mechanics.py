"""Mechanical fixes (edgegram.engine.analysis.mechanics) and the word list they rest on
(edgegram.engine.sentences.lexicon): what counts as a typo fixed, a doubled word, a missing stop."""

import gzip

import pytest

from edgegram.engine.analysis.mechanics import is_mechanical
from edgegram.engine.core.edits import diff_edits
from edgegram.engine.sentences.lexicon import Lexicon, shipped_lexicon


def mechanical(sentence: str, output: str) -> list[bool]:
    return [is_mechanical(sentence, e.start, e.end, e.replacement, shipped_lexicon()) for e in diff_edits(sentence, output)]


@pytest.mark.parametrize(
    "sentence, output",
    [
        ("They went to teh park.", "They went to the park."),  # a typo made a word
        ("I devoted time to whcih one.", "I devoted time to which one."),
        ("She didnt like English.", "She didn't like English."),  # the apostrophe of a contraction
        ("I receivd your letter.", "I received your letter."),
        ("It goes to to the ride.", "It goes to the ride."),  # a doubled word
        ("The guidance was updated", "The guidance was updated."),  # the final stop
        ("Where did it go", "Where did it go?"),
        ('He said "fine"', 'He said "fine".'),
        ("however, it is likely.", "However, it is likely."),  # the sentence's first letter
        ("Then i told him.", "Then I told him."),  # the pronoun
        ("Then i'm sure.", "Then I'm sure."),
    ],
)
def test_mechanical_fixes(sentence, output):
    assert mechanical(sentence, output) == [True]


@pytest.mark.parametrize(
    "sentence, output",
    [
        ("They is here.", "They are here."),  # agreement
        ("The cost of the renovation was high.", "The cost of renovation was high."),  # an article
        ("It divides the air into three parts.", "It divides the air of three parts."),  # a preposition
        ("Simply put his people love him.", "Simply put, his people love him."),  # a comma
        ("I photographed otter prints.", "I photographed other prints."),  # a word made another word
        ("Its a dog.", "It's a dog."),  # "its" is a word: a grammar call, not a typo
        ("He said she was here.", "He said She was here."),  # a capital inside a sentence
        ("I went home and slept", "I went home. and slept"),  # a stop inside the sentence
        ("I went to the park.", "I went to park."),  # deleting a word that is not doubled
    ],
)
def test_grammar_rewrites_are_not_mechanical(sentence, output):
    assert mechanical(sentence, output) == [False] * len(diff_edits(sentence, output))


def test_the_shipped_word_list_knows_words_in_both_spellings_and_not_typos():
    words = shipped_lexicon()
    assert len(words) > 150_000
    assert all(words.knows(w) for w in ["colour", "color", "Centre", "center", "which", "didn’t", "histogram"])
    assert not any(words.knows(w) for w in ["teh", "whcih", "didnt", "thats", "sority", "decis"])


def test_a_lexicon_from_a_file_and_with_the_writer_s_words(tmp_path):
    path = tmp_path / "words.txt.gz"
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.write("cat\ndon't\n")
    words = Lexicon.load(path)
    assert words.knows("CAT") and words.knows("don’t") and not words.knows("grafana")
    more = words.with_words(["Grafana"])
    assert more.knows("grafana") and more.knows("cat") and not words.knows("grafana")
    assert words.with_words([]) is words

"""The synthetic error generator: each error type does what it says, seeded and reproducible."""

import random

import pytest

from edge_model.data import noise
from edge_model.data.noise import ERROR_TYPES, NoiseConfig, Resources, SyntheticErrors, load_misspellings

RES = Resources({"receive": ["recieve"], "because": ["becuase"]})
SENTENCE = "I think the children went to the park because it was sunny, and they are happy."


def changed_words(before: str, after: list[str]) -> tuple[set, set]:
    a, b = before.split(" "), after
    return set(a) - set(b), set(b) - set(a)


def run(name: str, sentence: str = SENTENCE, seed: int = 0) -> list[str]:
    for s in range(seed, seed + 50):
        out = ERROR_TYPES[name](sentence.split(" "), random.Random(s), RES)
        if out is not None and out != sentence.split(" "):
            return out
    raise AssertionError(f"{name} never changed {sentence!r}")


def test_article_error_touches_an_article():
    removed, added = changed_words(SENTENCE, run("article"))
    assert "the" in removed or added & {"a", "an", "the"}


def test_preposition_error_swaps_or_drops_a_preposition():
    removed, added = changed_words(SENTENCE, run("preposition"))
    assert removed == {"to"} and added <= set(noise.PREPOSITIONS)


def test_noun_number_changes_number():
    out = run("noun_number", "The dog likes long walks.")
    assert out != "The dog likes long walks.".split(" ")
    assert noise.pluralise("box") == "boxes" and noise.pluralise("city") == "cities" and noise.singularise("cities") == "city"
    assert noise.singularise("children") == "child"


def test_agreement_swaps_are_and_is():
    removed, added = changed_words(SENTENCE, run("agreement"))
    assert removed == {"are"} and added == {"is"} or removed == {"was"} and added == {"were"}


def test_agreement_adds_s_after_pronoun():
    assert run("agreement", "They walk home.") == ["They", "walks", "home."]


def test_verb_form_changes_irregular_past():
    removed, added = changed_words(SENTENCE, run("verb_form"))
    assert removed == {"went"} and added <= {"go", "goed"}


def test_misspelling_uses_the_real_list():
    assert run("misspelling") == SENTENCE.replace("because", "becuase").split(" ")


def test_typo_keeps_word_count_and_changes_one_word():
    out = run("typo")
    assert len(out) == len(SENTENCE.split(" "))
    assert sum(a != b for a, b in zip(out, SENTENCE.split(" "))) == 1


def test_confusable_swaps_a_confusable_word():
    out = run("confusable", "I like their house more than yours.")
    assert out in (
        ["I", "like", "there", "house", "more", "than", "yours."],
        ["I", "like", "their", "house", "more", "then", "yours."],
    )


def test_punctuation_changes_only_punctuation():
    out = run("punctuation")

    def strip(ws):
        return [w.strip(",.'").replace("'", "") for w in ws]

    assert strip(out) == strip(SENTENCE.split(" ")) and out != SENTENCE.split(" ")


def test_capitalisation_lowercases():
    out = run("capitalisation", "Yesterday I met Anna in Paris.")
    assert " ".join(out).lower() == "yesterday i met anna in paris." and " ".join(out) != "Yesterday I met Anna in Paris."


def test_missing_extra_and_order():
    words = SENTENCE.split(" ")
    assert len(run("missing_word")) == len(words) - 1
    assert len(run("extra_word")) == len(words) + 1
    out = run("word_order")

    def core(ws):
        return sorted(w.strip(",.").lower() for w in ws)

    assert core(out) == core(words) and out != words and out[-1].endswith(".")


def test_determiner_swaps_determiner():
    removed, added = changed_words("I like this book.", run("determiner", "I like this book."))
    assert removed == {"this"} and added <= set(noise.DETERMINERS + noise.ARTICLES)


def test_generator_is_seeded_and_keeps_share_unchanged():
    gen = SyntheticErrors(NoiseConfig(keep_prob=0.3), RES.misspellings)
    a = [gen.corrupt(SENTENCE, random.Random(i)) for i in range(400)]
    b = [gen.corrupt(SENTENCE, random.Random(i)) for i in range(400)]
    assert a == b
    kept = sum(x == SENTENCE for x in a) / len(a)
    assert 0.2 < kept < 0.45  # keep_prob plus the rare no-op


def test_generator_never_returns_empty():
    gen = SyntheticErrors(NoiseConfig(keep_prob=0.0, max_errors=3))
    assert all(gen.corrupt("Hi.", random.Random(i)) for i in range(200))


def test_load_misspellings(tmp_path):
    folder = tmp_path / "data" / "wordlists" / "misspellings_mitton"
    folder.mkdir(parents=True)
    (folder / "a.dat").write_text("$receive\nrecieve\nreceve 2\n$a_lot\nalot\n")
    assert load_misspellings(tmp_path) == {"receive": ["recieve", "receve"]}


def test_load_misspellings_missing_is_clear(tmp_path):
    from edgegram.engine.core.errors import DataError

    with pytest.raises(DataError, match="misspelling"):
        load_misspellings(tmp_path)

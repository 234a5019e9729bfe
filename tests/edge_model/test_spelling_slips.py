"""Fitting the spelling ranker's slip weights (edge_model.spelling_slips)."""

from edge_model.spelling_slips import Case, correct, fit_weights, replaced_words
from edgegram.engine.finders.spelling import Suspect


def _case(word: str, group: list[str], right: int, fits: list[float]) -> Case:
    return Case(
        f"a {word} b", Suspect(2, 2 + len(word), word, tuple(group)), group, right, fits, [100] * len(group), [0.0] * len(group)
    )


def test_the_words_a_correction_replaces_one_for_one():
    found = replaced_words("I sufer a lot, he sais it alot.", "I suffer a lot, he says it a lot.")
    assert found == {(2, 7): "suffer", (18, 22): "says"}  # not "alot", which two words replace


def test_fitted_weights_put_the_slip_the_annotators_mend_first():
    # The model prefers the replaced letter ("super") by a nat; the annotators meant the
    # doubled letter each time ("suffer").
    cases = [_case("sufer", ["super", "suffer"], 1, [-4.0, -5.0])] * 3 + [_case("cat", ["cab", "cast"], 0, [-5.0, -5.5])]
    assert correct(cases, {}) == 1
    weights = fit_weights(cases)
    assert correct(cases, weights) == 4
    assert weights["omit_double"] > weights.get("replace_other", 0.0)

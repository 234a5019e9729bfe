"""The edit judge (edgegram.engine.judge.edit_judge): the features it reads off a document's model
edits, and the shipped classifier's output shape, range and monotonicity."""

import numpy as np
import pytest

from edgegram.engine.core.contract import default_model_dir
from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.judge.edit_judge import CONTEXT_METADATA, CONTEXT_WORDS, FEATURES, EditJudge, features
from edgegram.engine.sentences.lexicon import shipped_lexicon


def edit(confidence: float, original: str = "go", replacement: str = "went", kind: EditKind = EditKind.VERB_FORM) -> Edit:
    return Edit(0, len(original), replacement, original, kind, "", confidence, confidence / 2)


def column(rows, name: str) -> float:
    return rows[FEATURES.index(name)]


def test_features_describe_the_edit_its_sentence_and_its_neighbours():
    sure, unsure = edit(0.9), edit(0.3, "Teh", "The", EditKind.SPELLING)
    capital = edit(0.9, "he", "He", EditKind.CAPITALISATION)
    sentences = [[sure], [], [unsure, edit(0.6, " the", "", EditKind.ARTICLE)], [capital]]
    texts = ["She go home.", "All is well.", "Teh cat sat on the mat.", "he went out."]
    slips = [[], [edit(0.9, "teh", "the")], [edit(0.9, "teh", "the"), edit(0.9, "i", "I")], []]
    rows = features(sentences, texts, shipped_lexicon(), slips)
    assert [len(r) for r in rows] == [1, 0, 2, 1]
    assert all(len(row) == len(FEATURES) for sentence in rows for row in sentence)
    first, (typo, article), last = rows[0][0], rows[2], rows[3][0]
    assert column(first, "confidence") == 0.9 and column(first, "margin") == 0.45
    assert column(first, "neighbours") == 3
    # sentence 0 sees 1, 2, 3: sentences 2 (0.6) and 3 (0.9) have an edit of 0.5 or more
    assert column(first, "neighbours_marked") == pytest.approx(2 / 3)
    assert column(first, "neighbours_mean_best") == pytest.approx((0 + 0.6 + 0.9) / 3)
    assert column(typo, "sentence_edits") == 2 and column(typo, "sentence_best_other") == 0.6
    assert column(first, "sentence_best_other") == 0.0
    assert column(last, "case_only") == 1 and column(typo, "case_only") == 0
    assert column(typo, "original_known") == 0 and column(typo, "replacement_known") == 1
    assert column(article, "inserted_words") == 0 and column(article, "replacement_known") == -1
    assert column(article, "deleted_chars") == 4 and column(article, "letters_only") == 0
    assert column(article, "original_log_count") > column(first, "original_log_count") > 0  # "the" is commoner than "go"
    assert column(last, "sentence_words") == 3
    assert column(typo, "sentence_slips") == 2 and column(first, "sentence_slips") == 0
    assert column(first, "neighbours_slips") == pytest.approx(3 / 3)  # 1 + 2 + 0 over three neighbours


def test_a_lone_sentence_has_no_neighbours():
    row, comma = features([[edit(0.7), edit(0.4, "", ",", EditKind.PUNCTUATION)]], ["She go home."], shipped_lexicon(), [[]])[0]
    assert column(row, "neighbours") == 0 and column(row, "neighbours_marked") == 0
    assert column(comma, "letters_only") == 1 and column(row, "letters_only") == 0


def test_features_name_the_words_around_the_edit():
    text = "She went to house , and it rained."
    at = text.index("house")
    article = Edit(at, at, "the ", "", EditKind.ARTICLE, "", 0.6, 0.3)
    comma = Edit(at + 5, at + 7, "", " ,", EditKind.PUNCTUATION, "", 0.6, 0.3)
    opening = Edit(0, 3, "He", "She", EditKind.OTHER, "", 0.6, 0.3)
    first, second, third = features([[article, comma, opening]], [text], shipped_lexicon(), [[]])[0]
    assert column(first, "word_before") == CONTEXT_WORDS.index("to") + 1
    assert column(first, "word_after") == 0  # "house": not one of the context words
    assert column(first, "after_classes") % 2 == 1  # "house" can be a noun
    assert column(second, "word_before") == 0 and column(second, "word_after") == CONTEXT_WORDS.index("and") + 1
    assert column(second, "after_classes") == 0  # "and": no open-class reading
    assert column(third, "word_before") == -1  # nothing before the sentence's first word
    assert column(third, "after_classes") > 0  # "went"


def test_a_judge_trained_with_other_context_words_is_refused(tmp_path):
    import onnx

    model = onnx.load(str(default_model_dir() / "edit_judge.onnx"))
    for entry in model.metadata_props:
        if entry.key == CONTEXT_METADATA:
            entry.value = "\n".join(CONTEXT_WORDS[1:])
    onnx.save(model, str(tmp_path / "edit_judge.onnx"))
    with pytest.raises(ValueError, match="train it again"):
        EditJudge.in_model_dir(tmp_path)


@pytest.fixture(scope="module")
def judge() -> EditJudge:
    found = EditJudge.in_model_dir(default_model_dir())
    assert found is not None, "the shipped model has no edit judge"
    return found


def test_the_shipped_judge_gives_a_probability_per_edit(judge):
    sentences = [[edit(0.95), edit(0.2, " the", "", EditKind.ARTICLE)], []]
    judged = judge.judge(sentences, ["She go to the home.", "Fine."], shipped_lexicon(), [[], []])
    assert [len(s) for s in judged] == [2, 0]
    assert all(0.0 <= e.confidence <= 1.0 for e in judged[0])
    assert [e.replacement for e in judged[0]] == ["went", ""]
    assert judge.probabilities([]).shape == (0,)


def test_the_judge_never_likes_an_edit_less_for_a_surer_decoder(judge):
    base = features([[edit(0.5)]], ["She go home."], shipped_lexicon(), [[]])[0][0]
    rows = []
    for confidence in np.linspace(0.05, 1.0, 20):
        row = list(base)
        row[FEATURES.index("confidence")] = row[FEATURES.index("margin")] = float(confidence)
        rows.append(row)
    p = judge.probabilities(rows)
    assert np.all(np.diff(p) >= -1e-6)
    assert p[-1] > p[0]


def test_a_comma_in_well_edited_text_is_style(judge):
    """Among sentences the model leaves alone a comma it puts in gets no confidence; among
    sentences it wants to change (a learner's essay) the classifier decides."""
    text = "She went home and it rained."
    at = text.index(" and")
    comma = Edit(at, at, ",", "", EditKind.PUNCTUATION, "", 0.95, 0.9)
    fluent = judge.judge([[comma]] + [[]] * 20, [text] + ["All is well."] * 20, shipped_lexicon(), [[]] * 21)
    marked = [[edit(0.9)]] * 20
    learner = judge.judge([[comma]] + marked, [text] + ["She go home."] * 20, shipped_lexicon(), [[]] * 21)
    assert fluent[0][0].confidence == 0.0
    assert learner[0][0].confidence > 0.0

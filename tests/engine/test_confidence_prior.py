"""The document prior (edgegram.engine.judge.confidence.calibrate): which neighbours count, and
what a fluent neighbourhood does to grammar rewrites and to mechanical fixes."""

import pytest

from edgegram.engine.core.types import DocumentPrior, Edit, EditKind
from edgegram.engine.judge.confidence import calibrate


def edit(confidence: float, mechanical: bool = True) -> Edit:
    return Edit(0, 1, "x", "y", EditKind.OTHER, "", confidence, confidence, mechanical)


def test_only_confident_neighbours_within_the_window_count():
    sure, unsure = edit(0.9), edit(0.4)
    sentences = [[sure], [sure], [], [], [sure], [unsure]]
    narrow = calibrate(
        sentences, DocumentPrior(window=2, confident=0.5, dense=0.5, fluent_prior=0, penalty=0.3, short_penalty=0.3)
    )
    # sentence 4 sees 2, 3, 5 (and not 0, 1): no confident neighbour; sentence 0 sees 1 and 2: half
    assert [e.confidence for e in narrow[4]] == [pytest.approx(0.6)]
    assert [e.confidence for e in narrow[0]] == [pytest.approx(0.9)]
    assert [e.confidence for e in narrow[5]] == [pytest.approx(0.4)]  # sees 3 and 4: half
    wide = calibrate(sentences, DocumentPrior(window=4, confident=0.5, dense=0.5, fluent_prior=0, penalty=0.3, short_penalty=0.3))
    assert [e.confidence for e in wide[4]] == [pytest.approx(0.6)]  # 0 and 1 are in reach: 2 of 5 is under half
    assert [e.confidence for e in wide[0]] == [pytest.approx(0.9)]  # 1 and 4 of its 4 neighbours
    fewer = calibrate(
        sentences, DocumentPrior(window=4, confident=0.5, dense=0.6, fluent_prior=0, penalty=0.3, short_penalty=0.3)
    )
    assert [e.confidence for e in fewer[0]] == [pytest.approx(0.6)]  # 2 of 4 is under a share of 0.6


def test_a_short_document_needs_more_than_chance_to_look_like_learner_text():
    prior = DocumentPrior(window=40, confident=0.5, dense=0.11, fluent_prior=10, penalty=0.45)
    for marked, learner_like in [(2, False), (3, True)]:
        sentences = [[edit(0.9)]] * marked + [[] for _ in range(9 - marked)] + [[edit(0.6, mechanical=False)]]
        assert [e.confidence for e in calibrate(sentences, prior)[-1]] == [0.6 if learner_like else 0.0]
    # a full window needs 10 of 80, the share it would need without the imagined fluent sentences
    full = [[edit(0.9)] if i % 8 == 0 else [] for i in range(81)]
    full[40] = [edit(0.6, mechanical=False)]
    assert sum(1 for s in full if s and s[0].confidence >= 0.5) == 11  # 10 neighbours and itself
    assert [e.confidence for e in calibrate(full, prior)[40]] == [0.6]


def test_fluent_surroundings_drop_grammar_rewrites_once_the_document_can_be_judged():
    prior = DocumentPrior(window=6, confident=0.5, dense=0.5, penalty=0.3, min_neighbours=4, short_penalty=0.2)
    lone = [[edit(0.95, mechanical=False), edit(0.95)]]
    long = lone + [[] for _ in range(6)]
    assert [e.confidence for e in calibrate(long, prior)[0]] == [0.0, pytest.approx(0.65)]
    # three sentences: too few neighbours to tell, so every edit only loses the short penalty
    short = lone + [[], []]
    assert [e.confidence for e in calibrate(short, prior)[0]] == [pytest.approx(0.75), pytest.approx(0.75)]
    relaxed = DocumentPrior(window=6, confident=0.5, dense=0.5, penalty=0.3, min_neighbours=4, mechanics_only=False)
    assert [e.confidence for e in calibrate(long, relaxed)[0]] == [pytest.approx(0.65), pytest.approx(0.65)]


def test_penalised_confidence_stays_in_range_and_off_keeps_the_model_s_own():
    sentences = [[edit(0.2, mechanical=False)], [], [edit(0.95)]]
    assert [e.confidence for e in calibrate(sentences, DocumentPrior(dense=0.6, penalty=0.6))[0]] == [0.0]
    assert [[e.confidence for e in s] for s in calibrate(sentences, DocumentPrior.off())] == [[0.2], [], [0.95]]

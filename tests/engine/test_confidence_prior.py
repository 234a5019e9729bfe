"""The document prior (edgegram.engine.confidence.calibrate): which neighbours count."""

import pytest

from edgegram.engine.confidence import calibrate
from edgegram.engine.types import DocumentPrior, Edit, EditKind


def edit(confidence: float) -> Edit:
    return Edit(0, 1, "x", "y", EditKind.OTHER, "", confidence, confidence)


def test_only_confident_neighbours_within_the_window_count():
    sure, unsure = edit(0.9), edit(0.4)
    sentences = [[sure], [sure], [], [], [sure], [unsure]]
    narrow = calibrate(sentences, DocumentPrior(window=2, confident=0.5, dense=2, penalty=0.3))
    # sentence 4 sees 2, 3, 5 (and not 0, 1): no confident neighbour; sentence 0 sees only 1
    assert [e.confidence for e in narrow[4]] == [pytest.approx(0.6)]
    assert [e.confidence for e in narrow[0]] == [pytest.approx(0.6)]
    assert [e.confidence for e in narrow[5]] == [pytest.approx(0.1)]  # an unsure edit marks nothing
    wide = calibrate(sentences, DocumentPrior(window=4, confident=0.5, dense=2, penalty=0.3))
    assert [e.confidence for e in wide[4]] == [pytest.approx(0.9)]  # 0 and 1 are in reach now
    assert [e.confidence for e in wide[5]] == [pytest.approx(0.4)]


def test_penalised_confidence_stays_in_range_and_off_keeps_the_model_s_own():
    sentences = [[edit(0.2)], [], [edit(0.95)]]
    assert [e.confidence for e in calibrate(sentences, DocumentPrior(dense=5, penalty=0.6))[0]] == [0.0]
    assert [[e.confidence for e in s] for s in calibrate(sentences, DocumentPrior.off())] == [[0.2], [], [0.95]]

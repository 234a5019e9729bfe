"""Training the edit judge (edge_model.edit_judge): folds keep blocks of sentences together,
and the ONNX graph the engine runs gives the mean of the trained boosters' probabilities."""

import numpy as np
import pytest

from edge_model.cross_fit import FOLD_BLOCK, FOLDS, fold_of
from edge_model.edit_judge import fit_mean, predict, to_onnx
from edgegram.engine.judge.edit_judge import FEATURES, EditJudge

try:  # the train extra; lightgbm also needs the system's OpenMP runtime (libgomp)
    import lightgbm  # noqa: F401
    import onnxmltools  # noqa: F401
except (ImportError, OSError) as exc:
    pytest.skip(f"needs the train extra: {exc}", allow_module_level=True)


def test_folds_are_blocks_of_consecutive_sentences():
    assert fold_of(0) == fold_of(FOLD_BLOCK - 1) == 0
    assert fold_of(FOLD_BLOCK) == 1
    assert fold_of(FOLD_BLOCK * FOLDS) == 0
    assert {fold_of(i) for i in range(FOLD_BLOCK * FOLDS)} == set(range(FOLDS))


def test_the_exported_judge_gives_the_mean_of_the_boosters_probabilities(tmp_path):
    rng = np.random.default_rng(0)
    x = rng.random((600, len(FEATURES)), dtype=np.float32)
    confidence = x[:, FEATURES.index("confidence")]
    y = (rng.random(600) < confidence * x[:, FEATURES.index("neighbours_marked")]).astype(np.float32)
    boosters = fit_mean(x, y, seeds=3, rounds=30)
    each = [booster.predict(x[:50]) for booster in boosters]
    assert not np.allclose(each[0], each[1])  # the seeds bag other rows and features
    to_onnx(boosters, tmp_path / "judge.onnx")
    p = EditJudge(tmp_path / "judge.onnx").probabilities(x[:50])
    assert p.shape == (50,)
    np.testing.assert_allclose(p, predict(boosters, x[:50]), atol=1e-5)
    np.testing.assert_allclose(p, np.mean(each, axis=0), atol=1e-5)
    # what it learnt: likelier where the decoder is surer and the neighbours are marked
    assert p[np.argmax(confidence[:50] * x[:50, FEATURES.index("neighbours_marked")])] > np.median(p)

"""edge_model.shortlist: wherever the decoder's int8 shortlist says it has certified the best two
logits, they are the whole vocabulary's (random states, states scaled up, near-ties built on
purpose); it certifies most ordinary positions; its int8 product cannot saturate."""

import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

from edge_model import shortlist
from edge_model.shortlist import ACTIVATION_LEVELS, ACTIVATION_ZERO, SHORTLIST, append_shortlist, int8_columns, weight_error
from edgegram.engine.finders.ort_sessions import session_options

ort = pytest.importorskip("onnxruntime")
V, D = 300, 48


def _session(table: np.ndarray, disable_qdq: bool):
    graph = helper.make_graph(
        [],
        "shortlist",
        [helper.make_tensor_value_info("hidden", TensorProto.FLOAT, ["batch", "block", D])],
        [],
        [numpy_helper.from_array(table, "table")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    append_shortlist(model, "hidden", "table")
    options = session_options(threads=1)  # the process's shared thread pool (edgegram.engine.finders.ort_sessions)
    if disable_qdq:
        options.add_session_config_entry("session.disable_quant_qdq", "1")
    return ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])


def _table(rng) -> np.ndarray:
    return (rng.standard_normal((V, D)) * rng.uniform(0.02, 0.3, (V, 1))).astype(np.float32)


def _near_ties(rng, table: np.ndarray, n: int) -> np.ndarray:
    """States whose best two logits differ by 0, 1e-5 ... 0.3 (h moved along E_a - E_b)."""
    states = []
    for gap in np.resize([0.0, 1e-5, 1e-3, 0.05, 0.3], n):
        h = rng.standard_normal(D) * 3
        a, b = np.argsort(table @ h)[-2:][::-1]
        direction = table[a] - table[b]
        h = h - ((table[a] - table[b]) @ h - gap) / (direction @ direction) * direction
        states.append(h)
    return np.array(states, dtype=np.float32)


def _crowded(rng, table: np.ndarray, n: int) -> np.ndarray:
    """States of a direction h0 for which 40 tokens' logits lie within 0.03 of each other (the
    table's rows moved so): the int8 approximation reorders them, and only the bound keeps a
    runner-up ranked ninth or worse from being missed."""
    h0 = rng.standard_normal(D)
    h0 *= 20 / np.linalg.norm(h0)
    for v in range(40):
        table[v] += ((5 + rng.uniform(0, 0.03)) - table[v] @ h0) / (h0 @ h0) * h0
    return (h0 + rng.standard_normal((n, D)) * 0.01).astype(np.float32)


@pytest.mark.parametrize(("disable_qdq", "size"), [(False, SHORTLIST), (True, SHORTLIST), (True, 2)])
def test_certified_best_two_are_the_vocabularys(disable_qdq, size, monkeypatch):
    """(A shortlist of 2 makes a wrong certificate likely among the crowded states: only the
    bound tells them apart.)"""
    monkeypatch.setattr(shortlist, "SHORTLIST", size)
    rng = np.random.default_rng(1)
    table = _table(rng)
    crowded = _crowded(rng, table, 100)
    session = _session(table, disable_qdq)
    states = np.concatenate(
        [
            rng.standard_normal((200, D)).astype(np.float32),
            crowded,
            rng.standard_normal((100, D)).astype(np.float32) * 40,  # the real decoder's states: |h| ~ 20
            _near_ties(rng, table, 100),
            np.zeros((2, D), np.float32),
        ]
    )
    values, ids, certified = session.run(["top_values", "top_ids", "certified"], {"hidden": states[None]})
    values, ids, certified = values[0], ids[0], certified[0]
    logits = states.astype(np.float64) @ table.astype(np.float64).T
    order = np.argsort(-logits, axis=1)
    best_two = np.take_along_axis(logits, order[:, :2], 1)
    for row in np.flatnonzero(certified):
        assert np.abs(values[row] - best_two[row]).max() < 1e-4 * (1 + np.abs(best_two[row]).max())
        if best_two[row, 0] - best_two[row, 1] > 1e-4:  # below that the order is rounding noise
            assert ids[row].tolist() == order[row, :2].tolist()
        else:
            assert sorted(ids[row].tolist()) == sorted(order[row, :2].tolist())
        outside = np.setdiff1d(np.arange(V), ids[row])
        assert logits[row, outside].max() <= best_two[row, 1] + 1e-4
    if size == SHORTLIST:
        assert certified[:200].mean() > 0.5  # ordinary states are mostly settled by the shortlist


def test_the_int8_product_cannot_saturate_and_the_weights_are_the_tables():
    """u = q + 64 in [1, 127] and |Q| <= 127: a pair of u8 x s8 products stays under 2^15."""
    assert 2 * (ACTIVATION_ZERO + ACTIVATION_LEVELS) * 127 < 2**15 and ACTIVATION_ZERO - ACTIVATION_LEVELS >= 0
    table = _table(np.random.default_rng(2))
    q, scale = int8_columns(table)
    assert q.shape == (D, V) and np.abs(q.astype(int)).max() <= 127
    assert weight_error(table, q, scale) < np.abs(table).max() / 127 * np.sqrt(D)  # at most half a step per weight
    assert weight_error(q.T.astype(np.float32) * scale[:, None], q, scale) < 1e-6  # int8 rows: the same numbers
    assert SHORTLIST <= V

"""edge_model.quantize.per_token_activations: each token's activations get their own uint8 scale
and zero point, and the int8 product is what numpy computes from that definition."""

from __future__ import annotations

import numpy as np
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper

from edge_model.quantize import per_token_activations
from edgegram.engine.finders.ort_sessions import session_options


def _dynamic_matmul(weight: np.ndarray) -> bytes:
    """x [B,T,K] -> DynamicQuantizeLinear -> MatMulInteger with ``weight`` (int8, zero point 0),
    the shape quantize_dynamic gives the encoder's MatMuls; outputs q, scale and the int32 product."""
    k, n = weight.shape
    graph = helper.make_graph(
        [
            helper.make_node("DynamicQuantizeLinear", ["x"], ["q", "scale", "zero"]),
            helper.make_node("MatMulInteger", ["q", "w", "zero", "w_zero"], ["y"]),
        ],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["B", "T", k])],
        [
            helper.make_tensor_value_info("q", TensorProto.UINT8, None),
            helper.make_tensor_value_info("scale", TensorProto.FLOAT, None),
            helper.make_tensor_value_info("y", TensorProto.INT32, None),
        ],
        [numpy_helper.from_array(weight, "w"), numpy_helper.from_array(np.array(0, np.int8), "w_zero")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    return per_token_activations(model).SerializeToString()


def _reference(x: np.ndarray, weight: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    lo = np.minimum(x.min(axis=-1, keepdims=True), np.float32(0))
    hi = np.maximum(x.max(axis=-1, keepdims=True), np.float32(0))
    scale = np.maximum((hi - lo) / np.float32(255), np.float32(1e-30)).astype(np.float32)
    zero = np.clip(np.round(-(lo / scale)), 0, 255).astype(np.float32)
    q = np.clip(np.round(x / scale) + zero, 0, 255).astype(np.uint8)
    y = (q.astype(np.int32) - zero.astype(np.int32)) @ weight.astype(np.int32)
    return q, scale, y


def test_each_token_is_quantised_on_its_own_and_the_product_matches_numpy():
    rng = np.random.default_rng(7)
    weight = rng.integers(-63, 64, size=(48, 5)).astype(np.int8)  # 7-bit, as the encoder's
    x = rng.normal(size=(3, 6, 48)).astype(np.float32) * rng.uniform(0.01, 50, size=(3, 6, 1)).astype(np.float32)
    x[0, 0] = 0.0  # an all-zero token: scale floored, q = zero point = 0
    x[0, 1] = np.abs(x[0, 1])  # only positive: zero point 0
    x[0, 2] = -np.abs(x[0, 2])  # only negative: zero point 255
    x[1, 3, :4] = np.float32(0.5) * np.arange(4)  # exact halves after scaling are possible
    session = ort.InferenceSession(_dynamic_matmul(weight), session_options(), providers=["CPUExecutionProvider"])
    q, scale, y = session.run(None, {"x": x})
    want_q, want_scale, want_y = _reference(x, weight)
    assert scale.shape == (3, 6, 1)
    np.testing.assert_array_equal(scale, want_scale)
    np.testing.assert_array_equal(q, want_q)
    np.testing.assert_array_equal(y, want_y)
    # a token's result does not depend on the tokens beside it
    alone = session.run(None, {"x": x[1:2, 3:4]})
    np.testing.assert_array_equal(alone[0], q[1:2, 3:4])
    np.testing.assert_array_equal(alone[2], y[1:2, 3:4])

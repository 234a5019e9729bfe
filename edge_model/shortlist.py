"""The decoder graph's certified shortlist: each position's argmax and runner-up logit, exactly,
without projecting its state onto the whole vocabulary in fp32.

IAD verifies a draft with the argmax at each position, and the near-tie check needs the runner-up:
the fp32 projection onto 8,192 tokens and its softmax were ~38% of a decoder call. Instead, for
a position's state h (its norm |h|):

1. h is quantised per position to 7 bits: s = max|h| / 63, q = round(h / s) in [-63, 63], fed
   to an int8 product as u = q + 64 in [1, 127] (7 bits keep every pair of u8 x s8 products
   under 2^15, so CPUs without VNNI, whose kernel adds pairs in saturating 16-bit registers,
   give the exact integer too);
2. approximate logits a_v = s * (q . Q_v) * c_v, with the output weights as int8 columns Q_v
   and a scale c_v each (``MatMulIntegerToFloat``), ~4x cheaper than the fp32 product;
3. the ``SHORTLIST`` tokens with the largest a_v get their exact logit z_v = h . E_v (E: the
   tied embedding the scores graph projects with; the same rows as the input embedding);
4. for every other token, |z_v - a_v| <= |h - s q| |A_v| + |h| |E_v - A_v| (A_v = c_v Q_v;
   Cauchy-Schwarz), so z_v <= a_K + eps with a_K the shortlist's smallest approximate logit and
   eps = |h - s q| max|A_v| + |h| max|E_v - A_v| + a float slack. Where the shortlist's
   exact runner-up is at least a_K + eps, its best two are the vocabulary's best two:
   ``certified``. Elsewhere (~0.3% of positions on dev text with 8 candidates) the engine takes
   them from the scores graph, which projects in full.

So the decoder's tokens are those of the full projection (both compute z_v in fp32; they can
differ at rounding level, which the engine's near-tie check already covers), and the
probabilities that need every logit (exp_sum) are computed, by the scores graph, only for the
outputs that are shown.
"""

from __future__ import annotations

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from edge_model.int8 import symmetric_int8

SHORTLIST = 8  # candidates re-scored exactly per position (8: 99.6% of positions certified on dev text)
ACTIVATION_LEVELS = 63  # q in [-63, 63]
ACTIVATION_ZERO = 64  # u = q + 64 in [1, 127]
SHORTLIST_COLUMNS = "shortlist_q"  # the int8 output columns [D,V] (the scores graph reads them too: edge_model.quantize)
WEIGHT_ERROR = "shortlist_weight_error"  # max |E_v - A_v|: set again by edge_model.quantize for its graph
# float slack of the bound: rounding of the fp32 dot products (|h| |E_v| n 2^-24 for n = 384,
# with room) and of the approximate logits
_SLACK_ABS, _SLACK_DOT, _SLACK_REL = 1e-3, 1e-4, 1e-6


def int8_columns(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The output weights of an embedding ``table`` [V,D] as int8 columns Q [D,V] and a scale
    c [V] each: the numbers of the embedding's int8 rows (``edge_model.int8``'s symmetric
    int8 per token), so that in the quantised decoder the bound's E_v - A_v is ~0."""
    q, scale = symmetric_int8(table, axis=1)
    return np.ascontiguousarray(q.T), scale.reshape(-1)


def weight_error(table: np.ndarray, q: np.ndarray, scale: np.ndarray) -> float:
    """max over tokens of |E_v - c_v Q_v| (float64, rounded up a little)."""
    approx = q.T.astype(np.float64) * scale.astype(np.float64)[:, None]
    return float(np.linalg.norm(table.astype(np.float64) - approx, axis=1).max() * (1 + 1e-6) + 1e-9)


def append_shortlist(model: onnx.ModelProto, hidden: str, table: str) -> None:
    """Add the shortlist to a decoder graph: from its state output ``hidden`` [B,T,D] and the
    embedding initializer ``table`` [V,D], the outputs ``top_values`` / ``top_ids`` [B,T,2] and
    ``certified`` [B,T] (see the module doc)."""
    graph = model.graph
    inits = {init.name: init for init in graph.initializer}
    embedding = numpy_helper.to_array(inits[table]).astype(np.float32)
    q, scale = int8_columns(embedding)
    approx_norm = float(np.linalg.norm(q.T.astype(np.float64) * scale[:, None], axis=1).max() * (1 + 1e-6))
    k = min(SHORTLIST, embedding.shape[0])
    constants = {
        SHORTLIST_COLUMNS: q,
        "shortlist_scale": scale,
        "shortlist_one": np.array(1.0, np.float32),
        "shortlist_zero_u8": np.array(ACTIVATION_ZERO, np.uint8),
        "shortlist_zero_float": np.array(ACTIVATION_ZERO, np.float32),
        "shortlist_inv_levels": np.array(1.0 / ACTIVATION_LEVELS, np.float32),
        "shortlist_tiny": np.array(1e-30, np.float32),
        "shortlist_rows": np.array([-1, embedding.shape[1]], np.int64),
        "shortlist_flat": np.array([-1], np.int64),
        "shortlist_k": np.array([k], np.int64),
        "shortlist_two": np.array([2], np.int64),
        "shortlist_last": np.array([k - 1], np.int64),
        "shortlist_second": np.array([1], np.int64),
        "shortlist_approx_norm": np.array(approx_norm, np.float32),
        WEIGHT_ERROR: np.array(weight_error(embedding, q, scale), np.float32),
        "shortlist_slack_abs": np.array(_SLACK_ABS, np.float32),
        "shortlist_slack_dot": np.array(_SLACK_DOT * approx_norm, np.float32),
        "shortlist_slack_rel": np.array(_SLACK_REL, np.float32),
    }
    graph.initializer.extend(numpy_helper.from_array(value, name) for name, value in constants.items())
    n = helper.make_node
    t = "shortlist_"
    nodes = [
        # h as rows [N,D]; its per-row scale, 7-bit codes u and the quantisation residual's norm
        n("Reshape", [hidden, t + "rows"], [t + "h"]),
        n("Abs", [t + "h"], [t + "abs"]),
        n("ReduceMax", [t + "abs"], [t + "max"], axes=[-1], keepdims=1),
        n("Mul", [t + "max", t + "inv_levels"], [t + "s0"]),
        n("Max", [t + "s0", t + "tiny"], [t + "s"]),  # [N,1]; an all-zero state: q = 0
        n("Reshape", [t + "s", t + "flat"], [t + "s_rows"]),
        n("Shape", [t + "s_rows"], [t + "n"]),
        n("Expand", [t + "zero_u8", t + "n"], [t + "zp_rows"]),
        n("QuantizeLinear", [t + "h", t + "s_rows", t + "zp_rows"], [t + "u"], axis=0),
        # s q back in float by plain arithmetic (ORT's graph optimisations may drop a
        # QuantizeLinear -> DequantizeLinear pair as an identity, which would hide the residual)
        n("Cast", [t + "u"], [t + "u_float"], to=TensorProto.FLOAT),
        n("Sub", [t + "u_float", t + "zero_float"], [t + "q_float"]),
        n("Mul", [t + "q_float", t + "s"], [t + "h_q"]),
        n("Sub", [t + "h", t + "h_q"], [t + "residual"]),
        n("ReduceL2", [t + "residual"], [t + "r"], axes=[-1], keepdims=1),
        n("ReduceL2", [t + "h"], [t + "h_norm"], axes=[-1], keepdims=1),
        # approximate logits / s (the same order as a_v), the shortlist, its exact logits
        n(
            "MatMulIntegerToFloat",
            [t + "u", t + "q", t + "one", t + "scale", t + "zero_u8"],
            [t + "approx"],
            domain="com.microsoft",
        ),
        n("TopK", [t + "approx", t + "k"], [t + "approx_top", t + "ids"], axis=-1),
        n("Gather", [table, t + "ids"], [t + "rows_k"], axis=0),  # [N,K,D]
        n("Unsqueeze", [t + "h", t + "flat"], [t + "h_col"]),  # [N,D,1]
        n("MatMul", [t + "rows_k", t + "h_col"], [t + "exact_col"]),
        n("Squeeze", [t + "exact_col", t + "flat"], [t + "exact"]),  # [N,K]
        n("TopK", [t + "exact", t + "two"], [t + "values", t + "positions"], axis=-1),
        n("GatherElements", [t + "ids", t + "positions"], [t + "top_ids"], axis=1),
        # the bound on every token outside the shortlist
        n("Gather", [t + "approx_top", t + "last"], [t + "a_k0"], axis=1),  # [N,1]
        n("Mul", [t + "a_k0", t + "s"], [t + "a_k"]),
        n("Abs", [t + "a_k"], [t + "a_k_abs"]),
        n("Mul", [t + "a_k_abs", t + "slack_rel"], [t + "e_rel"]),
        n("Mul", [t + "r", t + "approx_norm"], [t + "e_q"]),
        n("Mul", [t + "h_norm", WEIGHT_ERROR], [t + "e_w"]),
        n("Mul", [t + "h_norm", t + "slack_dot"], [t + "e_dot"]),
        n("Sum", [t + "a_k", t + "e_q", t + "e_w", t + "e_dot", t + "e_rel", t + "slack_abs"], [t + "bound"]),
        n("Gather", [t + "values", t + "second"], [t + "runner_up"], axis=1),
        n("GreaterOrEqual", [t + "runner_up", t + "bound"], [t + "certified_rows"]),
        # back to [B,T,...]
        n("Shape", [hidden], [t + "hidden_shape"]),
        n("Slice", [t + "hidden_shape", "shortlist_zero_i", "shortlist_two"], [t + "bt"]),
        n("Concat", [t + "bt", t + "two"], [t + "bt2"], axis=0),
        n("Reshape", [t + "values", t + "bt2"], ["top_values"]),
        n("Reshape", [t + "top_ids", t + "bt2"], ["top_ids"]),
        n("Reshape", [t + "certified_rows", t + "bt"], ["certified"]),
    ]
    graph.initializer.append(numpy_helper.from_array(np.array([0], np.int64), "shortlist_zero_i"))
    graph.node.extend(nodes)
    graph.output.extend(
        [
            helper.make_tensor_value_info("top_values", TensorProto.FLOAT, ["batch", "block", 2]),
            helper.make_tensor_value_info("top_ids", TensorProto.INT64, ["batch", "block", 2]),
            helper.make_tensor_value_info("certified", TensorProto.BOOL, ["batch", "block"]),
        ]
    )
    if not any(op.domain == "com.microsoft" for op in model.opset_import):
        model.opset_import.append(helper.make_opsetid("com.microsoft", 1))


def set_weight_error(model: onnx.ModelProto, table: np.ndarray) -> None:
    """Set the bound's max |E_v - A_v| for the rows ``table`` [V,D] a graph's shortlist re-scores
    with (after edge_model.quantize made them int8 rows: ~0, the columns being the same numbers)."""
    inits = {init.name: init for init in model.graph.initializer}
    q = numpy_helper.to_array(inits[SHORTLIST_COLUMNS])
    scale = numpy_helper.to_array(inits["shortlist_scale"])
    inits[WEIGHT_ERROR].CopyFrom(numpy_helper.from_array(np.array(weight_error(table, q, scale), np.float32), WEIGHT_ERROR))


__all__ = ["SHORTLIST", "SHORTLIST_COLUMNS", "append_shortlist", "int8_columns", "set_weight_error", "weight_error"]

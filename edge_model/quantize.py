"""Int8 graphs from the exported fp32 ones.

**Encoder and decoder: int8 compute.** Their MatMuls with a constant weight are quantised
dynamically (``onnxruntime.quantization.quantize_dynamic``: int8 weights per output channel,
activations quantised at run time), so ORT runs them on its int8 kernels, several times faster
than fp32. ``quantize_dynamic`` gives a whole activation tensor one scale;
:func:`per_token_activations` gives each token its own (``format_version`` 3), so a token's
result never depends on the other tokens of its call: a sentence's encoding is the same alone
and in a batch (``edgegram.engine.finders.runtime`` encodes many sentences in one call), and a block of
T draft tokens verified in one decoder call gives each position the states T single steps give
it. That needs the fp32 parts to agree too: a rounding-level difference before a quantisation
can move a value across a step, and did (block vs step up to 0.033 in the logits, and one BEA-19
dev sentence of 4,513 decoded differently by IAD and greedy) until the decoder's attention
stopped multiplying single query rows (``edge_model.model.Attention.attend_cached``). Now block and
step agree bit for bit, in fp32 and in int8 (``--measure``: max |diff| 0).
Weights use 7 bits (``reduce_range``): on CPUs without VNNI (AVX2 only) ORT's u8 x s8 kernel
sums pairs of products in saturating 16-bit registers, and with 8-bit weights some sentences'
encodings came out wrong.

The decoder computed in fp32 until 2026-11-26: ORT's int8 kernels with one
activation scale per call (``quantize_dynamic``, ``MatMulNBits``) made a token's logits depend
on its neighbours in the block. In int8 its calls in a one-thread check of the 14 techdocs
chapters took 5.2 s instead of 7.5 s (AMD EPYC with AVX-512 VNNI; docs/speed-notes.md).

**Scores graph: int8 storage, fp32 compute.** Its projection (the tied ``embedding^T``) gets its
weight as int8 with one symmetric scale per output column, followed by ``DequantizeLinear``;
``edgegram.engine.finders.runtime`` opens the graphs with ``session.disable_quant_qdq=1``, so ONNX
Runtime folds the weight dequantisation into fp32 constants once at load: the probabilities
the engine reports are those of the decoder's states, exactly.

The token embedding is stored as int8 rows with a per-row scale in every graph.

    python -m edge_model.quantize engine/model            # fp32 files -> encoder.onnx, decoder.onnx, scores.onnx
    python -m edge_model.quantize engine/model --measure  # + block-vs-step, speed, sizes
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from edge_model.int8 import symmetric_int8
from edge_model.shortlist import SHORTLIST_COLUMNS, WEIGHT_ERROR, set_weight_error
from edgegram.engine.core.contract import (
    BOS_ID,
    DECODER_FILE,
    DECODER_FP32_FILE,
    ENCODER_FILE,
    ENCODER_FP32_FILE,
    MODEL_JSON,
    SCORES_FILE,
    SCORES_FP32_FILE,
    TOKENIZER_JSON,
    decoder_feed,
    per_layer,
)
from edgegram.engine.finders.ort_sessions import session_options

# ORT session option under which the int8 weights are dequantised once at load (fp32 compute)
FOLD_WEIGHTS_OPTION = ("session.disable_quant_qdq", "1")


@dataclass(frozen=True)
class QuantSettings:
    quantize_embedding: bool = True  # int8 rows + per-row scale for the token embedding


def quantize_matmuls(model: onnx.ModelProto) -> onnx.ModelProto:
    """MatMul(x, W const [K,N]) -> MatMul(x, DequantizeLinear(W int8, scale [N], axis=1))."""
    graph = model.graph
    inits = {init.name: init for init in graph.initializer}
    new_nodes, replaced = [], set()
    for node in graph.node:
        weight = inits.get(node.input[1]) if node.op_type == "MatMul" else None
        if weight is None or len(weight.dims) != 2 or weight.data_type != TensorProto.FLOAT:
            new_nodes.append(node)
            continue
        name = weight.name
        if name not in replaced:
            q, scale = symmetric_int8(numpy_helper.to_array(weight), axis=0)
            graph.initializer.extend(
                [numpy_helper.from_array(q, name + "_int8"), numpy_helper.from_array(scale.reshape(-1), name + "_scale")]
            )
            replaced.add(name)
        new_nodes.append(
            helper.make_node("DequantizeLinear", [name + "_int8", name + "_scale"], [name + "_dq_" + node.output[0]], axis=1)
        )
        new_nodes.append(
            helper.make_node("MatMul", [node.input[0], name + "_dq_" + node.output[0]], list(node.output), name=node.name)
        )
    del graph.node[:]
    graph.node.extend(new_nodes)
    _drop_unused_initializers(graph, replaced)
    return model


def _drop_unused_initializers(graph: onnx.GraphProto, names: set[str]) -> None:
    used = {name for node in graph.node for name in node.input}
    for init in [i for i in graph.initializer if i.name in names and i.name not in used]:
        graph.initializer.remove(init)


def _gathered_tables(graph: onnx.GraphProto) -> dict[str, onnx.TensorProto]:
    """2-D float initializers that Gather nodes index on axis 0."""
    inits = {init.name: init for init in graph.initializer}
    tables = {}
    for node in graph.node:
        table = inits.get(node.input[0]) if node.op_type == "Gather" else None
        axis = next((a.i for a in node.attribute if a.name == "axis"), 0)
        if table is not None and axis == 0 and len(table.dims) == 2 and table.data_type == TensorProto.FLOAT:
            tables[table.name] = table
    return tables


def quantize_embedding_gathers(model: onnx.ModelProto) -> onnx.ModelProto:
    """Gather(E fp32 [V,D], ids) -> Gather(E int8, ids) * Gather(row scale [V,1], ids) for the
    largest gathered table: the token embedding (position tables are smaller and stay fp32)."""
    graph = model.graph
    tables = _gathered_tables(graph)
    if not tables:
        return model
    embedding = max(tables.values(), key=lambda t: t.dims[0])
    new_nodes, replaced = [], set()
    for node in graph.node:
        table = embedding if node.op_type == "Gather" and node.input[0] == embedding.name else None
        if table is None:
            new_nodes.append(node)
            continue
        name, out = table.name, node.output[0]
        if name not in replaced:
            q, scale = symmetric_int8(numpy_helper.to_array(table), axis=1)
            graph.initializer.extend(
                [numpy_helper.from_array(q, name + "_int8"), numpy_helper.from_array(scale, name + "_row_scale")]
            )
            replaced.add(name)
        new_nodes += [
            helper.make_node("Gather", [name + "_int8", node.input[1]], [out + "_int8"], axis=0),
            helper.make_node("Cast", [out + "_int8"], [out + "_unscaled"], to=TensorProto.FLOAT),
            helper.make_node("Gather", [name + "_row_scale", node.input[1]], [out + "_scale"], axis=0),
            helper.make_node("Mul", [out + "_unscaled", out + "_scale"], [out], name=node.name),
        ]
    del graph.node[:]
    graph.node.extend(new_nodes)
    _drop_unused_initializers(graph, replaced)
    return model


def quantize_file(src: Path, dst: Path, settings: QuantSettings = QuantSettings()) -> None:
    """Int8 weight storage, fp32 compute (the scores graph)."""
    model = quantize_matmuls(onnx.load(str(src)))
    if settings.quantize_embedding:
        model = _quantize_embedding(model)
    onnx.checker.check_model(model)
    onnx.save(model, str(dst))


def _quantize_embedding(model: onnx.ModelProto) -> onnx.ModelProto:
    """The token embedding as int8 rows (:func:`quantize_embedding_gathers`). The decoder's
    shortlist re-scores its candidates with those rows: its bound is given their distance
    from its int8 columns (``edge_model.shortlist``)."""
    model = quantize_embedding_gathers(model)
    rows = _dequantized_embedding(model.graph)
    if rows is not None and any(init.name == WEIGHT_ERROR for init in model.graph.initializer):
        set_weight_error(model, rows)
    return model


def _dequantized_embedding(graph: onnx.GraphProto) -> np.ndarray | None:
    """The rows [V,D] the int8 embedding gathers give (int8 times the row scale, in float32, as
    the graph computes them), or None without one."""
    inits = {init.name: init for init in graph.initializer}
    for name in inits:
        if name.endswith("_row_scale") and name[: -len("_row_scale")] + "_int8" in inits:
            q = numpy_helper.to_array(inits[name[: -len("_row_scale")] + "_int8"]).astype(np.float32)
            return q * numpy_helper.to_array(inits[name])
    return None


def quantize_file_dynamic(src: Path, dst: Path, settings: QuantSettings = QuantSettings()) -> None:
    """Int8 compute for every MatMul with a constant weight (the encoder's and the decoder's
    layers), activations quantised per token; see the module doc."""
    import logging
    import tempfile

    from onnxruntime.quantization import QuantType, quantize_dynamic

    model = onnx.load(str(src))
    if settings.quantize_embedding:
        model = _quantize_embedding(model)
    with tempfile.TemporaryDirectory() as tmp:
        staged = Path(tmp) / "staged.onnx"
        onnx.save(model, str(staged))
        quiet = logging.getLogger().level
        logging.getLogger().setLevel(logging.ERROR)  # its "consider pre-processing" advice
        try:
            quantize_dynamic(
                str(staged),
                str(dst),
                weight_type=QuantType.QInt8,
                per_channel=True,
                reduce_range=True,
                op_types_to_quantize=["MatMul"],
            )
        finally:
            logging.getLogger().setLevel(quiet)
    onnx.save(per_token_activations(onnx.load(str(dst))), str(dst))
    onnx.checker.check_model(onnx.load(str(dst)))


def per_token_activations(model: onnx.ModelProto) -> onnx.ModelProto:
    """Each ``DynamicQuantizeLinear`` (one uint8 scale and zero point for a whole tensor)
    becomes the same computation per token, i.e. per row along the last axis: range
    [min(x, 0), max(x, 0)] -> scale = range / 255, zero point = round(-min / scale), q =
    saturate(round(x / scale) + zero point) (``QuantizeLinear`` with one scale per row of x
    flattened to [tokens, features]: the same arithmetic, bit for bit, as Div, Round, Add, Clip
    and Cast, in one pass instead of five). ORT's ``MatMulInteger`` takes only a scalar zero
    point for its activations, so the product is taken without it and corrected exactly in
    int32: (q - zp)·W = q·W - zp * colsum(W) (the int8 weights are symmetric, zero point 0)."""
    graph = model.graph
    inits = {init.name: numpy_helper.to_array(init) for init in graph.initializer}
    # the activations' zero points: made int32 per token below, subtracted after the product
    zero_points = {node.output[2] for node in graph.node if node.op_type == "DynamicQuantizeLinear"}
    graph.initializer.extend(
        [
            numpy_helper.from_array(np.array(0.0, np.float32), "pt_zero"),
            numpy_helper.from_array(np.array(255.0, np.float32), "pt_255"),
            numpy_helper.from_array(np.array(1e-30, np.float32), "pt_tiny"),
            numpy_helper.from_array(np.array([-1], np.int64), "pt_rows"),
        ]
    )
    new_nodes = []
    for node in graph.node:
        if node.op_type == "MatMulInteger" and node.input[2] in zero_points:
            weight, weight_zero = node.input[1], node.input[3]
            if weight_zero and np.any(inits[weight_zero] != 0):
                raise ValueError(f"{node.name}: per-token activations need symmetric weights (zero point 0)")
            colsum = inits[weight].astype(np.int32).sum(axis=0, dtype=np.int32)
            colsum_name = weight + "_colsum"
            if colsum_name not in inits:
                graph.initializer.append(numpy_helper.from_array(colsum, colsum_name))
                inits[colsum_name] = colsum
            out = node.output[0]
            new_nodes += [
                helper.make_node("MatMulInteger", [node.input[0], weight], [out + "_raw"], name=node.name),
                helper.make_node("Mul", [node.input[2], colsum_name], [out + "_zp_term"]),
                helper.make_node("Sub", [out + "_raw", out + "_zp_term"], [out]),
            ]
            continue
        if node.op_type != "DynamicQuantizeLinear":
            new_nodes.append(node)
            continue
        x, (q, scale, zero) = node.input[0], node.output
        t = x + "_pt"
        new_nodes += [
            helper.make_node("ReduceMin", [x], [t + "_min"], axes=[-1], keepdims=1),
            helper.make_node("ReduceMax", [x], [t + "_max"], axes=[-1], keepdims=1),
            helper.make_node("Min", [t + "_min", "pt_zero"], [t + "_lo"]),
            helper.make_node("Max", [t + "_max", "pt_zero"], [t + "_hi"]),
            helper.make_node("Sub", [t + "_hi", t + "_lo"], [t + "_range"]),
            helper.make_node("Div", [t + "_range", "pt_255"], [t + "_scale0"]),
            helper.make_node("Max", [t + "_scale0", "pt_tiny"], [scale]),  # an all-zero row: q = zp = 0
            helper.make_node("Div", [t + "_lo", scale], [t + "_lo_q"]),
            helper.make_node("Neg", [t + "_lo_q"], [t + "_zp_raw"]),
            helper.make_node("Round", [t + "_zp_raw"], [t + "_zp_round"]),
            helper.make_node("Clip", [t + "_zp_round", "pt_zero", "pt_255"], [t + "_zp"]),
            helper.make_node("Cast", [t + "_zp"], [zero], to=TensorProto.INT32),
            # q = saturate(round(x / scale) + zp), one QuantizeLinear with a scale and zero point
            # per row of x flattened to [tokens, features] (five elementwise passes before)
            helper.make_node("Cast", [t + "_zp"], [t + "_zp_u8"], to=TensorProto.UINT8),
            helper.make_node("Reshape", [scale, "pt_rows"], [t + "_scale_rows"]),
            helper.make_node("Reshape", [t + "_zp_u8", "pt_rows"], [t + "_zp_rows"]),
            helper.make_node("Flatten", [x], [t + "_x_rows"], axis=-1),
            helper.make_node("QuantizeLinear", [t + "_x_rows", t + "_scale_rows", t + "_zp_rows"], [t + "_q_rows"], axis=0),
            helper.make_node("Shape", [x], [t + "_shape"]),
            helper.make_node("Reshape", [t + "_q_rows", t + "_shape"], [q]),
        ]
    del graph.node[:]
    graph.node.extend(new_nodes)
    _drop_unused_initializers(graph, {init.name for init in graph.initializer})
    return model


@dataclass(frozen=True)
class QuantReport:
    sizes: dict[str, int]  # file name -> bytes

    def summary(self) -> str:
        return "\n".join(f"{name}: {size / 1e6:.2f} MB" for name, size in self.sizes.items())


def quantize_model_dir(model_dir: Path, settings: QuantSettings = QuantSettings()) -> QuantReport:
    """``encoder.fp32.onnx``/``decoder.fp32.onnx`` in ``model_dir`` -> int8 ``encoder.onnx``/``decoder.onnx``."""
    model_dir = Path(model_dir)
    for src, dst, quantize in (
        (ENCODER_FP32_FILE, ENCODER_FILE, quantize_file_dynamic),
        (DECODER_FP32_FILE, DECODER_FILE, quantize_file_dynamic),
        (SCORES_FP32_FILE, SCORES_FILE, quantize_file),
    ):
        if not (model_dir / src).is_file():
            raise FileNotFoundError(f"{model_dir / src} does not exist: export the model first")
        quantize(model_dir / src, model_dir / dst, settings)
    share_output_columns(model_dir / DECODER_FILE, model_dir / SCORES_FILE)
    names = (ENCODER_FP32_FILE, DECODER_FP32_FILE, SCORES_FP32_FILE, ENCODER_FILE, DECODER_FILE, SCORES_FILE)
    return QuantReport({name: (model_dir / name).stat().st_size for name in names})


def share_output_columns(decoder: Path, scores: Path) -> bool:
    """Store the scores graph's int8 output columns once: they are the decoder's shortlist
    columns byte for byte (both :func:`edge_model.int8.symmetric_int8` of the tied embedding's
    transpose), so ``scores`` names the bytes inside ``decoder``'s file as its weight's ONNX
    external data (location, offset, length) and ONNX Runtime reads them from there at load
    (3.1 MB less in the model folder and the .vsix). Whether they were shared (not where the
    decoder has no shortlist, or the columns differ)."""
    columns = next((init.raw_data for init in onnx.load(str(decoder)).graph.initializer if init.name == SHORTLIST_COLUMNS), b"")
    model = onnx.load(str(scores))
    weight = next((init for init in model.graph.initializer if columns and init.raw_data == columns), None)
    if weight is None:
        return False
    data = decoder.read_bytes()
    offset = data.find(columns)
    if offset < 0 or data.find(columns, offset + 1) >= 0:
        raise ValueError(f"{decoder}: its shortlist columns are not stored once, as raw bytes")
    weight.ClearField("raw_data")
    weight.data_location = TensorProto.EXTERNAL
    for key, value in (("location", decoder.name), ("offset", str(offset)), ("length", str(len(columns)))):
        weight.external_data.add(key=key, value=value)
    onnx.save(model, str(scores))
    onnx.checker.check_model(str(scores))
    return True


# ---- measurements -----------------------------------------------------------------------


@dataclass(frozen=True)
class BlockVsStep:
    """The best two logits and the argmax of the same positions computed as one block and as
    single steps."""

    max_abs_diff: float
    argmax_agreement: float  # share of positions with the same argmax
    positions: int


def _session(path: Path, threads: int = 1):
    import onnxruntime as ort

    opts = session_options(threads)
    opts.add_session_config_entry(*FOLD_WEIGHTS_OPTION)
    return ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])


def _cross(encoder, src: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    mask = np.ones_like(src)
    ck, cv = encoder.run(None, {"input_ids": src, "attention_mask": mask})
    return ck, cv, mask


def block_vs_step(encoder_path: Path, decoder_path: Path, sequences: list[list[int]], block: int = 8) -> BlockVsStep:
    """For each (source = target) sequence: the two largest logits and the argmax (the
    decoder's shortlist) of block-wise decoding (cache of the earlier blocks, ``block`` tokens
    per call) vs one token per call."""
    encoder, decoder = _session(encoder_path), _session(decoder_path)
    diffs, agree, total = [0.0], 0, 0
    for seq in sequences:
        src = np.array([seq], dtype=np.int64)
        ck, cv, mask = _cross(encoder, src)
        tgt = np.array([[BOS_ID] + seq[:-1]], dtype=np.int64)
        runs = []
        for step in (1, block):
            layers, heads, head_dim = cv.shape[0], cv.shape[2], cv.shape[4]
            k = list(np.zeros((layers, 1, heads, head_dim, 0), np.float32))  # keys transposed (edge_model.model.decode_states)
            v = list(np.zeros((layers, 1, heads, 0, head_dim), np.float32))
            values, ids = [], []
            for start in range(0, tgt.shape[1], step):
                feed = decoder_feed(tgt[:, start : start + step], k, v, np.array([v[0].shape[2]], dtype=np.int64), ck, cv, mask)
                top, top_ids, *k = decoder.run(
                    ["top_values", "top_ids", *per_layer("present_key", layers), *per_layer("present_value", layers)], feed
                )
                k, v = k[:layers], k[layers:]
                values.append(top[0])
                ids.append(top_ids[0, :, 0])
            runs.append((np.concatenate(values), np.concatenate(ids)))
        diffs.append(float(np.abs(runs[0][0] - runs[1][0]).max()))
        agree += int((runs[0][1] == runs[1][1]).sum())
        total += len(runs[0][1])
    return BlockVsStep(max(diffs), agree / max(1, total), total)


def time_calls(
    encoder_path: Path, decoder_path: Path, src_len: int, past: int, vocab: int, repeats: int = 200, threads: int = 1
) -> dict[str, float]:
    """Median milliseconds of one encoder call (batch 1) and one decoder step (T=1, cache ``past``)."""
    encoder, decoder = _session(encoder_path, threads), _session(decoder_path, threads)
    rng = np.random.default_rng(0)
    src = rng.integers(4, vocab, (1, src_len)).astype(np.int64)
    ck, cv, mask = _cross(encoder, src)
    v = rng.standard_normal((cv.shape[0], 1, cv.shape[2], past, cv.shape[4])).astype(np.float32)
    keys = np.ascontiguousarray(v.transpose(0, 1, 2, 4, 3))  # keys transposed (edge_model.model.decode_states)
    feed = decoder_feed(src[:, :1], keys, v, np.array([past], dtype=np.int64), ck, cv, mask)

    def median_ms(fn) -> float:
        fn()
        times = []
        for _ in range(repeats):
            t = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t)
        return 1000 * float(np.median(times))

    return {
        "encoder_ms": median_ms(lambda: encoder.run(None, {"input_ids": src, "attention_mask": mask})),
        "decoder_step_ms": median_ms(lambda: decoder.run(None, feed)),
    }


def measure(model_dir: Path, sequences: list[list[int]], vocab: int, src_len: int = 30) -> str:
    lines = []
    for tag, enc, dec in (("fp32", ENCODER_FP32_FILE, DECODER_FP32_FILE), ("int8", ENCODER_FILE, DECODER_FILE)):
        bvs = block_vs_step(model_dir / enc, model_dir / dec, sequences)
        speed = time_calls(model_dir / enc, model_dir / dec, src_len, src_len // 2, vocab)
        lines.append(
            f"{tag}: block-vs-step max|diff| {bvs.max_abs_diff:.3g}, argmax agreement "
            f"{bvs.argmax_agreement:.4f} over {bvs.positions} positions; encoder (S={src_len}) "
            f"{speed['encoder_ms']:.3f} ms, decoder step (P={src_len // 2}) {speed['decoder_step_ms']:.3f} ms; "
            f"files {(model_dir / enc).stat().st_size / 1e6:.2f} + {(model_dir / dec).stat().st_size / 1e6:.2f} MB"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model_dir", type=Path)
    parser.add_argument("--keep-embedding", action="store_true", help="leave the token embedding in fp32")
    parser.add_argument("--measure", action="store_true", help="print block-vs-step diffs, speed and sizes")
    args = parser.parse_args(argv)
    try:
        report = quantize_model_dir(args.model_dir, QuantSettings(quantize_embedding=not args.keep_embedding))
    except FileNotFoundError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(report.summary())
    if args.measure:
        import json

        from tokenizers import Tokenizer

        tok = Tokenizer.from_file(str(args.model_dir / TOKENIZER_JSON))
        cfg = json.loads((args.model_dir / MODEL_JSON).read_text())
        texts = [
            "They is happy and I has a apple, said the man who lived in the old house by the river.",
            "This sentence are wrong but the rest of it is fine and quite long, with commas, too.",
            "Short one.",
            "Numbers 1, 2, 3 and émojis 😀 are here as well as ünïcode words.",
        ]
        sequences = [tok.encode(t).ids[: cfg["max_positions"] - 1] + [cfg["eos_id"]] for t in texts]
        print(measure(args.model_dir, sequences, cfg["vocab_size"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

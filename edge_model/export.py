"""Export a trained EdgeFormer to the ONNX model files the engine loads.

Writes ``encoder.fp32.onnx`` (``model.encode`` + ``model.cross_kv``), ``decoder.fp32.onnx``
(``model.decode_states``: a block of T tokens on a cache of P >= 0 tokens, with
``edge_model.shortlist``'s best two logits), ``scores.fp32.onnx`` (``model.logits`` of decoder
states and their summary), ``model.json``
(ModelConfig fields + ``format_version``) and ``tokenizer.json``, exactly per the contract
in ``edgegram.engine.core.contract`` (shapes in docs/architecture.md); ``--quantize`` adds the shipped int8 ``encoder.onnx`` /
``decoder.onnx`` / ``scores.onnx`` (see ``edge_model.quantize``). ``check_parity`` compares ONNX Runtime
with PyTorch on a few inputs, including an empty cache and a multi-token block.

    python -m edge_model.export --checkpoint runs/main/last.pt \
        --tokenizer checkpoints/tokenizer.json --out engine/model --quantize
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import warnings
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import onnx
import torch
from torch import Tensor, nn

from edge_model.model import EdgeFormer, ModelConfig
from edge_model.shortlist import append_shortlist
from edgegram.engine.core.contract import (
    DECODER_FP32_FILE,
    ENCODER_FP32_FILE,
    ENCODER_INPUTS,
    ENCODER_OUTPUTS,
    FORMAT_VERSION,
    MODEL_JSON,
    SCORES_FP32_FILE,
    SCORES_INPUTS,
    SCORES_OUTPUTS,
    TOKENIZER_JSON,
    decoder_feed,
    decoder_inputs,
    decoder_outputs,
    per_layer,
)
from edgegram.engine.finders.ort_sessions import session_options

OPSET = 17


class _EncoderGraph(nn.Module):
    def __init__(self, model: EdgeFormer) -> None:
        super().__init__()
        self.model = model

    def forward(self, input_ids: Tensor, attention_mask: Tensor) -> tuple[Tensor, Tensor]:
        return self.model.cross_kv(self.model.encode(input_ids, attention_mask))


def logit_scores(logits: Tensor) -> tuple[Tensor, Tensor, Tensor]:
    """What decoding needs from each row of logits [..., V], computed in the decoder graph so
    the engine never copies or scans [T,V] logits in Python: the two largest logits and their
    ids (argmax and near-tie check) and sum(exp(logit - max)) (the argmax's probability).
    The sum is 1 / the largest softmax probability: ONNX Runtime's Softmax makes one [T,V]
    tensor where exp(logits - max) then its sum made two, and is faster (a decoder call of 64
    positions: 4.0 MB of working memory instead of 5.9 MB; 32 rows of 4 tokens 10.3-10.5 ms
    instead of 11.2-11.5 ms, 2 cores, Xeon, 2026-11-26). (ReduceLogSumExp made none, but took
    12.8 ms: the command line's check of the techdocs chapters 6% slower.)"""
    top_values, top_ids = logits.topk(2, dim=-1)
    exp_sum = logits.softmax(dim=-1).amax(dim=-1).reciprocal()
    return top_values, top_ids, exp_sum


class _DecoderGraph(nn.Module):
    def __init__(self, model: EdgeFormer) -> None:
        super().__init__()
        self.model = model

    def forward(self, *inputs: Tensor):
        """``decoder_inputs(L)`` in order -> ``decoder_outputs(L)`` in order (the contract's
        names decide where each tensor goes)."""
        n = self.model.cfg.dec_layers
        named = dict(zip(decoder_inputs(n), inputs))

        def layers(name: str) -> list[Tensor]:
            return [named[key] for key in per_layer(name, n)]

        hidden, present_key, present_value = self.model.decode_states(
            named["input_ids"],
            layers("past_key"),
            layers("past_value"),
            layers("cross_key"),
            layers("cross_value"),
            named["src_mask"],
            named["past_lengths"],
        )
        out = {
            "hidden": hidden,
            **dict(zip(per_layer("present_key", n), present_key)),
            **dict(zip(per_layer("present_value", n), present_value)),
        }
        return tuple(out[name] for name in _torch_decoder_outputs(n))


def _torch_decoder_outputs(layers: int) -> list[str]:
    """The decoder outputs torch computes; ``edge_model.shortlist`` adds the rest to the graph."""
    return [name for name in decoder_outputs(layers) if name not in _SHORTLIST_OUTPUTS]


_SHORTLIST_OUTPUTS = ("top_values", "top_ids", "certified")


class _ScoresGraph(nn.Module):
    def __init__(self, model: EdgeFormer) -> None:
        super().__init__()
        self.model = model

    def forward(self, hidden: Tensor):
        """Decoder states [N,D] -> ``SCORES_OUTPUTS`` in order."""
        logits = self.model.logits(hidden)
        top_values, top_ids, exp_sum = logit_scores(logits)
        out = {"logits": logits, "top_values": top_values, "top_ids": top_ids, "exp_sum": exp_sum}
        return tuple(out[name] for name in SCORES_OUTPUTS)


def _example_inputs(cfg: ModelConfig, batch: int = 2, src_len: int = 5, past: int = 3, block: int = 4):
    """Random (encoder inputs, decoder inputs by name) with every dynamic axis > 1 and distinct."""
    gen = torch.Generator().manual_seed(0)
    src = torch.randint(4, cfg.vocab_size, (batch, src_len), generator=gen)
    mask = torch.ones(batch, src_len, dtype=torch.int64)
    mask[0, -1] = 0
    head = (cfg.dec_layers, batch, cfg.n_heads)
    dec = decoder_feed(
        torch.randint(4, cfg.vocab_size, (batch, block), generator=gen),
        torch.randn((*head, cfg.head_dim, past), generator=gen),  # keys are kept transposed (model.decode_states)
        torch.randn((*head, past, cfg.head_dim), generator=gen),
        torch.tensor([max(0, past - b) for b in range(batch)], dtype=torch.int64),
        torch.randn((*head, cfg.head_dim, src_len), generator=gen),
        torch.randn((*head, src_len, cfg.head_dim), generator=gen),
        mask,
    )
    return (src, mask), dec


def export_onnx(model: EdgeFormer, tokenizer_json: Path, out_dir: Path) -> None:
    """Write the fp32 graphs, model.json and tokenizer.json to ``out_dir``."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    model = model.float().eval()
    enc_inputs, dec_inputs = _example_inputs(model.cfg)
    layers = model.cfg.dec_layers
    # the encoder's keys [L,B,H,Dh,S], values [L,B,H,S,Dh]; the decoder's a layer each: keys
    # [B,H,Dh,P], values [B,H,P,Dh] (model.decode_states)
    key_axes, value_axes = {0: "batch", 3: "past"}, {0: "batch", 2: "past"}
    total_key_axes, total_value_axes = {0: "batch", 3: "total"}, {0: "batch", 2: "total"}
    cross_key_axes, cross_value_axes = {0: "batch", 3: "src_len"}, {0: "batch", 2: "src_len"}
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the TorchScript exporter is asked for on purpose
        torch.onnx.export(
            _EncoderGraph(model),
            enc_inputs,
            str(out_dir / ENCODER_FP32_FILE),
            input_names=ENCODER_INPUTS,
            output_names=ENCODER_OUTPUTS,
            opset_version=OPSET,
            dynamo=False,
            dynamic_axes={
                "input_ids": {0: "batch", 1: "src_len"},
                "attention_mask": {0: "batch", 1: "src_len"},
                "cross_key": {1: "batch", 4: "src_len"},
                "cross_value": {1: "batch", 3: "src_len"},
            },
        )
        torch.onnx.export(
            _ScoresGraph(model),
            (torch.randn(3, model.cfg.d_model),),
            str(out_dir / SCORES_FP32_FILE),
            input_names=SCORES_INPUTS,
            output_names=SCORES_OUTPUTS,
            opset_version=OPSET,
            dynamo=False,
            dynamic_axes=dict.fromkeys([*SCORES_INPUTS, *SCORES_OUTPUTS], {0: "rows"}),
        )
        torch.onnx.export(
            _DecoderGraph(model),
            tuple(dec_inputs[name] for name in decoder_inputs(layers)),
            str(out_dir / DECODER_FP32_FILE),
            input_names=decoder_inputs(layers),
            output_names=_torch_decoder_outputs(layers),
            opset_version=OPSET,
            dynamo=False,
            dynamic_axes={
                "input_ids": {0: "batch", 1: "block"},
                "past_lengths": {0: "batch"},
                "src_mask": {0: "batch", 1: "src_len"},
                "hidden": {0: "batch", 1: "block"},
                **dict.fromkeys(per_layer("past_key", layers), key_axes),
                **dict.fromkeys(per_layer("past_value", layers), value_axes),
                **dict.fromkeys(per_layer("cross_key", layers), cross_key_axes),
                **dict.fromkeys(per_layer("cross_value", layers), cross_value_axes),
                **dict.fromkeys(per_layer("present_key", layers), total_key_axes),
                **dict.fromkeys(per_layer("present_value", layers), total_value_axes),
            },
        )
    _add_shortlist(out_dir / DECODER_FP32_FILE, layers)
    meta = {**asdict(model.cfg), "format_version": FORMAT_VERSION}
    (out_dir / MODEL_JSON).write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")
    if Path(tokenizer_json).resolve() != (out_dir / TOKENIZER_JSON).resolve():
        shutil.copyfile(tokenizer_json, out_dir / TOKENIZER_JSON)


def _add_shortlist(path: Path, layers: int) -> None:
    """Give the exported decoder graph ``edge_model.shortlist``'s outputs, the outputs in the
    contract's order."""
    graph_model = onnx.load(str(path))
    graph = graph_model.graph
    table = next(node.input[0] for node in graph.node if node.op_type == "Gather" and node.input[1] == "input_ids")
    append_shortlist(graph_model, "hidden", table)
    outputs = {output.name: output for output in graph.output}
    ordered = [outputs[name] for name in decoder_outputs(layers)]
    del graph.output[:]
    graph.output.extend(ordered)
    onnx.save(graph_model, str(path))


@dataclass(frozen=True)
class Parity:
    """Largest |ORT - torch| differences over the parity cases."""

    encoder_max_abs: float
    decoder_max_abs: float  # logits, caches and top values (exp_sum: relative), with and without a cache
    cases: int

    def ok(self, tol: float = 1e-3) -> bool:
        return self.encoder_max_abs <= tol and self.decoder_max_abs <= tol


def check_parity(
    model: EdgeFormer,
    out_dir: Path,
    encoder: str = ENCODER_FP32_FILE,
    decoder: str = DECODER_FP32_FILE,
    scores: str = SCORES_FP32_FILE,
) -> Parity:
    """Run the ONNX graphs in ``out_dir`` and ``model`` on the same inputs: an empty cache
    (P=0) with T=1 and T=4, a cache with a block, batch 1 and 2, and a padded batch of rows
    with caches and blocks of different lengths against each row alone. The decoder's states
    and caches, the scores graph's logits, top values and exp_sum on them, and the shortlist's
    best two wherever it certified them, against torch's logits."""
    import onnxruntime as ort

    model = model.float().eval()
    opts = session_options(threads=1)
    enc = ort.InferenceSession(str(Path(out_dir) / encoder), opts, providers=["CPUExecutionProvider"])
    dec = ort.InferenceSession(str(Path(out_dir) / decoder), opts, providers=["CPUExecutionProvider"])
    sco = ort.InferenceSession(str(Path(out_dir) / scores), opts, providers=["CPUExecutionProvider"])
    enc_diff = dec_diff = 0.0
    cases = 0
    for batch, src_len, past, block in ((1, 7, 0, 1), (2, 5, 0, 4), (2, 6, 3, 3), (1, 3, 5, 1)):
        (src, mask), _ = _example_inputs(model.cfg, batch, src_len, past, block)
        with torch.no_grad():
            ck, cv = model.cross_kv(model.encode(src, mask))
        ort_ck, ort_cv = enc.run(None, {"input_ids": src.numpy(), "attention_mask": mask.numpy()})
        enc_diff = max(enc_diff, _max_abs(ort_ck, ck), _max_abs(ort_cv, cv))
        gen = torch.Generator().manual_seed(past * 31 + block)
        ids = torch.randint(4, model.cfg.vocab_size, (batch, block), generator=gen)
        pk, pv = model.empty_cache(batch)
        if past:
            with torch.no_grad():
                _, pk, pv = model.decode_states(
                    torch.randint(4, model.cfg.vocab_size, (batch, past), generator=gen), pk, pv, ck, cv, mask
                )
        with torch.no_grad():
            hidden, nk, nv = model.decode_states(ids, pk, pv, ck, cv, mask)
            logits = model.logits(hidden)
        feed = decoder_feed(
            ids.numpy(),
            [k.numpy() for k in pk],
            [v.numpy() for v in pv],
            np.full(batch, past, dtype=np.int64),
            ck.numpy(),
            cv.numpy(),
            mask.numpy(),
        )
        layers = model.cfg.dec_layers
        out = dict(zip(decoder_outputs(layers), dec.run(None, feed)))
        ort_k = np.stack([out[name] for name in per_layer("present_key", layers)])
        ort_v = np.stack([out[name] for name in per_layer("present_value", layers)])
        if ort_k.shape[4] != past + block or ort_v.shape[3] != past + block:
            raise AssertionError(f"present_key/value have {ort_k.shape[4]}/{ort_v.shape[3]} positions, expected {past + block}")
        rows = out["hidden"].reshape(-1, model.cfg.d_model)
        scored = dict(zip(SCORES_OUTPUTS, sco.run(None, {"hidden": rows})))
        top, top_ids, exp_sum = (x.reshape(batch * block, -1).squeeze(-1) for x in logit_scores(logits))
        if not np.array_equal(scored["top_ids"][:, 0], top_ids[:, 0].numpy()):
            raise AssertionError("the scores graph's top_ids[:, 0] is not the argmax of the logits")
        certified = out["certified"].reshape(-1)
        if not np.array_equal(out["top_ids"].reshape(-1, 2)[certified], top_ids.numpy()[certified]):
            raise AssertionError("a certified shortlist's best two are not the logits' best two")
        dec_diff = max(
            dec_diff,
            _max_abs(out["hidden"], hidden),
            _max_abs(ort_k, torch.stack(nk)),
            _max_abs(ort_v, torch.stack(nv)),
            _max_abs(scored["logits"], logits.reshape(batch * block, -1)),
            _max_abs(scored["top_values"], top),
            _max_abs(out["top_values"].reshape(-1, 2)[certified], top[torch.from_numpy(certified)]),
            float(np.abs(scored["exp_sum"] / exp_sum.numpy() - 1).max()),
        )
        cases += 1
    dec_diff = max(dec_diff, _ragged_parity(model, dec))
    return Parity(enc_diff, dec_diff, cases + 1)


def _ragged_parity(model: EdgeFormer, dec) -> float:
    """Largest |ORT - torch| difference of the states of a padded batch whose rows have caches
    of 4, 1 and 0 real entries and blocks of 3, 2 and 3 real tokens (padding after them),
    against each row decoded alone by torch, unpadded."""
    cfg = model.cfg
    gen = torch.Generator().manual_seed(7)
    lengths, blocks, src_len = (4, 1, 0), (3, 2, 3), 6
    src = torch.randint(4, cfg.vocab_size, (len(lengths), src_len), generator=gen)
    mask = torch.ones_like(src)
    mask[1, -2:] = 0
    with torch.no_grad():
        ck, cv = model.cross_kv(model.encode(src, mask))
    p, t = max(lengths), max(blocks)
    head = (cfg.dec_layers, len(lengths), cfg.n_heads)
    pk, pv = torch.zeros((*head, cfg.head_dim, p)), torch.zeros((*head, p, cfg.head_dim))
    ids = torch.zeros(len(lengths), t, dtype=torch.int64)
    alone = []
    for row, (length, block) in enumerate(zip(lengths, blocks)):
        prefix = torch.randint(4, cfg.vocab_size, (1, length), generator=gen)
        ids[row, :block] = torch.randint(4, cfg.vocab_size, (block,), generator=gen)
        k0, v0 = model.empty_cache(1)
        one = (ck[:, row : row + 1], cv[:, row : row + 1], mask[row : row + 1])
        with torch.no_grad():
            if length:
                _, k0, v0 = model.decode_states(prefix, k0, v0, *one)
            pk[:, row, :, :, :length], pv[:, row, :, :length] = torch.stack(list(k0))[:, 0], torch.stack(list(v0))[:, 0]
            alone.append(model.decode_states(ids[row : row + 1, :block], k0, v0, *one)[0][0])
    feed = decoder_feed(
        ids.numpy(), pk.numpy(), pv.numpy(), np.array(lengths, dtype=np.int64), ck.numpy(), cv.numpy(), mask.numpy()
    )
    (hidden,) = dec.run(["hidden"], feed)
    return max(_max_abs(hidden[row, :block], alone[row]) for row, block in enumerate(blocks))


def _max_abs(a: np.ndarray, b: Tensor) -> float:
    if a.shape != tuple(b.shape):
        raise AssertionError(f"shape mismatch: ONNX {a.shape} vs torch {tuple(b.shape)}")
    return float(np.abs(a - b.numpy()).max()) if a.size else 0.0


def load_checkpoint(path: Path) -> EdgeFormer:
    """An EdgeFormer (fp32, eval mode) from a trainer checkpoint ``{"config", "model", ...}``."""
    data = torch.load(path, map_location="cpu", weights_only=False)
    if not isinstance(data, dict) or "config" not in data or "model" not in data:
        raise ValueError(f"{path}: not an edgegram checkpoint (expected a dict with 'config' and 'model')")
    return EdgeFormer.from_checkpoint(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkpoint", type=Path, required=True)
    parser.add_argument("--tokenizer", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--quantize", action="store_true", help="also write int8 encoder.onnx/decoder.onnx")
    args = parser.parse_args(argv)
    for path in (args.checkpoint, args.tokenizer):
        if not path.is_file():
            print(f"error: {path} does not exist", file=sys.stderr)
            return 2
    torch.set_num_threads(1)
    try:
        model = load_checkpoint(args.checkpoint)
    except (ValueError, RuntimeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    export_onnx(model, args.tokenizer, args.out)
    parity = check_parity(model, args.out)
    print(
        f"fp32 parity: encoder max|diff| {parity.encoder_max_abs:.2e}, "
        f"decoder max|diff| {parity.decoder_max_abs:.2e} over {parity.cases} cases"
    )
    if not parity.ok():
        print("error: ONNX output differs from PyTorch", file=sys.stderr)
        return 1
    if args.quantize:
        from edge_model.quantize import quantize_model_dir

        report = quantize_model_dir(args.out)
        print(report.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Shared fixtures.

``tiny_model_dir``: a real, complete model directory (int8 ``encoder.onnx``/``decoder.onnx``,
their ``*.fp32.onnx`` originals, ``model.json``, ``tokenizer.json``) for a tiny EdgeFormer
(d_model 48, 2 encoder + 1 decoder layers, ~400-token byte-level BPE), trained for a few
seconds on ``tests/fixtures/tiny_pairs.tsv``: it copies most of its input and fixes some
of the errors it saw, so IAD accepts long drafts and the checker finds edits. Built once per
test session in a pytest tmp dir (nothing written into the repository). Tests that use it
are skipped with a clear reason when torch (training/export extra) is not installed.

``tiny_fp32_dir``: the same model with the fp32 graphs as ``encoder.onnx``/``decoder.onnx``.
``tiny_torch_model``: the trained PyTorch module itself (for parity tests).
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures"
TRAIN_STEPS = 400
SEED = 7


def tiny_pairs() -> list[tuple[str, str]]:
    lines = (FIXTURES / "tiny_pairs.tsv").read_text(encoding="utf-8").splitlines()
    return [tuple(line.split("\t")) for line in lines if "\t" in line]


def _training_examples(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The correction pairs, copies of every correct sentence, and copies of shuffled word
    salads (so the model learns to copy what it was not shown)."""
    rng = random.Random(SEED)
    words = sorted({w for _, tgt in pairs for w in tgt.split()})
    salads = [" ".join(rng.sample(words, rng.randint(3, 12))) for _ in range(200)]
    return pairs + [(t, t) for _, t in pairs] + [(s, s) for s in salads]


def build_tiny_model(out_dir: Path):
    """Train, export and quantise the tiny model into ``out_dir``; returns the torch model."""
    import torch
    import torch.nn.functional as F

    from edge_model.export import check_parity, export_onnx
    from edge_model.model import EdgeFormer, ModelConfig
    from edge_model.quantize import quantize_model_dir
    from edge_model.tokenizer import train_tokenizer

    pairs = tiny_pairs()
    examples = _training_examples(pairs)
    tok_path = out_dir / "tokenizer.src.json"
    tokenizer = train_tokenizer([s for pair in examples for s in pair], 400, tok_path)
    cfg = ModelConfig(
        vocab_size=tokenizer.get_vocab_size(),
        d_model=48,
        n_heads=2,
        ffn_dim=96,
        enc_layers=2,
        enc_unique_layers=2,
        dec_layers=1,
        max_positions=128,
        dropout=0.0,
    )
    torch.manual_seed(SEED)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    model = EdgeFormer(cfg)
    encoded = [(tokenizer.encode(s).ids + [cfg.eos_id], tokenizer.encode(t).ids + [cfg.eos_id]) for s, t in examples]
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
    rng = random.Random(SEED)
    model.train()
    for _ in range(TRAIN_STEPS):
        batch = rng.sample(encoded, 32)
        s_len, t_len = max(len(s) for s, _ in batch), max(len(t) for _, t in batch)
        src = torch.zeros(len(batch), s_len, dtype=torch.long)
        tgt = torch.zeros(len(batch), t_len + 1, dtype=torch.long)
        for row, (s, t) in enumerate(batch):
            src[row, : len(s)] = torch.tensor(s)
            tgt[row, : len(t) + 1] = torch.tensor([cfg.bos_id] + t)
        logits = model(src, (src != cfg.pad_id).long(), tgt[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, cfg.vocab_size), tgt[:, 1:].reshape(-1), ignore_index=cfg.pad_id)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    model.eval()
    torch.set_num_threads(threads)
    export_onnx(model, tok_path, out_dir)
    parity = check_parity(model, out_dir)
    assert parity.ok(), f"tiny model export parity failed: {parity}"
    quantize_model_dir(out_dir)
    tok_path.unlink()
    return model


@pytest.fixture(scope="session")
def _tiny_build(tmp_path_factory):
    pytest.importorskip("torch", reason="torch (the 'train' extra) is needed to build the tiny test model")
    pytest.importorskip("onnx", reason="onnx (the 'train' extra) is needed to build the tiny test model")
    out_dir = tmp_path_factory.mktemp("tiny-model")
    model = build_tiny_model(out_dir)
    return out_dir, model


@pytest.fixture(scope="session")
def tiny_model_dir(_tiny_build) -> Path:
    """Directory of the tiny int8 model (see the module docstring)."""
    return _tiny_build[0]


@pytest.fixture(scope="session")
def tiny_torch_model(_tiny_build):
    """The trained tiny ``EdgeFormer`` (eval mode) whose export is ``tiny_model_dir``."""
    return _tiny_build[1]


@pytest.fixture(scope="session")
def tiny_fp32_dir(tiny_model_dir, tmp_path_factory) -> Path:
    """The tiny model with its fp32 graphs in place of the int8 ones."""
    out_dir = tmp_path_factory.mktemp("tiny-model-fp32")
    for name in ("model.json", "tokenizer.json"):
        shutil.copyfile(tiny_model_dir / name, out_dir / name)
    for part in ("encoder", "decoder", "scores"):
        shutil.copyfile(tiny_model_dir / f"{part}.fp32.onnx", out_dir / f"{part}.onnx")
    return out_dir

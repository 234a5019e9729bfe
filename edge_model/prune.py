"""Make a shallower encoder by dropping layers from a trained one (layer dropping):

    python -m edge_model.prune --checkpoint checkpoints/resume.pt --drop 2 \\
        --dev-pairs dev_pairs.tsv --out runs/prune/init.pt

The encoder is most of the model's arithmetic per token (docs/speed-notes.md), so each layer
dropped takes an eighth of it off every check. A layer's residual branch adds a correction to
its input, so the layers before and after a dropped one still fit together; which layers
matter least is measured, not guessed: with ``--drop N`` every way of dropping N encoder
layers is scored by its dev loss (token cross-entropy on ``--dev-pairs``, never trained on)
and the best is written; ``--keep 0,1,2,...`` writes a chosen set instead. The result is an
``--init`` checkpoint for ``edge_model.train`` (fine-tune it before export: dropping a layer
costs loss that training wins back, Sajjad et al. 2023, "On the effect of dropping layers of
pre-trained transformer models").
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import torch
from tokenizers import Tokenizer

from edge_model.batches import STAGES, Batch, BatchStream
from edge_model.model import EdgeFormer
from edge_model.train import atomic_save, mean_token_loss, read_dev_pairs

_PREFIX = "enc_layers."


def keep_encoder_layers(checkpoint: dict, keep: list[int]) -> dict:
    """``checkpoint`` with only the encoder layers ``keep`` (in that order), renumbered."""
    cfg = checkpoint["config"]
    if cfg["enc_unique_layers"] != cfg["enc_layers"]:
        raise ValueError("the encoder shares layers (enc_unique_layers < enc_layers): nothing to drop one by one")
    if not keep or sorted(set(keep)) != keep or keep[-1] >= cfg["enc_layers"] or keep[0] < 0:
        raise ValueError(f"keep must be increasing layer numbers below {cfg['enc_layers']}, got {keep}")
    weights = {}
    for name, tensor in checkpoint["model"].items():
        if not name.startswith(_PREFIX):
            weights[name] = tensor
            continue
        layer, rest = name[len(_PREFIX) :].split(".", 1)
        if int(layer) in keep:
            weights[f"{_PREFIX}{keep.index(int(layer))}.{rest}"] = tensor
    config = {**cfg, "enc_layers": len(keep), "enc_unique_layers": len(keep)}
    return {**checkpoint, "config": config, "model": weights}


def dev_batches(tokenizer: Tokenizer, pairs: list[tuple[str, str]], config: dict) -> list[Batch]:
    """The dev pairs batched the way ``edge_model.train`` batches them for its dev loss."""
    stream = BatchStream(
        clean=[],
        real=[],
        corrupt=lambda text, rng: text,
        tokenizer=tokenizer,
        seed=0,
        stage=STAGES["finetune"],
        batch_tokens=12000,
        max_len=config["max_positions"],
        pad_id=config["pad_id"],
        bos_id=config["bos_id"],
        eos_id=config["eos_id"],
    )
    return stream.collate_pairs(pairs)


def loss_of(checkpoint: dict, batches: list[Batch]) -> float:
    """Dev loss of the model in ``checkpoint`` (fp32 on the CPU)."""
    return mean_token_loss(EdgeFormer.from_checkpoint(checkpoint), batches, torch.device("cpu"), bf16=False)


def best_drop(checkpoint: dict, drop: int, batches: list[Batch]) -> tuple[list[int], list[tuple[float, list[int]]]]:
    """The encoder layers to keep when ``drop`` go, by dev loss; and every candidate's loss."""
    layers = checkpoint["config"]["enc_layers"]
    if not 0 < drop < layers:
        raise ValueError(f"can drop 1 to {layers - 1} of {layers} encoder layers, not {drop}")
    scored = []
    for gone in itertools.combinations(range(layers), drop):
        keep = [i for i in range(layers) if i not in gone]
        scored.append((loss_of(keep_encoder_layers(checkpoint, keep), batches), keep))
        print(f"drop {list(gone)}: dev loss {scored[-1][0]:.4f}", file=sys.stderr, flush=True)
    scored.sort()
    return scored[0][1], scored


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--checkpoint", type=Path, required=True)
    p.add_argument("--out", type=Path, required=True)
    choice = p.add_mutually_exclusive_group(required=True)
    choice.add_argument("--keep", help="encoder layers to keep, e.g. 0,1,2,3,5,7")
    choice.add_argument("--drop", type=int, help="drop this many layers, the set with the lowest dev loss")
    p.add_argument("--dev-pairs", type=Path, help="TSV source<TAB>target (with --drop)")
    p.add_argument("--dev-limit", type=int, default=1000, help="dev pairs scored per candidate")
    p.add_argument("--tokenizer", type=Path, default=Path("engine/model/tokenizer.json"))
    a = p.parse_args(argv)
    try:
        checkpoint = torch.load(a.checkpoint, map_location="cpu", weights_only=False)
        if a.keep is not None:
            keep = [int(x) for x in a.keep.split(",")]
        else:
            if a.dev_pairs is None:
                p.error("--drop needs --dev-pairs")
            tokenizer = Tokenizer.from_file(str(a.tokenizer))
            batches = dev_batches(tokenizer, read_dev_pairs(a.dev_pairs, a.dev_limit), checkpoint["config"])
            print(f"dev loss with every layer: {loss_of(checkpoint, batches):.4f}", file=sys.stderr)
            keep, _ = best_drop(checkpoint, a.drop, batches)
        pruned = keep_encoder_layers(checkpoint, keep)
    except (OSError, ValueError, KeyError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    atomic_save(pruned, a.out)  # no half-written checkpoint if interrupted
    print(f"{a.out}: encoder layers {keep} of {a.checkpoint}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

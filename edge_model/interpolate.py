"""Blend two checkpoints of the same model weight by weight (WiSE-FT, Wortsman et al. 2022):

    python -m edge_model.interpolate --base checkpoints/resume.pt --tuned runs/x/resume.pt \\
        --weight 0.5 --out runs/x/blend.pt

``weight`` is the share of the tuned model (0: the base, 1: the tuned one). A fine-tune that
teaches one behaviour (restraint on fluent text) often loses another (recall on learner
text); points between the two models trade them more smoothly than stopping early. The
result is a resume checkpoint (fp16 weights, the tuned run's bookkeeping) that
``edge_model.export`` reads.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import torch

from edge_model.train import atomic_save


def interpolate(base: dict, tuned: dict, weight: float) -> dict:
    """``tuned`` with each weight replaced by ``(1 - weight) * base + weight * tuned``."""
    if not 0.0 <= weight <= 1.0:
        raise ValueError(f"weight must be in [0, 1], got {weight}")
    if base["config"] != tuned["config"] or base["model"].keys() != tuned["model"].keys():
        raise ValueError("the checkpoints are of different models")
    blended = {}
    for name, tuned_tensor in tuned["model"].items():
        base_tensor = base["model"][name]
        if not torch.is_floating_point(tuned_tensor):
            blended[name] = tuned_tensor
            continue
        mixed = (1 - weight) * base_tensor.float() + weight * tuned_tensor.float()
        blended[name] = mixed.to(tuned_tensor.dtype)
    return {**tuned, "model": blended}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--base", type=Path, required=True)
    p.add_argument("--tuned", type=Path, required=True)
    p.add_argument("--weight", type=float, required=True, help="share of the tuned model, 0..1")
    p.add_argument("--out", type=Path, required=True)
    a = p.parse_args(argv)
    try:
        base = torch.load(a.base, map_location="cpu", weights_only=False)
        tuned = torch.load(a.tuned, map_location="cpu", weights_only=False)
        blended = interpolate(base, tuned, a.weight)
    except (OSError, ValueError, KeyError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    atomic_save(blended, a.out)  # no half-written checkpoint if interrupted
    print(f"{a.out}: {a.weight:g} of {a.tuned} + {1 - a.weight:g} of {a.base}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

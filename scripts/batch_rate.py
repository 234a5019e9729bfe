"""How fast one data worker builds training batches, against the rate a GPU trains at:
``python scripts/batch_rate.py [--chunks N] [--workers W] -- TRAIN_OPTIONS...``.

TRAIN_OPTIONS are ``python -m edge_model.train``'s (the corpus, the mix, ``--batch-tokens``,
``--max-len``, ...), so the batches are the ones that run would train on. Builds ``--chunks``
chunks in this one process, as one worker of ``--workers`` would (one thread), and prints each
chunk's time split into drawing and corrupting the pairs and tokenising and padding them, then
the tokens per second of one worker and of ``--workers``. If that is well above the tokens per
second a GPU run logs, the GPU's waits are the trainer's, not the data's.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # edge_model is not installed

from edge_model.train import make_trainer, parse_args  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chunks", type=int, default=3, help="chunks to build (default 3)")
    parser.add_argument(
        "--workers", type=int, default=13, help="data workers of the GPU run compared (default 13, scripts/gpu_train.sh's)"
    )
    parser.add_argument("--first", type=int, default=0, help="the first chunk's number")
    parser.add_argument("train_options", nargs=argparse.REMAINDER, help="after --: python -m edge_model.train's options")
    args = parser.parse_args(argv)
    options = [o for o in args.train_options if o != "--"]
    torch.set_num_threads(1)  # as a worker (edge_model.batches._worker_init)
    with tempfile.TemporaryDirectory() as run:
        cfg = parse_args(["--run", run, *options])
        stream = make_trainer(cfg, torch.device("cpu")).stream
        total_tokens, total_seconds = 0, 0.0
        for chunk in range(args.first, args.first + args.chunks):
            started = time.perf_counter()
            pairs = stream.pairs(chunk)
            drawn = time.perf_counter()
            batches = stream.collate_pairs(pairs)
            done = time.perf_counter()
            tokens = sum(b.tokens for b in batches)
            padded = sum(b.src.numel() + b.tgt_in.numel() for b in batches)
            total_tokens, total_seconds = total_tokens + tokens, total_seconds + done - started
            print(
                f"chunk {chunk}: {len(pairs)} pairs, {len(batches)} batches, {tokens:,} tokens ({padded:,} padded); "
                f"pairs drawn and corrupted {drawn - started:.2f} s, tokenised and padded {done - drawn:.2f} s"
            )
    rate = total_tokens / max(total_seconds, 1e-9)
    print(f"one worker: {rate:,.0f} tokens/s; {args.workers} workers: {args.workers * rate:,.0f} tokens/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Batched decoding is lossless on the dev sets (issue 27):
``python scripts/batch_equivalence.py [--sets S,...] [--limit N] [--batch 32] [--greedy]``.

Takes every sentence the checker would give the model for each dev set (the Checker's own
segmentation and model views: ``Checker.model_texts``; the techdocs chapters' prose masked as
``edgegram check`` masks Markdown), decodes each one alone with greedy search (the reference:
one encoder call and one decoder call per output token; the checker's copy penalty in both), then all of them as the checker does
(``edgegram.bench.run_batched``: batches of ``--batch`` sentences of similar lengths, encoded
together, decoded with ``decoding.iad_batch``; ``--greedy`` adds ``greedy_batch``), and counts
the sentences whose output tokens differ from the reference. Prints the counts and times per
set; exit status 1 if any differ, 2 without ``../shared``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # edge_model (the evaluation's set loaders) is not installed

from edge_model.evaluate import KNOWN_SETS, load_set  # noqa: E402
from edgegram.bench import run_batched  # noqa: E402
from edgegram.engine import Checker, CheckerConfig  # noqa: E402
from edgegram.engine.core.contract import max_output_length  # noqa: E402
from edgegram.engine.core.errors import DataError  # noqa: E402
from edgegram.engine.core.shared_data import shared_root  # noqa: E402
from edgegram.engine.finders.decoding import greedy  # noqa: E402

TECHDOCS = "data/dev/techdocs/rust-book"
SETS = (*KNOWN_SETS, "techdocs")


def dev_texts(shared: Path, name: str, limit: int | None) -> list[str]:
    """The documents of a dev set as the checker gets them: one sentence each, or a chapter's
    masked prose."""
    if name == "techdocs":
        from edgegram.engine.prose import language_of, mask

        chapters = sorted((shared / TECHDOCS).glob("*.md"))
        return [mask(path.read_text(encoding="utf-8"), language_of(None, path.resolve().as_uri())).text for path in chapters]
    return [sentence.source for sentence in load_set(shared / "data", name, limit)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(SETS), help=f"comma-separated, of {', '.join(SETS)} (default: all)")
    parser.add_argument("--limit", type=int, metavar="N", help="model inputs of each set (default: all)")
    parser.add_argument("--batch", type=int, default=CheckerConfig.batch_size, metavar="N", help="sentences per batch")
    parser.add_argument("--greedy", action="store_true", help="also check batched greedy search")
    parser.add_argument("--threads", type=int, default=None, metavar="N", help="intra-op threads (default: physical cores)")
    parser.add_argument("--shared", type=Path, default=None, help="the shared data folder (default ../shared)")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.sets.split(",") if n.strip()]
    unknown = [n for n in names if n not in SETS]
    if unknown or args.batch < 1:
        parser.error(f"unknown set(s) {', '.join(unknown)}" if unknown else "--batch must be at least 1")
    try:
        shared = shared_root(args.shared)
    except DataError as error:
        print(f"batch_equivalence: {error}", file=sys.stderr)
        return 2
    checker = Checker(CheckerConfig(threads=args.threads))
    model = checker.model
    differing = 0
    for name in names:
        texts = list(dict.fromkeys(t for doc in dev_texts(shared, name, args.limit) for t in checker.model_texts(doc)))
        texts = texts[: args.limit] if args.limit is not None else texts
        sources = [model.tokenize(text) for text in texts]
        started = time.perf_counter()
        reference = []
        for index, src in enumerate(sources, 1):
            state = model.encode([src])[0]
            reference.append(list(greedy(model, state, src, max_output_length(len(src)), checker.config.copy_penalty).tokens))
            if index % 200 == 0:
                print(f"\r{name}: greedy alone {index}/{len(sources)}", end="", file=sys.stderr, flush=True)
        alone = time.perf_counter() - started
        print(file=sys.stderr)
        runs = [
            run_batched(model, decoder, sources, args.batch, reference, checker.config.copy_penalty)
            for decoder in (["iad", "greedy"] if args.greedy else ["iad"])
        ]
        for run in runs:
            differing += run.mismatches
            summary = run.summary()
            print(
                f"{name}: {len(sources)} model inputs; batched {run.decoder} differs from greedy alone on "
                f"{run.mismatches}; greedy alone {alone:.1f} s, batched {run.decoder} {summary['seconds']:.1f} s "
                f"({summary['decoder_calls']} decoder calls)",
                flush=True,
            )
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())

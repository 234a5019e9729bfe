"""Choose the document prior and the default min confidence by measurement (issue 15):

    python scripts/prior_sweep.py [--model DIR] [--windows 20 40] [--dense 0.1 0.11] \\
        [--fluent-priors 0 10] [--penalties 0.45] [--short-penalties 0.35] [--thresholds 0.25] \\
        [--mechanics-only on off] \\
        [--doc-sentences 0 10 20] [--json OUT]

Decodes each dev set once with the prior off (the model's own confidences), as one document
in file order like ``python -m edge_model.evaluate``, then for every combination applies
:func:`edgegram.engine.judge.confidence.calibrate` with that :class:`DocumentPrior` over the set's
sentences (with ``--doc-sentences N``, over consecutive documents of N sentences, as
``evaluate --doc-sentences N``; 0 is the whole set), keeps the edits at or above the threshold and scores the outputs with ERRANT
(with the evaluation's own ``errant_score``; outputs seen before are not re-annotated). Prints, per
combination, F0.5 on BEA-19 and CoNLL-2013 dev and precision with the false-alarm rate on
CWEB-G/S dev. The engine calibrates over its own sentences (a dev line may hold two), so
confirm the choice with ``python -m edge_model.evaluate``. Needs ../shared and the eval
extra; about 4 minutes to decode on 2 cores, then seconds per combination.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from edge_model.evaluate import (  # noqa: E402
    ErrantScorer,
    EvalUnavailable,
    Sentence,
    check_as_document,
    errant_score,
    load_set,
)
from edgegram.engine import Checker, CheckerConfig  # noqa: E402
from edgegram.engine.core.edits import apply_edits  # noqa: E402
from edgegram.engine.core.errors import DataError  # noqa: E402
from edgegram.engine.core.shared_data import shared_root  # noqa: E402
from edgegram.engine.core.types import DocumentPrior, Edit  # noqa: E402
from edgegram.engine.judge.confidence import calibrate  # noqa: E402

SETS = ("bea19", "conll2013", "cweb-g", "cweb-s")


def figures(
    sentences: list[Sentence],
    raw: list[list[Edit]],
    prior: DocumentPrior,
    threshold: float,
    doc_sentences: int,
    scorer: ErrantScorer,
    blocks: dict[tuple, str],
) -> dict:
    size = doc_sentences or max(1, len(raw))
    calibrated = [edits for first in range(0, len(raw), size) for edits in calibrate(raw[first : first + size], prior)]
    kept = [[e for e in edits if e.confidence >= threshold] for edits in calibrated]
    outputs = [apply_edits(s.source, edits) for s, edits in zip(sentences, kept)]
    score = errant_score(sentences, outputs, scorer, blocks)
    noop = [s.gold_noop for s in sentences]
    false_alarms = sum(1 for n, edits in zip(noop, kept) if n and edits)
    return {
        "precision": score.precision,
        "recall": score.recall,
        "f05": score.f05,
        "false_alarms": round(100 * false_alarms / max(1, sum(noop)), 2),
        "suggestions": sum(len(edits) for edits in kept),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=Path, default=None, help="model folder (default: the shipped one)")
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--windows", type=int, nargs="+", default=[40])
    parser.add_argument("--confident", type=float, nargs="+", default=[0.5])
    parser.add_argument("--dense", type=float, nargs="+", default=[0.11], help="shares of the neighbours")
    parser.add_argument("--fluent-priors", type=int, nargs="+", default=[10], help="imagined fluent neighbours")
    parser.add_argument("--penalties", type=float, nargs="+", default=[0.45])
    parser.add_argument("--short-penalties", type=float, nargs="+", default=[0.35], help="in documents too short to judge")
    parser.add_argument("--mechanics-only", choices=["on", "off"], nargs="+", default=["on"])
    parser.add_argument("--thresholds", type=float, nargs="+", default=[0.25])
    parser.add_argument("--doc-sentences", type=int, nargs="+", default=[0], help="document sizes (0: the whole set)")
    parser.add_argument("--json", type=Path, default=None, help="write every combination's figures here")
    args = parser.parse_args()
    try:
        root = shared_root(None) / "data"
        scorer = ErrantScorer()
        blocks: dict[tuple, str] = {}  # annotated outputs, shared by every combination
        checker = Checker(
            CheckerConfig(model_dir=args.model, min_confidence=0.0, cache_size=200_000, prior=DocumentPrior.off(), judge=False)
        )
        data = {}
        for name in args.sets.split(","):
            sentences = load_set(root, name, None)
            data[name] = (sentences, check_as_document(checker, [s.source for s in sentences], name))
    except (EvalUnavailable, DataError, OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rows = []
    grid = itertools.product(
        args.windows, args.confident, args.dense, args.fluent_priors, args.penalties, args.short_penalties, args.mechanics_only
    )
    for (window, confident, dense, fluent, penalty, short, mechanics), threshold, size in itertools.product(
        grid, args.thresholds, args.doc_sentences
    ):
        prior = DocumentPrior(
            window=window,
            confident=confident,
            dense=dense,
            fluent_prior=fluent,
            penalty=penalty,
            short_penalty=short,
            mechanics_only=mechanics == "on",
        )
        result = {name: figures(*data[name], prior, threshold, size, scorer, blocks) for name in data}
        rows.append({"prior": asdict(prior), "threshold": threshold, "doc_sentences": size, "sets": result})
        cells = [
            f"{name} P {r['precision']:5.2f} FA {r['false_alarms']:4.2f}%"
            if name.startswith("cweb")
            else f"{name} F0.5 {r['f05']:5.2f}"
            for name, r in result.items()
        ]
        setting = (
            f"window {window} confident {confident:g} dense {dense:g} fluent {fluent} penalty {penalty:g} short {short:g} "
            f"mechanics-only {mechanics} min {threshold:g} documents of {size or 'all'}"
        )
        print(f"{setting}: " + "  ".join(cells), flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

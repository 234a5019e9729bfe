"""Train the engine's second opinion, the edit judge (:mod:`edgegram.engine.judge.edit_judge`).

    python -m edge_model.edit_judge collect --out runs/judge/candidates.jsonl
    python -m edge_model.edit_judge train --candidates runs/judge/candidates.jsonl \
        --folds-dir runs/judge/folds [--ship]

``collect`` checks the dev sets (BEA-19, CoNLL-2013, CWEB-G, CWEB-S) with the shipped model,
each set as one document and each sentence as its own document, with the judge and the
document prior off, and writes every candidate model edit the engine could show with its
:data:`~edgegram.engine.judge.edit_judge.FEATURES` and a label: whether the edit, applied alone,
matches a gold edit (ERRANT). The model never trained on these sets, so its confidence there
is what it is on a writer's text; FCE dev is left out, as a set nothing was tuned on.

``train`` fits LightGBM with k-fold cross-fitting (folds of consecutive sentences,
:mod:`edge_model.cross_fit`), each judge the mean of :data:`SEEDS` boosters that differ only in
their random seed. It prints out-of-fold figures only, writes each fold's model (trained
without that fold) to ``--folds-dir`` for ``python -m edge_model.evaluate --judge-folds``,
and, with ``--ship``, the model trained on every fold to ``engine/model/edit_judge.onnx``.
Needs the ``train`` and ``eval`` extras (lightgbm, onnxmltools, errant).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from edge_model.cross_fit import FOLD_BLOCK, FOLDS, fold_of
from edgegram.engine.core.contract import default_model_dir
from edgegram.engine.judge.edit_judge import CONTEXT_METADATA, CONTEXT_WORDS, FEATURES, JUDGE_FILE, features

TRAIN_SETS = ("bea19", "conll2013", "cweb-g", "cweb-s")
REGIMES = {"document": None, "sentence": 1}  # the whole set as one document; each sentence alone
PARAMS: dict[str, Any] = {
    "objective": "binary",
    "learning_rate": 0.05,
    "num_leaves": 15,
    "min_child_samples": 40,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "verbose": -1,
    "seed": 1,
    "num_threads": 2,
}
ROUNDS = 300
# Boosters averaged into one judge, each with its own seed. Bagging (bagging_fraction,
# feature_fraction) makes a single booster's choices near the engine's threshold depend on its
# seed: refitted on the same candidates with seed 2 instead of 1, the out-of-fold CoNLL-2013 F0.5
# moved by 0.7, as much as a model change is judged by. Their mean varies a fraction as much.
SEEDS = 5
# The judge may only like an edit more as the decoder is surer of it.
MONOTONE = {"confidence": 1, "margin": 1}


class _Recorder:
    """Stands in for the judge: keeps every model edit's features and hands the edit back with
    its row number in ``margin`` (negative), so the checker's output can be matched to it."""

    def __init__(self) -> None:
        self.rows: list[list[float]] = []

    def judge(self, sentences, texts, lexicon, slips):
        marked = []
        for edits, rows in zip(sentences, features(sentences, texts, lexicon, slips)):
            sentence = []
            for edit, row in zip(edits, rows):
                self.rows.append(row)
                sentence.append(replace(edit, confidence=1.0, margin=-float(len(self.rows))))
            marked.append(sentence)
        return marked


def collect(out: Path, shared: Path | None, limit: int | None, copy_penalty: float | None = None) -> int:
    from edge_model.evaluate import ErrantScorer, check_as_document, load_set, retokenise_output
    from edgegram.engine import Checker, CheckerConfig
    from edgegram.engine.core.edits import apply_edits
    from edgegram.engine.core.shared_data import shared_root
    from edgegram.engine.core.types import DocumentPrior

    root = shared_root(shared) / "data"
    config = CheckerConfig(min_confidence=0.0, cache_size=100_000, prior=DocumentPrior.off(), judge=False)
    if copy_penalty is not None:
        config = replace(config, copy_penalty=copy_penalty)
    checker = Checker(config)
    scorer = ErrantScorer()
    labels: dict[tuple, bool] = {}
    written = 0
    with out.open("w", encoding="utf-8") as f:
        for set_name in TRAIN_SETS:
            sentences = load_set(root, set_name, limit)
            for regime, size in REGIMES.items():
                recorder = _Recorder()
                checker.judge = recorder  # type: ignore[assignment]
                found = check_as_document(checker, [s.source for s in sentences], f"{set_name}/{regime}", size)
                for index, (sentence, edits) in enumerate(zip(sentences, found)):
                    tokens = sentence.tokens
                    for edit in edits:
                        if edit.margin >= 0:
                            continue  # a rule or spelling edit: the judge does not see it
                        row = recorder.rows[int(-edit.margin) - 1]
                        key = (set_name, index, edit.start, edit.end, edit.replacement)
                        if key not in labels:
                            hyp = apply_edits(sentence.source, [edit])
                            block = scorer.hyp_block(tokens, retokenise_output(tokens, sentence.source, hyp, scorer.tokenise))
                            if sentence.m2 is None:
                                raise ValueError(f"{set_name} sentence {index} has no gold M2 block")
                            labels[key] = scorer.score([block], [sentence.m2]).tp > 0
                        record = {
                            "set": set_name,
                            "regime": regime,
                            "index": index,
                            "fold": fold_of(index),
                            "gold_noop": sentence.gold_noop,
                            "start": edit.start,  # into the source
                            "end": edit.end,
                            "original": edit.original,
                            "replacement": edit.replacement,
                            "kind": edit.kind.value,
                            "label": labels[key],
                            "x": row,
                        }
                        f.write(json.dumps(record, ensure_ascii=False) + "\n")
                        written += 1
                print(f"{set_name}/{regime}: {written} candidate edits so far", file=sys.stderr, flush=True)
    return 0


def _load(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def fit(x: np.ndarray, y: np.ndarray, rounds: int = ROUNDS, seed: int = PARAMS["seed"]):
    import lightgbm as lgb

    params = {**PARAMS, "seed": seed, "monotone_constraints": [MONOTONE.get(name, 0) for name in FEATURES]}
    return lgb.train(params, lgb.Dataset(x, label=y, feature_name=list(FEATURES)), num_boost_round=rounds)


def fit_mean(x: np.ndarray, y: np.ndarray, seeds: int = SEEDS, rounds: int = ROUNDS) -> list:
    """``seeds`` boosters fitted to the same rows, with PARAMS' seed and the ones after it: the
    judge is their mean (:func:`predict`)."""
    first = PARAMS["seed"]
    return [fit(x, y, rounds, seed) for seed in range(first, first + seeds)]


def predict(boosters: list, x: np.ndarray) -> np.ndarray:
    """The mean of the ``boosters``' probabilities, what the exported judge gives (:func:`to_onnx`)."""
    return np.mean([booster.predict(x) for booster in boosters], axis=0)


def to_onnx(boosters: list, path: Path) -> None:
    """Write the mean of ``boosters`` as one ONNX graph: input ``features`` (N x len(FEATURES),
    float32), output ``probabilities`` (N x 2, the mean of each booster's), with the context
    words it was trained with in its metadata."""
    import onnx
    import onnxmltools
    from onnx import helper
    from onnxmltools.convert.common.data_types import FloatTensorType

    if not boosters:
        raise ValueError("no boosters to export")
    nodes: list = []
    initializers: list = []
    means: list[str] = []
    opsets: dict[str, int] = {}  # the highest version each domain's nodes need
    for index, booster in enumerate(boosters):
        model = onnxmltools.convert_lightgbm(
            booster, initial_types=[("features", FloatTensorType([None, len(FEATURES)]))], zipmap=False, target_opset=15
        )
        for opset in model.opset_import:
            opsets[opset.domain] = max(opsets.get(opset.domain, 0), opset.version)
        prefixed = onnx.compose.add_prefix(model, f"b{index}_", rename_inputs=False)
        nodes.extend(prefixed.graph.node)
        initializers.extend(prefixed.graph.initializer)
        means.append(next(o.name for o in prefixed.graph.output if o.name.endswith("probabilities")))
    nodes.append(helper.make_node("Mean", means, ["probabilities"]))
    features = helper.make_tensor_value_info("features", onnx.TensorProto.FLOAT, [None, len(FEATURES)])
    probabilities = helper.make_tensor_value_info("probabilities", onnx.TensorProto.FLOAT, [None, 2])
    graph = helper.make_graph(nodes, "edit_judge", [features], [probabilities], initializers)
    merged = helper.make_model(graph, opset_imports=[helper.make_opsetid(d, v) for d, v in sorted(opsets.items())])
    merged.ir_version = model.ir_version
    onnx.checker.check_model(merged)
    entry = merged.metadata_props.add()
    entry.key, entry.value = CONTEXT_METADATA, "\n".join(CONTEXT_WORDS)
    path.write_bytes(merged.SerializeToString())


def _average_precision(y: np.ndarray, p: np.ndarray) -> float:
    order = np.argsort(-p, kind="stable")
    hits = y[order]
    precision = np.cumsum(hits) / np.arange(1, len(hits) + 1)
    return float((precision * hits).sum() / max(1, hits.sum()))


def train(candidates: Path, folds_dir: Path, ship: bool) -> int:
    records = _load(candidates)
    x = np.asarray([r["x"] for r in records], dtype=np.float32)
    y = np.asarray([r["label"] for r in records], dtype=np.float32)
    fold = np.asarray([r["fold"] for r in records])
    oof = np.zeros(len(y))
    folds_dir.mkdir(parents=True, exist_ok=True)
    for k in range(FOLDS):
        boosters = fit_mean(x[fold != k], y[fold != k])
        oof[fold == k] = predict(boosters, x[fold == k])
        to_onnx(boosters, folds_dir / f"fold{k}.onnx")
    np.save(folds_dir / "oof.npy", oof)
    raw = x[:, FEATURES.index("confidence")]
    print(f"{len(y)} candidate edits, {int(y.sum())} right ({y.mean():.1%})")
    print(f"{'set/regime':22s} {'edits':>6s} {'right':>6s}  AP raw  AP judge (out of fold)")
    groups = sorted({(r["set"], r["regime"]) for r in records})
    sets = np.asarray([r["set"] for r in records])
    regimes = np.asarray([r["regime"] for r in records])
    for set_name, regime in groups:
        m = (sets == set_name) & (regimes == regime)
        print(
            f"{set_name + '/' + regime:22s} {int(m.sum()):6d} {int(y[m].sum()):6d}  "
            f"{_average_precision(y[m], raw[m]):6.3f}  {_average_precision(y[m], oof[m]):6.3f}"
        )
    (folds_dir / "folds.json").write_text(json.dumps({"folds": FOLDS, "block": FOLD_BLOCK}) + "\n")
    if ship:
        to_onnx(fit_mean(x, y), default_model_dir() / JUDGE_FILE)
        print(f"wrote {default_model_dir() / JUDGE_FILE}")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Train the edit judge (edgegram.engine.judge.edit_judge) on the dev sets")
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="check the dev sets and write labelled candidate edits")
    c.add_argument("--out", type=Path, required=True)
    c.add_argument("--shared", type=Path, default=None)
    c.add_argument("--limit", type=int, default=None, help="first N sentences of each set")
    c.add_argument(
        "--copy-penalty", type=float, default=None, metavar="X", help="decode with this copy penalty (default: the engine's)"
    )
    t = sub.add_parser("train", help="cross-fit, report out-of-fold, write fold models (and the shipped one)")
    t.add_argument("--candidates", type=Path, required=True)
    t.add_argument("--folds-dir", type=Path, required=True)
    t.add_argument("--ship", action="store_true", help=f"write engine/model/{JUDGE_FILE} trained on every fold")
    a = p.parse_args(argv)
    if a.command == "collect":
        a.out.parent.mkdir(parents=True, exist_ok=True)
        return collect(a.out, a.shared, a.limit, a.copy_penalty)
    return train(a.candidates, a.folds_dir, a.ship)


if __name__ == "__main__":
    sys.exit(main())

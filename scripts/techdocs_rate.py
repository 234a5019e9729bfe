"""Suggestions per 10,000 prose words on carefully edited Markdown (issue 15):
``python scripts/techdocs_rate.py [--dir DIR] [--tsv OUT] [--json OUT] [--harper]``.

Runs exactly what ``edgegram check FILE.md`` runs (the CLI's ``load_checker`` and
``check_prose``: Markdown masking, masked edits dropped, the default thresholds) over
``../shared/data/dev/techdocs/rust-book/*.md``, where nearly every suggestion is a false alarm,
and prints:

- suggestions per 10,000 prose words (words outside fenced code blocks);
- suggestions inside markup or code, or adding/removing a markup character, by an oracle
  written independently of the masker (``edge_model.eval_metrics.markdown_markup_ranges``),
  and suggestions whose text holds a placeholder (``Xxxx`` or a stand-in character);
- suggestions altering a protected token, deleting/rewriting more than three words, or adding
  a repetition (the same detectors as ``edge_model.evaluate``);
- with ``--harper``, Harper's lints per 10,000 prose words on the same files (Markdown mode).

Every suggestion goes to a TSV (file:line, original -> replacement, confidence, kind, flags,
the line) for reading. Without ``../shared`` the script says so and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from edge_model.eval_metrics import (
    PROTECTED_KINDS,
    adds_repetition,
    altered_protected_kinds,
    has_placeholder,
    in_markup,
    is_long_edit,
    markdown_markup_ranges,
    prose_word_count,
    protected_spans,
)
from edgegram.cli import CliError, check_prose, load_checker, problems_in, read_text_file
from edgegram.engine.core.errors import DataError
from edgegram.engine.core.shared_data import shared_root
from edgegram.engine.core.types import DEFAULT_MARKUP_MIN_CONFIDENCE
from edgegram.engine.prose import MARKDOWN, min_confidence_for

TECHDOCS = "data/dev/techdocs/rust-book"
_WINDOW = 300  # characters of context either side of a suggestion for the sentence-level detectors


@dataclass(frozen=True)
class Flags:
    in_markup: bool
    placeholder: bool
    protected: tuple[str, ...]
    long_edit: bool
    repetition: bool


@dataclass(frozen=True)
class _Local:
    start: int
    end: int
    replacement: str


def suggestion_flags(text: str, start: int, end: int, original: str, replacement: str, markup: list[tuple[int, int]]) -> Flags:
    """The detectors over one suggestion on a Markdown ``text`` (``original`` as the checker saw it)."""
    actual = text[start:end]
    lo, hi = max(0, start - _WINDOW), min(len(text), end + _WINDOW)
    window = text[lo:hi]
    output = window[: start - lo] + replacement + window[end - lo :]
    return Flags(
        in_markup=actual != original or in_markup(start, end, actual, replacement, markup),
        placeholder=has_placeholder(replacement) or has_placeholder(original),
        protected=tuple(sorted(altered_protected_kinds(_Local(start - lo, end - lo, replacement), protected_spans(window)))),
        long_edit=is_long_edit(actual),
        repetition=adds_repetition(window, output, start - lo, start - lo + len(replacement)),
    )


def _cell(text: Any) -> str:
    return str(text).replace("\\", "\\\\").replace("\t", "\\t").replace("\r", "\\r").replace("\n", "\\n")


def harper_lints(texts: list[str]) -> int | None:
    try:
        import harper
    except ImportError:
        return None
    linter = harper.Linter()
    return sum(len(linter.lint(text, language=harper.Language.MARKDOWN)) for text in texts)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="edgegram check's suggestion rate on edited technical Markdown")
    p.add_argument("--dir", type=Path, default=None, help=f"folder of .md files (default ../shared/{TECHDOCS})")
    p.add_argument("--model", default=None, help="model folder (default: the shipped model)")
    p.add_argument("--min-confidence", type=float, default=None, help="default: the engine's")
    p.add_argument(
        "--markup-min-confidence",
        type=float,
        default=None,
        metavar="X",
        help="the model's threshold in Markdown (default: the CLI's)",
    )
    p.add_argument("--tsv", type=Path, default=Path("runs/techdocs_suggestions.tsv"), help="every suggestion, for reading")
    p.add_argument("--json", type=Path, default=None, help="write the figures here")
    p.add_argument("--harper", action="store_true", help="also count Harper's lints on the same files")
    p.add_argument("--model-only", action="store_true", help="the model's suggestions alone (rules and speller off)")
    a = p.parse_args(argv)
    try:
        folder = a.dir or shared_root() / TECHDOCS
    except DataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    paths = sorted(folder.glob("*.md"))
    if not paths:
        print(f"error: no .md files in {folder}", file=sys.stderr)
        return 2
    try:
        texts = [read_text_file(path) for path in paths]
        options = argparse.Namespace(model=a.model, threads=None, decoder="iad", min_confidence=a.min_confidence)
        checker = load_checker(options, rules=not a.model_only)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    words = sum(prose_word_count(text) for text in texts)
    markup_min = DEFAULT_MARKUP_MIN_CONFIDENCE if a.markup_min_confidence is None else a.markup_min_confidence
    markup_threshold = min_confidence_for(MARKDOWN, checker.config.min_confidence, markup_min)
    totals = {
        "suggestions": 0,
        "in_markup": 0,
        "placeholder": 0,
        "long_edits": 0,
        "repetitions": 0,
        **{f"protected_{k}": 0 for k in PROTECTED_KINDS},
    }
    rows = ["location\tkind\tconfidence\toriginal\treplacement\tin_markup\tplaceholder\tprotected\tlong_edit\trepetition\tline"]
    start_time = time.time()
    for n, (path, text) in enumerate(zip(paths, texts), 1):
        edits = check_prose(checker, str(path), text, markup_min_confidence=markup_min)
        markup = markdown_markup_ranges(text)
        lines = text.splitlines()
        for edit, problem in zip(edits, problems_in(path.name, text, edits)):
            flags = suggestion_flags(text, edit.start, edit.end, edit.original, edit.replacement, markup)
            totals["suggestions"] += 1
            totals["in_markup"] += flags.in_markup
            totals["placeholder"] += flags.placeholder
            totals["long_edits"] += flags.long_edit
            totals["repetitions"] += flags.repetition
            for kind in flags.protected:
                totals[f"protected_{kind}"] += 1
            rows.append(
                "\t".join(
                    _cell(c)
                    for c in (
                        f"{path.name}:{problem.line}",
                        problem.kind,
                        f"{problem.confidence:.3f}",
                        text[edit.start : edit.end],
                        edit.replacement,
                        int(flags.in_markup),
                        int(flags.placeholder),
                        ",".join(flags.protected),
                        int(flags.long_edit),
                        int(flags.repetition),
                        lines[problem.line - 1] if problem.line <= len(lines) else "",
                    )
                )
            )
        print(
            f"  {path.name} ({n}/{len(paths)}): {len(edits)} suggestions, {time.time() - start_time:.0f}s",
            file=sys.stderr,
            flush=True,
        )
    a.tsv.parent.mkdir(parents=True, exist_ok=True)
    a.tsv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result: dict[str, Any] = {
        "files": len(paths),
        "prose_words": words,
        **totals,
        "per_10k_words": round(10_000 * totals["suggestions"] / words, 1) if words else None,
        "min_confidence": checker.config.min_confidence,
        "markup_min_confidence": markup_threshold.default,
        "tsv": str(a.tsv),
    }
    if a.harper:
        lints = harper_lints(texts)
        result["harper_lints"] = lints
        result["harper_per_10k_words"] = round(10_000 * lints / words, 1) if lints is not None and words else None
    print(
        f"{len(paths)} files, {words} prose words: {totals['suggestions']} suggestions = "
        f"{result['per_10k_words']} per 10,000 prose words (the model's threshold in Markdown {markup_threshold.default:g})"
    )
    print(
        f"  in markup/code: {totals['in_markup']}, with a placeholder: {totals['placeholder']}, "
        f">3-word edits: {totals['long_edits']}, added repetitions: {totals['repetitions']}, protected tokens altered: "
        + ", ".join(f"{k} {totals[f'protected_{k}']}" for k in PROTECTED_KINDS)
    )
    if a.harper:
        print(f"  harper: {result['harper_lints']} lints = {result['harper_per_10k_words']} per 10,000 prose words")
    print(f"  every suggestion: {a.tsv}")
    if a.json:
        a.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build the training corpus files the trainer reads.

    python -m edge_model.data.corpus --out runs/corpus [--shared PATH] [--seed 13] [--max-clean N]

Writes ``real_train.tsv`` (learner source<TAB>target, de-duplicated), ``clean.txt``
(one clean sentence a line, de-duplicated, shuffled with the seed) and ``restraint.txt``
(modern sentences as the model reads them, numbers and URLs welcome, in document order
with an empty line wherever the next line does not follow on: the trainer's copy pairs and
long pairs); with ``--tech`` (the technical-prose corpus of ``edge_model.data.tech_prose``,
its sentences.tsv.gz) also ``tech.txt``, its sentences once each, shuffled: the trainer's
technical copy pairs and the clean text of its technical errors. Synthetic errors are made on
the fly by the trainer, so the clean text never runs out.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from edge_model.data.readers import clean_sentences, is_restraint_sentence, learner_pairs, modern_documents
from edgegram.engine.core.errors import DataError
from edgegram.engine.core.shared_data import shared_root
from edgegram.engine.sentences.model_text import to_model_text


@dataclass(frozen=True)
class CorpusStats:
    real_pairs: int
    real_changed: int
    clean_sentences: int
    restraint_sentences: int
    seconds: float


def built_file(corpus: Path, name: str) -> Path | None:
    """``corpus / name``, a file this module builds, or None after saying on stderr that it is
    missing and how to build it (for the tools that read the corpus)."""
    path = corpus / name
    if path.is_file():
        return path
    print(f"error: {path} is missing (python -m edge_model.data.corpus --out {corpus})", file=sys.stderr)
    return None


def _one_line(text: str) -> str:
    return " ".join(text.replace("\t", " ").split())


def build_corpus(root: Path, out_dir: Path, seed: int = 13, max_clean: int | None = None) -> CorpusStats:
    start = time.time()
    out_dir.mkdir(parents=True, exist_ok=True)
    unique = dict.fromkeys((_one_line(p.source), _one_line(p.target)) for p in learner_pairs(root))
    pairs = [p for p in unique if p[0] and p[1]]
    (out_dir / "real_train.tsv").write_text("".join(f"{s}\t{t}\n" for s, t in pairs), encoding="utf-8")
    print(f"corpus: {len(pairs)} learner pairs ({time.time() - start:.0f}s)", file=sys.stderr, flush=True)
    clean = []
    for n, sentence in enumerate(clean_sentences(root), 1):
        clean.append(_one_line(sentence))
        if n % 100_000 == 0:
            print(f"corpus: {n} clean sentences ({time.time() - start:.0f}s)", file=sys.stderr, flush=True)
    random.Random(seed).shuffle(clean)
    clean = clean[:max_clean] if max_clean else clean
    (out_dir / "clean.txt").write_text("".join(s + "\n" for s in clean), encoding="utf-8")
    restraint = restraint_lines(root)
    (out_dir / "restraint.txt").write_text("".join(s + "\n" for s in restraint), encoding="utf-8")
    return CorpusStats(
        len(pairs), sum(s != t for s, t in pairs), len(clean), sum(1 for s in restraint if s), round(time.time() - start, 1)
    )


def tech_lines(path: Path, seed: int = 13) -> list[str]:
    """The technical-prose corpus's sentences (its third column, already the model's text),
    each once, shuffled; sources the evaluation holds out are refused again here."""
    import gzip

    from edge_model.data.held_out import held_out_name

    seen: dict[str, None] = {}
    with gzip.open(path, "rt", encoding="utf-8") as rows:
        for row in rows:
            source, _, rest = row.rstrip("\n").partition("\t")
            sentence = _one_line(rest.partition("\t")[2])
            if sentence and held_out_name(source) is None:
                seen.setdefault(sentence, None)
    lines = list(seen)
    random.Random(seed).shuffle(lines)
    return lines


def restraint_lines(root: Path) -> list[str]:
    """Modern sentences in the model's text (emoji as its placeholder), each once, in
    document order; "" between documents and wherever a sentence was left out."""
    lines: list[str] = []
    seen: set[str] = set()
    for document in modern_documents(root):
        for sentence in document:
            plain = sentence.isascii() and sentence.isprintable()  # the model reads it as it is (fast path)
            text = _one_line(sentence if plain else to_model_text(sentence).text)
            if text not in seen and is_restraint_sentence(text):
                seen.add(text)
                lines.append(text)
            elif lines and lines[-1]:
                lines.append("")
        if lines and lines[-1]:
            lines.append("")
    return lines


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--shared", type=Path, default=None)
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--max-clean", type=int, default=None)
    p.add_argument("--tech", type=Path, default=None, help="edge_model.data.tech_prose's sentences.tsv.gz")
    p.add_argument("--tech-only", action="store_true", help="write tech.txt only (the rest built before)")
    a = p.parse_args(argv)
    if a.tech is not None and not a.tech.is_file():
        print(f"error: {a.tech} not found (python -m edge_model.data.tech_prose --mirror DIR)", file=sys.stderr)
        return 2
    try:
        if not a.tech_only:
            stats = build_corpus(shared_root(a.shared), a.out, a.seed, a.max_clean)
            print(f"corpus: {stats}", file=sys.stderr)
    except DataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if a.tech is not None:
        a.out.mkdir(parents=True, exist_ok=True)
        lines = tech_lines(a.tech, a.seed)
        (a.out / "tech.txt").write_text("".join(s + "\n" for s in lines), encoding="utf-8")
        print(f"corpus: {len(lines)} technical sentences -> {a.out / 'tech.txt'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

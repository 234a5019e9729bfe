"""Build a corpus of technical prose: the sentences of other projects' documentation, as the
checker reads them.

    python -m edge_model.data.tech_prose --repo GIT_DIR [--repo GIT_DIR ...] --out runs/techprose
    python -m edge_model.data.tech_prose --mirror /work/.mirror --out runs/techprose

Every Markdown, MDX, reStructuredText, AsciiDoc and text file at HEAD of each repository (git
directories, e.g. the snapshots the search tool's ``fetch`` brings; ``--mirror`` takes every
``OWNER+NAME/repo`` under it) is masked with the checker's own prose extractors
(:func:`edgegram.engine.prose.mask`: code, tables' syntax, link targets, HTML and paragraphs in
other languages hidden), cut into sentences (:func:`edgegram.engine.sentences.segment.segment`) and put in
the text the model reads (:func:`edgegram.engine.sentences.model_text.to_model_text`: code as ``Xx``).
Files under a translation folder (``i18n``, ``locale``, ``/zh/``...) are skipped. Each sentence is
kept once, with what it is (a paragraph's sentence, a heading, a list item, a table cell).

Writes ``OUT/sentences.tsv.gz`` (repository, kind, sentence) and ``OUT/sources.tsv`` (each
repository, its HEAD commit, the licence its licence file names, files and sentences read). Never
reads the evaluation's sources (:mod:`edge_model.data.held_out`).
"""

from __future__ import annotations

import argparse
import gzip
import re
import subprocess
import sys
import time
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path

from edge_model.data.held_out import HeldOutError, is_dev_text, refuse_held_out
from edgegram.engine.prose import MARKDOWN, PLAINTEXT, RESTRUCTUREDTEXT, mask
from edgegram.engine.prose.spans import SpanKind, containing
from edgegram.engine.sentences.model_text import to_model_text
from edgegram.engine.sentences.segment import segment

FORMATS = {
    ".md": MARKDOWN,
    ".mdx": MARKDOWN,
    ".markdown": MARKDOWN,
    ".rst": RESTRUCTUREDTEXT,
    ".txt": PLAINTEXT,
    ".adoc": PLAINTEXT,
}
MAX_FILE_BYTES = 400_000
# Folders of translations: a language code or a word for them as a path segment.
TRANSLATION = re.compile(
    r"(?:^|/)(?:i18n|l10n|locales?|translations?|lang|"
    r"zh|zh-cn|zh-tw|zh-hans|zh-hant|ja|ko|es|fr|de|it|pt|pt-br|ru|uk|tr|pl|fa|ar|id|vi|he|cs|nl|sv|hi|th|bn)(?:/|$)",
    re.IGNORECASE,
)
_WORDS = re.compile(r"[A-Za-z][A-Za-z'’-]*")
MIN_WORDS, MAX_WORDS = 3, 80
_LICENCES = (
    ("Apache-2.0", re.compile(r"Apache License,?\s+Version 2\.0", re.I)),
    ("MIT", re.compile(r"\bMIT License\b|Permission is hereby granted, free of charge", re.I)),
    ("BSD-3-Clause", re.compile(r"Neither the name of", re.I)),
    ("BSD-2-Clause", re.compile(r"Redistributions in binary form must reproduce", re.I)),
    ("CC-BY-4.0", re.compile(r"Creative Commons Attribution 4\.0|CC BY 4\.0|creativecommons\.org/licenses/by/4\.0", re.I)),
    ("CC-BY-SA-4.0", re.compile(r"Attribution-ShareAlike 4\.0", re.I)),
    ("MPL-2.0", re.compile(r"Mozilla Public License,? v(?:ersion)?\.? 2\.0", re.I)),
    ("GPL", re.compile(r"GNU GENERAL PUBLIC LICENSE", re.I)),
    ("curl", re.compile(r"COPYRIGHT AND PERMISSION NOTICE", re.I)),
)


@dataclass(frozen=True)
class Source:
    repo: str
    head: str
    licence: str
    files: int
    sentences: int


def git(git_dir: Path, *args: str) -> str:
    return subprocess.run(["git", "--git-dir", str(git_dir), *args], capture_output=True, text=True, check=True).stdout


def git_dir_of(path: Path) -> Path:
    """The git directory of a snapshot folder (``repo`` or ``repo/.git``)."""
    return path / ".git" if (path / ".git").is_dir() else path


def repo_name(git_dir: Path) -> str:
    """``owner/name`` of a snapshot the fetch tool made (``.../owner+name/repo``)."""
    parts = [p for p in git_dir.resolve().parts if "+" in p]
    return parts[-1].replace("+", "/", 1) if parts else git_dir.resolve().name


def head_files(git_dir: Path, suffixes: Collection[str]) -> Iterator[tuple[str, str]]:
    """(path, text) of every file at HEAD whose extension is one of ``suffixes`` (lower case, with
    the dot), at most :data:`MAX_FILE_BYTES` long, translations (:data:`TRANSLATION`) left out."""
    wanted = []
    for line in git(git_dir, "ls-tree", "-r", "-l", "HEAD").splitlines():
        meta, _, path = line.partition("\t")
        _, kind, sha, size = meta.split()
        if (
            kind == "blob"
            and Path(path).suffix.lower() in suffixes
            and size.isdigit()
            and int(size) <= MAX_FILE_BYTES
            and not TRANSLATION.search(path)
        ):
            wanted.append((path, sha))
    with subprocess.Popen(
        ["git", "--git-dir", str(git_dir), "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    ) as batch:
        assert batch.stdin is not None and batch.stdout is not None
        for path, sha in wanted:
            batch.stdin.write(f"{sha}\n".encode())
            batch.stdin.flush()
            header = batch.stdout.readline().split()
            data = batch.stdout.read(int(header[2]))
            batch.stdout.read(1)  # the newline after each object
            yield path, data.decode("utf-8", errors="replace")


def documents(git_dir: Path) -> Iterator[tuple[str, str]]:
    """(path, text) of every prose file at HEAD, translations left out."""
    return head_files(git_dir, FORMATS)


def licence_of(git_dir: Path) -> str:
    """The licence the repository's licence file names, by its wording ("unknown" if none)."""
    names = [
        n
        for n in git(git_dir, "ls-tree", "--name-only", "HEAD").splitlines()
        if n.upper().startswith(("LICENSE", "LICENCE", "COPYING"))
    ]
    for name in names:
        text = git(git_dir, "show", f"HEAD:{name}")[:20_000]
        for licence, pattern in _LICENCES:
            if pattern.search(text):
                return licence
    return "unknown" if not names else f"see {names[0]}"


def sentences_of(text: str, fmt: str) -> Iterator[tuple[str, str]]:
    """(kind, model text) of the prose sentences of one document."""
    masked = mask(text, fmt)
    for span in segment(masked.text):
        view = to_model_text(masked.text[span.start : span.end]).text.strip()
        words = _WORDS.findall(view)
        if not MIN_WORDS <= len(words) <= MAX_WORDS:
            continue
        if sum(len(w) for w in words) < 0.6 * len(view.replace(" ", "")):
            continue  # mostly symbols, numbers or placeholders
        kinds = [kind for _, _, kind in containing(masked.spans, span.start, span.end) if kind is not SpanKind.LINK_TEXT]
        yield (kinds[0].value if kinds else "paragraph"), view


def build(git_dirs: list[Path], out: Path) -> list[Source]:
    out.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    sources: list[Source] = []
    started = time.time()
    with gzip.open(out / "sentences.tsv.gz", "wt", encoding="utf-8") as sink:
        for git_dir in git_dirs:
            name = repo_name(git_dir)
            files = kept = 0
            for path, text in documents(git_dir):
                files += 1
                fmt = FORMATS[Path(path).suffix.lower()]
                for kind, sentence in sentences_of(text, fmt):
                    if sentence not in seen:
                        seen.add(sentence)
                        sink.write(f"{name}\t{kind}\t{sentence}\n")
                        kept += 1
            head = git(git_dir, "rev-parse", "HEAD").strip()
            sources.append(Source(name, head, licence_of(git_dir), files, kept))
            print(
                f"tech_prose: {name}: {files} files, {kept} sentences ({time.time() - started:.0f}s)", file=sys.stderr, flush=True
            )
    with open(out / "sources.tsv", "w", encoding="utf-8") as table:
        table.write("repository\thead\tlicence\tfiles\tsentences\n")
        table.writelines(f"{s.repo}\t{s.head}\t{s.licence}\t{s.files}\t{s.sentences}\n" for s in sources)
    return sources


def read_sentences(corpus: Path) -> Iterator[tuple[str, str, str]]:
    """(repository, kind, sentence) of a built corpus."""
    with gzip.open(corpus / "sentences.tsv.gz", "rt", encoding="utf-8") as lines:
        for line in lines:
            repo, kind, sentence = line.rstrip("\n").split("\t", 2)
            yield repo, kind, sentence


def snapshot_dirs(mirror: Path) -> list[Path]:
    """The git directories of every snapshot under ``mirror`` (``OWNER+NAME/repo``) but the
    projects kept for measuring (:data:`edge_model.data.held_out.DEV_TEXT`)."""
    return sorted(git_dir_of(p) for p in mirror.glob("*+*/repo") if p.is_dir() and not is_dev_text(p))


def add_corpus_argument(parser: argparse.ArgumentParser) -> None:
    """``--corpus``: a corpus this module built, for the builders that read one."""
    parser.add_argument("--corpus", type=Path, required=True, help="a corpus built by python -m edge_model.data.tech_prose")


def corpus_missing(corpus: Path) -> bool:
    """Whether ``corpus`` holds no built corpus, said on stderr with how to build one."""
    if (corpus / "sentences.tsv.gz").is_file():
        return False
    print(f"error: {corpus}/sentences.tsv.gz is missing (python -m edge_model.data.tech_prose --out {corpus})", file=sys.stderr)
    return True


def add_repository_arguments(parser: argparse.ArgumentParser) -> None:
    """``--repo`` and ``--mirror``, the repositories a builder reads."""
    parser.add_argument("--repo", type=Path, action="append", default=[], help="a git directory (repeatable)")
    parser.add_argument("--mirror", type=Path, help="every OWNER+NAME/repo snapshot under this folder")


def chosen_repositories(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[Path] | None:
    """The git directories ``--repo`` and ``--mirror`` name; None, after saying why on stderr,
    where one of them is an evaluation's source (:mod:`edge_model.data.held_out`)."""
    dirs = [git_dir_of(p) for p in args.repo] + (snapshot_dirs(args.mirror) if args.mirror else [])
    if not dirs:
        parser.error("give --repo or --mirror")
    try:
        for git_dir in dirs:
            refuse_held_out(git_dir)
    except HeldOutError as error:
        print(f"error: {error}", file=sys.stderr)
        return None
    return dirs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_repository_arguments(parser)
    parser.add_argument("--out", type=Path, required=True)
    a = parser.parse_args(argv)
    dirs = chosen_repositories(parser, a)
    if dirs is None:
        return 2
    sources = build(dirs, a.out)
    print(f"{sum(s.sentences for s in sources)} sentences from {len(sources)} repositories -> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

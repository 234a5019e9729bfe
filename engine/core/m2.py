"""The one M2 reader (BEA-19 / W&I / CoNLL files: an ``S`` line of space-separated tokens, then
``A start end|||kind|||correction|||...|||annotator`` lines), used by ``edgegram bench``,
evaluation and the training data pipeline.

Malformed input raises :class:`edgegram.engine.core.errors.DataError` naming the file and line.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from edgegram.engine.core.detok import detokenize
from edgegram.engine.core.errors import DataError
from edgegram.engine.core.shared_data import require

# edit kinds that change nothing: no edit, unknown (the annotator could not correct it) and
# unclear meaning (CoNLL's Um)
SKIPPED_KINDS = ("noop", "UNK", "Um")
NO_CORRECTION = "-NONE-"


@dataclass(frozen=True)
class M2Sentence:
    """One M2 block: its text, the source tokens and annotator 0's correction."""

    block: str  # the block's lines as in the file (what ERRANT's scorer reads)
    tokens: tuple[str, ...]
    target_tokens: tuple[str, ...]

    @property
    def source(self) -> str:
        """The space-tokenised source."""
        return " ".join(self.tokens)

    @property
    def target(self) -> str:
        """The space-tokenised correction of annotator 0."""
        return " ".join(self.target_tokens)

    @property
    def source_text(self) -> str:
        """The source as a writer would have typed it (detokenised)."""
        return detokenize(self.source)

    @property
    def target_text(self) -> str:
        """Annotator 0's correction, detokenised by the same rules."""
        return detokenize(self.target)


def read_m2(path: Path, limit: int | None = None) -> Iterator[M2Sentence]:
    """The sentences of an M2 file in order (the first ``limit`` when given and positive)."""
    sentences = _read(require(Path(path)))
    return islice(sentences, limit) if limit else sentences


def read_m2_blocks(path: Path, limit: int | None = None) -> list[str]:
    """The text of each block (for a scorer that reads M2 itself)."""
    return [sentence.block for sentence in read_m2(path, limit)]


def source_text(block: str) -> str:
    """The detokenised source sentence of an M2 block's text."""
    return detokenize(" ".join(block.split("\n")[0][2:].split()))


def _read(path: Path) -> Iterator[M2Sentence]:
    block: list[tuple[int, str]] = []
    with path.open(encoding="utf-8") as fh:
        for lineno, raw in enumerate(fh, 1):
            line = raw.rstrip("\n")
            if line.strip():
                block.append((lineno, line))
                continue
            if block:
                yield _parse(block, path)
                block = []
    if block:
        yield _parse(block, path)


def _parse(block: list[tuple[int, str]], path: Path) -> M2Sentence:
    first_no, first = block[0]
    if not first.startswith("S "):
        raise DataError(f"{path}:{first_no}: expected an 'S ' sentence line, got {first[:60]!r}")
    tokens = first[2:].split()
    edits = []
    for lineno, line in block[1:]:
        if not line.startswith("A "):
            raise DataError(f"{path}:{lineno}: expected an 'A ' edit line, got {line[:60]!r}")
        start, end, kind, correction, annotator = _edit(line, f"{path}:{lineno}")
        if annotator != 0 or kind in SKIPPED_KINDS or start < 0:
            continue
        if not 0 <= start <= end <= len(tokens):
            raise DataError(f"{path}:{lineno}: edit span {start}-{end} outside the {len(tokens)}-token sentence")
        edits.append((start, end, correction))
    target = list(tokens)
    for start, end, correction in sorted(edits, reverse=True):
        target[start:end] = correction.split() if correction and correction != NO_CORRECTION else []
    return M2Sentence("\n".join(line for _, line in block), tuple(tokens), tuple(target))


def _edit(line: str, where: str) -> tuple[int, int, str, str, int]:
    parts = line[2:].split("|||")
    try:
        start, end = (int(x) for x in parts[0].split())
        return start, end, parts[1], parts[2], int(parts[-1])
    except (ValueError, IndexError):
        raise DataError(f"{where}: malformed M2 edit line: {line[:80]!r}") from None


__all__ = ["M2Sentence", "SKIPPED_KINDS", "read_m2", "read_m2_blocks", "source_text"]

"""Same-length masking: the text the checker sees, with non-prose hidden, and the ranges
whose edits are dropped. Offsets into the masked text are offsets into the original."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from edgegram.engine.types import Edit

_LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
_NOT_LINE_BREAK = re.compile(r"[^\r\n]")


@dataclass(frozen=True)
class MaskedText:
    """A text of the original's length with non-prose hidden, and the skipped ranges
    (hidden or protected: edits touching them are dropped)."""

    text: str
    skipped: tuple[tuple[int, int], ...]  # sorted, non-overlapping, end exclusive


def placeholder_word(length: int) -> str:
    """A neutral capitalised word of exactly ``length`` characters (``Xxxx``)."""
    return ("X" + "x" * (length - 1)) if length > 0 else ""


def lsp_lines(text: str) -> list[tuple[int, int, str]]:
    """(start, end without line break, content) of every line; only ``\\r\\n``, ``\\r`` and
    ``\\n`` end a line, as in LSP (not U+2028, U+0085 or form feeds, as ``str.splitlines``)."""
    result, start = [], 0
    for match in _LINE_BREAK_RE.finditer(text):
        result.append((start, match.start(), text[start : match.start()]))
        start = match.end()
    result.append((start, len(text), text[start:]))
    return result


def blanked(text: str) -> str:
    """``text`` with every character but line breaks replaced by a space."""
    return _NOT_LINE_BREAK.sub(" ", text)


def merge(ranges: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Sorted, non-overlapping union of half-open ranges (empty ones dropped)."""
    merged: list[list[int]] = []
    for start, end in sorted(r for r in ranges if r[0] < r[1]):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return tuple((start, end) for start, end in merged)


def complement(ranges: Iterable[tuple[int, int]], length: int, merged: bool = False) -> list[tuple[int, int]]:
    """The parts of ``0..length`` outside ``ranges`` (``merged``: already sorted and disjoint)."""
    gaps, position = [], 0
    for start, end in ranges if merged else merge(ranges):
        if start > position:
            gaps.append((position, start))
        position = max(position, end)
    if position < length:
        gaps.append((position, length))
    return gaps


class Masker:
    """Accumulates hidden ranges over a mutable copy of the text; later passes see the
    text as earlier passes left it."""

    def __init__(self, text: str, skipped: Iterable[tuple[int, int]] = ()) -> None:
        self.chars = list(text)
        self.ranges: list[tuple[int, int]] = list(skipped)
        self._text: str | None = text

    @classmethod
    def of(cls, masked: MaskedText) -> Masker:
        """A masker that goes on from an already masked text."""
        return cls(masked.text, masked.skipped)

    @classmethod
    def revealing(cls, text: str, visible: Iterable[tuple[int, int]]) -> Masker:
        """A masker over ``text`` with everything but the ``visible`` ranges hidden."""
        visible = merge(visible)
        hidden = complement(visible, len(text), merged=True)
        pieces, position = [], 0
        for start, end in visible:
            pieces.append(blanked(text[position:start]))
            pieces.append(text[start:end])
            position = end
        pieces.append(blanked(text[position:]))
        masker = cls("".join(pieces), hidden)
        return masker

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = "".join(self.chars)
        return self._text

    def slice(self, start: int, end: int) -> str:
        """The current text of ``start..end`` (cheaper than ``text`` while masking)."""
        if self._text is not None:
            return self._text[start:end]
        return "".join(self.chars[start:end])

    def _fill(self, start: int, end: int, make: Callable[[int], str]) -> None:
        if start >= end:
            return
        self._text = None
        self.ranges.append((start, end))
        run_start = start
        for index in range(start, end + 1):
            if index == end or self.chars[index] in "\r\n":
                self.chars[run_start:index] = make(index - run_start)
                run_start = index + 1

    def blank(self, start: int, end: int) -> None:
        """Hide ``start..end`` behind spaces, keeping line breaks."""
        self._fill(start, end, lambda n: " " * n)

    def word(self, start: int, end: int) -> None:
        """Hide ``start..end`` behind a placeholder word, keeping line breaks."""
        self._fill(start, end, placeholder_word)

    def protect(self, start: int, end: int) -> None:
        """Keep ``start..end`` visible but drop the edits that touch it."""
        if start < end:
            self.ranges.append((start, end))

    def apply(self, pattern: re.Pattern[str], action: str, start: int = 0, end: int | None = None) -> None:
        """Hide every match of ``pattern`` in the current text ('blank' or 'word')."""
        text = self.text
        end = len(text) if end is None else end
        for match in list(pattern.finditer(text, start, end)):
            getattr(self, action)(match.start(), match.end())

    def result(self) -> MaskedText:
        return MaskedText(self.text, merge(self.ranges))


def touches_skipped(start: int, end: int, skipped: tuple[tuple[int, int], ...]) -> bool:
    """Whether ``start..end`` overlaps a skipped range (an insertion: lies strictly inside one)."""
    index = bisect.bisect_right(skipped, (start, float("inf"))) - 1
    for skip_start, skip_end in skipped[max(index, 0) : index + 2]:
        if start == end:
            if skip_start < start < skip_end:
                return True
        elif start < skip_end and skip_start < end:
            return True
    return False


def drop_skipped(edits: Iterable[Edit], masked: MaskedText) -> list[Edit]:
    """The edits that do not touch any skipped range."""
    return [e for e in edits if not touches_skipped(e.start, e.end, masked.skipped)]

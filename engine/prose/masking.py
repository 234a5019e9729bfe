"""Same-length masking: the text the checker sees, with non-prose hidden, and the ranges
whose edits are dropped. Offsets into the masked text are offsets into the original."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from edgegram.engine.edits import WORD_RE
from edgegram.engine.types import Edit, EditKind

_LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
_NOT_LINE_BREAK = re.compile(r"[^\r\n]")


Ranges = tuple[tuple[int, int], ...]  # sorted, non-overlapping, end exclusive


@dataclass(frozen=True)
class MaskedText:
    """A text of the original's length with non-prose hidden, the skipped ranges (hidden or
    protected: edits touching them are dropped) and what the format's parser knows of the
    prose's structure, for :func:`drop_skipped`."""

    text: str
    skipped: Ranges
    placeholders: Ranges = ()  # placeholder words standing for code, URLs, math
    fragments: Ranges = ()  # list items, captions, comments: not always full sentences
    titles: Ranges = ()  # headings: fragments in title case


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
        self.placeholders: list[tuple[int, int]] = []
        self.fragments: list[tuple[int, int]] = []
        self.titles: list[tuple[int, int]] = []
        self._text: str | None = text

    @classmethod
    def of(cls, masked: MaskedText) -> Masker:
        """A masker that goes on from an already masked text."""
        masker = cls(masked.text, masked.skipped)
        masker.placeholders = list(masked.placeholders)
        masker.fragments = list(masked.fragments)
        masker.titles = list(masked.titles)
        return masker

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
        if start < end:
            self.placeholders.append((start, end))

    def fragment(self, start: int, end: int, title: bool = False) -> None:
        """Mark ``start..end`` as a fragment (a list item, a caption, a comment) or, with
        ``title``, a heading: see :func:`drop_skipped`."""
        if start < end:
            (self.titles if title else self.fragments).append((start, end))

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
        return MaskedText(self.text, merge(self.ranges), merge(self.placeholders), merge(self.fragments), merge(self.titles))


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


_PUNCTUATION_ONLY = re.compile(r"[\s.,;:!?…]*")
# Kinds whose judgement rests on the grammatical number or form of the neighbouring words,
# which the model cannot see behind a placeholder ("the `items` are" reads "the Xxxxx are").
_NUMBER_KINDS = frozenset({EditKind.AGREEMENT, EditKind.NOUN_NUMBER, EditKind.ARTICLE})
PLACEHOLDER_REACH = 2  # words between an edit and a placeholder that still make it a neighbour
_SENTENCE_END = re.compile(r"[.!?…][\"'”’)\]]*\s")  # a mark that ends a sentence, before a space


def _containing(ranges: Ranges, start: int, end: int) -> tuple[int, int] | None:
    index = bisect.bisect_right(ranges, (start, float("inf"))) - 1
    if index >= 0 and ranges[index][0] <= start and end <= ranges[index][1]:
        return ranges[index]
    return None


def _is_style_edit(edit: Edit, text: str, fragment: tuple[int, int], title: bool) -> bool:
    """An edit to a fragment's first-word capitals or final punctuation (any word's
    capitals in a title): the writer's style, not an error."""
    start, end = fragment
    if _PUNCTUATION_ONLY.fullmatch(edit.original + edit.replacement):
        last_word = max((m.end() for m in WORD_RE.finditer(text, start, end)), default=start)
        if edit.start >= last_word:
            return True
    if edit.kind is not EditKind.CAPITALISATION:
        return False
    first_word = WORD_RE.search(text, start, end)
    return title or (first_word is not None and first_word.start() <= edit.start < first_word.end())


def _beside_placeholder(edit: Edit, text: str, placeholders: Ranges) -> bool:
    """Whether at most ``PLACEHOLDER_REACH`` words (in the same paragraph and sentence)
    separate the edit from a placeholder: "the Xxxxx are" is the model's guess, "the
    variable Xxxxx. This make" is not."""
    index = bisect.bisect_right(placeholders, (edit.start, float("inf")))
    for start, end in placeholders[max(0, index - 1) : index + 1]:
        if end <= edit.start:
            gap = text[end : edit.start]
        elif edit.end <= start:
            gap = text[edit.end : start]
        else:
            continue
        if "\n\n" not in gap and not _SENTENCE_END.search(gap) and len(WORD_RE.findall(gap)) <= PLACEHOLDER_REACH:
            return True
    return False


def drop_skipped(edits: Iterable[Edit], masked: MaskedText) -> list[Edit]:
    """The edits the document's structure allows: none touching a skipped range; none to a
    fragment's final punctuation or first capital, or to a title's capitals; no agreement,
    number or article edit beside a placeholder word."""
    kept = []
    for edit in edits:
        if touches_skipped(edit.start, edit.end, masked.skipped):
            continue
        if any(
            (within := _containing(ranges, edit.start, edit.end)) and _is_style_edit(edit, masked.text, within, title)
            for ranges, title in ((masked.fragments, False), (masked.titles, True))
        ):
            continue
        if edit.kind in _NUMBER_KINDS and masked.placeholders and _beside_placeholder(edit, masked.text, masked.placeholders):
            continue
        kept.append(edit)
    return kept

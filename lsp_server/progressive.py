"""Checking a long document piece by piece, the part near the last edit (or the top) first,
so that partial results can be shown while the rest is checked.

A document is cut after blank lines (sentences never cross one, see ``edgegram.engine.sentences.segment``)
into pieces, so checking the pieces one by one gives exactly the edits of checking it whole.
The piece holding the focus, checked first, is only its paragraph (or paragraphs, up to
``FIRST_PIECE_CHARS``), so that its results show early (when several documents are checked
interleaved, each one's first piece comes before the rest of any); on each side of it the
pieces double in size away from the focus (``PIECE_CHARS``, then twice that, ...): the text
near the focus shows soon, and the rest is checked in few long pieces, whose sentences the
model runs on in fuller, better-matched batches (the 10,000-word document of
``scripts/lsp_bench.py`` in process: 5.3 s in pieces of 4,000 characters, 4.6 s whole). A long
piece does not hold up the document being edited: see :mod:`edgegram.lsp_server.check_queue`.
While a check runs, the results of a previous text of the document stay valid outside the
region that changed (:func:`carried_over`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from edgegram.engine.core.types import Edit

PIECE_CHARS = 4000
FIRST_PIECE_CHARS = 300  # the paragraph at the focus, and the next ones until this long
_PARAGRAPH_BREAK = re.compile(r"(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)")

Piece = tuple[int, int]  # [start, end) of the document


def _cut(text: str, start: int, end: int, size: int) -> list[Piece]:
    """``[start, end)`` of ``text`` cut after blank lines into ranges of at least ``size``
    characters (but the last)."""
    ranges: list[Piece] = []
    for match in _PARAGRAPH_BREAK.finditer(text, start, end):
        if match.end() - start >= size:
            ranges.append((start, match.end()))
            start = match.end()
    if start < end or not ranges:
        ranges.append((start, end))
    return ranges


def _outward(text: str, start: int, end: int, size: int, forward: bool) -> list[Piece]:
    """``[start, end)`` of ``text`` (not empty) cut after blank lines into ranges ordered away
    from the focus (which lies before ``start`` when ``forward``, else after ``end``), the
    k-th of at least ``size * 2**k`` characters (but the farthest)."""
    cuts = [match.end() for match in _PARAGRAPH_BREAK.finditer(text, start, end) if match.end() < end]
    ranges: list[Piece] = []
    near, least = (start if forward else end), size
    for cut in cuts if forward else reversed(cuts):
        if abs(cut - near) >= least:
            ranges.append((near, cut) if forward else (cut, near))
            near, least = cut, 2 * least
    ranges.append((near, end) if forward else (start, near))
    return ranges


def pieces(text: str, focus: int = 0, size: int = PIECE_CHARS, first: int = FIRST_PIECE_CHARS) -> list[Piece]:
    """Ranges covering ``text``, cut only after blank lines, ordered by their distance from
    ``focus``: the one holding it of at least ``first`` characters, on each side of it the
    nearest of at least ``size``, the next of twice that, and so on (but the farthest)."""

    def distance(piece: Piece) -> int:
        a, b = piece
        return 0 if a <= focus < b or (focus >= b == len(text)) else min(abs(a - focus), abs(b - focus))

    held = min(_cut(text, 0, len(text), min(first, size)), key=lambda piece: (distance(piece), piece[0]))
    ranges = _outward(text, 0, held[0], size, forward=False) if held[0] else []
    ranges.append(held)
    if held[1] < len(text):
        ranges += _outward(text, held[1], len(text), size, forward=True)
    return sorted(ranges, key=lambda piece: (distance(piece), piece[0]))


def _common_prefix(a: str, b: str) -> int:
    low, high = 0, min(len(a), len(b))
    while low < high:  # the longest equal prefix, by bisection over C-speed comparisons
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def changed_region(old_text: str, new_text: str) -> tuple[int, int, int]:
    """(start, end in ``old_text``, end in ``new_text``) of the one region where the texts
    differ (empty when they are equal)."""
    prefix = _common_prefix(old_text, new_text)
    limit = min(len(old_text), len(new_text)) - prefix
    suffix = _common_prefix(old_text[::-1][:limit], new_text[::-1][:limit])
    return prefix, len(old_text) - suffix, len(new_text) - suffix


def carried_over(old_text: str, old_edits: Iterable[Edit], new_text: str) -> list[Edit]:
    """The edits of ``old_text`` that lie outside the one region where ``new_text`` differs
    from it, moved to their offsets in ``new_text``."""
    prefix, old_end, _ = changed_region(old_text, new_text)
    delta = len(new_text) - len(old_text)
    kept = []
    for edit in old_edits:
        if edit.end <= prefix and (edit.end < prefix or edit.start < edit.end):
            kept.append(edit)
        elif edit.start >= old_end and (edit.start > old_end or edit.start < edit.end):
            kept.append(replace(edit, start=edit.start + delta, end=edit.end + delta))
    return kept


def merged(checked: Mapping[Piece, Sequence[Edit]], carried: Iterable[Edit]) -> list[Edit]:
    """The edits of the checked pieces, and the carried ones that lie outside them, in
    document order."""
    ranges = list(checked)
    outside = [e for e in carried if not any(a <= e.start < b or (a < e.end <= b) for a, b in ranges)]
    found = [e for piece in sorted(checked) for e in checked[piece]]
    return sorted(found + outside, key=lambda e: e.start)

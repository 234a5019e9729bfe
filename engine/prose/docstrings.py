"""A Python docstring read as reStructuredText (PEP 287; Sphinx's docstrings, and Google's and
NumPy's styles, which are reStructuredText too): its directives (``.. seealso::``, ``..
versionadded:: 2.0``), literal blocks after ``::``, doctest blocks, comments, roles and field
names are hidden by the reStructuredText masker (:mod:`edgegram.engine.prose.rst`), and its
section titles, field bodies and definition terms are typed.

The parser reads the docstring as :func:`inspect.cleandoc` leaves it (the first line's leading
white space and the other lines' common indentation removed), so that an indented docstring is
not one block quote; what it hides is mapped back to the file's offsets line by line.
"""

from __future__ import annotations

import bisect

from .masking import Masker, lsp_lines
from .rst import mask_rst


class _Dedented:
    """A docstring's text without its indentation, and the way back to the file's offsets."""

    def __init__(self, text: str, start: int, end: int) -> None:
        lines = lsp_lines(text[start:end])
        indents = [_indent(content) for _, _, content in lines[1:] if content.strip()]
        common = min(indents, default=0)
        pieces: list[str] = []
        self.clean_starts: list[int] = []  # where each line starts in the dedented text
        self.removed: list[int] = []  # how much indentation each line lost
        self.file_starts: list[int] = []  # where each line's kept text starts in the file
        length = 0
        for number, (line_start, line_end, content) in enumerate(lines):
            removed = _indent(content) if number == 0 else min(common, _indent(content))
            following = lines[number + 1][0] if number + 1 < len(lines) else line_end
            piece = content[removed:] + text[start + line_end : start + following]
            self.clean_starts.append(length)
            self.removed.append(removed)
            self.file_starts.append(start + line_start + removed)
            pieces.append(piece)
            length += len(piece)
        self.text = "".join(pieces)

    def segments(self, start: int, end: int) -> list[tuple[int, int]]:
        """The file's ranges of the dedented ``start..end``, one per line it covers (the
        indentation removed between them left out)."""
        result = []
        line = bisect.bisect_right(self.clean_starts, start) - 1
        while line < len(self.clean_starts) and start < end:
            line_end = self.clean_starts[line + 1] if line + 1 < len(self.clean_starts) else len(self.text)
            piece_end = min(end, line_end)
            offset = self.file_starts[line] - self.clean_starts[line]
            result.append((start + offset, piece_end + offset))
            start, line = piece_end, line + 1
        return result


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def mask_docstring(masker: Masker, text: str, start: int, end: int) -> None:
    """Hide what reStructuredText says is not prose in the docstring body ``text[start:end]``,
    and mark its titles, terms and field bodies."""
    dedented = _Dedented(text, start, end)
    parsed = mask_rst(dedented.text, field_bodies=True)
    words, next_word = parsed.placeholders, 0  # both sorted; every placeholder lies in a skipped range
    for hidden_start, hidden_end in parsed.skipped:
        position = hidden_start
        while next_word < len(words) and words[next_word][0] < hidden_end:
            word_start, word_end = words[next_word]
            for segment in dedented.segments(position, word_start):
                masker.blank(*segment)
            for segment in dedented.segments(word_start, word_end):
                masker.word(*segment)
            position, next_word = word_end, next_word + 1
        for segment in dedented.segments(position, hidden_end):
            masker.blank(*segment)
    for span_start, span_end, kind in parsed.spans:
        segments = dedented.segments(span_start, span_end)
        if segments:
            masker.span(segments[0][0], segments[-1][1], kind)

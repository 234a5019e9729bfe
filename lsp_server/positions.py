"""Conversion between Python ``str`` offsets and LSP positions in a negotiated encoding.

LSP counts lines split at ``\\n``, ``\\r\\n`` or ``\\r`` and columns in UTF-16 code units by
default, or in UTF-8 bytes / UTF-32 code points when the client offers those encodings.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from lsprotocol import types

UTF8 = types.PositionEncodingKind.Utf8.value
UTF16 = types.PositionEncodingKind.Utf16.value
UTF32 = types.PositionEncodingKind.Utf32.value

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def code_units(text: str, encoding: str) -> int:
    """Length of ``text`` in code units of ``encoding`` (utf-8, utf-16 or utf-32)."""
    if encoding == UTF32:
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    if encoding == UTF16:
        return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)
    raise ValueError(f"unknown position encoding {encoding!r}")


def _offset_of_units(line: str, units: int, encoding: str) -> int:
    """Offset into ``line`` of the code point starting at ``units`` code units (clamped)."""
    if encoding == UTF32:
        return min(units, len(line))
    counted = 0
    for index, ch in enumerate(line):
        if counted >= units:
            return index
        counted += code_units(ch, encoding)
    return len(line)


@dataclass
class LineIndex:
    """Line starts of one text, for converting many offsets cheaply."""

    text: str
    encoding: str = UTF16
    _starts: list[int] = field(init=False, repr=False)
    _ends: list[int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._starts = [0]
        self._ends = []
        for match in _LINE_BREAK.finditer(self.text):
            self._ends.append(match.start())
            self._starts.append(match.end())
        self._ends.append(len(self.text))

    def position(self, offset: int) -> types.Position:
        """LSP position of the Python offset ``offset`` (clamped to the text)."""
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self._starts, offset) - 1
        start = self._starts[line]
        # An offset between \r and \n of a CRLF belongs to the end of the line.
        offset = min(offset, self._ends[line])
        return types.Position(line=line, character=code_units(self.text[start:offset], self.encoding))

    def offset(self, position: types.Position) -> int:
        """Python offset of an LSP position; columns past the line end clamp to it."""
        if position.line >= len(self._starts):
            return len(self.text)
        start, end = self._starts[position.line], self._ends[position.line]
        return start + _offset_of_units(self.text[start:end], position.character, self.encoding)

    def range(self, start: int, end: int) -> types.Range:
        """LSP range of the Python offsets ``start``..``end``."""
        return types.Range(start=self.position(start), end=self.position(end))

    def offsets(self, rng: types.Range) -> tuple[int, int]:
        """Python offsets of an LSP range."""
        return self.offset(rng.start), self.offset(rng.end)

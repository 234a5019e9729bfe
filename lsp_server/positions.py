"""Conversion between Python ``str`` offsets and LSP positions in a negotiated encoding.

LSP counts lines split at ``\\n``, ``\\r\\n`` or ``\\r`` and columns in UTF-16 code units by
default, or in UTF-8 bytes / UTF-32 code points when the client offers those encodings.
The geometry itself (O(log n) per conversion) is :mod:`edgegram.engine.core.geometry`; this module wraps
it in lsprotocol's types.
"""

from __future__ import annotations

from lsprotocol import types

from edgegram.engine.core.geometry import TextGeometry, code_units

UTF8 = types.PositionEncodingKind.Utf8.value
UTF16 = types.PositionEncodingKind.Utf16.value
UTF32 = types.PositionEncodingKind.Utf32.value

__all__ = ["UTF8", "UTF16", "UTF32", "LineIndex", "code_units"]


class LineIndex:
    """Line starts and code-unit counts of one text (one document version), for converting
    many offsets cheaply."""

    def __init__(self, text: str, encoding: str = UTF16, geometry: TextGeometry | None = None) -> None:
        self.text = text
        self.encoding = encoding
        usable = geometry is not None and geometry.text is text and geometry.encoding == encoding
        self.geometry: TextGeometry = geometry if geometry is not None and usable else TextGeometry(text, encoding)

    def position(self, offset: int) -> types.Position:
        """LSP position of the Python offset ``offset`` (clamped to the text)."""
        line, character = self.geometry.position(offset)
        return types.Position(line=line, character=character)

    def offset(self, position: types.Position) -> int:
        """Python offset of an LSP position; columns past the line end clamp to it."""
        return self.geometry.offset(position.line, position.character)

    def range(self, start: int, end: int) -> types.Range:
        """LSP range of the Python offsets ``start``..``end``."""
        return types.Range(start=self.position(start), end=self.position(end))

    def offsets(self, rng: types.Range) -> tuple[int, int]:
        """Python offsets of an LSP range."""
        return self.offset(rng.start), self.offset(rng.end)

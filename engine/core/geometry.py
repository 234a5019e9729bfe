"""Text geometry: LSP line splitting, line starts, and offset <-> (line, column) conversion
with columns in code points, UTF-16 code units or UTF-8 bytes.

Lines end at ``\\n``, ``\\r\\n`` or a lone ``\\r`` (the LSP rule; not ``str.splitlines``,
which also breaks at U+2028, form feed and more). A :class:`TextGeometry` is built once per
text in O(n); each conversion then costs O(log n), whatever the line length: columns come
from prefix counts of the characters wider than one unit, found by bisection.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

UTF8 = "utf-8"
UTF16 = "utf-16"
UTF32 = "utf-32"

LINE_BREAK = re.compile(r"\r\n|\r|\n")
_LSP_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
_WIDE = {UTF16: re.compile("[\U00010000-\U0010ffff]"), UTF8: re.compile(r"[^\x00-\x7f]")}


def lsp_lines(text: str) -> tuple[str, ...]:
    """``text`` split after each ``\\n``, ``\\r\\n`` or lone ``\\r``, line breaks kept."""
    return tuple(_LSP_LINE.findall(text))


def line_starts(text: str) -> list[int]:
    """The offset where each line of ``text`` starts (the first is 0)."""
    return [0] + [m.end() for m in LINE_BREAK.finditer(text)]


def _extra_units(ch: str, encoding: str) -> int:
    """Code units of ``ch`` beyond the first."""
    if encoding == UTF16:
        return 1
    code = ord(ch)
    return 1 if code < 0x800 else 2 if code < 0x10000 else 3


def code_units(text: str, encoding: str) -> int:
    """Length of ``text`` in code units of ``encoding`` (utf-8, utf-16 or utf-32)."""
    if encoding == UTF32:
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    if encoding == UTF16:
        return len(text) + len(_WIDE[UTF16].findall(text))
    raise ValueError(f"unknown position encoding {encoding!r}")


@dataclass
class TextGeometry:
    """Line starts and code-unit prefix counts of one text, for O(log n) conversions."""

    text: str
    encoding: str = UTF16
    starts: list[int] = field(init=False, repr=False)  # offset of each line's first character
    ends: list[int] = field(init=False, repr=False)  # offset of each line's break (or the text's end)
    _wide: list[int] = field(init=False, repr=False)  # offsets of characters wider than one unit
    _extra: list[int] = field(init=False, repr=False)  # _extra[i]: extra units of _wide[:i]

    def __post_init__(self) -> None:
        if self.encoding not in (UTF8, UTF16, UTF32):
            raise ValueError(f"unknown position encoding {self.encoding!r}")
        self.starts, self.ends = [0], []
        for match in LINE_BREAK.finditer(self.text):
            self.ends.append(match.start())
            self.starts.append(match.end())
        self.ends.append(len(self.text))
        self._wide, self._extra = [], [0]
        pattern = _WIDE.get(self.encoding)
        if pattern is not None:
            for match in pattern.finditer(self.text):
                self._wide.append(match.start())
                self._extra.append(self._extra[-1] + _extra_units(match.group(), self.encoding))

    def units_before(self, offset: int) -> int:
        """Code units of ``text[:offset]``."""
        return offset + self._extra[bisect.bisect_left(self._wide, offset)]

    def line_of(self, offset: int) -> int:
        """The line holding ``offset`` (clamped to the text)."""
        return bisect.bisect_right(self.starts, max(0, min(offset, len(self.text)))) - 1

    def position(self, offset: int) -> tuple[int, int]:
        """(line, column in code units) of ``offset``, clamped to the text; an offset between
        the ``\\r`` and ``\\n`` of a CRLF is the end of its line."""
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self.starts, offset) - 1
        offset = min(offset, self.ends[line])
        return line, self.units_before(offset) - self.units_before(self.starts[line])

    def offset(self, line: int, column: int) -> int:
        """The offset of (line, column in code units): a line past the last is the text's
        end, a column past the line's end is the line's end, and a column inside a character
        (half a surrogate pair, a UTF-8 continuation byte) is the end of that character."""
        if line >= len(self.starts):
            return len(self.text)
        start, end = self.starts[line], self.ends[line]
        target = self.units_before(start) + max(0, column)
        low, high = start, end  # the smallest offset in [start, end] with units_before >= target
        while low < high:
            middle = (low + high) // 2
            if self.units_before(middle) >= target:
                high = middle
            else:
                low = middle + 1
        return low

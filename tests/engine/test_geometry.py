"""edgegram.engine.core.geometry against a slow reference (code unit by code unit) on texts with emoji,
CJK, CRLF, lone CR, tabs, U+2028 and form feed, in all three encodings."""

from __future__ import annotations

import pytest

from edgegram.engine.core.geometry import (
    UTF8,
    UTF16,
    UTF32,
    TextGeometry,
    code_units,
    line_starts,
    lsp_lines,
)

TEXTS = [
    "",
    "plain ascii\nline two",
    "a😀b\r\nc世界d\re🎉🎉\tf\n",
    "x\u2028y\x0cz\r\n\r\n😀",
    "é" * 5 + "😀" * 3 + "\n" + "世" * 4,
]


def reference_position(text: str, offset: int, encoding: str) -> tuple[int, int]:
    offset = max(0, min(offset, len(text)))
    starts = line_starts(text)
    line = max(i for i, s in enumerate(starts) if s <= offset)
    end = starts[line]
    while end < len(text) and text[end] not in "\r\n":
        end += 1
    return line, code_units(text[starts[line] : min(offset, end)], encoding)


@pytest.mark.parametrize("encoding", [UTF8, UTF16, UTF32])
@pytest.mark.parametrize("text", TEXTS)
def test_position_and_offset_agree_with_the_reference(text, encoding):
    geometry = TextGeometry(text, encoding)
    for offset in range(-1, len(text) + 2):
        line, column = geometry.position(offset)
        assert (line, column) == reference_position(text, offset, encoding)
        clamped = max(0, min(offset, len(text)))
        if not (0 < clamped < len(text) and text[clamped - 1] == "\r" and text[clamped] == "\n"):
            assert geometry.offset(line, column) == clamped


def test_a_column_inside_a_character_rounds_up_and_past_the_end_clamps():
    geometry = TextGeometry("a😀b\nc", UTF16)
    assert geometry.offset(0, 2) == 2  # the middle of the surrogate pair: after the emoji
    assert geometry.offset(0, 99) == 3 and geometry.offset(5, 0) == 5
    utf8 = TextGeometry("世x", UTF8)
    assert [utf8.offset(0, c) for c in range(5)] == [0, 1, 1, 1, 2]


def test_lines_break_only_at_lsp_line_breaks():
    assert lsp_lines("a\u2028b\x0cc\r\nd\re\n") == ("a\u2028b\x0cc\r\n", "d\r", "e\n")
    assert line_starts("a\r\nb\rc\nd") == [0, 3, 5, 7]

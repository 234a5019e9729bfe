"""Offsets <-> LSP positions in UTF-16, UTF-8 and UTF-32, with emoji, CJK, CRLF and tabs."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lsprotocol.types import Position

from edgegram.lsp_server.positions import UTF8, UTF16, UTF32, LineIndex, code_units

TEXT = "a😀b\r\n日本語 x\n\tteh\rend"


@pytest.mark.parametrize(
    ("encoding", "offset", "expected"),
    [
        (UTF16, 2, (0, 3)),  # after the emoji: 2 UTF-16 units
        (UTF8, 2, (0, 5)),  # 4 UTF-8 bytes
        (UTF32, 2, (0, 2)),
        (UTF16, 3, (0, 4)),  # end of line 0, before \r\n
        (UTF16, 5, (1, 0)),  # after \r\n
        (UTF16, 8, (1, 3)),  # after three CJK characters
        (UTF8, 8, (1, 9)),  # three bytes each
        (UTF16, 12, (2, 1)),  # tab is one unit
        (UTF16, 16, (3, 0)),  # a lone \r ends a line
        (UTF16, len(TEXT), (3, 3)),
    ],
)
def test_position_of_offset(encoding, offset, expected):
    position = LineIndex(TEXT, encoding).position(offset)
    assert (position.line, position.character) == expected


def test_offset_between_cr_and_lf_belongs_to_the_line_end():
    index = LineIndex("ab\r\ncd")
    assert index.position(3) == Position(line=0, character=2)


def test_columns_and_lines_past_the_end_clamp():
    index = LineIndex("ab\ncd")
    assert index.offset(Position(line=0, character=99)) == 2
    assert index.offset(Position(line=9, character=0)) == 5


def test_position_inside_a_surrogate_pair_moves_to_the_next_code_point():
    index = LineIndex("😀x", UTF16)
    assert index.offset(Position(line=0, character=1)) == 1


def test_range_of_an_edit_after_emoji_and_cjk():
    text = "😀 日本 teh"
    start = text.index("teh")
    rng = LineIndex(text, UTF16).range(start, start + 3)
    assert (rng.start.character, rng.end.character) == (6, 9)


def test_code_units_rejects_unknown_encodings():
    with pytest.raises(ValueError, match="utf-7"):
        code_units("x", "utf-7")


@given(st.text(alphabet=st.sampled_from(list("ab \t\r\n😀日é")), max_size=40), st.sampled_from([UTF8, UTF16, UTF32]))
def test_round_trip(text, encoding):
    index = LineIndex(text, encoding)
    for offset in range(len(text) + 1):
        if offset and text[offset - 1 : offset + 1] == "\r\n":
            continue  # between \r and \n is not a position of its own
        assert index.offset(index.position(offset)) == offset

"""The frame parser alone: bytes in, bodies out, including after wrong Content-Lengths."""

from __future__ import annotations

import json

from edgegram.lsp_server.framing import FrameParser


def frame(body: bytes, length: int | None = None, name: str = "Content-Length") -> bytes:
    return f"{name}: {len(body) if length is None else length}\r\n\r\n".encode() + body


BODY = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "shutdown", "params": None}).encode()
NEXT = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "x", "params": {"text": "Content-Length: 3"}}).encode()


def test_frames_split_at_any_byte_come_out_whole():
    data = frame(BODY) + frame(NEXT, name="content-length")
    for cut in range(len(data)):
        parser = FrameParser()
        assert parser.feed(data[:cut]) + parser.feed(data[cut:]) == [BODY, NEXT]


def test_a_short_length_cuts_the_body_and_the_next_frame_is_found():
    parser = FrameParser()
    bodies = parser.feed(frame(BODY, len(BODY) - 10) + frame(NEXT))
    assert bodies == [BODY[:-10], NEXT]


def test_a_long_length_is_cut_at_the_next_header():
    parser = FrameParser()
    assert parser.feed(frame(BODY, len(BODY) + 40) + frame(NEXT)) == [BODY, NEXT]


def test_a_long_length_with_nothing_after_is_flushed_when_quiet():
    parser = FrameParser()
    assert parser.feed(frame(BODY, len(BODY) + 40)) == []
    assert parser.waiting_for_body
    assert parser.flush() == [BODY]
    assert parser.feed(frame(NEXT)) == [NEXT]


def test_an_incomplete_body_is_not_flushed():
    parser = FrameParser()
    parser.feed(frame(BODY)[:-5])
    assert parser.flush() == []
    assert parser.feed(BODY[-5:]) == [BODY]


def test_a_header_block_without_length_is_skipped():
    parser = FrameParser()
    assert parser.feed(b"X-Junk: 1\r\n\r\n" + frame(BODY)) == [BODY]


def test_a_body_mentioning_a_header_is_not_cut():
    parser = FrameParser()
    assert parser.feed(frame(NEXT)) == [NEXT]

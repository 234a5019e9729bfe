"""Splitting the byte stream of a JSON-RPC connection into message bodies, forgiving
broken frames.

A frame is headers (``Name: value`` lines, names case-insensitive), an empty line, and a
body of ``Content-Length`` bytes. When a client gets the length wrong the parser finds the
next frame again instead of losing the connection:

- too short: the body is cut (and will not parse, so it is answered with a parse error);
  the bytes left over sit in front of the next header, and the header search skips them;
- too long: the body swallows the start of the next frame. A body that holds one complete
  JSON value followed by a header line is cut after the value and the rest is parsed as
  the next frame; a body still waiting for bytes after a complete JSON value is taken as
  it is when the client goes quiet (:meth:`FrameParser.flush`).

The parser is pure (bytes in, bodies out) so it can be tested without a process.
"""

from __future__ import annotations

import json
import logging
import re

log = logging.getLogger(__name__)

_HEADER_END = re.compile(rb"\r?\n\r?\n")
_CONTENT_LENGTH = re.compile(rb"(?i)content-length[ \t]*:[ \t]*(\d+)")
_NEXT_HEADER = re.compile(rb"(?i)\s*content-(?:length|type)[ \t]*:")  # right after a JSON value
_HEADER_NAME = re.compile(rb"(?i)content-(?:length|type)[ \t]*:")  # anywhere in new bytes
_MAX_HEADER_BYTES = 64 * 1024  # a header block longer than this is garbage
_DECODER = json.JSONDecoder()


def _complete_json_end(data: bytes | bytearray) -> int | None:
    """The byte offset where a complete JSON value at the start of ``data`` ends, if any."""
    try:
        text = bytes(data).decode("utf-8")
        _, end = _DECODER.raw_decode(text, len(text) - len(text.lstrip()))
    except (UnicodeDecodeError, ValueError):
        return None
    return len(text[:end].encode("utf-8"))


class FrameParser:
    """Bytes in (:meth:`feed`), complete message bodies out."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._length: int | None = None  # the body length of the frame being read
        self._scanned = 0  # bytes of the current body already searched for a header

    @property
    def waiting_for_body(self) -> bool:
        """Whether a header was read and its body is not complete yet."""
        return self._length is not None and bool(self._buffer)

    def feed(self, data: bytes) -> list[bytes]:
        """Add ``data``; returns the bodies completed by it, in order."""
        self._buffer += data
        bodies: list[bytes] = []
        while True:
            if self._length is None and not self._read_header():
                return bodies
            assert self._length is not None
            body = self._take_body()
            if body is None:
                return bodies
            bodies.append(body)

    def flush(self) -> list[bytes]:
        """The client went quiet in the middle of a body: if what came is one complete JSON
        value, the length was too long and that value is the body."""
        if self._length is None:
            return []
        end = _complete_json_end(self._buffer)
        if end is None or self._buffer[end:].strip():
            return []
        log.warning("Content-Length %d is longer than the %d bytes sent; using those", self._length, len(self._buffer))
        body = bytes(self._buffer[:end])
        self._buffer.clear()
        self._length = None
        self._scanned = 0
        return [body]

    def _read_header(self) -> bool:
        """Consume one header block; False when more bytes are needed."""
        while True:
            end = _HEADER_END.search(self._buffer)
            if end is None:
                if len(self._buffer) > _MAX_HEADER_BYTES:
                    log.warning("skipped %d bytes that are not a message header", len(self._buffer))
                    self._buffer.clear()
                return False
            header = bytes(self._buffer[: end.start()])
            del self._buffer[: end.end()]
            match = _CONTENT_LENGTH.search(header)
            if match is None:
                if header.strip():
                    log.warning("skipped a header block without Content-Length: %r", header[:80])
                continue
            if match.start() > 0 and header[: match.start()].strip():
                log.warning("skipped %d stray bytes before a header", match.start())
            self._length = int(match.group(1))
            return True

    def _take_body(self) -> bytes | None:
        """The body of the current frame, or None when more bytes are needed.

        Only the bytes new since the last call are searched for a header name (a body of
        megabytes arrives in many reads), and the JSON is parsed only when one is found.
        """
        assert self._length is not None
        limit = min(len(self._buffer), self._length)
        cut = None
        if _HEADER_NAME.search(self._buffer, max(0, self._scanned - 32), limit):
            cut = self._overlong_cut(self._buffer[:limit])
        self._scanned = limit
        if cut is not None:
            log.warning("Content-Length %d runs into the next message; cut the body at %d bytes", self._length, cut)
        elif len(self._buffer) < self._length:
            return None
        else:
            cut = self._length
        body = bytes(self._buffer[:cut])
        del self._buffer[:cut]
        self._length = None
        self._scanned = 0
        return body

    @staticmethod
    def _overlong_cut(data: bytearray) -> int | None:
        """Where a complete JSON value is followed by the next frame's header, if it is."""
        end = _complete_json_end(data)
        if end is None or not _NEXT_HEADER.match(data, end):
            return None
        return end

"""Shared pieces of the property-based suites: hypothesis settings, random documents, and a
client's view of text in UTF-16 code units (what LSP positions count)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from lsprotocol import types


def fuzz_settings(default_examples: int) -> settings:
    """Derandomized (fixed seed, reproducible in CI); ``EDGEGRAM_FUZZ_EXAMPLES`` overrides the count."""
    examples = int(os.environ.get("EDGEGRAM_FUZZ_EXAMPLES", str(default_examples)))
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


FRAGMENTS = [
    "They is here. ",
    "I has a apple. ",
    "teh ",
    "recieve ",
    "a egg",
    "😀",
    "🎉🎉",
    "👩‍👩‍👧",
    "e\u0301",
    "\u202eRTL\u202c",
    "שלום ",
    "世界。",
    "\x00",
    "\r",
    "\n",
    "\r\n",
    "\t",
    "\u2028",
    "\x0c",
    "\x85",
    " " * 80,
    "```\ncode teh\n```\n",
    "`a apple`",
    "[link teh](http://x.y/teh)",
    "<b>teh</b>",
    "$a apple$",
    "\\begin{verbatim}teh\\end{verbatim}",
    "% teh\n",
    "# Heading teh\n",
    "- item They is\n",
    "x" * 300,
]
texts = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=25).map("".join)
LANGUAGES = st.sampled_from([None, "markdown", "latex", "git-commit"])


def units(text: str) -> list[int]:
    raw = text.encode("utf-16-le", "surrogatepass")
    return [int.from_bytes(raw[i : i + 2], "little") for i in range(0, len(raw), 2)]


def from_units(code_units: list[int]) -> str:
    return b"".join(u.to_bytes(2, "little") for u in code_units).decode("utf-16-le", "surrogatepass")


def lsp_position(code_units: list[int], offset: int) -> types.Position:
    """Position of a UTF-16 offset, line breaks as LSP defines them (\\n, \\r\\n, \\r)."""
    line, start, i = 0, 0, 0
    while i < offset:
        u = code_units[i]
        if u == 0x0D and i + 1 < len(code_units) and code_units[i + 1] == 0x0A:
            if i + 1 >= offset:
                break  # between \r and \n: still on this line
            i += 1
        if u in (0x0A, 0x0D):
            line, start = line + 1, i + 1
        i += 1
    return types.Position(line=line, character=offset - start)


def lsp_offset(code_units: list[int], position: types.Position) -> int | None:
    """The UTF-16 offset of ``position``, or None when it lies outside the text (a line past
    the last, or a character past its line's end)."""
    line, start, i = 0, 0, 0
    while line < position.line:
        if i >= len(code_units):
            return None
        u = code_units[i]
        i += 1
        if u == 0x0D and i < len(code_units) and code_units[i] == 0x0A:
            i += 1
        if u in (0x0A, 0x0D):
            line, start = line + 1, i
    end = start
    while end < len(code_units) and code_units[end] not in (0x0A, 0x0D):
        end += 1
    return start + position.character if start + position.character <= end else None


def splits_surrogate(code_units: list[int], offset: int) -> bool:
    return 0 < offset < len(code_units) and 0xDC00 <= code_units[offset] <= 0xDFFF and 0xD800 <= code_units[offset - 1] <= 0xDBFF


def splits_crlf(code_units: list[int], offset: int) -> bool:
    return 0 < offset < len(code_units) and code_units[offset - 1] == 0x0D and code_units[offset] == 0x0A


def is_valid(text: str) -> bool:
    """Text a client can hold (no lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True

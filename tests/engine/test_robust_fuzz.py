"""Property-based robustness tests: random documents and random incremental edits.

Invariants checked on any Unicode (astral emoji, combining marks, RTL, control characters,
NUL, lone CR, LINE SEPARATOR, long lines, whitespace runs):

- the server's copy of a document, after any sequence of UTF-16 incremental changes (also
  ones that split a surrogate pair), equals the client's copy whenever the client's copy is
  valid text, and is always a valid string;
- every diagnostic range lies inside the document, and applying its fix changes only the
  text inside that range, replacing exactly the text the edit was made for.

``EDGEGRAM_FUZZ_EXAMPLES`` sets the example count (default 150; the seed is fixed by the
``derandomize`` setting so CI runs are reproducible).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from lsp_support.fuzz import (
    LANGUAGES,
    from_units,
    fuzz_settings,
    is_valid,
    lsp_position,
    splits_crlf,
    splits_surrogate,
    texts,
    units,
)
from lsp_support.rule_checker import RuleChecker
from lsprotocol import types
from pygls.workspace import PositionCodec

from edgegram.lsp_server.analysis import check_document
from edgegram.lsp_server.diagnostics import FixData, to_diagnostics
from edgegram.lsp_server.documents import LspTextDocument, lsp_lines
from edgegram.lsp_server.positions import LineIndex
from edgegram.lsp_server.settings import ServerSettings

FUZZ = fuzz_settings(150)


@FUZZ
@given(st.data(), texts)
def test_incremental_changes_keep_server_and_client_texts_equal(data, initial):
    doc = LspTextDocument("file:///fuzz.md", initial, version=1, position_codec=PositionCodec(types.PositionEncodingKind.Utf16))
    client = units(initial)
    for version in range(2, 2 + data.draw(st.integers(1, 8))):
        a = data.draw(st.integers(0, len(client)))
        b = data.draw(st.integers(a, len(client)))
        new = data.draw(texts)
        start, end = lsp_position(client, a), lsp_position(client, b)
        exact = not any(splits_surrogate(client, x) or splits_crlf(client, x) for x in (a, b))
        doc.apply_change(types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text=new))
        doc.version = version
        client = client[:a] + units(new) + client[b:]
        assert isinstance(doc.source, str)
        if exact and is_valid(from_units(client)):
            assert doc.source == from_units(client), "server and client texts differ"
        else:
            client = units(doc.source)  # the client re-syncs (a full change) after an odd edit
        LineIndex(doc.source)  # any text the server holds can be indexed


@FUZZ
@given(texts, LANGUAGES)
def test_diagnostics_lie_inside_the_document_and_fixes_touch_only_their_range(text, language):
    edits = check_document(RuleChecker(), text, language)
    diagnostics = to_diagnostics(edits, LineIndex(text), ServerSettings(), "file:///f", 1)
    index = LineIndex(text)
    line_count = text.count("\n") + text.count("\r") - text.count("\r\n") + 1
    client = units(text)
    for diagnostic, edit in zip(diagnostics, edits):
        for pos in (diagnostic.range.start, diagnostic.range.end):
            assert 0 <= pos.line < line_count
        start, end = index.offsets(diagnostic.range)
        assert (start, end) == (edit.start, edit.end)
        data = FixData.of(diagnostic)
        assert data is not None and text[start:end] == data.original
        # the fix, applied the way a client applies a TextEdit, in UTF-16 units:
        ua = len(units(text[:start]))
        ub = len(units(text[:end]))
        assert lsp_position(client, ua) == diagnostic.range.start
        assert lsp_position(client, ub) == diagnostic.range.end
        fixed = from_units(client[:ua] + units(data.replacement) + client[ub:])
        assert fixed == text[:start] + data.replacement + text[end:]


@FUZZ
@given(texts)
def test_lsp_lines_split_only_at_lsp_line_breaks(text):
    lines = lsp_lines(text)
    assert "".join(lines) == text
    for line in lines[:-1]:
        assert line.endswith(("\n", "\r"))
    for line in lines:
        body = line.rstrip("\r\n")
        assert "\n" not in body and "\r" not in body

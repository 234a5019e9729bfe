"""Property-based tests against the real server process: random documents and random
incremental UTF-16 edits sent over stdio to ``edgegram``'s language server (rule-based
checker, see tests/lsp_support), one server for the whole suite.

After each random session of edits (some splitting surrogate pairs or CRLFs, after which the
client re-syncs with a full change, as editors do), the server must publish diagnostics for
the latest version; every diagnostic range must lie inside the client's document and cover
exactly the text the diagnostic was made for (so the server's copy equals the client's); and
every offered quick fix must replace exactly that range. Every request must be answered.

``EDGEGRAM_FUZZ_EXAMPLES`` sets the example count (default 40; fixed seed).
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lsp_support.client import change_document, open_document, published, running_server
from lsp_support.fuzz import (
    LANGUAGES,
    from_units,
    fuzz_settings,
    is_valid,
    lsp_offset,
    lsp_position,
    splits_crlf,
    splits_surrogate,
    texts,
    units,
)
from lsprotocol import types

FUZZ = fuzz_settings(40)
ANSWER_S = 20.0  # a request or a publish slower than this fails the test
URIS = (f"file:///fuzz/doc{n}.txt" for n in itertools.count())


class ServerInThread:
    """One server subprocess and its pytest-lsp client, on an event loop in a background
    thread, so that synchronous hypothesis tests can run coroutines against it."""

    def __init__(self, data_dir) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.session = running_server(data_dir, initialization_options={"debounceMs": 0})
        self.client, _ = self.run(self.session.__aenter__())

    def run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(ANSWER_S * 3)

    def close(self) -> None:
        try:
            self.run(self.session.__aexit__(None, None, None))
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = ServerInThread(tmp_path_factory.mktemp("fuzz-server"))
    yield server
    server.close()


@dataclass
class SessionResult:
    text: str  # the client's text after the session
    diagnostics: list[types.Diagnostic]
    fixes: list[tuple[types.Diagnostic, list[types.TextEdit]]]


def valid_text(code_units: list[int]) -> str:
    """The client's text with any lone surrogate replaced (what it sends when it re-syncs)."""
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in from_units(code_units))


async def edit_session(client, uri: str, initial: str, language: str | None, edits) -> SessionResult:
    open_document(client, uri, initial, language or "plaintext")
    text_units, version = units(initial), 1
    for a, b, new in edits:
        a, b = min(a, len(text_units)), min(max(a, b), len(text_units))
        odd = any(splits_surrogate(text_units, x) or splits_crlf(text_units, x) for x in (a, b))
        version += 1
        rng = types.Range(start=lsp_position(text_units, a), end=lsp_position(text_units, b))
        change_document(client, uri, version, new, rng)
        text_units = text_units[:a] + units(new) + text_units[b:]
        if odd or not is_valid(from_units(text_units)):
            version += 1  # the client re-syncs with its whole text
            text_units = units(valid_text(text_units))
            change_document(client, uri, version, from_units(text_units))
    params = await asyncio.wait_for(published(client, uri, version), ANSWER_S)
    fixes = []
    for diagnostic in params.diagnostics[:4]:
        actions = await asyncio.wait_for(
            client.text_document_code_action_async(
                types.CodeActionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    range=diagnostic.range,
                    context=types.CodeActionContext(diagnostics=[diagnostic], only=["quickfix"]),
                )
            ),
            ANSWER_S,
        )
        for action in actions or []:
            if isinstance(action, types.CodeAction) and action.is_preferred and action.edit:
                fixes.append((diagnostic, action.edit.changes[uri]))
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    return SessionResult(from_units(text_units), list(params.diagnostics), fixes)


edit_lists = st.lists(st.tuples(st.integers(0, 400), st.integers(0, 400), texts), max_size=6)


@FUZZ
@given(texts, LANGUAGES, edit_lists)
def test_real_server_keeps_texts_in_sync_and_fixes_in_range(server, initial, language, edits):
    result = server.run(edit_session(server.client, next(URIS), initial, language, edits))
    text_units = units(result.text)
    for diagnostic in result.diagnostics:
        start = lsp_offset(text_units, diagnostic.range.start)
        end = lsp_offset(text_units, diagnostic.range.end)
        assert start is not None and end is not None and start <= end, f"{diagnostic.range} outside the document"
        assert from_units(text_units[start:end]) == diagnostic.data["original"], "server and client texts differ"
    for diagnostic, text_edits in result.fixes:
        assert [e.range for e in text_edits] == [diagnostic.range]
        start = lsp_offset(text_units, diagnostic.range.start)
        end = lsp_offset(text_units, diagnostic.range.end)
        fixed = text_units[:start] + units(text_edits[0].new_text) + text_units[end:]
        assert fixed[:start] == text_units[:start] and fixed[len(fixed) - (len(text_units) - end) :] == text_units[end:]
        assert from_units(fixed) == from_units(text_units[:start]) + diagnostic.data["replacement"] + from_units(text_units[end:])

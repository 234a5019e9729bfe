"""Notifications through the server's own read loop: pygls 2.1 keeps a future for every
notification it handles and the server's protocol drops each one when its handler is done
(edgegram.lsp_server.protocol), so a day of typing does not grow the server; a change to a
document that is not open is dropped with a warning (edgegram.lsp_server.documents), and so
is a change older than the document's version; a request the server cancels on purpose
is answered without a traceback."""

import asyncio
import json
import re

from edgegram.lsp_server.protocol import serve
from edgegram.lsp_server.server import create_server


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return f"Content-Length: {len(body)}\r\n\r\n".encode() + body


class Sink:
    def __init__(self) -> None:
        self.written: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def close(self) -> None:
        pass


async def test_handled_notifications_leave_no_futures_behind():
    server = create_server(lambda settings: None)
    sink = Sink()
    server.protocol.set_writer(sink)
    uri = "file:///note.txt"
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "plaintext", "version": 1, "text": "Hello."}},
        },
    ]
    for version in range(2, 2002):  # type a letter, delete it
        text = "Hello.!" if version % 2 else "Hello."
        change = {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}
        messages.append({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": change})
    messages.append({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None})
    chunks = iter([frame(m) for m in messages] + [b""])

    async def read() -> bytes:
        return next(chunks)

    await serve(read, server.protocol)
    await asyncio.sleep(0.1)
    assert len(server.protocol._request_futures) == 0
    assert re.search(rb'"id":\s*2\b', b"".join(sink.written))  # shutdown was answered


async def test_a_change_to_a_document_that_is_not_open_is_dropped_with_a_warning(caplog):
    server = create_server(lambda settings: None)
    sink = Sink()
    server.protocol.set_writer(sink)
    change = {"textDocument": {"uri": "file:///never-opened.txt", "version": 2}, "contentChanges": [{"text": "x"}]}
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": change},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None},
    ]
    chunks = iter([frame(m) for m in messages] + [b""])

    async def read() -> bytes:
        return next(chunks)

    with caplog.at_level("WARNING"):
        await serve(read, server.protocol)
        await asyncio.sleep(0.1)
    assert any("never-opened.txt, which is not open" in r.getMessage() for r in caplog.records)
    assert not any(r.exc_info for r in caplog.records), [r.getMessage() for r in caplog.records]
    assert b"publishDiagnostics" not in b"".join(sink.written)  # nothing checked or published for it
    assert not server.workspace.text_documents


def test_a_request_the_server_cancels_is_answered_without_a_traceback(caplog):
    from concurrent.futures import Future

    from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams

    from edgegram.lsp_server.protocol import SERVER_CANCELLED

    server = create_server(lambda settings: None)
    sink = Sink()
    server.protocol.set_writer(sink)
    cancelled: Future = Future()
    cancelled.set_exception(JsonRpcException("the document changed", SERVER_CANCELLED, {"retriggerRequest": True}))
    wrong_arguments: Future = Future()
    wrong_arguments.set_exception(JsonRpcInvalidParams("edgegram.addToDictionary expects 1 string"))
    failed: Future = Future()
    failed.set_exception(JsonRpcException("broken", -32603))
    with caplog.at_level("INFO"):
        server.protocol._send_handler_result(cancelled, msg_id=7)
        server.protocol._send_handler_result(wrong_arguments, msg_id=9)
        quiet = [r for r in caplog.records if r.exc_info]
        server.protocol._send_handler_result(failed, msg_id=8)
    written = b"".join(sink.written)
    assert re.search(rb'"id":\s*7', written) and b"-32802" in written and b"retriggerRequest" in written
    assert re.search(rb'"id":\s*9', written) and b"-32602" in written
    assert not quiet  # the cancellation is no failure
    assert any(r.exc_info for r in caplog.records)  # a real failure still is


async def test_a_change_older_than_the_document_is_dropped_and_never_published(caplog):
    server = create_server(lambda settings: None)
    sink = Sink()
    server.protocol.set_writer(sink)
    uri = "file:///note.txt"

    def change(version: int, text: str) -> dict:
        params = {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}
        return {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": params}

    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"capabilities": {}, "initializationOptions": {"debounceMs": 10}},
        },
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "plaintext", "version": 1, "text": "One."}},
        },
        change(5, "Five."),
        change(3, "Three."),  # out of order: older than version 5
    ]
    chunks = iter([frame(m) for m in messages])

    async def read() -> bytes:
        chunk = next(chunks, None)
        if chunk is None:
            await asyncio.sleep(1.0)  # let the checks run and publish, then end the input
            return b""
        return chunk

    with caplog.at_level("WARNING"):
        await serve(read, server.protocol)
    document = server.workspace.get_text_document(uri)
    assert (document.source, document.version) == ("Five.", 5)
    assert any("version 3 after version 5: ignored" in r.getMessage() for r in caplog.records)
    published = [json.loads(chunk.split(b"\r\n\r\n", 1)[1]) for chunk in sink.written if b"publishDiagnostics" in chunk]
    versions = [message["params"].get("version") for message in published]
    assert 5 in versions and 3 not in versions, versions


async def test_shutdown_with_a_handler_still_running_is_answered():
    """pygls's shutdown cancels the running handlers' futures while it iterates over its
    table; a generator handler's future calls back inside ``cancel()``, so the table must
    not shrink then (it raised 'dictionary changed size during iteration')."""
    import functools
    from concurrent.futures import Future

    server = create_server(lambda settings: None)
    sink = Sink()
    server.protocol.set_writer(sink)
    running: Future = Future()  # as pygls makes for a generator handler whose user handler still runs
    server.protocol._request_futures["running"] = running
    running.add_done_callback(functools.partial(server.protocol._forget_future, "running"))
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None},
    ]
    chunks = iter([frame(m) for m in messages] + [b""])

    async def read() -> bytes:
        return next(chunks)

    await serve(read, server.protocol)
    await asyncio.sleep(0.1)
    answers = [json.loads(chunk.split(b"\r\n\r\n", 1)[1]) for chunk in sink.written if b'"id"' in chunk]
    shutdown = next(a for a in answers if a.get("id") == 2)
    assert "error" not in shutdown and shutdown["result"] is None, shutdown
    assert running.cancelled()

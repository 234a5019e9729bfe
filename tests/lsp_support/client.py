"""A pytest-lsp client for end-to-end tests: starts the rule-based server as a subprocess
over stdio, records every published diagnostics notification, and applies edits."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import typing
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, LanguageClient, register_lsp_features
from pytest_lsp.plugin import ClientServerConfig

from edgegram.lsp_server.positions import LineIndex

LAUNCHER = Path(__file__).with_name("run_rule_server.py")
TIMEOUT_S = 15.0


class RecordingClient(LanguageClient):
    """Keeps every ``textDocument/publishDiagnostics`` in arrival order."""

    published: list[types.PublishDiagnosticsParams]


def _record(client: RecordingClient, params: types.PublishDiagnosticsParams) -> None:
    client.published.append(params)
    client.diagnostics[params.uri] = params.diagnostics


def _converter():
    """pygls's converter, except that a CodeAction carrying a Command is not read as a Command.

    (lsprotocol's hook picks Command whenever a ``command`` key is present; a real editor
    looks at whether it is a string.)
    """
    converter = default_converter()

    def command_or_code_action(obj: Any, _: type) -> types.Command | types.CodeAction:
        if isinstance(obj.get("command"), str):
            return converter.structure(obj, types.Command)
        return converter.structure(obj, types.CodeAction)

    # lsprotocol's fields say typing.Union[...], and cattrs looks hooks up by an equal type
    converter.register_structure_hook(typing.Union[types.Command, types.CodeAction], command_or_code_action)  # noqa: UP007
    # lsprotocol's fields say typing.Union[...], and cattrs looks hooks up by an equal type
    converter.register_structure_hook(typing.Union[types.Command, types.CodeAction], command_or_code_action)  # noqa: UP007
    return converter


def make_client() -> RecordingClient:
    client = RecordingClient(converter_factory=_converter)
    client.published = []
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _record
    register_lsp_features(client, features)
    return client


@contextlib.asynccontextmanager
async def running_server(
    data_dir: Path,
    *,
    server_args: Sequence[str] = (),
    capabilities: types.ClientCapabilities | None = None,
    initialization_options: Any = None,
    workspace: Path | None = None,
    configuration: dict[str, Any] | None = None,
    command: Sequence[str] | None = None,
    env: dict[str, str] | None = None,
) -> AsyncIterator[tuple[RecordingClient, types.InitializeResult]]:
    """An initialized client talking to a fresh server process.

    The server is the rule-based launcher (user dictionary in ``data_dir``) unless
    ``command`` says otherwise; ``env`` is added to this process's environment.
    """
    config = ClientServerConfig(
        server_command=list(command or [sys.executable, str(LAUNCHER), "--data-dir", str(data_dir), *server_args]),
        client_factory=make_client,
        server_env={**os.environ, **env} if env else None,
    )
    client = await config.start()
    if configuration is not None:
        client.set_configuration(configuration, section="edgegram")
    folders = [types.WorkspaceFolder(uri=workspace.as_uri(), name="ws")] if workspace else None
    try:
        result = await asyncio.wait_for(
            client.initialize_session(
                types.InitializeParams(
                    capabilities=capabilities or types.ClientCapabilities(),
                    initialization_options=initialization_options,
                    workspace_folders=folders,
                )
            ),
            TIMEOUT_S,
        )
        yield client, result
    finally:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(client.shutdown_session(), TIMEOUT_S)
        await client.stop()


async def eventually(condition: Callable[[], Any], what: str, timeout_s: float = TIMEOUT_S) -> Any:
    """Wait until ``condition()`` is truthy and return its value (fails after ``timeout_s``)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while True:
        value = condition()
        if value:
            return value
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


async def published(client: RecordingClient, uri: str, version: int, after: int = 0) -> types.PublishDiagnosticsParams:
    """The first diagnostics published for ``uri`` at ``version`` after the ``after``-th publish."""

    def find() -> types.PublishDiagnosticsParams | None:
        return next((p for p in client.published[after:] if p.uri == uri and p.version == version), None)

    return await eventually(find, f"diagnostics of {uri} version {version}")


def open_document(client: LanguageClient, uri: str, text: str, language_id: str = "plaintext", version: int = 1) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language_id, version=version, text=text)
        )
    )


def change_document(client: LanguageClient, uri: str, version: int, text: str, rng: types.Range | None = None) -> None:
    """Send one incremental change (``rng`` replaced by ``text``) or a whole new text."""
    change: Any = (
        types.TextDocumentContentChangePartial(range=rng, text=text)
        if rng is not None
        else types.TextDocumentContentChangeWholeDocument(text=text)
    )
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=[change]
        )
    )


def apply_edits(text: str, edits: Sequence[types.TextEdit], encoding: str = "utf-16") -> str:
    """``text`` with LSP ``edits`` applied (all ranges refer to the original text)."""
    index = LineIndex(text, encoding)
    spans = sorted(((*index.offsets(e.range), e.new_text) for e in edits), reverse=True)
    for start, end, new_text in spans:
        text = text[:start] + new_text + text[end:]
    return text

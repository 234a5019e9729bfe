"""The LSP surface: ``create_server`` registers thin handlers that delegate to
:class:`edgegram.lsp_server.service.EdgegramService`."""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

import platformdirs
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer

from edgegram.engine.core.version import package_version

from . import code_actions, commands
from .checkers import CheckerFactory
from .documents import LspWorkspace
from .protocol import EdgegramProtocol, serve, stream_reader
from .service import EdgegramService

log = logging.getLogger(__name__)

T = TypeVar("T")

NAME = "edgegram"


class EdgegramServer(LanguageServer):
    """A pygls server carrying the edgegram service, reading messages with our own loop
    (see :mod:`edgegram.lsp_server.protocol`)."""

    service: EdgegramService
    protocol: EdgegramProtocol

    def __init__(self, name: str, version: str, **kwargs: Any) -> None:
        super().__init__(name, version, protocol_cls=EdgegramProtocol, **kwargs)

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Errors outside a request are logged (pygls would pop up a message for each)."""
        log.warning("%s", error)

    def _connection_lost(self) -> None:
        """The client went away without ``exit``: end like ``exit`` would."""
        log.info("the client closed the connection")
        self.protocol.on_exit(0 if self.protocol._shutdown else 1)

    def start_io(self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
        """Serve over stdin/stdout until ``exit`` or the end of stdin."""
        self._stop_event = threading.Event()
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))

        async def run() -> None:
            await serve(stream_reader(stdin or sys.stdin.buffer), self.protocol)

        try:
            asyncio.run(run())
        except BrokenPipeError:
            log.error("the connection to the client is lost")
        finally:
            self.shutdown()
        self._connection_lost()

    def start_tcp(self, host: str, port: int) -> None:
        """Serve one client connecting to ``host:port``."""
        self._stop_event = threading.Event()

        async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            self.protocol.set_writer(writer)
            await serve(lambda: reader.read(65536), self.protocol)
            self._connection_lost()

        async def listen() -> None:
            self._server = await asyncio.start_server(connection, host, port)
            async with self._server:
                await self._server.serve_forever()

        asyncio.run(listen())


def create_server(checker_factory: CheckerFactory, *, user_data_dir: Path | None = None) -> EdgegramServer:
    """A language server whose checker is built by ``checker_factory`` (in a worker thread).

    ``user_data_dir`` holds the user dictionary (default: the platform's user data folder).
    """
    server = EdgegramServer(NAME, package_version(), text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
    data_dir = user_data_dir or Path(platformdirs.user_data_dir("edgegram"))
    service = server.service = EdgegramService(server, checker_factory, data_dir)

    @server.feature(types.INITIALIZE)
    def initialize(ls: EdgegramServer, params: types.InitializeParams) -> None:
        service.initialize(params)

    @server.feature(types.INITIALIZED)
    async def initialized(ls: EdgegramServer, params: types.InitializedParams) -> None:
        await service.initialized()

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: EdgegramServer, params: None) -> None:
        service.shutdown()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(ls: EdgegramServer, params: types.DidChangeConfigurationParams) -> None:
        await service.configuration_changed(params)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: EdgegramServer, params: types.DidOpenTextDocumentParams) -> None:
        service.document_changed(params.text_document.uri, debounce=False)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: EdgegramServer, params: types.DidChangeTextDocumentParams) -> None:
        if isinstance(ls.workspace, LspWorkspace) and not ls.workspace.is_current(params.text_document):
            return  # not open, or a stale version: the workspace has logged it, there is nothing to check
        service.document_changed(params.text_document.uri, debounce=True, changes=params.content_changes)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: EdgegramServer, params: types.DidSaveTextDocumentParams) -> None:
        service.document_changed(params.text_document.uri, debounce=False)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: EdgegramServer, params: types.DidCloseTextDocumentParams) -> None:
        service.document_closed(params.text_document.uri)

    @server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(identifier=NAME, inter_file_dependencies=False, workspace_diagnostics=False),
    )
    async def pull_diagnostics(ls: EdgegramServer, params: types.DocumentDiagnosticParams):
        return await service.pull(params)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=code_actions.KINDS, resolve_provider=False),
    )
    async def code_action(ls: EdgegramServer, params: types.CodeActionParams):
        return await service.code_actions(params)

    def _run_command(run: Callable[[T], None], parse: Callable[[tuple[Any, ...]], T], args: tuple[Any, ...]) -> None:
        try:
            run(parse(args))
        except (commands.CommandArgumentError, ValueError) as error:
            raise JsonRpcInvalidParams(str(error)) from error

    @server.command(commands.ADD_TO_DICTIONARY)
    def add_to_dictionary(ls: EdgegramServer, *args: Any) -> None:
        _run_command(service.add_to_dictionary, commands.parse_add_to_dictionary, args)

    @server.command(commands.ADD_TO_WORKSPACE_DICTIONARY)
    def add_to_workspace_dictionary(ls: EdgegramServer, *args: Any) -> None:
        _run_command(service.add_to_dictionary, commands.parse_add_to_workspace_dictionary, args)

    @server.command(commands.HIDE_KIND)
    def hide_kind(ls: EdgegramServer, *args: Any) -> None:
        _run_command(service.set_kind_shown, commands.parse_hide_kind, args)

    @server.command(commands.SHOW_KIND)
    def show_kind(ls: EdgegramServer, *args: Any) -> None:
        _run_command(service.set_kind_shown, commands.parse_show_kind, args)

    @server.command(commands.DISABLE_RULE)
    def disable_rule(ls: EdgegramServer, *args: Any) -> None:
        _run_command(service.set_rule_enabled, commands.parse_disable_rule, args)

    @server.command(commands.ENABLE_RULE)
    def enable_rule(ls: EdgegramServer, *args: Any) -> None:
        _run_command(service.set_rule_enabled, commands.parse_enable_rule, args)

    @server.command(commands.IGNORE_SUGGESTION)
    def ignore_suggestion(ls: EdgegramServer, *args: Any) -> None:
        _run_command(service.ignore, commands.parse_ignore, args)

    return server

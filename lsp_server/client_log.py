"""Logging for the server: to stderr (never stdout, which carries the protocol) and, once
the client is connected, to the client as ``window/logMessage``."""

from __future__ import annotations

import asyncio
import logging
import sys
import threading

from lsprotocol import types
from pygls.lsp.server import LanguageServer

# Loggers whose records are forwarded to the client.
FORWARDED = ("edgegram.lsp_server", "edgegram.engine")

_LEVELS = {
    logging.ERROR: types.MessageType.Error,
    logging.WARNING: types.MessageType.Warning,
    logging.INFO: types.MessageType.Info,
    logging.DEBUG: types.MessageType.Log,
}


def message_type(level: int) -> types.MessageType:
    """The LSP message type of a logging level."""
    for threshold, kind in sorted(_LEVELS.items(), reverse=True):
        if level >= threshold:
            return kind
    return types.MessageType.Log


class ClientLogHandler(logging.Handler):
    """Sends records as ``window/logMessage`` from the event loop's thread."""

    def __init__(self, server: LanguageServer, loop: asyncio.AbstractEventLoop, level: int = logging.INFO) -> None:
        super().__init__(level)
        self._server = server
        self._loop = loop
        self._loop_thread = threading.get_ident()
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def _send(self, params: types.LogMessageParams) -> None:
        try:
            self._server.window_log_message(params)
        except Exception:  # the connection is gone: stderr still has the record
            pass

    def emit(self, record: logging.LogRecord) -> None:
        params = types.LogMessageParams(type=message_type(record.levelno), message=self.format(record))
        if threading.get_ident() == self._loop_thread:
            self._send(params)
        elif not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._send, params)


def log_to_stderr(level: int = logging.INFO) -> None:
    """Send the server's and the engine's records to stderr."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for name in FORWARDED:
        logger = logging.getLogger(name)
        logger.setLevel(min(logger.level or level, level))
        logger.addHandler(handler)


def log_to_client(server: LanguageServer, loop: asyncio.AbstractEventLoop) -> ClientLogHandler:
    """Forward the server's and the engine's records to the client; returns the handler."""
    handler = ClientLogHandler(server, loop)
    for name in FORWARDED:
        logger = logging.getLogger(name)
        if logger.level == logging.NOTSET or logger.level > logging.INFO:
            logger.setLevel(logging.INFO)
        logger.addHandler(handler)
    return handler

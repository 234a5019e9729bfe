"""JSON-RPC and LSP life-cycle rules that pygls leaves out, in a protocol subclass and a
read loop of our own:

- a body that is not JSON is answered with -32700 (id null), one that is not a JSON-RPC
  message with -32600;
- a request whose params do not fit the method's types is answered with -32602 and a
  readable message (a malformed notification is logged and dropped);
- before ``initialize``, requests get -32002 and notifications are dropped; after
  ``shutdown``, requests get -32600; ``exit`` ends the process at once with status 0 after
  ``shutdown`` and 1 without, even while a check is running;
- frames are read by :class:`edgegram.lsp_server.framing.FrameParser` (header names in any case,
  resynchronising after a wrong ``Content-Length``);
- a handler's future leaves pygls's table of running handlers when it is done: pygls 2.1
  files every notification's (under a fresh uuid, for its built-in generator handlers and
  our async ones) and never removes it, about 1.9 KB per keystroke for as long as the server
  runs;
- a request the server cancels on purpose (-32802 ServerCancelled: a diagnostic pull whose
  document changed meanwhile), or answers -32801 ContentModified or -32602 (a command's
  arguments are wrong), is answered without pygls's "Exception occurred" traceback: one
  log line.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import re
import sys
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, BinaryIO

import cattrs
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import (
    JsonRPCNotification,
    JsonRPCRequestMessage,
    JsonRPCResponseMessage,
)

from .diagnostics import register_quick_unstructuring
from .framing import FrameParser

log = logging.getLogger(__name__)

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
SERVER_NOT_INITIALIZED = -32002
SERVER_CANCELLED = -32802  # LSP ServerCancelled: the client may retrigger the request
CONTENT_MODIFIED = -32801  # LSP ContentModified
# Errors a handler raises to answer a request as the protocol says, not failures: each is
# logged as one line, without pygls's traceback.
EXPECTED_ERRORS = frozenset({SERVER_CANCELLED, CONTENT_MODIFIED, INVALID_PARAMS})
QUIET_S = 1.0  # a body still incomplete after this long without new bytes is flushed

_SNAKE = re.compile(r"_([a-z])")


@dataclass(frozen=True)
class Malformed:
    """A message that could not be read as the type its method requires."""

    data: dict[str, Any]
    reason: str

    @property
    def is_request(self) -> bool:
        return "id" in self.data and "method" in self.data


def readable_error(error: Exception) -> str:
    """What was wrong with a message's params, with the protocol's (camelCase) field names."""
    try:
        lines = cattrs.transform_error(error, path="$") if isinstance(error, cattrs.BaseValidationError) else [str(error)]
    except Exception:  # transform_error is best effort
        lines = [str(error)]
    return "; ".join(_SNAKE.sub(lambda m: m.group(1).upper(), line) for line in lines) or type(error).__name__


def exit_process(code: int) -> None:
    """End the process now (running checks included), after flushing what was written."""
    from . import generated_code

    generated_code.write_recorded()  # a no-op unless recording (scripts/freeze_server.py)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    os._exit(code)


class EdgegramProtocol(LanguageServerProtocol):
    """pygls's LSP protocol with the rules of the module docstring."""

    def __init__(self, server: Any, converter: Any) -> None:
        super().__init__(server, converter)
        register_quick_unstructuring(converter)
        self.initialize_received = False
        self.on_exit: Callable[[int], None] = exit_process
        self._finished: list[tuple[Any, Any]] = []  # (id, future) of handlers done, to drop from the table

    # ------------------------------------------------------------ running handlers

    def _execute_handler(self, msg_id: Any, handler: Any, callback: Any, args: Any = None, kwargs: Any = None) -> None:
        self._drop_finished()
        super()._execute_handler(msg_id, handler, callback, args, kwargs)
        future = self._request_futures.get(msg_id)
        if future is not None:
            future.add_done_callback(functools.partial(self._forget_future, msg_id))

    def _send_handler_result(self, future: Any, *, msg_id: Any) -> None:
        error = None if future.cancelled() else future.exception()
        if isinstance(error, JsonRpcException) and error.code in EXPECTED_ERRORS:
            self._request_futures.pop(msg_id, None)
            log.info("request %s answered with error %d: %s", msg_id, error.code, error.message)
            self._send_response(msg_id, error=error.to_response_error())
            return
        super()._send_handler_result(future, msg_id=msg_id)

    def _forget_future(self, msg_id: Any, future: Any) -> None:
        """Note a finished handler's future, to be dropped when the next message is handled.
        Not at once: pygls's ``shutdown`` cancels the pending futures while it iterates over
        the table, and a generator handler's future runs this callback inside ``cancel()``."""
        self._finished.append((msg_id, future))

    def _drop_finished(self) -> None:
        """Drop the finished handlers' futures from pygls's table (a request's is already
        gone: pygls pops it when it sends the response)."""
        while self._finished:
            msg_id, future = self._finished.pop()
            if self._request_futures.get(msg_id) is future:
                del self._request_futures[msg_id]

    # ------------------------------------------------------------ reading

    def structure_message(self, data: dict[str, Any]) -> Any:
        """A typed message, or :class:`Malformed` when its params do not fit its method."""
        if not isinstance(data, dict) or "jsonrpc" not in data:
            return data
        try:
            if "id" in data and "method" not in data:
                if "error" in data:
                    return self._converter.structure(data, types.ResponseErrorMessage)
                response_type = self._result_types.pop(data["id"], None) or JsonRPCResponseMessage
                return self._converter.structure(data, response_type)
            method = data.get("method")
            fallback = JsonRPCRequestMessage if "id" in data else JsonRPCNotification
            message_type = (self.get_message_type(method) if isinstance(method, str) else None) or fallback
            return self._converter.structure(data, message_type)
        except Exception as error:
            return Malformed(data, readable_error(error))

    def handle_body(self, body: bytes) -> None:
        """Read one frame's body and handle the message in it."""
        try:
            data = json.loads(body)
        except (ValueError, UnicodeDecodeError) as error:
            log.warning("a message is not JSON: %s", error)
            self.send_error(None, PARSE_ERROR, f"Parse error: {error}")
            return
        if not isinstance(data, dict) or data.get("jsonrpc") != self.VERSION:
            message_id = data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), (int, str)) else None
            self.send_error(
                message_id, INVALID_REQUEST, 'Invalid request: expected a JSON-RPC 2.0 object ({"jsonrpc": "2.0", ...})'
            )
            return
        self.handle_message(self.structure_message(data))

    # ------------------------------------------------------------ answering

    def send_error(self, message_id: int | str | None, code: int, message: str) -> None:
        """An error response (written as a plain object: the converter would drop a null id)."""
        self._send_data({"jsonrpc": self.VERSION, "id": message_id, "error": {"code": code, "message": message}})

    def handle_message(self, message: Any) -> None:
        if isinstance(message, Malformed):
            method = message.data.get("method")
            if message.is_request:
                self.send_error(message.data["id"], INVALID_PARAMS, f"Invalid params for {method}: {message.reason}")
            else:
                log.warning("ignored a malformed %s message: %s", method or "response", message.reason)
            return
        method = getattr(message, "method", None)
        is_request = method is not None and getattr(message, "id", None) is not None
        if method == types.EXIT:
            self.on_exit(0 if self._shutdown else 1)
            return
        if method is not None and not self.initialize_received and method != types.INITIALIZE:
            if is_request:
                self.send_error(
                    message.id, SERVER_NOT_INITIALIZED, f"{method}: the server is not initialized yet (send initialize first)"
                )
            return
        if method is not None and self._shutdown:
            if is_request:
                self.send_error(message.id, INVALID_REQUEST, f"{method}: the server is shut down (only exit is accepted)")
            return
        if method == types.INITIALIZE:
            if self.initialize_received:
                self.send_error(message.id, INVALID_REQUEST, "initialize: the server is already initialized")
                return
            self.initialize_received = True
        super().handle_message(message)


async def serve(read: Callable[[], Awaitable[bytes]], protocol: EdgegramProtocol) -> None:
    """Read frames with ``read()`` (b"" at the end) and hand each body to ``protocol``."""
    parser = FrameParser()
    while True:
        try:
            if parser.waiting_for_body:
                chunk = await asyncio.wait_for(read(), QUIET_S)
            else:
                chunk = await read()
        except asyncio.TimeoutError:
            bodies = parser.flush()
        else:
            if not chunk:
                return
            bodies = parser.feed(chunk)
        for body in bodies:
            try:
                protocol.handle_body(body)
            except Exception:  # one bad message must not end the connection
                log.exception("could not handle a message")
            await asyncio.sleep(0)  # let the handler start before the next message is read


def stream_reader(stream: BinaryIO) -> Callable[[], Awaitable[bytes]]:
    """``read()`` for :func:`serve` over a blocking binary stream, read in a daemon thread
    (so that a pending read never keeps the process alive)."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[bytes] = asyncio.Queue()
    read_some = getattr(stream, "read1", None) or (lambda n: os.read(stream.fileno(), n))

    def pump() -> None:
        while True:
            try:
                chunk = read_some(65536)
            except (OSError, ValueError):
                chunk = b""
            loop.call_soon_threadsafe(queue.put_nowait, chunk)
            if not chunk:
                return

    threading.Thread(target=pump, name="edgegram-stdin", daemon=True).start()
    pending: asyncio.Task[bytes] | None = None

    async def read() -> bytes:
        # A read cut short by the quiet timeout is resumed, not lost.
        nonlocal pending
        if pending is None:
            pending = asyncio.ensure_future(queue.get())
        chunk = await asyncio.shield(pending)
        pending = None
        return chunk

    return read

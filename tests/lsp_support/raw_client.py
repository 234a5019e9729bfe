"""A JSON-RPC client written from the LSP specification, independent of pygls: it frames
messages itself (so a test can also send broken frames), reads the server's output in a
thread, and keeps every message received. Used by tests/lsp_server/test_lsp_conformance.py."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from lsp_support.client import LAUNCHER

TIMEOUT_S = 10.0
Message = dict[str, Any]


def frame(body: bytes, header_name: str = "Content-Length", length: int | None = None) -> bytes:
    """``body`` with its header; ``length`` overrides the true length (to break the frame)."""
    return f"{header_name}: {len(body) if length is None else length}\r\n\r\n".encode("ascii") + body


def encode(message: Message) -> bytes:
    return json.dumps(message).encode("utf-8")


def read_frames(stream, deliver: Callable[[Message], None]) -> None:
    """Read ``Content-Length`` frames from ``stream`` until it ends or is closed (the client
    closes it when a test is over, maybe while this reads; the server's output is well-formed,
    so this reader is strict)."""
    try:
        _read_frames(stream, deliver)
    except ValueError:
        if not stream.closed:
            raise  # not the stream closed under a read ("I/O operation on closed file", "buf must not be NULL")


def _read_frames(stream, deliver: Callable[[Message], None]) -> None:
    while True:
        length = None
        while True:
            line = stream.readline()
            if not line:
                return
            line = line.strip()
            if not line:
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        assert length is not None, "the server sent a frame without Content-Length"
        deliver(json.loads(stream.read(length)))


class RawClient:
    """One server process and the messages it sent; server requests are answered by
    ``answers`` (method -> result function), except those named in ``unanswered``. The server is
    the rule server unless ``command`` names another (then ``data_dir`` and ``server_args`` are unused)."""

    def __init__(
        self,
        data_dir: Path,
        server_args: Sequence[str] = (),
        unanswered: Sequence[str] = (),
        command: Sequence[str] | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.process = subprocess.Popen(
            list(command or [sys.executable, str(LAUNCHER), "--data-dir", str(data_dir), *server_args]),
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.received: list[Message] = []
        self.unanswered = set(unanswered)
        self.answers: dict[str, Callable[[Any], Any]] = {}
        self._changed = threading.Condition()
        self._next_id = 0
        self._stderr: queue.SimpleQueue[bytes] = queue.SimpleQueue()
        threading.Thread(target=read_frames, args=(self.process.stdout, self._deliver), daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _drain_stderr(self) -> None:
        for line in self.process.stderr:
            self._stderr.put(line)

    def stderr(self) -> str:
        lines = []
        while not self._stderr.empty():
            lines.append(self._stderr.get().decode("utf-8", "replace"))
        return "".join(lines)

    def _deliver(self, message: Message) -> None:
        with self._changed:
            self.received.append(message)
            self._changed.notify_all()
        method = message.get("method")
        if "id" in message and method and method not in self.unanswered:
            answer = self.answers.get(method, lambda params: None)
            self.send({"jsonrpc": "2.0", "id": message["id"], "result": answer(message.get("params"))})

    # ------------------------------------------------------------ sending

    def send_bytes(self, data: bytes) -> None:
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: Message) -> None:
        self.send_bytes(frame(encode(message)))

    def request(self, method: str, params: Any = None, *, send: bool = True) -> int:
        """Send a request; returns its id."""
        self._next_id += 1
        if send:
            self.send({"jsonrpc": "2.0", "id": self._next_id, "method": method, "params": params})
        return self._next_id

    def notify(self, method: str, params: Any = None) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    # ------------------------------------------------------------ waiting

    def wait_for(self, condition: Callable[[Message], bool], what: str, timeout_s: float = TIMEOUT_S) -> Message:
        """The first message received (so far or from now on) that meets ``condition``."""
        deadline = time.monotonic() + timeout_s
        with self._changed:
            while True:
                found = next((m for m in self.received if condition(m)), None)
                if found is not None:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"timed out waiting for {what}; stderr:\n{self.stderr()[-3000:]}")
                self._changed.wait(left)

    def response(self, message_id: Any, timeout_s: float = TIMEOUT_S) -> Message:
        return self.wait_for(
            lambda m: m.get("id") == message_id and "method" not in m, f"the response to {message_id!r}", timeout_s
        )

    def call(self, method: str, params: Any = None, timeout_s: float = TIMEOUT_S) -> Message:
        """Send a request and wait for its response."""
        return self.response(self.request(method, params), timeout_s)

    def notifications(self, method: str) -> list[Message]:
        with self._changed:
            return [m for m in self.received if m.get("method") == method and "id" not in m]

    def published(self, uri: str, version: int, timeout_s: float = TIMEOUT_S) -> list[Message]:
        """The diagnostics first published for ``uri`` at ``version``."""
        return self.wait_for(
            lambda m: (
                m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == uri
                and m["params"].get("version") == version
            ),
            f"diagnostics of {uri} version {version}",
            timeout_s,
        )["params"]["diagnostics"]

    # ------------------------------------------------------------ life cycle

    def initialize(
        self, capabilities: dict[str, Any] | None = None, options: Any = None, timeout_s: float = TIMEOUT_S
    ) -> Message:
        result = self.call(
            "initialize",
            {"processId": None, "rootUri": None, "capabilities": capabilities or {}, "initializationOptions": options},
            timeout_s,
        )
        assert "result" in result, result
        self.notify("initialized", {})
        return result

    def open(self, uri: str, text: str, version: int = 1, language: str = "plaintext") -> None:
        self.notify(
            "textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": language, "version": version, "text": text}}
        )

    def exit_code(self, timeout_s: float = TIMEOUT_S) -> int | None:
        try:
            return self.process.wait(timeout_s)
        except subprocess.TimeoutExpired:
            return None

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                stream.close()
            except OSError:
                pass

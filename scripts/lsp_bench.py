"""Language-server benchmark: ``python scripts/lsp_bench.py [--json OUT]``.

Drives a real ``edgegram serve`` subprocess over stdio with a minimal LSP client and prints:

1. ``page``: initialize -> first diagnostics of a one-page document, model load included
   (also from process start, and the server's CPU time by then);
2. ``edits``: a one-character edit in a 10,000-word document and in a one-page document:
   time from the ``didChange`` to the diagnostics of that version, minus the debounce
   (median and 95th percentile);
3. ``many``: 20 documents of ~500 words opened at once: when each gets its first
   diagnostics and its complete ones, server RSS;
4. ``techdocs``: the 14 techdocs dev chapters opened and checked: peak RSS, then closed:
   RSS 30 s later beside the RSS after the model load (before any document was opened);
5. ``paragraph``: one paragraph of 2,000 sentences (one line of ~175,000 characters): its
   first check, a one-character edit -> diagnostics (minus the debounce), a quick-fix code
   action carrying 200 diagnostics, and "fix all";
6. ``reopen``: a 10,000-word document checked, the server restarted, the document opened
   again: time to all its diagnostics (this one measures the persistent sentence cache).

Every server starts on a fresh, empty result-cache folder (the persistent sentence cache),
so no scenario reuses another's work, but for ``reopen``, whose second server shares its
first's folder on purpose. Each scenario also prints the server's peak RSS (VmHWM).

``--scenarios page,edits,...`` picks which run (default: all); ``--server-python PY`` runs
the servers with another interpreter (another install of edgegram, e.g. an older commit's
venv, to compare in one run); ``--server "build/frozen/edgegram/edgegram serve"`` runs another
server command line (the frozen one of scripts/freeze_server.py).

Documents are made of BEA-19 dev sentences from ``../shared/data/dev`` (so the model has
real errors to find); without ``../shared`` the script says so and exits with status 2.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import shlex
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from edgegram.lsp_server.positions import LineIndex

# ---------------------------------------------------------------- documents


def dev_sentences(shared: Path | None) -> list[str]:
    """Detokenised BEA-19 dev source sentences (``shared``: None for the default folder)."""
    from edgegram.engine.core.errors import DataError
    from edgegram.engine.core.m2 import read_m2
    from edgegram.engine.core.shared_data import DEV_M2_SETS, shared_root

    try:
        return [sentence.source_text for sentence in read_m2(shared_root(shared) / "data" / DEV_M2_SETS["bea19"])]
    except DataError as error:
        sys.exit(f"error: {error}: this benchmark needs ../shared (or --shared DIR)")


def document(sentences: list[str], words: int, per_paragraph: int = 5) -> str:
    """Paragraphs of ``per_paragraph`` sentences, about ``words`` words in all."""
    chosen, count = [], 0
    for s in sentences:
        if count >= words:
            break
        chosen.append(s)
        count += len(s.split())
    paragraphs = [" ".join(chosen[i : i + per_paragraph]) for i in range(0, len(chosen), per_paragraph)]
    return "\n\n".join(paragraphs) + "\n"


# ---------------------------------------------------------------- client


class Client:
    """Just enough LSP over stdio: requests, notifications, diagnostics per (uri, version)."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.next_id = 0
        self.pending: dict[int, asyncio.Future] = {}
        self.diagnostics: dict[str, list[tuple[float, int | None, list]]] = {}
        self.messages: list[str] = []  # window/showMessage texts
        self.logs: list[str] = []  # window/logMessage texts
        self.progress_ends: list[tuple[float, str]] = []  # (arrival, message) of each $/progress end
        self.progress_begins: list[float] = []  # arrival of each $/progress begin
        self.reader = asyncio.create_task(self._read())
        self.own_cache: tempfile.TemporaryDirectory | None = None  # the result cache, when the server has its own

    async def _read(self) -> None:
        stream = self.proc.stdout
        while True:
            header = await stream.readuntil(b"\r\n\r\n")
            length = int(next(h for h in header.decode().split("\r\n") if h.lower().startswith("content-length")).split(":")[1])
            msg = json.loads(await stream.readexactly(length))
            now = time.perf_counter()
            if "id" in msg and "method" in msg:  # a request from the server
                await self._answer(msg)
            elif "id" in msg:
                fut = self.pending.pop(msg["id"], None)
                if fut and not fut.done():
                    fut.set_result(msg)
            elif msg.get("method") == "textDocument/publishDiagnostics":
                p = msg["params"]
                self.diagnostics.setdefault(p["uri"], []).append((now, p.get("version"), p["diagnostics"]))
            elif msg.get("method") == "window/showMessage":
                self.messages.append(msg["params"]["message"])
            elif msg.get("method") == "window/logMessage":
                self.logs.append(msg["params"]["message"])
            elif msg.get("method") == "$/progress" and msg["params"]["value"].get("kind") == "end":
                self.progress_ends.append((now, str(msg["params"]["value"].get("message"))))
            elif msg.get("method") == "$/progress" and msg["params"]["value"].get("kind") == "begin":
                self.progress_begins.append(now)

    async def _answer(self, msg: dict) -> None:
        result: Any = None
        if msg["method"] == "workspace/configuration":
            result = [None for _ in msg["params"]["items"]]
        self._send({"jsonrpc": "2.0", "id": msg["id"], "result": result})

    def _send(self, msg: dict) -> None:
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    async def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        fut = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = fut
        self._send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return (await asyncio.wait_for(fut, 120))["result"]

    def notify(self, method: str, params: Any) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    async def published(self, uri: str, version: int, timeout: float = 300) -> tuple[float, list]:
        """Arrival time and diagnostics of the first publish for ``uri`` at ``version``."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            for t, v, diags in self.diagnostics.get(uri, []):
                if v == version:
                    return t, diags
            await asyncio.sleep(0.002)
        raise TimeoutError(f"no diagnostics for {uri} version {version}")

    async def drained(self, timeout: float = 600) -> float:
        """Arrival time of the end of the server's "Checking documents" progress: every check
        of a burst of documents is done (a client with ``window.workDoneProgress``)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            for t, message in self.progress_ends:
                if message.startswith("Checked "):
                    return t
            await asyncio.sleep(0.01)
        raise TimeoutError("the server's queue never drained")

    async def last_publishes(self, uris: list[str], version: int, grace_s: float = 1.0) -> list[float]:
        """Arrival time of each document's last publish at ``version``, once the server's
        queue has drained (a check's results are published just after it leaves the queue)."""
        await self.drained()
        await asyncio.sleep(grace_s)
        return [max(t for t, v, _ in self.diagnostics.get(uri, []) if v == version) for uri in uris]

    async def settled(self, uri: str, version: int, quiet_s: float = 3.0) -> tuple[float, float, list]:
        """Arrival times of the first and the last publish for ``uri`` at ``version``, and the
        last diagnostics. A check that runs a second shows work-done progress (a client
        initialized with ``progress=True``): its last publish is the first after that progress
        ended. A shorter check's is the one followed by ``quiet_s`` without another (too short
        a wait for a long check: its last piece can take longer than that without a publish)."""
        first, _ = await self.published(uri, version)
        while True:
            arrivals = [(t, d) for t, v, d in self.diagnostics.get(uri, []) if v == version]
            ends = [t for t, message in self.progress_ends if t >= first and message == "Done"]
            if ends:
                after = [(t, d) for t, d in arrivals if t >= ends[0]]
                if after:
                    return first, after[0][0], after[0][1]
            elif not any(t >= first for t in self.progress_begins) and time.perf_counter() - arrivals[-1][0] >= quiet_s:
                return first, arrivals[-1][0], arrivals[-1][1]
            await asyncio.sleep(0.01)

    async def complete(self, uri: str, version: int, expected: list, timeout: float = 300) -> tuple[float, list]:
        """Arrival time of the first publish for ``uri`` at ``version`` equal to ``expected``."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            for t, v, diags in self.diagnostics.get(uri, []):
                if v == version and diags == expected:
                    return t, diags
            await asyncio.sleep(0.002)
        raise TimeoutError(f"{uri} version {version} never got the expected {len(expected)} diagnostics")

    def cpu_s(self) -> float:
        """The server's CPU time so far, user + system, its threads included (Linux /proc)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> tuple[float, float]:
        """Server RSS now and peak, MB (Linux /proc)."""
        fields = {}
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            fields[key] = value
        return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


@dataclass(frozen=True)
class ServerCommand:
    """How to start a server: the interpreter that runs ``-m edgegram serve``, or a whole
    command line (``argv``)."""

    python: str = sys.executable
    argv: tuple[str, ...] = ()

    def line(self) -> list[str]:
        return list(self.argv) or [self.python, "-m", "edgegram", "serve"]


async def start(command: ServerCommand, cache: str | None = None) -> tuple[Client, float]:
    """A server process whose persistent result cache is ``cache``, else a fresh folder of
    its own (removed when the server stops), in which the language-identification model is the
    one unpacked copy every bench server shares: edgegram unpacks it once per machine, as for a
    writer (into ``$XDG_CACHE_HOME/edgegram/langid``: edgegram.engine.prose.language_id); the
    first server to meet a foreign paragraph unpacks it."""
    own_cache = None if cache else tempfile.TemporaryDirectory(prefix="edgegram-bench-cache-")
    if own_cache is not None:
        shared = Path(tempfile.gettempdir()) / "edgegram-bench-langid"
        shared.mkdir(exist_ok=True)
        (Path(own_cache.name) / "edgegram").mkdir()
        (Path(own_cache.name) / "edgegram" / "langid").symlink_to(shared, target_is_directory=True)
    env = {**os.environ, "XDG_CACHE_HOME": cache or own_cache.name}  # type: ignore[union-attr]
    t0 = time.perf_counter()
    proc = await asyncio.create_subprocess_exec(
        *command.line(),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        limit=1 << 24,
        env=env,
        cwd=tempfile.gettempdir(),  # not a checkout, whose folders could shadow the installed package
    )
    client = Client(proc)
    client.own_cache = own_cache
    return client, t0


async def initialize(client: Client, settings: dict, progress: bool = False) -> float:
    """``progress``: the client shows work-done progress (the server then reports when a burst
    of checks is done: :meth:`Client.drained`)."""
    t = time.perf_counter()
    capabilities = {"window": {"workDoneProgress": True}} if progress else {}
    await client.request(
        "initialize",
        {"processId": os.getpid(), "rootUri": None, "capabilities": capabilities, "initializationOptions": settings},
    )
    client.notify("initialized", {})
    return t


async def checker_ready(client: Client, timeout: float = 120) -> None:
    """Wait until the server has loaded its model (its 'checker ready' log line)."""
    deadline = time.perf_counter() + timeout
    while not any("checker ready" in m for m in client.logs):
        if time.perf_counter() > deadline:
            raise TimeoutError("the server did not load its model")
        await asyncio.sleep(0.005)


async def stop(client: Client) -> float:
    """Stop the server; its peak RSS (MB) just before."""
    peak = client.rss_mb()[1]
    try:
        await client.request("shutdown", None)
        client.notify("exit", None)
        await asyncio.wait_for(client.proc.wait(), 10)
    except Exception:
        client.proc.kill()
    client.reader.cancel()
    if client.own_cache is not None:
        client.own_cache.cleanup()
    return round(peak, 1)


def open_doc(client: Client, uri: str, text: str) -> None:
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}})


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


# ---------------------------------------------------------------- scenarios


@dataclass
class Results:
    server: str = ""  # the command line that started the servers
    peak_rss_mb: dict[str, float] = field(default_factory=dict)  # per scenario: the server's VmHWM
    first_diagnostics_from_initialize_s: float = 0.0
    first_diagnostics_from_process_start_s: float = 0.0
    first_diagnostics_server_cpu_s: float = 0.0  # the server's CPU time then (wall time says little on a loaded machine)
    one_page_words: int = 0
    one_page_diagnostics: int = 0
    big_document_words: int = 0
    big_document_first_check_s: float = 0.0  # didOpen (model loaded) -> first (partial) diagnostics
    big_document_last_diagnostics_s: float = 0.0  # didOpen -> the complete diagnostics
    debounce_ms: int = 300
    edit_to_diagnostics_ms: list[float] = field(default_factory=list)
    edit_to_diagnostics_minus_debounce_ms: list[float] = field(default_factory=list)
    page_edit_minus_debounce_ms: list[float] = field(default_factory=list)  # the same in a one-page document
    many_documents: int = 0
    many_documents_words: int = 0
    many_first_publish_s: list[float] = field(default_factory=list)  # per document, from the first didOpen
    many_complete_s: list[float] = field(default_factory=list)  # per document: its last publish
    many_rss_mb: float = 0.0
    techdocs_documents: int = 0
    techdocs_words: int = 0
    techdocs_loaded_rss_mb: float = 0.0  # the model loaded, nothing open
    techdocs_all_checked_s: float = 0.0
    techdocs_open_rss_mb: float = 0.0  # all open and checked
    techdocs_closed_rss_mb: float = 0.0  # 30 s after closing them
    paragraph_sentences: int = 0
    paragraph_chars: int = 0
    paragraph_diagnostics: int = 0
    paragraph_first_check_s: float = 0.0
    paragraph_edit_minus_debounce_ms: list[float] = field(default_factory=list)
    paragraph_code_action_200_ms: list[float] = field(default_factory=list)
    paragraph_fix_all_ms: list[float] = field(default_factory=list)
    reopen_words: int = 0
    reopen_first_open_s: float = 0.0
    reopen_after_restart_s: float = 0.0
    reopen_after_restart_from_process_start_s: float = 0.0
    reopen_diagnostics: int = 0


async def first_diagnostics(command: ServerCommand, sentences: list[str], r: Results) -> None:
    page = document(sentences, 500)
    client, t_proc = await start(command)
    t_init = await initialize(client, {})
    open_doc(client, "file:///bench/page.md", page)
    t, diags = await client.published("file:///bench/page.md", 1)
    r.first_diagnostics_from_initialize_s = round(t - t_init, 3)
    r.first_diagnostics_from_process_start_s = round(t - t_proc, 3)
    r.first_diagnostics_server_cpu_s = round(client.cpu_s(), 2)
    r.one_page_words, r.one_page_diagnostics = len(page.split()), len(diags)
    r.peak_rss_mb["page"] = await stop(client)


async def timed_edits(client: Client, uri: str, text: str, edits: int, debounce_ms: int, version: int = 1) -> list[float]:
    """``edits`` one-character insertions at paragraph starts of the open document ``text``:
    milliseconds from each ``didChange`` to the diagnostics of its version, minus the debounce."""
    paragraph_starts = [i + 2 for i in range(len(text)) if text.startswith("\n\n", i)] or [0]
    times = []
    for n in range(edits):
        offset = paragraph_starts[(n * 7919) % len(paragraph_starts)]  # start of some paragraph
        version += 1
        at = LineIndex(text).position(offset)  # the server's own UTF-16 conversion
        pos = {"line": at.line, "character": at.character}
        text = text[:offset] + "A" + text[offset:]  # one character typed
        t_edit = time.perf_counter()
        client.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": pos, "end": pos}, "text": "A"}],
            },
        )
        t, _ = await client.published(uri, version)
        times.append(round((t - t_edit) * 1000 - debounce_ms, 1))
    return times


async def one_char_edits(command: ServerCommand, sentences: list[str], r: Results, edits: int) -> None:
    text = document(sentences[600:], 10_000)
    page = document(sentences[300:], 500)
    r.big_document_words = len(text.split())
    uri, page_uri = "file:///bench/big.md", "file:///bench/edited-page.md"
    client, _ = await start(command)
    await initialize(client, {"debounceMs": r.debounce_ms}, progress=True)
    await checker_ready(client)  # the document opened in a running server (the page scenario times the model's load)
    t0 = time.perf_counter()
    open_doc(client, uri, text)
    t, t_last, _ = await client.settled(uri, 1)
    r.big_document_first_check_s = round(t - t0, 3)
    r.big_document_last_diagnostics_s = round(t_last - t0, 3)
    r.edit_to_diagnostics_minus_debounce_ms = await timed_edits(client, uri, text, edits, r.debounce_ms)
    r.edit_to_diagnostics_ms = [round(ms + r.debounce_ms, 1) for ms in r.edit_to_diagnostics_minus_debounce_ms]
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    open_doc(client, page_uri, page)
    await client.settled(page_uri, 1)
    r.page_edit_minus_debounce_ms = await timed_edits(client, page_uri, page, edits, r.debounce_ms)
    r.peak_rss_mb["edits"] = await stop(client)


async def many_documents(command: ServerCommand, sentences: list[str], r: Results, count: int = 20) -> None:
    """``count`` documents of ~500 words opened at once, once the model is loaded."""
    client, _ = await start(command)
    await initialize(client, {}, progress=True)
    await checker_ready(client)
    uris = [f"file:///bench/doc{i}.md" for i in range(count)]
    t0 = time.perf_counter()
    for i, uri in enumerate(uris):
        page = document(sentences[1200 + 30 * i :], 500)
        r.many_documents_words += len(page.split())
        open_doc(client, uri, page)
    firsts = await asyncio.gather(*(client.published(uri, 1) for uri in uris))
    lasts = await client.last_publishes(uris, 1)
    r.many_documents = count
    r.many_first_publish_s = [round(first - t0, 3) for first, _ in firsts]
    r.many_complete_s = [round(last - t0, 3) for last in lasts]
    r.many_rss_mb = round(client.rss_mb()[0], 1)
    r.peak_rss_mb["many"] = await stop(client)


def techdocs_chapters(shared: Path | None) -> list[Path]:
    from edgegram.engine.core.shared_data import shared_root

    folder = shared_root(shared) / "data" / "dev" / "techdocs" / "rust-book"
    chapters = sorted(folder.glob("*.md"))
    if not chapters:
        sys.exit(f"error: no techdocs chapters in {folder}: this scenario needs ../shared (or --shared DIR)")
    return chapters


async def techdocs(command: ServerCommand, chapters: list[Path], r: Results, quiet_s: float = 30.0) -> None:
    """The chapters opened together and checked, then closed: RSS with them open and
    ``quiet_s`` after, beside the RSS of the loaded model before any was opened."""
    client, _ = await start(command)
    await initialize(client, {}, progress=True)
    await checker_ready(client)
    await asyncio.sleep(1.0)
    r.techdocs_loaded_rss_mb = round(client.rss_mb()[0], 1)
    t0 = time.perf_counter()
    uris = []
    for chapter in chapters:
        uri = chapter.resolve().as_uri()
        uris.append(uri)
        text = chapter.read_text(encoding="utf-8")
        r.techdocs_words += len(text.split())
        open_doc(client, uri, text)
    await asyncio.gather(*(client.published(uri, 1) for uri in uris))
    lasts = await client.last_publishes(uris, 1)
    r.techdocs_documents = len(uris)
    r.techdocs_all_checked_s = round(max(lasts) - t0, 2)
    r.techdocs_open_rss_mb = round(client.rss_mb()[0], 1)
    for uri in uris:
        client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    await asyncio.sleep(quiet_s)
    r.techdocs_closed_rss_mb = round(client.rss_mb()[0], 1)
    r.peak_rss_mb["techdocs"] = await stop(client)


async def one_paragraph(command: ServerCommand, sentences: list[str], r: Results, edits: int) -> None:
    text = " ".join(sentences[:2000]) + "\n"
    r.paragraph_sentences, r.paragraph_chars = min(2000, len(sentences)), len(text)
    uri = "file:///bench/paragraph.txt"
    client, _ = await start(command)
    await initialize(client, {"debounceMs": r.debounce_ms})
    t0 = time.perf_counter()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "plaintext", "version": 1, "text": text}})
    t, diagnostics = await client.published(uri, 1, timeout=900)
    r.paragraph_first_check_s = round(t - t0, 2)
    r.paragraph_diagnostics = len(diagnostics)
    sentence_starts = [i + 1 for i in range(len(text)) if text.startswith(". ", i)]
    for n in range(edits):
        offset = sentence_starts[(n * 7919) % len(sentence_starts)]
        version = n + 2
        at = LineIndex(text).position(offset)
        pos = {"line": at.line, "character": at.character}
        text = text[:offset] + "A" + text[offset:]
        t_edit = time.perf_counter()
        client.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": pos, "end": pos}, "text": "A"}],
            },
        )
        t, diagnostics = await client.published(uri, version, timeout=900)
        r.paragraph_edit_minus_debounce_ms.append(round((t - t_edit) * 1000 - r.debounce_ms, 1))
    chosen = diagnostics[-200:]
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}
    for _ in range(3):
        t_ask = time.perf_counter()
        await client.request(
            "textDocument/codeAction",
            {"textDocument": {"uri": uri}, "range": whole, "context": {"diagnostics": chosen, "only": ["quickfix"]}},
        )
        r.paragraph_code_action_200_ms.append(round((time.perf_counter() - t_ask) * 1000, 1))
        t_ask = time.perf_counter()
        await client.request(
            "textDocument/codeAction",
            {"textDocument": {"uri": uri}, "range": whole, "context": {"diagnostics": [], "only": ["source.fixAll.edgegram"]}},
        )
        r.paragraph_fix_all_ms.append(round((time.perf_counter() - t_ask) * 1000, 1))
    r.peak_rss_mb["paragraph"] = await stop(client)


async def reopen_after_restart(command: ServerCommand, sentences: list[str], r: Results) -> None:
    """A 10,000-word document checked by one server, then opened in a fresh server that
    has loaded its model: time from didOpen to all its diagnostics (persistent cache)."""
    text = document(sentences[1800:], 10_000)
    r.reopen_words = len(text.split())
    uri = "file:///bench/reopen.md"
    with tempfile.TemporaryDirectory(prefix="edgegram-bench-cache-") as cache:
        client, _ = await start(command, cache)
        await initialize(client, {}, progress=True)
        t0 = time.perf_counter()
        open_doc(client, uri, text)
        _, t, first = await client.settled(uri, 1)  # the complete diagnostics, not a partial publish
        r.reopen_first_open_s = round(t - t0, 2)
        await stop(client)
        client, t_process = await start(command, cache)
        await initialize(client, {})
        await checker_ready(client)
        t0 = time.perf_counter()
        open_doc(client, uri, text)
        t, again = await client.complete(uri, 1, first)
        r.reopen_after_restart_s = round(t - t0, 3)
        r.reopen_after_restart_from_process_start_s = round(t - t_process, 2)
        r.reopen_diagnostics = len(again)
        r.peak_rss_mb["reopen"] = await stop(client)


SCENARIOS = ("page", "edits", "many", "techdocs", "paragraph", "reopen")


async def run(shared: Path | None, edits: int, scenarios: tuple[str, ...], command: ServerCommand) -> Results:
    sentences = dev_sentences(shared)
    r = Results(server=shlex.join(command.line()))
    if "page" in scenarios:
        print("initialize -> first diagnostics (one page)...", file=sys.stderr)
        await first_diagnostics(command, sentences, r)
    if "edits" in scenarios:
        print("one-character edits in a 10,000-word and a one-page document...", file=sys.stderr)
        await one_char_edits(command, sentences, r, edits)
    if "many" in scenarios:
        print("20 documents opened at once...", file=sys.stderr)
        await many_documents(command, sentences, r)
    if "techdocs" in scenarios:
        print("the techdocs chapters opened, checked and closed...", file=sys.stderr)
        await techdocs(command, techdocs_chapters(shared), r)
    if "paragraph" in scenarios:
        print("one paragraph of 2,000 sentences...", file=sys.stderr)
        await one_paragraph(command, sentences, r, edits)
    if "reopen" in scenarios:
        print("re-opening a checked document after a server restart...", file=sys.stderr)
        await reopen_after_restart(command, sentences, r)
    return r


def server_line(command: str) -> tuple[str, ...]:
    """``--server``'s command line, its program an absolute path (the servers run in /tmp)."""
    argv = shlex.split(command)
    return (str(Path(argv[0]).absolute()), *argv[1:]) if argv else ()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shared", type=Path, default=None, help="the shared data folder (default $EDGEGRAM_SHARED, else ../shared)")
    p.add_argument("--edits", type=int, default=10, help="one-character edits timed in each edited document")
    p.add_argument("--json", type=Path, default=None)
    p.add_argument("--scenarios", default=",".join(SCENARIOS), help=f"comma-separated, of {', '.join(SCENARIOS)}")
    p.add_argument("--server-python", default=sys.executable, help="the interpreter that runs the servers (default: this one)")
    p.add_argument("--server", default="", help="the servers' whole command line instead (e.g. a frozen edgegram serve)")
    a = p.parse_args()
    scenarios = tuple(x.strip() for x in a.scenarios.split(",") if x.strip())
    unknown = set(scenarios) - set(SCENARIOS)
    if unknown:
        p.error(f"unknown scenarios {sorted(unknown)}")
    server = ServerCommand(str(Path(a.server_python).absolute()), server_line(a.server))
    r = asyncio.run(run(a.shared, a.edits, scenarios, server))
    report(r, scenarios)
    if a.json:
        a.json.write_text(json.dumps(asdict(r), indent=2) + "\n")
    return 0


def _spread(ms: list[float]) -> str:
    return f"median {statistics.median(ms):.0f} ms, p95 {percentile(ms, 0.95):.0f} ms, max {max(ms):.0f} ms over {len(ms)} edits"


def report(r: Results, scenarios: tuple[str, ...]) -> None:
    print(f"server: {r.server}")
    if "page" in scenarios:
        print(
            f"initialize -> first diagnostics, one page ({r.one_page_words} words, {r.one_page_diagnostics} diagnostics), "
            f"model load included: {r.first_diagnostics_from_initialize_s:.2f} s "
            f"({r.first_diagnostics_from_process_start_s:.2f} s from process start; "
            f"server CPU then {r.first_diagnostics_server_cpu_s:.2f} s)"
        )
    if "edits" in scenarios:
        print(
            f"{r.big_document_words}-word document opened in a running server: "
            f"first diagnostics after {r.big_document_first_check_s:.2f} s, "
            f"all after {r.big_document_last_diagnostics_s:.1f} s; one-character edit -> diagnostics, after the "
            f"{r.debounce_ms} ms debounce: {_spread(r.edit_to_diagnostics_minus_debounce_ms)}; "
            f"in a one-page document: {_spread(r.page_edit_minus_debounce_ms)}"
        )
    if "many" in scenarios:
        print(
            f"{r.many_documents} documents ({r.many_documents_words} words) opened at once: first diagnostics of each "
            f"after {min(r.many_first_publish_s):.2f}-{max(r.many_first_publish_s):.2f} s (median "
            f"{statistics.median(r.many_first_publish_s):.2f} s), all complete after {max(r.many_complete_s):.2f} s; "
            f"server RSS {r.many_rss_mb:.0f} MB"
        )
    if "techdocs" in scenarios:
        print(
            f"{r.techdocs_documents} techdocs chapters ({r.techdocs_words} words) opened together: all checked after "
            f"{r.techdocs_all_checked_s:.1f} s; RSS {r.techdocs_loaded_rss_mb:.0f} MB with the model loaded, "
            f"{r.techdocs_open_rss_mb:.0f} MB with them open, peak {r.peak_rss_mb.get('techdocs', 0):.0f} MB; "
            f"{r.techdocs_closed_rss_mb:.0f} MB 30 s after closing them "
            f"({100 * (r.techdocs_closed_rss_mb / r.techdocs_loaded_rss_mb - 1):+.0f}% of the loaded model's)"
        )
    if "paragraph" in scenarios:
        ms, actions, fix_all = r.paragraph_edit_minus_debounce_ms, r.paragraph_code_action_200_ms, r.paragraph_fix_all_ms
        print(
            f"one paragraph of {r.paragraph_sentences} sentences ({r.paragraph_chars} characters, one line): first check "
            f"{r.paragraph_first_check_s:.1f} s, {r.paragraph_diagnostics} diagnostics; one-character edit -> diagnostics "
            f"after the debounce: {_spread(ms)}; "
            f"code action over {min(200, r.paragraph_diagnostics)} diagnostics: median {statistics.median(actions):.0f} ms; "
            f"fix all: median {statistics.median(fix_all):.0f} ms"
        )
    if "reopen" in scenarios:
        print(
            f"{r.reopen_words}-word document: first open {r.reopen_first_open_s:.1f} s to its diagnostics; "
            f"re-opened after a server restart (model loaded, persistent cache): {r.reopen_after_restart_s * 1000:.0f} ms "
            f"to all {r.reopen_diagnostics} diagnostics "
            f"({r.reopen_after_restart_from_process_start_s:.2f} s from process start)"
        )
    peaks = ", ".join(f"{name} {mb:.0f} MB" for name, mb in r.peak_rss_mb.items())
    print(f"peak server RSS (VmHWM) per scenario: {peaks}")


if __name__ == "__main__":
    sys.exit(main())

"""Language-server benchmark: ``python scripts/lsp_bench.py [--json OUT]``.

Drives a real ``edgegram serve`` subprocess over stdio with a minimal LSP client and prints:

1. initialize -> first diagnostics of a one-page document, model load included
   (also from process start);
2. a one-character edit in a 10,000-word document: time from the ``didChange`` to the
   diagnostics of that version, and the same minus the debounce;
3. server memory (RSS now and peak) with 20 documents open and checked;
4. one paragraph of 2,000 sentences (one line of ~175,000 characters): its first check,
   a one-character edit -> diagnostics (minus the debounce), a quick-fix code action
   carrying 200 diagnostics, and "fix all";
5. a 10,000-word document checked, the server restarted, the document opened again: time
   to all its diagnostics (the persistent sentence cache; a fresh cache folder is used).

``--scenarios page,edits,memory,paragraph,reopen`` picks which run (default: all).

Documents are made of BEA-19 dev sentences from ``../shared/data/dev`` (so the model has
real errors to find); without ``../shared`` the script says so and exits with status 2.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
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
    from edgegram.engine.errors import DataError
    from edgegram.engine.m2 import read_m2
    from edgegram.engine.shared_data import DEV_M2_SETS, shared_root

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
        self.reader = asyncio.create_task(self._read())

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

    async def settled(self, uri: str, version: int, quiet_s: float = 3.0) -> tuple[float, float, list]:
        """Arrival times of the first and the last publish for ``uri`` at ``version`` (the
        last being followed by ``quiet_s`` without another), and the last diagnostics."""
        first, _ = await self.published(uri, version)
        while True:
            arrivals = [(t, d) for t, v, d in self.diagnostics.get(uri, []) if v == version]
            if time.perf_counter() - arrivals[-1][0] >= quiet_s:
                return first, arrivals[-1][0], arrivals[-1][1]
            await asyncio.sleep(0.05)

    async def complete(self, uri: str, version: int, expected: list, timeout: float = 300) -> tuple[float, list]:
        """Arrival time of the first publish for ``uri`` at ``version`` equal to ``expected``."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            for t, v, diags in self.diagnostics.get(uri, []):
                if v == version and diags == expected:
                    return t, diags
            await asyncio.sleep(0.002)
        raise TimeoutError(f"{uri} version {version} never got the expected {len(expected)} diagnostics")

    def rss_mb(self) -> tuple[float, float]:
        """Server RSS now and peak, MB (Linux /proc)."""
        fields = {}
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            fields[key] = value
        return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


_CACHE = tempfile.TemporaryDirectory(prefix="edgegram-bench-cache-")  # not the user's results


async def start(settings: dict, env: dict[str, str] | None = None) -> tuple[Client, float]:
    """A server process; its persistent result cache is a fresh folder unless ``env`` says."""
    env = {"XDG_CACHE_HOME": _CACHE.name, **(env or {})}
    t0 = time.perf_counter()
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "edgegram",
        "serve",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        limit=1 << 24,
        env={**os.environ, **env},
    )
    return Client(proc), t0


async def initialize(client: Client, settings: dict) -> float:
    t = time.perf_counter()
    await client.request(
        "initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}, "initializationOptions": settings}
    )
    client.notify("initialized", {})
    return t


async def stop(client: Client) -> None:
    try:
        await client.request("shutdown", None)
        client.notify("exit", None)
        await asyncio.wait_for(client.proc.wait(), 10)
    except Exception:
        client.proc.kill()
    client.reader.cancel()


def open_doc(client: Client, uri: str, text: str) -> None:
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}})


# ---------------------------------------------------------------- scenarios


@dataclass
class Results:
    first_diagnostics_from_initialize_s: float = 0.0
    first_diagnostics_from_process_start_s: float = 0.0
    one_page_words: int = 0
    one_page_diagnostics: int = 0
    big_document_words: int = 0
    big_document_first_check_s: float = 0.0  # didOpen -> first (partial) diagnostics
    big_document_last_diagnostics_s: float = 0.0  # didOpen -> the complete diagnostics
    debounce_ms: int = 300
    edit_to_diagnostics_ms: list[float] = field(default_factory=list)
    edit_to_diagnostics_minus_debounce_ms: list[float] = field(default_factory=list)
    twenty_documents_rss_mb: float = 0.0
    twenty_documents_peak_rss_mb: float = 0.0
    twenty_documents_words: int = 0
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


async def first_diagnostics(sentences: list[str], r: Results) -> None:
    page = document(sentences, 500)
    client, t_proc = await start({})
    t_init = await initialize(client, {})
    open_doc(client, "file:///bench/page.md", page)
    t, diags = await client.published("file:///bench/page.md", 1)
    r.first_diagnostics_from_initialize_s = round(t - t_init, 3)
    r.first_diagnostics_from_process_start_s = round(t - t_proc, 3)
    r.one_page_words, r.one_page_diagnostics = len(page.split()), len(diags)
    await stop(client)


async def one_char_edits(sentences: list[str], r: Results, edits: int) -> None:
    text = document(sentences[600:], 10_000)
    r.big_document_words = len(text.split())
    uri = "file:///bench/big.md"
    client, _ = await start({})
    await initialize(client, {"debounceMs": r.debounce_ms})
    t0 = time.perf_counter()
    open_doc(client, uri, text)
    t, t_last, _ = await client.settled(uri, 1)
    r.big_document_first_check_s = round(t - t0, 3)
    r.big_document_last_diagnostics_s = round(t_last - t0, 3)
    paragraph_starts = [i + 2 for i in range(len(text)) if text.startswith("\n\n", i)]
    for n in range(edits):
        offset = paragraph_starts[(n * 7919) % len(paragraph_starts)]  # start of some paragraph
        version = n + 2
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
        ms = (t - t_edit) * 1000
        r.edit_to_diagnostics_ms.append(round(ms, 1))
        r.edit_to_diagnostics_minus_debounce_ms.append(round(ms - r.debounce_ms, 1))
    await stop(client)


async def twenty_documents(sentences: list[str], r: Results) -> None:
    client, _ = await start({})
    await initialize(client, {})
    for i in range(20):
        page = document(sentences[1200 + 30 * i :], 500)
        r.twenty_documents_words += len(page.split())
        open_doc(client, f"file:///bench/doc{i}.md", page)
    for i in range(20):
        await client.published(f"file:///bench/doc{i}.md", 1)
    r.twenty_documents_rss_mb, r.twenty_documents_peak_rss_mb = (round(x, 1) for x in client.rss_mb())
    await stop(client)


async def one_paragraph(sentences: list[str], r: Results, edits: int) -> None:
    text = " ".join(sentences[:2000]) + "\n"
    r.paragraph_sentences, r.paragraph_chars = min(2000, len(sentences)), len(text)
    uri = "file:///bench/paragraph.txt"
    client, _ = await start({})
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
    await stop(client)


async def reopen_after_restart(sentences: list[str], r: Results) -> None:
    """A 10,000-word document checked by one server, then opened in a fresh server that
    has loaded its model: time from didOpen to all its diagnostics (persistent cache)."""
    text = document(sentences[1800:], 10_000)
    r.reopen_words = len(text.split())
    uri = "file:///bench/reopen.md"
    with tempfile.TemporaryDirectory() as cache:
        env = {"XDG_CACHE_HOME": cache}
        client, _ = await start({}, env)
        await initialize(client, {})
        t0 = time.perf_counter()
        open_doc(client, uri, text)
        _, t, first = await client.settled(uri, 1)  # the complete diagnostics, not a partial publish
        r.reopen_first_open_s = round(t - t0, 2)
        await stop(client)
        client, t_process = await start({}, env)
        await initialize(client, {})
        deadline = time.perf_counter() + 120
        while not any("checker ready" in m for m in client.logs) and time.perf_counter() < deadline:
            await asyncio.sleep(0.005)
        t0 = time.perf_counter()
        open_doc(client, uri, text)
        t, again = await client.complete(uri, 1, first)
        r.reopen_after_restart_s = round(t - t0, 3)
        r.reopen_after_restart_from_process_start_s = round(t - t_process, 2)
        r.reopen_diagnostics = len(again)
        await stop(client)


SCENARIOS = ("page", "edits", "memory", "paragraph", "reopen")


async def run(shared: Path, edits: int, scenarios: tuple[str, ...] = SCENARIOS) -> Results:
    sentences = dev_sentences(shared)
    r = Results()
    if "page" in scenarios:
        print("initialize -> first diagnostics (one page)...", file=sys.stderr)
        await first_diagnostics(sentences, r)
    if "edits" in scenarios:
        print("one-character edits in a 10,000-word document...", file=sys.stderr)
        await one_char_edits(sentences, r, edits)
    if "memory" in scenarios:
        print("20 open documents...", file=sys.stderr)
        await twenty_documents(sentences, r)
    if "paragraph" in scenarios:
        print("one paragraph of 2,000 sentences...", file=sys.stderr)
        await one_paragraph(sentences, r, edits)
    if "reopen" in scenarios:
        print("re-opening a checked document after a server restart...", file=sys.stderr)
        await reopen_after_restart(sentences, r)
    return r


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shared", type=Path, default=None, help="the shared data folder (default $EDGEGRAM_SHARED, else ../shared)")
    p.add_argument("--edits", type=int, default=10, help="one-character edits timed in the big document")
    p.add_argument("--json", type=Path, default=None)
    p.add_argument("--scenarios", default=",".join(SCENARIOS), help=f"comma-separated, of {', '.join(SCENARIOS)}")
    a = p.parse_args()
    scenarios = tuple(x.strip() for x in a.scenarios.split(",") if x.strip())
    unknown = set(scenarios) - set(SCENARIOS)
    if unknown:
        p.error(f"unknown scenarios {sorted(unknown)}")
    r = asyncio.run(run(a.shared, a.edits, scenarios))
    report(r, scenarios)
    if a.json:
        a.json.write_text(json.dumps(asdict(r), indent=2) + "\n")
    return 0


def report(r: Results, scenarios: tuple[str, ...]) -> None:
    if "page" in scenarios:
        print(
            f"initialize -> first diagnostics, one page ({r.one_page_words} words, {r.one_page_diagnostics} diagnostics), "
            f"model load included: {r.first_diagnostics_from_initialize_s:.2f} s "
            f"({r.first_diagnostics_from_process_start_s:.2f} s from process start)"
        )
    if "edits" in scenarios:
        ms = r.edit_to_diagnostics_minus_debounce_ms
        print(
            f"{r.big_document_words}-word document opened: first diagnostics after {r.big_document_first_check_s:.2f} s, "
            f"all after {r.big_document_last_diagnostics_s:.1f} s; "
            f"one-character edit -> diagnostics, after the {r.debounce_ms} ms debounce: "
            f"median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms over {len(ms)} edits"
        )
    if "memory" in scenarios:
        print(
            f"20 open documents ({r.twenty_documents_words} words): server RSS {r.twenty_documents_rss_mb:.0f} MB "
            f"(peak {r.twenty_documents_peak_rss_mb:.0f} MB)"
        )
    if "paragraph" in scenarios:
        ms, actions, fix_all = r.paragraph_edit_minus_debounce_ms, r.paragraph_code_action_200_ms, r.paragraph_fix_all_ms
        print(
            f"one paragraph of {r.paragraph_sentences} sentences ({r.paragraph_chars} characters, one line): first check "
            f"{r.paragraph_first_check_s:.1f} s, {r.paragraph_diagnostics} diagnostics; one-character edit -> diagnostics "
            f"after the debounce: median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms over {len(ms)} edits; "
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


if __name__ == "__main__":
    sys.exit(main())

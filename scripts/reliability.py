"""Load and soak figures for the README's reliability section: ``python scripts/reliability.py``.

With the shipped model and a real ``edgegram serve`` over stdio:

- **burst**: 1,000 ``didChange`` notifications within about a second on one document, a
  ``codeAction`` request sent in the middle: which versions get published (only the last
  should), how long the request waited, server RSS before and after;
- **50 documents** open at once, then closed: every one published, RSS with them open and after;
- **5 MB file**: refused with a message above ``maxFileSize``, and the server still answers
  at once while it is open;
- **soak**: 100,000 ``didChange`` notifications on one document (a letter typed, then
  deleted), every 1,000th also putting a new sentence in (so the model checks new text and
  the sentence cache fills): server RSS after warm-up, after the changes and after 10 s idle.

Every server starts on a fresh result-cache folder; ``--server-python PY`` runs them with
another interpreter (another install, to compare in one run). Sentences come from BEA-19
dev in ``../shared`` (exit status 2 with a message without it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from pathlib import Path

from lsp_bench import Client, ServerCommand, dev_sentences, document, initialize, open_doc, start, stop

from edgegram.lsp_server.positions import LineIndex


async def answered_ms(client: Client, uri: str) -> float:
    """How long a cheap request (codeAction with no diagnostics) waits for its answer."""
    t = time.perf_counter()
    await client.request(
        "textDocument/codeAction",
        {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}},
            "context": {"diagnostics": []},
        },
    )
    return (time.perf_counter() - t) * 1000


async def burst(command: ServerCommand, sentences: list[str], out: dict) -> None:
    client, _ = await start(command)
    await initialize(client, {})
    uri = "file:///rel/burst.md"
    text = document(sentences, 400)
    open_doc(client, uri, text)
    await client.published(uri, 1)
    out["burst_rss_before_mb"] = round(client.rss_mb()[0], 1)
    waited = []
    t0 = time.perf_counter()
    for version in range(2, 1002):
        text = text + "x"
        end = {"line": text.count("\n"), "character": len(text.rsplit("\n", 1)[-1]) - 1}
        client.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": end, "end": end}, "text": "x"}],
            },
        )
        if version % 100 == 0:  # a request now and then, while the burst goes on
            waited.append(await answered_ms(client, uri))
        await asyncio.sleep(0.0008)
    out["burst_seconds"] = round(time.perf_counter() - t0, 2)
    await client.published(uri, 1001)
    await asyncio.sleep(1.0)  # anything stale would arrive by now
    versions = [v for _, v, _ in client.diagnostics[uri]]
    out["burst_published_versions"] = versions
    out["burst_request_wait_ms_max"] = round(max(waited), 1)
    out["burst_rss_after_mb"] = round(client.rss_mb()[0], 1)
    await stop(client)


async def fifty_documents(command: ServerCommand, sentences: list[str], out: dict) -> None:
    client, _ = await start(command)
    await initialize(client, {})
    open_doc(client, "file:///rel/warm-up.md", "A first sentence to load the model.")
    await client.published("file:///rel/warm-up.md", 1)  # the model is loaded now
    client.notify("textDocument/didClose", {"textDocument": {"uri": "file:///rel/warm-up.md"}})
    out["fifty_rss_idle_mb"] = round(client.rss_mb()[0], 1)
    uris = [f"file:///rel/doc{i}.md" for i in range(50)]
    t0 = time.perf_counter()
    for i, uri in enumerate(uris):
        open_doc(client, uri, document(sentences[40 * i :], 300))
    for uri in uris:
        await client.published(uri, 1, timeout=600)
    out["fifty_all_published_s"] = round(time.perf_counter() - t0, 1)
    out["fifty_rss_open_mb"] = round(client.rss_mb()[0], 1)
    for uri in uris:
        client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    await asyncio.sleep(2.0)
    out["fifty_rss_after_close_mb"] = round(client.rss_mb()[0], 1)
    out["fifty_peak_rss_mb"] = round(client.rss_mb()[1], 1)
    await stop(client)


async def big_file(command: ServerCommand, sentences: list[str], out: dict) -> None:
    client, _ = await start(command)
    await initialize(client, {})
    text = document(sentences * 40, 900_000)  # about 5 MB
    out["big_file_mb"] = round(len(text.encode()) / 1e6, 1)
    open_doc(client, "file:///rel/big.md", text)
    out["big_file_request_ms"] = round(await answered_ms(client, "file:///rel/big.md"), 1)
    for _ in range(500):
        if client.messages:
            break
        await asyncio.sleep(0.01)
    out["big_file_message"] = client.messages[0] if client.messages else None
    await stop(client)


async def soak(command: ServerCommand, sentences: list[str], changes: int, out: dict) -> None:
    rng = random.Random(7)
    client, _ = await start(command)
    await initialize(client, {"debounceMs": 50})
    uri = "file:///rel/soak.md"
    text = document(sentences, 300)
    open_doc(client, uri, text)
    await client.published(uri, 1)
    version = 1

    def send(changes: list[dict]) -> None:
        nonlocal version
        version += 1
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes})

    def varied() -> str:
        words = rng.choice(sentences).split()
        if len(words) > 3:  # a word dropped or doubled: text the cache has not seen
            j = rng.randrange(len(words))
            words = words[:j] + words[j + 1 :] if rng.random() < 0.5 else words[:j] + [words[j]] + words[j:]
        return " ".join(words)

    async def run(count: int) -> None:
        nonlocal text
        for n in range(count):
            if n % 1000 == 999:  # a new paragraph in place of the first
                text = varied() + text[text.index("\n\n") :]
                send([{"text": text}])
                await client.published(uri, version)
                continue
            end = LineIndex(text).position(len(text) - 1)  # before the final line break
            at = {"line": end.line, "character": end.character}
            if n % 2 == 0:  # type a letter
                send([{"range": {"start": at, "end": at}, "text": "x"}])
            else:  # delete it
                after = {"line": end.line, "character": end.character + 1}
                send([{"range": {"start": at, "end": after}, "text": ""}])
            if n % 200 == 0:
                await asyncio.sleep(0)  # let the reader keep up
        await client.published(uri, version)

    t0 = time.perf_counter()
    await run(2_000)  # warm-up
    out["soak_rss_after_warmup_mb"] = round(client.rss_mb()[0], 1)
    await run(changes)
    out["soak_changes"] = changes
    out["soak_seconds"] = round(time.perf_counter() - t0, 1)
    out["soak_rss_end_mb"] = round(client.rss_mb()[0], 1)
    await asyncio.sleep(10)
    out["soak_rss_idle_mb"] = round(client.rss_mb()[0], 1)
    out["soak_rss_growth_mb"] = round(out["soak_rss_end_mb"] - out["soak_rss_after_warmup_mb"], 1)
    out["soak_peak_rss_mb"] = await stop(client)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shared", type=Path, default=None, help="the shared data folder (default $EDGEGRAM_SHARED, else ../shared)")
    p.add_argument("--changes", type=int, default=100_000, help="soak: didChange notifications")
    p.add_argument("--only", default="burst,fifty,big,soak", help="comma-separated, of burst, fifty, big, soak")
    p.add_argument("--server-python", default=sys.executable, help="the interpreter that runs the servers (default: this one)")
    p.add_argument("--json", type=Path, default=None)
    a = p.parse_args()
    only = set(a.only.split(","))
    command = ServerCommand(str(Path(a.server_python).absolute()))
    sentences = dev_sentences(a.shared)
    out: dict = {"server_python": command.python}
    print(f"server: {command.python} -m edgegram serve")
    if "burst" in only:
        print("burst of 1,000 changes...", file=sys.stderr)
        asyncio.run(burst(command, sentences, out))
        print(
            f"burst: 1,000 changes in {out['burst_seconds']} s; versions published {out['burst_published_versions']} "
            f"(only the last wanted); longest request wait {out['burst_request_wait_ms_max']} ms; "
            f"RSS {out['burst_rss_before_mb']} -> {out['burst_rss_after_mb']} MB"
        )
    if "fifty" in only:
        print("50 documents...", file=sys.stderr)
        asyncio.run(fifty_documents(command, sentences, out))
        print(
            f"50 documents: all published in {out['fifty_all_published_s']} s; "
            f"RSS with the model loaded {out['fifty_rss_idle_mb']}, "
            f"open {out['fifty_rss_open_mb']}, after closing {out['fifty_rss_after_close_mb']} MB "
            f"(peak {out['fifty_peak_rss_mb']})"
        )
    if "big" in only:
        print("5 MB file...", file=sys.stderr)
        asyncio.run(big_file(command, sentences, out))
        print(
            f"{out['big_file_mb']} MB file: request answered in {out['big_file_request_ms']} ms; "
            f"message: {out['big_file_message']!r}"
        )
    if "soak" in only:
        print(f"soak ({a.changes} changes)...", file=sys.stderr)
        asyncio.run(soak(command, sentences, a.changes, out))
        print(
            f"soak: {out['soak_changes']} didChange notifications in {out['soak_seconds']} s; server RSS "
            f"{out['soak_rss_after_warmup_mb']} MB after warm-up -> {out['soak_rss_end_mb']} MB "
            f"({out['soak_rss_growth_mb']:+} MB), {out['soak_rss_idle_mb']} MB after 10 s idle "
            f"(peak {out['soak_peak_rss_mb']} MB)"
        )
    if a.json:
        a.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

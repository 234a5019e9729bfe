"""Load and soak figures for the README's reliability section: ``python scripts/reliability.py``.

With the shipped model and a real ``edgegram serve`` over stdio:

- **burst**: 1,000 ``didChange`` notifications within about a second on one document, a
  ``codeAction`` request sent in the middle: which versions get published (only the last
  should), how long the request waited, server RSS before and after;
- **50 documents** open at once, then closed: every one published, RSS with them open and after;
- **5 MB file**: refused with a message above ``maxFileSize``, and the server still answers
  at once while it is open;
- **soak**: 10,000 ``Checker.check`` calls on varied sentences in one process: RSS growth
  after warm-up and the sentence cache's size (bounded by ``CheckerConfig.cache_size``).

Sentences come from BEA-19 dev in ``../shared`` (exit status 2 with a message without it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import sys
import time
from pathlib import Path

from lsp_bench import Client, dev_sentences, document, initialize, open_doc, start, stop


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


async def burst(sentences: list[str], out: dict) -> None:
    client, _ = await start({})
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


async def fifty_documents(sentences: list[str], out: dict) -> None:
    client, _ = await start({})
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


async def big_file(sentences: list[str], out: dict) -> None:
    client, _ = await start({})
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


def soak(sentences: list[str], checks: int, out: dict) -> None:
    from edgegram.engine import Checker, CheckerConfig

    rng = random.Random(7)
    checker = Checker(CheckerConfig())

    def rss_mb() -> float:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def varied(i: int) -> str:
        words = sentences[i % len(sentences)].split()
        if i >= len(sentences) and len(words) > 3:  # later rounds: a word dropped or doubled
            j = rng.randrange(len(words))
            words = words[:j] + words[j + 1 :] if rng.random() < 0.5 else words[:j] + [words[j]] + words[j:]
        return " ".join(words)

    warm = 500
    t0 = time.perf_counter()
    for i in range(checks):
        checker.check(varied(i))
        if i + 1 == warm:
            out["soak_rss_after_warmup_mb"] = round(rss_mb(), 1)
        if (i + 1) % 1000 == 0:
            print(f"  soak: {i + 1}/{checks} checks, RSS {rss_mb():.0f} MB", file=sys.stderr, flush=True)
    out["soak_checks"] = checks
    out["soak_seconds"] = round(time.perf_counter() - t0, 1)
    out["soak_rss_end_mb"] = round(rss_mb(), 1)
    out["soak_rss_growth_percent"] = round(100 * (out["soak_rss_end_mb"] / out["soak_rss_after_warmup_mb"] - 1), 1)
    out["soak_peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    out["soak_cache_entries"] = len(checker._cache)
    out["soak_cache_limit"] = checker.config.cache_size


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shared", type=Path, default=None, help="the shared data folder (default $EDGEGRAM_SHARED, else ../shared)")
    p.add_argument("--checks", type=int, default=10_000, help="soak: Checker.check calls")
    p.add_argument("--json", type=Path, default=None)
    a = p.parse_args()
    sentences = dev_sentences(a.shared)
    out: dict = {}
    print("burst of 1,000 changes...", file=sys.stderr)
    asyncio.run(burst(sentences, out))
    print("50 documents...", file=sys.stderr)
    asyncio.run(fifty_documents(sentences, out))
    print("5 MB file...", file=sys.stderr)
    asyncio.run(big_file(sentences, out))
    print(f"soak ({a.checks} checks)...", file=sys.stderr)
    soak(sentences, a.checks, out)
    published = out["burst_published_versions"]
    print(
        f"burst: 1,000 changes in {out['burst_seconds']} s; versions published {published} "
        f"(only the last wanted); longest request wait {out['burst_request_wait_ms_max']} ms; "
        f"RSS {out['burst_rss_before_mb']} -> {out['burst_rss_after_mb']} MB"
    )
    print(
        f"50 documents: all published in {out['fifty_all_published_s']} s; "
        f"RSS with the model loaded {out['fifty_rss_idle_mb']}, "
        f"open {out['fifty_rss_open_mb']}, after closing {out['fifty_rss_after_close_mb']} MB "
        f"(peak {out['fifty_peak_rss_mb']})"
    )
    print(
        f"{out['big_file_mb']} MB file: request answered in {out['big_file_request_ms']} ms; message: {out['big_file_message']!r}"
    )
    print(
        f"soak: {out['soak_checks']} checks in {out['soak_seconds']} s; RSS {out['soak_rss_after_warmup_mb']} MB "
        f"after warm-up -> {out['soak_rss_end_mb']} MB ({out['soak_rss_growth_percent']:+}%); cache "
        f"{out['soak_cache_entries']} entries (limit {out['soak_cache_limit']})"
    )
    if a.json:
        a.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

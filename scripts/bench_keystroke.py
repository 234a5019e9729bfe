"""What one keystroke costs: ``python scripts/bench_keystroke.py [--edits N] [--tree DIR ...]``.

Drives a real ``edgegram serve`` over stdio (the client of ``scripts/lsp_bench.py``): opens a
document, waits until its diagnostics settle, then types one character at a time at the
start of a paragraph and prints the median and 95th percentile of the time from each
``didChange`` to the publish of that version, minus the debounce, and the server's peak RSS.
The documents are Markdown of BEA-19 dev sentences from ``../shared`` (as in
``lsp_bench.py``): a one-page one and a 10,000-word one that begins with the same page, the
same edits going to that page in both (so the model has the same sentences to check, and
the difference is what the document's length costs); with ``--techdocs`` also the Rust-book
chapters of ``../shared`` joined into one ~65 KB file, typed into anywhere. Each ``--tree``
(a source checkout, run with ``PYTHONPATH=DIR``) is measured in turn, document by document
and round after round (``--rounds``), so that the machine's drift hits every tree alike.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lsp_bench import Client, dev_sentences, document, initialize, open_doc, start, stop  # noqa: E402

from edgegram.engine.shared_data import shared_root  # noqa: E402
from edgegram.lsp_server.positions import LineIndex  # noqa: E402

DEBOUNCE_MS = 300
TECHDOCS = "data/dev/techdocs/rust-book"


def documents(shared: Path | None, techdocs: bool) -> dict[str, tuple[str, int]]:
    """The documents typed into, by name, and how far into each the edits go."""
    big = document(dev_sentences(shared)[600:], 10_000)
    paragraphs = big.split("\n\n")
    first = next(n for n in range(1, len(paragraphs)) if len(" ".join(paragraphs[:n]).split()) >= 500)
    page = "\n\n".join(paragraphs[:first]) + "\n"
    docs = {"10,000 words": (big, len(page)), "one page": (page, len(page))}
    if techdocs:
        chapters = sorted((shared_root(shared) / TECHDOCS).glob("*.md"))
        joined = ""
        for chapter in chapters:
            if len(joined) >= 65_000:
                break
            joined += chapter.read_text(encoding="utf-8") + "\n"
        docs["techdocs ~65 KB"] = (joined, len(joined))
    return docs


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


async def keystrokes(tree: Path | None, text: str, within: int, edits: int, seed: int) -> tuple[list[float], float]:
    """Edit -> publish minus the debounce (ms) of ``edits`` one-character edits, and the
    server's peak RSS (MB) after them."""
    with tempfile.TemporaryDirectory(prefix="edgegram-keystroke-cache-") as cache:
        # A result cache of its own: a server must not find the edited sentences checked by another.
        env = {"XDG_CACHE_HOME": cache, **({"PYTHONPATH": str(tree)} if tree is not None else {})}
        return await _typing(env, text, within, edits, seed)


async def _typing(env: dict[str, str], text: str, within: int, edits: int, seed: int) -> tuple[list[float], float]:
    client, _ = await start({}, env)
    await initialize(client, {"debounceMs": DEBOUNCE_MS})
    uri = "file:///bench/keystroke.md"
    open_doc(client, uri, text)
    await client.settled(uri, 1)
    starts = [i + 2 for i in range(within) if text.startswith("\n\n", i)]
    timings = []
    for n in range(edits):
        offset = starts[(seed + n * 7919) % len(starts)]
        timings.append(await _type(client, uri, text, offset, n + 2))
        text = text[:offset] + "A" + text[offset:]
        starts = [s + (s > offset) for s in starts]
    _, peak = client.rss_mb()
    await stop(client)
    return timings, peak


async def _type(client: Client, uri: str, text: str, offset: int, version: int) -> float:
    at = LineIndex(text).position(offset)
    position = {"line": at.line, "character": at.character}
    sent = time.perf_counter()
    client.notify(
        "textDocument/didChange",
        {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": position, "end": position}, "text": "A"}],
        },
    )
    published, _ = await client.published(uri, version)
    return (published - sent) * 1000 - DEBOUNCE_MS


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shared", type=Path, default=None)
    p.add_argument("--edits", type=int, default=20, help="one-character edits per document and round")
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--tree", type=Path, action="append", default=None, help="a checkout to run (default: this one)")
    p.add_argument("--techdocs", action="store_true", help="also the ~65 KB Markdown of the Rust-book chapters")
    a = p.parse_args()
    trees: list[Path | None] = list(a.tree) if a.tree else [None]
    docs = documents(a.shared, a.techdocs)
    results: dict[tuple[str, str], list[float]] = {}
    peaks: dict[tuple[str, str], float] = {}
    for round_number in range(a.rounds):
        for name, (text, within) in docs.items():
            for tree in trees:
                label = str(tree or "this checkout")
                print(f"round {round_number + 1}: {name} ({len(text.split())} words), {label}...", file=sys.stderr)
                timings, peak = asyncio.run(keystrokes(tree, text, within, a.edits, seed=round_number))
                results.setdefault((name, label), []).extend(timings)
                peaks[(name, label)] = max(peak, peaks.get((name, label), 0.0))
    print(f"one-character edit -> publish, minus the {DEBOUNCE_MS} ms debounce (ms); {os.cpu_count()} CPUs")
    for (name, label), timings in results.items():
        print(
            f"{name:>16} | {label}: median {statistics.median(timings):.0f}, p95 {percentile(timings, 0.95):.0f}, "
            f"max {max(timings):.0f} over {len(timings)} edits; server peak RSS {peaks[(name, label)]:.0f} MB"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

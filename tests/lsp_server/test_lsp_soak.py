"""A day of typing through a real server process: 20,000 ``didChange`` notifications leave
its memory and pygls's table of running handlers as they were (pygls 2.1 kept a future
per notification, about 1.9 KB each: see edgegram.lsp_server.protocol)."""

from __future__ import annotations

from pathlib import Path

from lsp_support.raw_client import RawClient

CHANGES = 20_000


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def type_and_delete(client: RawClient, uri: str, first_version: int, count: int) -> int:
    """``count`` one-character changes (a letter typed, then deleted); the last version."""
    version = first_version
    for _ in range(count):
        version += 1
        text = "Hello there.!" if version % 2 else "Hello there."
        client.notify(
            "textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}
        )
    return version


def test_twenty_thousand_changes_leave_the_server_as_it_was(tmp_path):
    uri = "file:///soak/note.txt"
    client = RawClient(tmp_path, ["--handlers-command"])
    try:
        client.initialize(options={"debounceMs": 20})
        client.open(uri, "Hello there.")
        client.published(uri, 1)
        version = type_and_delete(client, uri, 1, 2_000)  # warm up: allocator pools, caches
        client.published(uri, version, timeout_s=60)
        before = rss_mb(client.process.pid)
        version = type_and_delete(client, uri, version, CHANGES)
        client.published(uri, version, timeout_s=120)
        after = rss_mb(client.process.pid)
        answer = client.call("workspace/executeCommand", {"command": "test.runningHandlers", "arguments": []})
        assert answer["result"] <= 2, answer  # this request's own, and at most one other
        assert after - before < 10, f"RSS {before:.1f} -> {after:.1f} MB after {CHANGES} changes"
    finally:
        client.close()

"""Debounced per-document work and giving memory back once the work is done."""

import asyncio
import sys

import pytest

from edgegram.engine.core.memory import release_free_memory
from edgegram.lsp_server.scheduler import DocumentScheduler


async def test_newer_work_cancels_older_and_idle_is_reported_once():
    done, idle_calls = [], []

    async def work(uri: str) -> None:
        await asyncio.sleep(0.01)
        done.append(uri)

    scheduler = DocumentScheduler(work, on_idle=lambda: idle_calls.append(len(done)))
    assert scheduler.idle
    scheduler.schedule("a", 0.05)
    scheduler.schedule("a", 0.0)  # replaces the pending one
    scheduler.schedule("b", 0.02)
    assert not scheduler.idle
    await asyncio.sleep(0.2)
    assert sorted(done) == ["a", "b"]  # "a" ran once
    assert idle_calls == [2] and scheduler.idle  # once, after the last task of the spell


async def test_failing_work_still_reports_idle():
    idle_calls = []

    async def work(uri: str) -> None:
        raise RuntimeError("engine broke")

    scheduler = DocumentScheduler(work, on_idle=lambda: idle_calls.append(True))
    scheduler.schedule("a", 0)
    await asyncio.sleep(0.05)
    assert idle_calls == [True] and scheduler.idle


async def test_cancelled_work_does_not_report_idle_for_the_replacement():
    idle_calls = []
    started = asyncio.Event()

    async def work(uri: str) -> None:
        started.set()
        await asyncio.sleep(0.05)

    scheduler = DocumentScheduler(work, on_idle=lambda: idle_calls.append(True))
    scheduler.schedule("a", 0)
    await started.wait()
    scheduler.schedule("a", 0)  # cancels the running task; the new one is still pending
    await asyncio.sleep(0)
    assert idle_calls == []
    await asyncio.sleep(0.1)
    assert idle_calls == [True]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="malloc_trim is glibc's")
def test_freed_memory_is_given_back_on_linux():
    def rss_kb() -> int:
        with open("/proc/self/status") as fh:
            return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:"))

    blocks = [bytearray(64 * 1024) for _ in range(2000)]  # ~128 MB in small heap blocks
    for block in blocks[::2]:
        block[0] = 1
    keep = blocks[-1]
    del blocks
    before = rss_kb()
    assert release_free_memory() is True
    assert rss_kb() < before - 32 * 1024  # at least 32 MB went back
    assert keep[0] == 0

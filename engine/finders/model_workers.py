"""The model's batches on a few threads of one process, one ONNX Runtime thread each.

ONNX Runtime releases the GIL while a graph runs, and a session may be run from several threads
at once. With one intra-op thread per run and a batch per worker thread, one batch's graphs run
while another's Python (IAD's bookkeeping, the edits, the probabilities asked for) holds the
GIL, so both cores stay busy; with both cores on one batch at a time (intra-op threads), a
core idled whenever Python ran and the threads' hand-offs cost CPU, and two workers of two
intra-op threads each put four threads on two cores. ``scripts/lsp_bench.py`` compares the
arrangements on the server's check of a 10,000-word document (the same edits either way).

:meth:`ModelWorkers.in_order` hands the batches out in order, at most ``workers`` running at
once, and yields each one's result in order; a stop is asked before each batch is handed out, and
the batches already running are waited for (their work is kept), never abandoned.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


class ModelWorkers:
    """``workers`` threads (made at first use) that run model work in order; 1: the caller's own
    thread, no pool."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        self.workers = workers
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def _executor(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="edgegram-model")
            return self._pool

    def in_order(
        self, run: Callable[[Item], Result], items: Iterable[Item], should_stop: Callable[[], bool] | None = None
    ) -> Iterator[tuple[Item, Result]]:
        """``(item, run(item))`` for each of ``items`` in order, at most ``workers`` runs at once;
        ends early (without the items not handed out) once ``should_stop()`` is True before an
        item is handed out. An exception in a run is raised here, after the other runs ended."""

        def stopped() -> bool:
            return should_stop is not None and should_stop()

        if self.workers == 1:
            for item in items:
                if stopped():
                    return
                yield item, run(item)
            return
        pool, queue = self._executor(), iter(items)
        running: deque[tuple[Item, Future[Result]]] = deque()
        ended = False

        def hand_out() -> None:
            nonlocal ended
            item = _END if ended else next(queue, _END)
            ended = item is _END or stopped()
            if not ended:
                running.append((item, pool.submit(run, item)))  # type: ignore[arg-type]

        try:
            for _ in range(self.workers):
                hand_out()
            while running:
                item, future = running.popleft()
                result = future.result()
                hand_out()
                yield item, result
        finally:  # an exception, a stop or a caller that stopped reading: no run left behind
            wait([future for _, future in running])

    def shutdown(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=True)
                self._pool = None


def sticky(should_stop: Callable[[], bool] | None) -> Callable[[], bool] | None:
    """``should_stop`` that, once it said True, says True from then on (a check stopped in one
    batch hands no more out, though the condition may pass: work for another document)."""
    if should_stop is None:
        return None
    said = False

    def stop() -> bool:
        nonlocal said
        said = said or should_stop()
        return said

    return stop


_END = object()

__all__ = ["ModelWorkers", "sticky"]

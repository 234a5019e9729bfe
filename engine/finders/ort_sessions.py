"""ONNX Runtime sessions of this process, all on one shared intra-op thread pool.

By default each ONNX Runtime session gets a thread pool of its own. A process may instead make
one global pool before its first session, and then every session must use it (ONNX Runtime
refuses a session with a pool of its own beside a global one). edgegram makes the global pool
at its first session, sized by the ``threads`` that session asks for (default: the physical
cores), and every later session shares it, whatever it asks: :func:`pool_threads` says the
size. (The checker asks for one thread: its cores go to batches run side by side,
:mod:`edgegram.engine.finders.model_workers`.) The encoder and the decoder alternate call by call; with
a pool each, the worker of one slept while the other session ran (spinning in both made two
pools fight over two cores), while the shared pool's worker spins briefly for the next call of
either: ``edgegram check`` of the techdocs chapters is faster shared, for somewhat more CPU
time, with the same edits (``farm-bench`` of the two, interleaved, shows it). The worker stops
spinning soon after the last call.
"""

from __future__ import annotations

import functools
import os
import threading
from pathlib import Path


def physical_cores() -> int:
    """Physical CPU cores usable by this process (hyper-threads counted once)."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return max(1, usable)
    cores, physical = set(), "0"
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "physical id":
            physical = value.strip()
        elif key.strip() == "core id":
            cores.add((physical, value.strip()))
    return max(1, min(len(cores) or usable, usable))


class _SharedPool:
    """The size of the process's global pool once it is made (ONNX Runtime's own state is
    process-wide; this mirrors it)."""

    def __init__(self) -> None:
        self.threads: int | None = None
        self._lock = threading.Lock()

    def join(self, threads: int) -> int:
        """Make the pool with ``threads`` threads unless it exists; its size."""
        import onnxruntime as ort

        with self._lock:
            if self.threads is None:
                try:
                    ort.set_global_thread_pool_sizes(threads, 1)
                except Exception:  # another library in this process made it first: share that one
                    pass
                self.threads = threads
            return self.threads


@functools.cache
def _pool() -> _SharedPool:
    return _SharedPool()


def pool_threads() -> int | None:
    """Threads of the shared pool (None before the process's first session)."""
    return _pool().threads


def session_options(threads: int | None = None):
    """Options for a session on the shared pool (made now, with ``threads`` threads or the
    physical cores, if this is the process's first session): nodes run one after another,
    every graph optimisation on, only errors logged."""
    import onnxruntime as ort

    if threads is not None and threads < 1:
        raise ValueError(f"threads must be >= 1, got {threads}")
    _pool().join(threads or physical_cores())
    options = ort.SessionOptions()
    options.use_per_session_threads = False
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.log_severity_level = 3
    return options


__all__ = ["physical_cores", "pool_threads", "session_options"]

"""Checking many independent texts on every core: one process per core, each with a one-thread
:class:`~edgegram.engine.Checker`, the texts shared out between them by size.

One process keeps both cores busy only while the model runs (its batches side by side:
:mod:`edgegram.engine.finders.model_workers`); segmentation, rules, spelling and the edit judge run on one
core. Texts that do not depend on each other (the files of one command) can instead be checked
by one process per core: faster than one process with two intra-op threads, and as fast as
one process with its batches side by side, for more memory (each process holds a model of its
own, ~190 MB). Each text's edits are those :meth:`Checker.check_all` gives it in one process.

Where it is safe (:func:`start_method`: Linux, in a process that has not loaded ONNX Runtime and
runs no other thread, as the CLI's), the workers are forked after this process has read the word
tables (:func:`edgegram.engine.checker.read_word_tables`): they share the tables and the imported
code instead of each importing and reading them again, and build only their model sessions.
Elsewhere they are spawned, each a fresh interpreter.
"""

from __future__ import annotations

import multiprocessing
import queue
import sys
import threading
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from edgegram.engine.core.errors import EdgegramError
from edgegram.engine.finders.ort_sessions import physical_cores

if TYPE_CHECKING:
    from multiprocessing.context import ForkContext, SpawnContext  # no ForkContext on Windows

    from edgegram.engine.checker import Progress
    from edgegram.engine.core.types import CheckerConfig, Edit, Threshold

_POLL_S = 0.5  # how often a waiting parent looks whether a worker died without a word


def check_in_processes(
    config: CheckerConfig,
    texts: Sequence[str],
    progress: Progress | None = None,
    thresholds: Sequence[Threshold | None] | None = None,
) -> list[list[Edit]]:
    """The edits of each of ``texts`` (as :meth:`Checker.check_all` gives them, each with its
    ``min_confidence`` of ``thresholds`` if given), checked by up to ``config.threads`` (default:
    the physical cores) processes of one model thread each; one process (this one, every thread)
    when there is one text or one core. ``progress(done, total)`` counts the sentences of all
    texts the model runs on."""
    from edgegram.engine.checker import Checker

    cores = config.threads or physical_cores()
    processes = min(cores, len(texts))
    limits = list(thresholds) if thresholds is not None else [None] * len(texts)
    if processes <= 1:
        return Checker(config).check_all(texts, progress, limits)
    shares = share_out([len(text) for text in texts], processes)
    context: ForkContext | SpawnContext
    if start_method() == "fork":
        from edgegram.engine.checker import read_word_tables

        read_word_tables()  # once, here: every forked worker has them
        context = multiprocessing.get_context("fork")
    else:
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: no copy of this one's state
    messages = context.Queue()
    per_process = replace(config, threads=max(1, cores // processes))
    workers = [
        context.Process(
            target=_check_share,
            args=(index, per_process, [texts[i] for i in share], [limits[i] for i in share], messages, progress is not None),
            daemon=True,
        )
        for index, share in enumerate(shares)
    ]
    for worker in workers:
        worker.start()
    try:
        found = _collect(workers, messages, progress)
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.terminate()
            worker.join()
    results: list[list[Edit]] = [[] for _ in texts]
    for index, share in enumerate(shares):
        for text_index, edits in zip(share, found[index]):
            results[text_index] = edits
    return results


def start_method() -> str:
    """How the workers start: "fork" on Linux where this process has not loaded ONNX Runtime (its
    thread pools and sessions do not survive a fork) and runs no thread besides the main one (a
    lock another thread holds at the fork stays held in the child); "spawn" otherwise (macOS and
    Windows, or a caller that has already checked in this process)."""
    safe = sys.platform == "linux" and "onnxruntime" not in sys.modules and threading.active_count() == 1
    return "fork" if safe and "fork" in multiprocessing.get_all_start_methods() else "spawn"


def share_out(sizes: Sequence[int], parts: int) -> list[list[int]]:
    """Indices of ``sizes`` in ``parts`` shares of nearly equal total size (largest first, each
    to the lightest share), each share in its original order; no share empty."""
    parts = max(1, min(parts, len(sizes)))
    shares: list[list[int]] = [[] for _ in range(parts)]
    loads = [0] * parts
    for index in sorted(range(len(sizes)), key=lambda i: -sizes[i]):
        lightest = min(range(parts), key=lambda p: (loads[p], len(shares[p])))
        shares[lightest].append(index)
        loads[lightest] += sizes[index]
    return [sorted(share) for share in shares]


def _collect(workers, messages, progress: Progress | None) -> list[list[list[Edit]]]:
    """Each worker's results, by worker; progress summed over them. A worker's exception is
    raised here; a worker that dies without a word (killed, out of memory) is an EdgegramError."""
    found: dict[int, list[list[Edit]]] = {}
    done, totals = [0] * len(workers), [0] * len(workers)
    while len(found) < len(workers):
        try:
            kind, index, payload = messages.get(timeout=_POLL_S)
        except queue.Empty:
            for index, worker in enumerate(workers):
                if index not in found and not worker.is_alive():
                    raise EdgegramError(f"a checking process ended unexpectedly (exit code {worker.exitcode})") from None
            continue
        if kind == "error":
            raise payload
        if kind == "progress":
            done[index], totals[index] = payload
            if progress is not None:
                progress(sum(done), sum(totals))
        else:
            found[index] = payload
    return [found[index] for index in range(len(workers))]


def _check_share(
    index: int, config: CheckerConfig, texts: list[str], thresholds: list[Threshold | None], messages, report: bool
) -> None:
    """A worker: check ``texts`` with a Checker of ``config`` and put ("done", index, edits)
    on ``messages``, with ("progress", index, (done, total)) on the way when ``report``, or
    ("error", index, exception)."""
    from edgegram.engine.checker import Checker

    def progress(done: int, total: int) -> None:
        messages.put(("progress", index, (done, total)))

    try:
        found = Checker(config).check_all(texts, progress if report else None, thresholds)
    except Exception as error:  # noqa: BLE001 (handed to the parent, which raises it)
        messages.put(("error", index, _picklable(error)))
        return
    messages.put(("done", index, found))


def _picklable(error: Exception) -> Exception:
    """``error`` if it survives pickling (sent to the parent), else a RuntimeError naming it."""
    import pickle

    try:
        pickle.loads(pickle.dumps(error))
    except Exception:  # noqa: BLE001
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


__all__ = ["check_in_processes", "share_out", "start_method"]

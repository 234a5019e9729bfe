"""The checker's one worker thread, and the order it takes work in: the active document's
first (the one the writer last opened, edited or asked about), then everything else in the
order it was submitted.

A document's check is submitted as a job of steps, one piece each (see
:mod:`edgegram.lsp_server.analysis`), which goes back in the queue after each step, behind
the jobs waiting then: several documents opened together are checked interleaved, piece by
piece, each showing its first piece's results early, instead of strictly one after another,
while the active document's steps run one after another. A step of another document's check
asks :meth:`CheckQueue.preempting` as it goes and stops when work for the active document is
waiting (its finished sentences stay cached; the step runs again on its next turn), so the
document being edited never waits for a long piece of another.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any


@dataclass
class _Job:
    uri: str | None  # the document it is for (None: not a document's, e.g. loading the model)
    run: Callable[[], Any]
    future: Future
    stepwise: bool = False  # run() is one step, returning whether the job is done
    started: bool = False


class CheckQueue(Executor):
    """An executor with one thread whose next job is the oldest for :attr:`active`, else the oldest."""

    def __init__(self, thread_name: str = "edgegram-check") -> None:
        self.active: str | None = None  # the document whose work goes first
        self._jobs: deque[_Job] = deque()
        self._condition = threading.Condition()
        self._stopped = False
        self._thread_name = thread_name
        self._thread: threading.Thread | None = None

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        return self.submit_for(None, fn, *args, **kwargs)

    def submit_for(self, uri: str | None, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        """Run ``fn(*args, **kwargs)`` as work for document ``uri``."""
        return self._submit(_Job(uri, lambda: fn(*args, **kwargs), Future()))

    def submit_steps(self, uri: str, step: Callable[[], bool]) -> Future:
        """Run ``step()`` as work for document ``uri`` until it returns True (then the
        future's result is None), each call a turn of its own in the queue."""
        return self._submit(_Job(uri, step, Future(), stepwise=True))

    def _submit(self, job: _Job) -> Future:
        with self._condition:
            if self._stopped:
                raise RuntimeError("cannot submit work after shutdown")
            self._jobs.append(job)
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name=self._thread_name, daemon=True)
                self._thread.start()
            self._condition.notify()
        return job.future

    def pending(self) -> list[str | None]:
        """The documents of the jobs waiting, in the order they would run now."""
        with self._condition:
            jobs = list(self._jobs)
        order = []
        while jobs:
            order.append(jobs.pop(self._next_index(jobs)).uri)
        return order

    def preempting(self, uri: str | None) -> bool:
        """Whether work for the active document waits while ``uri``'s runs (``uri`` not the
        active one): a step of ``uri``'s check should stop and take its next turn later."""
        with self._condition:
            active = self.active
            return active is not None and active != uri and any(job.uri == active for job in self._jobs)

    def _next_index(self, jobs: deque[_Job] | list[_Job]) -> int:
        active = self.active
        if active is not None:
            for index, job in enumerate(jobs):
                if job.uri == active:
                    return index
        return 0

    def _take(self) -> _Job | None:
        with self._condition:
            while not self._jobs and not self._stopped:
                self._condition.wait()
            if not self._jobs:
                return None
            index = self._next_index(self._jobs)
            job = self._jobs[index]
            del self._jobs[index]
            return job

    def _work(self) -> None:
        while (job := self._take()) is not None:
            if not job.started:
                if not job.future.set_running_or_notify_cancel():
                    continue
                job.started = True
            try:
                result = job.run()
            except BaseException as error:  # handed to whoever waits for it
                job.future.set_exception(error)
            else:
                if job.stepwise and not result:
                    with self._condition:
                        self._jobs.append(job)  # its next step, behind the jobs waiting now
                    continue
                job.future.set_result(None if job.stepwise else result)
            del job  # drop the job (and what its result holds) before waiting for the next

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._condition:
            self._stopped = True
            if cancel_futures:
                while self._jobs:
                    self._jobs.popleft().future.cancel()
            self._condition.notify_all()
            thread = self._thread
        if wait and thread is not None and thread is not threading.current_thread():
            thread.join()

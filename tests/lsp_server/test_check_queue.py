"""The checker's queue (edgegram.lsp_server.check_queue): the active document's work first,
the rest in order, a stepwise job back in line after each step, and shutdown."""

from __future__ import annotations

import threading

import pytest

from edgegram.lsp_server.check_queue import CheckQueue


def blocked_queue() -> tuple[CheckQueue, threading.Event]:
    """A queue whose thread is held by a first job until the event is set."""
    queue = CheckQueue()
    gate, running = threading.Event(), threading.Event()

    def hold() -> None:
        running.set()
        gate.wait()

    queue.submit(hold)
    running.wait(5)
    return queue, gate


def test_the_active_documents_work_goes_first_then_the_rest_in_order():
    queue, gate = blocked_queue()
    ran: list[str] = []
    futures = [queue.submit_for(uri, ran.append, uri) for uri in ("a", "b", "c", "b")]
    queue.active = "b"
    assert queue.pending() == ["b", "b", "a", "c"]
    gate.set()
    for future in futures:
        future.result(timeout=5)
    assert ran == ["b", "b", "a", "c"]
    queue.shutdown()


def test_stepwise_jobs_take_turns_a_step_each():
    queue, gate = blocked_queue()
    ran: list[str] = []

    def steps(uri: str, count: int):
        done = iter(range(count, 0, -1))

        def step() -> bool:
            ran.append(uri)
            return next(done) == 1

        return step

    futures = [queue.submit_steps("a", steps("a", 3)), queue.submit_steps("b", steps("b", 2))]
    gate.set()
    assert [f.result(timeout=5) for f in futures] == [None, None]
    assert ran == ["a", "b", "a", "b", "a"]
    queue.shutdown()


def test_work_waiting_for_the_active_document_preempts_another_documents_step():
    queue, gate = blocked_queue()
    assert not queue.preempting("a")  # nothing waits
    queue.submit_for("b", lambda: None)
    assert not queue.preempting("a")  # no active document: nothing to give way to
    queue.active = "b"
    assert queue.preempting("a") and queue.preempting(None)
    assert not queue.preempting("b")  # the active document's own step runs on
    gate.set()
    queue.shutdown()
    assert not queue.preempting("a")  # its work done


def test_a_failing_step_fails_its_job_only():
    queue = CheckQueue()

    def broken() -> bool:
        raise ValueError("broken")

    failed = queue.submit_steps("a", broken)
    fine = queue.submit_for("b", lambda: 42)
    with pytest.raises(ValueError):
        failed.result(timeout=5)
    assert fine.result(timeout=5) == 42
    queue.shutdown()


def test_shutdown_cancels_what_waits_and_refuses_new_work():
    queue, gate = blocked_queue()
    waiting = queue.submit_for("a", lambda: None)
    queue.shutdown(wait=False, cancel_futures=True)
    gate.set()
    assert waiting.cancelled()
    with pytest.raises(RuntimeError):
        queue.submit_for("a", lambda: None)

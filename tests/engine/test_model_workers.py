"""The model's batches on worker threads (edgegram.engine.finders.model_workers), and a checker whose
batches run side by side giving the same edits as one that runs them one at a time."""

from __future__ import annotations

import threading
import time

import pytest

from edgegram.engine import Checker, CheckerConfig
from edgegram.engine.core.errors import CheckStopped
from edgegram.engine.finders.model_workers import ModelWorkers, sticky


def test_runs_overlap_up_to_the_workers_and_results_come_in_order():
    workers = ModelWorkers(2)
    lock, running, most = threading.Lock(), [0], [0]
    both = threading.Barrier(2, timeout=5)  # the first two runs must be running at once

    def run(item: int) -> int:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        if item < 2:
            both.wait()
        time.sleep(0.01 * (5 - item))  # later items finish sooner
        with lock:
            running[0] -= 1
        return item * item

    assert list(workers.in_order(run, range(5))) == [(i, i * i) for i in range(5)]
    assert most[0] == 2
    workers.shutdown()


def test_one_worker_runs_on_the_callers_thread():
    threads = {item: name for item, name in ModelWorkers(1).in_order(lambda _: threading.current_thread().name, range(3))}
    assert set(threads.values()) == {threading.current_thread().name}


def test_a_stop_hands_out_nothing_more_and_waits_for_the_runs_under_way():
    workers = ModelWorkers(2)
    started, finished = [], []
    stop = threading.Event()

    def run(item: int) -> int:
        started.append(item)
        if item == 1:
            stop.set()  # asked while items 0 and 1 run
        time.sleep(0.05)
        finished.append(item)
        return item

    done = [item for item, _ in workers.in_order(run, range(10), stop.is_set)]
    assert done == [0, 1] and sorted(started) == sorted(finished) == [0, 1]
    workers.shutdown()


def test_an_error_in_a_run_is_raised_after_the_other_runs_ended():
    workers = ModelWorkers(2)
    finished = []

    def run(item: int) -> int:
        if item == 0:
            raise ValueError("bad batch")
        time.sleep(0.1)
        finished.append(item)
        return item

    with pytest.raises(ValueError, match="bad batch"):
        list(workers.in_order(run, range(4)))
    assert finished == [1]  # the run under way ended; nothing more was handed out
    workers.shutdown()


def test_a_sticky_stop_stays_stopped():
    answers = iter([False, True, False, False])
    stop = sticky(lambda: next(answers))
    assert stop is not None and [stop() for _ in range(4)] == [False, True, True, True]
    assert sticky(None) is None


TEXT = (
    "Yesterday she go to the market and buyed three apple. They is happy. The dog run fast.\n\n"
    "I has a pen. She don't like it. We was there yesterday. This are my friends.\n\n"
    "He have two cat. The children plays outside. An dog barked. It were raining all day.\n"
)


def test_batches_side_by_side_give_the_same_edits_as_one_at_a_time(tiny_model_dir):
    def check(threads: int, stop=None) -> list:
        config = CheckerConfig(model_dir=tiny_model_dir, threads=threads, batch_size=2, min_confidence=0.0)
        return Checker(config).check(TEXT, should_stop=stop)

    alone = check(1)
    assert alone  # the tiny model and the rules find something to compare
    assert check(2) == alone
    asked = [0]

    def stop_after_a_while() -> bool:
        asked[0] += 1
        return asked[0] > 3

    checker = Checker(CheckerConfig(model_dir=tiny_model_dir, threads=2, batch_size=2, min_confidence=0.0))
    with pytest.raises(CheckStopped):
        checker.check(TEXT, should_stop=stop_after_a_while)
    assert checker.check(TEXT) == alone  # what the stopped check finished was kept, the rest run now

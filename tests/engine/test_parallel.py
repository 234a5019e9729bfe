"""edgegram.engine.parallel: texts shared out over processes give the edits one process gives;
progress is summed over the workers; a worker's error or death reaches the caller."""

import json
import queue
import subprocess
import sys

import pytest

from edgegram.engine import Checker, CheckerConfig, EdgegramError, ModelLoadError
from edgegram.engine.parallel import _collect, check_in_processes, share_out, start_method

TEXTS = [
    "They is happy and I has a apple. The dog run fast.",
    "It continue here.",
    "She go to school yesterday and buyed three book. I are here.",
    "This sentence is fine.",
    "We was late because the bus were slow.",
]


def test_share_out_balances_sizes_keeps_order_and_leaves_no_share_empty():
    sizes = [50, 10, 40, 30, 30, 5]
    shares = share_out(sizes, 2)
    assert sorted(i for share in shares for i in share) == list(range(len(sizes)))
    assert all(share == sorted(share) and share for share in shares)
    loads = [sum(sizes[i] for i in share) for share in shares]
    assert max(loads) - min(loads) <= 5  # 85 / 80
    assert share_out([3, 1], 4) == [[0], [1]]  # no more shares than items
    assert share_out([], 2) == [[]]


def test_processes_give_each_text_the_edits_one_process_gives(tiny_model_dir):
    config = CheckerConfig(model_dir=tiny_model_dir, threads=2, min_confidence=0.0)
    expected = Checker(CheckerConfig(model_dir=tiny_model_dir, threads=1, min_confidence=0.0)).check_all(TEXTS)
    counts = []
    found = check_in_processes(config, TEXTS, lambda done, total: counts.append((done, total)))
    assert found == expected
    assert any(found)  # the tiny model does change some of these
    assert counts and counts[-1][0] == counts[-1][1] and counts[-1][1] >= len(TEXTS)  # all sentences, over both workers


def test_a_model_that_cannot_load_in_a_worker_is_raised_to_the_caller(tmp_path):
    config = CheckerConfig(model_dir=tmp_path / "missing-model", threads=2)
    with pytest.raises(ModelLoadError, match="missing-model"):
        check_in_processes(config, ["One text.", "Another text."])


class _Gone:
    exitcode = -9

    def is_alive(self):
        return False


class _Running:
    def is_alive(self):
        return True


def test_a_worker_that_dies_without_a_word_is_an_error_not_a_hang():
    messages: queue.Queue = queue.Queue()
    messages.put(("done", 1, [["edits of worker 1"]]))
    with pytest.raises(EdgegramError, match="exit code -9"):
        _collect([_Gone(), _Running()], messages, None)


def test_collect_sums_progress_over_workers_and_orders_results_by_worker():
    messages: queue.Queue = queue.Queue()
    for message in [
        ("progress", 0, (2, 10)),
        ("progress", 1, (5, 6)),
        ("done", 1, ["b"]),
        ("progress", 0, (10, 10)),
        ("done", 0, ["a"]),
    ]:
        messages.put(message)
    seen = []
    assert _collect([_Running(), _Running()], messages, lambda done, total: seen.append((done, total))) == [["a"], ["b"]]
    assert seen == [(2, 10), (7, 16), (15, 16)]


_FRESH_PROCESS = """
import json, sys
from edgegram.engine import CheckerConfig
from edgegram.engine.parallel import check_in_processes, start_method

method = start_method()
texts = json.loads(sys.argv[2])
found = check_in_processes(CheckerConfig(model_dir=sys.argv[1], threads=2, min_confidence=0.0), texts)
print(json.dumps({"method": method, "edits": [[[e.start, e.end, e.replacement] for e in edits] for edits in found]}))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_a_fresh_process_forks_its_workers_and_they_give_the_edits_one_process_gives(tiny_model_dir):
    expected = Checker(CheckerConfig(model_dir=tiny_model_dir, threads=1, min_confidence=0.0)).check_all(TEXTS)
    command = [sys.executable, "-c", _FRESH_PROCESS, str(tiny_model_dir), json.dumps(TEXTS)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["method"] == "fork"  # no ONNX Runtime, no thread: as the CLI starts
    assert result["edits"] == [[[e.start, e.end, e.replacement] for e in edits] for edits in expected]
    assert any(result["edits"])


def test_a_process_that_has_loaded_onnx_runtime_or_runs_a_thread_spawns_its_workers():
    import onnxruntime  # noqa: F401 (loaded, as a checker of this process would have)

    assert start_method() == "spawn"
    probe = """
import sys, threading, time
from edgegram.engine.parallel import start_method
first = start_method()
threading.Thread(target=time.sleep, args=(1,), daemon=True).start()
print(first, start_method())
"""
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    expected_first = "fork" if sys.platform == "linux" else "spawn"
    assert run.stdout.split() == [expected_first, "spawn"]

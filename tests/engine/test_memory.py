"""Giving memory back (edgegram.engine.core.memory): releases run at idle times, the heap trimmed
after the model ran, glibc's heap set for a threaded server."""

import subprocess
import sys

import pytest
from stand_ins import make_checker

from edgegram.engine import checker as checker_module
from edgegram.engine.core import memory


def test_release_runs_the_registered_releases(monkeypatch):
    monkeypatch.setattr(memory, "_RELEASES", [])
    calls = []
    memory.on_release(lambda: calls.append("language model dropped"))
    memory.release_free_memory()
    memory.release_free_memory()
    assert calls == ["language model dropped"] * 2


def test_the_heap_is_trimmed_after_the_model_ran_and_only_then(monkeypatch):
    trims = []
    monkeypatch.setattr(checker_module, "trim_heap", lambda: trims.append(1) or True)
    checker, decoder = make_checker({"I has a apple.": "I have an apple."})
    checker.check("I has a apple. It is red.")
    assert len(decoder.calls) == 2 and trims == [1]
    checker.check("I has a apple. It is red.")  # every sentence cached: the model did not run
    assert len(decoder.calls) == 2 and trims == [1]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="mallopt is glibc's")
def test_the_heap_is_tuned_before_threads_start():
    code = "from edgegram.engine.core.memory import tune_heap; print(tune_heap())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "True", done.stderr

"""Every ONNX Runtime session of a process shares one thread pool, sized by the first."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from edgegram.engine.finders.ort_sessions import physical_cores


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)


def test_the_first_session_sizes_the_pool_and_later_ones_share_it():
    done = _run(
        """
        import onnxruntime as ort
        from onnx import TensorProto, helper
        from edgegram.engine.finders.ort_sessions import pool_threads, session_options

        graph = helper.make_graph(
            [helper.make_node("Relu", ["x"], ["y"])], "g",
            [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])],
            [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])],
        )
        model = helper.make_model(graph).SerializeToString()
        assert pool_threads() is None
        first = ort.InferenceSession(model, session_options(1), providers=["CPUExecutionProvider"])
        second = ort.InferenceSession(model, session_options(3), providers=["CPUExecutionProvider"])
        print(pool_threads(), first.run(None, {"x": [-1.0, 2.0]})[0].tolist(), second.run(None, {"x": [3.0, -4.0]})[0].tolist())
        try:  # a session with a pool of its own is refused beside the shared one
            ort.InferenceSession(model, ort.SessionOptions(), providers=["CPUExecutionProvider"])
        except Exception:
            print("own pool refused")
        """
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "1 [0.0, 2.0] [3.0, 0.0]"
    assert lines[-1] == "own pool refused"  # (ONNX Runtime prints its error in between)


def test_the_default_pool_has_the_physical_cores():
    done = _run(
        """
        from edgegram.engine.finders.ort_sessions import pool_threads, session_options
        session_options()
        print(pool_threads())
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(physical_cores())


def test_threads_below_one_are_refused():
    done = _run(
        """
        from edgegram.engine.finders.ort_sessions import session_options
        try:
            session_options(0)
        except ValueError as error:
            print(error)
        """
    )
    assert done.stdout.strip() == "threads must be >= 1, got 0"

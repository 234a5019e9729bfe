"""The ``threads`` setting sizes ONNX Runtime's one thread pool at the first model load; a
later load with another value says that it takes effect when the server restarts."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def test_a_changed_threads_setting_is_reported_as_needing_a_restart(tmp_path):
    code = textwrap.dedent(
        """
        import logging
        from edgegram.engine.ort_sessions import pool_threads
        from edgegram.lsp_server.main import engine_checker
        from edgegram.lsp_server.settings import ServerSettings

        logging.basicConfig(level=logging.WARNING, format="%(message)s")
        engine_checker(ServerSettings(threads=1))
        engine_checker(ServerSettings(threads=1))
        print("pool", pool_threads(), flush=True)
        engine_checker(ServerSettings(threads=2))
        """
    )
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "pool 1"
    warnings = [line for line in done.stderr.splitlines() if "takes effect" in line]
    assert warnings == ["threads = 2 takes effect when the server restarts (it runs on 1 now)"]

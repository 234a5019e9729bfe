"""The ``threads`` setting: how many of the model's batches run side by side (one ONNX Runtime
thread each), taking effect with the checker a changed value reloads, without a restart."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def test_a_changed_threads_setting_takes_effect_with_the_reloaded_checker(tmp_path):
    code = textwrap.dedent(
        """
        import logging
        from edgegram.engine.finders.ort_sessions import pool_threads
        from edgegram.lsp_server.main import engine_checker
        from edgegram.lsp_server.settings import ServerSettings

        logging.basicConfig(level=logging.WARNING, format="%(message)s")
        one = engine_checker(ServerSettings(threads=1))
        two = engine_checker(ServerSettings(threads=2))
        print("workers", one.workers, two.workers, "pool", pool_threads(), flush=True)
        """
    )
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "workers 1 2 pool 1"
    assert "restart" not in done.stderr

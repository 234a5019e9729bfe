"""The command line entry and the real engine factory (needs the engine package, not a model)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from lsp_support.client import eventually, open_document, published, running_server
from lsprotocol import types

from edgegram.lsp_server.main import parse_args

ROOT = Path(__file__).resolve().parents[2]


def test_stdio_is_the_default():
    args = parse_args([])
    assert args.tcp is None


def test_tcp_address():
    assert parse_args(["--tcp", "127.0.0.1:2087"]).tcp == ("127.0.0.1", 2087)


@pytest.mark.parametrize("argv", [["--tcp", "2087"], ["--tcp", "host:port"], ["--tcp", "h:0"], ["--stdio", "--tcp", "h:1"]])
def test_bad_arguments_exit_with_usage(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        parse_args(argv)
    assert exit_info.value.code == 2
    assert "usage" in capsys.readouterr().err


async def test_real_server_reports_a_missing_model_and_keeps_answering(tmp_path):
    """``main`` with ``edgegram.engine.Checker``: a model folder without files gives a clear error."""
    missing = tmp_path / "no-model"
    missing.mkdir()
    command = [sys.executable, "-c", "import sys; from edgegram.lsp_server.main import main; sys.exit(main(['--stdio']))"]
    env = {"PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path / "data"), "OMP_NUM_THREADS": "1"}
    uri = (tmp_path / "doc.txt").as_uri()
    async with running_server(tmp_path, command=command, env=env, initialization_options={"modelPath": str(missing)}) as (
        client,
        _,
    ):
        open_document(client, uri, "I saw teh cat.\n")
        message = await eventually(lambda: client.messages and client.messages[0], "showMessage", timeout_s=60)
        assert message.type == types.MessageType.Error
        assert str(missing) in message.message
        assert not (await published(client, uri, 1, after=0)).diagnostics


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/PID/maps")
def test_the_served_process_holds_no_tls_library(tmp_path):
    """``edgegram serve`` never speaks TLS, so libssl and the ssl module stay out of it
    (libcrypto is hashlib's)."""
    from lsp_support.raw_client import RawClient

    env = {"PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    client = RawClient(tmp_path, command=[sys.executable, "-m", "edgegram", "serve"], env=env)
    try:
        client.initialize()
        maps = Path(f"/proc/{client.process.pid}/maps").read_text()
        assert "libpython" in maps or "python" in maps  # the maps of the right process
        assert not [line for line in maps.splitlines() if "libssl" in line or "_ssl." in line]
    finally:
        client.close()


def test_the_server_reads_its_version_without_importlib_metadata():
    import subprocess

    code = (
        "import sys; import edgegram.lsp_server.main; from edgegram.engine.core.version import package_version; "
        "package_version(); print(sorted(m for m in ('importlib.metadata', 'email') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env={"PYTHONPATH": str(ROOT)}
    )
    assert result.stdout.strip() == "[]", result.stderr

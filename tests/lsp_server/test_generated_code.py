"""edgegram.lsp_server.generated_code: the code attrs generates, recorded in one process, is taken
from the file in the next instead of compiled again; a file of another Python version is ignored."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import builtins, sys
from pathlib import Path
from edgegram.lsp_server import generated_code

mode, path = sys.argv[1], Path(sys.argv[2])
compiled = []
real_compile = builtins.compile


def counting_compile(source, filename, *rest, **kwargs):
    compiled.append(filename)
    return real_compile(source, filename, *rest, **kwargs)


builtins.compile = counting_compile
if mode == "record":
    generated_code.record(path)
else:
    print("installed" if generated_code.install(path) else "not installed")
import attr

@attr.define
class Point:
    x: int
    y: int = 0

assert Point(1) == Point(1, 0) and repr(Point(2)) == "Point(x=2, y=0)"
generated_code.write_recorded()
print(sum("attrs generated" in str(name) and "Point" in str(name) for name in compiled), "compiled")
"""


def run(mode: str, path) -> str:
    result = subprocess.run([sys.executable, "-c", SCRIPT, mode, str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_recorded_code_is_not_compiled_again(tmp_path):
    path = tmp_path / "generated_code.bin"
    recorded = run("record", path)
    assert path.is_file() and int(recorded.split()[0]) >= 1  # its __init__, __eq__, __repr__...
    assert run("install", path) == "installed\n0 compiled"


def test_a_missing_file_or_one_of_another_python_is_ignored(tmp_path):
    path = tmp_path / "generated_code.bin"
    assert run("install", path).startswith("not installed")
    path.write_bytes(b"\x00\x00\r\n" + b"junk")
    out = run("install", path)
    assert out.startswith("not installed") and not out.endswith(" 0 compiled")

"""scripts/wheelhouse.py: the offline wheelhouse scripts/check_install.sh installs edgegram from."""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("wheelhouse", ROOT / "scripts" / "wheelhouse.py")
assert _spec and _spec.loader
wheelhouse = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(wheelhouse)


def test_the_dependencies_are_the_declared_ones_transitively_without_extras():
    names = {dist.metadata["Name"].lower() for dist in wheelhouse.dependencies("edgegram")}
    assert {"onnxruntime", "pygls", "symspellpy", "tree-sitter-rst"} <= names
    assert "mdurl" in names  # markdown-it-py's dependency
    assert not names & {"torch", "lemminflect", "pytest", "ruff", "pyinstaller", "edgegram"}  # extras, and itself


def test_a_rebuilt_wheel_records_its_files_and_installs_offline(tmp_path):
    (dist,) = [d for d in wheelhouse.dependencies("edgegram") if d.metadata["Name"].lower() == "mdurl"]
    wheel = wheelhouse.rebuild(dist, tmp_path)
    assert wheel.name == f"mdurl-{dist.version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        record_name = next(name for name in archive.namelist() if name.endswith(".dist-info/RECORD"))
        rows = list(csv.reader(archive.read(record_name).decode().splitlines()))
        assert {row[0] for row in rows} == set(archive.namelist())
        for path, digest, size in rows:
            if path != record_name:
                data = archive.read(path)
                expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                assert (digest, size) == (f"sha256={expected}", str(len(data))), path
        assert "mdurl/__init__.py" in archive.namelist()
        assert not [name for name in archive.namelist() if "__pycache__" in name]
    target = tmp_path / "target"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-index", "--no-deps", "--target", str(target), str(wheel)],
        check=True,
    )
    assert (target / "mdurl" / "__init__.py").is_file()

"""mypy over the code as it is installed: ``edgegram`` (with ``edgegram.engine`` and
``edgegram.lsp_server``, which live in the repository's engine/ and lsp_server/ folders) and
the training package ``edge_model``.

mypy finds modules by folder, and knows nothing of setuptools' package-dir mapping, so
engine/checker.py would be ``edgegram.engine.checker`` to it while the code imports
``edgegram.engine.checker``. This builds the installed layout out of symbolic links in a
folder under build/typecheck/, runs mypy there (config: pyproject.toml's [tool.mypy]) and prints its
findings with the repository's paths. Usage: python scripts/typecheck.py [mypy options]
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WORK = REPO / "build" / "typecheck"  # ignored by git (build/)
MAPPED = {"engine": "edgegram/engine", "lsp_server": "edgegram/lsp_server"}  # folder -> installed path


def build_view(root: Path) -> None:
    """``root/edgegram`` and ``root/edge_model`` laid out as installed, linking the repository's files."""
    package = root / "edgegram"
    package.mkdir()
    for entry in (REPO / "edgegram").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    for folder, installed in MAPPED.items():
        (root / installed).symlink_to(REPO / folder, target_is_directory=True)
    (root / "edge_model").symlink_to(REPO / "edge_model", target_is_directory=True)


def repository_paths(text: str, root: Path) -> str:
    """Paths in mypy's output back to the repository's (``edgegram/engine/x.py`` -> ``engine/x.py``)."""
    text = text.replace(f"{root}/", "")
    for folder, installed in MAPPED.items():
        text = re.sub(rf"(?m)^{re.escape(installed)}/", f"{folder}/", text)
    return text


def main(argv: list[str]) -> int:
    root = WORK / "view"  # a fixed place, so mypy's cache beside it stays valid between runs
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    build_view(root)
    command = [
        sys.executable, "-m", "mypy",
        "--config-file", str(REPO / "pyproject.toml"),
        "--cache-dir", str(WORK / "mypy_cache"),
        "-p", "edgegram", "-p", "edge_model", *argv,
    ]  # fmt: skip
    result = subprocess.run(command, cwd=root, capture_output=True, text=True)
    sys.stdout.write(repository_paths(result.stdout, root))
    sys.stderr.write(result.stderr)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

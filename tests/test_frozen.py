"""The frozen edgegram (scripts/freeze_server.py): one folder, the model inside, that runs with no
Python. Its check, correct and --version give what the installed edgegram gives, its server
publishes the shipped model's diagnostics and a quick fix, and it holds none of the training
libraries. The folder is $EDGEGRAM_FROZEN (scripts/test.sh points it at the one the VS Code
end-to-end test built), else it is built here (about a minute; needs PyInstaller, the dev extra).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lsp_support.raw_client import RawClient

from edgegram.engine.core.version import package_version

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT_S = 120
DOCUMENTS = {  # one error or more in each format the engine parses with a library
    "notes.md": "# Notes\n\nThey is going to teh park.\n\nI ate a apple yesterday. We were young.but I menchioned it.\n",
    "code.py": 'def total(values):\n    """It return the sum of teh values."""\n    return sum(values)\n',
    "page.html": "<html><body><p>She dont like it when they is late.</p></body></html>\n",
    "guide.rst": "Guide\n=====\n\nThis paragraph have a error in it.\n",
}


@pytest.fixture(scope="module")
def frozen(tmp_path_factory) -> Path:
    """The frozen folder's executable."""
    given = os.environ.get("EDGEGRAM_FROZEN")
    if given:
        return Path(given) / "edgegram"
    pytest.importorskip("PyInstaller", reason="freezing needs PyInstaller (pip install -e '.[dev]')")
    spec = importlib.util.spec_from_file_location("freeze_server", ROOT / "scripts" / "freeze_server.py")
    assert spec and spec.loader
    freeze_server = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(freeze_server)
    return freeze_server.freeze(tmp_path_factory.mktemp("frozen"))


@pytest.fixture(scope="module")
def bare_env(tmp_path_factory) -> dict[str, str]:
    """An environment with no Python on PATH, no PYTHONPATH and a fresh result cache."""
    home = tmp_path_factory.mktemp("home")
    return {"PATH": str(home), "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"), "LANG": "C.UTF-8"}


@pytest.fixture(scope="module")
def documents(tmp_path_factory) -> list[Path]:
    folder = tmp_path_factory.mktemp("documents")
    for name, text in DOCUMENTS.items():
        (folder / name).write_text(text, encoding="utf-8")
    return [folder / name for name in DOCUMENTS]


def run(command: list[str], env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, input=stdin, capture_output=True, text=True, env=env, timeout=TIMEOUT_S)


def test_the_folder_holds_the_model_and_no_training_libraries(frozen):
    internal = frozen.parent / "_internal"
    assert (internal / "edgegram" / "engine" / "model" / "encoder.onnx").is_file()
    assert (internal / "edgegram" / "lsp_server" / "generated_code.bin").is_file()  # attrs' code, compiled ahead
    names = {path.name.split("-")[0].lower() for path in internal.iterdir()}
    assert "onnxruntime" in names and "tokenizers" in names
    assert not names & {"torch", "sympy", "huggingface_hub", "onnx", "yaml", "lightgbm", "spacy"}
    assert not [path for path in frozen.parent.rglob("*") if path.is_symlink()]  # a .vsix would copy them


def test_version(frozen, bare_env):
    result = run([str(frozen), "--version"], bare_env)
    assert (result.returncode, result.stdout.strip()) == (0, f"edgegram {package_version()}"), result.stderr


def test_check_finds_what_the_installed_edgegram_finds(frozen, bare_env, documents):
    paths = [str(path) for path in documents]
    frozen_result = run([str(frozen), "check", "--format", "json", *paths], bare_env)
    installed = run([sys.executable, "-m", "edgegram", "check", "--format", "json", *paths])
    assert frozen_result.returncode == installed.returncode == 1, frozen_result.stderr
    assert frozen_result.stdout == installed.stdout
    problems = json.loads(frozen_result.stdout)
    found = {Path(problem["path"]).name for problem in problems}
    assert found == set(DOCUMENTS), problems  # every parser, tree-sitter grammars included


def test_correct_gives_what_the_installed_edgegram_gives(frozen, bare_env):
    text = "They is going to teh park.\nI ate a apple yesterday.\n"
    frozen_result = run([str(frozen), "correct"], bare_env, stdin=text)
    assert frozen_result.returncode == 0, frozen_result.stderr
    assert frozen_result.stdout == run([sys.executable, "-m", "edgegram", "correct"], stdin=text).stdout
    assert "the park" in frozen_result.stdout


def test_serve_publishes_diagnostics_and_a_quick_fix(frozen, bare_env, tmp_path):
    started = time.monotonic()
    client = RawClient(tmp_path, command=[str(frozen), "serve"], env=bare_env)
    try:
        client.initialize(timeout_s=TIMEOUT_S)
        uri = "file:///notes.md"
        client.open(uri, DOCUMENTS["notes.md"], language="markdown")
        diagnostics = client.published(uri, 1, timeout_s=TIMEOUT_S)
        print(f"frozen server: start -> first diagnostics {time.monotonic() - started:.2f} s")
        typo = next(d for d in diagnostics if d["range"]["start"] == {"line": 2, "character": 17})
        actions = client.call(
            "textDocument/codeAction",
            {"textDocument": {"uri": uri}, "range": typo["range"], "context": {"diagnostics": [typo]}},
        )["result"]
        edits = [edit for action in actions if action.get("isPreferred") for edit in action["edit"]["changes"][uri]]
        assert [edit["newText"] for edit in edits] == ["the"]
        assert client.call("shutdown")["result"] is None
        client.notify("exit")
        assert client.exit_code() == 0
    finally:
        client.close()

"""What `pip install` puts into an environment: one top-level package, `edgegram`, holding the
engine and the server (edgegram/engine and edgegram/lsp_server link the repository's folders,
so no mapping is needed). scripts/check_install.sh builds the wheel into a fresh venv and lists
it for real."""

from __future__ import annotations

from fnmatch import fnmatch
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib", reason="tomllib is Python >= 3.11")

REPO = Path(__file__).resolve().parents[1]
SETUPTOOLS = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def _source_packages() -> set[str]:
    """Installed name of every folder with an ``__init__.py`` under edgegram/ (links followed)."""
    found = {"edgegram"}
    for folder in ("engine", "lsp_server"):
        for init in (REPO / "edgegram" / folder).glob("**/__init__.py"):
            parts = init.parent.relative_to(REPO / "edgegram").parts
            found.add(".".join(["edgegram", *parts]))
    return found


def test_only_edgegram_is_a_top_level_package():
    assert {name.split(".")[0] for name in SETUPTOOLS["packages"]} == {"edgegram"}
    assert "package-dir" not in SETUPTOOLS  # the layout is the repository's: no mapping


def test_the_engine_and_the_server_are_the_repository_folders_linked():
    for folder in ("engine", "lsp_server"):
        link = REPO / "edgegram" / folder
        assert link.is_symlink() and link.resolve() == (REPO / folder).resolve()


def test_every_source_package_is_installed():
    """A new subpackage (say engine/prose/x/) missing from the list would be left out of the wheel."""
    assert set(SETUPTOOLS["packages"]) == _source_packages()


def test_the_shipped_model_and_word_list_are_package_data_of_the_engine():
    patterns = SETUPTOOLS["package-data"]["edgegram.engine"]
    for name in ("encoder.onnx", "decoder.onnx", "tokenizer.json", "model.json", "MODEL_CARD.md"):
        assert any(fnmatch(f"model/{name}", pattern) for pattern in patterns), name
    for name in ("en.txt.gz", "README.md", "tagger.npz", "names.txt.gz"):  # word lists, their notices, the tagger
        assert any(fnmatch(f"words/{name}", pattern) for pattern in patterns), name

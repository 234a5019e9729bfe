"""What `pip install` puts into an environment: one top-level package, `edgegram`, holding the
engine and the server (pyproject.toml maps the repository folders onto installed names).
scripts/check_install.sh builds the wheel into a fresh venv and lists it for real."""

from __future__ import annotations

from fnmatch import fnmatch
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib", reason="tomllib is Python >= 3.11")

REPO = Path(__file__).resolve().parents[1]
SETUPTOOLS = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def _source_packages() -> set[str]:
    """Installed name of every folder with an ``__init__.py`` under the mapped folders."""
    found = set()
    for name, folder in SETUPTOOLS["package-dir"].items():
        for init in (REPO / folder).rglob("__init__.py"):
            parts = init.parent.relative_to(REPO / folder).parts
            found.add(".".join([name, *parts]))
    return found


def test_only_edgegram_is_a_top_level_package():
    assert {name.split(".")[0] for name in SETUPTOOLS["packages"]} == {"edgegram"}
    assert {name.split(".")[0] for name in SETUPTOOLS["package-dir"]} == {"edgegram"}


def test_every_source_package_is_installed():
    """A new subpackage (say engine/prose/x/) missing from the list would be left out of the wheel."""
    assert set(SETUPTOOLS["packages"]) == _source_packages()


def test_the_shipped_model_and_word_list_are_package_data_of_the_engine():
    patterns = SETUPTOOLS["package-data"]["edgegram.engine"]
    for name in ("encoder.onnx", "decoder.onnx", "tokenizer.json", "model.json", "MODEL_CARD.md"):
        assert any(fnmatch(f"model/{name}", pattern) for pattern in patterns), name
    for name in ("en.txt.gz", "README.md", "tagger.npz", "names.txt.gz"):  # word lists, their notices, the tagger
        assert any(fnmatch(f"words/{name}", pattern) for pattern in patterns), name

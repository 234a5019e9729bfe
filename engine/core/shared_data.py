"""Where the read-only shared data lives (``../shared``: learner corpora, the dev sets, word
lists) for the benchmark, evaluation and training; nothing at run time reads it."""

from __future__ import annotations

import os
from pathlib import Path

from edgegram.engine.core.errors import DataError
from edgegram.engine.core.paths import REPO_DIR

SHARED_ENV = "EDGEGRAM_SHARED"  # environment variable naming the folder that holds data/
REPO = REPO_DIR

# dev sets, relative to <shared>/data
DEV_M2_SETS = {
    "bea19": "dev/bea19/ABCN.dev.gold.bea19.m2",
    "conll2013": "dev/conll2013/official-preprocessed.m2",
}
JFLEG_DIR = "dev/jfleg"


def shared_root(explicit: Path | None = None) -> Path:
    """``explicit``, else ``$EDGEGRAM_SHARED``, else ``<repo>/../shared``; a DataError when it
    holds no ``data/`` folder."""
    env = os.environ.get(SHARED_ENV)
    root = Path(explicit) if explicit else Path(env) if env else REPO.parent / "shared"
    if not (root / "data").is_dir():
        raise DataError(f"shared data not found at {root / 'data'}; set {SHARED_ENV} to the folder holding data/")
    return root


def require(path: Path) -> Path:
    """``path`` if it is a non-empty file, else a DataError naming it."""
    path = Path(path)
    if not path.is_file():
        raise DataError(f"{path}: file not found")
    if path.stat().st_size == 0:
        raise DataError(f"{path}: file is empty")
    return path

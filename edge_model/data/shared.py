"""Where the read-only ../shared data lives, and checks that a file is really there."""

from __future__ import annotations

import os
from pathlib import Path

from edge_model.data.errors import DataError

REPO = Path(__file__).resolve().parents[2]


def shared_root(explicit: Path | None = None) -> Path:
    """``explicit``, else ``$EDGEGRAM_SHARED``, else ``<repo>/../shared``."""
    env = os.environ.get("EDGEGRAM_SHARED")
    root = Path(explicit) if explicit else Path(env) if env else REPO.parent / "shared"
    if not (root / "data").is_dir():
        raise DataError(f"shared data not found at {root / 'data'}; set EDGEGRAM_SHARED to the folder holding data/")
    return root


def require(path: Path) -> Path:
    """``path`` if it is a non-empty file, else a DataError naming it."""
    path = Path(path)
    if not path.is_file():
        raise DataError(f"{path}: file not found")
    if path.stat().st_size == 0:
        raise DataError(f"{path}: file is empty")
    return path

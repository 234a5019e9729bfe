"""edgegram's version, from the installed package's metadata (which pyproject.toml's
``version`` sets); a source tree that is not installed reads pyproject.toml itself."""

from __future__ import annotations

import re
from functools import cache
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "edgegram"
_PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


@cache
def package_version() -> str:
    """The version of the edgegram distribution, or ``0+unknown`` when neither the metadata
    nor pyproject.toml can be read."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return _pyproject_version() or "0+unknown"


def _pyproject_version() -> str | None:
    try:
        text = _PYPROJECT.read_text(encoding="utf-8")
    except OSError:
        return None
    match = re.search(r'^\[project\][^\[]*?^version\s*=\s*"([^"]+)"', text, re.MULTILINE | re.DOTALL)
    return match.group(1) if match else None

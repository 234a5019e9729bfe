"""edgegram's version, from the installed package's metadata (which pyproject.toml's
``version`` sets); a source tree that is not installed reads pyproject.toml itself.

The metadata is the ``Version`` field of the ``edgegram-*.dist-info/METADATA`` file on
``sys.path``, the file ``importlib.metadata.version`` reads, read here directly:
importlib.metadata imports the email package and more, 2.3 MB of a language server's memory.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from edgegram.engine.core.paths import REPO_DIR

DISTRIBUTION = "edgegram"
_PYPROJECT = REPO_DIR / "pyproject.toml"


@cache
def package_version() -> str:
    """The version of the edgegram distribution, or ``0+unknown`` when neither the metadata
    nor pyproject.toml can be read."""
    return installed_version() or _pyproject_version() or "0+unknown"


def installed_version(path: Iterable[str] | None = None) -> str | None:
    """The version in the metadata of the first edgegram distribution on ``path`` (default
    ``sys.path``), or None."""
    for entry in sys.path if path is None else path:
        try:
            found = sorted(Path(entry or ".").glob(f"{DISTRIBUTION}-*.dist-info/METADATA"))
        except (OSError, ValueError):
            continue
        for metadata in found:
            try:
                match = re.search(r"^Version:[ \t]*(\S+)", metadata.read_text(encoding="utf-8"), re.MULTILINE)
            except (OSError, UnicodeDecodeError):
                continue
            if match:
                return match.group(1)
    return None


def _pyproject_version() -> str | None:
    try:
        text = _PYPROJECT.read_text(encoding="utf-8")
    except OSError:
        return None
    match = re.search(r'^\[project\][^\[]*?^version\s*=\s*"([^"]+)"', text, re.MULTILINE | re.DOTALL)
    return match.group(1) if match else None

"""The ``edgegram`` command line: check files, correct stdin, serve LSP, benchmark decoders.

Installed, ``edgegram.engine`` and ``edgegram.lsp_server`` are the repository's ``engine/`` and
``lsp_server/`` folders (setuptools' package-dir mapping in pyproject.toml). Run from a source
checkout (``PYTHONPATH=<checkout>``), the two subpackages are found in the checkout's own folders,
so a worktree never silently runs the engine of another checkout's editable install.
"""

from pathlib import Path as _Path

_CHECKOUT = _Path(__file__).resolve().parent.parent
if not (_Path(__file__).parent / "engine").is_dir() and (_CHECKOUT / "engine" / "__init__.py").is_file():
    __path__.append(str(_CHECKOUT))  # noqa: F821 (set by the import system for a package)

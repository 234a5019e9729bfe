"""Code that attrs and cattrs generate while the server starts, compiled once ahead of time.

lsprotocol defines some 550 attrs classes, and attrs writes and compiles the ``__init__``,
``__eq__``, ``__repr__``... of each as it is imported (about 730 ``compile()`` calls, a third of
the server's import time); cattrs compiles the (un)structuring function of each message type the
first time one passes. The same text compiles to the same code every time, so the frozen server
(scripts/freeze_server.py) carries the code objects of one recorded start: :func:`install` makes
attrs and cattrs take the code from there when they compile the same text under the same file
name again, and compile anything else as usual; :func:`record` writes such a file (``edgegram
serve`` does when ``EDGEGRAM_RECORD_GENERATED_CODE`` names one, as it exits). Call either before lsprotocol
or pygls is imported. A file from another Python version is ignored.
"""

from __future__ import annotations

import atexit
import builtins
import importlib.util
import marshal
from collections.abc import Callable
from pathlib import Path
from typing import Any

RECORD_ENV = "EDGEGRAM_RECORD_GENERATED_CODE"
_Key = tuple[str, str, str]  # source, file name, mode


def _compile_with(compile_: Callable[..., Any]) -> None:
    """Makes attrs's and cattrs's code generators call ``compile_`` instead of the builtin."""
    import attr._make
    import cattrs.gen

    for module in (attr._make, cattrs.gen):
        module.compile = compile_  # type: ignore[attr-defined]  # shadows the builtin in that module


def install(path: Path) -> bool:
    """Use the code recorded in ``path``; False (nothing changed) when it is missing or from
    another Python version."""
    try:
        data = path.read_bytes()
    except OSError:
        return False
    magic = importlib.util.MAGIC_NUMBER
    if not data.startswith(magic):
        return False
    codes: dict[_Key, Any] = marshal.loads(data[len(magic) :])

    def compile_cached(source: Any, filename: Any, mode: str, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs:
            code = codes.get((source, filename, mode))
            if code is not None:
                return code
        return builtins.compile(source, filename, mode, *args, **kwargs)

    _compile_with(compile_cached)
    return True


def record(path: Path) -> None:
    """Record every piece of code attrs and cattrs compile from now on, and write it to ``path``
    when the process exits."""
    codes: dict[_Key, Any] = {}

    def compile_recorded(source: Any, filename: Any, mode: str, *args: Any, **kwargs: Any) -> Any:
        code = builtins.compile(source, filename, mode, *args, **kwargs)
        if not args and not kwargs and isinstance(source, str) and isinstance(filename, str):
            codes[(source, filename, mode)] = code
        return code

    _compile_with(compile_recorded)
    _writers.append(lambda: path.write_bytes(importlib.util.MAGIC_NUMBER + marshal.dumps(codes)))
    atexit.register(write_recorded)


_writers: list[Callable[[], object]] = []


def write_recorded() -> None:
    """Write what :func:`record` recorded (at exit; the server, which ends with ``os._exit``, calls it)."""
    while _writers:
        _writers.pop()()


__all__ = ["RECORD_ENV", "install", "record", "write_recorded"]

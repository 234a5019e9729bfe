"""Giving memory that the process has freed back to the operating system.

ONNX Runtime's CPU arena is off (``edgegram.engine.runtime``), so tensors are freed after each run,
but the C allocator keeps freed pages for reuse: after a burst of work (50 documents opened
at once) the resident size would stay at its peak. ``malloc_trim`` returns them. Parts that
keep something only to be quick next time (the language-identification model) register a
release with :func:`on_release`, run first.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys
from collections.abc import Callable

_RELEASES: list[Callable[[], None]] = []


@functools.cache
def _malloc_trim():
    """glibc's ``malloc_trim``, or None (macOS, Windows, musl)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return libc.malloc_trim
    except (OSError, AttributeError):
        return None


def on_release(release: Callable[[], None]) -> None:
    """Have :func:`release_free_memory` call ``release()`` (from any thread, at idle times) to
    drop what can be made again when next needed."""
    _RELEASES.append(release)


def release_free_memory() -> bool:
    """Run the registered releases, then return the C heap's free pages to the OS; False
    where the platform cannot."""
    for release in list(_RELEASES):
        release()
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True

"""Giving memory that the process has freed back to the operating system.

ONNX Runtime's CPU arena is shrunk after each run (``edgegram.engine.finders.runtime``), so its tensors
are freed when a run ends, but the C allocator keeps freed pages for reuse: after a burst of
work (50 documents opened at once) the resident size would stay at its peak. ``malloc_trim`` returns them
(:func:`trim_heap`; the checker calls it after each run of the model). Parts that keep
something only to be quick next time (the language-identification model) register a
release with :func:`on_release`, which :func:`release_free_memory` runs first, at idle times.
The language server also sets glibc's allocator for a long-running process with threads
(:func:`tune_heap`): one heap (each thread that allocates otherwise gets its own, and the
free pages scattered over them kept it ~8 MB higher after its documents closed), and
blocks of 512 KB and more (ONNX Runtime's larger tensors) mapped on their own and unmapped
when freed, with at most 2 MB kept free at the heap's top: glibc's default raises both
limits as it sees large blocks freed, and the heap then grew by ~10 MB of fragments while
checking (peak 206 MB with the 14 techdocs chapters open, 197.5 MB tuned). The price is
page faults for those blocks: about 1.3 s of system time more for 20 s of checking.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys
from collections.abc import Callable

_RELEASES: list[Callable[[], None]] = []


# glibc's mallopt parameters (malloc.h) and the values tune_heap sets
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD, _M_ARENA_MAX = -1, -3, -8
_HEAP_SETTINGS = ((_M_ARENA_MAX, 1), (_M_MMAP_THRESHOLD, 512 * 1024), (_M_TRIM_THRESHOLD, 2 * 1024 * 1024))


@functools.cache
def _glibc(name: str):
    """glibc's function ``name``, or None (macOS, Windows, musl)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return getattr(libc, name)
    except (OSError, AttributeError):
        return None


def tune_heap() -> bool:
    """Set glibc's allocator for the language server (see the module's docstring; call it
    before threads start); False where the platform cannot."""
    mallopt = _glibc("mallopt")
    return mallopt is not None and all(mallopt(option, value) == 1 for option, value in _HEAP_SETTINGS)


def trim_heap() -> bool:
    """Return the C heap's free pages to the OS; False where the platform cannot."""
    trim = _glibc("malloc_trim")
    if trim is None:
        return False
    trim(0)
    return True


def on_release(release: Callable[[], None]) -> None:
    """Have :func:`release_free_memory` call ``release()`` (from any thread, at idle times) to
    drop what can be made again when next needed."""
    _RELEASES.append(release)


def release_free_memory() -> bool:
    """Run the registered releases, then return the C heap's free pages to the OS; False
    where the platform cannot."""
    for release in list(_RELEASES):
        release()
    return trim_heap()

"""Small file helpers for the server's word lists: atomic writes, setting bad files aside,
a cache of parsed files that notices outside edits, and finding the workspace folder that
holds a document."""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Generic, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

STATE_DIR = ".edgegram"  # in a workspace folder


def write_atomically(path: Path, content: str) -> None:
    """Write ``content`` to ``path`` (creating parent folders) without leaving half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(content)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def set_aside(path: Path, reason: str) -> None:
    """Move an unreadable file to ``<name>.bak`` (replacing an older one) and log why."""
    backup = path.with_name(path.name + ".bak")
    try:
        if backup.is_dir() and not backup.is_symlink():
            shutil.rmtree(backup)
        os.replace(path, backup)
        log.warning("%s is unreadable (%s); moved it to %s and started a new one", path, reason, backup)
    except OSError as error:
        log.error("%s is unreadable (%s) and could not be moved aside: %s", path, reason, error)


def read_text_or_set_aside(path: Path) -> str | None:
    """The UTF-8 text of ``path``; None when it does not exist or was unreadable (set aside)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:  # a directory, no permission...
        set_aside(path, error.strerror or type(error).__name__)
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        set_aside(path, f"not UTF-8 text: {error.reason} at byte {error.start}")
        return None
    if "\x00" in text:
        set_aside(path, "binary content")
        return None
    return text


FileStamp = tuple[int, int]  # (mtime in ns, size): changes when the file is rewritten


def file_stamp(path: Path) -> FileStamp | None:
    """What tells whether ``path`` changed since it was read; None when it cannot be stat'ed."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


class StampedFiles(Generic[T]):
    """What ``read(path)`` made of each file, read again only when the file's stamp changed
    (an outside edit) and never cached while the file is missing."""

    def __init__(self, read: Callable[[Path], T]) -> None:
        self._read = read
        self._entries: dict[Path, tuple[FileStamp, T]] = {}

    def get(self, path: Path) -> T:
        stamp = file_stamp(path)
        cached = self._entries.get(path)
        if stamp is not None and cached is not None and cached[0] == stamp:
            return cached[1]
        value = self._read(path)
        self.remember(path, value)
        return value

    def remember(self, path: Path, value: T) -> None:
        """Take ``value`` as what ``path`` holds now (after writing it, or after reading it:
        the stamp is taken now, so a file set aside while read is not cached)."""
        stamp = file_stamp(path)
        if stamp is None:
            self._entries.pop(path, None)
        else:
            self._entries[path] = (stamp, value)

    def forget(self, path: Path) -> None:
        """Read ``path`` again next time (it was just rewritten)."""
        self._entries.pop(path, None)


def folder_of(document: Path, folders: Iterable[Path]) -> Path | None:
    """The innermost of ``folders`` that contains ``document``."""
    containing = [f for f in folders if document == f or f in document.parents]
    return max(containing, key=lambda f: len(f.parts), default=None)

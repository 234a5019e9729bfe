"""Arrays of a ``.npz`` file read from disk as they are indexed, not held in memory.

A model shipped as ``model.npz.xz`` is unpacked once into a cache folder (:func:`unpacked`);
:func:`stored_arrays` then finds each array in the ``.npz`` (whose members numpy stores
uncompressed) and reads the items or rows asked for from the file (the operating system's
page cache keeps them at hand; a memory map would put whole neighbourhoods of pages into
the process's resident size for every item read).
"""

from __future__ import annotations

import functools
import hashlib
import lzma
import os
import shutil
import struct
import tempfile
import threading
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

_LOCAL_HEADER = struct.Struct("<4s22xHH")  # signature, ..., file name length, extra field length
_HEADER_READERS = {(1, 0): np.lib.format.read_array_header_1_0, (2, 0): np.lib.format.read_array_header_2_0}


@functools.lru_cache(maxsize=8)
def _digest(source: Path, size: int, modified_ns: int) -> str:
    """The start of ``source``'s SHA-256, hashed once per version of the file (a model dropped
    when idle and read again does not hash it again)."""
    return hashlib.sha256(source.read_bytes()).hexdigest()[:16]


def unpacked(source: Path, folder: Path) -> Path:
    """``source`` (``NAME.npz.xz``) decompressed into ``folder``, once per content of it (the
    start of its SHA-256 is in the name: every install of the same version shares one copy,
    where a name by modification time made one per install); written under a temporary name
    and renamed, so that processes sharing the folder never read half a file."""
    stat = source.stat()
    digest = _digest(source, stat.st_size, stat.st_mtime_ns)
    target = folder / f"{source.name.removesuffix('.xz').removesuffix('.npz')}-{digest}.npz"
    if target.is_file():
        return target
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=folder, suffix=".part", delete=False) as out:
        try:
            with lzma.open(source) as compressed:
                shutil.copyfileobj(compressed, out, length=1 << 20)
        except BaseException:
            os.unlink(out.name)
            raise
    os.replace(out.name, target)
    return target


class _File:
    """A file descriptor read at offsets, closed with the last array that reads it."""

    def __init__(self, path: Path) -> None:
        self.fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        self._lock = threading.Lock()

    def read(self, offset: int, size: int) -> bytes:
        if hasattr(os, "pread"):
            return os.pread(self.fd, size, offset)
        with self._lock:  # Windows: no pread
            os.lseek(self.fd, offset, os.SEEK_SET)
            return os.read(self.fd, size)

    def __del__(self, _close=os.close) -> None:  # os may be gone when the interpreter exits
        _close(self.fd)


class StoredArray:
    """A C-ordered array in a file: ``array[i]`` of a 1-D array of native integers is a Python
    int, ``array[rows]`` (a 1-D integer ndarray) of a 2-D array is those rows, as numpy gives
    them; :meth:`load` reads it whole. What was read is kept, up to ``cached_bytes``, in
    blocks of :data:`BLOCK_ITEMS` items or in rows: neighbouring and repeated reads are
    frequent (an automaton's row, a language's common n-grams)."""

    BLOCK_ITEMS = 256

    def __init__(self, file: _File, offset: int, dtype: np.dtype, shape: tuple[int, ...], cached_bytes: int = 1 << 20) -> None:
        self._file, self._offset = file, offset
        self.dtype, self.shape = dtype, shape
        self._row_bytes = int(np.prod(shape[1:], dtype=np.int64)) * dtype.itemsize
        self._chunk_bytes = self._row_bytes * (self.BLOCK_ITEMS if len(shape) == 1 else 1)
        self._cached: dict[int, bytes | memoryview] = {}
        self._max_cached = max(1, cached_bytes // self._chunk_bytes)
        self._native_ints = len(shape) == 1 and dtype.kind in "iu" and dtype.isnative

    def _read(self, offset: int, size: int) -> bytes:
        data = self._file.read(self._offset + offset, size)
        if len(data) != size:
            raise ValueError("the file ends inside an array")
        return data

    def _chunk(self, n: int) -> bytes | memoryview:
        chunk = self._cached.get(n)
        if chunk is None:
            size = min(self._chunk_bytes, self._row_bytes * self.shape[0] - n * self._chunk_bytes)
            chunk = self._read(n * self._chunk_bytes, size)
            if self._native_ints:
                chunk = int_view(chunk, self.dtype)
            if len(self._cached) >= self._max_cached:
                del self._cached[next(iter(self._cached))]  # the oldest
            self._cached[n] = chunk
        return chunk

    def __len__(self) -> int:
        return self.shape[0]

    def __getitem__(self, index):
        if isinstance(index, np.ndarray) and len(self.shape) == 2:
            rows = b"".join(self._chunk(int(i)) for i in index)
            return np.frombuffer(rows, dtype=self.dtype).reshape((len(index), *self.shape[1:]))
        if not self._native_ints:
            raise TypeError("items are read from 1-D arrays of native integers, rows from 2-D arrays")
        if not 0 <= index < self.shape[0]:
            raise IndexError(index)
        return self._chunk(index // self.BLOCK_ITEMS)[index % self.BLOCK_ITEMS]

    def load(self) -> np.ndarray:
        """The whole array, read into memory."""
        data = self._read(0, self._row_bytes * self.shape[0])
        return np.frombuffer(data, dtype=self.dtype).reshape(self.shape)


def int_view(data: bytes, dtype: np.dtype) -> memoryview:
    """``data``, items of the native integer ``dtype``, as a memoryview whose items are Python
    ints (quicker to index one by one than an ndarray)."""
    if dtype.kind not in "iu" or not dtype.isnative:
        raise ValueError(f"not a native integer type: {dtype}")
    item_format: Any = dtype.char
    return memoryview(data).cast(item_format)


def stored_arrays(path: Path) -> dict[str, StoredArray]:
    """The arrays of the uncompressed ``.npz`` at ``path``, read from it on demand (the file
    stays open while any of them is referenced); a ValueError for a member numpy did not
    store plainly."""
    file = _File(path)
    arrays = {}
    with open(path, "rb") as index:
        for member in zipfile.ZipFile(index).infolist():
            if member.compress_type != zipfile.ZIP_STORED or not member.filename.endswith(".npy"):
                raise ValueError(f"{path}: {member.filename} is not a stored .npy member")
            index.seek(member.header_offset)
            signature, name_length, extra_length = _LOCAL_HEADER.unpack(index.read(_LOCAL_HEADER.size))
            if signature != b"PK\x03\x04":
                raise ValueError(f"{path}: no zip entry at {member.header_offset}")
            index.seek(name_length + extra_length, os.SEEK_CUR)
            read_header = _HEADER_READERS.get(np.lib.format.read_magic(index))
            if read_header is None:
                raise ValueError(f"{path}: {member.filename} has an unknown .npy version")
            shape, fortran, dtype = read_header(index)
            if fortran or dtype.hasobject or not shape:
                raise ValueError(f"{path}: {member.filename} is not a plain C-ordered array")
            arrays[member.filename.removesuffix(".npy")] = StoredArray(file, index.tell(), dtype, shape)
    return arrays


__all__ = ["StoredArray", "int_view", "stored_arrays", "unpacked"]

"""Arrays of an unpacked .npz read from disk on demand (edgegram.engine.core.stored_npz)."""

import io
import lzma

import numpy as np
import pytest

from edgegram.engine.core.stored_npz import stored_arrays, unpacked


def packed(tmp_path, compressed=False, **arrays):
    buffer = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(buffer, **arrays)
    path = tmp_path / "model.npz.xz"
    path.write_bytes(lzma.compress(buffer.getvalue()))
    return path


def test_items_rows_and_whole_arrays_are_numpys(tmp_path):
    ints, rows = np.arange(1000, dtype=np.uint32) * 7, np.arange(40, dtype=np.float16).reshape(8, 5)
    path = unpacked(packed(tmp_path, ints=ints, rows=rows, labels=np.array(["en", "fr"])), tmp_path / "cache")
    stored = stored_arrays(path)
    assert [stored["ints"][i] for i in (0, 255, 256, 999)] == [0, 255 * 7, 256 * 7, 999 * 7]
    assert all(type(stored["ints"][i]) is int for i in (0, 999))
    picked = np.array([5, 0, 5, 7])
    assert np.array_equal(stored["rows"][picked], rows[picked]) and stored["rows"][picked].dtype == np.float16
    assert stored["labels"].load().tolist() == ["en", "fr"] and np.array_equal(stored["ints"].load(), ints)
    with pytest.raises(IndexError):
        stored["ints"][1000]


def test_reads_stay_right_past_the_cache_limit(tmp_path):
    ints = np.arange(5000, dtype=np.int32) - 2500
    stored = stored_arrays(unpacked(packed(tmp_path, ints=ints), tmp_path))
    stored["ints"]._max_cached = 2  # blocks of 256 items
    assert [stored["ints"][i] for i in range(0, 5000, 97)] == list(range(-2500, 2500, 97))
    assert len(stored["ints"]._cached) <= 2


def test_unpacked_once_per_version(tmp_path):
    source = packed(tmp_path, ints=np.arange(3))
    first = unpacked(source, tmp_path / "cache")
    stamp = first.stat().st_mtime_ns
    assert unpacked(source, tmp_path / "cache") == first and first.stat().st_mtime_ns == stamp
    assert [p.name for p in (tmp_path / "cache").iterdir()] == [first.name]  # no partial file left


def test_compressed_members_are_refused(tmp_path):
    with pytest.raises(ValueError):
        stored_arrays(unpacked(packed(tmp_path, compressed=True, ints=np.arange(3)), tmp_path))


def test_copies_of_the_same_model_share_one_unpacked_file(tmp_path):
    import os
    import shutil

    source = packed(tmp_path, ints=np.arange(3))
    other_install = tmp_path / "other" / source.name
    other_install.parent.mkdir()
    shutil.copyfile(source, other_install)
    os.utime(other_install, ns=(1, 1))  # another install: another modification time
    assert unpacked(other_install, tmp_path / "cache") == unpacked(source, tmp_path / "cache")
    assert len(list((tmp_path / "cache").iterdir())) == 1

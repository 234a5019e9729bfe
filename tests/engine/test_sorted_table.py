"""The shipped word tables' binary search (edgegram.engine.core.sorted_table)."""

import gzip

from edgegram.engine.core.sorted_table import STRIDE, SortedTable


def _table(keys: list[str]) -> SortedTable:
    lines = sorted((f"{key}\t{number}" for number, key in enumerate(keys)), key=lambda line: line.encode("utf-8"))
    return SortedTable("\n".join(lines).encode("utf-8"))


def test_every_key_of_a_table_many_strides_long_is_found_with_its_fields():
    keys = [f"word{n:04d}" for n in range(0, 10 * STRIDE + 3, 2)]
    table = _table(keys)
    assert len(table) == len(keys)
    for number, key in enumerate(keys):
        assert table.row(key) == (str(number),)


def test_a_key_before_between_or_after_the_tables_keys_is_not_found():
    keys = [f"word{n:04d}" for n in range(0, 10 * STRIDE + 3, 2)]
    table = _table(keys)
    absent = ["a", "word", "word0001", f"word{STRIDE - 1:04d}", f"word{STRIDE + 1:04d}", "word9999", "zzz"]
    assert all(table.row(key) is None for key in absent)


def test_keys_that_share_a_prefix_or_leave_the_ascii_range_are_told_apart():
    table = _table(["commit", "commit log", "commits", "über", "zeta", "ζ"])
    assert table.row("commit") == ("0",) and table.row("commit log") == ("1",) and table.row("über") == ("3",)
    assert table.row("ζ") == ("5",) and table.row("commi") is None and table.row("über alles") is None


def test_an_empty_table_finds_nothing(tmp_path):
    path = tmp_path / "empty.txt.gz"
    path.write_bytes(gzip.compress(b""))
    table = SortedTable.load(path)
    assert len(table) == 0 and table.row("anything") is None

"""edgegram.engine.core.m2, the one M2 reader (bench, evaluation and training data all use it)."""

import pytest

from edgegram.engine.core.errors import DataError
from edgegram.engine.core.m2 import read_m2, read_m2_blocks, source_text

M2 = (
    "S I has a apple .\nA 1 2|||R:VERB:SVA|||have|||REQUIRED|||-NONE-|||0\n"
    "A 2 3|||R:DET|||an|||REQUIRED|||-NONE-|||0\nA 2 3|||R:DET|||the|||REQUIRED|||-NONE-|||1\n\n"
    "S Fine .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n\n"
    "S Go home now .\nA 1 2||||||||||REQUIRED|||-NONE-|||0\nA 3 3|||M:ADV|||please|||REQUIRED|||-NONE-|||0\n\n"
    "S It is , unclear .\nA 2 3|||Um|||x|||REQUIRED|||-NONE-|||0\nA 1 1|||UNK|||y|||REQUIRED|||-NONE-|||0\n"
)


def test_annotator_0_edits_are_applied_and_no_op_kinds_skipped(tmp_path):
    path = tmp_path / "dev.m2"
    path.write_text(M2, encoding="utf-8")
    assert [(s.source, s.target) for s in read_m2(path)] == [
        ("I has a apple .", "I have an apple ."),
        ("Fine .", "Fine ."),
        ("Go home now .", "Go now please ."),
        ("It is , unclear .", "It is , unclear ."),
    ]
    first = next(read_m2(path))
    assert (first.source_text, first.target_text) == ("I has a apple.", "I have an apple.")


def test_blocks_are_the_file_text_and_limit_takes_the_first(tmp_path):
    path = tmp_path / "dev.m2"
    path.write_text(M2, encoding="utf-8")
    blocks = read_m2_blocks(path, 2)
    assert blocks == [M2.split("\n\n")[0], "S Fine .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0"]
    assert len(read_m2_blocks(path)) == 4
    assert source_text(blocks[0]) == "I has a apple."


def test_malformed_files_name_the_line(tmp_path):
    path = tmp_path / "bad.m2"
    path.write_text("S A b .\nA x y|||R:DET|||the\n")
    with pytest.raises(DataError, match=r"bad\.m2:2"):
        list(read_m2(path))
    path.write_text("A 0 1|||R:DET|||the|||REQUIRED|||-NONE-|||0\n")
    with pytest.raises(DataError, match=r"bad\.m2:1: expected an 'S '"):
        list(read_m2(path))

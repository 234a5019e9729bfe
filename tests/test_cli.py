"""The edgegram command without a model: argument and file errors, line/column mapping,
line-preserving `correct`, bench data errors."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from edgegram.cli import CliError, correct_lines, problems_in, read_text_file
from engine.checker import Checker
from engine.edits import apply_edits
from engine.types import CheckerConfig, Edit, EditKind

ROOT = Path(__file__).resolve().parents[1]


def run_cli(*args, stdin="", env=None):
    environment = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run([sys.executable, "-m", "edgegram", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, env=environment, timeout=120)


def test_missing_file_is_exit_2_with_one_clear_line(tmp_path):
    result = run_cli("check", str(tmp_path / "nope.txt"), "--model", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip() == f"edgegram: error: {tmp_path / 'nope.txt'}: no such file"
    assert "Traceback" not in result.stderr


def test_binary_file_is_exit_2(tmp_path):
    binary = tmp_path / "image.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    result = run_cli("check", str(binary))
    assert result.returncode == 2
    assert "binary" in result.stderr and str(binary) in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_undecodable_file_is_a_clear_error(tmp_path):
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("café".encode("latin-1"))
    with pytest.raises(CliError, match="not UTF-8 text"):
        read_text_file(latin1)


def test_directory_is_a_clear_error(tmp_path):
    with pytest.raises(CliError, match="is a directory"):
        read_text_file(tmp_path)


def test_bom_is_dropped(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeffHi.".encode("utf-8"))
    assert read_text_file(path) == "Hi."


def test_bench_without_shared_data_is_exit_2(tmp_path):
    result = run_cli("bench", "--shared", str(tmp_path), "--limit", "1")
    assert result.returncode == 2
    assert "BEA-19 dev data not found" in result.stderr and "Traceback" not in result.stderr


def test_unknown_command_is_a_usage_error():
    assert run_cli("frobnicate").returncode == 2


def _edit(start, end, replacement, text):
    return Edit(start, end, replacement, text[start:end], EditKind.OTHER, "m", 0.5)


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_problem_lines_and_columns_are_one_based_code_points(newline):
    text = f"😀 ab{newline}cd ef{newline}{newline}gh"
    edits = [_edit(text.index("ab"), text.index("ab") + 2, "x", text), _edit(text.index("ef"), text.index("ef"), "y", text),
             _edit(text.index("gh"), text.index("gh") + 2, "z", text)]
    problems = problems_in("f.txt", text, edits)
    assert [(p.line, p.column) for p in problems] == [(1, 3), (2, 4), (4, 1)]
    assert problems[0].end_column == 5


class _Decoded:
    def __init__(self, tokens, probs):
        self.tokens, self.probs, self.passes = tokens, probs, 1


class _CharModel:
    max_source_tokens = 100

    def tokenize(self, text):
        return [ord(c) + 4 for c in text] + [2]

    def detokenize(self, ids):
        return "".join(chr(i - 4) for i in ids if i > 3)

    def encode(self, batch):
        return list(batch)


def _upper_first_word(model, state, src_ids, max_len):
    text = model.detokenize(state)
    output = text[:1].upper() + text[1:]
    return _Decoded(model.tokenize(output), [0.9] * (len(output) + 1))


def test_correct_lines_keeps_every_line_including_empty_ones():
    checker = Checker.from_model(_CharModel(), CheckerConfig(), decode=_upper_first_word)
    lines = ["hello there.", "", "   ", "second line! third one.", "x"]
    assert correct_lines(checker, lines, apply_edits) == [
        "Hello there.", "", "   ", "Second line! third one.", "X",
    ]


def test_bench_edit_ratio():
    from edgegram.bench import edit_ratio

    assert edit_ratio("I has a apple .", "I have an apple .") == pytest.approx(2 / 5)
    assert edit_ratio("Fine .", "Fine .") == 0.0

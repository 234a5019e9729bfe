"""The edgegram command without a model: argument and file errors, line/column mapping,
line-preserving `correct`, bench data errors."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from edgegram.cli import CliError, correct_lines, problems_in, read_text_file
from edgegram.engine.checker import Checker
from edgegram.engine.core.edits import apply_edits
from edgegram.engine.core.types import CheckerConfig, Edit, EditKind
from edgegram.engine.finders.decoding import Decoded

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args, stdin="", env=None):
    environment = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run(
        [sys.executable, "-m", "edgegram", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        timeout=120,
    )


def test_the_command_line_loads_without_the_checker():
    """`edgegram --help` and the parent of `check`'s processes import neither the checker, its
    rules nor ONNX Runtime: the engine's names are imported when first used."""
    heavy = ("edgegram.engine.checker", "edgegram.engine.finders.rules", "onnxruntime")
    code = f"import sys, edgegram.cli, edgegram.engine.core.geometry; print(sorted(m for m in {heavy!r} if m in sys.modules))"
    shown = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT))
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() == "[]"
    import edgegram.engine

    assert edgegram.engine.Checker is Checker and edgegram.engine.CheckerConfig is CheckerConfig
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        edgegram.engine.Nothing  # noqa: B018


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
    edits = [
        _edit(text.index("ab"), text.index("ab") + 2, "x", text),
        _edit(text.index("ef"), text.index("ef"), "y", text),
        _edit(text.index("gh"), text.index("gh") + 2, "z", text),
    ]
    problems = problems_in("f.txt", text, edits)
    assert [(p.line, p.column) for p in problems] == [(1, 3), (2, 4), (4, 1)]
    assert problems[0].end_column == 5


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
    return Decoded.with_probs(model.tokenize(output), [0.9] * (len(output) + 1), passes=1)


def test_correct_lines_keeps_every_line_including_empty_ones():
    checker = Checker.from_model(
        _CharModel(),
        CheckerConfig(
            rules=False,
        ),
        decode=_upper_first_word,
    )
    lines = ["hello there.", "", "   ", "second line! third one.", "x"]
    assert correct_lines(checker, lines, apply_edits) == [
        "Hello there.",
        "",
        "   ",
        "Second line! third one.",
        "X",
    ]


def test_bench_edit_ratio():
    from edgegram.bench import edit_ratio

    assert edit_ratio("I has a apple .", "I have an apple .") == pytest.approx(2 / 5)
    assert edit_ratio("Fine .", "Fine .") == 0.0


# -- version, help, standard input, progress, text output, bench --plot --------------------


def test_version_is_the_packages():
    from edgegram.engine.core.version import package_version

    result = run_cli("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"edgegram {package_version()}"


@pytest.mark.parametrize("command", ["check", "correct", "bench"])
def test_help_prints_the_default_values_themselves(command):
    from edgegram.engine import DEFAULT_MIN_CONFIDENCE

    result = run_cli(command, "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())  # argparse wraps help lines
    assert f"(default: {DEFAULT_MIN_CONFIDENCE})" in text and "(default: iad)" in text
    assert "engine." not in text and "DEFAULT_" not in text


def test_check_dash_reads_standard_input_with_the_same_errors_as_files(tmp_path):
    result = run_cli("check", "-", "--model", str(tmp_path / "no-model"), stdin="\x00\x01binary")
    assert result.returncode == 2
    assert result.stderr.strip() == "edgegram: error: standard input: looks like a binary file (contains NUL bytes), not text"


def test_a_markup_threshold_out_of_range_is_a_clear_error():
    result = run_cli("check", "-", "--markup-min-confidence", "2", stdin="Hello.")
    assert result.returncode == 2
    assert result.stderr.strip() == "edgegram: error: --markup-min-confidence must be between 0 and 1, got 2.0"


def test_standard_input_can_be_checked_only_once():
    result = run_cli("check", "-", "-", stdin="Hello.")
    assert result.returncode == 2 and "only once" in result.stderr


def test_read_input_dash_is_standard_input(monkeypatch):
    import io

    from edgegram.cli import read_input

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("\ufeffThey is here.\n".encode("utf-8"))))
    assert read_input("-") == "They is here.\n"


class _Terminal:
    def __init__(self):
        self.written = []

    def isatty(self):
        return True

    def write(self, text):
        self.written.append(text)

    def flush(self):
        pass


def test_progress_only_on_a_terminal():
    import io

    from edgegram.cli import progress_line

    assert progress_line("a.md (1/2)", io.StringIO()) is None
    terminal = _Terminal()
    progress = progress_line("a.md (1/2)", terminal)
    progress(16, 213)
    progress.finish()
    assert "".join(terminal.written) == "\redgegram: a.md (1/2): 16/213 sentences\n"


def test_text_output_shows_what_each_edit_replaces():
    import io

    from edgegram.cli import _print_problems

    text = "I saw their again.\nA apple"
    edits = [_edit(6, 17, "there", text), _edit(19, 20, "An", text), _edit(8, 8, "x\ny", text)]
    out = io.StringIO()
    _print_problems(problems_in("f.md", text, edits), "text", out)
    assert out.getvalue().splitlines() == [
        "f.md:1:7: other: 'their again' → 'there'",
        "f.md:2:1: other: 'A' → 'An'",
        "f.md:1:9: other: '' → 'x\\ny'",
    ]


def test_json_output_lists_the_alternatives_of_a_spelling_edit():
    import io
    import json

    from edgegram.cli import _print_problems

    text = "See you tomorow."
    start = text.index("tomorow")
    spelling = Edit(
        start,
        start + 7,
        "tomorrow",
        "tomorow",
        EditKind.SPELLING,
        "m",
        0.9,
        alternatives=("tomorrows",),
        rule="spelling.unknown_word",
    )
    out = io.StringIO()
    _print_problems(problems_in("f.md", text, [spelling, _edit(0, 3, "Saw", text)]), "json", out)
    first, second = json.loads(out.getvalue())
    assert first["kind"] == "spelling" and first["replacement"] == "tomorrow"
    assert first["alternatives"] == ["tomorrows"]
    assert second["alternatives"] == []
    assert list(first)[-3:] == ["confidence", "alternatives", "rule"]
    assert first["rule"] == "spelling.unknown_word"
    text_out = io.StringIO()
    _print_problems(problems_in("f.md", text, [spelling]), "text", text_out)
    assert text_out.getvalue() == "f.md:1:9: spelling: 'tomorow' → 'tomorrow'\n"  # the text format is unchanged


def test_text_output_falls_back_to_an_ascii_arrow():
    import io

    from edgegram.cli import _print_problems

    text = "A apple"
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    _print_problems(problems_in("f.md", text, [_edit(0, 1, "An", text)]), "text", out)
    out.seek(0)
    assert out.buffer.getvalue().decode("ascii") == "f.md:1:1: other: 'A' -> 'An'\n"


def test_bench_plot_without_matplotlib_is_a_clear_error_before_the_run(monkeypatch, tmp_path, capsys):
    from edgegram.cli import main

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    status = main(["bench", "--plot", str(tmp_path / "speedup.png"), "--shared", str(tmp_path)])
    error = capsys.readouterr().err
    assert status == 2
    assert "--plot needs matplotlib" in error and ".[eval]" in error
    assert "BEA-19" not in error  # refused before looking for the data


def test_bench_help_says_plot_needs_the_eval_extra():
    result = run_cli("bench", "--help")
    assert "matplotlib" in result.stdout and "eval" in result.stdout

"""The edgegram command on the tiny real model: exit codes, JSON output, `correct` keeps
the line count, model errors."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = "They is happy and I has a apple.\nThe dog run fast 😀.\n\nIt continue here.\n"


def run_cli(*args, stdin="", model=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("EDGEGRAM_MODEL", None)
    if model is not None:
        env["EDGEGRAM_MODEL"] = str(model)
    return subprocess.run(
        [sys.executable, "-m", "edgegram", *args], input=stdin, capture_output=True, text=True, cwd=ROOT, env=env, timeout=300
    )


def test_check_reports_problems_with_exit_1(tmp_path, tiny_model_dir):
    path = tmp_path / "essay.txt"
    path.write_text(SAMPLE, encoding="utf-8")
    result = run_cli("check", str(path), "--model", str(tiny_model_dir), "--threads", "1")
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines and all(line.startswith(f"{path}:") and "' → '" in line for line in lines)
    assert result.stderr == ""  # no progress lines when stderr is not a terminal


def test_check_dash_reads_standard_input_like_a_file(tmp_path, tiny_model_dir):
    path = tmp_path / "essay.txt"
    path.write_text(SAMPLE, encoding="utf-8")
    from_file = run_cli("check", str(path), "--format", "json", "--threads", "1", model=tiny_model_dir)
    from_stdin = run_cli("check", "-", "--format", "json", "--threads", "1", stdin=SAMPLE, model=tiny_model_dir)
    assert from_stdin.returncode == from_file.returncode, from_stdin.stderr
    expected = [dict(problem, path="-") for problem in json.loads(from_file.stdout)]
    assert json.loads(from_stdin.stdout) == expected


def test_check_json_parses_and_matches_the_text(tmp_path, tiny_model_dir):
    path = tmp_path / "essay.txt"
    path.write_text(SAMPLE, encoding="utf-8")
    result = run_cli("check", str(path), "--format", "json", "--threads", "1", model=tiny_model_dir)
    problems = json.loads(result.stdout)
    assert result.returncode == (1 if problems else 0)
    text_lines = SAMPLE.split("\n")
    for problem in problems:
        assert problem["path"] == str(path)
        line = text_lines[problem["line"] - 1]
        assert SAMPLE[problem["start"] : problem["end"]] == problem["original"]
        assert line[problem["column"] - 1 :].startswith(problem["original"])


def test_check_clean_file_exits_0(tmp_path, tiny_model_dir):
    path = tmp_path / "empty.txt"
    path.write_text("  \n\n", encoding="utf-8")
    result = run_cli("check", str(path), "--model", str(tiny_model_dir))
    assert (result.returncode, result.stdout) == (0, "")


def test_missing_model_dir_is_exit_2_with_a_clear_message(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("Hello.", encoding="utf-8")
    result = run_cli("check", str(path), "--model", str(tmp_path / "missing-model"))
    assert result.returncode == 2
    assert "missing-model" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_correct_keeps_the_line_count_and_prints_stats(tiny_model_dir):
    result = run_cli("correct", "--stats", "--decoder", "greedy", "--threads", "1", stdin=SAMPLE, model=tiny_model_dir)
    assert result.returncode == 0, result.stderr
    out_lines = result.stdout.split("\n")
    assert len(out_lines) == len(SAMPLE.split("\n"))
    assert out_lines[2] == ""
    stats = json.loads(result.stderr.strip().splitlines()[-1])
    assert stats["sentences"] == 3 and stats["decoder_passes"] >= 1 and stats["tokens"] >= 1
    assert set(stats) >= {"sentences", "seconds", "decoder_passes", "tokens"}


M2 = """S They is happy .
A 1 2|||R:VERB:SVA|||are|||REQUIRED|||-NONE-|||0

S I has a apple .
A 1 2|||R:VERB:SVA|||have|||REQUIRED|||-NONE-|||0
A 2 3|||R:DET|||an|||REQUIRED|||-NONE-|||0
A 2 3|||R:DET|||the|||REQUIRED|||-NONE-|||1

S The cat sat on the mat .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
"""


def test_bench_compares_decoders_and_precisions_in_one_run(tmp_path, tiny_model_dir):
    shared = tmp_path / "shared"
    (shared / "data/dev/bea19").mkdir(parents=True)
    (shared / "data/dev/bea19/ABCN.dev.gold.bea19.m2").write_text(M2, encoding="utf-8")
    out = tmp_path / "bench.json"
    result = run_cli(
        "bench", "--shared", str(shared), "--model", str(tiny_model_dir), "--threads", "1", "--json", str(out), "--limit", "3"
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    for name in ("learner", "clean"):
        summary = report["sets"][name]
        assert summary["sentences"] == 3 and summary["mismatches"] == 0
        assert summary["iad"]["mean_passes"] <= summary["greedy"]["mean_passes"]
        per_sentence = report["per_sentence"][name]
        assert len(per_sentence) == 3
        assert summary["unchanged_sentences"] == sum(p["unchanged"] for p in per_sentence)
        assert all(p["edit_ratio"] == 0 for p in per_sentence if p["unchanged"])
        assert all(p["greedy_ms"] > 0 and p["iad_ms"] > 0 for p in per_sentence)
    assert report["sets"]["clean"]["unchanged_sentences"] >= 1  # the tiny model copies clean sentences
    assert report["sets"]["clean"]["unchanged_speedup"] > 0
    assert set(report["precision"]) == {"int8", "fp32", "output_differences"}
    assert 0 < report["peak_rss_mb"] <= report["peak_rss_mb_with_fp32"]  # the shipped model alone, then with fp32
    assert "speedup" in result.stdout


def test_check_skips_markdown_code(tmp_path, tiny_model_dir):
    """Code in a Markdown file is never checked by `edgegram check` (same masking as the editor)."""
    import subprocess
    import sys

    doc = tmp_path / "doc.md"
    code = "They is happy."
    # blank lines around the code line make it a paragraph of its own in the plain-text control
    doc.write_text(f"They is happy.\n\n```\n\n{code}\n\n```\n\nUse `{code}` here.\n", encoding="utf-8")
    plain = tmp_path / "doc.txt"
    # The control has the same lines without backticks (text between backticks is code to
    # the engine's safety rules in any format), so only Markdown's masking tells them apart.
    plain.write_text(doc.read_text(encoding="utf-8").replace("`", "="), encoding="utf-8")
    env = {**__import__("os").environ, "EDGEGRAM_MODEL": str(tiny_model_dir)}

    def run(p):
        command = [sys.executable, "-m", "edgegram", "check", "--format", "json", "--min-confidence", "0", str(p)]
        return subprocess.run(command, capture_output=True, text=True, env=env)

    import json

    md_lines = {p["line"] for p in json.loads(run(doc).stdout)}
    txt_lines = {p["line"] for p in json.loads(run(plain).stdout)}
    assert 1 in md_lines  # the prose sentence is still checked
    assert 5 in txt_lines and 5 not in md_lines  # the fenced code only in the plain-text file


def test_check_of_many_files_on_two_cores_prints_what_one_core_prints(tmp_path, tiny_model_dir):
    texts = [SAMPLE, "She go to school yesterday.\n", "This is fine.\n", "We was late because the bus were slow.\n"]
    paths = []
    for index, text in enumerate(texts):
        paths.append(tmp_path / f"f{index}.txt")
        paths[-1].write_text(text, encoding="utf-8")
    one = run_cli("check", *map(str, paths), "--threads", "1", model=tiny_model_dir)
    two = run_cli("check", *map(str, paths), "--threads", "2", model=tiny_model_dir)
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, "")
    assert one.returncode == 1 and str(paths[0]) in one.stdout


def test_a_missing_model_with_many_files_is_one_clear_line(tmp_path):
    paths = [tmp_path / "a.txt", tmp_path / "b.txt"]
    for path in paths:
        path.write_text("Hello.", encoding="utf-8")
    result = run_cli("check", *map(str, paths), "--threads", "2", "--model", str(tmp_path / "missing-model"))
    assert result.returncode == 2 and "missing-model" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_check_names_each_rule_and_leaves_out_the_disabled_ones(tmp_path, tiny_model_dir):
    path = tmp_path / "essay.txt"
    path.write_text("It took a hour on Github. I could of gone.\n", encoding="utf-8")
    found = run_cli("check", str(path), "--format", "json", "--threads", "1", model=tiny_model_dir)
    rules = {problem["rule"] for problem in json.loads(found.stdout)}
    assert {"rules.articles", "rules.own_case", "rules.modal_of"} <= rules, found.stderr
    one_off = run_cli(
        "check", str(path), "--format", "json", "--threads", "1", "--disable", "rules.own_case", model=tiny_model_dir
    )
    assert {problem["rule"] for problem in json.loads(one_off.stdout)} == rules - {"rules.own_case"}
    all_off = run_cli("check", str(path), "--format", "json", "--threads", "1", "--disable", "rules", model=tiny_model_dir)
    assert not any(problem["rule"].startswith("rules.") for problem in json.loads(all_off.stdout))
    one_on = run_cli(
        "check", str(path), "--format", "json", "--threads", "1", "--disable", "rules", "--enable", "rules.articles",
        model=tiny_model_dir,
    )  # fmt: skip
    kept = {problem["rule"] for problem in json.loads(one_on.stdout)}
    assert "rules.articles" in kept and not (kept & {"rules.own_case", "rules.modal_of"})


def test_check_hears_inline_code_after_an_article(tmp_path, tiny_model_dir):
    path = tmp_path / "guide.md"
    path.write_text("Initialize an `queue` first.\n", encoding="utf-8")
    found = json.loads(run_cli("check", str(path), "--format", "json", "--threads", "1", model=tiny_model_dir).stdout)
    assert [(p["column"], p["original"], p["replacement"], p["rule"]) for p in found] == [(12, "an", "a", "rules.articles")]
    off = run_cli("check", str(path), "--format", "json", "--disable", "rules.articles", model=tiny_model_dir)
    assert json.loads(off.stdout) == []


def test_rule_is_off_lets_enabled_ids_win_over_a_disabled_family():
    from edgegram.engine.core.types import rule_is_off

    assert rule_is_off("rules.own_case", ["rules"]) and not rule_is_off("rules.own_case", ["rules"], ["rules.own_case"])
    assert not rule_is_off("model.article", ["rules"]) and rule_is_off("model.article", ["model.article"], ["rules"])
